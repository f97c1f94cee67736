import { siteDecision } from "~/models/access/access.server";
import { requireViewer } from "~/http/session.server";
import { errorResponse } from "~/http/http.server";

/** The site settings' guard: the access module decides, this answers in the one error shape. */
export async function requireSiteSettingsPermission(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const decision = await siteDecision(viewer, "ManageSettings");
  if (!decision.allowed) throw errorResponse(request, decision.problem);
  return decision.value;
}
