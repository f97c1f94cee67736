import { Form, Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type MouseEvent } from "react";
import type { CollectionTileData } from "~/models/collection/collection-list.server";
import {
  coverSources,
  tileColor,
  tileIcon,
  tileTextColor,
  type TileIcon,
} from "~/models/collection/collection.view";
import { Button } from "~/components/ui/Button";
import { showToast } from "~/components/ui/Toasts";
import * as css from "./collections.css";
import { LINKS, selectCoverPath } from "~/utils/links";
import { useT } from "~/components/locale/locale-context";

// The cover chooser loads when opened: its dialog code is not the list's to carry.
const CoverDialog = lazy(() => import("./CoverDialog").then((m) => ({ default: m.CoverDialog })));

/** Where the tiles' forms post: the list route's action (index route, hence ?index). */
export const ARCHIVES_ACTION = `${LINKS.archives}?index`;

// 24×24 outlines of the icons a tile knows; anything else is drawn as Folder (spec default).
const ICON_PATHS: Record<TileIcon, string> = {
  Folder: "M3 5h7l2 2h9v12H3z",
  Image: "M3 4h18v16H3zm2 2v10l4-4 3 3 4-5 3 4V6zm4 1.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z",
  Camera: "M4 7h3l2-3h6l2 3h3v13H4zm8 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  Star: "M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z",
  Video: "M3 6h13v12H3zm14 4l4-3v10l-4-3z",
  Document: "M6 2h8l5 5v15H6zm7 1v5h5",
  Globe:
    "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2c1.5 1.8 2.4 4.6 2.5 7h-5C9.6 8.6 10.5 5.8 12 4zM4.1 13h3.4c.1 2 .6 3.9 1.4 5.4A8 8 0 0 1 4.1 13z",
};

export function TileIconGlyph({ name }: { name: string }) {
  return (
    <svg className={css.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[tileIcon(name)]} />
    </svg>
  );
}

function PinToggle({ tile }: { tile: CollectionTileData }) {
  const t = useT();
  const fetcher = useFetcher<{ error?: string }>();
  // While the toggle is on its way, show where it is going.
  const pinned = fetcher.formData ? !tile.pin : tile.pin;
  useEffect(() => {
    if (fetcher.data?.error) showToast({ kind: "error", message: fetcher.data.error });
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post" action={ARCHIVES_ACTION} className={css.inlineForm}>
      <input type="hidden" name="intent" value="pin" />
      <input type="hidden" name="href" value={tile.matchingHref} />
      <Button
        type="submit"
        variant="secondary"
        className={css.pinButton}
        aria-pressed={pinned}
        aria-label={t("grid.pin.pinName", { name: tile.name })}
      >
        {pinned ? <span aria-hidden="true">✓</span> : null}
        {t("grid.pin.pin")}
      </Button>
    </fetcher.Form>
  );
}

function CoverActions({ tile }: { tile: CollectionTileData }) {
  const t = useT();
  const [choosing, setChoosing] = useState(false);
  // Kept here, not in the dialog: closing the dialog must not abort the post.
  const setCover = useFetcher();
  const open = (event: MouseEvent) => {
    event.preventDefault();
    setChoosing(true);
  };
  return (
    <>
      <Link
        to={selectCoverPath(tile.id)}
        className={css.actionLink}
        onClick={open}
        aria-label={t("grid.tile.setCoverOf", { name: tile.name })}
      >
        {t("grid.tile.setCover")}
      </Link>
      {tile.hasChosenCover ? (
        <Form method="post" action={ARCHIVES_ACTION} className={css.inlineForm}>
          <input type="hidden" name="intent" value="clear-cover" />
          <input type="hidden" name="archive" value={tile.id} />
          <Button
            type="submit"
            variant="secondary"
            aria-label={t("grid.tile.clearCoverOf", { name: tile.name })}
          >
            {t("grid.tile.clearCover")}
          </Button>
        </Form>
      ) : null}
      {choosing ? (
        <Suspense fallback={null}>
          <CoverDialog
            archiveId={tile.id}
            archiveName={tile.name}
            onCancel={() => setChoosing(false)}
            onSelect={(assetId) => {
              setChoosing(false);
              // Spec 000 section 4: a failed cover update is swallowed; the list simply reloads.
              setCover.submit(
                { intent: "set-cover", archive: tile.id, asset: String(assetId) },
                { method: "post", action: ARCHIVES_ACTION },
              );
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export interface TileViewer {
  /** Signed in as a person (not the guest): pins are theirs. */
  canPin: boolean;
  isGuest: boolean;
}

/**
 * One archive: its colour, icon, name and cover, linking to the archive (or its saved sort).
 * `browseOnly` leaves out the pin and cover actions, whose forms answer on the archive list.
 */
export function CollectionTile({
  tile,
  viewer,
  browseOnly = false,
}: {
  tile: CollectionTileData;
  viewer: TileViewer;
  browseOnly?: boolean;
}) {
  const background = tileColor(tile.color);
  const cover = coverSources(tile.posterImages);
  const setPoster = tile.permissions.includes("SetPosterAsset");
  const hasActions = !browseOnly && (viewer.canPin || setPoster);
  return (
    <li
      className={css.tile}
      data-guest={viewer.isGuest ? "" : undefined}
      data-testid="collection-tile"
    >
      <Link
        to={tile.link}
        className={css.tileLink}
        style={{ background, color: tileTextColor(background) }}
      >
        {cover ? (
          <img
            className={css.cover}
            src={cover.src}
            srcSet={cover.srcSet}
            alt=""
            loading="lazy"
            data-testid="cover"
          />
        ) : (
          <span className={css.coverEmpty} />
        )}
        <span className={css.tileName}>
          <TileIconGlyph name={tile.iconCharacter} />
          {tile.name}
        </span>
      </Link>
      {hasActions ? (
        <div className={css.tileActions}>
          {viewer.canPin ? <PinToggle tile={tile} /> : null}
          {setPoster ? <CoverActions tile={tile} /> : null}
        </div>
      ) : null}
    </li>
  );
}
