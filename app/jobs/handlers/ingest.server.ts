import fs from "node:fs/promises";
import { z } from "zod";
import type { RenditionKind } from "~/db/schema";
import { detectMediaType, MEDIA_HEAD_BYTES, RefusedFileError } from "~/media/media-type.server";
import { extractMetadata, type ExtractedMetadata } from "~/media/metadata.server";
import {
  genericIcon,
  PREVIEW_SIZE,
  renderImage,
  THUMBNAIL_RETINA_SIZE,
  THUMBNAIL_SIZE,
  UndecodableImageError,
} from "~/media/renditions.server";
import { findArchive } from "~/models/archive/archive.server";
import { IndexedFileError, withOriginalFile } from "~/models/archive/path-files.server";
import { findRevision, type IngestPayload } from "~/models/asset/asset.server";
import { englishOf } from "~/models/locale/catalog.server";
import {
  applyMacros,
  applyUploadFields,
  markIngestFailed,
  recordIngest,
  type IngestResult,
} from "~/models/ingest/ingest.server";
import { uploadMetadataFieldSchema } from "~/models/upload/upload.schema";
import { blobStore } from "~/storage/blob-store.server";
import type { Job } from "../queue.server";
import { PermanentJobError, type JobContext } from "../worker.server";

/*
 * The ingest job: one revision's file becomes metadata, renditions and a ready asset. It is
 * idempotent (decision 008): renditions are content-addressed blobs and their rows are replaced,
 * and a revision already shown is left alone, so a retry or a takeover after a crash converges.
 */

/** What createAsset and addRevision enqueue; checked, not cast, before the job touches anything. */
export const ingestPayloadSchema = z.object({
  revisionId: z.number().int().positive(),
  fields: z.array(uploadMetadataFieldSchema).optional(),
  ingestion: z.enum(["upload", "move", "copy"]).optional(),
}) satisfies z.ZodType<IngestPayload, z.ZodTypeDef, unknown>;

/** The payload, or a permanent failure saying what is wrong with it: running again cannot help. */
export function parseIngestPayload(payload: unknown): IngestPayload {
  const parsed = ingestPayloadSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "payload"}: ${issue.message}`)
    .join("; ");
  throw new PermanentJobError(`The ingest job's payload is not valid (${problems}).`);
}

interface Rendered {
  kind: RenditionKind;
  data: Buffer;
  width: number;
  height: number;
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(MEDIA_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MEDIA_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function render(
  file: string,
  decodable: boolean,
  docType: Parameters<typeof genericIcon>[0],
  extension: string,
  signal: AbortSignal,
): Promise<{
  renditions: Rendered[];
  placeholder: string | null;
  width?: number;
  height?: number;
  colorSpace?: string;
  resolution?: number;
}> {
  if (decodable) {
    // The stored preview stays clean: the archive's watermark is put on as it is served
    // (decision 040), so changing the watermark never needs the previews made again.
    const r = await renderImage(file, { signal });
    return {
      renditions: [
        { kind: "preview", ...r.preview },
        { kind: "thumbnail", ...r.thumbnail },
        { kind: "thumbnailRetina", ...r.thumbnailRetina },
      ],
      placeholder: r.placeholder,
      width: r.width,
      height: r.height,
      colorSpace: r.colorSpace,
      resolution: r.resolution,
    };
  }
  const sizes: [RenditionKind, number][] = [
    ["preview", PREVIEW_SIZE],
    ["thumbnail", THUMBNAIL_SIZE],
    ["thumbnailRetina", THUMBNAIL_RETINA_SIZE],
  ];
  const renditions = await Promise.all(
    sizes.map(async ([kind, size]) => ({ kind, ...(await genericIcon(docType, extension, size)) })),
  );
  return { renditions, placeholder: null };
}

export async function ingest(job: Job, ctx: JobContext): Promise<IngestResult> {
  const { revisionId, fields: uploadFields, ingestion } = parseIngestPayload(job.payload);
  const revision = await findRevision(revisionId);
  if (!revision) return { assetId: 0, revisionId, state: "gone" };
  const { assetId } = revision;
  if (revision.assetState === "ready" && revision.currentRevision >= revision.number) {
    return { assetId, revisionId, state: "ready" };
  }
  const archive = await findArchive(revision.archiveId);
  if (!archive) return { assetId, revisionId, state: "gone" };

  try {
    const outcome = await withOriginalFile(revision, async (file) => {
      const type = await detectMediaType(await readHead(file), revision.fileName);
      const metadata: ExtractedMetadata = await extractMetadata(file);
      await ctx.progress(20);
      const rendered = await render(file, type.decodable, type.docType, type.extension, ctx.signal);
      return { type, metadata, rendered };
    });
    await ctx.progress(70);
    const stored = await Promise.all(
      outcome.rendered.renditions.map(async (r) => ({
        kind: r.kind,
        width: r.width,
        height: r.height,
        blob: await blobStore().put(r.data, { signal: ctx.signal }),
      })),
    );
    await ctx.progress(90);

    const { metadata, type, rendered } = outcome;
    const fields = applyMacros(
      applyUploadFields({ ...metadata.fields }, uploadFields),
      archive.config.MetadataMacros.Macros,
      ingestion ?? "upload",
    );
    ctx.signal.throwIfAborted();
    await recordIngest({
      revision,
      type,
      metadata,
      fields,
      renditions: stored,
      placeholder: rendered.placeholder,
      width: rendered.width,
      height: rendered.height,
      colorSpace: rendered.colorSpace,
      resolution: rendered.resolution,
    });
    return { assetId, revisionId, state: "ready" };
  } catch (error) {
    const permanent =
      error instanceof RefusedFileError ||
      error instanceof UndecodableImageError ||
      // A path archive's file changed or vanished: a scan makes the revision that can work. An
      // unreadable folder (a disk not mounted yet) is retried like any other failure.
      (error instanceof IndexedFileError && error.code !== "path_invalid");
    // Stored with the asset and shown by the API: a keyed reason (a path archive's) in English.
    const reason = englishOf(error instanceof Error ? error.message : String(error));
    if (permanent || job.attempts >= job.maxAttempts) {
      await markIngestFailed(assetId, revision.number, reason);
    }
    if (permanent) throw new PermanentJobError(reason);
    throw error;
  }
}

/** The worker died on the last attempt (decision 008): the asset must not stay processing. */
ingest.abandoned = async (job: Job) => {
  // A payload that never parsed named no revision: there is no asset to mark.
  const parsed = ingestPayloadSchema.safeParse(job.payload);
  if (!parsed.success) return;
  const revision = await findRevision(parsed.data.revisionId);
  if (!revision) return;
  await markIngestFailed(
    revision.assetId,
    revision.number,
    "Processing stopped before it finished, on every attempt (the server stopped or ran out of memory). Upload the file again, or ask an administrator.",
  );
};
