import { createApplication } from "~/models/application/application.server";
import { applicationInputSchema } from "~/models/application/application.schema";
import { applicationView } from "~/models/application/application.view";
import type { Viewer } from "~/models/user/user.schema";
import { siteDecision } from "~/models/access/access.server";
import { apiJson } from "../http.server";
import { requireViewer } from "../session.server";
import { formReply, readSubmission } from "../submission.server";
import { requireAllowed } from "~/http/session.server";

/* The applications API's shared steps (decision 028): who may ask, and registering one. */

export const APPLICATION_TYPE = "application/json";

/** An administrator's own account; a model call then checks ManageApplications. */
export const requireSignedIn = (request: Request): Promise<Viewer> =>
  requireViewer(request, { allowGuest: false });

/**
 * POST {name, clientType, grants, redirectUris, user}: 201 with the clientSecret, this once (a
 * public client has none).
 */
export async function registerApplication(request: Request, viewer: Viewer): Promise<Response> {
  const submission = await readSubmission(request, applicationInputSchema);
  if (!submission.ok) return formReply(request, submission);
  const created = await createApplication(viewer, submission.data);
  if (!created.ok)
    return formReply(request, { fieldErrors: created.fieldErrors, values: submission.values });
  const view = applicationView(created.application);
  const secret = created.clientSecret === null ? {} : { clientSecret: created.clientSecret };
  return apiJson({ ...view, ...secret }, APPLICATION_TYPE, {
    status: 201,
    headers: { Location: view.href, "Cache-Control": "no-store" },
  });
}

/** The management page's guard: an administrator, or the error page (403, or sign in first). */
export const requireApplicationManagerPage = (request: Request): Promise<Viewer> =>
  requireAllowed(request, (viewer) => siteDecision(viewer, "ManageApplications"));
