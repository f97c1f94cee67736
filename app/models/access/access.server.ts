import { apiError } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * Site-level capabilities. Until groups carry capabilities of their own (people administration),
 * the site owner holds them all.
 */
export async function requireSiteSettingsPermission(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  if (!viewer.isSiteOwner) {
    throw apiError(
      request,
      403,
      "Only an administrator with the manage-settings permission can change site settings.",
    );
  }
  return viewer;
}
