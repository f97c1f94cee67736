import type { LoaderFunctionArgs } from "@remix-run/node";
import { backgroundTaskStatus } from "~/models/background-task/background-task.server";
import { TASK_NOT_FOUND } from "~/models/background-task/task-engine.server";
import {
  TASK_STATUS_TYPE,
  taskStatus,
  uploadStatusOfTask,
} from "~/models/background-task/task-status.server";
import { preferredType } from "~/http/negotiate";
import { apiError, apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";
import { keyedResolverFor } from "~/http/locale/locale.server";

/*
 * GET /fotoweb/me/background-tasks/{id}: a task's status, for its owner only. A task on a
 * selection answers TaskStatus (paged results, `?page=`), an upload UploadStatus (decision 047);
 * a task asked for as upload-status+json answers that shape too, as the reference lists both.
 */
const UPLOAD_STATUS_TYPE = "application/vnd.fotoware.upload-status+json";
const TASK_TYPES = [TASK_STATUS_TYPE, UPLOAD_STATUS_TYPE];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request);
  const id = params.id ?? "";
  const headers = { "Cache-Control": "no-store" };
  if (/^\d{1,12}$/.test(id)) {
    const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
    // English for programs; Arkiv's own page scripts read it in the person's language (107).
    const read = await keyedResolverFor(request);
    const task = await taskStatus(viewer, Number(id), Number.isFinite(page) ? page : 1, read);
    if (task && preferredType(request, TASK_TYPES) === UPLOAD_STATUS_TYPE)
      return apiJson(uploadStatusOfTask(task), UPLOAD_STATUS_TYPE, { headers });
    if (task) return apiJson(task, TASK_STATUS_TYPE, { headers });
  }
  const status = await backgroundTaskStatus(viewer, id);
  if (!status) return apiError(request, 404, TASK_NOT_FOUND);
  return apiJson(status, UPLOAD_STATUS_TYPE, { headers });
});

export const action = methodNotAllowed;
