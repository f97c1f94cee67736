import { db } from "~/db/connection.server";
import type { TaskItemStatus } from "~/db/schema";
import type { Job } from "~/jobs/queue.server";
import type { Viewer } from "~/models/user/user.schema";
import { taskHref } from "~/utils/links";
import {
  findTask,
  TASK_POLL_MS,
  taskCounts,
  undoRefusal,
  type TaskCounts,
} from "./task-engine.server";
import { taskFailureMessage } from "./task-messages";
import type { TaskItemResult, TaskOperationName, TaskPayload } from "./task.schema";
import { readJson } from "~/db/json-column";
import { englishOf } from "~/models/locale/catalog.server";

/**
 * Reads a stored text (an item's refusal, kept keyed: decision 106) in the reader's words: the
 * task page passes its reader's, the API keeps English, as programs read it.
 */
export type ReadText = (text: string) => string;

/** The file name an asset href spells ("/fotoweb/archives/5000-A/42-a%20b.jpg.info": "a b.jpg"). */
function fileNameOf(href: string): string {
  const match = /\/\d{1,12}-([^/]*)\.info$/.exec(href);
  if (!match) return "";
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return "";
  }
}

/** A stored item result with its reason read. */
function readEntry(
  row: { seq: number; href: string; status: TaskItemStatus; result: string | null },
  read: ReadText,
): TaskResultEntry {
  const stored = (readJson(row.result) as TaskItemResult | undefined) ?? {
    href: row.href,
    done: row.status === "done",
  };
  const removed = stored["original-removed"] ?? false;
  // Clients read every key of a result (pyfwapi validates them all): an operation that leaves
  // the asset where it was has the asset itself as its result; nothing is "" or [].
  const resultHref = stored["result-href"] ?? (stored.done && !removed ? stored.href : "");
  return {
    ...stored,
    "original-removed": removed,
    "result-href": resultHref,
    "result-filename": stored["result-filename"] ?? fileNameOf(resultHref),
    "result-collection-created": false,
    "result-collection-href": resultHref.slice(0, resultHref.lastIndexOf("/") + 1),
    "changed-fields": stored["changed-fields"] ?? [],
    "changed-builtinFields": stored["changed-builtinFields"] ?? [],
    "changed-thumbnailFields": stored["changed-thumbnailFields"] ?? [],
    ...(stored.error === undefined ? {} : { error: read(stored.error) }),
    status: row.status,
    seq: row.seq,
  };
}

/*
 * A task as the API (reference TaskStatus, spec 000 §3), the task page and its event stream show
 * it. Progress is counted from the items, so it moves with every item, not only when the job
 * reports. Results are paged by TASK_RESULTS_PAGE items in seq order (`?page=2`).
 */

export const TASK_STATUS_TYPE = "application/vnd.fotoware.task-status+json";
/** Results per page of a task's status. */
export const TASK_RESULTS_PAGE = 1000;

/**
 * One asset's result with the state of its item (pending until the job reaches it), every key of
 * the real product's result present.
 */
export type TaskResultEntry = TaskItemResult &
  Required<
    Pick<
      TaskItemResult,
      | "original-removed"
      | "result-href"
      | "result-filename"
      | "changed-fields"
      | "changed-builtinFields"
      | "changed-thumbnailFields"
    >
  > & {
    "result-collection-created": boolean;
    "result-collection-href": string;
    status: TaskItemStatus;
    seq: number;
  };

export type TaskJobStatus = "pending" | "inProgress" | "done" | "failed" | "notified";

export interface TaskStatusView {
  job: {
    status: TaskJobStatus;
    progress: number;
    result: TaskResultEntry[];
    /** How often to poll, in milliseconds: a number, as programs read it (decision 115). */
    updates: number;
    counts: TaskCounts;
    error?: string;
  };
  task: {
    id: string;
    href: string;
    type: TaskOperationName;
    user: number;
    status: TaskJobStatus;
    created: string;
    modified: string;
    /** The task this one undoes. */
    undoes?: string;
  };
  paging: { first: string; last: string; prev: string | null; next: string | null };
}

/**
 * A task in the reference's UploadStatus shape, for a program that asks for it: each result is
 * the href of what the item made or touched.
 */
export function uploadStatusOfTask(task: TaskStatusView) {
  return {
    job: {
      status: task.job.status,
      result: task.job.result.map((entry) => entry["result-href"] ?? entry.href),
    },
    task: { created: task.task.created, modified: task.task.modified, type: task.task.type },
  };
}

const isFinal = (status: TaskJobStatus) => status !== "pending" && status !== "inProgress";

/** The status of one of the viewer's tasks (null as for a missing one); `page` counts from 1. */
export async function taskStatus(
  viewer: Viewer | null,
  jobId: number,
  page = 1,
  read: ReadText = englishOf,
): Promise<TaskStatusView | null> {
  const job = await findTask(viewer, jobId);
  return job ? statusOfTask(job, page, read) : null;
}

export async function statusOfTask(
  job: Job & { payload: TaskPayload },
  page = 1,
  read: ReadText = englishOf,
): Promise<TaskStatusView> {
  const counts = await taskCounts(job.id);
  const pages = Math.max(1, Math.ceil(counts.total / TASK_RESULTS_PAGE));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const rows = await db()
    .selectFrom("task_items")
    .select(["seq", "href", "status", "result"])
    .where("job_id", "=", job.id)
    .orderBy("seq")
    .limit(TASK_RESULTS_PAGE)
    .offset((current - 1) * TASK_RESULTS_PAGE)
    .execute();
  const status = job.status as TaskJobStatus;
  const finished = counts.total - counts.pending;
  const href = taskHref(job.id);
  const pageHref = (n: number) => `${href}?page=${n}`;
  const operation = job.payload.operation;
  const undone = operation === "undo" ? (job.payload.params as { jobId?: number }).jobId : null;
  return {
    job: {
      status,
      progress:
        status === "done" || status === "notified"
          ? 100
          : Math.floor((finished / Math.max(1, counts.total)) * 100),
      result: rows.map((row) => readEntry(row, read)),
      updates: TASK_POLL_MS,
      counts,
      ...(status === "failed" ? { error: read(taskFailureMessage(operation)) } : {}),
    },
    task: {
      id: String(job.id),
      href,
      type: operation,
      user: job.ownerId ?? 0,
      status,
      created: job.createdAt,
      modified: job.updatedAt,
      ...(undone ? { undoes: taskHref(undone) } : {}),
    },
    // One page too: clients read paging.next unchecked.
    paging: {
      first: pageHref(1),
      last: pageHref(pages),
      prev: current > 1 ? pageHref(current - 1) : null,
      next: current < pages ? pageHref(current + 1) : null,
    },
  };
}

/** A task in the list: its status without the per-asset results. */
export async function taskSummary(job: Job & { payload: TaskPayload }, read: ReadText = englishOf) {
  const counts = await taskCounts(job.id);
  const status = job.status as TaskJobStatus;
  return {
    job: {
      status,
      progress: isFinal(status)
        ? 100
        : Math.floor(((counts.total - counts.pending) / Math.max(1, counts.total)) * 100),
      result: [] as TaskResultEntry[],
      counts,
      ...(status === "failed" ? { error: read(taskFailureMessage(job.payload.operation)) } : {}),
    },
    task: {
      id: String(job.id),
      type: job.payload.operation,
      created: job.createdAt,
      modified: job.updatedAt,
      status,
    },
  };
}

/** What the task's event stream sends: the state now and the items finished since `since`. */
export interface TaskProgressEvent {
  status: TaskJobStatus;
  progress: number;
  counts: TaskCounts;
  error?: string;
  /** Items of the first results page finished at or after `since`, by seq. */
  results: TaskResultEntry[];
  /** Give this back as `since` next time. */
  at: string;
}

export async function taskProgressSince(
  job: Job & { payload: TaskPayload },
  since: string,
  read: ReadText = englishOf,
): Promise<TaskProgressEvent> {
  // An item's time is set before its transaction commits: looking back a little more than a
  // transaction lasts means none is missed; the client merges repeats by seq.
  const at = new Date(Date.now() - 2000).toISOString();
  const counts = await taskCounts(job.id);
  const rows = await db()
    .selectFrom("task_items")
    .select(["seq", "href", "status", "result"])
    .where("job_id", "=", job.id)
    .where("status", "!=", "pending")
    .where("seq", "<", TASK_RESULTS_PAGE)
    .where("updated_at", ">=", since)
    .orderBy("seq")
    .execute();
  const status = job.status as TaskJobStatus;
  return {
    status,
    progress:
      status === "done" || status === "notified"
        ? 100
        : Math.floor(((counts.total - counts.pending) / Math.max(1, counts.total)) * 100),
    counts,
    ...(status === "failed" ? { error: read(taskFailureMessage(job.payload.operation)) } : {}),
    results: rows.map((row) => readEntry(row, read)),
    at,
  };
}

/** Whether the task's page offers undo, and why not when it does not. */
export async function undoState(
  job: Job & { payload: TaskPayload },
  read: ReadText = englishOf,
): Promise<{ possible: boolean; reason: string | null }> {
  const reason = await undoRefusal(job);
  return { possible: reason === null, reason: reason === null ? null : read(reason) };
}

export { isFinal as isFinalTaskStatus };
