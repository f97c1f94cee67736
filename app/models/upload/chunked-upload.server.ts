import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { db, now } from "~/db/connection.server";
import type { UploadRow } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { env } from "~/utils/env.server";
import { archiveIdFromSegment, findArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref, assetIdFromSegment, findAsset } from "~/models/asset/asset.server";
import type { BatchUploadCreate } from "./upload.schema";
import { folderPathSchema, uploadMetadataSchema } from "./upload.schema";
import {
  checkFileName,
  drain,
  maxUploadBytes,
  register,
  requireUploadPermission,
  storeFile,
  UploadRefusedError,
} from "./upload.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * The chunked upload API (reference "Upload"): a task is created with the file's size, chunks
 * are posted in order and appended to a part file, and the last chunk turns the file into an
 * asset (or a revision) with its ingest job. Status is polled by the task's id.
 */

export const CHUNK_SIZE = 8 * 1024 * 1024;
/** Tasks not finished within a day are removed with their part files. */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

function partsDir() {
  return path.join(env().DATA_DIR, "uploads");
}

function partFile(id: string) {
  // Ids are ours (base64url), checked before use; never a path from the client.
  return path.join(partsDir(), `${id}.part`);
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

/** The destination of an upload: an archive's URL, or an asset's URL for a new revision. */
async function resolveDestination(destination: string) {
  let pathname: string;
  try {
    pathname = new URL(destination, "http://destination.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/fotoweb\/archives\/([^/]+)\/(?:([^/]+\.info)\/?)?$/.exec(pathname);
  if (!match) return null;
  const archiveId = archiveIdFromSegment(decodeURIComponent(match[1]!));
  const archive = archiveId === null ? null : await findArchive(archiveId);
  if (!archive) return null;
  if (!match[2]) return { archive, asset: null };
  const assetId = assetIdFromSegment(decodeURIComponent(match[2]));
  const asset = assetId === null ? null : await findAsset(assetId);
  if (!asset || asset.archive_id !== archive.id || asset.state !== "ready") return null;
  return { archive, asset };
}

export async function createUploadTask(viewer: Viewer, input: BatchUploadCreate) {
  if (input.hasXmp) {
    throw new UploadRefusedError(
      400,
      "XMP sidecar files are not taken: send the metadata in the metadata field instead.",
    );
  }
  const target = await resolveDestination(input.destination);
  if (!target) {
    throw new UploadRefusedError(
      400,
      "The destination is not the URL of an archive or of an asset in one.",
    );
  }
  await requireUploadPermission(viewer, target.archive);
  const fileName = input.filename ?? target.asset?.file_name;
  if (!fileName) throw new UploadRefusedError(400, "Give the file's name in filename.");
  checkFileName(fileName);
  const folder = folderPathSchema.safeParse(input.folder ?? "");
  if (!folder.success) throw new UploadRefusedError(400, folder.error.issues[0]!.message);
  if (target.asset && folder.data !== "") {
    throw new UploadRefusedError(400, "A new revision of an asset cannot name a folder.");
  }
  if (input.fileSize > maxUploadBytes()) {
    throw new UploadRefusedError(413, `"${fileName}" is larger than the upload limit.`);
  }
  const metadata = uploadMetadataSchema.parse(input.metadata ?? {});
  const id = crypto.randomBytes(16).toString("base64url");
  const numChunks = Math.ceil(input.fileSize / CHUNK_SIZE);
  const at = now();
  await db()
    .insertInto("uploads")
    .values({
      id,
      owner_id: viewer.id,
      archive_id: target.archive.id,
      folder: folder.data,
      asset_id: target.asset?.id ?? null,
      file_name: fileName,
      file_size: input.fileSize,
      chunk_size: CHUNK_SIZE,
      num_chunks: numChunks,
      metadata: JSON.stringify(metadata),
      comment: input.comment ?? "",
      job_id: null,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, chunkSize: CHUNK_SIZE, numChunks, hasXmp: false };
}

/** The viewer's own task; anyone else's is as absent as a missing one. */
export async function findOwnUpload(viewer: Viewer, id: string): Promise<UploadRow | null> {
  if (!UPLOAD_ID.test(id)) return null;
  const row = await db().selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
  return row && row.owner_id === viewer.id ? row : null;
}

function expectedChunkBytes(upload: UploadRow, index: number) {
  const last = upload.num_chunks - 1;
  return index < last ? upload.chunk_size : upload.file_size - upload.chunk_size * last;
}

/**
 * Appends one chunk. Chunks come in order; one already received is a conflict, a chunk ahead
 * of the next expected one or of the wrong size a bad request. A chunk that does not arrive
 * whole leaves the task as it was.
 */
export async function receiveChunk(
  viewer: Viewer,
  id: string,
  index: number,
  data: AsyncIterable<Uint8Array>,
): Promise<{ finished: boolean }> {
  const upload = await findOwnUpload(viewer, id);
  if (!upload) throw new UploadRefusedError(404, "There is no upload task with this id.");
  if (upload.status !== "awaitingData" || upload.received_chunks === upload.num_chunks) {
    // Every chunk arrived but the server stopped before the file was stored: store it now.
    if (upload.status === "awaitingData") {
      await drain(data);
      await finish(viewer, upload);
      return { finished: true };
    }
    throw new UploadRefusedError(409, "This upload has already received all its chunks.");
  }
  if (!Number.isInteger(index) || index < 0 || index >= upload.num_chunks)
    throw new UploadRefusedError(400, `The chunk index must be 0 to ${upload.num_chunks - 1}.`);
  if (index < upload.received_chunks)
    throw new UploadRefusedError(409, `Chunk ${index} has already been received.`);
  if (index > upload.received_chunks)
    throw new UploadRefusedError(
      400,
      `Send the chunks in order: the next one is ${upload.received_chunks}.`,
    );

  const expected = expectedChunkBytes(upload, index);
  const offset = upload.chunk_size * index;
  await fs.mkdir(partsDir(), { recursive: true });
  const handle = await fs.open(partFile(id), index === 0 ? "w" : "r+");
  let written = 0;
  try {
    for await (const chunk of data) {
      if (written + chunk.byteLength > expected) {
        throw new UploadRefusedError(
          400,
          `Chunk ${index} must be ${expected} bytes; it is larger.`,
        );
      }
      await handle.write(chunk, 0, chunk.byteLength, offset + written);
      written += chunk.byteLength;
    }
    if (written !== expected) {
      throw new UploadRefusedError(
        400,
        `Chunk ${index} must be ${expected} bytes; it was ${written}.`,
      );
    }
    await handle.sync();
  } catch (error) {
    await handle.truncate(offset).catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
  // Counted only if no other request took this chunk meanwhile.
  const updated = await db()
    .updateTable("uploads")
    .set({ received_chunks: index + 1, received_bytes: offset + written, updated_at: now() })
    .where("id", "=", id)
    .where("received_chunks", "=", index)
    .where("status", "=", "awaitingData")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1)
    throw new UploadRefusedError(409, `Chunk ${index} was received by another request.`);
  if (index + 1 < upload.num_chunks) return { finished: false };
  await finish(viewer, { ...upload, received_chunks: index + 1 });
  return { finished: true };
}

/** Another request finished this upload first (the last chunk sent twice). */
class AlreadyFinished extends Error {}

/**
 * Stores the part file and makes the asset or revision. The upload row leaves awaitingData in
 * the same transaction that makes the asset, so a crash or a second request re-sending the
 * last chunk can never make a second asset: the loser's transaction rolls back.
 */
async function finish(viewer: Viewer, upload: UploadRow) {
  const file = partFile(upload.id);
  try {
    const archive = (await findArchive(upload.archive_id)) as Archive;
    const { blob, type } = await storeFile(file, upload.file_name);
    const metadata = uploadMetadataSchema.parse(JSON.parse(upload.metadata));
    await register(
      viewer,
      { archive, folderPath: upload.folder, assetId: upload.asset_id ?? undefined },
      upload.file_name,
      blob,
      type,
      {
        comment: upload.comment,
        fields: metadata.fields,
        within: async (trx, created) => {
          const claimed = await trx
            .updateTable("uploads")
            .set({ status: "pending", job_id: created.jobId, updated_at: now() })
            .where("id", "=", upload.id)
            .where("status", "=", "awaitingData")
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) throw new AlreadyFinished();
        },
      },
    );
  } catch (error) {
    if (error instanceof AlreadyFinished) return;
    const message =
      error instanceof UploadRefusedError ? error.message : "The file could not be stored.";
    // Only while unfinished: a request that lost the race (its part file removed under it by
    // the winner) must not fail the finished upload, nor answer an error.
    const failed = await db()
      .updateTable("uploads")
      .set({ status: "failed", error: message, updated_at: now() })
      .where("id", "=", upload.id)
      .where("status", "=", "awaitingData")
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) === 0) return;
    throw error;
  } finally {
    await fs.rm(file, { force: true });
  }
}

export interface UploadStatusBody {
  status: "awaitingData" | "pending" | "inProgress" | "done" | "failed";
  result?: { assetUrl: string; assetDetails: string };
  error?: { value: string; message: string };
}

export async function uploadStatus(viewer: Viewer, id: string): Promise<UploadStatusBody | null> {
  const upload = await findOwnUpload(viewer, id);
  if (!upload) return null;
  if (upload.status === "awaitingData") return { status: "awaitingData" };
  if (upload.status === "failed")
    return { status: "failed", error: { value: "rejected", message: upload.error ?? "" } };
  const job = upload.job_id === null ? null : await getJob(upload.job_id);
  if (!job) return { status: "failed", error: { value: "lost", message: "The task is gone." } };
  if (job.status === "pending" || job.status === "inProgress") return { status: job.status };
  const result = job.result as { assetId?: number; state?: string } | null;
  if (job.status === "failed" || result?.state !== "ready") {
    return {
      status: "failed",
      error: { value: "ingestFailed", message: job.error ?? "The file could not be processed." },
    };
  }
  const archive = await findArchive(upload.archive_id);
  const asset = await findAsset(result.assetId ?? 0);
  if (!archive || !asset)
    return { status: "failed", error: { value: "gone", message: "The asset is gone." } };
  const href = assetHref(archive.id, archive.name, { id: asset.id, fileName: asset.file_name });
  return { status: "done", result: { assetUrl: href, assetDetails: href } };
}

/** Removes tasks left unfinished for a day, with their part files. */
export async function sweepAbandonedUploads(): Promise<number> {
  const before = new Date(Date.now() - ABANDONED_AFTER_MS).toISOString();
  const stale = await db()
    .selectFrom("uploads")
    .select("id")
    .where("status", "=", "awaitingData")
    .where("updated_at", "<", before)
    .execute();
  for (const { id } of stale) {
    await fs.rm(partFile(id), { force: true });
    await db().deleteFrom("uploads").where("id", "=", id).execute();
  }
  // Part files of uploads that are finished or gone: a crash came between the commit and the
  // file's removal.
  const names = await fs.readdir(partsDir()).catch(() => [] as string[]);
  const ids = names.filter((n) => n.endsWith(".part")).map((n) => n.slice(0, -".part".length));
  if (ids.length > 0) {
    const open = new Set(
      (
        await db()
          .selectFrom("uploads")
          .select("id")
          .where("id", "in", ids)
          .where("status", "=", "awaitingData")
          .execute()
      ).map((r) => r.id),
    );
    for (const id of ids) if (!open.has(id)) await fs.rm(partFile(id), { force: true });
  }
  return stale.length;
}
