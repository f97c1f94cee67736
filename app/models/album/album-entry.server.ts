import { db } from "~/db/connection.server";
import type { AlbumRow } from "~/db/schema";
import { albumDecision, type AlbumGrant } from "~/models/access/album-access.server";
import { assetRow } from "~/models/asset/asset-rows.server";
import type { AssetPreview } from "~/models/asset/asset-view.server";
import type { Viewer } from "~/models/user/user.schema";
import { albumHref } from "~/utils/links";
import { albumAssetViews } from "./album-page.server";
import { albumCoverAsset, type AlbumListEntry } from "./album.server";
import type { AlbumRole, AlbumStatus } from "./album.schema";
import { canPin } from "~/models/access/access.server";

/*
 * An album as a collection (decision 051): what the albums page's tiles, the album lists of the
 * API and an album's own representation share. Built for one viewer: their role, their pin, and
 * the cover as their channel serves it.
 */

export interface AlbumEntry {
  id: number;
  href: string;
  name: string;
  description: string;
  color: string;
  status: AlbumStatus;
  role: AlbumRole;
  owner: { id: number; name: string };
  assetCount: number;
  posterImages: AssetPreview[];
  /** The cover asset's href (its archive URL), or null. */
  posterAsset: string | null;
  /** Listed on the home page (the public albums) for those who may open it. */
  showOnHomepage: boolean;
  /** In the viewer's pinnedAlbums (spec 000: album pins are keyed by href). */
  pin: boolean;
  created: string;
  modified: string;
}

async function ownerNames(ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .selectFrom("users")
    .select(["id", "full_name", "username"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.full_name || r.username]));
}

/** The entry of one album for a grant already decided. */
export async function albumEntryFor(
  viewer: Viewer,
  grant: AlbumGrant,
  assetCount?: number,
  ownerName?: string,
): Promise<AlbumEntry> {
  const { album } = grant;
  const href = albumHref(album.owner_id, album.id);
  const coverId = await albumCoverAsset(grant);
  let posterImages: AssetPreview[] = [];
  let posterAsset: string | null = null;
  if (coverId !== null) {
    const row = await assetRow(coverId);
    if (row) {
      const { search_doc: _doc, ...listed } = row;
      const [view] = await albumAssetViews({ kind: "grant", grant }, [listed]);
      posterImages = view?.previews ?? [];
      posterAsset = view?.href ?? null;
    }
  }
  const count =
    assetCount ??
    Number(
      (
        await db()
          .selectFrom("album_assets")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("album_id", "=", album.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    id: album.id,
    href,
    name: album.name,
    description: album.description,
    color: album.color,
    status: album.status,
    role: grant.role,
    owner: {
      id: album.owner_id,
      name: ownerName ?? (await ownerNames([album.owner_id])).get(album.owner_id) ?? "",
    },
    assetCount: count,
    posterImages,
    posterAsset,
    showOnHomepage: album.show_on_homepage === 1,
    pin: canPin(viewer) && viewer.preferences.intranet.pinnedAlbums.includes(href),
    created: album.created_at,
    modified: album.updated_at,
  };
}

/** Entries of listed albums (listAlbums), in the list's order; any the viewer lost are left out. */
export async function albumEntries(
  viewer: Viewer,
  rows: readonly (AlbumRow | AlbumListEntry)[],
): Promise<AlbumEntry[]> {
  const names = await ownerNames(rows.map((r) => r.owner_id));
  const entries = await Promise.all(
    rows.map(async (row) => {
      const decision = await albumDecision(viewer, row.id, "view");
      if (!decision.allowed) return null;
      const count = "asset_count" in row ? row.asset_count : undefined;
      return albumEntryFor(viewer, decision.value, count, names.get(row.owner_id));
    }),
  );
  return entries.filter((e): e is AlbumEntry => e !== null);
}
