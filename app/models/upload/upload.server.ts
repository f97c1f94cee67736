import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import { unstable_parseMultipartFormData as parseMultipartFormData } from "@remix-run/node";
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
import { apiError } from "~/http/http.server";
import { hasArchivePermission, type Archive } from "~/models/archive/archive.server";
import { addRevision, createAsset, type Within } from "~/models/asset/asset.server";
import { fileNameProblem, folderPathSchema, type UploadMetadataField } from "./upload.schema";

/*
 * Taking files in: a stream becomes a blob only after its first bytes prove a type we accept
 * and the whole stays under the size limit; only then do an asset, a revision and an ingest job
 * exist. A refused file changes nothing but, at most, an unreferenced blob that is removed again.
 */

export class UploadRefusedError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = "UploadRefusedError";
  }
}

export function maxUploadBytes(): number {
  return env().MAX_UPLOAD_BYTES;
}

function tooLarge(fileName: string) {
  return new UploadRefusedError(
    413,
    `"${fileName}" is larger than the upload limit of ${formatBytes(maxUploadBytes())}.`,
  );
}

export function checkFileName(fileName: string): void {
  const problem = fileNameProblem(fileName);
  if (problem) throw new UploadRefusedError(400, problem);
}

async function requireUploadPermission(viewer: Viewer, archive: Archive) {
  if (viewer.isGuest || !(await hasArchivePermission(viewer, archive.id, "UploadFile"))) {
    throw new UploadRefusedError(403, `You do not have permission to upload to "${archive.name}".`);
  }
}

/** Removes a blob a refused upload wrote, unless something refers to it (identical content). */
async function discardUnreferenced(hash: string) {
  const used =
    (await db()
      .selectFrom("revisions")
      .select("id")
      .where("blob_hash", "=", hash)
      .executeTakeFirst()) ??
    (await db()
      .selectFrom("renditions")
      .select("revision_id")
      .where("blob_hash", "=", hash)
      .executeTakeFirst());
  if (!used) await blobStore().delete(hash);
}

function refusedType(error: unknown, fileName: string): never {
  if (error instanceof RefusedFileError) {
    const status = error.code === "empty" ? 400 : 415;
    throw new UploadRefusedError(status, `"${fileName}": ${error.message}`);
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
        return `"${fileName}" is ${width} × ${height} pixels, more than the ${Math.round(MAX_INPUT_PIXELS / 1e6)} megapixels an image may have.`;
      }
      return null;
    } catch {
      return `"${fileName}" is damaged: its image header cannot be read.`;
    }
  });
  if (problem) {
    await discardUnreferenced(blob.hash);
    throw new UploadRefusedError(422, problem);
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
  await requireUploadPermission(viewer, target.archive);
  const { blob, type } = await storeStream(data, fileName);
  return register(viewer, target, fileName, blob, type, extra);
}

export async function register(
  viewer: Viewer | null,
  target: UploadTarget,
  fileName: string,
  blob: BlobInfo,
  type: MediaType,
  extra: { comment?: string; fields?: UploadMetadataField[]; within?: Within } = {},
): Promise<UploadedFile> {
  const content = {
    archiveId: target.archive.id,
    blob,
    type,
    fileName,
    userId: viewer?.id ?? null,
    comment: extra.comment,
    fields: extra.fields,
  };
  const created = target.assetId
    ? await addRevision(target.assetId, content, extra.within)
    : await createAsset({ ...content, folderPath: target.folderPath }, extra.within);
  return { fileName, ...created };
}

/** Drains what is left of a refused part so the rest of the request can still be read. */
export async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const chunk of data) void chunk;
}

export { requireUploadPermission };

/** A refused upload in the one error shape; anything else is not ours to answer. */
export function refusal(request: Request, error: unknown): Response {
  if (error instanceof UploadRefusedError) return apiError(request, error.status, error.message);
  throw error;
}

/** Reads a JSON body of at most the form limit; 415 or 400 otherwise. */
export async function readJson(request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!/^application\/(?:[\w.+-]+\+)?json$/.test(type))
    throw apiError(request, 415, "Send this request as JSON (Content-Type: application/json).");
  try {
    return await request.json();
  } catch {
    throw apiError(request, 400, "The request body is not valid JSON.");
  }
}

type Part = Parameters<Parameters<typeof parseMultipartFormData>[1]>[0];

/**
 * Reads a multipart body part by part. What the parser itself throws (a malformed body or part
 * header, a file name with a line break) is the client's fault: 400. What our handler throws is
 * passed on as it is.
 */
export async function parseParts(request: Request, handle: (part: Part) => Promise<void>) {
  const ours = new Set<unknown>();
  try {
    await parseMultipartFormData(request, async (part) => {
      try {
        await handle(part);
      } catch (error) {
        ours.add(error);
        throw error;
      }
      return undefined;
    });
  } catch (error) {
    if (ours.has(error)) throw error;
    throw new UploadRefusedError(
      400,
      "The upload could not be read as multipart/form-data (a malformed part or file name).",
    );
  }
}

/** The optional folder field of an upload form: a path below the archive's root. */
export function folderFromFields(fields: Map<string, string>): string {
  const folder = folderPathSchema.safeParse(fields.get("folder") ?? "");
  if (!folder.success) throw new UploadRefusedError(400, folder.error.issues[0]!.message);
  return folder.data;
}

export interface MultipartOutcome {
  uploaded: UploadedFile[];
  failed: { fileName: string; message: string; status: number }[];
}

const MAX_TEXT_FIELD_BYTES = 64 * 1024;

async function readText(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > MAX_TEXT_FIELD_BYTES)
      throw new UploadRefusedError(400, "A form field is longer than 64 kB.");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A multipart upload of one or more files, each streamed into the store as it arrives. The
 * fields that choose the target (archive, folder) come before the files in the form, so the
 * target is known when the first file begins. One refused file does not stop the others.
 */
export async function receiveMultipartUpload(
  request: Request,
  viewer: Viewer,
  targetFor: (fields: Map<string, string>) => Promise<UploadTarget>,
): Promise<MultipartOutcome> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data"))
    throw new UploadRefusedError(415, "Send the files as multipart/form-data.");
  const fields = new Map<string, string>();
  const outcome: MultipartOutcome = { uploaded: [], failed: [] };
  let target: UploadTarget | undefined;
  await parseParts(request, async (part) => {
    if (part.filename === undefined) {
      if (fields.size < 50) fields.set(part.name, await readText(part.data));
      else await drain(part.data);
      return;
    }
    // A file input left empty sends a part with no name and no bytes.
    if (part.filename === "" && part.name) {
      await drain(part.data);
      return;
    }
    target ??= await targetFor(fields);
    try {
      outcome.uploaded.push(await uploadStream(viewer, target, part.filename, part.data));
    } catch (error) {
      if (!(error instanceof UploadRefusedError)) throw error;
      await drain(part.data);
      outcome.failed.push({
        fileName: part.filename,
        message: error.message,
        status: error.status,
      });
    }
  });
  return outcome;
}
