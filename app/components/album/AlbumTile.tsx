import { Form, Link } from "@remix-run/react";
import { TileIconGlyph } from "~/components/collection/CollectionTile";
import * as tiles from "~/components/collection/collections.css";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import type { AlbumEntry } from "~/models/album/album-entry.server";
import type { AlbumFilter } from "~/models/album/album.schema";
import { coverSources, tileColor, tileTextColor } from "~/models/collection/collection.view";
import { LINKS } from "~/utils/links";
import * as css from "./albums.css";

/** Where the tiles' forms post: the albums page's action (an index route, hence ?index). */
export const ALBUMS_ACTION = `${LINKS.albums}?index`;

export interface AlbumTileViewer {
  signedIn: boolean;
  canPin: boolean;
}

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

/** One album as an archive tile: colour, cover, name, count, owner of a shared album, actions. */
export function AlbumTile({
  album,
  viewer,
  filter,
  browseOnly = false,
}: {
  album: AlbumEntry;
  viewer: AlbumTileViewer;
  filter: AlbumFilter | null;
  /** Leaves out the actions, whose forms answer on the albums page (the start page's tiles). */
  browseOnly?: boolean;
}) {
  const t = useT();
  const background = tileColor(album.color);
  const cover = coverSources(album.posterImages);
  const own = album.role === "owner";
  const filterValue = filter ?? "";
  return (
    <li
      className={tiles.tile}
      data-guest={viewer.signedIn ? undefined : ""}
      data-testid="album-tile"
      data-album={album.id}
    >
      <Link
        to={album.href}
        className={tiles.tileLink}
        style={{ background, color: tileTextColor(background) }}
      >
        {cover ? (
          <img
            className={tiles.cover}
            src={cover.src}
            srcSet={cover.srcSet}
            alt=""
            loading="lazy"
          />
        ) : (
          <span className={tiles.coverEmpty} />
        )}
        <span className={tiles.tileName}>
          <TileIconGlyph name="Image" />
          <span className={css.name}>{album.name}</span>
          <span className={css.count}>{t("album.assetCount", { count: album.assetCount })}</span>
        </span>
        {own ? null : (
          <span className={css.owner}>{t("album.sharedBy", { owner: album.owner.name })}</span>
        )}
      </Link>
      {viewer.signedIn && !browseOnly ? (
        <div className={tiles.tileActions}>
          {viewer.canPin && album.status !== "deleted" ? (
            <Form method="post" action={ALBUMS_ACTION} className={tiles.inlineForm}>
              <Hidden name="intent" value="pin" />
              <Hidden name="href" value={album.href} />
              <Hidden name="filter" value={filterValue} />
              <Button
                type="submit"
                variant="secondary"
                className={tiles.pinButton}
                aria-pressed={album.pin}
                aria-label={t("album.tile.pinName", { name: album.name })}
              >
                {album.pin ? <span aria-hidden="true">✓</span> : null}
                {t("album.tile.pin")}
              </Button>
            </Form>
          ) : null}
          {own && album.status === "archived" ? (
            <Form method="post" action={ALBUMS_ACTION} className={tiles.inlineForm}>
              <Hidden name="intent" value="unarchive" />
              <Hidden name="album" value={String(album.id)} />
              <Hidden name="filter" value={filterValue} />
              <Button
                type="submit"
                variant="secondary"
                aria-label={t("album.tile.unarchiveName", { name: album.name })}
              >
                {t("album.unarchive")}
              </Button>
            </Form>
          ) : null}
          {own && album.status === "deleted" ? (
            <>
              <Form method="post" action={ALBUMS_ACTION} className={tiles.inlineForm}>
                <Hidden name="intent" value="undelete" />
                <Hidden name="album" value={String(album.id)} />
                <Hidden name="filter" value={filterValue} />
                <Button
                  type="submit"
                  variant="secondary"
                  aria-label={t("album.tile.undeleteName", { name: album.name })}
                >
                  {t("album.undelete")}
                </Button>
              </Form>
              <Link
                to={`${LINKS.albums}?filter=deleted&purge=${album.id}`}
                className={css.actionLink}
                aria-label={t("album.tile.purgeName", { name: album.name })}
              >
                {t("album.deleteForever")}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
