import { checkArchiveLimits } from "~/models/upload/upload-limits.server";
import { unstable_parseMultipartFormData as parseMultipartFormData } from "@remix-run/node";
import type { BlobInfo } from "~/storage/blob-store.server";
import type { MediaType } from "~/media/media-type.server";
import { keyed } from "~/models/locale/keyed";
import { englishOf } from "~/models/locale/catalog.server";
import { isProblem, Problem } from "~/models/problem/problem";
import {
  checkFileName,
  discardUnreferenced,
  drain,
  register,
  storeStream,
  type MultipartOutcome,
  type UploadTarget,
} from "~/models/upload/upload.server";
import { decided, uploadDecision } from "~/models/access/access.server";
import type { Viewer } from "~/models/user/user.schema";
import { env } from "~/utils/env.server";

/*
 * The HTTP side of uploads: reading multipart bodies into what the upload model takes.
 * A body that breaks off (a closed connection, no closing boundary) is the client's fault and
 * answers 400 with nothing stored: files are registered only once the whole body has been read.
 */

const CUT_OFF = "cutOff";

type ParsedPart = Parameters<Parameters<typeof parseMultipartFormData>[1]>[0];
export type Part = Omit<ParsedPart, "data"> & { data: AsyncIterable<Uint8Array> };

function cutOff(): Problem {
  return new Problem("invalid", keyed("work.upload.refusal.cutOff"), { code: CUT_OFF });
}

export function isCutOff(error: unknown): boolean {
  return isProblem(error) && error.details.code === CUT_OFF;
}

/** A part's bytes; the parser's own failure while reading them is a body that broke off. */
async function* guarded(data: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* data;
  } catch (error) {
    if (isProblem(error)) throw error;
    throw cutOff();
  }
}

/**
 * Reads a multipart body part by part. What the parser itself throws (a malformed body or part
 * header, a file name with a line break, a body cut off) is the client's fault: a Problem
 * "invalid". What our handler throws is passed on as it is.
 */
export async function parseParts(request: Request, handle: (part: Part) => Promise<void>) {
  const ours = new Set<unknown>();
  const max = env().MAX_FORM_FIELDS;
  let parts = 0;
  try {
    await parseMultipartFormData(request, async (part) => {
      try {
        // Counted as they stream by: thousands of empty parts cost as much as thousands of fields.
        if (++parts > max)
          throw new Problem("too-large", keyed("work.upload.refusal.tooManyParts", { max }));
        await handle({
          name: part.name,
          filename: part.filename,
          contentType: part.contentType,
          data: guarded(part.data),
        });
      } catch (error) {
        ours.add(error);
        throw error;
      }
      return undefined;
    });
  } catch (error) {
    if (ours.has(error)) throw error;
    if (error instanceof Error && /unexpected end/i.test(error.message)) throw cutOff();
    throw new Problem("invalid", keyed("work.upload.refusal.unreadable"));
  }
}

const MAX_TEXT_FIELD_BYTES = 64 * 1024;

async function readText(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > MAX_TEXT_FIELD_BYTES)
      throw new Problem("invalid", keyed("work.upload.refusal.fieldTooLong"));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

interface Stored {
  fileName: string;
  blob: BlobInfo;
  type: MediaType;
}

/**
 * A multipart upload of one or more files, each streamed into the blob store as it arrives. The
 * fields that choose the target (archive, folder) come before the files in the form, so the
 * target is known when the first file begins. One refused file does not stop the others; a body
 * that breaks off stops them all and keeps none. A refused file's message is read by `read`:
 * English for the API, the reader's language for the upload page.
 */
export async function receiveMultipartUpload(
  request: Request,
  viewer: Viewer,
  targetFor: (fields: Map<string, string>) => Promise<UploadTarget>,
  read: (text: string) => string = englishOf,
): Promise<MultipartOutcome> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data"))
    throw new Problem("unsupported", keyed("work.upload.refusal.notMultipart"));
  const fields = new Map<string, string>();
  const stored: Stored[] = [];
  const failed: MultipartOutcome["failed"] = [];
  let target: UploadTarget | undefined;
  try {
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
      if (!target) {
        target = await targetFor(fields);
        decided(await uploadDecision(viewer, target.archive.id, target.assetId));
      }
      try {
        checkFileName(part.filename);
        const file = await storeStream(part.data, part.filename);
        await checkArchiveLimits(target.archive, part.filename, file);
        stored.push({ fileName: part.filename, ...file });
      } catch (error) {
        if (!isProblem(error) || isCutOff(error)) throw error;
        await drain(part.data);
        failed.push({ fileName: part.filename, message: read(error.message), problem: error });
      }
    });
  } catch (error) {
    for (const file of stored) await discardUnreferenced(file.blob.hash);
    throw error;
  }
  const uploaded = [];
  for (const file of stored)
    uploaded.push(await register(viewer, target!, file.fileName, file.blob, file.type));
  return { uploaded, failed };
}
