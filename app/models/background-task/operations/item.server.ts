import type { Kysely } from "kysely";
import { keyed } from "~/models/locale/keyed";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { AssetRow, Database } from "~/db/schema";
import { ASSET_NOT_FOUND, assetDecision, type AccessAction } from "~/models/access/access.server";
import type { Archive } from "~/models/archive/archive.server";
import { assetRow, existingAssetColumns } from "~/models/asset/asset-rows.server";
import { assetHref } from "~/models/asset/asset.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import type { ItemContext, ItemOutcome, TaskItemResult, UndoItem } from "../task.schema";

/*
 * What the file operations share (decision 048): the run-time check of the source asset, the
 * refusals in the person's words, and the outcome of an item. Every outcome, a refusal too, goes
 * through ctx.commit: an item that already ran (the job resumed after a crash) answers what it
 * stored, rather than a new verdict about an asset the first run changed (a deleted asset is
 * invisible now, yet the item was done).
 */

/*
 * An item's refusals are stored keyed (decision 106): the task page reads them in its reader's
 * language, the task-status API in English.
 */
export const CHANGED_SINCE = keyed("task.item.changedSince");
export const PATH_ARCHIVE_FILES = keyed("task.item.pathArchiveFiles");

export interface Source {
  asset: AssetRow;
  archive: Archive;
}

export function failedOutcome(ctx: { href: string }, error: string): ItemOutcome {
  return { status: "failed", result: { href: ctx.href, done: false, error } };
}

/** Records a refusal or failure of one item (never applied twice, like any outcome). */
export function fail(ctx: ItemContext<unknown>, error: string): Promise<ItemOutcome> {
  return ctx.commit(async () => failedOutcome(ctx, error));
}

export function doneOutcome(
  ctx: { href: string },
  result: Omit<TaskItemResult, "href" | "done">,
  extra: Omit<ItemOutcome, "status" | "result"> = {},
): ItemOutcome {
  return { status: "done", result: { href: ctx.href, done: true, ...result }, ...extra };
}

/**
 * The asset as the viewer may act on it now: an asset they cannot see (another archive, deleted,
 * in the trash can) answers "There is no asset at this address." exactly as a missing one, one
 * without the permission the refusal's words. Database outages throw.
 */
export async function sourceFor(
  viewer: ItemContext<unknown>["viewer"],
  assetId: number | null,
  permission: AccessAction,
): Promise<Source | { error: string }> {
  const decision = await assetDecision(viewer, assetId, permission);
  if (!decision.allowed) return { error: decision.problem.message };
  return decision.value;
}

export const CHANGED_MEANWHILE = keyed("task.item.changedMeanwhile");

/**
 * The asset's row inside the commit's transaction, locked, if it is still as the check found it
 * (outside the trash can, ready, in the same archive, at the same revision): a change between the
 * check and the commit fails the item instead of acting on what nobody checked.
 */
export async function stillAsChecked(
  trx: Kysely<Database>,
  checked: AssetRow,
): Promise<{ row: AssetRow } | { error: string }> {
  await lockRowForUpdate(trx, "assets", checked.id);
  const row = await assetRow(checked.id, trx);
  if (!row || row.trash_id !== null || row.state !== "ready") return { error: ASSET_NOT_FOUND };
  if (row.archive_id !== checked.archive_id || row.current_revision !== checked.current_revision)
    return { error: CHANGED_MEANWHILE };
  return { row };
}

export const hrefOf = (archive: Pick<Archive, "id" | "name">, id: number, fileName: string) =>
  assetHref(archive.id, archive.name, { id, fileName });

/** The extension of a file name with its dot ("" when it has none): ".jpg" of "a.b.jpg". */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot) : "";
}

export const userIdOf = (ctx: ItemContext<unknown>) => (ctx.viewer.isGuest ? null : ctx.viewer.id);

/** Nothing to undo: the item changed nothing (a name that stayed). */
export const nothingToUndo = (item: UndoItem) =>
  item.afterRevision === null && item.resultAssetId === null;

export const NOTHING_LEFT_TO_UNDO = keyed("task.item.nothingLeftToUndo");
export const REVISION_GONE = keyed("task.item.revisionGone");

export async function revisionExists(trx: Kysely<Database>, assetId: number, number: number) {
  const row = await trx
    .selectFrom("revisions")
    .select("id")
    .where("asset_id", "=", assetId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Undo by a rollback revision (rename, rotate): the asset takes its revision from before the task
 * again, as a new revision, so the undo can itself be undone. An asset changed since the task
 * (another revision is current) is left alone: someone's later work is never overwritten.
 */
export async function rollbackItem(
  ctx: ItemContext<unknown>,
  item: UndoItem,
  permission: AccessAction,
  /** Runs after the rollback revision, in its transaction (a rotation's undo sets the size). */
  afterRollback?: (trx: Kysely<Database>, assetId: number) => Promise<void>,
): Promise<ItemOutcome> {
  if (nothingToUndo(item)) return ctx.commit(async () => doneOutcome(ctx, {}));
  if (item.beforeRevision === null || item.afterRevision === null)
    return fail(ctx, NOTHING_LEFT_TO_UNDO);
  const source = await sourceFor(ctx.viewer, item.assetId, permission);
  if ("error" in source) return fail(ctx, source.error);
  const before = item.beforeRevision;
  const after = item.afterRevision;
  return ctx.commit(async (trx) => {
    const checked = await stillAsChecked(trx, source.asset);
    if ("error" in checked) return failedOutcome(ctx, checked.error);
    if (checked.row.current_revision !== after) return failedOutcome(ctx, CHANGED_SINCE);
    if (!(await revisionExists(trx, checked.row.id, before)))
      return failedOutcome(ctx, REVISION_GONE);
    const written = await writeRevision(trx, checked.row.id, {
      kind: "rollback",
      fromNumber: before,
      userId: userIdOf(ctx),
      jobId: ctx.jobId,
    });
    await afterRollback?.(trx, checked.row.id);
    const fileName = await existingAssetColumns(checked.row.id, ["file_name"], trx);
    return doneOutcome(
      ctx,
      {
        "result-filename": fileName.file_name,
        "result-href": hrefOf(source.archive, checked.row.id, fileName.file_name),
      },
      { beforeRevision: written.previous, afterRevision: written.number },
    );
  });
}
