import { robotsRule } from "~/models/archive/archive-effects";
import type { AssetRow } from "~/db/schema";
import { archiveIdFromSegment, findArchive } from "~/models/archive/archive.server";
import { assetIdFromSegment, currentRevisionId } from "./asset.server";
import { assetViews, previewFor, type AssetPreview, type AssetView } from "./asset-view.server";
import { METADATA_FIELDS, valuesOf, type FieldType } from "~/models/metadata/metadata-fields";
import {
  accessSidecar,
  RENDITION_NAMES,
  requestRendition,
  sidecarUrl,
} from "~/models/rendition/rendition.server";
import { findVisibleAsset, isOwnAccount } from "~/models/access/access.server";
import {
  DEFAULT_SORT,
  formatSort,
  InvalidSearchExpressionError,
  listAssets,
  parseQueries,
  parseSort,
  sortValue,
  type ListedAsset,
  type SortOrder,
} from "~/models/search/search.server";
import type { SearchNode } from "~/models/search/search-expression";
import { activeFilters } from "~/models/smart-folder/navigation.server";
import { keyed } from "~/models/locale/keyed";
import { isProblem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import type { MetadataEditor } from "~/components/asset/MetadataEditPanel";
import { editorFieldsFor } from "./asset-edit.server";
import { searchTimeZoneOf } from "~/models/search/search-zone.server";

/*
 * The asset details page and the asset+json resource (decision 016). The asset is found only
 * through findVisibleAsset, so an asset the viewer may not see is a 404 exactly like one that
 * does not exist. The page's URL carries the list it was opened from (q, s, folder, as the grid
 * writes them); the previous and next assets are the neighbours in that list by keyset, two
 * one-row queries whatever the list's length.
 */

/**
 * One answer for "does not exist" and "may not see": the difference is not the viewer's to learn.
 * Keyed (decision 106): the page says it in its reader's language, the API in English.
 */
export const ASSET_NOT_FOUND = keyed("asset.refusal.notVisible");

/** Segments longer than this are no asset href of ours (and not worth a query). */
const MAX_SEGMENT = 1024;
const MAX_QUERIES = 20;
const MAX_QUERY_LENGTH = 2000;
/** Print size of the file facts (spec 000 §9): pixels at this resolution. */
export const PRINT_PPI = 300;

/** The visible asset an archive and asset segment name; null for anything else. */
export async function findAssetBySegments(
  viewer: Viewer | null,
  archiveSegment: string | undefined,
  assetSegment: string | undefined,
): Promise<{ row: AssetRow; view: AssetView } | null> {
  if (!archiveSegment || !assetSegment) return null;
  if (archiveSegment.length > MAX_SEGMENT || assetSegment.length > MAX_SEGMENT) return null;
  // Control characters and (encoded) path separators never come from an href we made: file
  // names cannot hold them, so "42-..%2f..%2fetc.info" is refused, not read as asset 42.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(archiveSegment + assetSegment)) return null;
  const archiveId = archiveIdFromSegment(archiveSegment);
  const assetId = assetIdFromSegment(assetSegment);
  if (archiveId === null || assetId === null || !Number.isSafeInteger(assetId)) return null;
  const row = await findVisibleAsset(viewer, assetId);
  if (!row || row.archive_id !== archiveId) return null;
  const [view] = await assetViews(viewer, [row]);
  return view ? { row, view } : null;
}

/** The list an asset was opened from, as the grid writes it into the asset's link. */
export interface ListContext {
  queries: string[];
  sort: string | null;
  folder: string | null;
  /** The navigation pane's smart folder and taxonomy item (decision 061). */
  sf?: string | null;
  tx?: string | null;
}

export function listContextOf(url: URL): ListContext {
  return {
    queries: url.searchParams.getAll("q"),
    sort: url.searchParams.get("s"),
    folder: url.searchParams.get("folder"),
    sf: url.searchParams.get("sf"),
    tx: url.searchParams.get("tx"),
  };
}

/** The context as a query string ("" or "?q=...&s=..."), kept by every link of the page. */
export function contextQuery(context: ListContext): string {
  const params = new URLSearchParams();
  for (const q of context.queries) params.append("q", q);
  if (context.sort !== null) params.set("s", context.sort);
  if (context.folder !== null) params.set("folder", context.folder);
  if (context.sf) params.set("sf", context.sf);
  if (context.tx) params.set("tx", context.tx);
  const text = params.toString();
  return text ? `?${text}` : "";
}

interface ParsedContext {
  search: SearchNode[];
  sort: SortOrder;
  folderId?: number;
}

/** The context as a listing, or null when any part of it is not one the grid could have made. */
export function parseListContext(
  context: ListContext,
  /** The zone the grid read the search's dates in (search-zone.server.ts). */
  timeZone?: string,
): ParsedContext | null {
  if (
    context.queries.length > MAX_QUERIES ||
    context.queries.some((q) => q.length > MAX_QUERY_LENGTH)
  )
    return null;
  let sort = DEFAULT_SORT;
  if (context.sort !== null && context.sort !== "") {
    const parsed = parseSort(context.sort);
    if (!parsed) return null;
    // Relevance pages by offset; an asset's neighbours there would cost the whole ranking.
    sort = parsed.key === "relevance" ? DEFAULT_SORT : parsed;
  }
  let folderId: number | undefined;
  if (context.folder !== null && context.folder !== "") {
    if (!/^\d{1,12}$/.test(context.folder)) return null;
    folderId = Number(context.folder);
  }
  let search: SearchNode[];
  try {
    search = parseQueries(context.queries, { timeZone });
  } catch (error) {
    if (error instanceof InvalidSearchExpressionError) return null;
    throw error;
  }
  return { search, sort, folderId };
}

export interface Neighbours {
  previous: AssetView | null;
  next: AssetView | null;
}

/** The assets before and after this one in the list the context describes. */
export async function findNeighbours(
  viewer: Viewer | null,
  row: ListedAsset,
  context: ParsedContext,
): Promise<Neighbours> {
  const cursor = { v: sortValue(row, context.sort.key), i: row.id };
  const query = {
    viewer,
    archiveId: row.archive_id,
    folderId: context.folderId,
    search: context.search,
    sort: context.sort,
    limit: 1,
  };
  const [before, after] = await Promise.all([
    listAssets({ ...query, page: { from: "before", cursor } }),
    listAssets({ ...query, page: { from: "after", cursor } }),
  ]);
  const rows = [before.assets[0], after.assets[0]].filter((r): r is ListedAsset => r !== undefined);
  const views = await assetViews(viewer, rows);
  const byId = new Map(views.map((v) => [v.id, v]));
  return {
    previous: before.assets[0] ? (byId.get(before.assets[0].id) ?? null) : null,
    next: after.assets[0] ? (byId.get(after.assets[0].id) ?? null) : null,
  };
}

/* ---------- what the page shows ---------- */

export interface MetadataEntry {
  id: number;
  label: string;
  type: FieldType;
  values: string[];
}

/** The archive's metadata view: the known fields that have values, in the view's order. */
export function metadataEntries(view: AssetView): MetadataEntry[] {
  return METADATA_FIELDS.flatMap((field) => {
    const values = valuesOf(view.metadata[String(field.id)]?.value).filter((v) => v !== "");
    return values.length > 0
      ? [{ id: field.id, label: field.label, type: field.type, values }]
      : [];
  });
}

/** Which of the asset's dates a fact is (the page names it in its language). */
export type DateKind = "modified" | "iptc" | "release" | "taken" | "uploaded";

export interface DateFact {
  kind: DateKind;
  iso: string;
  /** Midnight UTC: a calendar date (IPTC, release) without a time, shown without a zone. */
  dateOnly: boolean;
}

export interface FileFacts {
  docType: string;
  mime: string;
  /** In bytes; the page writes it in its language. */
  fileSize: number;
  pixels: { width: number; height: number } | null;
  colorSpace: string | null;
  printSize: PrintSize | null;
  dates: DateFact[];
}

/** Width and height in centimetres and in inches, at PRINT_PPI. */
export interface PrintSize {
  cm: { width: number; height: number };
  inches: { width: number; height: number };
}

const tenth = (n: number) => Math.round(n * 10) / 10;

export function printSize(width: number, height: number, ppi = PRINT_PPI): PrintSize {
  const inches = (px: number) => px / ppi;
  return {
    cm: { width: tenth(inches(width) * 2.54), height: tenth(inches(height) * 2.54) },
    inches: { width: tenth(inches(width)), height: tenth(inches(height)) },
  };
}

const isMidnightUtc = (date: Date) =>
  date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;

export function fileFacts(view: AssetView): FileFacts {
  const image = view.attributes.imageattributes;
  const candidates: [DateKind, string | null][] = [
    ["modified", view.dates.modified],
    ["iptc", view.dates.iptc],
    ["release", view.dates.release],
    ["taken", view.dates.camera],
    ["uploaded", view.created],
  ];
  const dates = candidates.flatMap(([kind, iso]) => {
    const date = iso ? new Date(iso) : null;
    return date && !Number.isNaN(date.getTime())
      ? [{ kind, iso: date.toISOString(), dateOnly: isMidnightUtc(date) }]
      : [];
  });
  return {
    docType: view.doctype,
    mime: view.mime,
    fileSize: view.filesize,
    pixels: image ? { width: image.pixelwidth, height: image.pixelheight } : null,
    colorSpace: image?.colorspace || null,
    printSize:
      image && image.pixelwidth > 0 && image.pixelheight > 0
        ? printSize(image.pixelwidth, image.pixelheight)
        : null,
    dates,
  };
}

/** A file to download: the original, the JPEG preview, a profile's rendition or the sidecar. */
export interface Download {
  kind: "original" | "preview" | "profile" | "sidecar";
  /** A processing profile's rendition: its name. */
  name?: string;
  href: string;
}

const DOWNLOAD_KINDS: Record<string, Download["kind"]> = {
  ORIGINAL: "original",
  PREVIEW: "preview",
};

/**
 * The files the viewer may download, as file URLs. Each goes through the rendition model, the
 * same check the rendition service and the file route make, so a link is never shown for a file
 * that would answer 403.
 */
export async function downloadsOf(
  viewer: Viewer | null,
  view: AssetView,
  assetId?: number,
): Promise<Download[]> {
  const outcomes = await Promise.all(
    view.renditions.map(async (r): Promise<Download | null> => {
      const name = r.href.slice(r.href.lastIndexOf("/") + 1);
      // A processing profile's rendition (decision 040) is offered by its name.
      const kind = r.profile ? "profile" : DOWNLOAD_KINDS[name];
      if (!kind) return null;
      const outcome = await requestRendition(viewer, r.href);
      if (!outcome.ok) return null;
      return kind === "profile"
        ? { kind, name: r.display_name, href: outcome.href }
        : { kind, href: outcome.href };
    }),
  );
  const downloads = outcomes.filter((d): d is Download => d !== null);
  // Where write-back could not put the metadata into the file, its XMP sidecar (decision 050).
  const revisionId = assetId === undefined ? null : await currentRevisionId(assetId);
  if (revisionId !== null) {
    const sidecar = await accessSidecar(viewer, revisionId);
    if (sidecar.ok)
      downloads.push({
        kind: "sidecar",
        href: sidecarUrl(revisionId, sidecar.hash, sidecar.fileName),
      });
  }
  return downloads;
}

export interface NeighbourLink {
  href: string;
  label: string;
}

export interface AssetDetails {
  view: AssetView;
  preview: AssetPreview | null;
  metadata: MetadataEntry[];
  facts: FileFacts;
  downloads: Download[];
  previous: NeighbourLink | null;
  next: NeighbourLink | null;
  /** The list the asset was opened from, with its context. */
  listHref: string;
  /** The archive's robots rule for the page (decision 043); null when crawlers may index. */
  robots: string | null;
  /** The metadata editors, for a viewer who may edit this asset (EditText); else null. */
  editor: MetadataEditor | null;
}

/** The query that opens the page's plain metadata form (the no-JavaScript editor). */
export const EDIT_METADATA_QUERY = { name: "edit", value: "metadata" } as const;

/** The editors for a viewer with EditText on the asset; null for everyone else. */
export async function metadataEditorOf(
  viewer: Viewer | null,
  assetId: number,
  pageHref: string,
  url: URL,
): Promise<MetadataEditor | null> {
  if (!isOwnAccount(viewer)) return null;
  const { fields, editable } = await editorFieldsFor(viewer, [assetId]);
  if (!editable.includes(assetId)) return null;
  const join = pageHref.includes("?") ? "&" : "?";
  return {
    fields,
    editing: url.searchParams.get(EDIT_METADATA_QUERY.name) === EDIT_METADATA_QUERY.value,
    editHref: `${pageHref}${join}${EDIT_METADATA_QUERY.name}=${EDIT_METADATA_QUERY.value}`,
    viewHref: pageHref,
  };
}

/** Everything the details page shows; null when the viewer may not see the asset. */
export async function loadAssetDetails(
  viewer: Viewer | null,
  segments: { archive: string | undefined; asset: string | undefined },
  url: URL,
): Promise<AssetDetails | null> {
  const found = await findAssetBySegments(viewer, segments.archive, segments.asset);
  if (!found) return null;
  const { row, view } = found;
  const context = listContextOf(url);
  const parsed = await withNavigationFilters(
    row.archive_id,
    context,
    parseListContext(context, await searchTimeZoneOf(viewer)),
  );
  // A context the grid could not have made is dropped, not refused: the asset itself is fine.
  const query = parsed ? contextQuery(canonicalContext(context, parsed)) : "";
  const [neighbours, downloads, archive, editor] = await Promise.all([
    parsed ? findNeighbours(viewer, row, parsed) : { previous: null, next: null },
    downloadsOf(viewer, view, row.id),
    findArchive(row.archive_id),
    metadataEditorOf(viewer, row.id, `${view.href}${query}`, url),
  ]);
  const link = (v: AssetView | null) =>
    v ? { href: `${v.href}${query}`, label: v.thumbnailFields.label.value } : null;
  return {
    view,
    preview: previewFor(view, 1600),
    metadata: metadataEntries(view),
    facts: fileFacts(view),
    downloads,
    previous: link(neighbours.previous),
    next: link(neighbours.next),
    listHref: `${view.archiveHREF}${query}`,
    robots: archive ? robotsRule(archive.config) : null,
    editor,
  };
}

function canonicalContext(context: ListContext, parsed: ParsedContext): ListContext {
  return {
    queries: context.queries.filter((q) => q.trim() !== ""),
    // The sort as given (relevance included): the list link must reopen the same list.
    sort: context.sort ? formatSort(parseSort(context.sort) ?? parsed.sort) : null,
    folder: parsed.folderId === undefined ? null : String(parsed.folderId),
    sf: context.sf ?? null,
    tx: context.tx ?? null,
  };
}

/** The smart folder and taxonomy item of the list ANDed in; a context they break is dropped. */
async function withNavigationFilters(
  archiveId: number,
  context: ListContext,
  parsed: ParsedContext | null,
): Promise<ParsedContext | null> {
  if (!parsed || (!context.sf && !context.tx)) return parsed;
  const archive = await findArchive(archiveId);
  if (!archive) return null;
  try {
    const active = await activeFilters(archive, { sf: context.sf ?? null, tx: context.tx ?? null });
    return { ...parsed, search: [...parsed.search, ...active.search] };
  } catch (error) {
    if (isProblem(error) || error instanceof InvalidSearchExpressionError) return null;
    throw error;
  }
}

/* ---------- rendition hrefs ---------- */

export type RenditionOutcome =
  | { ok: true; href: string; robots: string | null }
  | { ok: false; status: 403 | 404; message: string };

/**
 * A rendition href followed directly (GET …/{asset}.info/__renditions/PREVIEW): the file URL
 * the rendition service would answer, after the same checks, for a redirect to it.
 */
export async function renditionLocation(
  viewer: Viewer | null,
  segments: { archive: string | undefined; asset: string | undefined; name: string | undefined },
): Promise<RenditionOutcome> {
  const name = segments.name ?? "";
  if (!Object.hasOwn(RENDITION_NAMES, name))
    return { ok: false, status: 404, message: "There is no rendition of that name." };
  const found = await findAssetBySegments(viewer, segments.archive, segments.asset);
  if (!found) return { ok: false, status: 404, message: ASSET_NOT_FOUND };
  return requestRendition(viewer, `${found.view.href}/__renditions/${name}`);
}
