import type { Kysely } from "kysely";
import { keyed } from "~/models/locale/keyed";
import type { Database } from "~/db/schema";
import { archiveDecision, ASSET_NOT_FOUND } from "~/models/access/access.server";
import { restoreAssetWithin, trashAssetWithin } from "~/models/archive/archive-trash.server";
import { assetColumns } from "~/models/asset/asset-rows.server";
import type { DeleteParams, TaskOperation } from "../task.schema";
import {
  CHANGED_SINCE,
  doneOutcome,
  fail,
  failedOutcome,
  hrefOf,
  sourceFor,
  stillAsChecked,
  userIdOf,
} from "./item.server";

/*
 * Delete (decision 043, 048): the asset goes to the trash can, where it stays TRASH_DAYS and can
 * be restored; the undo restores it. The assets one task deletes from one archive share one trash
 * entry, found through the task's items done before.
 */

/** Stored keyed (decision 106), as every item refusal. */
const EMPTIED = keyed("task.item.emptied");

/**
 * The trash entry this task already put assets of this archive into, if any: its items' assets,
 * or the assets they made (an undone copy).
 */
export async function entryOfTask(
  trx: Kysely<Database>,
  jobId: number,
  archiveId: number,
): Promise<number | null> {
  const row = await trx
    .selectFrom("task_items")
    .innerJoin("assets", (join) =>
      join.on((eb) =>
        eb.or([
          eb("assets.id", "=", eb.ref("task_items.asset_id")),
          eb("assets.id", "=", eb.ref("task_items.result_asset_id")),
        ]),
      ),
    )
    .innerJoin("trash_entries", "trash_entries.id", "assets.trash_id")
    .select("trash_entries.id")
    .where("task_items.job_id", "=", jobId)
    .where("task_items.status", "=", "done")
    .where("assets.archive_id", "=", archiveId)
    .where("trash_entries.kind", "=", "assets")
    .orderBy("task_items.seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export const deleteOperation: TaskOperation<DeleteParams> = {
  permission: "Delete",

  async apply(ctx) {
    const source = await sourceFor(ctx.viewer, ctx.assetId, "Delete");
    if ("error" in source) return fail(ctx, source.error);
    return ctx.commit(async (trx) => {
      const checked = await stillAsChecked(trx, source.asset);
      if ("error" in checked) return failedOutcome(ctx, checked.error);
      const { row } = checked;
      const entry = await trashAssetWithin(
        trx,
        row.archive_id,
        row.id,
        userIdOf(ctx),
        await entryOfTask(trx, ctx.jobId, row.archive_id),
      );
      if (entry === null) return failedOutcome(ctx, ASSET_NOT_FOUND);
      return doneOutcome(ctx, { "original-removed": true });
    });
  },

  async undo(ctx, item) {
    if (item.assetId === null) return fail(ctx, ASSET_NOT_FOUND);
    const assetId = item.assetId;
    const row = await assetColumns(assetId, ["archive_id", "file_name"]);
    if (!row) return fail(ctx, EMPTIED);
    // In the trash can the asset is seen by nobody: the right to undo is Delete in its archive.
    const decision = await archiveDecision(ctx.viewer, row.archive_id, "Delete");
    if (!decision.allowed) return fail(ctx, decision.problem.message);
    const archive = decision.value;
    return ctx.commit(async (trx) => {
      const restored = await restoreAssetWithin(trx, assetId);
      if (restored === "emptied") return failedOutcome(ctx, EMPTIED);
      if (restored === "not-in-trash") return failedOutcome(ctx, CHANGED_SINCE);
      if (restored === "archive-in-trash")
        return failedOutcome(ctx, keyed("task.item.archiveInTrash", { name: archive.name }));
      return doneOutcome(ctx, {
        "result-filename": row.file_name,
        "result-href": hrefOf(archive, assetId, row.file_name),
      });
    });
  },
};
