import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { keyed } from "~/models/locale/keyed";
import { browseSettingsSchema } from "~/models/auth/auth.schema";
import { updatePreferences } from "~/models/user/user.server";
import { formReply, readSubmission } from "~/http/submission.server";
import { LINKS } from "~/utils/links";
import { safeRedirect } from "~/http/redirect";
import { requireViewer } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";

/*
 * The grid's size control and the navigation pane's toggle (issue 31, decision 089): each saves
 * its part of the person's preferences. A plain form goes back where it came from; the scripted
 * controls post with `_fetch` and have already changed the page.
 */
export const loader = () => redirect(LINKS.home);

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const submission = await readSubmission(request, browseSettingsSchema, { json: false });
  const to = safeRedirect(submission.values.to);
  const fetched = submission.values._fetch === "1";
  if (!submission.ok) {
    const message = keyed("common.preferences.browseInvalid");
    if (fetched) throw await formReply(request, { formError: message });
    return redirectWithToast(request, to, { kind: "error", message });
  }
  const { thumbnailSize, navigationPane } = submission.data;
  await updatePreferences(viewer.id, (p) => ({
    ...p,
    intranet: {
      ...p.intranet,
      ...(thumbnailSize ? { thumbnailSize } : {}),
      ...(navigationPane ? { navigationPaneOpen: navigationPane === "open" } : {}),
    },
  }));
  // The scripted control has already changed the page: nothing to say back.
  if (fetched) return new Response(null, { status: 204 });
  return redirect(to);
}
