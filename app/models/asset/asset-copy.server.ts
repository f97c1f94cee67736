import { createReadStream } from "node:fs";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { now } from "~/db/connection.server";
import type { AssetRow, Database, RevisionKind, RevisionRow, WritebackState } from "~/db/schema";
import { enqueue } from "~/jobs/queue.server";
import { detectFileMediaType } from "~/media/media-type.server";
import { withOriginalFile } from "~/models/archive/path-files.server";
import type { FieldValues } from "~/models/metadata/metadata-fields";
import { blobStore } from "~/storage/blob-store.server";
import { endOfManualOrder, setAssetFields } from "./asset-rows.server";
import { metadataColumns, WRITEBACK_JOB, type WritebackPayload } from "./revision-write.server";

/*
 * A new asset made from a revision of another (issue 17's duplicate, copy revision and copy to
 * another archive, decision 048): its revision 1 takes the revision's blob (content-addressed, so
 * nothing is copied) and its renditions' rows, so it is ready at once and no ingest runs. Only a
 * path archive's file, which lives on disk and not in the blob store, becomes a blob first.
 */

/** What the file work before the transaction found out about the revision's file. */
export interface CopiedFile {
  hash: string;
  size: number;
  /** Known only when the revision is not the asset's current one (whose row holds them). */
  facts?: {
    mime: string;
    extension: string;
    docType: string;
    width: number | null;
    height: number | null;
  };
}

/**
 * The file of `revision` as a blob a new asset can own (a path archive's file is stored into the
 * blob store), and, for a revision other than the current one, its type and displayed size.
 * Outside any transaction: reading files takes time; the blob put is idempotent.
 */
export async function prepareCopiedFile(
  asset: Pick<AssetRow, "current_revision">,
  revision: Pick<
    RevisionRow,
    "id" | "number" | "blob_hash" | "file_name" | "file_size" | "indexed_file_id"
  >,
): Promise<CopiedFile> {
  const original = { revisionId: revision.id, blobHash: revision.blob_hash };
  const current = revision.number === asset.current_revision;
  const own = { hash: revision.blob_hash, size: Number(revision.file_size) };
  if (revision.indexed_file_id === null && current) return own;
  return withOriginalFile(original, async (file) => {
    // A stream, not putFile: `file` is the held-open descriptor's /proc path, which putFile's
    // refusal to follow links would not open.
    const blob =
      revision.indexed_file_id === null ? own : await blobStore().put(createReadStream(file));
    if (current) return blob;
    const type = await detectFileMediaType(file, revision.file_name);
    let width: number | null = null;
    let height: number | null = null;
    if (type.decodable) {
      const meta = await sharp(file, { limitInputPixels: false })
        .metadata()
        .catch(() => null);
      if (meta) {
        width = meta.autoOrient?.width ?? meta.width ?? null;
        height = meta.autoOrient?.height ?? meta.height ?? null;
      }
    }
    return {
      ...blob,
      facts: { mime: type.mime, extension: type.extension, docType: type.docType, width, height },
    };
  });
}

export interface AssetCopy {
  source: AssetRow;
  revision: RevisionRow;
  file: CopiedFile;
  archiveId: number;
  folderId: number | null;
  fileName: string;
  fields: FieldValues;
  kind: Extract<RevisionKind, "duplicate" | "copy">;
  userId: number | null;
  jobId: number;
  /** Manual order position; absent: after everything in the archive. */
  position?: number;
}

/** Makes the new asset in `trx`; answers its id. */
export async function insertAssetCopy(trx: Kysely<Database>, copy: AssetCopy): Promise<number> {
  const { source, revision, file } = copy;
  const at = now();
  const facts = file.facts;
  const sameFile = facts === undefined;
  const metadata = JSON.stringify(copy.fields);
  const asset = await trx
    .insertInto("assets")
    .values({
      archive_id: copy.archiveId,
      folder_id: copy.folderId,
      file_name: copy.fileName,
      state: "ready",
      failure: null,
      current_revision: 1,
      doc_type: facts?.docType ?? source.doc_type,
      mime: facts?.mime ?? source.mime,
      extension: facts?.extension ?? source.extension,
      file_size: file.size,
      width: sameFile ? source.width : facts.width,
      height: sameFile ? source.height : facts.height,
      color_space: sameFile ? source.color_space : null,
      orientation: sameFile ? source.orientation : null,
      resolution: sameFile ? source.resolution : null,
      placeholder: sameFile ? source.placeholder : null,
      modified_date: source.modified_date,
      iptc_date: source.iptc_date,
      release_date: source.release_date,
      camera_date: source.camera_date,
      ...metadataColumns(copy.fields, copy.fileName),
      created_by: copy.userId,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const position = copy.position ?? (await endOfManualOrder(copy.archiveId, trx));
  await setAssetFields(asset.id, { position }, trx);

  // The file carries the source revision's metadata; changed metadata (macros) is written anew.
  const sameMetadata = metadata === revision.metadata && revision.indexed_file_id === null;
  const writeback: WritebackState = sameMetadata ? revision.writeback : "pending";
  const inserted = await trx
    .insertInto("revisions")
    .values({
      asset_id: asset.id,
      number: 1,
      blob_hash: file.hash,
      file_name: copy.fileName,
      file_size: file.size,
      mime: revision.mime,
      metadata,
      comment: "",
      created_by: copy.userId,
      created_at: at,
      indexed_file_id: null,
      kind: copy.kind,
      job_id: copy.jobId,
      writeback,
      sidecar_hash: sameMetadata ? revision.sidecar_hash : null,
      width: revision.width,
      height: revision.height,
      placeholder: revision.placeholder,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const renditions = await trx
    .selectFrom("renditions")
    .selectAll()
    .where("revision_id", "=", revision.id)
    .execute();
  if (renditions.length > 0)
    await trx
      .insertInto("renditions")
      .values(renditions.map((r) => ({ ...r, revision_id: inserted.id })))
      .execute();
  if (writeback === "pending") {
    const payload: WritebackPayload = { revisionId: inserted.id };
    await enqueue(WRITEBACK_JOB, payload, { ownerId: copy.userId, executor: trx });
  }
  return asset.id;
}

/**
 * "photo (copy).jpg", or "(copy 2)", "(copy 3)"... when that is taken in the folder, within 255
 * bytes (the base is shortened, never the extension).
 */
export async function copyName(
  trx: Kysely<Database>,
  archiveId: number,
  folderId: number | null,
  fileName: string,
): Promise<string> {
  const dot = fileName.lastIndexOf(".");
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const extension = dot > 0 ? fileName.slice(dot) : "";
  const taken = async (name: string) => {
    let query = trx
      .selectFrom("assets")
      .select("id")
      .where("archive_id", "=", archiveId)
      .where("file_name", "=", name)
      .where("trash_id", "is", null);
    query =
      folderId === null
        ? query.where("folder_id", "is", null)
        : query.where("folder_id", "=", folderId);
    return (await query.executeTakeFirst()) !== undefined;
  };
  const encoder = new TextEncoder();
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? " (copy)" : ` (copy ${n})`;
    const cut = Array.from(base);
    while (cut.length > 0 && encoder.encode(cut.join("") + suffix + extension).length > 255)
      cut.pop();
    const name = cut.join("") + suffix + extension;
    if (n > 1000 || !(await taken(name))) return name;
  }
}
