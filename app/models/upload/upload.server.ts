import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import sharp from "sharp";
import { db } from "~/db/connection.server";
import type { Viewer } from "~/models/user/user.schema";
import { blobStore, BlobTooLargeError, type BlobInfo } from "~/storage/blob-store.server";
import {
  detectMediaType,
  MEDIA_HEAD_BYTES,
  RefusedFileError,
  type MediaType,
} from "~/media/media-type.server";
import { MAX_INPUT_PIXELS } from "~/media/renditions.server";
import { env } from "~/utils/env.server";
import { formatBytes } from "~/utils/format";
import { decided, uploadDecision } from "~/models/access/access.server";
import type { Archive } from "~/models/archive/archive.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import {
  addRevision,
  createAsset,
  type NewContent,
  type Within,
} from "~/models/asset/asset.server";
import { isPathArchive } from "~/models/archive/archive-path.server";
import { uploadIntoFolder } from "~/models/archive/path-upload.server";
import { fileNameProblem, folderPathSchema, type UploadMetadataField } from "./upload.schema";

/*
 * Taking files in: a stream becomes a blob only after its first bytes prove a type we accept
 * and the whole stays under the size limit; only then do an asset, a revision and an ingest job
 * exist. A refused file changes nothing but, at most, an unreferenced blob that is removed again.
 */

export function maxUploadBytes(): number {
  return env().MAX_UPLOAD_BYTES;
}

function tooLarge(fileName: string) {
  return new Problem(
    "too-large",
    keyed("work.upload.refusal.tooLarge", {
      name: fileName,
      size: formatBytes(maxUploadBytes()),
    }),
  );
}

export function checkFileName(fileName: string): void {
  const problem = fileNameProblem(fileName);
  if (problem) throw new Problem("invalid", problem);
}

/**
 * Removes a blob a refused upload wrote, unless something refers to it (identical content). A
 * path archive's revision names its file, not a blob (decision 042): it keeps no blob alive; its
 * sidecar does.
 */
export async function discardUnreferenced(hash: string) {
  const used =
    (await db()
      .selectFrom("revisions")
      .select("id")
      .where("blob_hash", "=", hash)
      .where("indexed_file_id", "is", null)
      .executeTakeFirst()) ??
    (await db()
      .selectFrom("renditions")
      .select("revision_id")
      .where("blob_hash", "=", hash)
      .executeTakeFirst()) ??
    // A write-back's XMP sidecar (decision 050) is a blob too.
    (await db()
      .selectFrom("revisions")
      .select("id")
      .where("sidecar_hash", "=", hash)
      .executeTakeFirst());
  if (!used) await blobStore().delete(hash);
}

/*
 * A refused file's sentence names the file: one keyed message with the name as a value, read in
 * the reader's language where it is shown (the upload page) and in English by the API. The codes
 * with one reason each are worded here; active content's several reasons stay the media
 * module's English, inside the keyed sentence.
 */
function refusedType(error: unknown, fileName: string): never {
  if (error instanceof RefusedFileError) {
    const name = fileName;
    if (error.code === "empty")
      throw new Problem("invalid", keyed("work.upload.refusal.empty", { name }));
    throw new Problem(
      "unsupported",
      error.code === "unknownType"
        ? keyed("work.upload.refusal.unknownType", { name })
        : keyed("work.upload.refusal.file", { name, reason: error.message }),
    );
  }
  throw error;
}

/** Pixel floods are refused from the header, before anything decodes the pixels. */
async function checkPixels(blob: BlobInfo, type: MediaType, fileName: string) {
  if (!type.decodable) return;
  const problem = await blobStore().withLocalFile(blob.hash, async (file) => {
    try {
      // The header only: with sharp's own limit, a flood would fail here as "damaged".
      const {
        width = 0,
        height = 0,
        pages = 1,
      } = await sharp(file, {
        pages: 1,
        limitInputPixels: false,
      }).metadata();
      if (width * height > MAX_INPUT_PIXELS || pages > 10_000) {
        return keyed("work.upload.refusal.pixels", {
          name: fileName,
          width,
          height,
          max: Math.round(MAX_INPUT_PIXELS / 1e6),
        });
      }
      return null;
    } catch {
      return keyed("work.upload.refusal.damaged", { name: fileName });
    }
  });
  if (problem) {
    await discardUnreferenced(blob.hash);
    throw new Problem("unprocessable", problem);
  }
}

/**
 * Streams one file into the blob store. The first bytes are held back until they prove the
 * type, so a refused file never reaches the store.
 */
export async function storeStream(
  data: AsyncIterable<Uint8Array>,
  fileName: string,
): Promise<{ blob: BlobInfo; type: MediaType }> {
  const iterator = data[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < MEDIA_HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  const type = await detectMediaType(Buffer.concat(head), fileName).catch((e: unknown) =>
    refusedType(e, fileName),
  );
  async function* whole() {
    yield* head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value;
  }
  let blob: BlobInfo;
  try {
    blob = await blobStore().put(whole(), { maxBytes: maxUploadBytes() });
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw tooLarge(fileName);
    throw error;
  }
  await checkPixels(blob, type, fileName);
  return { blob, type };
}

/** A file already on disk (a finished chunked upload, the import command). */
export async function storeFile(
  filePath: string,
  fileName: string,
  options: { maxBytes?: number } = {},
): Promise<{ blob: BlobInfo; type: MediaType }> {
  // Never through a symbolic link (see putFile).
  const handle = await fs.open(filePath, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(MEDIA_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MEDIA_HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const type = await detectMediaType(head, fileName).catch((e: unknown) =>
    refusedType(e, fileName),
  );
  let blob: BlobInfo;
  try {
    blob = await blobStore().putFile(filePath, { maxBytes: options.maxBytes ?? maxUploadBytes() });
  } catch (error) {
    if (error instanceof BlobTooLargeError) throw tooLarge(fileName);
    throw error;
  }
  await checkPixels(blob, type, fileName);
  return { blob, type };
}

export interface UploadedFile {
  fileName: string;
  assetId: number;
  revisionId: number;
  jobId: number;
}

export interface UploadTarget {
  archive: Archive;
  folderPath?: string;
  /** Set to add a revision to this asset instead of making a new one. */
  assetId?: number;
}

/** One file from an upload stream into the target: a new asset, or a new revision. */
export async function uploadStream(
  viewer: Viewer,
  target: UploadTarget,
  fileName: string,
  data: AsyncIterable<Uint8Array>,
  extra: { comment?: string; fields?: UploadMetadataField[] } = {},
): Promise<UploadedFile> {
  checkFileName(fileName);
  decided(await uploadDecision(viewer, target.archive.id, target.assetId));
  const { blob, type } = await storeStream(data, fileName);
  return register(viewer, target, fileName, blob, type, extra);
}

export async function register(
  viewer: Viewer | null,
  target: UploadTarget,
  fileName: string,
  blob: BlobInfo,
  type: MediaType,
  extra: {
    comment?: string;
    fields?: UploadMetadataField[];
    within?: Within;
    ingestion?: NewContent["ingestion"];
  } = {},
): Promise<UploadedFile> {
  const content: NewContent = {
    archiveId: target.archive.id,
    blob,
    type,
    fileName,
    userId: viewer?.id ?? null,
    comment: extra.comment,
    fields: extra.fields,
    ingestion: extra.ingestion,
  };
  if (isPathArchive(target.archive)) {
    // Written into the archive's folder and indexed there; the blob only carried it (decision 042).
    const created = await uploadIntoFolder(target, { ...content, within: extra.within });
    await discardUnreferenced(blob.hash);
    return { fileName, ...created };
  }
  const created = target.assetId
    ? await addRevision(target.assetId, content, extra.within)
    : await createAsset({ ...content, folderPath: target.folderPath }, extra.within);
  return { fileName, ...created };
}

/** Drains what is left of a refused part so the rest of the request can still be read. */
export async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}

/** The optional folder field of an upload form: a path below the archive's root. */
export function folderFromFields(fields: Map<string, string>): string {
  const folder = folderPathSchema.safeParse(fields.get("folder") ?? "");
  if (!folder.success) throw new Problem("invalid", folder.error.issues[0]!.message);
  return folder.data;
}

export interface MultipartOutcome {
  uploaded: UploadedFile[];
  failed: { fileName: string; message: string; problem: Problem }[];
}
