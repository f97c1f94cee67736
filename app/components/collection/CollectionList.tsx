import { Link } from "@remix-run/react";
import type { CollectionTileData } from "~/models/collection/collection-list.server";
import { CollectionTile, type TileViewer } from "./CollectionTile";
import * as css from "./collections.css";
import { useT } from "~/components/locale/locale-context";

/** The tiles of a collection list, in the order given (pinned first). */
export function CollectionList({
  collections,
  viewer,
  label,
  addArchiveHref = null,
}: {
  collections: CollectionTileData[];
  viewer: TileViewer;
  label: string;
  /** The add-archive tile's link: given only to holders of manageArchives, never for albums. */
  addArchiveHref?: string | null;
}) {
  const t = useT();
  return (
    <ul className={css.list} aria-label={label}>
      {collections.map((c) => (
        <CollectionTile key={c.href} tile={c} viewer={viewer} />
      ))}
      {addArchiveHref ? (
        <li className={css.tile} data-testid="add-archive-tile">
          <Link to={addArchiveHref} className={css.addTile}>
            <span aria-hidden="true" className={css.addSign}>
              +
            </span>
            {t("grid.archives.addArchive")}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
