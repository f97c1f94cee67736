import type { Kysely, Updateable } from "kysely";
import { db } from "~/db/connection.server";
import type { AssetRow, AssetState, AssetsTable, Database } from "~/db/schema";

/*
 * The plain reads and writes of the assets table (decision 078), for every model outside this
 * folder: one place to look when a column or an index changes. It imports nothing of the models,
 * so any of them (access, the trash can, the task operations) can call it without an import
 * cycle. Queries that compose assets with a model's own SQL stay with that model: the visibility
 * predicates in access, the search compiler and full text in search.
 *
 * Each function takes the executor last: the caller's transaction where it runs inside one, so a
 * read sees its own writes and a write commits or rolls back with the rest of the work.
 */

type Executor = Kysely<Database>;
type AssetColumn = keyof AssetRow & string;
type AssetPatch = Updateable<AssetsTable>;

/** The asset's whole row, or undefined when there is none. */
export async function assetRow(id: number, executor: Executor = db()) {
  return executor.selectFrom("assets").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Some columns of one asset, or undefined when there is none. */
export async function assetColumns<C extends AssetColumn>(
  id: number,
  columns: readonly C[],
  executor: Executor = db(),
): Promise<Pick<AssetRow, C> | undefined> {
  return executor
    .selectFrom("assets")
    .select(columns)
    .$castTo<Pick<AssetRow, C>>()
    .where("id", "=", id)
    .executeTakeFirst();
}

/** As assetColumns, for an asset the caller has just written or locked: none is an error. */
export async function existingAssetColumns<C extends AssetColumn>(
  id: number,
  columns: readonly C[],
  executor: Executor = db(),
): Promise<Pick<AssetRow, C>> {
  return executor
    .selectFrom("assets")
    .select(columns)
    .$castTo<Pick<AssetRow, C>>()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** Some columns of one asset outside the trash can, or undefined. */
export async function untrashedAssetColumns<C extends AssetColumn>(
  id: number,
  columns: readonly C[],
  executor: Executor = db(),
): Promise<Pick<AssetRow, C> | undefined> {
  return executor
    .selectFrom("assets")
    .select(columns)
    .$castTo<Pick<AssetRow, C>>()
    .where("id", "=", id)
    .where("trash_id", "is", null)
    .executeTakeFirst();
}

/**
 * Some columns of the assets with these ids that exist, in no particular order. The caller keeps
 * the list short enough for one IN list (both databases allow tens of thousands of variables).
 */
export async function assetRowsByIds<C extends AssetColumn>(
  ids: readonly number[],
  columns: readonly C[],
  executor: Executor = db(),
): Promise<Pick<AssetRow, C>[]> {
  return executor
    .selectFrom("assets")
    .select(columns)
    .$castTo<Pick<AssetRow, C>>()
    .where("id", "in", [...ids])
    .execute();
}

/** The archives these assets lie in, each once. */
export async function archiveIdsOfAssets(
  ids: readonly number[],
  executor: Executor = db(),
): Promise<number[]> {
  const rows = await executor
    .selectFrom("assets")
    .select("archive_id")
    .distinct()
    .where("id", "in", [...ids])
    .execute();
  return rows.map((r) => r.archive_id);
}

/** The archive's first assets by id (trash and every state included). */
export async function firstAssetIdsOfArchive(
  archiveId: number,
  limit: number,
  executor: Executor = db(),
): Promise<number[]> {
  const rows = await executor
    .selectFrom("assets")
    .select("id")
    .where("archive_id", "=", archiveId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The paths of the archive's folders that hold an asset directly (missing and trashed ones too). */
export async function folderPathsHoldingAssets(
  archiveId: number,
  executor: Executor = db(),
): Promise<string[]> {
  const rows = await executor
    .selectFrom("assets")
    .innerJoin("folders", "folders.id", "assets.folder_id")
    .select("folders.path")
    .distinct()
    .where("assets.archive_id", "=", archiveId)
    .execute();
  return rows.map((r) => r.path);
}

/** The position after the last of the archive's manual order (1 for an empty archive). */
export async function endOfManualOrder(
  archiveId: number,
  executor: Executor = db(),
): Promise<number> {
  const last = await executor
    .selectFrom("assets")
    .select((eb) => eb.fn.max<number>("position").as("p"))
    .where("archive_id", "=", archiveId)
    .executeTakeFirst();
  return Math.max(Number(last?.p ?? 0), 0) + 1;
}

/** The lowest position of the archive's manual order above `position`; null when none is. */
export async function nextPositionAbove(
  archiveId: number,
  position: number,
  executor: Executor = db(),
): Promise<number | null> {
  const next = await executor
    .selectFrom("assets")
    .select((eb) => eb.fn.min<number>("position").as("p"))
    .where("archive_id", "=", archiveId)
    .where("position", ">", position)
    .executeTakeFirst();
  return next?.p === null || next?.p === undefined ? null : Number(next.p);
}

export async function setAssetFields(
  id: number,
  patch: AssetPatch,
  executor: Executor = db(),
): Promise<void> {
  await executor.updateTable("assets").set(patch).where("id", "=", id).execute();
}

/**
 * Sets columns of the assets (one id or several) that are still in state `from`: the state in the
 * WHERE clause, not a read before, is what keeps a concurrent change of state from being undone.
 */
export async function setAssetFieldsInState(
  ids: number | readonly number[],
  from: AssetState,
  patch: AssetPatch,
  executor: Executor = db(),
): Promise<void> {
  const update = executor.updateTable("assets").set(patch);
  await (
    typeof ids === "number" ? update.where("id", "=", ids) : update.where("id", "in", [...ids])
  )
    .where("state", "=", from)
    .execute();
}

/** Sets what an ingested revision shows, unless a later revision is shown already. */
export async function setShownRevisionFields(
  id: number,
  revisionNumber: number,
  patch: AssetPatch,
  executor: Executor = db(),
): Promise<void> {
  await executor
    .updateTable("assets")
    .set(patch)
    .where("id", "=", id)
    .where("current_revision", "<=", revisionNumber)
    .execute();
}

/*
 * The trash can's marks (decision 043): a deleted asset keeps its row, archive and folder, and
 * points at its trash entry until it is restored or purged.
 */

/** The assets an archive holds outside the trash can (processing and failed ones included). */
export async function untrashedAssetCount(
  archiveId: number,
  executor: Executor = db(),
): Promise<number> {
  const row = await executor
    .selectFrom("assets")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("archive_id", "=", archiveId)
    .where("trash_id", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** untrashedAssetCount of every archive holding any, in one grouped read. */
export async function untrashedAssetCountsByArchive(
  executor: Executor = db(),
): Promise<Map<number, number>> {
  const rows = await executor
    .selectFrom("assets")
    .select(["archive_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("trash_id", "is", null)
    .groupBy("archive_id")
    .execute();
  return new Map(rows.map((r) => [r.archive_id, Number(r.n)]));
}

/** Marks every asset of the archive not in the trash can yet as lying in this entry. */
export async function markArchiveAssetsTrashed(
  archiveId: number,
  entryId: number,
  executor: Executor = db(),
): Promise<void> {
  await executor
    .updateTable("assets")
    .set({ trash_id: entryId })
    .where("archive_id", "=", archiveId)
    .where("trash_id", "is", null)
    .execute();
}

/**
 * Marks these assets as lying in the entry, those of the archive outside the trash can only.
 * Answers how many it marked.
 */
export async function markAssetsTrashed(
  archiveId: number,
  ids: number | readonly number[],
  entryId: number,
  executor: Executor = db(),
): Promise<number> {
  const update = executor
    .updateTable("assets")
    .set({ trash_id: entryId })
    .where("archive_id", "=", archiveId);
  const moved = await (
    typeof ids === "number" ? update.where("id", "=", ids) : update.where("id", "in", [...ids])
  )
    .where("trash_id", "is", null)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

/** The asset's trash entry and its archive's, or undefined when the asset is gone. */
export async function assetTrashMarks(
  assetId: number,
  executor: Executor = db(),
): Promise<{ trash_id: number | null; archiveTrashId: number | null } | undefined> {
  return executor
    .selectFrom("assets")
    .innerJoin("archives", "archives.id", "assets.archive_id")
    .select(["assets.trash_id", "archives.trash_id as archiveTrashId"])
    .where("assets.id", "=", assetId)
    .executeTakeFirst();
}

/** Takes one asset out of the trash can (its entry is the caller's to shrink). */
export async function clearAssetTrashMark(
  assetId: number,
  executor: Executor = db(),
): Promise<void> {
  await executor.updateTable("assets").set({ trash_id: null }).where("id", "=", assetId).execute();
}

/** Takes every asset of the entry out of the trash can; answers how many. */
export async function clearEntryTrashMarks(
  entryId: number,
  executor: Executor = db(),
): Promise<number> {
  const restored = await executor
    .updateTable("assets")
    .set({ trash_id: null })
    .where("trash_id", "=", entryId)
    .executeTakeFirst();
  return Number(restored.numUpdatedRows);
}

/** The ids of the entry's assets, as a subquery for reads about them (revisions, renditions). */
export function entryAssetIds(entryId: number, executor: Executor = db()) {
  return executor.selectFrom("assets").select("id").where("trash_id", "=", entryId);
}

/** Deletes the entry's assets for good; answers how many. */
export async function deleteEntryAssets(
  entryId: number,
  executor: Executor = db(),
): Promise<number> {
  const deleted = await executor
    .deleteFrom("assets")
    .where("trash_id", "=", entryId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
