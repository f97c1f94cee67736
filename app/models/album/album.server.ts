import { sql, type Kysely } from "kysely";
import { db, now } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import { containsText } from "~/db/like";
import type { AlbumRow, Database } from "~/db/schema";
import {
  albumAssetRights,
  requireAlbum,
  sharingRights,
  visibleAlbumsCondition,
  type AlbumGrant,
} from "~/models/access/album-access.server";
import {
  ASSET_NOT_FOUND,
  assetsDecision,
  capabilityDecision,
  isOwnAccount,
} from "~/models/access/access.server";
import { groupsOfUser } from "~/models/group/membership.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import {
  MAX_ALBUM_ASSETS,
  MAX_ALBUM_BATCH,
  type AlbumCreateInput,
  type AlbumFilter,
  type AlbumUpdateInput,
} from "./album.schema";

/*
 * Albums (issue 18, decision 051): queries and rules, no HTTP. Every function asks the access
 * module first (requireAlbum), so what a person may not see answers as missing everywhere.
 * An album's order is its own (album_assets.position, REAL): additions go to the end, moves write
 * midpoints between the new neighbours, and the album is renumbered 1..n only when a gap has
 * become too small to split, so a move never loses or duplicates an asset whatever positions the
 * client believed in.
 */

export const MIN_GAP = 1e-6;

/** The reason an asset is refused by a full album, read where it is shown. */
const ALBUM_FULL = keyed("album.addTo.reason.full", { max: MAX_ALBUM_ASSETS });

export async function createAlbum(
  viewer: Viewer | null,
  input: AlbumCreateInput,
): Promise<AlbumRow> {
  const decision = await capabilityDecision(viewer, "albums.create");
  if (!decision.allowed) throw decision.problem;
  const at = now();
  return db()
    .insertInto("albums")
    .values({
      owner_id: decision.value.id,
      name: input.name,
      description: input.description,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface AlbumListOptions {
  /** own, shared, archived, deleted; undefined lists everything current (not archived or deleted). */
  filter?: AlbumFilter | "contribute";
  /** Words matched in name and description, case-insensitive. */
  q?: string;
  limit: number;
  offset?: number;
  /** Albums listed before all others (the viewer's pinned albums), then the usual order. */
  first?: readonly number[];
  /** Only albums marked for the home page whose owner is one of these (the public list). */
  homepageOwners?: readonly number[];
}

export interface AlbumListEntry extends AlbumRow {
  asset_count: number;
}

/** The albums the viewer sees under a filter, most recently changed first. */
export async function listAlbums(
  viewer: Viewer,
  options: AlbumListOptions,
): Promise<AlbumListEntry[]> {
  if (!isOwnAccount(viewer)) return [];
  const visible = await visibleAlbumsCondition(viewer);
  let query = db()
    .selectFrom("albums")
    .selectAll("albums")
    .select((eb) =>
      eb
        .selectFrom("album_assets")
        .select(eb.fn.countAll<number | string>().as("n"))
        .whereRef("album_assets.album_id", "=", "albums.id")
        .as("asset_count"),
    )
    .where((eb) => visible(eb));
  switch (options.filter) {
    case undefined:
      query = query.where("albums.status", "=", "active");
      break;
    case "own":
      query = query.where("albums.owner_id", "=", viewer.id).where("albums.status", "=", "active");
      break;
    case "shared":
      query = query.where("albums.owner_id", "!=", viewer.id).where("albums.status", "=", "active");
      break;
    case "archived":
      query = query
        .where("albums.owner_id", "=", viewer.id)
        .where("albums.status", "=", "archived");
      break;
    case "deleted":
      query = query.where("albums.owner_id", "=", viewer.id).where("albums.status", "=", "deleted");
      break;
    case "contribute": {
      // Only the viewer's own contribute shares (through themselves or their groups) count.
      const groups = await groupsOfUser(viewer);
      query = query.where("albums.status", "=", "active").where((eb) =>
        eb.or([
          eb("albums.owner_id", "=", viewer.id),
          eb.exists(
            eb
              .selectFrom("album_shares")
              .select(sql`1`.as("one"))
              .whereRef("album_shares.album_id", "=", "albums.id")
              .where("album_shares.access", "=", "contribute")
              .where((s) =>
                s.or([
                  s.and([
                    s("album_shares.principal_type", "=", "user"),
                    s("album_shares.principal_id", "=", viewer.id),
                  ]),
                  ...(groups.length > 0
                    ? [
                        s.and([
                          s("album_shares.principal_type", "=", "group"),
                          s("album_shares.principal_id", "in", groups),
                        ]),
                      ]
                    : []),
                ]),
              ),
          ),
        ]),
      );
      break;
    }
  }
  if (options.homepageOwners) {
    if (options.homepageOwners.length === 0) return [];
    query = query
      .where("albums.show_on_homepage", "=", 1)
      .where("albums.owner_id", "in", [...options.homepageOwners]);
  }
  const words = (options.q ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  for (const word of words) {
    query = query.where((eb) =>
      eb.or([containsText("albums.name", word), containsText("albums.description", word)]),
    );
  }
  const first = (options.first ?? []).filter((id) => Number.isSafeInteger(id)).slice(0, 1000);
  if (first.length > 0)
    query = query.orderBy(sql`case when albums.id in (${sql.join(first)}) then 0 else 1 end`);
  const rows = await query
    .orderBy("albums.updated_at", "desc")
    .orderBy("albums.id", "desc")
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .execute();
  return rows.map((r) => ({ ...r, asset_count: Number(r.asset_count ?? 0) }));
}

/** Rename and describe (owner). */
export async function updateAlbum(
  viewer: Viewer | null,
  albumId: number,
  input: AlbumUpdateInput,
): Promise<AlbumRow> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  };
  if (Object.keys(changes).length === 0) return album;
  return db()
    .updateTable("albums")
    .set({ ...changes, updated_at: now() })
    .where("id", "=", album.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Shows the album on the home page (the public album list) or stops showing it: the owner, with
 * the showOnHomepage flag to show it (anyone may stop). Only those who may open the album see it
 * listed there (decision 052).
 */
export async function setAlbumOnHomepage(
  viewer: Viewer | null,
  albumId: number,
  show: boolean,
): Promise<AlbumRow> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  if (show && !(await sharingRights(viewer)).showOnHomepage)
    throw new Problem("forbidden", keyed("album.refusal.homepageForbidden"));
  return db()
    .updateTable("albums")
    .set({ show_on_homepage: show ? 1 : 0, updated_at: now() })
    .where("id", "=", album.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type AlbumStatusChange = "archive" | "unarchive" | "delete" | "undelete";

/**
 * ARCHIVE, UNARCHIVE, DELETE (to the owner's bin) and UNDELETE. Each asks for the state it
 * leaves (archive an active album, unarchive an archived one, ...): anything else is a conflict
 * that changes nothing. Deleting an album already in the bin removes it for good (purge).
 */
export async function changeAlbumStatus(
  viewer: Viewer | null,
  albumId: number,
  change: AlbumStatusChange,
): Promise<AlbumRow | null> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  const at = now();
  const conflict = (message: string) => new Problem("conflict", message);
  switch (change) {
    case "archive":
      if (album.status !== "active")
        throw conflict(
          album.status === "archived"
            ? keyed("album.refusal.archivedAlready")
            : keyed("album.refusal.undeleteFirst"),
        );
      return setStatus(album.id, { status: "archived", archived_at: at, updated_at: at });
    case "unarchive":
      if (album.status !== "archived") throw conflict(keyed("album.refusal.notArchived"));
      return setStatus(album.id, { status: "active", archived_at: null, updated_at: at });
    case "undelete":
      if (album.status !== "deleted") throw conflict(keyed("album.refusal.notInBin"));
      // Back where it was: archived if it had been archived before it was deleted.
      return setStatus(album.id, {
        status: album.archived_at ? "archived" : "active",
        deleted_at: null,
        updated_at: at,
      });
    case "delete":
      if (album.status === "deleted") {
        await db().deleteFrom("albums").where("id", "=", album.id).execute();
        return null;
      }
      return setStatus(album.id, { status: "deleted", deleted_at: at, updated_at: at });
  }
}

function setStatus(
  albumId: number,
  values: Partial<Pick<AlbumRow, "status" | "archived_at" | "deleted_at" | "updated_at">>,
) {
  return db()
    .updateTable("albums")
    .set(values)
    .where("id", "=", albumId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface AddAssetsResult {
  added: number[];
  /** Already in the album: nothing changed for these. */
  present: number[];
  /** Refused, each with the reason a person reads; unseen assets read as missing. */
  refused: { id: number; reason: string }[];
}

/**
 * Adds assets to the end of the album, in the order given. Each must be one the contributor sees
 * and one the album's owner sees (the album shows what its owner sees); anything else is refused
 * for that asset alone, with the words of a missing asset, and the rest are added.
 */
export async function addAlbumAssets(
  viewer: Viewer | null,
  albumId: number,
  assetIds: readonly number[],
): Promise<AddAssetsResult> {
  const grant = await requireAlbum(viewer, albumId, "contribute");
  if (assetIds.length > MAX_ALBUM_BATCH)
    throw new Problem("invalid", keyed("album.refusal.addAtMost", { max: MAX_ALBUM_BATCH }));
  const unique = [...new Set(assetIds)];
  const decisions = await assetsDecision(viewer, unique, "View");
  const seen = unique.flatMap((id) => {
    const d = decisions.get(id);
    return d?.allowed ? [d.value.asset] : [];
  });
  const ownerRights = await albumAssetRights(
    { kind: "grant", grant: { ...grant, role: "owner" } },
    seen,
  );
  const result: AddAssetsResult = { added: [], present: [], refused: [] };
  const candidates: number[] = [];
  for (const id of unique) {
    if (decisions.get(id)?.allowed && ownerRights.has(id)) candidates.push(id);
    else result.refused.push({ id, reason: ASSET_NOT_FOUND });
  }
  await db()
    .transaction()
    .execute(async (trx) => {
      await lockRowForUpdate(trx, "albums", grant.album.id);
      const existing = new Set<number>();
      for (let i = 0; i < candidates.length; i += 5000) {
        const rows = await trx
          .selectFrom("album_assets")
          .select("asset_id")
          .where("album_id", "=", grant.album.id)
          .where("asset_id", "in", candidates.slice(i, i + 5000))
          .execute();
        for (const r of rows) existing.add(r.asset_id);
      }
      const fresh = candidates.filter((id) => !existing.has(id));
      result.present = candidates.filter((id) => existing.has(id));
      const stats = await trx
        .selectFrom("album_assets")
        .select((eb) => [
          eb.fn.countAll<number | string>().as("n"),
          eb.fn.max("position").as("last"),
        ])
        .where("album_id", "=", grant.album.id)
        .executeTakeFirstOrThrow();
      const room = MAX_ALBUM_ASSETS - Number(stats.n);
      const fitting = fresh.slice(0, Math.max(0, room));
      for (const id of fresh.slice(fitting.length)) result.refused.push({ id, reason: ALBUM_FULL });
      let position = Number(stats.last ?? 0);
      const at = now();
      for (let i = 0; i < fitting.length; i += 500) {
        await trx
          .insertInto("album_assets")
          .values(
            fitting.slice(i, i + 500).map((asset_id) => ({
              album_id: grant.album.id,
              asset_id,
              position: (position += 1),
              added_by: viewer!.id,
              added_at: at,
            })),
          )
          .execute();
      }
      result.added = fitting;
      if (fitting.length > 0)
        await trx
          .updateTable("albums")
          .set({ updated_at: at })
          .where("id", "=", grant.album.id)
          .execute();
    });
  return result;
}

/** Removes assets from the album (owner); answers how many were in it. Assets stay where they are. */
export async function removeAlbumAssets(
  viewer: Viewer | null,
  albumId: number,
  assetIds: readonly number[],
): Promise<number> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  if (assetIds.length > MAX_ALBUM_BATCH)
    throw new Problem("invalid", keyed("album.refusal.removeAtMost", { max: MAX_ALBUM_BATCH }));
  if (assetIds.length === 0) return 0;
  const removed = await db()
    .deleteFrom("album_assets")
    .where("album_id", "=", album.id)
    .where("asset_id", "in", [...new Set(assetIds)])
    .executeTakeFirst();
  await db().updateTable("albums").set({ updated_at: now() }).where("id", "=", album.id).execute();
  return Number(removed.numDeletedRows);
}

/** Where moved assets go: right after `after`, or first of all when after is null. */
export interface AlbumMove {
  assetIds: readonly number[];
  after: number | null;
}

async function renumber(trx: Kysely<Database>, albumId: number) {
  const rows = await trx
    .selectFrom("album_assets")
    .select("asset_id")
    .where("album_id", "=", albumId)
    .orderBy("position")
    .orderBy("asset_id")
    .execute();
  for (const [i, r] of rows.entries())
    await trx
      .updateTable("album_assets")
      .set({ position: i + 1 })
      .where("album_id", "=", albumId)
      .where("asset_id", "=", r.asset_id)
      .execute();
}

/**
 * Moves assets of the album (owner) to just after another one, or to the top. The moved keep
 * their order among themselves as the album has it. An anchor that is not in the album (a stale
 * view) is a conflict that moves nothing; moved ids not in the album are skipped. The album is
 * locked, so two moves at once each see the other's result; no asset is lost or doubled since
 * only positions change.
 */
export async function moveAlbumAssets(
  viewer: Viewer | null,
  albumId: number,
  move: AlbumMove,
): Promise<number> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  if (move.assetIds.length > MAX_ALBUM_BATCH)
    throw new Problem("invalid", keyed("album.refusal.moveAtMost", { max: MAX_ALBUM_BATCH }));
  const moving = new Set(move.assetIds);
  if (move.after !== null && moving.has(move.after))
    throw new Problem("invalid", keyed("album.refusal.moveNextToItself"));
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockRowForUpdate(trx, "albums", album.id);
      for (let attempt = 0; attempt < 2; attempt++) {
        const order = await trx
          .selectFrom("album_assets")
          .select(["asset_id", "position"])
          .where("album_id", "=", album.id)
          .orderBy("position")
          .orderBy("asset_id")
          .execute();
        const moved = order.filter((r) => moving.has(r.asset_id));
        if (moved.length === 0) return 0;
        const rest = order.filter((r) => !moving.has(r.asset_id));
        let index = 0;
        if (move.after !== null) {
          index = rest.findIndex((r) => r.asset_id === move.after) + 1;
          if (index === 0) throw new Problem("conflict", keyed("album.refusal.anchorGone"));
        }
        const low = index > 0 ? Number(rest[index - 1]!.position) : null;
        const high = index < rest.length ? Number(rest[index]!.position) : null;
        const k = moved.length;
        let positions: number[] | null;
        if (low === null && high === null) positions = moved.map((_, i) => i + 1);
        else if (low === null) positions = moved.map((_, i) => high! - k + i);
        else if (high === null) positions = moved.map((_, i) => low + 1 + i);
        else {
          const step = (high - low) / (k + 1);
          positions = step >= MIN_GAP ? moved.map((_, i) => low + step * (i + 1)) : null;
        }
        if (!positions) {
          await renumber(trx, album.id);
          continue;
        }
        for (const [i, r] of moved.entries())
          await trx
            .updateTable("album_assets")
            .set({ position: positions[i]! })
            .where("album_id", "=", album.id)
            .where("asset_id", "=", r.asset_id)
            .execute();
        await trx
          .updateTable("albums")
          .set({ updated_at: now() })
          .where("id", "=", album.id)
          .execute();
        return moved.length;
      }
      throw new Problem("conflict", keyed("album.refusal.orderFailed"));
    });
}

/**
 * Sets the album's cover to one of its assets the owner sees (null clears it: the first asset is
 * the cover then).
 */
export async function setAlbumCover(
  viewer: Viewer | null,
  albumId: number,
  assetId: number | null,
): Promise<AlbumRow> {
  const grant = await requireAlbum(viewer, albumId, "manage");
  if (assetId !== null) {
    const inAlbum = await db()
      .selectFrom("album_assets")
      .innerJoin("assets", "assets.id", "album_assets.asset_id")
      .select(["assets.id", "assets.archive_id"])
      .where("album_assets.album_id", "=", grant.album.id)
      .where("album_assets.asset_id", "=", assetId)
      .executeTakeFirst();
    const rights = inAlbum ? await albumAssetRights({ kind: "grant", grant }, [inAlbum]) : null;
    if (!inAlbum || !rights?.has(inAlbum.id))
      throw new Problem("not-found", keyed("album.refusal.assetNotInAlbum"));
  }
  return db()
    .updateTable("albums")
    .set({ cover_asset_id: assetId, updated_at: now() })
    .where("id", "=", grant.album.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The asset an album's tile shows: its cover, else its first asset the owner sees; null if none. */
export async function albumCoverAsset(grant: AlbumGrant): Promise<number | null> {
  const candidates = await db()
    .selectFrom("album_assets")
    .innerJoin("assets", "assets.id", "album_assets.asset_id")
    .select(["assets.id", "assets.archive_id"])
    .where("album_assets.album_id", "=", grant.album.id)
    .orderBy(sql`case when assets.id = ${grant.album.cover_asset_id ?? -1} then 0 else 1 end`)
    .orderBy("album_assets.position")
    .limit(20)
    .execute();
  const rights = await albumAssetRights({ kind: "grant", grant }, candidates);
  return candidates.find((c) => rights.has(c.id))?.id ?? null;
}
