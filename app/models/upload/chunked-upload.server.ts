import { checkArchiveLimits, checkDeclaredSize } from "./upload-limits.server";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { db, now } from "~/db/connection.server";
import type { UploadRow } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { env } from "~/utils/env.server";
import {
  archiveDecision,
  assetDecision,
  requireArchive,
  requireAsset,
} from "~/models/access/access.server";
import { archiveIdFromSegment, findArchive } from "~/models/archive/archive.server";
import { assetHref, assetIdFromSegment, findAsset } from "~/models/asset/asset.server";
import { keyed } from "~/models/locale/keyed";
import { englishOf } from "~/models/locale/catalog.server";
import { Problem } from "~/models/problem/problem";
import { blobStore } from "~/storage/blob-store.server";
import { formatBytes } from "~/utils/format";
import type { BatchUploadCreate } from "./upload.schema";
import { folderPathSchema, uploadMetadataSchema } from "./upload.schema";
import { checkFileName, drain, maxUploadBytes, register, storeStream } from "./upload.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * The chunked upload API (reference "Upload"): a task is created with the file's size, chunks
 * are posted in order, and the last chunk turns the file into an asset (or a revision) with its
 * ingest job. Status is polled by the task's id.
 *
 * A chunk is claimed in the database before a byte is written (received_chunks moves on), then
 * written to a temporary file and renamed into place, then committed (received_bytes moves on).
 * A second post of the same chunk finds it claimed and is refused without touching any file, so
 * concurrent posts can neither lose the upload nor store the refused request's bytes. The viewer's
 * right to upload is asked of the access module again at every chunk and at the end.
 */

export const CHUNK_SIZE = 8 * 1024 * 1024;
/** Tasks not finished within a day are removed with their part files. */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;
/** A claim on a chunk not committed within this time is a dead request's: the sweep gives it back. */
const CLAIM_STALE_MS = 10 * 60_000;
/** Temporary files older than this belong to writes a crash cut off. */
export const TEMPORARY_AGE_MS = 60 * 60_000;

function partsDir() {
  return path.join(env().DATA_DIR, "uploads");
}

// Ids are ours (base64url), checked before use; never a path from the client.
function chunkFile(id: string, index: number) {
  return path.join(partsDir(), `${id}.${index}.chunk`);
}

function temporaryChunkFile(id: string, index: number) {
  return path.join(partsDir(), `${id}.${index}.${crypto.randomBytes(6).toString("hex")}.tmp`);
}

async function removeChunkFiles(id: string) {
  const names = await fs.readdir(partsDir()).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith(`${id}.`)) await fs.rm(path.join(partsDir(), name), { force: true });
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

const NO_DESTINATION = "The destination is not the URL of an archive or of an asset in one.";

/**
 * The destination of an upload: an archive's URL, or an asset's URL for a new revision, checked
 * by the access module. What the viewer may not see answers exactly as a destination that does
 * not exist; only a visible one may say the viewer lacks the upload permission.
 */
async function resolveDestination(viewer: Viewer, destination: string) {
  let pathname: string;
  try {
    pathname = new URL(destination, "http://destination.invalid").pathname;
  } catch {
    throw new Problem("invalid", NO_DESTINATION);
  }
  const match = /^\/fotoweb\/archives\/([^/]+)\/(?:([^/]+\.info)\/?)?$/.exec(pathname);
  if (!match) throw new Problem("invalid", NO_DESTINATION);
  const archiveId = archiveIdFromSegment(safeDecode(match[1]!));
  if (!match[2]) {
    const decision = await archiveDecision(viewer, archiveId, "UploadFile");
    if (decision.allowed) return { archive: decision.value, asset: null };
    throw decision.problem.kind === "not-found"
      ? new Problem("invalid", NO_DESTINATION)
      : decision.problem;
  }
  const assetId = assetIdFromSegment(safeDecode(match[2]));
  const decision = await assetDecision(viewer, assetId, "UploadFile");
  if (decision.allowed && decision.value.archive.id === archiveId) return decision.value;
  if (!decision.allowed && decision.problem.kind !== "not-found") throw decision.problem;
  throw new Problem("invalid", NO_DESTINATION);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** Over the caps on one user's open tasks (their count, their declared bytes): refused. */
async function checkOpenUploads(viewer: Viewer, fileSize: number) {
  const open = await db()
    .selectFrom("uploads")
    .select((eb) => [
      eb.fn.countAll<number>().as("tasks"),
      eb.fn.coalesce(eb.fn.sum<number>("file_size"), eb.lit(0)).as("bytes"),
    ])
    .where("owner_id", "=", viewer.id)
    .where("status", "=", "awaitingData")
    .executeTakeFirstOrThrow();
  const { MAX_OPEN_UPLOADS, MAX_OPEN_UPLOAD_BYTES } = env();
  if (Number(open.tasks) >= MAX_OPEN_UPLOADS) {
    throw new Problem(
      "too-many",
      `You have ${MAX_OPEN_UPLOADS} unfinished uploads, the most one may have open. Finish them or wait until they are removed (a day after their last chunk).`,
    );
  }
  if (Number(open.bytes) + fileSize > MAX_OPEN_UPLOAD_BYTES) {
    throw new Problem(
      "too-large",
      `Your unfinished uploads would then hold more than ${formatBytes(MAX_OPEN_UPLOAD_BYTES)}, the most they may hold together. Finish some of them first.`,
    );
  }
}

export async function createUploadTask(viewer: Viewer, input: BatchUploadCreate) {
  if (input.hasXmp) {
    throw new Problem(
      "invalid",
      "XMP sidecar files are not taken: send the metadata in the metadata field instead.",
    );
  }
  const target = await resolveDestination(viewer, input.destination);
  const fileName = input.filename ?? target.asset?.file_name;
  if (!fileName) throw new Problem("invalid", "Give the file's name in filename.");
  checkFileName(fileName);
  const folder = folderPathSchema.safeParse(input.folder ?? "");
  if (!folder.success) throw new Problem("invalid", folder.error.issues[0]!.message);
  if (target.asset && folder.data !== "") {
    throw new Problem("invalid", "A new revision of an asset cannot name a folder.");
  }
  if (input.fileSize > maxUploadBytes()) {
    throw new Problem("too-large", keyed("work.upload.refusal.overLimit", { name: fileName }));
  }
  checkDeclaredSize(target.archive, fileName, input.fileSize);
  const metadata = uploadMetadataSchema.parse(input.metadata ?? {});
  await checkOpenUploads(viewer, input.fileSize);
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

/** The right to upload is asked again at each chunk: a member removed meanwhile stops here. */
async function requireStillAllowed(viewer: Viewer, upload: UploadRow) {
  if (upload.asset_id !== null) await requireAsset(viewer, upload.asset_id, "UploadFile");
  else await requireArchive(viewer, upload.archive_id, "UploadFile");
}

function expectedChunkBytes(upload: UploadRow, index: number) {
  const last = upload.num_chunks - 1;
  return index < last ? upload.chunk_size : upload.file_size - upload.chunk_size * last;
}

/** Takes chunk `index` for this request: null when another request holds or has it. */
async function claimChunk(upload: UploadRow, index: number): Promise<string | null> {
  const claimedAt = new Date().toISOString();
  const claimed = await db()
    .updateTable("uploads")
    .set({ received_chunks: index + 1, updated_at: claimedAt })
    .where("id", "=", upload.id)
    .where("status", "=", "awaitingData")
    .where("received_chunks", "=", index)
    .where("received_bytes", "=", upload.chunk_size * index)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? claimedAt : null;
}

/**
 * Gives back claims whose request died: all of them when the server starts (`before` null), and
 * on the timer those untouched since `before`. A live request whose claim is given back fails
 * its commit with a conflict and is sent again; it never stores what it wrote.
 */
async function releaseClaims(before: string | null) {
  let query = db()
    .selectFrom("uploads")
    .select(["id", "received_chunks", "received_bytes", "chunk_size", "updated_at"])
    .where("status", "=", "awaitingData")
    .where("received_chunks", ">", 0);
  if (before) query = query.where("updated_at", "<", before);
  for (const row of await query.execute()) {
    const index = row.received_chunks - 1;
    if (Number(row.received_bytes) !== row.chunk_size * index) continue;
    await db()
      .updateTable("uploads")
      .set({ received_chunks: index })
      .where("id", "=", row.id)
      .where("received_chunks", "=", row.received_chunks)
      .where("received_bytes", "=", row.received_bytes)
      .where("updated_at", "=", row.updated_at)
      .execute();
  }
}

/** Still ours: received_chunks and updated_at are as this request's claim left them. */
function ourClaim(upload: UploadRow, index: number, claimedAt: string) {
  return db()
    .updateTable("uploads")
    .where("id", "=", upload.id)
    .where("status", "=", "awaitingData")
    .where("received_chunks", "=", index + 1)
    .where("received_bytes", "=", upload.chunk_size * index)
    .where("updated_at", "=", claimedAt);
}

/**
 * Receives one chunk. Chunks come in order; one already received (or being received by another
 * request) is a conflict, a chunk ahead of the next expected one or of the wrong size a bad
 * request. A chunk that does not arrive whole leaves the task as it was.
 */
export async function receiveChunk(
  viewer: Viewer,
  id: string,
  index: number,
  data: AsyncIterable<Uint8Array>,
): Promise<{ finished: boolean }> {
  const upload = await findOwnUpload(viewer, id);
  if (!upload) throw new Problem("not-found", "There is no upload task with this id.");
  if (upload.status !== "awaitingData")
    throw new Problem("conflict", "This upload has already received all its chunks.");
  await requireStillAllowed(viewer, upload);
  if (upload.received_bytes === upload.file_size) {
    // Every chunk arrived but the server stopped before the file was stored: store it now.
    await drain(data);
    await finish(viewer, upload);
    return { finished: true };
  }
  if (!Number.isInteger(index) || index < 0 || index >= upload.num_chunks)
    throw new Problem("invalid", `The chunk index must be 0 to ${upload.num_chunks - 1}.`);
  const receivedWhole = Math.floor(upload.received_bytes / upload.chunk_size);
  if (index < receivedWhole)
    throw new Problem("conflict", `Chunk ${index} has already been received.`);
  if (index > upload.received_chunks)
    throw new Problem(
      "invalid",
      `Send the chunks in order: the next one is ${upload.received_chunks}.`,
    );

  const claimedAt = await claimChunk(upload, index);
  if (!claimedAt) {
    throw new Problem(
      "conflict",
      `Chunk ${index} cannot be taken now: it, or the chunk before it, is being received by another request.`,
    );
  }
  const expected = expectedChunkBytes(upload, index);
  const offset = upload.chunk_size * index;
  const temporary = temporaryChunkFile(id, index);
  try {
    await fs.mkdir(partsDir(), { recursive: true });
    await writeChunk(temporary, data, index, expected);
    // Renamed into place only while the claim is still this request's.
    const still = await ourClaim(upload, index, claimedAt)
      .set({ updated_at: claimedAt })
      .executeTakeFirst();
    if (Number(still.numUpdatedRows) !== 1)
      throw new Problem("conflict", `Chunk ${index} was received by another request.`);
    await fs.rename(temporary, chunkFile(id, index)).catch((error: NodeJS.ErrnoException) => {
      // Swept by a server that started meanwhile: its sweep gave the claim back too.
      if (error.code !== "ENOENT") throw error;
      throw new Problem("conflict", `Chunk ${index} was not received whole: send it again.`);
    });
  } catch (error) {
    await fs.rm(temporary, { force: true });
    // Give the chunk back so it can be sent again.
    await ourClaim(upload, index, claimedAt)
      .set({ received_chunks: index, updated_at: now() })
      .execute();
    throw error;
  }
  const committed = await ourClaim(upload, index, claimedAt)
    .set({ received_bytes: offset + expected, updated_at: now() })
    .executeTakeFirst();
  if (Number(committed.numUpdatedRows) !== 1)
    throw new Problem("conflict", `Chunk ${index} was received by another request.`);
  if (index + 1 < upload.num_chunks) return { finished: false };
  await finish(viewer, { ...upload, received_chunks: index + 1, received_bytes: upload.file_size });
  return { finished: true };
}

/** Writes exactly `expected` bytes to a new file, synced; a shorter or longer chunk is refused. */
async function writeChunk(
  file: string,
  data: AsyncIterable<Uint8Array>,
  index: number,
  expected: number,
) {
  const handle = await fs.open(file, "wx", 0o600);
  let written = 0;
  try {
    for await (const chunk of data) {
      if (written + chunk.byteLength > expected)
        throw new Problem("invalid", `Chunk ${index} must be ${expected} bytes; it is larger.`);
      await handle.write(chunk, 0, chunk.byteLength, written);
      written += chunk.byteLength;
    }
    if (written !== expected)
      throw new Problem("invalid", `Chunk ${index} must be ${expected} bytes; it was ${written}.`);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The whole file, chunk after chunk, as one stream. */
async function* chunksOf(upload: UploadRow): AsyncIterable<Uint8Array> {
  for (let index = 0; index < upload.num_chunks; index++) {
    const handle = await fs.open(chunkFile(upload.id, index), "r");
    try {
      for await (const bytes of handle.createReadStream({ autoClose: false }))
        yield bytes as Uint8Array;
    } finally {
      await handle.close();
    }
  }
}

/** Another request finished this upload first (the last chunk sent twice). */
class AlreadyFinished extends Error {}

/**
 * Stores the chunks and makes the asset or revision. The upload row leaves awaitingData in the
 * same transaction that makes the asset, so a crash or a second request re-sending the last
 * chunk can never make a second asset: the loser's transaction rolls back.
 */
async function finish(viewer: Viewer, upload: UploadRow) {
  let finished = false;
  try {
    await requireStillAllowed(viewer, upload);
    const archive = await findArchive(upload.archive_id);
    if (!archive) throw new Problem("not-found", "The archive of this upload is gone.");
    const { blob, type } = await storeStream(chunksOf(upload), upload.file_name);
    await checkArchiveLimits(archive, upload.file_name, { blob, type });
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
    finished = true;
  } catch (error) {
    if (error instanceof AlreadyFinished)
      throw new Problem("conflict", "This upload has already received all its chunks.");
    const message = error instanceof Problem ? error.message : "The file could not be stored.";
    const failed = await db()
      .updateTable("uploads")
      .set({ status: "failed", error: message, updated_at: now() })
      .where("id", "=", upload.id)
      .where("status", "=", "awaitingData")
      .executeTakeFirst();
    finished = Number(failed.numUpdatedRows) === 1;
    if (!finished)
      throw new Problem("conflict", "This upload has already received all its chunks.");
    throw error;
  } finally {
    if (finished) await removeChunkFiles(upload.id);
  }
}

/** Reference BatchUploadStatus: result and error are always there, null when they do not apply. */
export interface UploadStatusBody {
  status: "awaitingData" | "pending" | "inProgress" | "done" | "failed";
  result: { assetUrl: string; assetDetails: string } | null;
  error: { value: string; message: string } | null;
}

const failed = (value: string, message: string): UploadStatusBody => ({
  status: "failed",
  result: null,
  error: { value, message },
});

export async function uploadStatus(viewer: Viewer, id: string): Promise<UploadStatusBody | null> {
  const upload = await findOwnUpload(viewer, id);
  if (!upload) return null;
  if (upload.status === "awaitingData")
    return { status: "awaitingData", result: null, error: null };
  // The refusal is stored keyed (decision 106); this answer is the API's, so English.
  if (upload.status === "failed") return failed("rejected", englishOf(upload.error ?? ""));
  const job = upload.job_id === null ? null : await getJob(upload.job_id);
  if (!job) return failed("lost", "The task is gone.");
  if (job.status === "pending" || job.status === "inProgress")
    return { status: job.status, result: null, error: null };
  const result = job.result as { assetId?: number; state?: string } | null;
  if (job.status === "failed" || result?.state !== "ready")
    return failed("ingestFailed", job.error ?? "The file could not be processed.");
  const archive = await findArchive(upload.archive_id);
  const asset = await findAsset(result.assetId ?? 0);
  if (!archive || !asset) return failed("gone", "The asset is gone.");
  const href = assetHref(archive.id, archive.name, { id: asset.id, fileName: asset.file_name });
  return { status: "done", result: { assetUrl: href, assetDetails: href }, error: null };
}

/**
 * Removes what crashes and abandoned clients leave: tasks unfinished for a day with their chunk
 * files, chunk files of tasks that are finished or gone, temporary chunk files older than
 * `temporaryAgeMs`, and claims on chunks whose request died. `at` is the present, given by tests.
 */
export async function sweepAbandonedUploads(
  at: Date = new Date(),
  temporaryAgeMs = TEMPORARY_AGE_MS,
  startUp = false,
): Promise<number> {
  await releaseClaims(startUp ? null : new Date(at.getTime() - CLAIM_STALE_MS).toISOString());
  const before = new Date(at.getTime() - ABANDONED_AFTER_MS).toISOString();
  const stale = await db()
    .selectFrom("uploads")
    .select("id")
    .where("status", "=", "awaitingData")
    .where("updated_at", "<", before)
    .execute();
  for (const { id } of stale) {
    await db().deleteFrom("uploads").where("id", "=", id).execute();
    await removeChunkFiles(id);
  }
  const names = await fs.readdir(partsDir()).catch(() => [] as string[]);
  const ids = [...new Set(names.map((n) => n.split(".")[0]!).filter((id) => UPLOAD_ID.test(id)))];
  const open = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db()
      .selectFrom("uploads")
      .select("id")
      .where("id", "in", ids.slice(i, i + 500))
      .where("status", "=", "awaitingData")
      .execute();
    for (const r of rows) open.add(r.id);
  }
  for (const name of names) {
    const file = path.join(partsDir(), name);
    const id = name.split(".")[0]!;
    if (!open.has(id)) {
      await fs.rm(file, { force: true });
      continue;
    }
    if (name.endsWith(".tmp")) {
      const stat = await fs.stat(file).catch(() => null);
      const old = stat !== null && at.getTime() - stat.mtimeMs >= temporaryAgeMs;
      if (startUp || old) await fs.rm(file, { force: true });
    }
  }
  return stale.length;
}

export interface SweepOptions {
  /** The present (tests move it on instead of sleeping). */
  at?: Date;
  temporaryAgeMs?: number;
  /** At start no request is under way here: every claim is a dead one. */
  startUp?: boolean;
}

/** The blob store's and the chunks' leftovers; the server runs it at start and every 10 minutes. */
export async function sweepUploadLeftovers(options: SweepOptions = {}) {
  const at = options.at ?? new Date();
  const temporaryAgeMs = options.temporaryAgeMs ?? TEMPORARY_AGE_MS;
  // The blob store measures age from its own clock: shift the age by the given present.
  const blobs = await blobStore().sweepTemporary(
    Math.max(0, temporaryAgeMs - (at.getTime() - Date.now())),
  );
  const tasks = await sweepAbandonedUploads(at, temporaryAgeMs, options.startUp);
  return { blobs, tasks };
}
