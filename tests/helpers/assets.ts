import { db, now } from "~/db/connection.server";
import type { AssetRow } from "~/db/schema";
import type { Archive } from "~/models/archive/archive.server";
import { searchDocument, searchableRow } from "~/models/search/search-document";

/*
 * Assets for listing and details tests, without files or ingest: rows as ingest leaves them, so
 * a test controls every sort key. The blobs they name do not exist; file requests would 404.
 */

export interface Seed {
  fileName: string;
  title?: string;
  size?: number;
  modified?: string | null;
  camera?: string | null;
  width?: number;
  height?: number;
  state?: AssetRow["state"];
  folder?: boolean;
  metadata?: Record<string, string | string[]>;
}

/** A ready asset with its first revision and a preview rendition, written directly. */
export async function insertAsset(target: Archive, seed: Seed, folderId?: number): Promise<number> {
  const at = now();
  const values = {
    file_name: seed.fileName,
    title: seed.title ?? "",
    description: "",
    tags: "[]",
    notes: "",
    status: "",
    metadata: JSON.stringify(seed.metadata ?? {}),
  };
  const { id } = await db()
    .insertInto("assets")
    .values({
      ...values,
      archive_id: target.id,
      folder_id: seed.folder ? (folderId ?? null) : null,
      state: seed.state ?? "ready",
      failure: null,
      current_revision: 1,
      doc_type: "image",
      mime: "image/jpeg",
      extension: "jpg",
      file_size: seed.size ?? 1000,
      width: seed.width ?? 300,
      height: seed.height ?? 200,
      color_space: "srgb",
      orientation: null,
      placeholder: null,
      modified_date: seed.modified ?? null,
      iptc_date: null,
      release_date: null,
      camera_date: seed.camera ?? null,
      search_doc: searchDocument(searchableRow(values)),
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db().updateTable("assets").set({ position: id }).where("id", "=", id).execute();
  const revision = await db()
    .insertInto("revisions")
    .values({
      asset_id: id,
      number: 1,
      blob_hash: "a".repeat(64),
      file_name: seed.fileName,
      file_size: seed.size ?? 1000,
      mime: "image/jpeg",
      created_by: null,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("renditions")
    .values({
      revision_id: revision.id,
      kind: "preview",
      blob_hash: "b".repeat(64),
      mime: "image/jpeg",
      width: 300,
      height: 200,
      file_size: 100,
    })
    .execute();
  return id;
}
