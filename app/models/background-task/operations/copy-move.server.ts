import type { Kysely } from "kysely";
import { keyed } from "~/models/locale/keyed";
import { db } from "~/db/connection.server";
import type { Database } from "~/db/schema";
import { archiveDecision } from "~/models/access/access.server";
import { isPathArchive } from "~/models/archive/archive-path.server";
import type { Archive } from "~/models/archive/archive.server";
import {
  insertAssetCopy,
  prepareCopiedFile,
  type CopiedFile,
} from "~/models/asset/asset-copy.server";
import {
  endOfManualOrder,
  existingAssetColumns,
  setAssetFields,
} from "~/models/asset/asset-rows.server";
import { ensureFolder } from "~/models/asset/asset.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import { applyMacros } from "~/models/ingest/ingest.server";
import { folderPathSchema } from "~/models/upload/upload.schema";
import type { DestinationParams, ItemContext, TaskOperation } from "../task.schema";
import {
  CHANGED_SINCE,
  NOTHING_LEFT_TO_UNDO,
  doneOutcome,
  fail,
  failedOutcome,
  hrefOf,
  PATH_ARCHIVE_FILES,
  REVISION_GONE,
  revisionExists,
  sourceFor,
  stillAsChecked,
  userIdOf,
} from "./item.server";
import { trashMadeAsset, unreadableFile } from "./made-asset.server";
import { readObject } from "~/db/json-column";
import type { FieldValues } from "~/models/metadata/metadata-fields";

/*
 * Copy and move to another archive (decision 048). Both ends are checked for every asset: the
 * source archive's CopyFrom or MoveFrom on the asset (as its member entries grant it there), and
 * the destination archive's CopyTo or MoveTo. A copy is a new asset in the destination with the
 * destination's "copy" macros applied; a move takes the asset itself there, with the "move"
 * macros, as a "move" revision, and remembers where it came from for the undo. A move within one
 * archive to another folder is a folder move (no macros: nothing enters the archive). Archives
 * that index a folder on disk are never a destination, and never the source of a move; copying
 * out of one stores the file as a blob.
 */

export const INTO_PATH_ARCHIVE = keyed("task.item.intoPathArchive");
export const SAME_PLACE = keyed("task.item.samePlace");

interface Destination {
  archive: Archive;
  folder: string;
}

async function destinationFor(
  ctx: ItemContext<DestinationParams>,
  action: "CopyTo" | "MoveTo",
): Promise<Destination | { error: string }> {
  const { archiveId, folder } = ctx.params ?? ({} as Partial<DestinationParams>);
  const path = folderPathSchema.safeParse(folder ?? "");
  if (!path.success)
    return { error: path.error.issues[0]?.message ?? keyed("task.item.folderInvalid") };
  const decision = await archiveDecision(ctx.viewer, archiveId ?? null, action);
  if (!decision.allowed) return { error: decision.problem.message };
  if (isPathArchive(decision.value)) return { error: INTO_PATH_ARCHIVE };
  return { archive: decision.value, folder: path.data };
}

async function folderPathOf(trx: Kysely<Database>, folderId: number | null): Promise<string> {
  if (folderId === null) return "";
  const row = await trx
    .selectFrom("folders")
    .select("path")
    .where("id", "=", folderId)
    .executeTakeFirst();
  return row?.path ?? "";
}

export const copyOperation: TaskOperation<DestinationParams> = {
  permission: "CopyFrom",

  async apply(ctx) {
    const source = await sourceFor(ctx.viewer, ctx.assetId, "CopyFrom");
    if ("error" in source) return fail(ctx, source.error);
    const destination = await destinationFor(ctx, "CopyTo");
    if ("error" in destination) return fail(ctx, destination.error);
    const { asset } = source;
    const revision = await db()
      .selectFrom("revisions")
      .selectAll()
      .where("asset_id", "=", asset.id)
      .where("number", "=", asset.current_revision)
      .executeTakeFirst();
    if (!revision)
      return fail(ctx, keyed("task.item.noRevision", { number: asset.current_revision }));
    let file: CopiedFile;
    try {
      file = await prepareCopiedFile(asset, revision);
    } catch (error) {
      const problem = unreadableFile(error);
      if (problem === null) throw error;
      return fail(ctx, problem);
    }
    const { archive, folder } = destination;
    return ctx.commit(async (trx) => {
      const checked = await stillAsChecked(trx, asset);
      if ("error" in checked) return failedOutcome(ctx, checked.error);
      const { row } = checked;
      const madeId = await insertAssetCopy(trx, {
        source: row,
        revision,
        file,
        archiveId: archive.id,
        folderId: await ensureFolder(trx, archive.id, folder),
        fileName: row.file_name,
        fields: applyMacros(
          readObject<FieldValues>(row.metadata),
          archive.config.MetadataMacros.Macros,
          "copy",
        ),
        kind: "copy",
        userId: userIdOf(ctx),
        jobId: ctx.jobId,
      });
      return doneOutcome(
        ctx,
        { "result-href": hrefOf(archive, madeId, row.file_name), "result-filename": row.file_name },
        { resultAssetId: madeId },
      );
    });
  },

  undo(ctx, item) {
    return trashMadeAsset(ctx, item, "CopyTo");
  },
};

export const moveOperation: TaskOperation<DestinationParams> = {
  permission: "MoveFrom",

  async apply(ctx) {
    const source = await sourceFor(ctx.viewer, ctx.assetId, "MoveFrom");
    if ("error" in source) return fail(ctx, source.error);
    if (isPathArchive(source.archive)) return fail(ctx, PATH_ARCHIVE_FILES);
    const destination = await destinationFor(ctx, "MoveTo");
    if ("error" in destination) return fail(ctx, destination.error);
    const { archive, folder } = destination;
    const otherArchive = archive.id !== source.asset.archive_id;
    return ctx.commit(async (trx) => {
      const checked = await stillAsChecked(trx, source.asset);
      if ("error" in checked) return failedOutcome(ctx, checked.error);
      const { row } = checked;
      const from = {
        archiveId: row.archive_id,
        folder: await folderPathOf(trx, row.folder_id),
        position: Number(row.position),
      };
      if (!otherArchive && from.folder === folder) return failedOutcome(ctx, SAME_PLACE);
      await setAssetFields(
        row.id,
        {
          archive_id: archive.id,
          folder_id: await ensureFolder(trx, archive.id, folder),
          ...(otherArchive ? { position: await endOfManualOrder(archive.id, trx) } : {}),
        },
        trx,
      );
      const written = await writeRevision(trx, row.id, {
        kind: "move",
        userId: userIdOf(ctx),
        jobId: ctx.jobId,
        ...(otherArchive
          ? {
              fields: applyMacros(
                readObject<FieldValues>(row.metadata),
                archive.config.MetadataMacros.Macros,
                "move",
              ),
            }
          : {}),
      });
      return doneOutcome(
        ctx,
        {
          "original-removed": true,
          "result-href": hrefOf(archive, row.id, row.file_name),
          "result-filename": row.file_name,
          "moved-from": from,
        },
        { beforeRevision: written.previous, afterRevision: written.number, resultAssetId: row.id },
      );
    });
  },

  async undo(ctx, item) {
    const from = item.result?.["moved-from"];
    if (!from || item.beforeRevision === null || item.afterRevision === null)
      return fail(ctx, NOTHING_LEFT_TO_UNDO);
    const moved = await sourceFor(ctx.viewer, item.assetId, "MoveFrom");
    if ("error" in moved) return fail(ctx, moved.error);
    const back = await archiveDecision(ctx.viewer, from.archiveId, "MoveTo");
    if (!back.allowed) return fail(ctx, back.problem.message);
    const home = back.value;
    const before = item.beforeRevision;
    const after = item.afterRevision;
    return ctx.commit(async (trx) => {
      const checked = await stillAsChecked(trx, moved.asset);
      if ("error" in checked) return failedOutcome(ctx, checked.error);
      const { row } = checked;
      if (row.current_revision !== after) return failedOutcome(ctx, CHANGED_SINCE);
      if (!(await revisionExists(trx, row.id, before))) return failedOutcome(ctx, REVISION_GONE);
      await setAssetFields(
        row.id,
        {
          archive_id: home.id,
          folder_id: await ensureFolder(trx, home.id, from.folder),
          position: from.position,
        },
        trx,
      );
      const written = await writeRevision(trx, row.id, {
        kind: "rollback",
        fromNumber: before,
        userId: userIdOf(ctx),
        jobId: ctx.jobId,
      });
      const name = await existingAssetColumns(row.id, ["file_name"], trx);
      return doneOutcome(
        ctx,
        {
          "original-removed": true,
          "result-href": hrefOf(home, row.id, name.file_name),
          "result-filename": name.file_name,
        },
        { beforeRevision: written.previous, afterRevision: written.number, resultAssetId: row.id },
      );
    });
  },
};
