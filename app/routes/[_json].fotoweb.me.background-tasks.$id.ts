import type { LoaderFunctionArgs } from "@remix-run/node";
import { backgroundTaskStatus } from "~/models/background-task/background-task.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/* GET /fotoweb/me/background-tasks/{id}: a task's status, for its owner only. */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request);
  const status = await backgroundTaskStatus(viewer, params.id ?? "");
  if (!status) return apiError(request, 404, "There is no background task with this id for you.");
  return apiJson(status, "application/vnd.fotoware.upload-status+json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = methodNotAllowed;
