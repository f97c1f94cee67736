import type { ActionFunctionArgs } from "@remix-run/node";
import { createUploadTask } from "~/models/upload/chunked-upload.server";
import { batchUploadCreateSchema } from "~/models/upload/upload.schema";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { readJsonBody } from "~/http/submission.server";

/* POST /fotoweb/api/uploads: creates a chunked upload task (reference BatchUploadCreate). */
export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  const viewer = await requireViewer(request);
  const parsed = batchUploadCreateSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return apiError(request, 400, `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  // A refusal (a Problem) is answered by apiHandler in the one error body.
  return apiJson(await createUploadTask(viewer, parsed.data), "application/json");
});
