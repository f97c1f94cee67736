import { Link } from "@remix-run/react";
import { AlbumTile } from "~/components/album/AlbumTile";
import type { AlbumEntry } from "~/models/album/album-entry.server";
import {
  pickPreview,
  RETINA_THUMBNAIL_SIZE,
  THUMBNAIL_SIZE,
  type GridAsset,
} from "~/models/asset/asset.view";
import type { CollectionTileData } from "~/models/collection/collection-list.server";
import { LINKS } from "~/utils/links";
import { CollectionTile, type TileViewer } from "./CollectionTile";
import * as tiles from "./collections.css";
import * as css from "./start.css";

/*
 * The start page's sections (issue 31): the archives with their covers, the albums marked for
 * the home page, and a signed-in person's newest arrivals. Each links to its own page, which has
 * the actions; these tiles only lead there.
 */

export function ArchivesSection({
  archives,
  viewer,
}: {
  archives: CollectionTileData[];
  viewer: TileViewer;
}) {
  return (
    <section className={css.section} aria-labelledby="start-archives">
      <div className={css.heading}>
        <h2 id="start-archives">Archives</h2>
        <Link to={LINKS.archives}>All archives</Link>
      </div>
      {archives.length > 0 ? (
        <ul className={tiles.list} aria-label="Archives">
          {archives.map((tile) => (
            <CollectionTile key={tile.href} tile={tile} viewer={viewer} browseOnly />
          ))}
        </ul>
      ) : (
        <p>No archives are open to you yet.</p>
      )}
    </section>
  );
}

export function AlbumsSection({ albums, more }: { albums: AlbumEntry[]; more: boolean }) {
  if (albums.length === 0) return null;
  return (
    <section className={css.section} aria-labelledby="start-albums">
      <div className={css.heading}>
        <h2 id="start-albums">Albums</h2>
        {more ? <Link to={LINKS.albums}>All albums on the home page</Link> : null}
      </div>
      <ul className={tiles.list} aria-label="Albums on the home page">
        {albums.map((album) => (
          <AlbumTile
            key={album.id}
            album={album}
            viewer={{ signedIn: true, canPin: false }}
            filter={null}
            browseOnly
          />
        ))}
      </ul>
    </section>
  );
}

export function RecentSection({ assets }: { assets: GridAsset[] }) {
  return (
    <section className={css.section} aria-labelledby="start-recent">
      <h2 id="start-recent">Recent arrivals</h2>
      {assets.length > 0 ? (
        <ul className={css.recent} aria-label="Recent arrivals">
          {assets.map((asset) => (
            <RecentAsset key={asset.id} asset={asset} />
          ))}
        </ul>
      ) : (
        <p>Nothing has arrived in your archives yet.</p>
      )}
    </section>
  );
}

function RecentAsset({ asset }: { asset: GridAsset }) {
  const small = pickPreview(asset.previews, THUMBNAIL_SIZE);
  const retina = pickPreview(asset.previews, RETINA_THUMBNAIL_SIZE);
  const label = asset.thumbnailFields.label.value || asset.filename;
  return (
    <li className={css.recentItem} data-testid="recent-asset">
      <Link
        to={asset.href}
        className={css.recentLink}
        style={{ backgroundColor: asset.placeholderColor ?? undefined }}
      >
        {small ? (
          <img
            className={css.recentImage}
            src={small.href}
            srcSet={retina && retina !== small ? `${small.href} 1x, ${retina.href} 2x` : undefined}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span className={css.recentLabel}>{label}</span>
      </Link>
    </li>
  );
}
