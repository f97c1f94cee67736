import type { CollectionTileData } from "~/models/collection/collection-list.server";
import { CollectionTile, type TileViewer } from "./CollectionTile";
import * as css from "./collections.css";

/** The tiles of a collection list, in the order given (pinned first). */
export function CollectionList({
  collections,
  viewer,
  label,
}: {
  collections: CollectionTileData[];
  viewer: TileViewer;
  label: string;
}) {
  return (
    <ul className={css.list} aria-label={label}>
      {collections.map((c) => (
        <CollectionTile key={c.href} tile={c} viewer={viewer} />
      ))}
    </ul>
  );
}
