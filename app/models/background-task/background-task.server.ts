import { db } from "~/db/connection.server";
import { getJob, jobsOwnedBy, type Job } from "~/jobs/queue.server";
import type { IngestResult } from "~/models/ingest/ingest.server";
import { englishOf } from "~/models/locale/catalog.server";
import { findArchive } from "~/models/archive/archive.server";
import { assetHref, findAsset } from "~/models/asset/asset.server";
import type { Viewer } from "~/models/user/user.schema";
import { taskSummary } from "./task-status.server";
import { TASK_JOB, type TaskPayload } from "./task.schema";

/*
 * Background jobs as the API shows them (reference UploadStatus): a job seen by its owner. Tasks
 * on selections (the `task` job) answer TaskStatus from task-status.server.ts instead.
 */

export async function backgroundTaskStatus(viewer: Viewer, id: string) {
  if (!/^\d{1,12}$/.test(id)) return null;
  const job = await getJob(Number(id));
  if (!job || job.ownerId !== viewer.id || job.type === TASK_JOB) return null;
  return statusOf(job);
}

/** A person's unfinished tasks, as the header shows them (decision 090). */
export interface RunningWork {
  count: number;
  /** Their progress together, 0 to 100, as their jobs last reported it. */
  progress: number;
}

/**
 * The person's tasks waiting or in progress, with their average progress: read on every page
 * for the header, so one query on the owner and status index (jobs_owner_status), never the
 * tasks' items.
 */
export async function runningTasks(ownerId: number): Promise<RunningWork> {
  const row = await db()
    .selectFrom("jobs")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("n"),
      eb.fn.avg<number | string | null>("progress").as("progress"),
    ])
    .where("owner_id", "=", ownerId)
    .where("status", "in", ["pending", "inProgress"])
    .where("type", "=", TASK_JOB)
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  return { count, progress: count === 0 ? 0 : Math.floor(Number(row?.progress ?? 0)) };
}

/** How many of a user's tasks the list shows, newest first; older ones stay pollable by id. */
export const TASK_LIST_LIMIT = 50;

/** The viewer's own tasks, newest first, each with the href that polls it. */
export async function backgroundTaskList(viewer: Viewer, hrefOf: (id: number) => string) {
  const jobs = await jobsOwnedBy(viewer.id, TASK_LIST_LIMIT);
  // A background task (decision 047) shows its TaskStatus without the per-asset results.
  return Promise.all(
    jobs.map(async (job) => ({
      href: hrefOf(job.id),
      ...(job.type === TASK_JOB
        ? await taskSummary(job as Job & { payload: TaskPayload })
        : await statusOf(job)),
    })),
  );
}

async function statusOf(job: Job) {
  const result: string[] = [];
  const outcome = job.result as IngestResult | null;
  if (job.status === "done" || job.status === "notified") {
    // Other jobs (a path archive's scan) answer no asset.
    const asset = typeof outcome?.assetId === "number" ? await findAsset(outcome.assetId) : null;
    const archive = asset ? await findArchive(asset.archive_id) : null;
    if (asset && archive)
      result.push(assetHref(archive.id, archive.name, { id: asset.id, fileName: asset.file_name }));
  }
  const status = job.status === "notified" ? (job.error ? "failed" : "done") : job.status;
  return {
    job: {
      status,
      progress: job.progress,
      result,
      // A scan's refusal is stored keyed; this status is the API's, in English.
      ...(job.error && status === "failed" ? { error: englishOf(job.error) } : {}),
    },
    task: {
      created: job.createdAt,
      modified: job.updatedAt,
      type: job.type === "ingest" ? "upload" : job.type,
    },
  };
}
