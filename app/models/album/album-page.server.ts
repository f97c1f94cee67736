import { canPin } from "~/models/access/access.server";
import {
  albumAssetRights,
  type AlbumChannel,
  type AlbumGrant,
} from "~/models/access/album-access.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { assetViews, type AssetView } from "~/models/asset/asset-view.server";
import {
  gridAssets,
  listContext,
  listPage,
  pagingOf,
  parsePageParams,
  type LinkForm,
  type PageParams,
  type Paging,
} from "~/models/collection/collection-page.server";
import { pinnedAmong } from "~/models/pin/pin.server";
import { formatSort, parseQueries, type ListingScope } from "~/models/search/search.server";
import { wantsRetinaThumbnails, type Viewer } from "~/models/user/user.schema";
import { pickPreview, type GridAsset } from "~/models/asset/asset.view";
import { albumOriginalUrls } from "./album-view.server";

/** The preview a sharee's tile opens (the details view's size). */
const PREVIEW_SIZE = 1600;
import { albumHref, sharedAlbumHref } from "~/utils/links";
import { selectionRights } from "~/models/background-task/selection-ops.server";
import type { SelectionRights } from "~/models/background-task/selection-ops";
import { siteSearchTimeZone } from "~/models/search/search-zone.server";

/*
 * An album's grid (decision 051): the album's assets as its OWNER sees them, in the album's own
 * order unless the URL sorts otherwise, paged as archive grids are (the same parameters and
 * links). What a share or link lends is narrowed per asset by albumAssetRights, and the file URLs
 * of anyone but the owner go through the album (?album=) or the link (/fotoweb/shared/...), where
 * the same rights are checked again on every file.
 */

/** The album's own order when the URL names no sort. */
function withAlbumOrder(url: URL): URL {
  if (url.searchParams.has("s") || url.searchParams.has(";o")) return url;
  const copy = new URL(url);
  copy.searchParams.set("s", "manual");
  return copy;
}

export interface AlbumAssetPage {
  params: PageParams;
  assets: AssetView[];
  paging: Paging;
  context: string;
}

/** A file URL of /fotoweb/files/... as the channel serves it. */
export function channelFileUrl(channel: AlbumChannel, href: string): string {
  const match = /^\/fotoweb\/files\/(.+)$/.exec(href);
  if (!match) return href;
  if (channel.kind === "link") return `${sharedAlbumHref(channel.link.token)}/files/${match[1]}`;
  return `${href}${href.includes("?") ? "&" : "?"}album=${channel.grant.album.id}`;
}

/**
 * Views of album rows for whoever reads through the channel. The owner reads their own views (the
 * archives' URLs and permissions); anyone else gets views whose permissions are what the album
 * lends (View, Preview, Download) and whose file URLs go through the album or the link. Their
 * asset hrefs are kept for identity (the API's data), but they open nothing outside the album.
 */
export async function albumAssetViews(
  channel: AlbumChannel,
  rows: Parameters<typeof assetViews>[1],
): Promise<AssetView[]> {
  const owner = channel.kind === "grant" ? channel.grant.owner : channel.owner;
  const views = await assetViews(owner, rows);
  // The owner (or an administrator with manageAlbums, whose own archive rights serve the files).
  if (channel.kind === "grant" && channel.grant.role === "owner") return views;
  const rights = await albumAssetRights(channel, rows);
  return views.flatMap((view) => {
    const r = rights.get(view.id);
    if (!r) return [];
    const permissions: ArchivePermission[] = ["View"];
    if (r.preview) permissions.push("Preview");
    if (r.downloadOriginal) permissions.push("Download");
    const rewrite = <T extends { href: string }>(list: T[]) =>
      r.preview ? list.map((p) => ({ ...p, href: channelFileUrl(channel, p.href) })) : [];
    return [
      {
        ...view,
        permissions,
        previews: rewrite(view.previews),
        quickRenditions: rewrite(view.quickRenditions),
        // Renditions name the archive's URLs, which a share does not open: downloads are offered
        // by the album's pages through the channel's file URLs instead.
        renditions: [],
        ...(r.preview ? {} : { placeholder: null, previewToken: undefined }),
      },
    ];
  });
}

/** A page of an album's assets for a grant (owner, contributor or viewer). */
export async function albumAssetPage(
  grant: AlbumGrant,
  url: URL,
  defaultLimit: number,
  links: LinkForm = "request",
): Promise<AlbumAssetPage> {
  return channelPage(
    { kind: "grant", grant },
    albumHref(grant.album.owner_id, grant.album.id),
    url,
    defaultLimit,
    links,
  );
}

/** A page of an album's assets as a public link shows them. */
export async function linkAssetPage(
  channel: Extract<AlbumChannel, { kind: "link" }>,
  url: URL,
  defaultLimit: number,
): Promise<AlbumAssetPage> {
  return channelPage(channel, sharedAlbumHref(channel.link.token), url, defaultLimit, "keyset");
}

async function channelPage(
  channel: AlbumChannel,
  base: string,
  url: URL,
  defaultLimit: number,
  links: LinkForm,
): Promise<AlbumAssetPage> {
  const owner = channel.kind === "grant" ? channel.grant.owner : channel.owner;
  const albumId = channel.kind === "grant" ? channel.grant.album.id : channel.link.album_id;
  const params = { ...parsePageParams(withAlbumOrder(url), defaultLimit), folder: null };
  const scope: ListingScope = {
    viewer: owner,
    inAlbum: albumId,
    // An album is shared: its searches read dates in the site's zone, alike for everyone.
    search: parseQueries(params.queries, { timeZone: await siteSearchTimeZone() }),
  };
  const page = await listPage({
    ...scope,
    sort: params.sort,
    page: params.page,
    limit: params.limit,
  });
  const [assets, paging] = await Promise.all([
    albumAssetViews(channel, page.assets),
    pagingOf(base, params, page, scope, links),
  ]);
  return { params, assets, paging, context: listContext(params) };
}

export interface AlbumGridData {
  assets: GridAsset[];
  paging: Paging;
  context: string;
  pinned: number[];
  canPin: boolean;
  retina: boolean;
  queries: string[];
  sort: string;
  /**
   * For anyone but the owner, who cannot open the archives' asset pages: per asset, the largest
   * preview through the album (what its tile opens) and the original when the share lends it.
   */
  files: Record<number, AlbumAssetFiles>;
  /** The selection toolbar's operations here: pins, for the owner (decision 087). */
  selection: SelectionRights;
}

export interface AlbumAssetFiles {
  open: string | null;
  original: string | null;
}

/** What an album's HTML grid renders for a signed-in viewer with a grant. */
export async function albumGridData(
  viewer: Viewer,
  grant: AlbumGrant,
  url: URL,
  limit: number,
): Promise<AlbumGridData> {
  const page = await albumAssetPage(grant, url, limit, "keyset");
  const retina = wantsRetinaThumbnails(viewer);
  const assets = gridAssets(page.assets, retina);
  // Pins are the viewer's own and need the asset visible to them, so only the owner pins here.
  const pinnable = grant.owner.id === viewer.id && canPin(viewer);
  const pinned = pinnable
    ? await pinnedAmong(
        viewer,
        assets.map((a) => a.id),
      )
    : new Set<number>();
  const files: Record<number, AlbumAssetFiles> = {};
  if (grant.role !== "owner") {
    const downloadable = page.assets.filter((a) => a.permissions.includes("Download"));
    const originals = await albumOriginalUrls(
      grant,
      downloadable.map((a) => a.id),
    );
    for (const view of page.assets)
      files[view.id] = {
        open: pickPreview(view.previews, PREVIEW_SIZE)?.href ?? null,
        original: originals.get(view.id) ?? null,
      };
  }
  // The album's own actions on a selection (remove, cover, move) are its page's; the toolbar
  // offers pins only, by the rule every pin uses, and an album spans archives.
  const selection = await selectionRights(viewer, undefined, pinnable ? ["pin"] : []);
  return {
    selection,
    files,
    assets,
    paging: page.paging,
    context: page.context,
    pinned: [...pinned],
    canPin: pinnable,
    retina,
    queries: page.params.queries,
    sort: formatSort(page.params.sort),
  };
}
