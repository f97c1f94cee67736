import {
  advancedSearchExpressions,
  advancedSearchParams,
  parseAdvancedSearch,
} from "~/models/search/advanced-search.schema";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import {
  allows,
  ARCHIVE_NOT_FOUND,
  archiveAccessOf,
  canPin,
  collectionAbilities,
  siteDecision,
  uploadTargets,
  visibleArchives as visibleAccess,
} from "~/models/access/access.server";
import {
  archiveIdFromSegment,
  collectionFor,
  listArchives,
  posterAssetIds,
  setPosterAssetId,
  type Archive,
  type ArchiveAccess,
  type Collection,
  type PosterImage,
} from "~/models/archive/archive.server";
import { assetIdFromSegment } from "~/models/asset/asset.server";
import { assetViews } from "~/models/asset/asset-view.server";
import { metadataEditors } from "~/models/metadata/metadata.server";
import { sortedVariant } from "./collection.view";
import { topFolders } from "./folder-collections.server";
import {
  countByArchive,
  decodeCursor,
  DEFAULT_SORT,
  encodeCursor,
  findVisibleAsset,
  listAssets,
  InvalidCursorError,
  parseQueries,
  type Cursor,
  type ListedAsset,
} from "~/models/search/search.server";
import { updatePreferences } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { searchTimeZoneOf } from "~/models/search/search-zone.server";

/*
 * The archive list (spec 000 "Collections list", decision 017): which archives a viewer sees,
 * their covers and pins, the main search's target archive, and the cover and pin changes.
 */

export const COLLECTION_LIST_TYPE = "application/vnd.fotoware.collectionlist+json";
export const COLLECTION_TYPE = "application/vnd.fotoware.collection+json";
export const ARCHIVES_SEARCH_URL = "/fotoweb/archives/{?q}";

interface VisibleArchive {
  archive: Archive;
  access: ArchiveAccess;
}

/** Archives the viewer may View; hidden ones only for the site owner. In list order. */
export async function visibleArchives(viewer: Viewer | null): Promise<VisibleArchive[]> {
  const [archives, access] = await Promise.all([listArchives(), visibleAccess(viewer)]);
  return archives.flatMap((archive) => {
    const a = access.get(archive.id);
    return a ? [{ archive, access: a }] : [];
  });
}

function pinnedHrefs(viewer: Viewer | null): Set<string> {
  return new Set(canPin(viewer) ? viewer.preferences.intranet.archivePinned : []);
}

/** The archives the viewer pinned and still sees, in pin order (the pins page lists them). */
export async function pinnedArchives(
  viewer: Viewer | null,
): Promise<{ name: string; href: string }[]> {
  if (!canPin(viewer) || viewer.preferences.intranet.archivePinned.length === 0) return [];
  const byHref = new Map((await visibleArchives(viewer)).map((v) => [v.archive.href, v.archive]));
  return viewer.preferences.intranet.archivePinned.flatMap((href) => {
    const archive = byHref.get(href);
    return archive ? [{ name: archive.name, href: archive.href }] : [];
  });
}

/**
 * The asset a tile shows: the chosen cover when it is set and the viewer sees it, else the
 * newest asset the viewer sees in the archive, else none (the tile is its colour alone).
 */
export async function posterAsset(
  viewer: Viewer | null,
  archiveId: number,
  chosen: number | null,
): Promise<ListedAsset | null> {
  if (chosen !== null) {
    const asset = await findVisibleAsset(viewer, chosen);
    if (asset && asset.archive_id === archiveId) return asset;
  }
  const page = await listAssets({
    viewer,
    archiveId,
    search: [],
    sort: DEFAULT_SORT,
    page: { from: "first" },
    limit: 1,
  });
  return page.assets[0] ?? null;
}

async function posterOf(viewer: Viewer | null, archiveId: number, chosen: number | null) {
  const asset = await posterAsset(viewer, archiveId, chosen);
  if (!asset) return { posterImages: [] as PosterImage[], posterAsset: null };
  const [view] = await assetViews(viewer, [asset]);
  return {
    // Thumbnail, retina thumbnail and preview, smallest first (empty without Preview).
    posterImages: view?.previews ?? [],
    posterAsset: view?.href ?? null,
  };
}

export interface CollectionListOptions {
  /**
   * A search (expressions ANDed, as repeated q): each archive gets its assetCount, and archives
   * without a match are left out. No non-empty expression means no search.
   */
  queries?: string[];
}

/** The viewer's archives as collections, pinned ones first. Throws InvalidSearchExpressionError. */
export async function listCollections(
  viewer: Viewer | null,
  options: CollectionListOptions = {},
): Promise<Collection[]> {
  const parsed = parseQueries(options.queries ?? [], {
    timeZone: await searchTimeZoneOf(viewer),
  });
  const search = parsed.length > 0 ? parsed : null;
  const [visible, counts] = await Promise.all([
    visibleArchives(viewer),
    search ? countByArchive(viewer, search) : Promise.resolve(null),
  ]);
  const shown = counts ? visible.filter((v) => (counts.get(v.archive.id) ?? 0) > 0) : visible;
  // The listing reads the search as repeated q, ANDed, as the list was asked.
  const query = new URLSearchParams(
    (options.queries ?? []).filter((q) => q.trim() !== "").map((q) => ["q", q]),
  ).toString();
  const collections = await collectionsOf(viewer, shown, counts ? { counts, query } : null);
  // A stable sort: pinned first, each part in the archives' own order.
  return [...collections.filter((c) => c.pin), ...collections.filter((c) => !c.pin)];
}

/** Each archive as this viewer's collection: the same entry wherever an archive is shown. */
async function collectionsOf(
  viewer: Viewer | null,
  shown: VisibleArchive[],
  found: { counts: Map<number, number>; query: string } | null = null,
): Promise<Collection[]> {
  const [chosen, editors, folders] = await Promise.all([
    posterAssetIds(shown.map((v) => v.archive.id)),
    metadataEditors(shown.map((v) => v.archive)),
    topFolders(shown.map((v) => v.archive.id)),
  ]);
  const pinned = pinnedHrefs(viewer);
  const setPoster = await allows(siteDecision(viewer, "SetPosterAsset"));
  return Promise.all(
    shown.map(async ({ archive, access }) => {
      const poster = await posterOf(viewer, archive.id, chosen.get(archive.id) ?? null);
      const permissions: string[] = [...access.permissions];
      if (setPoster) permissions.push("SetPosterAsset");
      return collectionFor(archive, {
        abilities: collectionAbilities(viewer, access.permissions),
        permissions,
        ...poster,
        pin: pinned.has(archive.href),
        assetCount: found ? (found.counts.get(archive.id) ?? 0) : undefined,
        metadataEditor: editors.get(archive.id)!,
        folders: folders.get(archive.id) ?? [],
        ...(found ? { search: found.query } : {}),
      });
    }),
  );
}

/**
 * One archive as the viewer's collection, exactly as the archive list shows it; null when the
 * viewer may not see it.
 */
export async function archiveEntry(
  viewer: Viewer | null,
  archiveId: number,
): Promise<Collection | null> {
  const visible = (await visibleArchives(viewer)).filter((v) => v.archive.id === archiveId);
  return (await collectionsOf(viewer, visible))[0] ?? null;
}

/** The descriptor's upload_to: the archives the viewer may upload to, as their collections. */
export async function uploadTargetCollections(viewer: Viewer | null): Promise<Collection[]> {
  const [targets, access] = await Promise.all([uploadTargets(viewer), archiveAccessOf(viewer)]);
  return collectionsOf(
    viewer,
    targets.flatMap((archive) => {
      const a = access.get(archive.id);
      return a ? [{ archive, access: a }] : [];
    }),
  );
}

/**
 * The descriptor's copy_to and move_to: the archives the viewer may copy (CopyTo) or move
 * (MoveTo) assets into, as their collections; the task checks the same right per asset.
 */
export async function destinationCollections(
  viewer: Viewer | null,
  right: "CopyTo" | "MoveTo",
): Promise<Collection[]> {
  const shown = (await visibleArchives(viewer)).filter(({ access }) => {
    const abilities = collectionAbilities(viewer, access.permissions);
    return right === "CopyTo" ? abilities.canCopyTo : abilities.canMoveTo;
  });
  return collectionsOf(viewer, shown);
}

export interface CollectionTileData extends Collection {
  /** Where the tile links: the user's saved sorted variant, or the archive itself. */
  link: string;
  /** The chosen cover's asset id, for the clear-cover action's visibility. */
  hasChosenCover: boolean;
}

/** The list for the page: each collection with its link and whether a cover is chosen. */
export async function collectionTiles(viewer: Viewer | null): Promise<CollectionTileData[]> {
  const collections = await listCollections(viewer);
  const chosen = await posterAssetIds(collections.map((c) => Number(c.id)));
  const sorting = canPin(viewer) ? viewer.preferences.shared.sorting : undefined;
  return collections.map((c) => ({
    ...c,
    link: sortedVariant(sorting, c.href) ?? c.href,
    hasChosenCover: chosen.get(Number(c.id)) != null,
  }));
}

/**
 * The main search's target (spec 000 section 4): among the archives with matches, the pinned
 * one with the most, else the one with the most; ties go to the first in list order. null when
 * nothing matches. Throws InvalidSearchExpressionError.
 */
export async function searchTarget(
  viewer: Viewer | null,
  queries: string[],
): Promise<Archive | null> {
  const search = parseQueries(queries, { timeZone: await searchTimeZoneOf(viewer) });
  const [visible, counts] = await Promise.all([
    visibleArchives(viewer),
    countByArchive(viewer, search),
  ]);
  const matched = visible
    .map((v) => ({ archive: v.archive, count: counts.get(v.archive.id) ?? 0 }))
    .filter((m) => m.count > 0);
  const pinned = pinnedHrefs(viewer);
  const best = (list: typeof matched) =>
    list.reduce<(typeof matched)[number] | null>(
      (top, m) => (!top || m.count > top.count ? m : top),
      null,
    );
  return (
    (best(matched.filter((m) => pinned.has(m.archive.href))) ?? best(matched))?.archive ?? null
  );
}

/**
 * Adds or removes an archive pin by its matchingHref; returns whether it is now pinned. With
 * `to` the pin is set to that state rather than flipped, so a form posted twice unpins once.
 */
export async function toggleArchivePin(viewer: Viewer | null, href: string, to?: boolean) {
  if (!canPin(viewer)) throw new Problem("forbidden", keyed("grid.refusal.logOnToPinArchives"));
  const visible = await visibleArchives(viewer);
  const archive = visible.find((v) => v.archive.href === href)?.archive;
  if (!archive) throw new Problem("invalid", keyed("grid.refusal.noArchiveToPin"));
  let pinned = false;
  await updatePreferences(viewer.id, (p) => {
    const list = p.intranet.archivePinned.filter((h) => h !== archive.href);
    pinned = to ?? list.length === p.intranet.archivePinned.length;
    return {
      ...p,
      intranet: { ...p.intranet, archivePinned: pinned ? [...list, archive.href] : list },
    };
  });
  return { archive, pinned };
}

export const setCoverProblem = () => new Problem("forbidden", keyed("grid.refusal.setCover"));

async function coverArchive(viewer: Viewer | null, archiveId: number): Promise<Archive> {
  const archive = (await visibleArchives(viewer)).find((v) => v.archive.id === archiveId)?.archive;
  if (!archive) throw new Problem("not-found", ARCHIVE_NOT_FOUND);
  if (!(await allows(siteDecision(viewer, "SetPosterAsset")))) throw setCoverProblem();
  return archive;
}

/** Sets an archive's cover to one of its assets the viewer sees (SetPosterAsset). */
export async function setCover(viewer: Viewer | null, archiveId: number, assetId: number) {
  const archive = await coverArchive(viewer, archiveId);
  const asset = await findVisibleAsset(viewer, assetId);
  if (!asset) throw new Problem("not-found", keyed("grid.refusal.assetIdNotFound"));
  if (asset.archive_id !== archive.id)
    throw new Problem("invalid", keyed("grid.refusal.coverSameArchive"));
  await setPosterAssetId(archive.id, asset.id);
  return archive;
}

/** Goes back to the default cover, the newest asset (SetPosterAsset). */
export async function clearCover(viewer: Viewer | null, archiveId: number) {
  const archive = await coverArchive(viewer, archiveId);
  await setPosterAssetId(archive.id, null);
  return archive;
}

/** The asset id an asset href names (/fotoweb/archives/5000-Name/42-photo.jpg.info), or null. */
export function assetIdFromHref(href: string): { archiveId: number; assetId: number } | null {
  let pathname: string;
  try {
    pathname = new URL(href, "http://arkiv.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/fotoweb\/archives\/([^/]+)\/(?:[^/]+\/)*([^/]+)$/.exec(pathname);
  if (!match) return null;
  const archiveId = archiveIdFromSegment(match[1]!);
  let segment: string;
  try {
    segment = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  const assetId = assetIdFromSegment(segment);
  return archiveId === null || assetId === null ? null : { archiveId, assetId };
}

/* ---------- the cover selection view ---------- */

export interface CoverChoice {
  id: number;
  label: string;
  thumbnail: string | null;
}

export interface CoverChoicePage {
  archive: { id: number; name: string; href: string };
  choices: CoverChoice[];
  /** The next page's cursor, or null on the last page. */
  next: string | null;
}

export const COVER_CHOICES_PER_PAGE = 24;

/** One page of the assets a cover may be chosen from (SetPosterAsset). */
export async function coverChoices(
  viewer: Viewer | null,
  archiveId: number,
  after: string | null,
): Promise<CoverChoicePage> {
  const archive = await coverArchive(viewer, archiveId);
  let cursor: Cursor | null = null;
  try {
    cursor = after ? decodeCursor(after) : null;
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new Problem("invalid", error.message);
    throw error;
  }
  const page = await listAssets({
    viewer,
    archiveId: archive.id,
    search: [],
    sort: DEFAULT_SORT,
    page: cursor ? { from: "after", cursor } : { from: "first" },
    limit: COVER_CHOICES_PER_PAGE,
  });
  const views = await assetViews(viewer, page.assets);
  return {
    archive: { id: archive.id, name: archive.name, href: archive.href },
    choices: views.map((v) => ({
      id: v.id,
      label: v.thumbnailFields.label.value,
      thumbnail: v.previews[0]?.href ?? null,
    })),
    next: page.next ? encodeCursor(page.next) : null,
  };
}

/**
 * The search a URL asks for: q and the advanced parameters (decision 013) as expressions, or
 * the messages of the parameters that are not valid.
 */
export function searchOf(
  params: URLSearchParams,
): { ok: true; queries: string[]; query: URLSearchParams } | { ok: false; message: string } {
  const parsed = parseAdvancedSearch(params);
  if (!parsed.ok) return { ok: false, message: Object.values(parsed.errors).flat().join(" ") };
  return {
    ok: true,
    queries: advancedSearchExpressions(parsed.value),
    query: advancedSearchParams(parsed.value),
  };
}
