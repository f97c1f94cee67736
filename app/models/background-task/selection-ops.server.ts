import {
  canPin,
  holds,
  isOwnAccount,
  mayReorder,
  visibleArchives,
} from "~/models/access/access.server";
import { sharingRights } from "~/models/access/album-access.server";
import { listAlbums } from "~/models/album/album.server";
import type { Viewer } from "~/models/user/user.schema";
import {
  BATCH_OPS,
  batchAvailable,
  batchPermission,
  destinationsFor,
  type BatchOp,
} from "./batch-panel.server";
import { SELECTION_OPS, type SelectionOp, type SelectionRights } from "./selection-ops";

/*
 * Which of the selection toolbar's operations the viewer may do in each archive (issue 31,
 * decision 087), by the very rules the actions apply: the batch operations need the right their
 * task checks (batchPermission) and an own account, as the batch page does; copy and move need an
 * archive to go to as well (the panel's destinations); relocation needs what relocateDecision
 * needs; pinning what pinDecision needs; Add to album an album to add to, or the right to make one
 * (the add-to-album page's choices). tests/integration/selection-ops.test.ts holds each answer to
 * its action's.
 */

// Every batch operation is a toolbar operation, and the toolbar's others are these three.
const BATCH_SELECTION_OPS: readonly SelectionOp[] = BATCH_OPS;
type OtherOp = Exclude<SelectionOp, BatchOp>;

/** Whether Add to album has anything to offer: an album to add to, or making a new one. */
async function mayAddToAlbums(viewer: Viewer): Promise<boolean> {
  if ((await sharingRights(viewer)).create) return true;
  return (await listAlbums(viewer, { filter: "contribute", limit: 1 })).length > 0;
}

/**
 * The operations allowed in each of these archives the viewer sees (all they see when no ids are
 * given); archives they do not see are left out, which allows nothing there. `offered` narrows
 * the answer to what a page offers at all (an album's page: pins only).
 */
export async function selectionRights(
  viewer: Viewer | null,
  archiveIds?: readonly number[],
  offered: readonly SelectionOp[] = SELECTION_OPS,
): Promise<SelectionRights> {
  const byArchive: Record<number, SelectionOp[]> = {};
  // The guest's pins, albums and tasks would be every visitor's: none of these is theirs.
  if (!isOwnAccount(viewer) || archiveIds?.length === 0 || offered.length === 0)
    return { byArchive };
  const access = await visibleArchives(viewer, archiveIds ? [...archiveIds] : undefined);
  const held = (op: BatchOp) =>
    offered.includes(op) &&
    batchAvailable(op) &&
    [...access.values()].some((a) => holds(viewer, a.permissions, batchPermission(op)));
  const [album, copyTo, moveTo] = await Promise.all([
    offered.includes("album") && mayAddToAlbums(viewer),
    held("copy") ? destinationsFor(viewer, "CopyTo") : [],
    held("move") ? destinationsFor(viewer, "MoveTo") : [],
  ]);
  const pin = canPin(viewer);
  for (const [archiveId, { permissions }] of access) {
    const mayBatch = (op: BatchOp): boolean => {
      if (!batchAvailable(op) || !holds(viewer, permissions, batchPermission(op))) return false;
      if (op === "copy") return copyTo.length > 0;
      if (op === "move") return moveTo.length > 0;
      return true;
    };
    const others: Record<OtherOp, boolean> = {
      relocate: mayReorder(viewer, permissions),
      pin,
      album,
    };
    const may = (op: SelectionOp): boolean =>
      BATCH_SELECTION_OPS.includes(op) ? mayBatch(op as BatchOp) : others[op as OtherOp];
    byArchive[archiveId] = SELECTION_OPS.filter((op) => offered.includes(op) && may(op));
  }
  return { byArchive };
}
