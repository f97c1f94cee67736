import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requestRendition } from "~/models/rendition/rendition.server";
import { readJson } from "~/http/actions/upload.server";
import { apiError, apiHandler, apiJson } from "~/http/http.server";
import { requireApiViewer } from "~/http/session.server";

/* POST /fotoweb/services/renditions (rendition-request): answers the file's URL. */
const requestSchema = z.object({ href: z.string().min(1).max(4000) });

export const loader = ({ request }: ActionFunctionArgs) =>
  apiError(request, 405, "POST a rendition-request to this service.");

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return apiError(request, 405, "Use POST.");
  const viewer = await requireApiViewer(request);
  const parsed = requestSchema.safeParse(await readJson(request));
  if (!parsed.success) return apiError(request, 400, 'Send {"href": "<rendition URL>"}.');
  const outcome = await requestRendition(viewer, parsed.data.href);
  if (!outcome.ok) return apiError(request, outcome.status, outcome.message);
  return apiJson({ href: outcome.href }, "application/vnd.fotoware.rendition-response+json");
});
