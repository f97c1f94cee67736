import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { renditionLocation } from "~/models/asset/asset-details.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * A rendition href (…/{asset}.info/__renditions/ORIGINAL, PREVIEW, THUMBNAIL, THUMBNAIL_RETINA)
 * followed directly: a redirect to the content-addressed file URL, after the checks of the
 * rendition service, so a client need not POST to the service first. "[__renditions]" escapes
 * the leading underscores (a pathless layout otherwise); "$asset_" keeps this route out of the
 * asset page, whose loader would run for nothing.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request, { browsing: true });
  const outcome = await renditionLocation(viewer, {
    archive: params.archive,
    asset: params.asset,
    name: params.name,
  });
  if (!outcome.ok) return apiError(request, outcome.status, outcome.message);
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  if (outcome.robots) headers.set("X-Robots-Tag", outcome.robots);
  return redirect(outcome.href, { headers });
});

export const action = methodNotAllowed;
