/*
 * What the grid's selection toolbar may offer (issue 31, decision 087), shared by the server that
 * decides it (selection-ops.server.ts) and the toolbar that shows it. The server answers per
 * archive, since rights are granted per archive; a list spanning archives (the pins) sends each
 * archive's set, and the toolbar combines them for the assets at hand.
 */

/** The toolbar's operations, in the order it shows them. */
export const SELECTION_OPS = [
  "relocate",
  "pin",
  "album",
  "metadata",
  "rename",
  "duplicate",
  "copy",
  "move",
  "rotate",
  "delete",
] as const;
export type SelectionOp = (typeof SELECTION_OPS)[number];

export interface SelectionRights {
  /** What may be done to a selection of an archive's assets, by the archive's id. */
  byArchive: Record<number, SelectionOp[]>;
}

export const NO_SELECTION_RIGHTS: SelectionRights = { byArchive: {} };

/**
 * What may be done to every asset of these archives: what the toolbar offers a selection. An
 * archive the rights do not name allows nothing; no archive at all, nothing either.
 */
export function opsOnAll(rights: SelectionRights, archiveIds: Iterable<number>): Set<SelectionOp> {
  const sets = [...new Set(archiveIds)].map((id) => new Set(rights.byArchive[id] ?? []));
  if (sets.length === 0) return new Set();
  return new Set(SELECTION_OPS.filter((op) => sets.every((set) => set.has(op))));
}

/**
 * What may be done in at least one of these archives: what the form offers before anything is
 * chosen (without JavaScript). The action names the assets it refuses.
 */
export function opsOnAny(rights: SelectionRights, archiveIds: Iterable<number>): Set<SelectionOp> {
  const any = new Set<SelectionOp>();
  for (const id of new Set(archiveIds)) for (const op of rights.byArchive[id] ?? []) any.add(op);
  return any;
}
