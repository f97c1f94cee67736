import { BlobNotFoundError } from "~/storage/blob-store.server";
import { keyed } from "~/models/locale/keyed";
import { IndexedFileError } from "~/models/archive/path-files.server";
import type { AccessAction } from "~/models/access/access.server";
import { trashAssetWithin } from "~/models/archive/archive-trash.server";
import type { ItemContext, ItemOutcome, UndoItem } from "../task.schema";
import { entryOfTask } from "./delete.server";
import {
  CHANGED_SINCE,
  doneOutcome,
  fail,
  failedOutcome,
  sourceFor,
  stillAsChecked,
  userIdOf,
} from "./item.server";

/*
 * Undoing what made a new asset (duplicate, copy revision, copy to another archive): the new
 * asset goes to the trash can, where it can still be restored. The right to undo is the right that
 * made it, where the asset lies: the person takes back their own copy without needing Delete.
 */

/** A revision's file that cannot be read any more is that asset's problem, not an outage. */
export function unreadableFile(error: unknown): string | null {
  if (error instanceof BlobNotFoundError || error instanceof IndexedFileError)
    return keyed("task.item.unreadableFile");
  return null;
}

export async function trashMadeAsset(
  ctx: ItemContext<unknown>,
  item: UndoItem,
  permission: AccessAction,
): Promise<ItemOutcome> {
  if (item.resultAssetId === null) return fail(ctx, keyed("task.item.madeNoAsset"));
  const made = await sourceFor(ctx.viewer, item.resultAssetId, permission);
  if ("error" in made) return fail(ctx, made.error);
  return ctx.commit(async (trx) => {
    const checked = await stillAsChecked(trx, made.asset);
    if ("error" in checked) return failedOutcome(ctx, checked.error);
    // Edited since it was made: someone's later work is not thrown away.
    if (checked.row.current_revision !== 1) return failedOutcome(ctx, CHANGED_SINCE);
    const entry = await trashAssetWithin(
      trx,
      checked.row.archive_id,
      checked.row.id,
      userIdOf(ctx),
      await entryOfTask(trx, ctx.jobId, checked.row.archive_id),
    );
    if (entry === null) return failedOutcome(ctx, CHANGED_SINCE);
    return doneOutcome(ctx, {}, { resultAssetId: checked.row.id });
  });
}
