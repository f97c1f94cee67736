import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { AccessAction } from "~/models/access/access.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * Background tasks on selections (issue 17, decision 044): the contract between the task engine
 * (app/models/background-task/task-engine.server.ts: requests, the job, items, progress, undo)
 * and the operations (app/models/background-task/operations/*.server.ts: what one item does).
 * Kept free of server code so pages can import the names and the result shape.
 */

/** The request types POST /fotoweb/me/background-tasks/ takes, by media-type name. */
export const TASK_OPERATIONS = [
  "metadata-edit",
  "rename",
  "duplicate",
  "copy",
  "move",
  "delete",
  "rotate",
  "undo",
] as const;
export type TaskOperationName = (typeof TASK_OPERATIONS)[number];

/** The job type every background task runs as; the operation is in its payload. */
export const TASK_JOB = "task";

/** The most assets one task takes. */
export const MAX_TASK_ASSETS = 10_000;

/** A request's media type: application/vnd.fotoware.rename-request+json. */
export const requestMediaType = (op: Exclude<TaskOperationName, "undo">) =>
  `application/vnd.fotoware.${op}-request+json`;
export const responseMediaType = (op: Exclude<TaskOperationName, "undo">) =>
  `application/vnd.fotoware.${op}-response+json`;

export interface FieldValueChange {
  field: number;
  value: string;
}

export interface BuiltinValueChange {
  field: string;
  value: string;
}

/** One asset's outcome, as the reference's TaskStatus result and spec 000 §3 name its parts. */
export interface TaskItemResult {
  href: string;
  done: boolean;
  /** The asset left its place (moved, deleted). */
  "original-removed"?: boolean;
  /** What the item made or where the asset went: a duplicate's, a copy's or a moved asset's href. */
  "result-href"?: string;
  "result-filename"?: string;
  "changed-fields"?: FieldValueChange[];
  "changed-builtinFields"?: BuiltinValueChange[];
  "changed-thumbnailFields"?: BuiltinValueChange[];
  /** Why this asset failed or was refused, in words for the person. */
  error?: string;
  /**
   * A moved asset's place before the move (archive, folder path, manual order position): what
   * the move's undo returns it to (decision 048).
   */
  "moved-from"?: { archiveId: number; folder: string; position: number };
}

/** An asset of a task's results as its page shows it (taskResultAssets). */
export interface TaskAsset {
  /** The asset's own address (the task's href may spell its file name otherwise). */
  href: string;
  title: string;
  thumbnail: { src: string; width: number; height: number } | null;
  archive: { name: string; href: string };
}

/**
 * The file name an asset href ends in ("…/42-sea%20view.jpg.info" is "sea view.jpg"): what a
 * task page shows of an asset it has no title for yet (a row the live stream just added) or that
 * the viewer no longer sees.
 */
export function fileNameOfHref(href: string): string {
  const segment = href.split("/").pop() ?? "";
  let name = segment.replace(/^\d{1,12}-/, "").replace(/\.info$/, "");
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded as a URL would be: shown as it is.
  }
  return name || href;
}

/** What an operation's item step reports to the engine. */
export interface ItemOutcome {
  status: "done" | "failed" | "skipped";
  result: TaskItemResult;
  /** The asset's current revision number before and after (undo returns to before). */
  beforeRevision?: number | null;
  afterRevision?: number | null;
  /** An asset the item made (duplicate, copy), for undo. */
  resultAssetId?: number | null;
}

/** What the engine hands an operation for one item. */
export interface ItemContext<Params> {
  jobId: number;
  seq: number;
  href: string;
  /** Null when the href named no asset id at all. */
  assetId: number | null;
  params: Params;
  /** What the request said for this asset alone (ItemParams), if anything. */
  itemParams: ItemParams | null;
  /** The person the task runs for, as they are now (rights are checked again at run time). */
  viewer: Viewer;
  signal: AbortSignal;
  /**
   * Runs `write` in one transaction together with marking the item with its outcome, so an item
   * is applied exactly once even when the job runs again after a crash: when the item is no
   * longer pending, `write` is not run and the stored outcome is answered. Work outside the
   * database (new blobs, which are content-addressed) goes before the call.
   */
  commit(write: (trx: Kysely<Database>) => Promise<ItemOutcome>): Promise<ItemOutcome>;
}

/** The stored item an undo works from. */
export interface UndoItem {
  seq: number;
  href: string;
  assetId: number | null;
  status: "pending" | "done" | "failed" | "skipped";
  beforeRevision: number | null;
  afterRevision: number | null;
  resultAssetId: number | null;
  result: TaskItemResult | null;
}

/**
 * The task's parameters by operation, as the engine parses them from each request type.
 * metadata-edit: each change applies to every asset (set replaces the value; add and remove add
 * or take away values of a bag field, leaving its other values, so a selection with mixed tags
 * keeps each asset's own; erase empties the field).
 */
export interface FieldEdit {
  field: number;
  action: "set" | "add" | "remove" | "erase";
  value: string[];
}
export interface MetadataEditParams {
  changes: FieldEdit[];
}
/** rename: the name is per asset (ItemParams.fileName). */
export type RenameParams = Record<string, never>;
/** duplicate: a copied revision is per asset (ItemParams.revision). */
export type DuplicateParams = Record<string, never>;
/** copy and move: the destination archive, and a folder path in it ("" for its root). */
export interface DestinationParams {
  archiveId: number;
  folder: string;
}
export type DeleteParams = Record<string, never>;
/** rotate: clockwise degrees. */
export interface RotateParams {
  degrees: 90 | 180 | 270;
}
/** undo: the task to undo (the engine runs its operation's undo on each of its done items). */
export interface UndoParams {
  jobId: number;
}

/** What the request said for one asset alone. */
export interface ItemParams {
  /** rename: the new file name (job-filename). */
  fileName?: string;
  /** duplicate: copy this revision rather than the current one (copy revision). */
  revision?: number;
}

/** The payload of a TASK_JOB. */
export interface TaskPayload {
  operation: TaskOperationName;
  params: unknown;
  /** How many items the task has (task_items seq 0 .. count-1). */
  count: number;
}

export interface TaskOperation<Params = unknown> {
  /** The permission on each source asset. */
  permission: AccessAction;
  /** One item; never throws for an asset's own problem (it reports failed), only for an outage. */
  apply(ctx: ItemContext<Params>): Promise<ItemOutcome>;
  /** Undoes one done item of an earlier task of this operation; absent: it cannot be undone. */
  undo?(ctx: ItemContext<Params>, item: UndoItem): Promise<ItemOutcome>;
}
