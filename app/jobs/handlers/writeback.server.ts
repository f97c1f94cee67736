import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import {
  writeMetadataCopy,
  writePlan,
  writeSidecar,
  type WriteOutcome,
} from "~/media/metadata-write.server";
import type { WritebackPayload } from "~/models/asset/revision-write.server";
import {
  customFieldsToWrite,
  findWritebackRevision,
  recordWriteback,
  type WritebackRecord,
} from "~/models/asset/writeback.server";
import { blobStore } from "~/storage/blob-store.server";
import type { Job } from "../queue.server";
import { PermanentJobError, type JobContext } from "../worker.server";

/*
 * The write-back job (decision 050): a revision's metadata into a verified copy of its file, which
 * then becomes the revision's file; an XMP sidecar where the format cannot hold it, where the copy
 * fails its checks, and always for a path archive's file, which is never written on disk. The
 * original blob is only read. Idempotent: a revision no longer pending is left alone, and the
 * record is conditional on the file the job read (recordWriteback).
 */

const payloadSchema = z.object({
  revisionId: z.number().int().positive(),
}) satisfies z.ZodType<WritebackPayload, z.ZodTypeDef, unknown>;

export interface WritebackResult {
  revisionId: number;
  state: "done" | "sidecar" | "failed" | "skipped" | "gone";
  reason?: string;
}

export async function writeback(job: Job, ctx: JobContext): Promise<WritebackResult> {
  const parsed = payloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError("The write-back job's payload is not valid.");
  const { revisionId } = parsed.data;
  const revision = await findWritebackRevision(revisionId);
  if (!revision) return { revisionId, state: "gone" };
  if (revision.writeback !== "pending") return { revisionId, state: "skipped" };

  const plan = writePlan(revision.fields, await customFieldsToWrite(revision.fields));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arkiv-writeback-"));
  try {
    let outcome: WriteOutcome;
    if (revision.indexedFileId !== null) {
      outcome = {
        kind: "sidecar",
        reason: "a path archive's files are never changed on disk",
      };
    } else {
      outcome = await blobStore().withLocalFile(revision.blobHash, (file) =>
        writeMetadataCopy(file, revision.mime, plan, dir),
      );
    }
    await ctx.progress(60);
    let record: WritebackRecord;
    if (outcome.kind === "written") {
      const blob = await blobStore().putFile(outcome.file, { signal: ctx.signal });
      record = { state: "done", hash: blob.hash, size: blob.size };
    } else if (outcome.kind === "sidecar") {
      const sidecar = await blobStore().putFile(await writeSidecar(plan, dir), {
        signal: ctx.signal,
      });
      record = { state: "sidecar", sidecarHash: sidecar.hash, reason: outcome.reason };
    } else {
      record = { state: "failed", reason: outcome.reason };
    }
    ctx.signal.throwIfAborted();
    const recorded = await recordWriteback(revision, record);
    if (!recorded) return { revisionId, state: "skipped" };
    return {
      revisionId,
      state: record.state,
      ...(record.state === "done" ? {} : { reason: record.reason }),
    };
  } catch (error) {
    // The last attempt: the revision must not stay pending for ever; its file is untouched.
    if (job.attempts >= job.maxAttempts && !ctx.signal.aborted) {
      const reason = error instanceof Error ? error.message : String(error);
      await recordWriteback(revision, { state: "failed", reason });
    }
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The worker died on the last attempt (decision 008): the revision must not stay pending. */
writeback.abandoned = async (job: Job) => {
  const parsed = payloadSchema.safeParse(job.payload);
  if (!parsed.success) return;
  const revision = await findWritebackRevision(parsed.data.revisionId);
  if (!revision || revision.writeback !== "pending") return;
  await recordWriteback(revision, {
    state: "failed",
    reason: "Writing the metadata into the file stopped before it finished, on every attempt.",
  });
};
