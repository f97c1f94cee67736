import { json } from "@remix-run/node";
import { invalidForm, readForm } from "~/http/http.server";
import { getSession, requireViewer, startUserSession } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { changePasswordValidator } from "~/models/auth/auth.validators";
import { deleteUserSessions } from "~/models/session/session.server";
import { changePassword } from "~/models/user/user.server";

/**
 * Handles both password views: checks the form, changes the password, ends the user's other
 * sessions and renews this one, then redirects with a toast.
 */
export async function submitPasswordChange(request: Request, successTo: string) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const result = await changePasswordValidator.validate(await readForm(request));
  if (result.error) return invalidForm(result.error);
  const outcome = await changePassword(
    viewer.id,
    result.data.currentPassword,
    result.data.newPassword,
  );
  if (!outcome.ok) {
    return invalidForm({ fieldErrors: { [outcome.field]: outcome.message } });
  }
  const current = await getSession(request);
  await deleteUserSessions(viewer.id, current.id || undefined);
  const cookie = await startUserSession(request, viewer.id);
  return redirectWithToast(request, successTo, { message: "Your password was changed." }, [cookie]);
}

/** Loader data shared by both password views. */
export async function passwordViewData(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  return json({ forced: viewer.forcePasswordChange, username: viewer.username });
}
