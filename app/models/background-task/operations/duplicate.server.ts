import type { Kysely } from "kysely";
import { keyed } from "~/models/locale/keyed";
import { db } from "~/db/connection.server";
import type { AssetRow, Database } from "~/db/schema";
import { isPathArchive } from "~/models/archive/archive-path.server";
import {
  copyName,
  insertAssetCopy,
  prepareCopiedFile,
  type CopiedFile,
} from "~/models/asset/asset-copy.server";
import { nextPositionAbove } from "~/models/asset/asset-rows.server";
import type { FieldValues } from "~/models/metadata/metadata-fields";
import { MIN_GAP } from "~/models/asset/relocate.server";
import type { DuplicateParams, TaskOperation } from "../task.schema";
import {
  doneOutcome,
  fail,
  failedOutcome,
  hrefOf,
  PATH_ARCHIVE_FILES,
  sourceFor,
  stillAsChecked,
  userIdOf,
} from "./item.server";
import { trashMadeAsset, unreadableFile } from "./made-asset.server";
import { readObject } from "~/db/json-column";

/*
 * Duplicate and copy revision (spec 000 §4, decision 048): a new asset beside the source, in the
 * same archive and folder, whose revision 1 is the source's current revision or the one the
 * request named for this asset. Named "name (copy).ext"; placed right after the source in the
 * manual order. The undo puts the duplicate in the trash can.
 */

/** Between the source and the next asset of the archive's manual order (ties: after by id). */
async function positionAfter(trx: Kysely<Database>, source: AssetRow): Promise<number> {
  const own = Number(source.position);
  const next = await nextPositionAbove(source.archive_id, own, trx);
  if (next === null) return own + 1;
  const gap = next - own;
  return gap >= MIN_GAP * 2 ? own + gap / 2 : own;
}

export const duplicateOperation: TaskOperation<DuplicateParams> = {
  permission: "DuplicateFile",

  async apply(ctx) {
    const source = await sourceFor(ctx.viewer, ctx.assetId, "DuplicateFile");
    if ("error" in source) return fail(ctx, source.error);
    if (isPathArchive(source.archive)) return fail(ctx, PATH_ARCHIVE_FILES);
    const { asset, archive } = source;
    const wanted = ctx.itemParams?.revision ?? asset.current_revision;
    if (!Number.isSafeInteger(wanted) || wanted < 1)
      return fail(ctx, keyed("task.item.revisionNumber"));
    const revision = await db()
      .selectFrom("revisions")
      .selectAll()
      .where("asset_id", "=", asset.id)
      .where("number", "=", wanted)
      .executeTakeFirst();
    if (!revision) return fail(ctx, keyed("task.item.noRevision", { number: wanted }));
    let file: CopiedFile;
    try {
      file = await prepareCopiedFile(asset, revision);
    } catch (error) {
      const problem = unreadableFile(error);
      if (problem === null) throw error;
      return fail(ctx, problem);
    }
    const current = revision.number === asset.current_revision;
    return ctx.commit(async (trx) => {
      const checked = await stillAsChecked(trx, asset);
      if ("error" in checked) return failedOutcome(ctx, checked.error);
      const { row } = checked;
      const fileName = await copyName(
        trx,
        row.archive_id,
        row.folder_id,
        current ? row.file_name : revision.file_name,
      );
      const madeId = await insertAssetCopy(trx, {
        source: row,
        revision,
        file,
        archiveId: row.archive_id,
        folderId: row.folder_id,
        fileName,
        // The current revision as shown: the asset's own metadata.
        fields: readObject<FieldValues>(current ? row.metadata : revision.metadata),
        kind: "duplicate",
        userId: userIdOf(ctx),
        jobId: ctx.jobId,
        position: await positionAfter(trx, row),
      });
      return doneOutcome(
        ctx,
        { "result-href": hrefOf(archive, madeId, fileName), "result-filename": fileName },
        { resultAssetId: madeId },
      );
    });
  },

  undo(ctx, item) {
    return trashMadeAsset(ctx, item, "DuplicateFile");
  },
};
