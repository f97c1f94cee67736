import type { Kysely } from "kysely";
import { db, now } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { AssetRow, Database, RenditionKind, RenditionRow } from "~/db/schema";
import { enqueue } from "~/jobs/queue.server";
import type { MediaType } from "~/media/media-type.server";
import type { UploadMetadataField } from "~/models/upload/upload.schema";
import { archiveHref } from "~/models/archive/archive.server";
import { assetRow } from "./asset-rows.server";

/*
 * Assets and their revisions. An asset is created "processing" together with its first revision
 * and its ingest job, in one transaction, and shown in views only once ingest made it "ready".
 */

export const INGEST_JOB = "ingest";

export interface IngestPayload {
  revisionId: number;
  /** How the file came in, for the archive's metadata macros; absent: an upload. */
  ingestion?: "upload" | "move" | "copy";
  /** Metadata given with the upload (API), applied over what the file holds. */
  fields?: UploadMetadataField[];
}

export interface NewContent {
  archiveId: number;
  blob: { hash: string; size: number };
  type: MediaType;
  fileName: string;
  userId: number | null;
  comment?: string;
  fields?: UploadMetadataField[];
  ingestion?: IngestPayload["ingestion"];
}

/** Finds or creates the folders of a path below an archive's root; null for the root. */
export async function ensureFolder(
  trx: Kysely<Database>,
  archiveId: number,
  folderPath: string,
): Promise<number | null> {
  if (folderPath === "") return null;
  let parentId: number | null = null;
  let path = "";
  for (const name of folderPath.split("/")) {
    path = path ? `${path}/${name}` : name;
    const found = await trx
      .selectFrom("folders")
      .select("id")
      .where("archive_id", "=", archiveId)
      .where("path", "=", path)
      .executeTakeFirst();
    if (found) {
      parentId = found.id;
      continue;
    }
    const created: { id: number } = await trx
      .insertInto("folders")
      .values({ archive_id: archiveId, parent_id: parentId, name, path, created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    parentId = created.id;
  }
  return parentId;
}

/** A new asset with its first revision, and the job that ingests it. */
export interface Created {
  assetId: number;
  revisionId: number;
  jobId: number;
}

/** Runs inside the transaction that made the asset or revision: its writes commit with them. */
export type Within = (trx: Kysely<Database>, created: Created) => Promise<void>;

export async function createAsset(
  content: NewContent & { folderPath?: string },
  within?: Within,
): Promise<Created> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const folderId = await ensureFolder(trx, content.archiveId, content.folderPath ?? "");
      const at = now();
      const asset = await trx
        .insertInto("assets")
        .values({
          archive_id: content.archiveId,
          folder_id: folderId,
          file_name: content.fileName,
          state: "processing",
          failure: null,
          current_revision: 1,
          doc_type: content.type.docType,
          mime: content.type.mime,
          extension: content.type.extension,
          file_size: content.blob.size,
          width: null,
          height: null,
          color_space: null,
          orientation: null,
          placeholder: null,
          modified_date: null,
          iptc_date: null,
          release_date: null,
          camera_date: null,
          created_by: content.userId,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Manual order starts as upload order.
      await trx
        .updateTable("assets")
        .set({ position: asset.id })
        .where("id", "=", asset.id)
        .execute();
      const created = await insertRevision(trx, asset.id, 1, content);
      await within?.(trx, created);
      return created;
    });
}

/** A new revision of an existing asset; the asset shows it once ingest has finished. */
export async function addRevision(
  assetId: number,
  content: NewContent,
  within?: Within,
): Promise<Created> {
  return db()
    .transaction()
    .execute(async (trx) => {
      // Two new revisions of one asset at once must not both take the next number: PostgreSQL
      // locks the asset's row until commit; SQLite runs one write transaction at a time.
      await lockRowForUpdate(trx, "assets", assetId);
      const last = await trx
        .selectFrom("revisions")
        .select((eb) => eb.fn.max<number>("number").as("n"))
        .where("asset_id", "=", assetId)
        .executeTakeFirst();
      const created = await insertRevision(trx, assetId, Number(last?.n ?? 0) + 1, content);
      await within?.(trx, created);
      return created;
    });
}

async function insertRevision(
  trx: Kysely<Database>,
  assetId: number,
  number: number,
  content: NewContent,
) {
  const revision = await trx
    .insertInto("revisions")
    .values({
      asset_id: assetId,
      number,
      blob_hash: content.blob.hash,
      file_name: content.fileName,
      file_size: content.blob.size,
      mime: content.type.mime,
      comment: content.comment ?? "",
      created_by: content.userId,
      created_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const payload: IngestPayload = {
    revisionId: revision.id,
    fields: content.fields,
    ...(content.ingestion && content.ingestion !== "upload"
      ? { ingestion: content.ingestion }
      : {}),
  };
  const job = await enqueue(INGEST_JOB, payload, { ownerId: content.userId, executor: trx });
  return { assetId, revisionId: revision.id, jobId: job.id };
}

/** An asset in the archive already holding this exact content (import skips those). */
export async function findAssetWithContent(
  archiveId: number,
  hash: string,
): Promise<number | null> {
  const row = await db()
    .selectFrom("revisions")
    .innerJoin("assets", "assets.id", "revisions.asset_id")
    .select("assets.id")
    .where("assets.archive_id", "=", archiveId)
    .where("revisions.blob_hash", "=", hash)
    .where("assets.state", "!=", "failed")
    .where("assets.trash_id", "is", null)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findAsset(id: number): Promise<AssetRow | null> {
  return (await assetRow(id)) ?? null;
}

export interface RevisionWithAsset {
  revisionId: number;
  number: number;
  blobHash: string;
  fileName: string;
  fileSize: number;
  mime: string;
  assetId: number;
  archiveId: number;
  assetState: AssetRow["state"];
  currentRevision: number;
  /** The asset's pixel size now (the current revision's). */
  width: number | null;
  height: number | null;
}

export async function findRevision(revisionId: number): Promise<RevisionWithAsset | null> {
  const row = await db()
    .selectFrom("revisions")
    .innerJoin("assets", "assets.id", "revisions.asset_id")
    .select([
      "revisions.id as revisionId",
      "revisions.number",
      "revisions.blob_hash as blobHash",
      "revisions.file_name as fileName",
      "revisions.file_size as fileSize",
      "revisions.mime",
      "assets.id as assetId",
      "assets.archive_id as archiveId",
      "assets.state as assetState",
      "assets.current_revision as currentRevision",
      "assets.width",
      "assets.height",
    ])
    .where("revisions.id", "=", revisionId)
    .executeTakeFirst();
  return row ? { ...row, fileSize: Number(row.fileSize) } : null;
}

/** The revision an asset shows now. */
export async function currentRevisionId(assetId: number): Promise<number | null> {
  const row = await db()
    .selectFrom("revisions")
    .innerJoin("assets", "assets.id", "revisions.asset_id")
    .select("revisions.id")
    .where("assets.id", "=", assetId)
    .whereRef("revisions.number", "=", "assets.current_revision")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function renditionsOf(revisionId: number): Promise<RenditionRow[]> {
  return db().selectFrom("renditions").selectAll().where("revision_id", "=", revisionId).execute();
}

export async function findRendition(
  revisionId: number,
  kind: RenditionKind,
): Promise<RenditionRow | null> {
  return (
    (await db()
      .selectFrom("renditions")
      .selectAll()
      .where("revision_id", "=", revisionId)
      .where("kind", "=", kind)
      .executeTakeFirst()) ?? null
  );
}

/** The API's asset URL. */
export function assetHref(
  archiveId: number,
  archiveName: string,
  asset: { id: number; fileName: string },
) {
  return `${archiveHref(archiveId, archiveName)}${asset.id}-${encodeURIComponent(asset.fileName)}.info`;
}

/** The asset id in an asset href segment like "42-photo.jpg.info". */
export function assetIdFromSegment(segment: string): number | null {
  const match = /^(\d{1,12})-.*\.info$/s.exec(segment);
  return match ? Number(match[1]) : null;
}

export async function countAssets(archiveId: number, state?: AssetRow["state"]): Promise<number> {
  let query = db()
    .selectFrom("assets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("archive_id", "=", archiveId);
  if (state) query = query.where("state", "=", state);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
