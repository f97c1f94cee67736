import { isOwnAccount } from "~/models/access/access.server";
import type { AlbumEntry } from "~/models/album/album-entry.server";
import { albumListPage } from "~/models/album/album-list.server";
import type { GridAsset } from "~/models/asset/asset.view";
import { assetViews } from "~/models/asset/asset-view.server";
import { listAssets } from "~/models/search/search.server";
import { wantsRetinaThumbnails, type Viewer } from "~/models/user/user.schema";
import { collectionTiles, type CollectionTileData } from "./collection-list.server";
import { gridAssets } from "./collection-page.server";

/*
 * The start page (issue 31): the archives the viewer sees, with their covers; the albums their
 * owners marked for the home page, among those the viewer may open (the albums page's "public"
 * list, decision 052); and, for a signed-in person, the newest assets of every archive they see.
 * Each list goes through the same visibility rules as its own page.
 */

/** How many albums and recent assets the start page shows; their own pages list the rest. */
export const START_ALBUMS = 8;
export const START_RECENT = 12;

export interface StartPageData {
  archives: CollectionTileData[];
  albums: AlbumEntry[];
  /** More home-page albums than shown: the albums page lists them. */
  moreAlbums: boolean;
  /** null for the guest and anonymous visitors, who see no arrivals list. */
  recent: GridAsset[] | null;
}

export async function startPageData(viewer: Viewer | null): Promise<StartPageData> {
  const person = isOwnAccount(viewer) ? viewer : null;
  const [archives, albums, recent] = await Promise.all([
    collectionTiles(viewer),
    person ? albumListPage(person, "public", { limit: START_ALBUMS }) : null,
    person ? recentAssets(person) : null,
  ]);
  return {
    archives,
    albums: albums?.entries ?? [],
    moreAlbums: albums?.more ?? false,
    recent,
  };
}

async function recentAssets(viewer: Viewer): Promise<GridAsset[]> {
  const page = await listAssets({
    viewer,
    search: [],
    sort: { key: "added", descending: true },
    page: { from: "first" },
    limit: START_RECENT,
  });
  return gridAssets(await assetViews(viewer, page.assets), wantsRetinaThumbnails(viewer));
}
