import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { keyed } from "~/models/locale/keyed";
import { clientSettingsSchema } from "~/models/auth/auth.schema";
import { updatePreferences } from "~/models/user/user.server";
import { readSubmission } from "~/http/submission.server";
import { LINKS } from "~/utils/links";
import { safeRedirect } from "~/http/redirect";
import { requireViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";

/*
 * The user menu's client settings (spec 001): retina thumbnails. The spec keeps them in the
 * browser's storage; here they live in the user's preferences, so the form works without
 * JavaScript and the server renders the right thumbnails from the first page.
 */
export const loader = () => redirect(LINKS.home);

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const submission = await readSubmission(request, clientSettingsSchema, { json: false });
  const to = safeRedirect(submission.values.to);
  if (!submission.ok) {
    return redirectWithToast(request, to, {
      kind: "error",
      message: keyed("common.preferences.sharpInvalid"),
    });
  }
  const enableRetinaThumbnails = submission.data.enableRetinaThumbnails === "on";
  await updatePreferences(viewer.id, (p) => ({
    ...p,
    intranet: { ...p.intranet, enableRetinaThumbnails },
  }));
  return redirectWithToast(request, to, {
    message: enableRetinaThumbnails
      ? keyed("common.preferences.sharpOn")
      : keyed("common.preferences.sharpOff"),
  });
}
