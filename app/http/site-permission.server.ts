import { siteDecision } from "~/models/access/access.server";
import { requireAllowed } from "~/http/session.server";

/** The site settings' guard: the access module decides, this answers in the one error shape. */
export const requireSiteSettingsPermission = (request: Request) =>
  requireAllowed(request, (viewer) => siteDecision(viewer, "ManageSettings"));
