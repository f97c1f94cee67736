import { vi } from "vitest";
import { db } from "~/db/connection.server";
import { getJob, type Job } from "~/jobs/queue.server";

/*
 * Waiting on the job queue of the test's own database (db()), for tests whose worker runs in
 * this process or a child of it. A wait that runs out fails the test; the line that waited is in
 * the error's stack.
 */

/** The job once it has ended, done or failed. */
export function finishedJob(id: number, timeout = 30_000): Promise<Job> {
  return vi.waitUntil(
    async () => {
      const job = await getJob(id);
      return job?.status === "done" || job?.status === "failed" ? job : undefined;
    },
    { timeout, interval: 25 },
  );
}

/**
 * Resolves once no job is pending or in progress: nothing queued can still have an effect, so a
 * test may then assert that something did not happen. A retry waiting out its backoff counts as
 * pending and keeps this from resolving.
 */
export async function queueSettled(timeout = 30_000): Promise<void> {
  await vi.waitUntil(
    async () =>
      (await db()
        .selectFrom("jobs")
        .select("id")
        .where("status", "in", ["pending", "inProgress"])
        .executeTakeFirst()) === undefined,
    { timeout, interval: 25 },
  );
}
