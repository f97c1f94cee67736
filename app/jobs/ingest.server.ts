import { searchDocument } from "~/models/search/search-document";
import fs from "node:fs/promises";
import path from "node:path";
import { db, now } from "~/db/connection.server";
import type { RenditionKind } from "~/db/schema";
import type { ArchiveConfig, MetadataMacro } from "~/models/archive/archive.schema";
import { findArchive } from "~/models/archive/archive.server";
import { findRevision, type IngestPayload } from "~/models/asset/asset.server";
import { FIELD, valuesOf, type FieldValues } from "~/models/metadata/metadata-fields";
import type { UploadMetadataField } from "~/models/upload/upload.schema";
import { blobStore } from "~/storage/blob-store.server";
import { detectMediaType, MEDIA_HEAD_BYTES, RefusedFileError } from "~/media/media-type.server";
import { extractMetadata, type ExtractedMetadata } from "~/media/metadata.server";
import {
  genericIcon,
  PREVIEW_SIZE,
  renderImage,
  THUMBNAIL_RETINA_SIZE,
  THUMBNAIL_SIZE,
  UndecodableImageError,
  type WatermarkSettings,
} from "~/media/renditions.server";
import { env } from "~/utils/env.server";
import type { Job } from "./queue.server";
import { PermanentJobError, type JobContext } from "./worker.server";

/*
 * The ingest job: one revision's file becomes metadata, renditions and a ready asset. It is
 * idempotent (decision 008): renditions are content-addressed blobs and their rows are replaced,
 * and a revision already shown is left alone, so a retry or a takeover after a crash converges.
 */

export interface IngestResult {
  assetId: number;
  revisionId: number;
  state: "ready" | "failed" | "gone";
  failure?: string;
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

/** The archive's watermark; a named file that is missing means none, not a failed ingest. */
async function watermarkOf(config: ArchiveConfig): Promise<WatermarkSettings | undefined> {
  const name = config.WatermarkSettings.WatermarkFilename;
  if (!name) return undefined;
  const file = path.join(env().DATA_DIR, "watermarks", path.basename(name));
  try {
    await fs.access(file);
  } catch {
    return undefined;
  }
  return {
    file,
    alignment: config.WatermarkSettings.WatermarkAlignment,
    scaleToFit: config.WatermarkSettings.ScaleToFit,
  };
}

async function render(
  file: string,
  decodable: boolean,
  docType: Parameters<typeof genericIcon>[0],
  extension: string,
  watermark: WatermarkSettings | undefined,
  signal: AbortSignal,
): Promise<{
  renditions: Rendered[];
  placeholder: string | null;
  width?: number;
  height?: number;
  colorSpace?: string;
}> {
  if (decodable) {
    const r = await renderImage(file, { watermark, signal });
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

/** Upload metadata (the API's add, append, prepend, erase) over the file's own. */
export function applyUploadFields(fields: FieldValues, changes: UploadMetadataField[] = []) {
  for (const change of changes) {
    const current = valuesOf(fields[change.id]);
    const given = valuesOf(change.value);
    const bag =
      Array.isArray(fields[change.id]) ||
      Array.isArray(change.value) ||
      change.id === FIELD.keywords;
    let next: string[];
    if (change.action === "erase") next = [];
    else if (change.action === "add") next = given;
    else if (bag)
      next = change.action === "append" ? [...current, ...given] : [...given, ...current];
    else {
      const joined = given.join(" ");
      next = [
        change.action === "append"
          ? `${current.join(" ")}${joined}`
          : `${joined}${current.join(" ")}`,
      ];
    }
    if (next.length === 0) delete fields[change.id];
    else fields[change.id] = bag ? next : next.join(" ");
  }
  return fields;
}

const UPLOAD_INGESTION = 1;

/** The archive's metadata macros for uploads: 0 append, 1 prepend, 2 replace. */
export function applyMacros(fields: FieldValues, macros: MetadataMacro[]) {
  return applyUploadFields(
    fields,
    macros
      .filter((m) => (m.IngestionTypes & UPLOAD_INGESTION) !== 0)
      .map((m) => ({
        id: m.Field,
        action: m.Operation === 0 ? "append" : m.Operation === 1 ? "prepend" : "add",
        value: Array.isArray(fields[m.Field]) || m.Field === FIELD.keywords ? [m.Value] : m.Value,
      })),
  );
}

function builtinsOf(fields: FieldValues) {
  return {
    title: valuesOf(fields[FIELD.title]).join(" ").slice(0, 1000),
    description: valuesOf(fields[FIELD.description]).join(" ").slice(0, 10_000),
    tags: JSON.stringify(valuesOf(fields[FIELD.keywords]).slice(0, 1000)),
  };
}

async function markFailed(assetId: number, revisionNumber: number, reason: string) {
  // Only a first revision fails its asset; a failed later revision leaves the shown one.
  if (revisionNumber !== 1) return;
  await db()
    .updateTable("assets")
    .set({ state: "failed", failure: reason.slice(0, 1000), updated_at: now() })
    .where("id", "=", assetId)
    .where("state", "=", "processing")
    .execute();
}

function dateOnly(value: string | undefined): string | null {
  return value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
}

export async function ingest(job: Job, ctx: JobContext): Promise<IngestResult> {
  const { revisionId, fields: uploadFields } = job.payload as IngestPayload;
  const revision = await findRevision(revisionId);
  if (!revision) return { assetId: 0, revisionId, state: "gone" };
  const { assetId } = revision;
  if (revision.assetState === "ready" && revision.currentRevision >= revision.number) {
    return { assetId, revisionId, state: "ready" };
  }
  const archive = await findArchive(revision.archiveId);
  if (!archive) return { assetId, revisionId, state: "gone" };

  try {
    const watermark = await watermarkOf(archive.config);
    const outcome = await blobStore().withLocalFile(revision.blobHash, async (file) => {
      const type = await detectMediaType(await readHead(file), revision.fileName);
      const metadata: ExtractedMetadata = await extractMetadata(file);
      await ctx.progress(20);
      const rendered = await render(
        file,
        type.decodable,
        type.docType,
        type.extension,
        watermark,
        ctx.signal,
      );
      return { type, metadata, rendered };
    });
    await ctx.progress(70);
    const stored = await Promise.all(
      outcome.rendered.renditions.map(async (r) => ({
        ...r,
        blob: await blobStore().put(r.data, { signal: ctx.signal }),
      })),
    );
    await ctx.progress(90);

    const { metadata, type, rendered } = outcome;
    const fields = applyMacros(
      applyUploadFields({ ...metadata.fields }, uploadFields),
      archive.config.MetadataMacros.Macros,
    );
    const builtins = builtinsOf(fields);
    ctx.signal.throwIfAborted();
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("renditions").where("revision_id", "=", revisionId).execute();
        await trx
          .insertInto("renditions")
          .values(
            stored.map((r) => ({
              revision_id: revisionId,
              kind: r.kind,
              blob_hash: r.blob.hash,
              mime: "image/jpeg",
              width: r.width,
              height: r.height,
              file_size: r.blob.size,
            })),
          )
          .execute();
        await trx
          .updateTable("revisions")
          .set({ metadata: JSON.stringify(fields), mime: type.mime })
          .where("id", "=", revisionId)
          .execute();
        await trx
          .updateTable("assets")
          .set({
            state: "ready",
            failure: null,
            current_revision: revision.number,
            file_name: revision.fileName,
            doc_type: type.docType,
            mime: type.mime,
            extension: type.extension,
            file_size: revision.fileSize,
            width: rendered.width ?? metadata.width ?? null,
            height: rendered.height ?? metadata.height ?? null,
            color_space: rendered.colorSpace ?? metadata.colorSpace ?? null,
            orientation: metadata.orientation ?? null,
            metadata: JSON.stringify(fields),
            ...builtins,
            search_doc: searchDocument({
              fileName: revision.fileName,
              title: builtins.title,
              description: builtins.description,
              tags: valuesOf(fields[FIELD.keywords]),
              notes: "",
              status: "",
              fields,
            }),
            placeholder: rendered.placeholder,
            modified_date: dateOnly(metadata.dates.modified),
            iptc_date: dateOnly(metadata.dates.iptc),
            release_date: dateOnly(metadata.dates.release),
            camera_date: dateOnly(metadata.dates.camera),
            updated_at: now(),
          })
          .where("id", "=", assetId)
          // A later revision that finished first stays shown.
          .where("current_revision", "<=", revision.number)
          .execute();
      });
    return { assetId, revisionId, state: "ready" };
  } catch (error) {
    const permanent = error instanceof RefusedFileError || error instanceof UndecodableImageError;
    const reason = error instanceof Error ? error.message : String(error);
    if (permanent || job.attempts >= job.maxAttempts) {
      await markFailed(assetId, revision.number, reason);
    }
    if (permanent) throw new PermanentJobError(reason);
    throw error;
  }
}

/** The worker died on the last attempt (decision 008): the asset must not stay processing. */
ingest.abandoned = async (job: Job) => {
  const { revisionId } = job.payload as IngestPayload;
  const revision = await findRevision(revisionId);
  if (!revision) return;
  await markFailed(
    revision.assetId,
    revision.number,
    "Processing stopped before it finished, on every attempt (the server stopped or ran out of memory). Upload the file again, or ask an administrator.",
  );
};
