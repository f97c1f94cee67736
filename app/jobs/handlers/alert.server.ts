import { z } from "zod";
import { ALERT_JOB, runAlert, type AlertPayload } from "~/models/alert/alert-run.server";
import { systemClock, type Clock } from "~/models/alert/alert.server";
import type { Job } from "../queue.server";
import { PermanentJobError, type JobContext, type JobHandler } from "../worker.server";

/*
 * The alert job (decision 062): runs one due alert. Idempotent by the model's guard: a run repeated
 * after its transaction finds the alert no longer due; one cut off before it runs the window again.
 */

export const alertPayloadSchema = z.object({
  alertId: z.number().int().positive(),
}) satisfies z.ZodType<AlertPayload, z.ZodTypeDef, unknown>;

/** The handler at a clock: the real one in the server, a moved one in tests. */
export function alertJob(clock: Clock = systemClock): JobHandler {
  return async (job: Job, _ctx: JobContext) => {
    const parsed = alertPayloadSchema.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError("The alert job's payload is not valid.");
    return runAlert(parsed.data.alertId, clock);
  };
}

export const alert = alertJob();
export { ALERT_JOB };
