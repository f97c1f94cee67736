import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveChunk } from "~/models/upload/chunked-upload.server";
import { drain } from "~/models/upload/upload.server";
import { isCutOff, parseParts } from "~/http/upload/upload.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";
import { mediaTypeOf } from "~/http/negotiate";
import { requireViewer } from "~/http/session.server";

/* POST /fotoweb/api/uploads/{id}/chunks/{index}: one chunk, multipart, streamed to disk. */
export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  const viewer = await requireViewer(request);
  if (mediaTypeOf(request) !== "multipart/form-data")
    return apiError(request, 415, "Send the chunk as multipart/form-data.");
  const index = /^\d{1,9}$/.test(params.index ?? "") ? Number(params.index) : -1;
  let received = false;
  // A refusal (a Problem) is answered by apiHandler in the one error body.
  await parseParts(request, async (part) => {
    if (received || part.filename === undefined) return drain(part.data);
    received = true;
    await receiveChunk(viewer, params.id ?? "", index, part.data).catch(async (error) => {
      // Read what is left of a refused chunk, so the client hears the answer, not a reset.
      if (!isCutOff(error)) await drain(part.data).catch(() => undefined);
      throw error;
    });
  });
  if (!received) return apiError(request, 400, "The request holds no file part with the chunk.");
  return new Response(null, { status: 204 });
});
