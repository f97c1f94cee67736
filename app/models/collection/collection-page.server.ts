import {
  navigationPane,
  robotsRule,
  SITE_FEATURES,
  SMART_FOLDERS_HEADING,
  type NavigationPane,
} from "~/models/archive/archive-effects";
import {
  advancedSearchExpressions,
  hasAdvancedParams,
  parseAdvancedSearch,
} from "~/models/search/advanced-search.schema";
import { thumbHashToAverageRGBA } from "thumbhash";
import { db } from "~/db/connection.server";
import { wantsRetinaThumbnails, type Viewer } from "~/models/user/user.schema";
import type { Archive, Collection } from "~/models/archive/archive.server";
import { assetViews, type AssetView } from "~/models/asset/asset-view.server";
import { toGridAsset, type GridAsset } from "~/models/asset/asset.view";
import {
  countAssets,
  decodeCursor,
  DEFAULT_SORT,
  encodeCursor,
  formatSort,
  InvalidCursorError,
  InvalidSearchExpressionError,
  listAssets,
  MAX_LISTING_OFFSET,
  parseQueries,
  parseSort,
  type AssetPage,
  type AssetQuery,
  type ListingScope,
  type PageRequest,
  type SortOrder,
} from "~/models/search/search.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import { pinnedAmong } from "~/models/pin/pin.server";
import {
  allows,
  canPin,
  collectionAbilities,
  relocateDecision,
  viewableArchive as accessibleArchive,
} from "~/models/access/access.server";
import {
  activeFilters,
  isInvalidTaxonomyItem,
  navigationPaneData,
  type ActiveFilters,
  type NavigationFilters,
  type NavigationPaneData,
} from "~/models/smart-folder/navigation.server";
import { findTaxonomy } from "~/models/taxonomy/taxonomy.server";
import { taxonomyHref } from "~/utils/links";
import { selectionRights } from "~/models/background-task/selection-ops.server";
import type { SelectionRights } from "~/models/background-task/selection-ops";
import { hasUnsafeLineCharacter } from "~/models/validation/text.schema";
import { searchTimeZoneOf } from "~/models/search/search-zone.server";
import { childrenOf, folderCollection } from "./folder-collections.server";
import { folderPinHref } from "~/utils/navigation-links";

/*
 * One page of a collection's grid, for the HTML page and its JSON twin alike (decision 015). The
 * URL carries the whole state: q (repeated, ANDed), s, folder, n and one cursor (after, before or
 * last=1). Paging links keep everything but the cursor, so a bookmark is a page and a deep page
 * costs what the first one does (keyset, never OFFSET, never a count).
 *
 * The reference's clients also page by number and sort with matrix parameters on the collection's
 * URL (`/fotoweb/archives/5000-Name/;p=2;o=-modified`, decision 030). server/ hands them over as
 * the query keys `;p` and `;o`; numbered pages are bounded (MAX_LISTING_OFFSET) and counted for
 * their last page, and their links keep the numbered form.
 */

export const HTML_PAGE_SIZE = 60;
export const API_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;
/** More q parameters than any form makes: the rest is an attack, not a search. */
export const MAX_QUERIES = 20;
export const MAX_FOLDER_PATH = 1000;

export const ASSETLIST_TYPE = "application/vnd.fotoware.assetlist+json";
export const COLLECTION_TYPE = "application/vnd.fotoware.collection+json";
export const COLLECTIONINFO_TYPE = "application/vnd.fotoware.collectioninfo+json";

export const NO_ARCHIVE = keyed("grid.refusal.archiveNotFound");

/** Bad paging, sort or folder parameters: the request is invalid, with this message (keyed). */
export const pageParamProblem = (message: string, messages?: string[]) =>
  new Problem("invalid", message, messages ? { messages } : {});

/** An archive that does not exist, is hidden, or that the viewer may not view: all look alike. */
export const collectionNotFound = (message = NO_ARCHIVE) => new Problem("not-found", message);

/** A numbered page asked for by matrix parameters: ;p= (from 0) and ;o= (the sort order). */
export interface NumberedPage {
  number: number;
  /** The ;o value as given (kept in links), or null. */
  sort: string | null;
}

export const MATRIX_KEYS = [";p", ";o"] as const;

export interface PageParams {
  queries: string[];
  /** The sort order for keyset links (s as given, or ;o written as s), or null for the default. */
  sortParam: string | null;
  sort: SortOrder;
  page: PageRequest;
  folder: string | null;
  /** The n parameter as given (kept in links), or null. */
  sizeParam: string | null;
  limit: number;
  /** Set when the request used matrix parameters: its links are numbered too. */
  numbered: NumberedPage | null;
  /** The navigation pane's smart folder (sf) and taxonomy item (tx), kept in links. */
  filters: NavigationFilters;
}

/** Reads the grid's parameters; throws an invalid Problem with a message a person can act on. */
/** A page of the listing; a cursor the sort order cannot use is the client's error. */
export async function listPage(query: AssetQuery): Promise<AssetPage> {
  try {
    return await listAssets(query);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw pageParamProblem(error.message);
    throw error;
  }
}

export function parsePageParams(url: URL, defaultLimit: number): PageParams {
  const params = url.searchParams;
  let queries = params.getAll("q");
  if (queries.length > MAX_QUERIES)
    throw pageParamProblem(keyed("grid.page.queriesAtMost", { max: MAX_QUERIES }));
  // The advanced search's parameters become expressions; links then carry them as q.
  if (hasAdvancedParams(params)) {
    const advanced = parseAdvancedSearch(params);
    if (!advanced.ok) {
      // Keyed messages are not joined into one text: the first, and every one listed.
      const messages = Object.values(advanced.errors).flat();
      throw pageParamProblem(messages[0]!, messages.length > 1 ? messages : undefined);
    }
    queries = advancedSearchExpressions(advanced.value);
  }

  const single = (name: string) => {
    const all = params.getAll(name);
    if (all.length > 1) throw pageParamProblem(keyed("grid.page.paramOnce", { name }));
    return all[0] ?? null;
  };
  for (const key of new Set(params.keys()))
    if (key.startsWith(";") && !(MATRIX_KEYS as readonly string[]).includes(key))
      throw pageParamProblem(keyed("grid.page.matrixUnknown", { name: key.slice(1) }));
  const givenSort = single("s");
  const matrixSort = single(";o");
  if (givenSort !== null && matrixSort !== null)
    throw pageParamProblem(keyed("grid.page.sortOnce"));
  // ;o= may say ascending with a + as well as by no sign, and a + alone (or a query's + read as
  // a space) asks for the default order, as FotoWare clients send it (issue 33).
  const lonePlus = matrixSort === "+" || (givenSort !== null && /^ +$/.test(givenSort));
  const sortText = matrixSort?.replace(/^\+/, "") ?? givenSort?.replace(/^ /, "") ?? null;
  const sort = sortText === null || lonePlus ? DEFAULT_SORT : parseSort(sortText);
  if (!sort)
    throw pageParamProblem(
      keyed("grid.page.sortUnknown", { param: matrixSort !== null ? ";o=" : "s" }),
    );
  const sortParam = matrixSort === null && givenSort === null ? null : formatSort(sort);

  const sizeParam = single("n");
  let limit = defaultLimit;
  if (sizeParam !== null) {
    limit = /^\d{1,4}$/.test(sizeParam) ? Number(sizeParam) : NaN;
    if (!(limit >= 1 && limit <= MAX_PAGE_SIZE))
      throw pageParamProblem(keyed("grid.page.sizeRange", { max: MAX_PAGE_SIZE }));
  }

  const after = single("after");
  const before = single("before");
  const last = single("last");
  const keysetGiven = [after, before, last].filter((v) => v !== null).length;
  if (keysetGiven > 1) throw pageParamProblem(keyed("grid.page.oneCursor"));
  const matrixPage = single(";p");
  let numbered: NumberedPage | null = null;
  if (matrixPage !== null || matrixSort !== null) {
    if (keysetGiven > 0) throw pageParamProblem(keyed("grid.page.numberOrPosition"));
    const maxPage = Math.floor(MAX_LISTING_OFFSET / limit);
    const number =
      matrixPage === null ? 0 : /^\d{1,9}$/.test(matrixPage) ? Number(matrixPage) : NaN;
    if (!(number >= 0 && number <= maxPage))
      throw pageParamProblem(keyed("grid.page.pageRange", { max: maxPage, limit }));
    numbered = { number, sort: matrixSort };
  }
  if (last !== null && last !== "1") throw pageParamProblem(keyed("grid.page.lastIsOne"));
  let page: PageRequest = numbered
    ? { from: "offset", offset: numbered.number * limit }
    : { from: "first" };
  try {
    if (after !== null) page = { from: "after", cursor: decodeCursor(after) };
    else if (before !== null) page = { from: "before", cursor: decodeCursor(before) };
    else if (last !== null) page = { from: "last" };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw pageParamProblem(error.message);
    throw error;
  }
  // Relevance pages by offset from the first page: the last page has no cheap meaning there.
  if (sort.key === "relevance" && page.from === "last")
    throw pageParamProblem(keyed("grid.page.noLastByRelevance"));

  const folder = single("folder");
  if (folder !== null) {
    const parts = folder.split("/");
    if (
      folder.length > MAX_FOLDER_PATH ||
      hasUnsafeLineCharacter(folder) ||
      parts.some((p) => p.trim() === "" || p === "." || p === "..")
    )
      throw pageParamProblem(keyed("grid.page.folderInvalid"));
  }
  const filters = { sf: single("sf"), tx: single("tx") };
  return { queries, sortParam, sort, page, folder, sizeParam, limit, numbered, filters };
}

function setFilters(search: URLSearchParams, params: Pick<PageParams, "filters">) {
  if (params.filters?.sf != null) search.set("sf", params.filters.sf);
  if (params.filters?.tx != null) search.set("tx", params.filters.tx);
}

/** The URL of another page of the same list: only the cursor parameters change. */
export function pageUrl(base: string, params: PageParams, cursor: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const q of params.queries) search.append("q", q);
  if (params.sortParam !== null) search.set("s", params.sortParam);
  if (params.folder !== null) search.set("folder", params.folder);
  setFilters(search, params);
  if (params.sizeParam !== null) search.set("n", params.sizeParam);
  for (const [k, v] of Object.entries(cursor)) search.set(k, v);
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

/** The URL of a numbered page of the same list: `;p=N` (and `;o=` when given) before the query. */
export function numberedPageUrl(base: string, params: PageParams, number: number): string {
  const search = new URLSearchParams();
  for (const q of params.queries) search.append("q", q);
  if (params.folder !== null) search.set("folder", params.folder);
  setFilters(search, params);
  if (params.sizeParam !== null) search.set("n", params.sizeParam);
  const sort = params.numbered?.sort;
  const matrix = `;p=${number}${sort != null ? `;o=${encodeURIComponent(sort)}` : ""}`;
  const text = search.toString();
  return `${base}${matrix}${text ? `?${text}` : ""}`;
}

/** The list context a tile carries to the details page, so it can find previous and next. */
export function listContext(params: PageParams): string {
  const search = new URLSearchParams();
  for (const q of params.queries) search.append("q", q);
  if (params.sortParam !== null) search.set("s", params.sortParam);
  if (params.folder !== null) search.set("folder", params.folder);
  setFilters(search, params);
  return search.toString();
}

export interface Paging {
  first: string;
  prev: string | null;
  next: string | null;
  last: string;
}

/*
 * first and last are always URLs (the OpenAPI's PagingInfo requires them); prev and next are null
 * at the ends.
 */
export function pagingLinks(base: string, params: PageParams, page: AssetPage): Paging {
  return {
    first: pageUrl(base, params, {}),
    prev: page.prev ? pageUrl(base, params, { before: encodeCursor(page.prev) }) : null,
    next: page.next ? pageUrl(base, params, { after: encodeCursor(page.next) }) : null,
    last: pageUrl(base, params, params.sort.key === "relevance" ? {} : { last: "1" }),
  };
}

/**
 * The paging links of a numbered page, numbered as the request was. Past the pages numbers reach
 * (MAX_LISTING_OFFSET), the last page and the step beyond the last numbered one are positional
 * links, so following next still reaches every asset.
 */
export function numberedPagingLinks(
  base: string,
  params: PageParams & { numbered: NumberedPage },
  page: AssetPage,
  total: number,
): Paging {
  const { limit } = params;
  const current = params.numbered.number;
  const reachable = (Math.floor(MAX_LISTING_OFFSET / limit) + 1) * limit;
  const lastNumber = Math.max(0, Math.ceil(Math.min(total, reachable) / limit) - 1);
  // Relevance has no order past the bound to continue by position.
  const beyond = total > reachable && params.sort.key !== "relevance";
  const numberedUrl = (n: number) => numberedPageUrl(base, params, n);
  const positional = { ...params, numbered: null };
  return {
    first: numberedUrl(0),
    prev: current > 0 ? numberedUrl(Math.min(current - 1, lastNumber)) : null,
    next:
      current < lastNumber
        ? numberedUrl(current + 1)
        : beyond && page.next
          ? pageUrl(base, positional, { after: encodeCursor(page.next) })
          : null,
    last: beyond ? pageUrl(base, positional, { last: "1" }) : numberedUrl(lastNumber),
  };
}

/** How many assets a numbered listing must count to know its last page. */
export function numberedCountCap(limit: number): number {
  return (Math.floor(MAX_LISTING_OFFSET / limit) + 1) * limit + 1;
}

/** The paging links in the form the request used, or always positional (`keyset`). */
export async function pagingOf(
  base: string,
  params: PageParams,
  page: AssetPage,
  scope: ListingScope,
  links: LinkForm,
): Promise<Paging> {
  if (!params.numbered || links === "keyset") return pagingLinks(base, params, page);
  const total = await countAssets(scope, numberedCountCap(params.limit));
  return numberedPagingLinks(base, { ...params, numbered: params.numbered }, page, total);
}

/**
 * How a page's links are written: as the request asked (numbered stays numbered), or always by
 * position, as the HTML pages want (their client-side router would take `;p=` for an asset).
 */
export type LinkForm = "request" | "keyset";

export function placeholderColor(placeholder: string | null): string | null {
  if (!placeholder) return null;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(Buffer.from(placeholder, "base64"));
    const c = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);
    return `rgb(${c(r)} ${c(g)} ${c(b)})`;
  } catch {
    return null;
  }
}

/** The tiles of a page the grid shows. */
export function gridAssets(views: AssetView[], retina: boolean): GridAsset[] {
  return views.map((v) => toGridAsset(v, placeholderColor(v.placeholder), retina));
}

/* ---------- archives and folders ---------- */

export interface ArchiveForViewer {
  archive: Archive;
  permissions: Set<ArchivePermission>;
}

/** The archive of an href segment, if the viewer may view it; a not-found Problem if not. */
export async function viewableArchive(
  viewer: Viewer | null,
  archiveId: number | null,
): Promise<ArchiveForViewer> {
  const found = await accessibleArchive(viewer, archiveId);
  if (!found) throw collectionNotFound();
  return { archive: found.archive, permissions: found.access.permissions };
}

export interface FolderEntry {
  id: number;
  name: string;
  path: string;
}

export interface FolderLevel {
  current: FolderEntry | null;
  /** From the root's first folder down to the current one's parent. */
  ancestors: FolderEntry[];
  children: FolderEntry[];
}

/** The archive's folders at one level: the folder at path (the root when null) and its children. */
export async function folderLevel(archiveId: number, path: string | null): Promise<FolderLevel> {
  let current: FolderEntry | null = null;
  const ancestors: FolderEntry[] = [];
  if (path !== null) {
    const parts = path.split("/");
    const paths = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    const rows = await db()
      .selectFrom("folders")
      .select(["id", "name", "path"])
      .where("archive_id", "=", archiveId)
      .where("path", "in", paths)
      .execute();
    const byPath = new Map(rows.map((r) => [r.path, r]));
    current = byPath.get(path) ?? null;
    if (!current) throw collectionNotFound(keyed("grid.refusal.folderNotFound"));
    for (const p of paths.slice(0, -1)) {
      const row = byPath.get(p);
      if (row) ancestors.push(row);
    }
  }
  let query = db()
    .selectFrom("folders")
    .select(["id", "name", "path"])
    .where("archive_id", "=", archiveId)
    .orderBy("name")
    .limit(500);
  query =
    current === null
      ? query.where("parent_id", "is", null)
      : query.where("parent_id", "=", current.id);
  return { current, ancestors, children: await query.execute() };
}

/* ---------- the page ---------- */

export interface CollectionPage {
  archive: Archive;
  permissions: ArchivePermission[];
  params: PageParams;
  assets: AssetView[];
  paging: Paging;
  folders: FolderLevel | null;
  /** The folder the page is in (from `?folder=`), shown in the pane or not: the API's place. */
  folder: FolderLevel | null;
  /** Where tiles send the list context: `q=…&s=…&folder=…`. */
  context: string;
  /** The smart folder and taxonomy item narrowing the grid, if any. */
  active: ActiveFilters;
  /** Top-level taxonomy nodes of the navigation pane's fields (reference Collection.taxonomies). */
  taxonomies: CollectionTaxonomy[];
}

export interface CollectionTaxonomy {
  field: number;
  href: string;
  taxonomyHref: string;
  name: string;
  pluralName: string;
  description: string;
  hasChildren: boolean;
}

/** The taxonomies of the archive's SearchTreeFields, as the reference's Taxonomy. */
export async function collectionTaxonomies(archive: Archive): Promise<CollectionTaxonomy[]> {
  const found = await Promise.all(
    archive.config.NavigationPaneControl.SearchTreeFields.slice(0, 50).map(findTaxonomy),
  );
  return found.flatMap((t) =>
    t
      ? [
          {
            field: t.field,
            href: taxonomyHref(t.field),
            taxonomyHref: taxonomyHref(t.field),
            name: t.name,
            pluralName: t.pluralName,
            description: t.description,
            hasChildren: t.hasChildren,
          },
        ]
      : [],
  );
}

/**
 * The grid page of an archive. Throws an invalid Problem (bad parameters),
 * InvalidSearchExpressionError, or a not-found Problem (missing, hidden and forbidden archives
 * alike).
 */
export async function collectionPage(
  viewer: Viewer | null,
  archiveId: number | null,
  url: URL,
  defaultLimit: number,
  links: LinkForm = "request",
): Promise<CollectionPage> {
  const { archive, permissions } = await viewableArchive(viewer, archiveId);
  const params = parsePageParams(url, defaultLimit);
  const [active, taxonomies] = await Promise.all([
    activeFilters(archive, params.filters),
    collectionTaxonomies(archive),
  ]);
  const timeZone = await searchTimeZoneOf(viewer);
  const search = [...parseQueries(params.queries, { timeZone }), ...active.search];
  const showFolders = archive.config.NavigationPaneControl.ShowFolderList;
  const scope = (folderId?: number): ListingScope => ({
    viewer,
    archiveId: archive.id,
    folderId,
    search,
  });
  const listing = (folderId?: number) =>
    listPage({ ...scope(folderId), sort: params.sort, page: params.page, limit: params.limit });
  // In a folder the listing needs the folder's id; at the root both reads go at once.
  let folders: FolderLevel | null = null;
  let page: AssetPage;
  if (params.folder !== null) {
    folders = await folderLevel(archive.id, params.folder);
    page = await listing(folders.current?.id);
  } else {
    [folders, page] = await Promise.all([
      showFolders ? folderLevel(archive.id, null) : null,
      listing(),
    ]);
  }
  const [assets, paging] = await Promise.all([
    assetViews(viewer, page.assets),
    pagingOf(archive.href, params, page, scope(folders?.current?.id), links),
  ]);
  return {
    archive,
    permissions: [...permissions],
    params,
    assets,
    paging,
    folders: showFolders ? folders : null,
    folder: folders?.current ? folders : null,
    context: listContext(params),
    active,
    taxonomies,
  };
}

/**
 * The JSON twin's collection representation of the page (spec 000 "Collection data"): the
 * archive's entry in the viewer's archive list (archiveEntry), with the page's assets.
 */
export function collectionRepresentation(page: CollectionPage, entry: Collection, requestUrl: URL) {
  const { archive } = page;
  const pane = navigationPane(archive.config, SITE_FEATURES);
  const folder = page.folder;
  return {
    ...entry,
    // In a folder, the collection's sub collections are the folder's own.
    ...(folder?.current
      ? childrenOf(folderPinHref(archive.href, folder.current.path), archive.href, folder.children)
      : {}),
    // The JSON twin is mounted internally under /_json; the client asked for the public URL,
    // and numbered pages in the matrix form server/ took apart.
    data: page.params.numbered
      ? numberedPageUrl(archive.href, page.params, page.params.numbered.number)
      : requestUrl.pathname.replace(/^\/_json(?=\/)/, "") + requestUrl.search,
    matchingHref: pageUrl(archive.href, { ...page.params, page: { from: "first" } }, {}),
    searchURL: `${archive.href}{?q}`,
    clearSearch: { href: archive.href, data: archive.href },
    // Narrowed by a smart folder, the collection is that folder (spec 000 "Collection data").
    ...(page.active.smartFolder ? { type: "smartFolder", name: page.active.smartFolder.name } : {}),
    isFolderNavigationEnabled: archive.config.NavigationPaneControl.ShowFolderList,
    isSmartFolderNavigationEnabled: pane.smartFolders !== null,
    smartFolderHeader: pane.smartFolders?.heading ?? SMART_FOLDERS_HEADING,
    taxonomies: page.taxonomies,
    assets: { data: page.assets, paging: page.paging },
  };
}

/**
 * The collection as the collectioninfo type has it (reference CollectionInfo): about the
 * collection only, without its assets, and with its ancestors (none for an archive's root).
 */
export function collectionInfoRepresentation(
  page: CollectionPage,
  entry: Collection,
  requestUrl: URL,
) {
  const { assets: _assets, ...about } = collectionRepresentation(page, entry, requestUrl);
  const folders = page.folder;
  // A folder's ancestors: its archive, then the folders above it; an archive's root has none.
  const ancestors = folders?.current
    ? [
        { name: page.archive.name, href: page.archive.href, data: page.archive.href },
        ...folders.ancestors.map((f) => {
          const { name, href, data } = folderCollection(page.archive.href, f);
          return { name, href, data };
        }),
      ]
    : [];
  return { ...about, ancestors };
}

export function sortHref(archive: Archive, sort: SortOrder): string {
  return `${archive.href}?s=${encodeURIComponent(formatSort(sort))}`;
}

export { InvalidSearchExpressionError };

/* ---------- what the pages render ---------- */

export interface GridPageData {
  assets: GridAsset[];
  paging: Paging;
  context: string;
  pinned: number[];
  canPin: boolean;
  /** Offer the retina thumbnails (the viewer's setting). */
  retina: boolean;
  queries: string[];
  sort: string;
  /** What the selection toolbar may offer, by archive (decision 087). */
  selection: SelectionRights;
}

export interface ArchivePageData extends GridPageData {
  archive: { id: number; name: string; href: string; description: string };
  /** The side navigation's sections as the archive's NavigationPaneControl sets them. */
  navigation: NavigationPane;
  /** The robots meta content when the archive keeps crawlers out; null otherwise. */
  robots: string | null;
  folders: FolderLevel | null;
  folder: string | null;
  canReorder: boolean;
  /** "Create alert" beside a search: signed in and holding Alert here (spec 002 §6). */
  canAlert: boolean;
  /** Why the grid is empty: the search (InvalidSearchExpression) or the taxonomy item. */
  searchError: { heading: string; value: string } | null;
  /** The smart folders, taxonomy filters and pins of the navigation pane. */
  pane: NavigationPaneData;
  /** The smart folder narrowing the grid, shown as the page's subtitle. */
  smartFolder: { id: number; name: string } | null;
  taxonomyItem: { id: number; name: string } | null;
}

/**
 * The archive page's data. An invalid q is not an error page: the page shows its search field
 * with the message under it (status 400 set by the route), and no assets.
 */
export async function archivePageData(
  viewer: Viewer | null,
  archiveId: number | null,
  url: URL,
): Promise<ArchivePageData> {
  const { archive, permissions } = await viewableArchive(viewer, archiveId);
  const [canReorder, selection] = await Promise.all([
    allows(relocateDecision(viewer, archive.id)),
    selectionRights(viewer, [archive.id]),
  ]);
  const pinnable = canPin(viewer);
  const retina = wantsRetinaThumbnails(viewer);
  const base = {
    archive: {
      id: archive.id,
      name: archive.name,
      href: archive.href,
      description: archive.description,
    },
    navigation: navigationPane(archive.config, SITE_FEATURES),
    robots: robotsRule(archive.config),
    canReorder,
    // From the access already read: a decision here would read the archive a second time.
    canAlert: collectionAbilities(viewer, permissions).canCreateAlerts,
    canPin: pinnable,
    retina,
    selection,
  };
  try {
    const page = await collectionPage(viewer, archive.id, url, HTML_PAGE_SIZE, "keyset");
    const [pinned, pane] = await Promise.all([
      pinnedAmong(
        viewer,
        page.assets.map((a) => a.id),
      ),
      navigationPaneData(viewer, archive, base.navigation, page.active),
    ]);
    return {
      ...base,
      pane,
      smartFolder: page.active.smartFolder
        ? { id: page.active.smartFolder.id, name: page.active.smartFolder.name }
        : null,
      taxonomyItem: page.active.taxonomyItem
        ? { id: page.active.taxonomyItem.id, name: page.active.taxonomyItem.name }
        : null,
      assets: gridAssets(page.assets, retina),
      paging: page.paging,
      context: page.context,
      pinned: [...pinned],
      queries: page.params.queries,
      sort: formatSort(page.params.sort),
      // Without the folder list the archive's folders are not offered (the filter still works).
      folders: base.navigation.folderList ? page.folders : null,
      folder: page.params.folder,
      searchError: null,
    };
  } catch (error) {
    if (!(error instanceof InvalidSearchExpressionError) && !isInvalidTaxonomyItem(error))
      throw error;
    const params = parsePageParams(url, HTML_PAGE_SIZE);
    return {
      ...base,
      pane: await navigationPaneData(viewer, archive, base.navigation, null),
      smartFolder: null,
      taxonomyItem: null,
      assets: [],
      paging: { first: archive.href, prev: null, next: null, last: archive.href },
      context: listContext(params),
      pinned: [],
      queries: params.queries,
      sort: formatSort(params.sort),
      folders: null,
      folder: params.folder,
      searchError: {
        heading: isInvalidTaxonomyItem(error) ? "InvalidTaxonomyItem" : "InvalidSearchExpression",
        value: (error as Error).message,
      },
    };
  }
}

export const PINS_PATH = "/fotoweb/me/pins/";

/** One page of the viewer's pinned assets, in any archive they still see. */
export async function pinsPage(
  viewer: Viewer,
  url: URL,
  defaultLimit: number,
  links: LinkForm = "request",
) {
  const params = { ...parsePageParams(url, defaultLimit), folder: null };
  const search = parseQueries(params.queries, { timeZone: await searchTimeZoneOf(viewer) });
  const scope: ListingScope = { viewer, pinnedBy: viewer.id, search };
  const page = await listPage({
    ...scope,
    sort: params.sort,
    page: params.page,
    limit: params.limit,
  });
  const retina = wantsRetinaThumbnails(viewer);
  // Pins span archives, and later pages may bring others: every archive the viewer sees.
  const [views, paging, selection] = await Promise.all([
    assetViews(viewer, page.assets),
    pagingOf(PINS_PATH, params, page, scope, links),
    selectionRights(viewer),
  ]);
  const assets = gridAssets(views, retina);
  return {
    assets,
    paging,
    context: listContext(params),
    pinned: assets.map((a) => a.id),
    canPin: canPin(viewer),
    retina,
    queries: params.queries,
    sort: formatSort(params.sort),
    selection,
  } satisfies GridPageData;
}
