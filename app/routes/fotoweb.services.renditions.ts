import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requestRendition } from "~/models/rendition/rendition.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { readJsonBody } from "~/http/submission.server";

/*
 * POST /fotoweb/services/renditions (rendition-request). As the product does, 202 Accepted with
 * the file's URL in Location to poll and in the body's href; the file is ready at once, so the
 * first poll gets it. Whoever may browse may ask (the guest too); the file decides by permission.
 */
const requestSchema = z.object({ href: z.string().min(1).max(4000) });

export const allowedMethods = ["POST"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  const viewer = await requireViewer(request, { browsing: true });
  const parsed = requestSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return apiError(request, 400, 'Send {"href": "<rendition URL>"}.');
  const outcome = await requestRendition(viewer, parsed.data.href);
  if (!outcome.ok) return apiError(request, outcome.status, outcome.message);
  return apiJson({ href: outcome.href }, "application/vnd.fotoware.rendition-response+json", {
    status: 202,
    headers: { Location: new URL(outcome.href, request.url).href, "Cache-Control": "no-store" },
  });
});
