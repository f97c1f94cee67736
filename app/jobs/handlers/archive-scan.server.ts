import { z } from "zod";
import {
  runScanJob,
  ScanRefusedError,
  type ArchiveScanPayload,
} from "~/models/archive/path-scan.server";
import type { Job } from "../queue.server";
import { PermanentJobError, type JobContext } from "../worker.server";

/*
 * The path archive scan job (decision 042): the scanner in app/models/archive/path-scan.server.ts
 * under the archive's scan lease. A folder no longer allowed or readable fails the job at once
 * with the reason (path_invalid) and changes nothing; its report is the job's result.
 */

export const archiveScanPayloadSchema = z.object({
  archiveId: z.number().int().positive(),
}) satisfies z.ZodType<ArchiveScanPayload, z.ZodTypeDef, unknown>;

export async function archiveScan(job: Job, ctx: JobContext) {
  const parsed = archiveScanPayloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError("The scan job's payload is not valid.");
  try {
    return await runScanJob(job, parsed.data, { signal: ctx.signal, progress: ctx.progress });
  } catch (error) {
    if (error instanceof ScanRefusedError) throw new PermanentJobError(error.message);
    throw error;
  }
}
