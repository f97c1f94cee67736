import { sql, type CompiledQuery, type Expression, type SqlBool } from "kysely";
import { keyed } from "~/models/locale/keyed";
import { db } from "~/db/connection.server";
import { fullText } from "~/db/dialect.server";
import type { AssetRow } from "~/db/schema";
import { findVisibleAsset, visibleArchives, visibleCondition } from "~/models/access/access.server";
import { compileNode, ftsQuery, type AssetsEb, type FtsTable } from "./search-compile.server";
import { parseSearchExpression, type ParseOptions, type SearchNode } from "./search-expression";
import type { Viewer } from "~/models/user/user.schema";

/*
 * Listing and searching assets (decision 014). Every listing, search, count and single-asset
 * lookup goes through visibleTo(): the viewer's archives and their members' filters become part
 * of the WHERE clause, so a page is never filled and then thinned out. Paging is by keyset: a
 * cursor holds the last row's sort value and id, and a deep page costs what the first one does.
 * Full text is FTS5 on SQLite and a stored tsvector on PostgreSQL, behind compileSearch().
 */

export const SORT_KEYS = [
  "added",
  "name",
  "title",
  "modified",
  "captured",
  "size",
  "manual",
  "relevance",
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface SortOrder {
  key: SortKey;
  descending: boolean;
}
export const DEFAULT_SORT: SortOrder = { key: "added", descending: true };

/** "-added" is newest first, "name" is A to Z; null for anything else. */
export function parseSort(value: string | null | undefined): SortOrder | null {
  if (!value) return null;
  const descending = value.startsWith("-");
  const key = descending ? value.slice(1) : value;
  return (SORT_KEYS as readonly string[]).includes(key)
    ? { key: key as SortKey, descending }
    : null;
}

export function formatSort(sort: SortOrder): string {
  return `${sort.descending ? "-" : ""}${sort.key}`;
}

/* ---------- who sees what ---------- */

export class InvalidSearchExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly expression: string,
  ) {
    super(message);
    this.name = "InvalidSearchExpressionError";
  }
}

/**
 * Parses the q parameters (ANDed); throws InvalidSearchExpressionError with the first error.
 * Written dates are read in `timeZone` (search-zone.server.ts says whose), UTC without one.
 */
export function parseQueries(queries: string[], options: ParseOptions = {}): SearchNode[] {
  return queries
    .filter((q) => q.trim() !== "")
    .map((q) => {
      const parsed = parseSearchExpression(q, options);
      if (!parsed.ok) throw new InvalidSearchExpressionError(parsed.message, parsed.position, q);
      return parsed.node;
    });
}

// Visibility is the access module's (decision 026); callers that found it here still do.
export { findVisibleAsset, visibleCondition };

/* ---------- listing ---------- */

export interface Cursor {
  /** The sort value of the row, or the offset for relevance. */
  v: string | number | null;
  i: number;
}

export class InvalidCursorError extends Error {
  constructor() {
    super(keyed("validation.search.badCursor"));
    this.name = "InvalidCursorError";
  }
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.v, cursor.i])).toString("base64url");
}

export function decodeCursor(text: string): Cursor {
  if (text.length > 2000) throw new InvalidCursorError();
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw new InvalidCursorError();
  }
  if (
    !Array.isArray(raw) ||
    raw.length !== 2 ||
    !Number.isSafeInteger(raw[1]) ||
    !(raw[0] === null || typeof raw[0] === "string" || Number.isFinite(raw[0]))
  )
    throw new InvalidCursorError();
  return { v: raw[0] as Cursor["v"], i: raw[1] as number };
}

export type PageRequest =
  | { from: "first" }
  | { from: "after"; cursor: Cursor }
  | { from: "before"; cursor: Cursor }
  | { from: "last" }
  /** Rows skipped from the start (numbered pages, bounded by MAX_LISTING_OFFSET). */
  | { from: "offset"; offset: number };

export interface AssetQuery {
  viewer: Viewer | null;
  /** One archive; every archive the viewer sees when absent. */
  archiveId?: number;
  /** Only assets directly in this folder. */
  folderId?: number;
  /** Only assets this user pinned. */
  pinnedBy?: number;
  /**
   * Only assets in this album (decision 051); the manual sort is then the album's own order.
   * The viewer is the album's owner: an album shows what its owner sees.
   */
  inAlbum?: number;
  /** Parsed q parameters, ANDed. */
  search: SearchNode[];
  /**
   * Only assets that arrived or changed after `after` and no later than `until` (ISO instants of
   * updated_at): an alert's window (decision 062).
   */
  changedWithin?: { after: string; until: string };
  sort: SortOrder;
  page: PageRequest;
  limit: number;
}

/** A listed asset: every column but the search document, which only the index needs. */
export type ListedAsset = Omit<AssetRow, "search_doc"> & {
  /** The asset's place in the album listed (inAlbum only). */
  album_position?: number | null;
};
const LISTED_COLUMNS = [
  "id",
  "archive_id",
  "folder_id",
  "file_name",
  "state",
  "failure",
  "current_revision",
  "doc_type",
  "mime",
  "extension",
  "file_size",
  "width",
  "height",
  "color_space",
  "orientation",
  "resolution",
  "title",
  "description",
  "tags",
  "notes",
  "status",
  "rating",
  "metadata",
  "placeholder",
  "modified_date",
  "iptc_date",
  "release_date",
  "camera_date",
  "position",
  "trash_id",
  "created_by",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof ListedAsset)[];

export interface AssetPage {
  assets: ListedAsset[];
  next: Cursor | null;
  prev: Cursor | null;
}

/** Relevance pages by offset; deeper than this the ranking says nothing more. */
export const MAX_RELEVANCE_OFFSET = 10_000;
/** How deep numbered pages reach: an OFFSET reads what it skips, so it is bounded like relevance. */
export const MAX_LISTING_OFFSET = MAX_RELEVANCE_OFFSET;

function sortExpression(key: SortKey) {
  switch (key) {
    case "added":
    case "relevance":
      return sql`assets.id`;
    case "name":
      return sql`assets.file_name`;
    case "title":
      return sql`assets.title`;
    case "modified":
      return sql`coalesce(assets.modified_date, '')`;
    case "captured":
      return sql`coalesce(assets.camera_date, '')`;
    case "size":
      return sql`assets.file_size`;
    case "manual":
      return sql`assets.position`;
  }
}

export function sortValue(row: ListedAsset, key: SortKey): Cursor["v"] {
  switch (key) {
    case "added":
    case "relevance":
      return row.id;
    case "name":
      return row.file_name;
    case "title":
      return row.title;
    case "modified":
      return row.modified_date ?? "";
    case "captured":
      return row.camera_date ?? "";
    case "size":
      return Number(row.file_size);
    case "manual":
      return Number(row.album_position ?? row.position);
  }
}

/** An album's own order: the asset's position in it. */
function albumPosition(albumId: number) {
  return sql<number>`(select album_assets.position from album_assets where album_assets.album_id = ${albumId} and album_assets.asset_id = assets.id)`;
}

/**
 * SQLite: the positive full-text part of the top-level AND, as one MATCH string that drives the
 * query (the index hands rowids over newest first and stops at the page's end; decision 014).
 * What it cannot express stays in `rest`. PostgreSQL's planner chooses for itself: no split.
 */
function splitDriving(search: SearchNode[]): { driving: string | null; rest: SearchNode[] } {
  const ft = fullText();
  if (!ft.drivesListing) return { driving: null, rest: search };
  const nodes = search.flatMap((n) => (n.kind === "and" ? n.children : [n]));
  const positive: string[] = [];
  const negative: string[] = [];
  const rest: SearchNode[] = [];
  for (const node of nodes) {
    const inner = ftsQuery(node.kind === "not" ? node.child : node, ft);
    if (inner === null) rest.push(node);
    else (node.kind === "not" ? negative : positive).push(inner);
  }
  if (positive.length === 0) return { driving: null, rest: search };
  return { driving: ft.combine("and", positive, negative), rest };
}

function rankExpression(search: SearchNode[], driving: boolean) {
  if (driving) return sql<number>`assets_fts.rank`;
  const ft = fullText();
  const parts = search.map((n) => ftsQuery(n, ft)).filter((q): q is string => q !== null);
  return parts.length === 0 ? null : ft.rank(ft.combine("and", parts));
}

/** Where a listing looks: what the viewer sees, in its archive, folder or pins, matching. */
function scopeConditions(
  e: AssetsEb,
  query: ListingScope,
  access: Awaited<ReturnType<typeof visibleArchives>>,
  search: SearchNode[],
): Expression<SqlBool>[] {
  const parts = [visibleCondition(e, access), ...search.map((n) => compileNode(e, n))];
  if (query.archiveId !== undefined) parts.push(e("assets.archive_id", "=", query.archiveId));
  if (query.folderId !== undefined) parts.push(e("assets.folder_id", "=", query.folderId));
  if (query.changedWithin !== undefined) {
    parts.push(e("assets.updated_at", ">", query.changedWithin.after));
    parts.push(e("assets.updated_at", "<=", query.changedWithin.until));
  }
  if (query.inAlbum !== undefined) {
    parts.push(
      e(
        "assets.id",
        "in",
        db().selectFrom("album_assets").select("asset_id").where("album_id", "=", query.inAlbum),
      ),
    );
  }
  if (query.pinnedBy !== undefined) {
    parts.push(
      e(
        "assets.id",
        "in",
        db().selectFrom("asset_pins").select("asset_id").where("user_id", "=", query.pinnedBy),
      ),
    );
  }
  return parts;
}

export type ListingScope = Pick<
  AssetQuery,
  "viewer" | "archiveId" | "folderId" | "pinnedBy" | "inAlbum" | "search" | "changedWithin"
>;

/**
 * How many assets a listing holds, counting no further than `cap` (numbered pages need their
 * last page; past the cap the count is not worth its reading).
 */
export async function countAssets(
  query: ListingScope,
  cap: number,
  /** Sees the SQL before it runs, as listAssets's does. */
  observe?: (compiled: CompiledQuery) => void,
): Promise<number> {
  const access = await visibleArchives(
    query.viewer,
    query.archiveId === undefined ? undefined : [query.archiveId],
  );
  const capped = db()
    .selectFrom("assets")
    .select("assets.id")
    .where((eb) => eb.and(scopeConditions(eb, query, access, query.search)))
    .limit(cap);
  const count = db()
    .selectFrom(capped.as("capped"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"));
  observe?.(count.compile());
  const row = await count.executeTakeFirstOrThrow();
  return Number(row.n);
}

const NUMERIC_SORTS = new Set<SortKey>(["added", "size", "manual", "relevance"]);

export async function listAssets(
  query: AssetQuery,
  /** Sees the SQL before it runs: the search benchmark runs the same query on the driver. */
  observe?: (compiled: CompiledQuery) => void,
): Promise<AssetPage> {
  const access = await visibleArchives(
    query.viewer,
    query.archiveId === undefined ? undefined : [query.archiveId],
  );
  const reverse = query.page.from === "before" || query.page.from === "last";
  const descending = query.sort.descending !== reverse;
  const direction = descending ? "desc" : "asc";
  const key = query.sort.key;
  const cursorGiven =
    query.page.from === "after" || query.page.from === "before" ? query.page.cursor : null;
  // A cursor made for another sort order would compare text with numbers: PostgreSQL refuses.
  if (cursorGiven && typeof cursorGiven.v !== (NUMERIC_SORTS.has(key) ? "number" : "string"))
    throw new InvalidCursorError();
  const { driving, rest } = splitDriving(query.search);
  const rank = key === "relevance" ? rankExpression(query.search, driving !== null) : null;
  // Newest first through the full-text index: its rowid is the asset id.
  const expression =
    driving !== null && (key === "added" || key === "relevance")
      ? sql`assets_fts.rowid`
      : key === "manual" && query.inAlbum !== undefined
        ? albumPosition(query.inAlbum)
        : sortExpression(key);
  const tieBreaker = driving !== null ? sql`assets_fts.rowid` : sql`assets.id`;

  const conditions = (e: AssetsEb) => {
    const parts = scopeConditions(e, query, access, rest);
    const cursor =
      query.page.from === "after" || query.page.from === "before" ? query.page.cursor : null;
    if (cursor && !rank) {
      const op = sql.raw(descending ? "<" : ">");
      parts.push(
        key === "added"
          ? sql<SqlBool>`${tieBreaker} ${op} ${cursor.i}`
          : sql<SqlBool>`(${expression}, ${tieBreaker}) ${op} (${cursor.v}, ${cursor.i})`,
      );
    }
    return e.and(parts);
  };

  const searchDb = db().withTables<{ assets_fts: FtsTable }>();
  // CROSS JOIN keeps SQLite from reordering: the full-text index is the outer loop.
  const extra =
    query.inAlbum !== undefined ? [albumPosition(query.inAlbum).as("album_position")] : [];
  let select =
    driving !== null
      ? searchDb
          .selectFrom("assets_fts")
          .crossJoin("assets")
          .select(LISTED_COLUMNS.map((c) => `assets.${c}` as const))
          .select(extra)
          .where(sql<SqlBool>`assets_fts match ${driving}`)
          .whereRef("assets.id", "=", "assets_fts.rowid")
          .where((eb) => conditions(eb as unknown as AssetsEb))
      : searchDb
          .selectFrom("assets")
          .select(LISTED_COLUMNS.map((c) => `assets.${c}` as const))
          .select(extra)
          .where((eb) => conditions(eb as unknown as AssetsEb));

  let offset = query.page.from === "offset" ? query.page.offset : 0;
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_LISTING_OFFSET)
    throw new InvalidCursorError();
  if (rank) {
    // Relevance: best first, then newest; paged by offset (the cursor's v).
    const cursor =
      query.page.from === "after" || query.page.from === "before" ? query.page.cursor : null;
    if (cursor) offset = Number(cursor.v);
    if (query.page.from === "before") offset = Math.max(0, offset - query.limit);
    if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_RELEVANCE_OFFSET)
      throw new InvalidCursorError();
    // FTS5 orders by its rank column only when nothing follows it in ORDER BY.
    select =
      driving !== null
        ? select.orderBy(rank, "asc").offset(offset)
        : select.orderBy(rank, "asc").orderBy("assets.id", "desc").offset(offset);
  } else {
    select =
      key === "added"
        ? select.orderBy(tieBreaker, direction)
        : select.orderBy(expression, direction).orderBy(tieBreaker, direction);
    // A numbered page: the rows before it are read and skipped (bounded above).
    if (offset > 0) select = select.offset(offset);
  }
  const limited = select.limit(query.limit + 1);
  observe?.(limited.compile());
  const rows = await limited.execute();
  const more = rows.length > query.limit;
  const assets = rows.slice(0, query.limit);

  if (rank) {
    return {
      assets,
      next:
        more && offset + query.limit <= MAX_RELEVANCE_OFFSET
          ? { v: offset + query.limit, i: 0 }
          : null,
      prev: offset > 0 ? { v: offset, i: 0 } : null,
    };
  }
  if (reverse) assets.reverse();
  const first = assets[0];
  const last = assets[assets.length - 1];
  const cursorOf = (row: ListedAsset | undefined) =>
    row ? { v: sortValue(row, key), i: row.id } : null;
  switch (query.page.from) {
    case "first":
      return { assets, next: more ? cursorOf(last) : null, prev: null };
    case "after":
      return { assets, next: more ? cursorOf(last) : null, prev: cursorOf(first) };
    case "before":
      return { assets, next: cursorOf(last), prev: more ? cursorOf(first) : null };
    case "last":
      return { assets, next: null, prev: more ? cursorOf(first) : null };
    case "offset":
      // Keyset cursors all the same: a numbered page continues by key like any other.
      return {
        assets,
        next: more ? cursorOf(last) : null,
        prev: offset > 0 ? cursorOf(first) : null,
      };
  }
}

/** How many assets the viewer sees in each archive matching the search (the search target). */
export async function countByArchive(
  viewer: Viewer | null,
  search: SearchNode[],
): Promise<Map<number, number>> {
  const access = await visibleArchives(viewer);
  const rows = await db()
    .selectFrom("assets")
    .select(["assets.archive_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where((eb) => {
      const e = eb as AssetsEb;
      return e.and([visibleCondition(e, access), ...search.map((n) => compileNode(e, n))]);
    })
    .groupBy("assets.archive_id")
    .execute();
  return new Map(rows.map((r) => [r.archive_id, Number(r.n)]));
}
