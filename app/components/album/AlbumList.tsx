import { Form, Link } from "@remix-run/react";
import * as tiles from "~/components/collection/collections.css";
import { Button } from "~/components/ui/Button";
import { useT } from "~/components/locale/locale-context";
import type { AlbumEntry } from "~/models/album/album-entry.server";
import type { AlbumFilter } from "~/models/album/album.schema";
import type { MessageId } from "~/models/locale/message-id";
import { LINKS } from "~/utils/links";
import { AlbumTile, ALBUMS_ACTION, type AlbumTileViewer } from "./AlbumTile";
import * as css from "./albums.css";

/** Each filter's empty state (spec 000 section 4). */
const EMPTY = {
  own: "album.list.empty.own",
  shared: "album.list.empty.shared",
  archived: "album.list.empty.archived",
  deleted: "album.list.empty.deleted",
  all: "album.list.empty.all",
} as const satisfies Record<AlbumFilter | "all", MessageId>;

/** The album tiles, pinned first as the list comes; or the filter's own empty state. */
export function AlbumList({
  albums,
  viewer,
  filter,
  q,
}: {
  albums: AlbumEntry[];
  viewer: AlbumTileViewer;
  filter: AlbumFilter | null;
  q: string;
}) {
  const t = useT();
  if (albums.length === 0) {
    const empty = viewer.signedIn ? t(EMPTY[filter ?? "all"]) : t("album.list.empty.public");
    return (
      <section className={css.empty} aria-label={t("album.list.label")} data-testid="albums-empty">
        <p>
          {q ? `${t("album.list.nothingMatched", { query: q })} ` : null}
          {empty}
        </p>
        <p>
          <Link to={LINKS.home}>{t("album.list.startPage")}</Link>
        </p>
      </section>
    );
  }
  return (
    <ul className={tiles.list} aria-label={t("album.list.label")}>
      {albums.map((album) => (
        <AlbumTile key={album.id} album={album} viewer={viewer} filter={filter} />
      ))}
    </ul>
  );
}

/** Delete forever asks first: this panel, reached by the tile's link, with and without JS. */
export function PurgeConfirm({ album }: { album: AlbumEntry }) {
  const t = useT();
  return (
    <section className={css.createPanel} role="alertdialog" aria-labelledby="purge-title">
      <h2 id="purge-title">{t("album.purge.title", { name: album.name })}</h2>
      <p>{t("album.purge.text")}</p>
      <Form method="post" action={ALBUMS_ACTION} className={css.row}>
        <input type="hidden" name="intent" value="purge" />
        <input type="hidden" name="album" value={String(album.id)} />
        <input type="hidden" name="filter" value="deleted" />
        <Button type="submit">{t("album.deleteForever")}</Button>
        <Link to={`${LINKS.albums}?filter=deleted`} className={css.actionLink}>
          {t("album.cancel")}
        </Link>
      </Form>
    </section>
  );
}
