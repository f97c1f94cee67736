import { json } from "@remix-run/node";
import { jobsOwnedBy } from "~/jobs/queue.server";
import { createTask, findTask, TASK_NOT_FOUND } from "~/models/background-task/task-engine.server";
import { TASK_TITLE_IDS } from "~/models/background-task/task-messages";
import { taskResultAssets } from "~/models/background-task/task-assets.server";
import { runningTasks, type RunningWork } from "~/models/background-task/background-task.server";
import { isOwnAccount } from "~/models/access/access.server";
import {
  statusOfTask,
  taskSummary,
  TASK_RESULTS_PAGE,
  undoState,
} from "~/models/background-task/task-status.server";
import { TASK_JOB, type TaskPayload } from "~/models/background-task/task.schema";
import { keyed } from "~/models/locale/keyed";
import { isProblem } from "~/models/problem/problem";
import { taskPagePath } from "~/utils/links";
import { errorBodyOf } from "../error.server";
import { HttpError } from "../http.server";
import { keyedResolverFor, translatorFor } from "../locale/locale.server";
import { getViewer, requireViewer } from "../session.server";
import { readBody } from "../submission.server";
import { redirectWithToast } from "../toast.server";

/*
 * The task pages (decision 047): /fotoweb/views/tasks/{id} shows one of the viewer's tasks, its
 * per-asset results and Undo; /fotoweb/views/tasks lists their recent tasks. Someone else's task
 * answers 404 exactly as a missing one.
 */

const NO_STORE = { "Cache-Control": "no-store" };

async function ownTask(request: Request, id: string | undefined) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const job = /^\d{1,12}$/.test(id ?? "") ? await findTask(viewer, Number(id)) : null;
  if (!job) throw new HttpError(404, TASK_NOT_FOUND);
  return { viewer, job };
}

export async function taskPageData(request: Request, id: string | undefined) {
  const { viewer, job } = await ownTask(request, id);
  // Stored refusals are kept keyed (decision 106): the page reads them in its reader's words.
  const [read, t] = await Promise.all([keyedResolverFor(request), translatorFor(request)]);
  const [status, undo] = await Promise.all([statusOfTask(job, 1, read), undoState(job, read)]);
  const assets = await taskResultAssets(
    viewer,
    status.job.result.map((r) => r.href),
  );
  const undone = status.task.undoes
    ? Number(status.task.undoes.split("/").filter(Boolean).pop())
    : null;
  return json(
    {
      jobId: job.id,
      title: t(TASK_TITLE_IDS[job.payload.operation]),
      created: job.createdAt,
      live: {
        status: status.job.status,
        progress: status.job.progress,
        counts: status.job.counts,
        ...(status.job.error ? { error: status.job.error } : {}),
        results: status.job.result,
      },
      moreResults: Math.max(0, status.job.counts.total - TASK_RESULTS_PAGE),
      undo,
      undoes: undone ? { id: undone, href: taskPagePath(undone) } : null,
      assets,
    },
    { headers: NO_STORE },
  );
}

export async function taskPageAction(request: Request, id: string | undefined) {
  const { viewer, job } = await ownTask(request, id);
  const values = await readBody(request, { json: false });
  if (values.intent !== "undo") throw new HttpError(400, keyed("task.refusal.pageOnlyUndoes"));
  try {
    const undo = await createTask(viewer, "undo", [], { jobId: job.id });
    return redirectWithToast(request, taskPagePath(undo.jobId), {
      message: keyed("task.undoing", { id: job.id }),
    });
  } catch (error) {
    if (!isProblem(error)) throw error;
    const body = errorBodyOf(error, undefined);
    const read = await keyedResolverFor(request);
    return json({ formError: read(error.message) }, { status: body.status });
  }
}

export async function taskListPageData(request: Request) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const jobs = (await jobsOwnedBy(viewer.id, 100)).filter((j) => j.type === TASK_JOB);
  const t = await translatorFor(request);
  const tasks = await Promise.all(
    jobs.map(async (job) => {
      const summary = await taskSummary(job as typeof job & { payload: TaskPayload });
      return {
        id: job.id,
        href: taskPagePath(job.id),
        title: Object.hasOwn(TASK_TITLE_IDS, summary.task.type)
          ? t(TASK_TITLE_IDS[summary.task.type])
          : summary.task.type,
        created: job.createdAt,
        status: summary.job.status,
        counts: summary.job.counts,
      };
    }),
  );
  return json({ tasks }, { headers: NO_STORE });
}

/**
 * The header's running-work indicator polls this while tasks run (decision 090). Someone signed
 * out or the guest has none: the answer says so rather than sending the poll to the log-on page.
 */
export async function runningWorkData(request: Request) {
  const viewer = await getViewer(request);
  const running: RunningWork = isOwnAccount(viewer)
    ? await runningTasks(viewer.id)
    : { count: 0, progress: 0 };
  return json(running, { headers: NO_STORE });
}
