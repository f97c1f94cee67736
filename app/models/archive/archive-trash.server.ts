import type { Kysely } from "kysely";
import { db, now } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { Database, TrashEntryRow } from "~/db/schema";
import { requireArchiveAdministration } from "~/models/access/access.server";
import {
  assetTrashMarks,
  clearAssetTrashMark,
  clearEntryTrashMarks,
  deleteEntryAssets,
  entryAssetIds,
  markArchiveAssetsTrashed,
  markAssetsTrashed,
  untrashedAssetCount,
} from "~/models/asset/asset-rows.server";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import { discardUnreferenced } from "~/models/upload/upload.server";
import type { Viewer } from "~/models/user/user.schema";
import { env } from "~/utils/env.server";
import { ARCHIVE_NOT_IN_LIST } from "./archive-order.server";
import { archiveNameSchema } from "./archive.schema";

/*
 * The trash can (decision 043). What is deleted is marked, not copied: a deleted archive keeps
 * its row (configuration, members, folders) with its name freed, and its assets keep theirs
 * (archive and folder: where they came from), each pointing at one trash entry. Everything
 * marked is invisible everywhere (the access module's visibility condition, findArchive,
 * listArchives). After TRASH_DAYS the entry is purged for good, blobs too unless another revision
 * or rendition holds the same content; a restore clears the marks.
 */

/** Keyed (decision 106), as every refusal here: the trash page reads them in its reader's language. */
export const TRASH_ENTRY_NOT_FOUND = keyed("grid.refusal.trashEntryNotFound");

export interface TrashEntry {
  id: number;
  kind: TrashEntryRow["kind"];
  archiveId: number;
  /** The archive's name when it was deleted. */
  name: string;
  assetCount: number;
  deletedAt: string;
  expiresAt: string;
}

function toEntry(row: TrashEntryRow): TrashEntry {
  return {
    id: row.id,
    kind: row.kind,
    archiveId: row.archive_id,
    name: row.name,
    assetCount: Number(row.asset_count),
    deletedAt: row.deleted_at,
    expiresAt: row.expires_at,
  };
}

/** What a trashed archive's name_key becomes: names never hold control characters, so no clash. */
const trashedNameKey = (entryId: number) => `\u0001trash:${entryId}`;

function expiryFrom(at: Date): string {
  return new Date(at.getTime() + env().TRASH_DAYS * 24 * 60 * 60_000).toISOString();
}

// The archive list's counts, under the names it has always imported them by.
export {
  untrashedAssetCount as archiveAssetCount,
  untrashedAssetCountsByArchive as assetCountsByArchive,
} from "~/models/asset/asset-rows.server";

export interface DeletedArchive {
  name: string;
  assetCount: number;
  trashId: number;
  expiresAt: string;
}

/**
 * Deletes an archive into the trash can with everything it holds. An archive holding assets is
 * deleted only with `confirmAssets: true`; without it the answer is a conflict Problem saying how
 * many assets would go (details.assetCount), and nothing changes. Only for manageArchives holders;
 * an unknown or already deleted id is not-found.
 */
export async function deleteArchive(
  viewer: Viewer,
  id: number,
  options: { confirmAssets?: boolean } = {},
): Promise<DeletedArchive> {
  await requireArchiveAdministration(viewer);
  if (!Number.isSafeInteger(id) || id < 1) throw new Problem("not-found", ARCHIVE_NOT_IN_LIST);
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockRowForUpdate(trx, "archives", id);
      const archive = await trx
        .selectFrom("archives")
        .select(["id", "name"])
        .where("id", "=", id)
        .where("trash_id", "is", null)
        .executeTakeFirst();
      if (!archive) throw new Problem("not-found", ARCHIVE_NOT_IN_LIST);
      const assetCount = await untrashedAssetCount(id, trx);
      if (assetCount > 0 && options.confirmAssets !== true)
        throw new Problem(
          "conflict",
          keyed("grid.refusal.confirmAssets", { name: archive.name, count: assetCount }),
          { code: "confirm_assets" },
        );
      const at = new Date();
      const entry = await trx
        .insertInto("trash_entries")
        .values({
          kind: "archive",
          archive_id: id,
          name: archive.name,
          asset_count: assetCount,
          deleted_by: viewer.isGuest ? null : viewer.id,
          deleted_at: at.toISOString(),
          expires_at: expiryFrom(at),
        })
        .returning(["id", "expires_at"])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("archives")
        .set((eb) => ({
          trash_id: entry.id,
          name_key: trashedNameKey(entry.id),
          updated_at: at.toISOString(),
          revision: eb("revision", "+", 1),
        }))
        .where("id", "=", id)
        .execute();
      await markArchiveAssetsTrashed(id, entry.id, trx);
      return {
        name: archive.name,
        assetCount,
        trashId: entry.id,
        expiresAt: entry.expires_at,
      };
    });
}

/**
 * Moves single assets of one archive into the trash can (issue 17's "delete"); the caller has
 * checked the Delete permission on each. Assets already in the trash can or in another archive
 * are left alone. Answers the entry, or null when nothing was moved.
 */
export async function moveAssetsToTrash(
  archiveId: number,
  assetIds: number[],
  deletedBy: number | null,
): Promise<TrashEntry | null> {
  const ids = assetIds.filter((i) => Number.isSafeInteger(i));
  if (ids.length === 0) return null;
  return db()
    .transaction()
    .execute(async (trx) => {
      const archive = await trx
        .selectFrom("archives")
        .select("name")
        .where("id", "=", archiveId)
        .where("trash_id", "is", null)
        .executeTakeFirst();
      if (!archive) return null;
      const at = new Date();
      const entry = await trx
        .insertInto("trash_entries")
        .values({
          kind: "assets",
          archive_id: archiveId,
          name: archive.name,
          asset_count: 0,
          deleted_by: deletedBy,
          deleted_at: at.toISOString(),
          expires_at: expiryFrom(at),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const count = await markAssetsTrashed(archiveId, ids, entry.id, trx);
      if (count === 0) {
        await trx.deleteFrom("trash_entries").where("id", "=", entry.id).execute();
        return null;
      }
      await trx
        .updateTable("trash_entries")
        .set({ asset_count: count })
        .where("id", "=", entry.id)
        .execute();
      return toEntry({ ...entry, asset_count: count });
    });
}

/**
 * Moves one asset into the trash can inside the caller's transaction (a background task's delete,
 * decision 048), so the move commits with the task's record of it. `joinEntry` names an entry of
 * the same archive to add the asset to (the one the task made for the assets before it), so a
 * task deleting thousands of assets leaves one entry per archive, not thousands; a missing or
 * purged one is replaced by a new entry. Answers the entry, or null when the asset was not there
 * to move (already in the trash can, gone, in another archive).
 */
export async function trashAssetWithin(
  trx: Kysely<Database>,
  archiveId: number,
  assetId: number,
  deletedBy: number | null,
  joinEntry: number | null = null,
): Promise<number | null> {
  const archive = await trx
    .selectFrom("archives")
    .select("name")
    .where("id", "=", archiveId)
    .where("trash_id", "is", null)
    .executeTakeFirst();
  if (!archive) return null;
  let entryId: number | null = null;
  if (joinEntry !== null) {
    const joined = await trx
      .updateTable("trash_entries")
      .set((eb) => ({ asset_count: eb("asset_count", "+", 1) }))
      .where("id", "=", joinEntry)
      .where("kind", "=", "assets")
      .where("archive_id", "=", archiveId)
      .executeTakeFirst();
    if (Number(joined.numUpdatedRows) > 0) entryId = joinEntry;
  }
  if (entryId === null) {
    const at = new Date();
    const entry = await trx
      .insertInto("trash_entries")
      .values({
        kind: "assets",
        archive_id: archiveId,
        name: archive.name,
        asset_count: 1,
        deleted_by: deletedBy,
        deleted_at: at.toISOString(),
        expires_at: expiryFrom(at),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    entryId = entry.id;
  }
  if ((await markAssetsTrashed(archiveId, assetId, entryId, trx)) === 0) {
    // Nothing moved: take back the count (or the entry) made for it.
    await trx
      .updateTable("trash_entries")
      .set((eb) => ({ asset_count: eb("asset_count", "-", 1) }))
      .where("id", "=", entryId)
      .execute();
    await trx
      .deleteFrom("trash_entries")
      .where("id", "=", entryId)
      .where("asset_count", "<=", 0)
      .execute();
    return null;
  }
  return entryId;
}

export type AssetRestore = "restored" | "emptied" | "not-in-trash" | "archive-in-trash";

/**
 * Takes one asset out of the trash can inside the caller's transaction (undoing a task's delete):
 * it goes back to its archive and folder, and its entry shrinks, or goes once empty. "emptied"
 * when the asset was purged meanwhile, "not-in-trash" when someone restored it already,
 * "archive-in-trash" when its archive was deleted since (restore the archive first).
 */
export async function restoreAssetWithin(
  trx: Kysely<Database>,
  assetId: number,
): Promise<AssetRestore> {
  await lockRowForUpdate(trx, "assets", assetId);
  const asset = await assetTrashMarks(assetId, trx);
  if (!asset) return "emptied";
  if (asset.trash_id === null) return "not-in-trash";
  if (asset.archiveTrashId !== null) return "archive-in-trash";
  await clearAssetTrashMark(assetId, trx);
  await trx
    .updateTable("trash_entries")
    .set((eb) => ({ asset_count: eb("asset_count", "-", 1) }))
    .where("id", "=", asset.trash_id)
    .execute();
  await trx
    .deleteFrom("trash_entries")
    .where("id", "=", asset.trash_id)
    .where("asset_count", "<=", 0)
    .execute();
  return "restored";
}

/** Everything in the trash can, soonest to expire first. Only for manageArchives holders. */
export async function listTrash(viewer: Viewer): Promise<TrashEntry[]> {
  await requireArchiveAdministration(viewer);
  const rows = await db()
    .selectFrom("trash_entries")
    .selectAll()
    .orderBy("expires_at")
    .orderBy("id")
    .execute();
  return rows.map(toEntry);
}

export async function findTrashEntry(viewer: Viewer, id: number): Promise<TrashEntry> {
  await requireArchiveAdministration(viewer);
  const row = Number.isSafeInteger(id)
    ? await db().selectFrom("trash_entries").selectAll().where("id", "=", id).executeTakeFirst()
    : undefined;
  if (!row) throw new Problem("not-found", TRASH_ENTRY_NOT_FOUND);
  return toEntry(row);
}

/** A free name for a restored archive: its own, else "name (restored)", "(restored 2)", ... */
async function freeName(trx: Kysely<Database>, wanted: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? "" : n === 2 ? " (restored)" : ` (restored ${n - 1})`;
    const name = archiveNameSchema.parse(wanted.slice(0, 100 - suffix.length) + suffix);
    const taken = await trx
      .selectFrom("archives")
      .select("id")
      .where("name_key", "=", name.toLowerCase())
      .executeTakeFirst();
    if (!taken) return name;
  }
  throw new Problem("conflict", keyed("grid.refusal.noFreeName", { name: wanted }));
}

export interface RestoredEntry {
  kind: TrashEntry["kind"];
  /** The archive's name after the restore (another one when its own was taken meanwhile). */
  name: string;
  renamed: boolean;
  assetCount: number;
}

/**
 * Takes an entry out of the trash can: a deleted archive comes back with its assets, under its
 * name or, when another archive took it meanwhile, a new one, at the end of the order; assets
 * deleted one by one go back to their archive (an entry whose archive is itself in the trash can
 * waits for that archive). Only for manageArchives holders.
 */
export async function restoreTrash(viewer: Viewer, id: number): Promise<RestoredEntry> {
  await requireArchiveAdministration(viewer);
  if (!Number.isSafeInteger(id)) throw new Problem("not-found", TRASH_ENTRY_NOT_FOUND);
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("trash_entries")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) throw new Problem("not-found", TRASH_ENTRY_NOT_FOUND);
      await lockRowForUpdate(trx, "archives", row.archive_id);
      let name = row.name;
      if (row.kind === "archive") {
        name = await freeName(trx, row.name);
        await trx
          .updateTable("archives")
          .set((eb) => ({
            trash_id: null,
            name,
            name_key: name.toLowerCase(),
            // Back among the archives never placed: after the placed ones, by name.
            sort_id: 0,
            updated_at: now(),
            revision: eb("revision", "+", 1),
          }))
          .where("id", "=", row.archive_id)
          .where("trash_id", "=", row.id)
          .execute();
      } else {
        const archive = await trx
          .selectFrom("archives")
          .select(["name", "trash_id"])
          .where("id", "=", row.archive_id)
          .executeTakeFirst();
        if (!archive || archive.trash_id !== null)
          throw new Problem("conflict", keyed("grid.refusal.archiveInTrash", { name: row.name }));
        name = archive.name;
      }
      const assetCount = await clearEntryTrashMarks(row.id, trx);
      await trx.deleteFrom("trash_entries").where("id", "=", row.id).execute();
      return {
        kind: row.kind,
        name,
        renamed: name !== row.name,
        assetCount,
      };
    });
}

/** Removes an entry for good: its assets, their revisions and renditions, and unshared blobs. */
async function purgeEntry(row: TrashEntryRow): Promise<number> {
  const hashes = new Set<string>();
  const assetIds = entryAssetIds(row.id);
  const revisionIds = db().selectFrom("revisions").select("id").where("asset_id", "in", assetIds);
  const [revisions, renditions] = await Promise.all([
    db().selectFrom("revisions").select("blob_hash").where("asset_id", "in", assetIds).execute(),
    db()
      .selectFrom("renditions")
      .select("blob_hash")
      .where("revision_id", "in", revisionIds)
      .execute(),
  ]);
  for (const r of [...revisions, ...renditions]) hashes.add(r.blob_hash);
  const removed = await db()
    .transaction()
    .execute(async (trx) => {
      // Gone already (restored or purged by another process): nothing to do.
      const still = await trx
        .deleteFrom("trash_entries")
        .where("id", "=", row.id)
        .executeTakeFirst();
      if (Number(still.numDeletedRows) === 0) return 0;
      const deleted = await deleteEntryAssets(row.id, trx);
      if (row.kind === "archive")
        await trx
          .deleteFrom("archives")
          .where("id", "=", row.archive_id)
          .where("trash_id", "=", row.id)
          .execute();
      return deleted;
    });
  // After the rows: a blob is removed only once nothing refers to it any more.
  for (const hash of hashes) await discardUnreferenced(hash);
  return removed;
}

/** Empties one entry (id) or the whole trash can now. Answers how many assets went for good. */
export async function emptyTrash(viewer: Viewer, id?: number): Promise<number> {
  await requireArchiveAdministration(viewer);
  let query = db().selectFrom("trash_entries").selectAll();
  if (id !== undefined) {
    if (!Number.isSafeInteger(id)) throw new Problem("not-found", TRASH_ENTRY_NOT_FOUND);
    query = query.where("id", "=", id);
  }
  const rows = await query.execute();
  if (id !== undefined && rows.length === 0) throw new Problem("not-found", TRASH_ENTRY_NOT_FOUND);
  let removed = 0;
  for (const row of rows) removed += await purgeEntry(row);
  return removed;
}

/**
 * The scheduled purge (server/index.ts, with the other periodic work): every entry whose
 * TRASH_DAYS have passed at `at` goes for good. Answers how many entries went.
 */
export async function purgeExpiredTrash(at: Date = new Date()): Promise<number> {
  const rows = await db()
    .selectFrom("trash_entries")
    .selectAll()
    .where("expires_at", "<=", at.toISOString())
    .orderBy("expires_at")
    .execute();
  for (const row of rows) await purgeEntry(row);
  return rows.length;
}
