import type { ActionFunctionArgs } from "@remix-run/node";
import { createUploadTask } from "~/models/upload/chunked-upload.server";
import { batchUploadCreateSchema } from "~/models/upload/upload.schema";
import { isProblem } from "~/models/problem/problem";
import { readJson } from "~/http/actions/upload.server";

import { apiError, apiHandler, apiJson, errorResponse, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/* POST /fotoweb/api/uploads: creates a chunked upload task (reference BatchUploadCreate). */
export const loader = methodNotAllowed;

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return apiError(request, 405, "Use POST to create an upload.");
  const viewer = await requireViewer(request);
  const parsed = batchUploadCreateSchema.safeParse(await readJson(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return apiError(request, 400, `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  try {
    return apiJson(await createUploadTask(viewer, parsed.data), "application/json");
  } catch (error) {
    if (isProblem(error)) return errorResponse(request, error);
    throw error;
  }
});
