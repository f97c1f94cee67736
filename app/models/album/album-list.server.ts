import { db } from "~/db/connection.server";
import { albumDecision, visibleAlbumsCondition } from "~/models/access/album-access.server";
import { canPin, capabilitiesOf, isOwnAccount } from "~/models/access/access.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { findUserById, updatePreferences } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { albumHref } from "~/utils/links";
import { albumEntries, type AlbumEntry } from "./album-entry.server";
import { changeAlbumStatus, listAlbums, type AlbumListEntry } from "./album.server";
import { ALBUM_NOT_FOUND, type AlbumFilter } from "./album.schema";

/*
 * The album lists (decision 052): the albums page's tiles and the API's CollectionLists, their
 * paging, the public list of /fotoweb/albums/, and album pins (spec 000: pinnedAlbums, keyed by
 * the album's href). Who sees what is the access module's (visibleAlbumsCondition, albumDecision).
 */

/** Albums one list answer or page shows; further ones are behind paging.next. */
export const ALBUMS_PER_PAGE = 100;
/** Pages one may ask for: past this a list is searched, not paged through. */
export const MAX_ALBUM_PAGE = 1000;

export type AlbumListKind = AlbumFilter | "contribute" | "all" | "public";

export interface AlbumListPage {
  entries: AlbumEntry[];
  page: number;
  /** Whether a further page exists. */
  more: boolean;
}

/** The album ids of the viewer's pinned album hrefs (listed first), in pin order. */
export function pinnedAlbumIds(viewer: Viewer): number[] {
  if (!isOwnAccount(viewer)) return [];
  return viewer.preferences.intranet.pinnedAlbums.flatMap((href) => {
    const parsed = albumFromHref(href);
    return parsed ? [parsed.albumId] : [];
  });
}

/** Pins the pins page shows at most; the albums page lists them all first anyway. */
const PINNED_ALBUMS_SHOWN = 200;

/**
 * The albums the viewer pinned and may still open, in pin order (the pins page lists them); one
 * in the bin waits there until it is restored.
 */
export async function pinnedAlbums(viewer: Viewer): Promise<{ name: string; href: string }[]> {
  if (!canPin(viewer)) return [];
  const shown: { name: string; href: string }[] = [];
  for (const href of viewer.preferences.intranet.pinnedAlbums.slice(0, PINNED_ALBUMS_SHOWN)) {
    const target = albumFromHref(href);
    if (!target) continue;
    const decision = await albumDecision(viewer, target.albumId, "view", target.ownerId);
    if (decision.allowed && decision.value.album.status !== "deleted")
      shown.push({
        name: decision.value.album.name,
        href: albumHref(target.ownerId, target.albumId),
      });
  }
  return shown;
}

/** The owner and album ids an album href names (/fotoweb/users/{o}/albums/{a}/), or null. */
export function albumFromHref(href: string): { ownerId: number; albumId: number } | null {
  let pathname: string;
  try {
    pathname = new URL(href, "http://arkiv.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/fotoweb\/users\/(\d{1,10})\/albums\/(\d{1,10})\/?$/.exec(pathname);
  if (!match) return null;
  const ownerId = Number(match[1]);
  const albumId = Number(match[2]);
  return ownerId > 0 && albumId > 0 ? { ownerId, albumId } : null;
}

/**
 * One page of a list for the viewer: the filters of the albums page (own, shared, archived,
 * deleted), contribute, all current albums, or the public albums. Pinned albums come first.
 */
export async function albumListPage(
  viewer: Viewer,
  kind: AlbumListKind,
  options: { q?: string; page?: number; limit?: number } = {},
): Promise<AlbumListPage> {
  const limit = options.limit ?? ALBUMS_PER_PAGE;
  const page = Math.min(Math.max(0, Math.trunc(options.page ?? 0)), MAX_ALBUM_PAGE);
  const rows =
    kind === "public"
      ? await publicAlbumRows(viewer, options.q, limit + 1, page * limit)
      : await listAlbums(viewer, {
          filter: kind === "all" ? undefined : kind,
          q: options.q,
          limit: limit + 1,
          offset: page * limit,
          first: pinnedAlbumIds(viewer),
        });
  const entries = await albumEntries(viewer, rows.slice(0, limit));
  return { entries, page, more: rows.length > limit };
}

/**
 * The public albums (GET /fotoweb/albums/, decision 052): current albums marked for the home
 * page whose owner holds albums.showOnHomepage now, among those the viewer may see anyway (their
 * own and those shared with them). Nobody learns of an album through this list who could not
 * open it; the guest and anonymous visitors see none (albums open to people, links to visitors).
 */
async function publicAlbumRows(
  viewer: Viewer,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<AlbumListEntry[]> {
  if (!isOwnAccount(viewer)) return [];
  const visible = await visibleAlbumsCondition(viewer);
  const owners = await db()
    .selectFrom("albums")
    .select("owner_id")
    .distinct()
    .where("show_on_homepage", "=", 1)
    .where("status", "=", "active")
    .where((eb) => visible(eb))
    .execute();
  const showing: number[] = [];
  for (const { owner_id } of owners) {
    const owner = owner_id === viewer.id ? viewer : await findUserById(owner_id);
    if (owner && (await capabilitiesOf(owner)).has("albums.showOnHomepage")) showing.push(owner_id);
  }
  return listAlbums(viewer, {
    q,
    limit,
    offset,
    first: pinnedAlbumIds(viewer),
    homepageOwners: showing,
  });
}

/**
 * Adds or removes an album pin by the album's href (spec 000 section 4). Pinning needs the album
 * to be one the viewer may open; an unknown or unseen one answers as missing. Unpinning an href
 * already pinned always works, so a pin of an album since lost can be cleared. With `to` the pin
 * is set to that state rather than flipped.
 */
export async function toggleAlbumPin(
  viewer: Viewer | null,
  href: string,
  to?: boolean,
): Promise<{ name: string; pinned: boolean }> {
  if (!canPin(viewer)) throw new Problem("forbidden", keyed("album.refusal.pinLogOn"));
  const target = albumFromHref(href);
  const canonical = target ? albumHref(target.ownerId, target.albumId) : null;
  const decision = target
    ? await albumDecision(viewer, target.albumId, "view", target.ownerId)
    : null;
  const listed = canonical !== null && viewer.preferences.intranet.pinnedAlbums.includes(canonical);
  if (!decision?.allowed && !listed) throw new Problem("not-found", ALBUM_NOT_FOUND);
  let pinned = false;
  await updatePreferences(viewer.id, (p) => {
    const list = p.intranet.pinnedAlbums.filter((h) => h !== canonical);
    pinned = to ?? list.length === p.intranet.pinnedAlbums.length;
    return {
      ...p,
      intranet: { ...p.intranet, pinnedAlbums: pinned ? [...list, canonical!] : list },
    };
  });
  return { name: decision?.allowed ? decision.value.album.name : "the album", pinned };
}

/**
 * Removes an album in the owner's bin for good (the deleted view's Delete forever). Only an
 * album already in the bin: anything else is a conflict that changes nothing.
 */
export async function purgeAlbum(viewer: Viewer | null, albumId: number): Promise<string> {
  const decision = await albumDecision(viewer, albumId, "manage");
  if (!decision.allowed) throw decision.problem;
  const { album } = decision.value;
  if (album.status !== "deleted")
    throw new Problem("conflict", keyed("album.refusal.purgeNotInBin"));
  await changeAlbumStatus(viewer, album.id, "delete");
  return album.name;
}
