import { z } from "zod";
import { assetsDecision, visibleArchives, type AccessAction } from "~/models/access/access.server";
import { listArchives } from "~/models/archive/archive.server";
import { editorFieldsFor } from "~/models/asset/asset-edit.server";
import { assetHref } from "~/models/asset/asset.server";
import type { EditorField } from "~/models/metadata/field-values";
import { keyed } from "~/models/locale/keyed";
import type { Viewer } from "~/models/user/user.schema";
import { taskOperationRegistry } from "./task-engine.server";
import type { TaskOperationName } from "./task.schema";

/*
 * The batch panel for a selection (decision 046): which operation, the selected assets split
 * into those the viewer may act on and those refused (named on the panel, never dropped), and
 * what the operation needs (the metadata fields with the selection's values, the destination
 * archives). The task itself is the task engine's; this only prepares its request.
 */

export const BATCH_OPS = [
  "metadata",
  "rename",
  "duplicate",
  "copy",
  "move",
  "delete",
  "rotate",
] as const;
export type BatchOp = (typeof BATCH_OPS)[number];

export const taskOperationOf = (op: BatchOp): Exclude<TaskOperationName, "undo"> =>
  op === "metadata" ? "metadata-edit" : op;

/** Each operation's right on the source asset, where its operation is not registered yet. */
const SOURCE_PERMISSION: Record<BatchOp, AccessAction> = {
  metadata: "EditText",
  rename: "Rename",
  duplicate: "DuplicateFile",
  copy: "CopyFrom",
  move: "MoveFrom",
  delete: "Delete",
  rotate: "CropRotate",
};

/**
 * The right an operation needs on each source asset: the registered operation's own, the one its
 * task checks again as it runs. The selection toolbar asks the same (selection-ops.server.ts).
 */
export function batchPermission(op: BatchOp): AccessAction {
  return taskOperationRegistry()[taskOperationOf(op)]?.permission ?? SOURCE_PERMISSION[op];
}

/** Whether this server runs the operation yet (its task operation is registered). */
export const batchAvailable = (op: BatchOp): boolean =>
  taskOperationRegistry()[taskOperationOf(op)] !== undefined;

/** The most assets one panel takes: the grid's selection limit, and a URL's sensible length. */
export const MAX_BATCH_ASSETS = 1000;

export const NO_SELECTION = keyed("asset.batch.noSelection");

export const batchSelectionSchema = z.object({
  op: z.enum(BATCH_OPS, { errorMap: () => ({ message: keyed("asset.batch.chooseOperation") }) }),
  asset: z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, NO_SELECTION)
    .max(MAX_BATCH_ASSETS, keyed("validation.selection.atMost", { max: MAX_BATCH_ASSETS })),
});
export type BatchSelection = z.infer<typeof batchSelectionSchema>;

export interface BatchAsset {
  id: number;
  /** The file name, or for an asset the viewer may not see, only its number as they gave it. */
  label: string;
  /** The asset's href; null when the viewer may not see it. */
  href: string | null;
  fileName: string | null;
}

export interface BatchPanel {
  op: BatchOp;
  assets: BatchAsset[];
  refused: BatchAsset[];
  /** metadata: the view's fields with the selection's values (notInAll, mixed). */
  fields: EditorField[];
  /** copy and move: archives the viewer may copy or move into. */
  destinations: { id: number; name: string }[];
  /** Whether this server runs the operation yet. */
  available: boolean;
}

const unseen = (id: number): BatchAsset => ({
  id,
  label: `Asset ${id} (not found, or not yours to see)`,
  href: null,
  fileName: null,
});

/** The panel for a selection: who may do what to which asset. */
export async function batchPanel(viewer: Viewer, selection: BatchSelection): Promise<BatchPanel> {
  const { op } = selection;
  const ids = [...new Set(selection.asset)];
  const permission = batchPermission(op);
  const [decisions, visible] = await Promise.all([
    assetsDecision(viewer, ids, permission),
    assetsDecision(viewer, ids, "View"),
  ]);
  const describe = (id: number): BatchAsset => {
    const seen = visible.get(id);
    if (!seen?.allowed) return unseen(id);
    const { asset, archive } = seen.value;
    return {
      id,
      label: asset.file_name,
      fileName: asset.file_name,
      href: assetHref(archive.id, archive.name, { id, fileName: asset.file_name }),
    };
  };
  const assets: BatchAsset[] = [];
  const refused: BatchAsset[] = [];
  for (const id of ids) (decisions.get(id)?.allowed ? assets : refused).push(describe(id));
  let fields: EditorField[] = [];
  if (op === "metadata" && assets.length > 0)
    fields = (
      await editorFieldsFor(
        viewer,
        assets.map((a) => a.id),
      )
    ).fields;
  const destinations =
    op === "copy" || op === "move"
      ? await destinationsFor(viewer, op === "copy" ? "CopyTo" : "MoveTo")
      : [];
  return { op, assets, refused, fields, destinations, available: batchAvailable(op) };
}

/** Archives the viewer may copy (CopyTo) or move (MoveTo) assets into. */
export async function destinationsFor(viewer: Viewer, right: "CopyTo" | "MoveTo") {
  const [access, archives] = await Promise.all([visibleArchives(viewer), listArchives()]);
  return archives
    .filter((a) => access.get(a.id)?.permissions.has(right))
    .map((a) => ({ id: a.id, name: a.name }));
}
