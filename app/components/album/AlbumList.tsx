import { Form, Link } from "@remix-run/react";
import * as tiles from "~/components/collection/collections.css";
import { Button } from "~/components/ui/Button";
import type { AlbumEntry } from "~/models/album/album-entry.server";
import { FILTER_ICONS } from "~/models/album/album-list.view";
import type { AlbumFilter } from "~/models/album/album.schema";
import { LINKS } from "~/utils/links";
import { AlbumTile, ALBUMS_ACTION, type AlbumTileViewer } from "./AlbumTile";
import * as css from "./albums.css";

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
  if (albums.length === 0) {
    const empty = viewer.signedIn
      ? (FILTER_ICONS.find((f) => f.filter === filter)?.empty ?? "")
      : "No public albums or archives were found.";
    return (
      <section className={css.empty} aria-label="Albums" data-testid="albums-empty">
        <p>
          {q ? `Nothing matched “${q}”. ` : null}
          {empty}
        </p>
        <p>
          <Link to={LINKS.home}>Go to the start page</Link>
        </p>
      </section>
    );
  }
  return (
    <ul className={tiles.list} aria-label="Albums">
      {albums.map((album) => (
        <AlbumTile key={album.id} album={album} viewer={viewer} filter={filter} />
      ))}
    </ul>
  );
}

/** Delete forever asks first: this panel, reached by the tile's link, with and without JS. */
export function PurgeConfirm({ album }: { album: AlbumEntry }) {
  return (
    <section className={css.createPanel} role="alertdialog" aria-labelledby="purge-title">
      <h2 id="purge-title">{`Delete ${album.name} forever?`}</h2>
      <p>The album and its order are removed for good. Its assets stay in their archives.</p>
      <Form method="post" action={ALBUMS_ACTION} className={css.row}>
        <input type="hidden" name="intent" value="purge" />
        <input type="hidden" name="album" value={String(album.id)} />
        <input type="hidden" name="filter" value="deleted" />
        <Button type="submit">Delete forever</Button>
        <Link to={`${LINKS.albums}?filter=deleted`} className={css.actionLink}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
