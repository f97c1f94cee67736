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
import { useT } from "~/components/locale/locale-context";

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
  const t = useT();
  return (
    <section className={css.section} aria-labelledby="start-archives">
      <div className={css.heading}>
        <h2 id="start-archives">{t("grid.start.archives")}</h2>
        <Link to={LINKS.archives}>{t("grid.start.allArchives")}</Link>
      </div>
      {archives.length > 0 ? (
        <ul className={tiles.list} aria-label={t("grid.start.archives")}>
          {archives.map((tile) => (
            <CollectionTile key={tile.href} tile={tile} viewer={viewer} browseOnly />
          ))}
        </ul>
      ) : (
        <p>{t("grid.start.noArchives")}</p>
      )}
    </section>
  );
}

export function AlbumsSection({ albums, more }: { albums: AlbumEntry[]; more: boolean }) {
  const t = useT();
  if (albums.length === 0) return null;
  return (
    <section className={css.section} aria-labelledby="start-albums">
      <div className={css.heading}>
        <h2 id="start-albums">{t("grid.start.albums")}</h2>
        {more ? <Link to={LINKS.albums}>{t("grid.start.allAlbums")}</Link> : null}
      </div>
      <ul className={tiles.list} aria-label={t("grid.start.albumsList")}>
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
  const t = useT();
  return (
    <section className={css.section} aria-labelledby="start-recent">
      <h2 id="start-recent">{t("grid.start.recent")}</h2>
      {assets.length > 0 ? (
        <ul className={css.recent} aria-label={t("grid.start.recent")}>
          {assets.map((asset) => (
            <RecentAsset key={asset.id} asset={asset} />
          ))}
        </ul>
      ) : (
        <p>{t("grid.start.nothingRecent")}</p>
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
