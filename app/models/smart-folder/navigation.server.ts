import { db } from "~/db/connection.server";
import type { Archive } from "~/models/archive/archive.server";
import { archiveIdFromSegment } from "~/models/archive/archive.server";
import type { NavigationPane } from "~/models/archive/archive-effects";
import { allows, canPin, viewableArchive } from "~/models/access/access.server";
import {
  SMART_FOLDER_NOT_FOUND,
  smartFoldersEditDecision,
  taxonomyItemQueryable,
} from "~/models/access/organize-access.server";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import { parseQueries } from "~/models/search/search.server";
import type { SearchNode } from "~/models/search/search-expression";
import {
  findTaxonomy,
  itemAncestors,
  itemBranch,
  itemSearchExpression,
  resolveTaxonomyItems,
  taxonomyItems,
  type TaxonomyItem,
} from "~/models/taxonomy/taxonomy.server";
import { updatePreferences } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { smartFolderHref, smartFoldersHref } from "~/utils/links";
import { folderPinHref, taxonomyPinHref } from "~/utils/navigation-links";
import {
  smartFolderIdOf,
  smartFolderInArchive,
  smartFoldersOf,
  type SmartFolder,
} from "./smart-folder.server";
import { siteSearchTimeZone } from "~/models/search/search-zone.server";

/*
 * The archive page's navigation pane (issue 19, decision 061): what narrows the grid (a smart
 * folder `sf`, a taxonomy item `tx`), what the pane lists (smart folders, taxonomy filters of
 * SearchTreeFields), and the pins of folders, smart folders and taxonomy items.
 */

export const INVALID_TAXONOMY_ITEM = "InvalidTaxonomyItem";
export const TAXONOMY_FILTER_LIMIT = 200;

/** The grid's navigation parameters as the URL gives them (kept in paging links). */
export interface NavigationFilters {
  sf: string | null;
  tx: string | null;
}

export interface ActiveFilters {
  smartFolder: SmartFolder | null;
  taxonomyItem: TaxonomyItem | null;
  /** What the filters add to the search, ANDed with any typed q. */
  search: SearchNode[];
}

const invalidTaxonomyItem = () =>
  new Problem("invalid", keyed("grid.refusal.taxonomyItemNotOffered"), {
    heading: INVALID_TAXONOMY_ITEM,
  });

export const isInvalidTaxonomyItem = (error: unknown) =>
  error instanceof Problem && error.details.heading === INVALID_TAXONOMY_ITEM;

/** A taxonomy item this archive's pane narrows by: in a SearchTreeFields field, with Query. */
async function navigableItem(archive: Archive, id: number | null) {
  if (id === null) return null;
  const [item] = await resolveTaxonomyItems([id]);
  if (!item) return null;
  const fields = archive.config.NavigationPaneControl.SearchTreeFields;
  if (!fields.includes(item.field) || !taxonomyItemQueryable(item)) return null;
  return item;
}

/**
 * A taxonomy item stands for its whole branch: an asset tagged with a narrower term is found
 * under the broader one. Each item is parsed alone (a branch of hundreds of terms would exceed
 * a typed expression's limits) and the branch is one OR, which the full-text index answers in
 * one query when every item is a plain value.
 */
async function branchSearch(item: TaxonomyItem): Promise<SearchNode> {
  const expressions = [...new Set((await itemBranch(item)).map(itemSearchExpression))];
  const nodes = parseQueries(expressions, { timeZone: await siteSearchTimeZone() });
  return nodes.length === 1 ? nodes[0]! : { kind: "or", children: nodes };
}

/**
 * The searches the filters stand for. An unknown smart folder is not found; an unknown, hidden
 * or non-Query taxonomy item is the InvalidTaxonomyItem refusal (shown under the search field).
 */
export async function activeFilters(
  archive: Archive,
  filters: NavigationFilters,
): Promise<ActiveFilters> {
  let smartFolder: SmartFolder | null = null;
  let taxonomyItem: TaxonomyItem | null = null;
  if (filters.sf !== null) {
    smartFolder = await smartFolderInArchive(archive, smartFolderIdOf(filters.sf));
    if (!smartFolder) throw new Problem("not-found", SMART_FOLDER_NOT_FOUND);
  }
  if (filters.tx !== null) {
    taxonomyItem = await navigableItem(archive, smartFolderIdOf(filters.tx));
    if (!taxonomyItem) throw invalidTaxonomyItem();
  }
  return {
    smartFolder,
    taxonomyItem,
    search: [
      ...(smartFolder
        ? parseQueries([smartFolder.expression], { timeZone: await siteSearchTimeZone() })
        : []),
      ...(taxonomyItem ? [await branchSearch(taxonomyItem)] : []),
    ],
  };
}

/* ---------- what the pane shows ---------- */

export interface PaneSmartFolder {
  id: number;
  name: string;
  expression: string;
  href: string;
  gridHref: string;
  pinned: boolean;
  current: boolean;
}

export interface PaneTaxonomyItem {
  id: number;
  name: string;
  /** Null when the item only groups others (no Query). */
  gridHref: string | null;
  pinned: boolean;
  current: boolean;
  hasChildren: boolean;
  /** Shown when the item is the current one or one of its ancestors. */
  children: PaneTaxonomyItem[] | null;
}

export interface PaneTaxonomy {
  field: number;
  name: string;
  items: PaneTaxonomyItem[];
}

export interface NavigationPaneData {
  smartFolders: PaneSmartFolder[] | null;
  canEditSmartFolders: boolean;
  taxonomies: PaneTaxonomy[];
  canPin: boolean;
  /** The folder hrefs (grid URLs) the viewer pinned, to mark the folder list. */
  pinnedFolders: string[];
  addSmartFolderHref: string;
}

async function paneItems(
  archive: Archive,
  field: number,
  parentId: number | null,
  open: Set<number>,
  current: number | null,
  pinned: Set<string>,
  depth = 0,
): Promise<PaneTaxonomyItem[]> {
  const page = await taxonomyItems(field, parentId, {
    canEdit: false,
    limit: TAXONOMY_FILTER_LIMIT,
  });
  const shown = page.items.filter((i) => taxonomyItemQueryable(i) || i.hasChildren);
  // A grouping item (no Query) cannot be chosen, so it shows its children at once.
  return Promise.all(
    shown.map(async (item) => {
      const href = taxonomyItemQueryable(item) ? taxonomyPinHref(archive.href, item.id) : null;
      return {
        id: item.id,
        name: item.name,
        gridHref: href,
        pinned: href !== null && pinned.has(href),
        current: item.id === current,
        hasChildren: item.hasChildren,
        children:
          (open.has(item.id) || !taxonomyItemQueryable(item)) && item.hasChildren && depth < 12
            ? await paneItems(archive, field, item.id, open, current, pinned, depth + 1)
            : null,
      };
    }),
  );
}

/** The pane's smart folders and taxonomy filters for this viewer (the archive already viewed). */
export async function navigationPaneData(
  viewer: Viewer | null,
  archive: Archive,
  pane: NavigationPane,
  active: Pick<ActiveFilters, "smartFolder" | "taxonomyItem"> | null,
): Promise<NavigationPaneData> {
  const prefs = canPin(viewer) ? viewer.preferences.intranet : null;
  const folderPins = new Set(prefs?.folderPinned ?? []);
  const taxonomyPins = new Set(prefs?.taxonomyPinned ?? []);
  const [folders, canEdit] = await Promise.all([
    pane.smartFolders ? smartFoldersOf(archive) : null,
    allows(smartFoldersEditDecision(viewer, archive.id)),
  ]);
  const current = active?.taxonomyItem ?? null;
  const open = new Set<number>();
  if (current) {
    open.add(current.id);
    for (const a of await itemAncestors(current)) open.add(a.id);
  }
  const taxonomies: PaneTaxonomy[] = [];
  for (const field of pane.taxonomyFields) {
    const taxonomy = await findTaxonomy(field);
    if (!taxonomy) continue;
    taxonomies.push({
      field,
      name: taxonomy.pluralName || taxonomy.name,
      items: await paneItems(archive, field, null, open, current?.id ?? null, taxonomyPins),
    });
  }
  return {
    smartFolders:
      folders?.map((f) => ({
        id: f.id,
        name: f.name,
        expression: f.expression,
        href: f.href,
        gridHref: f.gridHref,
        pinned: folderPins.has(f.href),
        current: f.id === active?.smartFolder?.id,
      })) ?? null,
    canEditSmartFolders: canEdit,
    taxonomies,
    canPin: canPin(viewer),
    pinnedFolders: [...folderPins].filter((h) => h.startsWith(`${archive.href}?folder=`)),
    addSmartFolderHref: smartFoldersHref(archive.href),
  };
}

/* ---------- pins ---------- */

export type NavigationPinKind = "folder" | "smartFolder" | "taxonomyItem";

const notPinnable = () => new Problem("invalid", keyed("grid.refusal.nothingToPin"));

/**
 * Adds or removes a navigation pin (spec 000 §4): folders and smart folders in folderPinned
 * (a folder as its grid URL, a smart folder as its href), taxonomy items in taxonomyPinned (the
 * archive's grid narrowed by the item). Returns whether it is now pinned.
 */
export async function toggleNavigationPin(
  viewer: Viewer | null,
  archive: Archive,
  kind: NavigationPinKind,
  key: string,
): Promise<{ pinned: boolean; name: string }> {
  if (!canPin(viewer)) throw new Problem("forbidden", keyed("grid.refusal.logOnToPinFolders"));
  let href: string;
  let name: string;
  if (kind === "folder") {
    const folder = await db()
      .selectFrom("folders")
      .select(["path", "name"])
      .where("archive_id", "=", archive.id)
      .where("path", "=", key.slice(0, 1000))
      .executeTakeFirst();
    if (!folder) throw notPinnable();
    href = folderPinHref(archive.href, folder.path);
    name = folder.name;
  } else if (kind === "smartFolder") {
    const folder = await smartFolderInArchive(archive, smartFolderIdOf(key));
    if (!folder) throw notPinnable();
    href = folder.href;
    name = folder.name;
  } else {
    const item = await navigableItem(archive, smartFolderIdOf(key));
    if (!item) throw notPinnable();
    href = taxonomyPinHref(archive.href, item.id);
    name = item.name;
  }
  const listName = kind === "taxonomyItem" ? "taxonomyPinned" : "folderPinned";
  let pinned = false;
  await updatePreferences(viewer.id, (p) => {
    const before = p.intranet[listName];
    const list = before.filter((h) => h !== href);
    pinned = list.length === before.length;
    return { ...p, intranet: { ...p.intranet, [listName]: pinned ? [...list, href] : list } };
  });
  return { pinned, name };
}

export interface NavigationPin {
  kind: NavigationPinKind;
  name: string;
  archiveName: string;
  /** Where the pin leads: the archive's grid narrowed by it. */
  gridHref: string;
  /** What the pin form names to unpin it. */
  key: string;
  archiveHref: string;
}

/** The viewer's folder, smart folder and taxonomy pins that still lead somewhere they may see. */
export async function navigationPins(viewer: Viewer | null): Promise<NavigationPin[]> {
  if (!canPin(viewer)) return [];
  const { folderPinned, taxonomyPinned } = viewer.preferences.intranet;
  const pins: NavigationPin[] = [];
  const archives = new Map<number, Archive | null>();
  const archiveOf = async (href: string) => {
    const m = /^\/fotoweb\/archives\/([^/?]+)\//.exec(href);
    const id = m ? archiveIdFromSegment(m[1]!) : null;
    if (id === null) return null;
    if (!archives.has(id)) archives.set(id, (await viewableArchive(viewer, id))?.archive ?? null);
    return archives.get(id) ?? null;
  };
  for (const href of folderPinned.slice(0, 500)) {
    const archive = await archiveOf(href);
    if (!archive) continue;
    if (href.startsWith(`${archive.href}?folder=`)) {
      const path = new URLSearchParams(href.slice(archive.href.length + 1)).get("folder") ?? "";
      const folder = await db()
        .selectFrom("folders")
        .select(["path", "name"])
        .where("archive_id", "=", archive.id)
        .where("path", "=", path)
        .executeTakeFirst();
      if (folder)
        pins.push({
          kind: "folder",
          name: folder.name,
          archiveName: archive.name,
          gridHref: href,
          key: folder.path,
          archiveHref: archive.href,
        });
    } else if (href.startsWith(smartFoldersHref(archive.href))) {
      const id = smartFolderIdOf(href.slice(smartFoldersHref(archive.href).length));
      const folder = await smartFolderInArchive(archive, id);
      if (folder && folder.href === href)
        pins.push({
          kind: "smartFolder",
          name: folder.name,
          archiveName: archive.name,
          gridHref: folder.gridHref,
          key: String(folder.id),
          archiveHref: archive.href,
        });
    }
  }
  for (const href of taxonomyPinned.slice(0, 500)) {
    const archive = await archiveOf(href);
    if (!archive || !href.startsWith(`${archive.href}?tx=`)) continue;
    const item = await navigableItem(archive, smartFolderIdOf(href.slice(archive.href.length + 4)));
    if (item)
      pins.push({
        kind: "taxonomyItem",
        name: item.name,
        archiveName: archive.name,
        gridHref: href,
        key: String(item.id),
        archiveHref: archive.href,
      });
  }
  return pins;
}

export { smartFolderHref };
