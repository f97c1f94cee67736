import { json } from "@remix-run/node";
import { HttpError } from "~/http/error.server";
import { pageHandler } from "~/http/http.server";
import { translatorFor } from "~/http/locale/locale.server";
import { getSession, requireViewer, startUserSession } from "~/http/session.server";
import { countPasswordAttempt } from "~/http/rate-limit.server";
import { formReply, readSubmission } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { changePasswordSchema } from "~/models/auth/auth.schema";
import { deleteUserSessions } from "~/models/session/session.server";
import { changePassword } from "~/models/user/user.server";

/**
 * Handles both password views: counts the attempt (it takes the current password, so it is
 * limited like log-on), checks the form, changes the password, ends the user's other sessions
 * and renews this one, then redirects with a toast.
 */
export function submitPasswordChange(request: Request, successTo: string) {
  return pageHandler(() => changeThePassword(request, successTo))({ request });
}

async function changeThePassword(request: Request, successTo: string) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const t = await translatorFor(request);
  // The refusal over the limit is read on this page: in the person's language.
  await countPasswordAttempt(viewer.id).catch((error: unknown) => {
    if (!(error instanceof HttpError) || error.status !== 429) throw error;
    throw new HttpError(429, t("auth.password.tooMany.message"), {
      heading: t("auth.password.tooMany.heading"),
    });
  });
  const submission = await readSubmission(request, changePasswordSchema);
  if (!submission.ok) return formReply(request, submission);
  const { currentPassword, newPassword } = submission.data;
  const outcome = await changePassword(viewer.id, currentPassword, newPassword);
  // The one refusal changePassword makes: the current password is wrong.
  if (!outcome.ok)
    return formReply(request, {
      fieldErrors: { [outcome.field]: t("auth.password.currentWrong") },
    });
  const current = await getSession(request);
  await deleteUserSessions(viewer.id, current.id || undefined);
  const cookie = await startUserSession(request, viewer.id);
  return redirectWithToast(request, successTo, { message: t("auth.toast.passwordChanged") }, [
    cookie,
  ]);
}

/** Loader data shared by both password views. */
export async function passwordViewData(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  return json({ forced: viewer.forcePasswordChange, username: viewer.username });
}
