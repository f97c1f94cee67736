import sharp from "sharp";
import { db, now } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import type { RevisionKind, RevisionRow } from "~/db/schema";
import { assetDecision } from "~/models/access/access.server";
import type { AccessAction } from "~/models/access/access.server";
import { createTask } from "~/models/background-task/task-engine.server";
import { fieldsById } from "~/models/metadata/metadata.server";
import { valuesOf, type FieldValues } from "~/models/metadata/metadata-fields";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import { accessFile, fileUrl } from "~/models/rendition/rendition.server";
import type { Viewer } from "~/models/user/user.schema";
import { blobStore } from "~/storage/blob-store.server";
import { formatBytes } from "~/utils/format";
import { ASSET_NOT_FOUND, findAssetBySegments } from "./asset-details.server";
import type { AssetView } from "./asset-view.server";
import { metadataColumns, writeRevision, type WrittenRevision } from "./revision-write.server";
import { readObject } from "~/db/json-column";

/*
 * An asset's revision history (spec 000 §3 "Revision", §4 "Revision list", decision 049): the
 * list, rollback (a new revision copying an earlier one, so nothing is lost), rollback-to (back
 * to an earlier revision, the later ones deleted), deleting one revision, and comparing two.
 * Every revision is made by writeRevision; this module only reads them, deletes them, and asks
 * it for rollbacks. Blobs are never deleted here: another revision, another asset or a rendition
 * may share one by its hash, so unreferenced blobs are left to a sweep.
 */

export const REVISIONS_PER_PAGE = 20;
/*
 * Refusals are keyed (decision 106): the pages and their toasts read them in the reader's
 * language, the API's error body in English.
 */
export const REVISION_NOT_FOUND = keyed("asset.refusal.revisionNotFound");
export const CURRENT_REVISION_UNDELETABLE = keyed("asset.revisions.refused.current");
export const LAST_REVISION_UNDELETABLE = keyed("asset.revisions.refused.only");
export const SAME_REVISION_ROLLBACK = keyed("asset.revisions.refused.sameRevision");

/**
 * What a rollback takes from the chosen revision (the body's rollbackType): everything (file,
 * file name and metadata), only its metadata (the current file stays), or only its file and
 * file name (the current metadata stays).
 */
export const ROLLBACK_TYPES = ["full", "metadata", "file"] as const;
export type RollbackType = (typeof ROLLBACK_TYPES)[number];

export const KIND_LABELS: Record<RevisionKind, string> = {
  upload: "Upload",
  edit: "Metadata edit",
  rename: "Rename",
  rotate: "Rotation",
  rollback: "Rollback",
  duplicate: "Duplicate",
  copy: "Copy",
  move: "Move",
};

export interface AssetRef {
  archive: string | undefined;
  asset: string | undefined;
}

export interface RevisionEntry {
  /** The revision's number, which is its id in its asset's revision URLs. */
  id: string;
  number: number;
  kind: RevisionKind;
  kindLabel: string;
  /** Who made it: the user's full name; "" when the user is gone or it came from a scan. */
  createdBy: string;
  created: string;
  comment: string;
  filename: string;
  filesize: number;
  filesizeText: string;
  mime: string;
  current: boolean;
  href: string;
  rollback: string;
  rollbackTo: string;
  /** How many revisions are later than this one: what rollback-to deletes, said before it does. */
  later: number;
  /** Copy revision without JavaScript (a form's action). */
  copy: string;
  /** The revision's original file, or null without Download. */
  download: string | null;
}

export interface RevisionPaging {
  first: string;
  last: string;
  next: string | null;
  prev: string | null;
}

export interface RevisionList {
  asset: { href: string; name: string; title: string };
  href: string;
  compare: string;
  /** The duplicate task's asset href: copy revision sends it with a revision number. */
  assetHref: string;
  data: RevisionEntry[];
  paging: RevisionPaging;
  total: number;
  page: number;
  /** What the viewer may do here, for the buttons the page shows. */
  allowed: { rollback: boolean; manage: boolean; duplicate: boolean };
}

interface Found {
  view: AssetView;
  assetId: number;
  currentRevision: number;
  base: string;
}

const notFound = () => new Problem("not-found", ASSET_NOT_FOUND);

/** The asset the viewer may see, with `action` on it; not-found as for a missing asset. */
async function requireAsset(
  viewer: Viewer | null,
  ref: AssetRef,
  action: AccessAction,
): Promise<Found> {
  const found = await findAssetBySegments(viewer, ref.archive, ref.asset);
  if (!found) throw notFound();
  const decision = await assetDecision(viewer, found.row.id, action);
  if (!decision.allowed) {
    // One not-found body, whichever lookup said so.
    if (decision.problem.kind === "not-found") throw notFound();
    throw decision.problem;
  }
  return {
    view: found.view,
    assetId: found.row.id,
    currentRevision: decision.value.asset.current_revision,
    base: `${found.view.href}/__revisions/`,
  };
}

async function allowed(viewer: Viewer | null, assetId: number, action: AccessAction) {
  return (await assetDecision(viewer, assetId, action)).allowed;
}

/** A revision number as a URL or a form gives it; null for anything else. */
export function parseRevisionNumber(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9]\d{0,8}$/.test(text.trim())) return null;
  return Number(text.trim());
}

async function requireRevision(assetId: number, value: unknown): Promise<RevisionRow> {
  const number = parseRevisionNumber(value);
  const row =
    number === null
      ? undefined
      : await db()
          .selectFrom("revisions")
          .selectAll()
          .where("asset_id", "=", assetId)
          .where("number", "=", number)
          .executeTakeFirst();
  if (!row) throw new Problem("not-found", REVISION_NOT_FOUND);
  return row;
}

type Named = RevisionRow & { full_name: string | null; username: string | null };

function toEntry(row: Named, found: Found, download: boolean, later: number): RevisionEntry {
  const href = `${found.base}${row.number}`;
  return {
    id: String(row.number),
    number: row.number,
    kind: row.kind,
    kindLabel: KIND_LABELS[row.kind] ?? row.kind,
    createdBy: row.full_name || row.username || "",
    created: row.created_at,
    comment: row.comment,
    filename: row.file_name,
    filesize: row.file_size,
    filesizeText: formatBytes(row.file_size),
    mime: row.mime,
    current: row.number === found.currentRevision,
    href,
    rollback: `${href}/rollback`,
    rollbackTo: `${href}/rollback-to`,
    later,
    copy: `${href}/copy`,
    download: download ? fileUrl(row.id, "original", row.blob_hash, row.file_name) : null,
  };
}

async function laterThan(assetId: number, number: number): Promise<number> {
  const row = await db()
    .selectFrom("revisions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("asset_id", "=", assetId)
    .where("number", ">", number)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function revisionsWithNames(assetId: number) {
  return db()
    .selectFrom("revisions")
    .leftJoin("users", "users.id", "revisions.created_by")
    .selectAll("revisions")
    .select(["users.full_name", "users.username"])
    .where("revisions.asset_id", "=", assetId);
}

/** A page of the list's number (`p`, from 0); anything else is the first page. */
function pageOf(value: string | null | undefined): number {
  return value && /^\d{1,6}$/.test(value) ? Number(value) : 0;
}

/** The asset's revisions, newest first, a page at a time (HistoryView). */
export async function listRevisions(
  viewer: Viewer | null,
  ref: AssetRef,
  options: { page?: string | null } = {},
): Promise<RevisionList> {
  const found = await requireAsset(viewer, ref, "HistoryView");
  const [count, rollback, manage, download, duplicate] = await Promise.all([
    db()
      .selectFrom("revisions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("asset_id", "=", found.assetId)
      .executeTakeFirstOrThrow(),
    allowed(viewer, found.assetId, "HistoryRollback"),
    allowed(viewer, found.assetId, "HistoryManage"),
    allowed(viewer, found.assetId, "Download"),
    allowed(viewer, found.assetId, "DuplicateFile"),
  ]);
  const total = Number(count.n);
  const lastPage = Math.max(0, Math.ceil(total / REVISIONS_PER_PAGE) - 1);
  // A page past the end shows the last one rather than an empty list.
  const page = Math.min(pageOf(options.page), lastPage);
  const rows = await revisionsWithNames(found.assetId)
    .orderBy("revisions.number", "desc")
    .limit(REVISIONS_PER_PAGE)
    .offset(page * REVISIONS_PER_PAGE)
    .execute();
  const link = (p: number) => (p === 0 ? found.base : `${found.base}?p=${p}`);
  return {
    asset: { href: found.view.href, name: found.view.filename, title: found.view.title },
    href: link(page),
    compare: `${found.base}compare`,
    assetHref: found.view.href,
    // Newest first: every revision above a row, on this page or an earlier one, is later.
    data: rows.map((row, i) => toEntry(row, found, download, page * REVISIONS_PER_PAGE + i)),
    paging: {
      first: link(0),
      last: link(lastPage),
      next: page < lastPage ? link(page + 1) : null,
      prev: page > 0 ? link(page - 1) : null,
    },
    total,
    page,
    allowed: { rollback, manage, duplicate },
  };
}

/** One revision (HistoryView). */
export async function findRevision(
  viewer: Viewer | null,
  ref: AssetRef,
  number: unknown,
): Promise<RevisionEntry> {
  const found = await requireAsset(viewer, ref, "HistoryView");
  const parsed = parseRevisionNumber(number);
  const row =
    parsed === null
      ? undefined
      : await revisionsWithNames(found.assetId)
          .where("revisions.number", "=", parsed)
          .executeTakeFirst();
  if (!row) throw new Problem("not-found", REVISION_NOT_FOUND);
  const [download, later] = await Promise.all([
    allowed(viewer, found.assetId, "Download"),
    laterThan(found.assetId, row.number),
  ]);
  return toEntry(row, found, download, later);
}

export function parseRollbackType(value: unknown): RollbackType | null {
  if (value === undefined || value === null || value === "") return "full";
  return typeof value === "string" && (ROLLBACK_TYPES as readonly string[]).includes(value)
    ? (value as RollbackType)
    : null;
}

export const ROLLBACK_TYPE_MESSAGE = keyed("asset.refusal.rollbackType", {
  types: ROLLBACK_TYPES.join(", "),
});

/**
 * Rollback (HistoryRollback): a new revision that copies the chosen one (all of it, its metadata
 * or its file, as rollbackType says), so the history keeps everything in between.
 */
export async function rollbackRevision(
  viewer: Viewer | null,
  ref: AssetRef,
  number: unknown,
  rollbackType: unknown,
  comment = "",
): Promise<WrittenRevision> {
  const found = await requireAsset(viewer, ref, "HistoryRollback");
  const type = parseRollbackType(rollbackType);
  const source = await requireRevision(found.assetId, number);
  if (!type) throw new Problem("invalid", ROLLBACK_TYPE_MESSAGE);
  if (type === "full" && source.number === found.currentRevision)
    throw new Problem("conflict", SAME_REVISION_ROLLBACK);
  const userId = viewer?.id ?? null;
  return db()
    .transaction()
    .execute(async (trx) => {
      // Rollbacks of one asset wait for each other here, and each compares with what the one
      // before made current: five at once made five identical revisions (issue 29).
      await lockRowForUpdate(trx, "assets", found.assetId);
      const current = await trx
        .selectFrom("revisions")
        .innerJoin("assets", (join) =>
          join
            .onRef("assets.id", "=", "revisions.asset_id")
            .onRef("assets.current_revision", "=", "revisions.number"),
        )
        .select(["revisions.blob_hash", "revisions.file_name", "revisions.metadata"])
        .where("assets.id", "=", found.assetId)
        .executeTakeFirst();
      if (current && alreadyCurrent(type, source, current))
        throw new Problem("conflict", SAME_REVISION_ROLLBACK);
      const common = {
        kind: "rollback" as const,
        userId,
        comment: comment || `Rolled back to revision ${source.number}`,
      };
      if (type === "full")
        return writeRevision(trx, found.assetId, { ...common, fromNumber: source.number });
      if (type === "metadata")
        return writeRevision(trx, found.assetId, {
          ...common,
          fields: readObject<FieldValues>(source.metadata),
        });
      // The file and its name come back; the metadata stays as it is now.
      const asset = await trx
        .selectFrom("assets")
        .select("metadata")
        .where("id", "=", found.assetId)
        .executeTakeFirstOrThrow();
      return writeRevision(trx, found.assetId, {
        ...common,
        fromNumber: source.number,
        fields: readObject<FieldValues>(asset.metadata),
      });
    });
}

type RevisionContent = Pick<RevisionRow, "blob_hash" | "file_name" | "metadata">;

/** Whether the current revision already holds what the rollback would bring back. */
function alreadyCurrent(type: RollbackType, source: RevisionContent, current: RevisionContent) {
  const sameFile = source.blob_hash === current.blob_hash && source.file_name === current.file_name;
  const sameMetadata = sameFields(
    readObject<FieldValues>(source.metadata),
    readObject<FieldValues>(current.metadata),
  );
  return type === "full" ? sameFile && sameMetadata : type === "file" ? sameFile : sameMetadata;
}

function sameFields(a: FieldValues, b: FieldValues): boolean {
  const entries = Object.entries(a);
  const other = new Map(Object.entries(b));
  if (entries.length !== other.size) return false;
  return entries.every(([k, v]) => JSON.stringify(v) === JSON.stringify(other.get(k)));
}

export const ROLLBACK_TO_TYPE_MESSAGE = keyed("asset.refusal.rollbackToType");

/**
 * Rollback-to (HistoryRollback and HistoryManage, as it deletes history): the chosen revision
 * becomes the current one again and every later revision is deleted with its renditions. Its
 * blobs stay: others may share them, and a sweep removes what nothing names.
 */
export async function rollbackToRevision(
  viewer: Viewer | null,
  ref: AssetRef,
  number: unknown,
  rollbackType: unknown,
): Promise<{ number: number; deleted: number }> {
  const found = await requireAsset(viewer, ref, "HistoryRollback");
  if (!(await allowed(viewer, found.assetId, "HistoryManage")))
    throw new Problem("forbidden", keyed("asset.refusal.rollbackToManage"));
  const type = parseRollbackType(rollbackType);
  const target = await requireRevision(found.assetId, number);
  if (type !== "full") throw new Problem("invalid", ROLLBACK_TO_TYPE_MESSAGE);
  return db()
    .transaction()
    .execute(async (trx) => {
      const asset = await trx
        .selectFrom("assets")
        .select("current_revision")
        .where("id", "=", found.assetId)
        .executeTakeFirstOrThrow();
      if (asset.current_revision === target.number)
        throw new Problem("conflict", SAME_REVISION_ROLLBACK);
      const deleted = await trx
        .deleteFrom("revisions")
        .where("asset_id", "=", found.assetId)
        .where("number", ">", target.number)
        .executeTakeFirst();
      const fields = readObject<FieldValues>(target.metadata);
      await trx
        .updateTable("assets")
        .set({
          current_revision: target.number,
          file_name: target.file_name,
          file_size: target.file_size,
          mime: target.mime,
          // The file shown again brings back its own size and placeholder, where recorded.
          ...(target.width !== null && target.height !== null
            ? { width: target.width, height: target.height, placeholder: target.placeholder }
            : {}),
          ...metadataColumns(fields, target.file_name),
          updated_at: now(),
        })
        .where("id", "=", found.assetId)
        .execute();
      return { number: target.number, deleted: Number(deleted.numDeletedRows) };
    });
}

/** Deletes one revision (HistoryManage): never the current one, never the only one. */
export async function deleteRevision(
  viewer: Viewer | null,
  ref: AssetRef,
  number: unknown,
): Promise<{ number: number }> {
  const found = await requireAsset(viewer, ref, "HistoryManage");
  const target = await requireRevision(found.assetId, number);
  return db()
    .transaction()
    .execute(async (trx) => {
      const asset = await trx
        .selectFrom("assets")
        .select("current_revision")
        .where("id", "=", found.assetId)
        .executeTakeFirstOrThrow();
      if (asset.current_revision === target.number)
        throw new Problem("conflict", CURRENT_REVISION_UNDELETABLE);
      const count = await trx
        .selectFrom("revisions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("asset_id", "=", found.assetId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) <= 1) throw new Problem("conflict", LAST_REVISION_UNDELETABLE);
      await trx.deleteFrom("revisions").where("id", "=", target.id).execute();
      return { number: target.number };
    });
}

/**
 * Copy revision (spec 000 §4): a duplicate task of this revision, as the API's duplicate request
 * with `assets: [{href, revision}]` starts it; the task checks DuplicateFile per asset.
 */
export async function copyRevision(
  viewer: Viewer | null,
  ref: AssetRef,
  number: unknown,
): Promise<{ jobId: number; number: number }> {
  const found = await requireAsset(viewer, ref, "HistoryView");
  const source = await requireRevision(found.assetId, number);
  const { jobId } = await createTask(
    viewer,
    "duplicate",
    [
      {
        href: found.view.href,
        assetId: found.assetId,
        archiveId: found.view.archiveId,
        itemParams: { revision: source.number },
      },
    ],
    {},
  );
  return { jobId, number: source.number };
}

/* ---------- compare ---------- */

export interface FieldDifference {
  field: string;
  label: string;
  left: string[];
  right: string[];
  changed: boolean;
}

export interface VisualDifference {
  left: { href: string; width: number; height: number };
  right: { href: string; width: number; height: number };
  /** The difference image, a data: URL (computed per request, bounded by DIFF_MAX_SIDE). */
  difference: string;
  width: number;
  height: number;
  changedPixels: number;
  totalPixels: number;
  /** changedPixels / totalPixels, 0 to 1. */
  changedShare: number;
}

export interface RevisionComparison {
  asset: { href: string; name: string; title: string };
  revisions: string;
  left: RevisionEntry;
  right: RevisionEntry;
  fields: FieldDifference[];
  /** Null when either has no preview or the viewer may not see previews. */
  visual: VisualDifference | null;
}

/** The difference image's longer side: enough to see where, cheap enough per request. */
export const DIFF_MAX_SIDE = 640;
/** A channel must move by more than this (of 255) for a pixel to count as changed: JPEG noise. */
export const DIFF_THRESHOLD = 24;

export const COMPARE_INPUT_MESSAGE = keyed("asset.refusal.compareInput");

function fieldText(value: string | string[] | undefined): string[] {
  return valuesOf(value).filter((v) => v !== "");
}

async function fieldDifferences(left: RevisionRow, right: RevisionRow): Promise<FieldDifference[]> {
  const a = readObject<FieldValues>(left.metadata);
  const b = readObject<FieldValues>(right.metadata);
  const definitions = await fieldsById();
  const builtins: FieldDifference[] = [
    ["filename", "File name", [left.file_name], [right.file_name]],
    ["filesize", "File size", [formatBytes(left.file_size)], [formatBytes(right.file_size)]],
    ["mime", "File type", [left.mime], [right.mime]],
  ].map(([field, label, l, r]) => ({
    field: field as string,
    label: label as string,
    left: l as string[],
    right: r as string[],
    changed: JSON.stringify(l) !== JSON.stringify(r),
  }));
  const ids = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((id) => /^\d+$/.test(id))
    .sort((x, y) => Number(x) - Number(y));
  const fields = ids.flatMap((id) => {
    const l = fieldText(a[Number(id)]);
    const r = fieldText(b[Number(id)]);
    if (l.length === 0 && r.length === 0) return [];
    return [
      {
        field: id,
        label: definitions.get(Number(id))?.GuiLabel ?? `Field ${id}`,
        left: l,
        right: r,
        changed: JSON.stringify(l) !== JSON.stringify(r),
      },
    ];
  });
  return [...builtins, ...fields];
}

async function previewOf(revisionId: number) {
  return db()
    .selectFrom("renditions")
    .selectAll()
    .where("revision_id", "=", revisionId)
    .where("kind", "=", "preview")
    .executeTakeFirst();
}

async function decode(hash: string, width: number, height: number) {
  const input = await blobStore().withLocalFile(hash, async (path) =>
    sharp(path, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(width, height, { fit: "fill" })
      .removeAlpha()
      .raw()
      .toBuffer(),
  );
  return input;
}

/**
 * Both previews decoded at one size; a pixel whose channels moved more than DIFF_THRESHOLD is
 * painted red over a dimmed grey copy of the right one (over black where previews carry a
 * watermark, so the difference never shows an unmarked picture).
 */
export async function pixelDifference(
  leftHash: string,
  rightHash: string,
  size: { width: number; height: number },
  options: { base: boolean },
) {
  const scale = Math.min(1, DIFF_MAX_SIDE / Math.max(size.width, size.height, 1));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const [a, b] = await Promise.all([
    decode(leftHash, width, height),
    decode(rightHash, width, height),
  ]);
  const out = Buffer.alloc(width * height * 3);
  let changed = 0;
  for (let i = 0; i < width * height; i++) {
    const o = i * 3;
    const moved =
      Math.abs(a[o]! - b[o]!) > DIFF_THRESHOLD ||
      Math.abs(a[o + 1]! - b[o + 1]!) > DIFF_THRESHOLD ||
      Math.abs(a[o + 2]! - b[o + 2]!) > DIFF_THRESHOLD;
    if (moved) {
      changed++;
      out[o] = 230;
      out[o + 1] = 20;
      out[o + 2] = 20;
    } else if (options.base) {
      const grey = Math.round((0.299 * b[o]! + 0.587 * b[o + 1]! + 0.114 * b[o + 2]!) * 0.35);
      out[o] = grey;
      out[o + 1] = grey;
      out[o + 2] = grey;
    }
  }
  const png = await sharp(out, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return {
    image: `data:image/png;base64,${png.toString("base64")}`,
    width,
    height,
    changedPixels: changed,
    totalPixels: width * height,
  };
}

async function visualDifference(
  viewer: Viewer | null,
  left: RevisionRow,
  right: RevisionRow,
): Promise<VisualDifference | null> {
  const [leftPreview, rightPreview] = await Promise.all([previewOf(left.id), previewOf(right.id)]);
  if (!leftPreview || !rightPreview) return null;
  const [leftAccess, rightAccess] = await Promise.all([
    accessFile(viewer, left.id, "preview"),
    accessFile(viewer, right.id, "preview"),
  ]);
  if (!leftAccess.ok || !rightAccess.ok) return null;
  const [hasLeft, hasRight] = await Promise.all([
    blobStore().has(leftPreview.blob_hash),
    blobStore().has(rightPreview.blob_hash),
  ]);
  if (!hasLeft || !hasRight) return null;
  const watermarked =
    leftAccess.hash !== leftPreview.blob_hash || rightAccess.hash !== rightPreview.blob_hash;
  const diff = await pixelDifference(
    leftPreview.blob_hash,
    rightPreview.blob_hash,
    { width: leftPreview.width, height: leftPreview.height },
    { base: !watermarked },
  );
  return {
    left: {
      href: fileUrl(left.id, "preview", leftAccess.hash, leftAccess.fileName),
      width: leftPreview.width,
      height: leftPreview.height,
    },
    right: {
      href: fileUrl(right.id, "preview", rightAccess.hash, rightAccess.fileName),
      width: rightPreview.width,
      height: rightPreview.height,
    },
    difference: diff.image,
    width: diff.width,
    height: diff.height,
    changedPixels: diff.changedPixels,
    totalPixels: diff.totalPixels,
    changedShare: diff.totalPixels === 0 ? 0 : diff.changedPixels / diff.totalPixels,
  };
}

/** Two revisions of one asset side by side (HistoryView): fields, file facts, pixels. */
export async function compareRevisions(
  viewer: Viewer | null,
  ref: AssetRef,
  leftNumber: unknown,
  rightNumber: unknown,
): Promise<RevisionComparison> {
  const found = await requireAsset(viewer, ref, "HistoryView");
  if (parseRevisionNumber(leftNumber) === null || parseRevisionNumber(rightNumber) === null)
    throw new Problem("invalid", COMPARE_INPUT_MESSAGE);
  const [left, right] = await Promise.all([
    requireRevision(found.assetId, leftNumber),
    requireRevision(found.assetId, rightNumber),
  ]);
  const download = await allowed(viewer, found.assetId, "Download");
  const names = await revisionsWithNames(found.assetId)
    .where("revisions.id", "in", [left.id, right.id])
    .execute();
  const named = (row: RevisionRow) =>
    names.find((n) => n.id === row.id) ?? { ...row, full_name: null, username: null };
  const [fields, visual, leftLater, rightLater] = await Promise.all([
    fieldDifferences(left, right),
    visualDifference(viewer, left, right),
    laterThan(found.assetId, left.number),
    laterThan(found.assetId, right.number),
  ]);
  return {
    asset: { href: found.view.href, name: found.view.filename, title: found.view.title },
    revisions: found.base,
    left: toEntry(named(left), found, download, leftLater),
    right: toEntry(named(right), found, download, rightLater),
    fields,
    visual,
  };
}
