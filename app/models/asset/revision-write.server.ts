import type { Kysely } from "kysely";
import { now } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { Database, RevisionKind, RevisionRow, WritebackState } from "~/db/schema";
import { enqueue } from "~/jobs/queue.server";
import { FIELD, valuesOf, type FieldValues } from "~/models/metadata/metadata-fields";
import { FIXED_FIELD } from "~/models/metadata/metadata.schema";
import { searchDocument } from "~/models/search/search-document";
import { readObject } from "~/db/json-column";

/*
 * Every change to an asset after its upload makes a revision (issue 17, decision 044): an edit,
 * a rename, a rotation, a rollback. This is the one place that does it, inside the caller's
 * transaction, so the asset row, its search document and the new revision change together and
 * search, the grid and the details page see the edit at once. A revision that keeps its file
 * shares the blob and the renditions of the one it came from; its metadata is then written into
 * a copy of the file by the write-back job, which swaps the revision's blob once the copy is
 * verified (WRITEBACK_JOB, decision 044).
 */

export const WRITEBACK_JOB = "writeback";

export interface WritebackPayload {
  revisionId: number;
}

/** The asset's columns that follow its metadata: what the grid, sort and search read. */
export function metadataColumns(fields: FieldValues, fileName: string) {
  const title = valuesOf(fields[FIELD.title]).join(" ").slice(0, 1000);
  const description = valuesOf(fields[FIELD.description]).join(" ").slice(0, 10_000);
  const tags = valuesOf(fields[FIELD.keywords]).slice(0, 1000);
  const notes = valuesOf(fields[FIXED_FIELD.notes]).join(" ").slice(0, 10_000);
  const status = valuesOf(fields[FIXED_FIELD.status]).join(" ").slice(0, 1000);
  const rating = Number(valuesOf(fields[FIXED_FIELD.rating])[0] ?? 0);
  return {
    title,
    description,
    tags: JSON.stringify(tags),
    notes,
    status,
    rating: Number.isInteger(rating) && rating >= 0 && rating <= 5 ? rating : 0,
    metadata: JSON.stringify(fields),
    search_doc: searchDocument({ fileName, title, description, tags, notes, status, fields }),
  };
}

export interface NewFile {
  hash: string;
  size: number;
  mime: string;
  width: number | null;
  height: number | null;
  /** The new file's renditions, already stored as blobs. */
  renditions: {
    kind: "thumbnail" | "thumbnailRetina" | "preview";
    hash: string;
    size: number;
    width: number;
    height: number;
  }[];
  placeholder?: string | null;
}

export interface RevisionChange {
  kind: RevisionKind;
  userId: number | null;
  /** The background task that makes the revision, if one does. */
  jobId?: number | null;
  comment?: string;
  /** The complete new metadata; absent: the source revision's (or the asset's) stays. */
  fields?: FieldValues;
  fileName?: string;
  /**
   * The revision whose file (blob, renditions, write-back state) the new one takes: a rollback's
   * target. Absent: the current one.
   */
  fromNumber?: number;
  /** A new file (a rotation): it replaces the source's file and renditions. */
  file?: NewFile;
}

export interface WrittenRevision {
  assetId: number;
  revisionId: number;
  number: number;
  /** The asset's current revision number before this one. */
  previous: number;
}

export class RevisionSourceMissing extends Error {
  constructor(assetId: number, number: number) {
    super(`Asset ${assetId} has no revision ${number}.`);
    this.name = "RevisionSourceMissing";
  }
}

/**
 * Makes the asset's next revision and shows it, in `trx`. The new revision takes the source
 * revision's file unless `file` gives a new one; its metadata is `fields`, or for a rollback the
 * source's own. Metadata that differs from what the file carries is queued for write-back.
 */
export async function writeRevision(
  trx: Kysely<Database>,
  assetId: number,
  change: RevisionChange,
): Promise<WrittenRevision> {
  // Two revisions of one asset at once must not both take the next number.
  await lockRowForUpdate(trx, "assets", assetId);
  const asset = await trx
    .selectFrom("assets")
    .select(["id", "current_revision", "file_name", "metadata"])
    .where("id", "=", assetId)
    .executeTakeFirstOrThrow();
  const sourceNumber = change.fromNumber ?? asset.current_revision;
  const source: RevisionRow | undefined = await trx
    .selectFrom("revisions")
    .selectAll()
    .where("asset_id", "=", assetId)
    .where("number", "=", sourceNumber)
    .executeTakeFirst();
  if (!source) throw new RevisionSourceMissing(assetId, sourceNumber);
  const last = await trx
    .selectFrom("revisions")
    .select((eb) => eb.fn.max<number>("number").as("n"))
    .where("asset_id", "=", assetId)
    .executeTakeFirstOrThrow();
  const number = Number(last.n ?? 0) + 1;

  const rollback = change.fromNumber !== undefined;
  const fields =
    change.fields ??
    (rollback ? readObject<FieldValues>(source.metadata) : readObject<FieldValues>(asset.metadata));
  const fileName = change.fileName ?? (rollback ? source.file_name : asset.file_name);
  const file = change.file;
  // What the file will carry: a rollback's source file carries its own metadata (or will, once
  // its own write-back finishes); anything else with changed metadata needs writing.
  const sameMetadata = JSON.stringify(fields) === source.metadata;
  let writeback: WritebackState;
  if (file) writeback = "pending";
  else if (sameMetadata) writeback = source.writeback;
  else writeback = "pending";

  const inserted = await trx
    .insertInto("revisions")
    .values({
      asset_id: assetId,
      number,
      blob_hash: file?.hash ?? source.blob_hash,
      file_name: fileName,
      file_size: file?.size ?? source.file_size,
      mime: file?.mime ?? source.mime,
      metadata: JSON.stringify(fields),
      comment: change.comment ?? "",
      created_by: change.userId,
      created_at: now(),
      indexed_file_id: file ? null : source.indexed_file_id,
      kind: change.kind,
      job_id: change.jobId ?? null,
      writeback,
      sidecar_hash: !file && sameMetadata ? source.sidecar_hash : null,
      width: file ? file.width : source.width,
      height: file ? file.height : source.height,
      placeholder: file ? (file.placeholder ?? null) : source.placeholder,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  if (file) {
    if (file.renditions.length > 0)
      await trx
        .insertInto("renditions")
        .values(
          file.renditions.map((r) => ({
            revision_id: inserted.id,
            kind: r.kind,
            blob_hash: r.hash,
            mime: "image/jpeg",
            width: r.width,
            height: r.height,
            file_size: r.size,
          })),
        )
        .execute();
  } else {
    const renditions = await trx
      .selectFrom("renditions")
      .selectAll()
      .where("revision_id", "=", source.id)
      .execute();
    if (renditions.length > 0)
      await trx
        .insertInto("renditions")
        .values(renditions.map((r) => ({ ...r, revision_id: inserted.id })))
        .execute();
  }

  await trx
    .updateTable("assets")
    .set({
      current_revision: number,
      file_name: fileName,
      file_size: file?.size ?? source.file_size,
      mime: file?.mime ?? source.mime,
      // The file shown decides the size and placeholder: a new one's, or the source's when it
      // recorded them (a rollback to a rotated or re-uploaded file).
      ...(file
        ? {
            width: file.width,
            height: file.height,
            ...(file.placeholder !== undefined ? { placeholder: file.placeholder } : {}),
          }
        : source.width !== null && source.height !== null
          ? { width: source.width, height: source.height, placeholder: source.placeholder }
          : {}),
      ...metadataColumns(fields, fileName),
      updated_at: now(),
    })
    .where("id", "=", assetId)
    .execute();

  if (writeback === "pending") {
    const payload: WritebackPayload = { revisionId: inserted.id };
    await enqueue(WRITEBACK_JOB, payload, { ownerId: change.userId, executor: trx });
  }
  return { assetId, revisionId: inserted.id, number, previous: asset.current_revision };
}
