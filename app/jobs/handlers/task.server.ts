import { abandonTask, runTask } from "~/models/background-task/task-engine.server";
import type { Job } from "../queue.server";
import { LeaseLostError, type JobContext, type JobHandler } from "../worker.server";

/*
 * The background task job (decisions 044 and 047): the engine in
 * app/models/background-task/task-engine.server.ts walks the task's pending items. An outage
 * fails the attempt and the queue runs the job again from the first pending item; on the last
 * attempt the items it never reached fail with the error catalogue's sentence.
 */
async function runTaskJob(job: Job, ctx: JobContext) {
  try {
    return await runTask(job, ctx);
  } catch (error) {
    if (
      !(error instanceof LeaseLostError) &&
      !ctx.signal.aborted &&
      job.attempts >= job.maxAttempts
    )
      await abandonTask(job);
    throw error;
  }
}

export const task: JobHandler = Object.assign(runTaskJob, { abandoned: abandonTask });
