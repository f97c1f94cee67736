import { db } from "~/db/connection.server";
import type { WritebackState } from "~/db/schema";
import type { CustomFieldToWrite } from "~/media/metadata-write.server";
import { valuesOf, type FieldValues } from "~/models/metadata/metadata-fields";
import { FIRST_CUSTOM_FIELD_ID } from "~/models/metadata/metadata.schema";
import { fieldsById } from "~/models/metadata/metadata.server";
import { readObject } from "~/db/json-column";

/*
 * The rows of write-back (decision 050): which revision waits, and recording what the job made.
 * Every record is conditional on the revision still waiting with the file the job read, so a
 * job run twice (a lease taken over) or overtaken changes nothing the second time.
 */

export interface WritebackRevision {
  revisionId: number;
  assetId: number;
  number: number;
  blobHash: string;
  mime: string;
  fileName: string;
  /** A path archive's file (decision 042): never written, a sidecar instead. */
  indexedFileId: number | null;
  writeback: WritebackState;
  fields: FieldValues;
}

export async function findWritebackRevision(revisionId: number): Promise<WritebackRevision | null> {
  const row = await db()
    .selectFrom("revisions")
    .select([
      "id",
      "asset_id",
      "number",
      "blob_hash",
      "mime",
      "file_name",
      "indexed_file_id",
      "writeback",
      "metadata",
    ])
    .where("id", "=", revisionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    revisionId: row.id,
    assetId: row.asset_id,
    number: row.number,
    blobHash: row.blob_hash,
    mime: row.mime,
    fileName: row.file_name,
    indexedFileId: row.indexed_file_id,
    writeback: row.writeback,
    fields: readObject<FieldValues>(row.metadata),
  };
}

/**
 * The custom fields of `fields` that go into a file: those still defined, except passwords,
 * which must never leave the database in a downloadable file.
 */
export async function customFieldsToWrite(fields: FieldValues): Promise<CustomFieldToWrite[]> {
  const ids = Object.keys(fields)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id >= FIRST_CUSTOM_FIELD_ID);
  if (ids.length === 0) return [];
  const definitions = await fieldsById();
  return ids.flatMap((id) => {
    const definition = definitions.get(id);
    if (!definition || definition.IsBuiltin || definition.DataType === "password") return [];
    const values = valuesOf(fields[id]).map((v) => v.slice(0, definition.MaxSize || 10_000));
    return values.length > 0 ? [{ id, values }] : [];
  });
}

export type WritebackRecord =
  | { state: "done"; hash: string; size: number }
  | { state: "sidecar"; sidecarHash: string; reason: string }
  | { state: "failed"; reason: string };

/**
 * Records the job's outcome if the revision still waits with the file the job read; false when
 * it does not (someone else recorded first). A new file becomes the revision's, and the asset's
 * size follows when the revision is the one shown.
 */
export async function recordWriteback(
  revision: Pick<WritebackRevision, "revisionId" | "assetId" | "number" | "blobHash">,
  record: WritebackRecord,
): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("revisions")
        .set(
          record.state === "done"
            ? {
                blob_hash: record.hash,
                file_size: record.size,
                writeback: "done",
                writeback_error: null,
                sidecar_hash: null,
              }
            : record.state === "sidecar"
              ? {
                  writeback: "sidecar",
                  sidecar_hash: record.sidecarHash,
                  writeback_error: record.reason.slice(0, 1000),
                }
              : { writeback: "failed", writeback_error: record.reason.slice(0, 1000) },
        )
        .where("id", "=", revision.revisionId)
        .where("writeback", "=", "pending")
        .where("blob_hash", "=", revision.blobHash)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      if (record.state === "done") {
        await trx
          .updateTable("assets")
          .set({ file_size: record.size })
          .where("id", "=", revision.assetId)
          .where("current_revision", "=", revision.number)
          .execute();
      }
      return true;
    });
}

/** The XMP sidecar of a revision, when write-back made one. */
export async function sidecarOf(
  revisionId: number,
): Promise<{ hash: string; fileName: string } | null> {
  const row = await db()
    .selectFrom("revisions")
    .select(["sidecar_hash", "file_name"])
    .where("id", "=", revisionId)
    .executeTakeFirst();
  if (!row?.sidecar_hash) return null;
  return { hash: row.sidecar_hash, fileName: `${row.file_name.replace(/\.[^.]*$/, "")}.xmp` };
}
