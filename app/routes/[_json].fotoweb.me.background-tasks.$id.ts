import type { LoaderFunctionArgs } from "@remix-run/node";
import { backgroundTaskStatus } from "~/models/background-task/background-task.server";
import { TASK_NOT_FOUND } from "~/models/background-task/task-engine.server";
import { TASK_STATUS_TYPE, taskStatus } from "~/models/background-task/task-status.server";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { keyedResolverFor } from "~/http/locale/locale.server";

/*
 * GET /fotoweb/me/background-tasks/{id}: a task's status, for its owner only. A task on a
 * selection answers TaskStatus (paged results, `?page=`), an upload UploadStatus (decision 047).
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request);
  const id = params.id ?? "";
  const headers = { "Cache-Control": "no-store" };
  if (/^\d{1,12}$/.test(id)) {
    const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
    // English for programs; Arkiv's own page scripts read it in the person's language (107).
    const read = await keyedResolverFor(request);
    const task = await taskStatus(viewer, Number(id), Number.isFinite(page) ? page : 1, read);
    if (task) return apiJson(task, TASK_STATUS_TYPE, { headers });
  }
  const status = await backgroundTaskStatus(viewer, id);
  if (!status) return apiError(request, 404, TASK_NOT_FOUND);
  return apiJson(status, "application/vnd.fotoware.upload-status+json", { headers });
});

export const action = methodNotAllowed;
