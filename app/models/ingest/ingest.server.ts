import { db, now } from "~/db/connection.server";
import type { RenditionKind } from "~/db/schema";
import type { MediaType } from "~/media/media-type.server";
import type { ExtractedMetadata } from "~/media/metadata.server";
import type { MetadataMacro } from "~/models/archive/archive.schema";
import { setAssetFieldsInState, setShownRevisionFields } from "~/models/asset/asset-rows.server";
import type { RevisionWithAsset } from "~/models/asset/asset.server";
import { FIELD, valuesOf, type FieldValues } from "~/models/metadata/metadata-fields";
import { searchDocument } from "~/models/search/search-document";
import type { UploadMetadataField } from "~/models/upload/upload.schema";

/*
 * What ingest records (decision 008): one revision's metadata and renditions, and the asset made
 * ready with them. The job (app/jobs/handlers/ingest.server.ts) reads the file and renders; these
 * functions hold the rules and the writes, so they can be replayed: renditions are replaced, and
 * a later revision already shown is never overwritten by an earlier one finishing late.
 */

/** What an ingest job answers; the background task status shows the asset it made. */
export interface IngestResult {
  assetId: number;
  revisionId: number;
  state: "ready" | "failed" | "gone";
  failure?: string;
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

/** How a file enters an archive; each is a bit of a macro's IngestionTypes (spec 001 §3, §9). */
export const INGESTION_BITS = { upload: 1, move: 2, copy: 4 } as const;
export type IngestionType = keyof typeof INGESTION_BITS;

/**
 * The archive's metadata macros for one way in (decision 043): those whose IngestionTypes mask
 * holds its bit, in their order; 0 append, 1 prepend, 2 replace. Uploads (every upload path) run
 * the upload macros, the import command the copy macros; issue 17's move and copy jobs call it
 * with "move" and "copy".
 */
export function applyMacros(
  fields: FieldValues,
  macros: readonly MetadataMacro[],
  ingestion: IngestionType,
) {
  const bit = INGESTION_BITS[ingestion];
  return applyUploadFields(
    fields,
    macros
      .filter((m) => (m.IngestionTypes & bit) !== 0)
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

function dateOnly(value: string | undefined): string | null {
  return value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
}

/** Marks a first revision's asset failed; a failed later revision leaves the shown one. */
export async function markIngestFailed(assetId: number, revisionNumber: number, reason: string) {
  if (revisionNumber !== 1) return;
  await setAssetFieldsInState(assetId, "processing", {
    state: "failed",
    failure: reason.slice(0, 1000),
    updated_at: now(),
  });
}

export interface StoredRendition {
  kind: RenditionKind;
  width: number;
  height: number;
  blob: { hash: string; size: number };
}

export interface IngestOutcome {
  revision: RevisionWithAsset;
  type: MediaType;
  metadata: ExtractedMetadata;
  /** The file's fields with the upload's changes and the archive's macros applied. */
  fields: FieldValues;
  renditions: StoredRendition[];
  placeholder: string | null;
  /** As rendered; the file's metadata stands in where the file could not be decoded. */
  width?: number;
  height?: number;
  colorSpace?: string;
  resolution?: number;
}

/**
 * Records a finished ingest in one transaction: the revision's renditions (replaced), metadata
 * and type, and the asset ready with them, unless a later revision is shown already.
 */
export async function recordIngest(outcome: IngestOutcome): Promise<void> {
  const { revision, type, metadata, fields } = outcome;
  const builtins = builtinsOf(fields);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("renditions").where("revision_id", "=", revision.revisionId).execute();
      await trx
        .insertInto("renditions")
        .values(
          outcome.renditions.map((r) => ({
            revision_id: revision.revisionId,
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
        .set({
          metadata: JSON.stringify(fields),
          mime: type.mime,
          width: outcome.width ?? metadata.width ?? null,
          height: outcome.height ?? metadata.height ?? null,
          placeholder: outcome.placeholder,
        })
        .where("id", "=", revision.revisionId)
        .execute();
      await setShownRevisionFields(
        revision.assetId,
        revision.number,
        {
          state: "ready",
          failure: null,
          current_revision: revision.number,
          file_name: revision.fileName,
          doc_type: type.docType,
          mime: type.mime,
          extension: type.extension,
          file_size: revision.fileSize,
          width: outcome.width ?? metadata.width ?? null,
          height: outcome.height ?? metadata.height ?? null,
          color_space: outcome.colorSpace ?? metadata.colorSpace ?? null,
          orientation: metadata.orientation ?? null,
          resolution: outcome.resolution ?? null,
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
          placeholder: outcome.placeholder,
          modified_date: dateOnly(metadata.dates.modified),
          iptc_date: dateOnly(metadata.dates.iptc),
          release_date: dateOnly(metadata.dates.release),
          camera_date: dateOnly(metadata.dates.camera),
          updated_at: now(),
        },
        trx,
      );
    });
}
