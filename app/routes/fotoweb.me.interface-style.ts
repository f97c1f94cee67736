import { readSubmission } from "~/http/submission.server";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { interfaceStyleSchema } from "~/models/auth/auth.schema";
import { updatePreferences } from "~/models/user/user.server";
import { LINKS } from "~/utils/links";
import { keyed } from "~/models/locale/keyed";
import { safeRedirect } from "~/http/redirect";
import { requireViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";

/* The user menu's light / dark / auto choice, stored in the user's preferences. */
export const loader = () => redirect(LINKS.home);

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const submission = await readSubmission(request, interfaceStyleSchema, { json: false });
  const to = safeRedirect(submission.values.to);
  if (!submission.ok) {
    return redirectWithToast(request, to, {
      kind: "error",
      message: keyed("validation.choice.style"),
    });
  }
  await updatePreferences(viewer.id, (p) => ({
    ...p,
    intranet: { ...p.intranet, interfaceStyle: submission.data.style },
  }));
  return redirectWithToast(request, to, { message: keyed("common.userMenu.styleSaved") });
}
