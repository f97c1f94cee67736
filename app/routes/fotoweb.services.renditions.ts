import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requestRendition } from "~/models/rendition/rendition.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { readJsonBody } from "~/http/submission.server";

/* POST /fotoweb/services/renditions (rendition-request): answers the file's URL. */
const requestSchema = z.object({ href: z.string().min(1).max(4000) });

export const allowedMethods = ["POST"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  const viewer = await requireViewer(request);
  const parsed = requestSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return apiError(request, 400, 'Send {"href": "<rendition URL>"}.');
  const outcome = await requestRendition(viewer, parsed.data.href);
  if (!outcome.ok) return apiError(request, outcome.status, outcome.message);
  return apiJson({ href: outcome.href }, "application/vnd.fotoware.rendition-response+json");
});
