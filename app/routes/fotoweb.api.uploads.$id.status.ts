import type { LoaderFunctionArgs } from "@remix-run/node";
import { uploadStatus } from "~/models/upload/chunked-upload.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/* GET /fotoweb/api/uploads/{id}/status: awaitingData, pending, inProgress, done or failed. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request);
  const status = await uploadStatus(viewer, params.id ?? "");
  // Another user's task is answered exactly like a missing one.
  if (!status) return apiError(request, 403, "There is no upload task with this id for you.");
  return apiJson(status, "application/json", { headers: { "Cache-Control": "no-store" } });
});

export const action = methodNotAllowed;
