import { useFetcher } from "@remix-run/react";
import { memo, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Button } from "react-aria-components/Button";
import { Checkbox } from "react-aria-components/Checkbox";
import { thumbHashToDataURL } from "thumbhash";
import type { AssetPreview } from "~/models/asset/asset-view.server";
import {
  pickPreview,
  RETINA_THUMBNAIL_SIZE,
  THUMBNAIL_SIZE,
  type GridAsset,
} from "~/models/asset/asset.view";
import { showToast } from "~/components/ui/Toasts";
import { TILE_LINK } from "./grid-keys";
import { useUpgradedTile } from "./use-upgraded-tiles";
import * as css from "./grid.css";
import { visuallyHidden } from "~/styles/global.css";
import type { ThumbnailSize } from "~/models/user/thumbnail-size";
import { useT } from "~/components/locale/locale-context";

export type { GridAsset };

interface GridOutcome {
  ok: boolean;
  message: string;
  pinned?: boolean;
}

function blurred(placeholder: string | null): string | null {
  if (!placeholder) return null;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return null;
  }
}

/** Runs the work when the browser is idle (a timer where it has no idle callbacks); cancellable. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 50);
  return () => window.clearTimeout(timer);
}

export interface AssetTileProps {
  asset: GridAsset;
  context: string;
  /** The grid has hydrated: the tile may turn into its scripted form. */
  hydrated: boolean;
  selected: boolean;
  onSelect: (id: number, selected: boolean) => void;
  canPin: boolean;
  /** Offer the retina thumbnail (the viewer's setting; merged API pages carry every rendition). */
  retina: boolean;
  pinned: boolean;
  /** The form the no-JavaScript pin button submits (outside the selection form). */
  pinFormId: string;
  onPinChange?: (id: number, pinned: boolean) => void;
  /** Opens this instead of the asset's page (an album's sharees cannot open the archive's). */
  href?: string;
  /** Opens the asset in the viewer over the grid instead of following the link. */
  onOpen?: (id: number) => void;
  extra?: ReactNode;
  /** The person's thumbnail size: which thumbnail the browser picks for the cell. */
  tileSize?: ThumbnailSize;
}

/**
 * One asset in the grid: the thumbnail links to the asset with the list's context; the
 * checkbox belongs to the selection form; the pin toggles through a fetcher once hydrated.
 */
export const AssetTile = memo(function AssetTile({
  asset,
  context,
  hydrated,
  selected,
  onSelect,
  canPin,
  retina: wantsRetina,
  pinned,
  pinFormId,
  onPinChange,
  href: opens,
  onOpen,
  extra,
  tileSize = "medium",
}: AssetTileProps) {
  const t = useT();
  const small = pickPreview(asset.previews, THUMBNAIL_SIZE);
  const retina = wantsRetina ? pickPreview(asset.previews, RETINA_THUMBNAIL_SIZE) : null;
  const label = asset.thumbnailFields.label.value;
  // Scripted at its turn once the grid has hydrated, a tile a frame (use-upgraded-tiles).
  const upgraded = useUpgradedTile(hydrated);
  /*
   * The blurred placeholder only where the thumbnail is still on its way (lazy images below the
   * fold, tiles that later pages add), decoded when the browser is idle, one tile a task: decoding
   * and painting every tile's at once was the longest task after hydration (issue 31, TBT).
   */
  const image = useRef<HTMLImageElement>(null);
  const [background, setBackground] = useState<string | null>(null);
  useEffect(() => {
    const placeholder = asset.placeholder;
    if (!upgraded || !placeholder || !image.current || image.current.complete) return;
    const cancel = whenIdle(() => {
      if (image.current && !image.current.complete) setBackground(blurred(placeholder));
    });
    return cancel;
  }, [upgraded, asset.placeholder]);
  const href = opens ?? (context ? `${asset.href}?${context}` : asset.href);
  /*
   * Spec 000 §4: a click toggles the asset's selection, a shift-click selects the range (the
   * grid reads the shift key). A double click or Enter (a click of detail 0) open the viewer
   * over the grid where the grid offers one, else follow the link as a click with Ctrl, Cmd,
   * Alt or another button does. Without JavaScript the link opens the asset's page and the
   * checkbox selects.
   */
  const onThumbClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.altKey) return;
    if (onOpen && (event.detail === 0 || event.detail === 2)) {
      event.preventDefault();
      // The double click's first click toggled the selection: opening leaves it as it was.
      if (event.detail === 2) onSelect(asset.id, !selected);
      onOpen(asset.id);
      return;
    }
    if (event.detail !== 1) return;
    event.preventDefault();
    onSelect(asset.id, !selected);
  };
  const size = small
    ? fit(small, THUMBNAIL_SIZE)
    : { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE };
  const checkbox = upgraded ? (
    <Checkbox
      className={css.check}
      name="asset"
      value={String(asset.id)}
      aria-label={t("grid.asset.select", { name: label })}
      isSelected={selected}
      onChange={(v: boolean) => onSelect(asset.id, v)}
    >
      <CheckMark selected={selected} />
    </Checkbox>
  ) : (
    // Before hydration (and without JavaScript) the form's own checkbox does the work.
    <label className={css.check}>
      <input
        type="checkbox"
        className={visuallyHidden}
        name="asset"
        value={asset.id}
        aria-label={t("grid.asset.select", { name: label })}
        // Hydrated before the tile's scripted form has rendered: the selection follows.
        onChange={(event) => onSelect(asset.id, event.target.checked)}
      />
      <CheckMark selected={false} />
    </label>
  );
  const pin = !canPin ? null : upgraded ? (
    <PinToggle asset={asset.id} label={label} pinned={pinned} onPinChange={onPinChange} />
  ) : (
    <button
      type="submit"
      form={pinFormId}
      name="asset"
      value={asset.id}
      className={css.pinButton}
      aria-pressed={pinned}
      aria-label={t("grid.pin.pinName", { name: label })}
    >
      <PinText pinned={pinned} />
    </button>
  );
  return (
    <li className={css.tile} data-selected={selected || undefined} data-testid="asset-tile">
      <a
        href={href}
        className={css.thumbLink}
        {...{ [TILE_LINK]: asset.id }}
        onClick={onThumbClick}
        title={upgraded ? t("grid.asset.clickHint") : undefined}
        style={{ backgroundImage: background ? `url(${background})` : undefined }}
      >
        {small ? (
          <img
            ref={image}
            className={css.thumb}
            src={small.href}
            // A rendition's size is its long side, and the long side spans the square cell.
            srcSet={
              retina && retina !== small
                ? `${small.href} ${small.size}w, ${retina.href} ${retina.size}w`
                : undefined
            }
            sizes={retina && retina !== small ? TILE_SIZES[tileSize] : undefined}
            width={size.width}
            height={size.height}
            loading="lazy"
            decoding="async"
            alt={label}
            // The picture's own colour while it loads, not a coloured card around it.
            style={{ backgroundColor: asset.placeholderColor ?? undefined }}
          />
        ) : (
          <span>{label}</span>
        )}
      </a>
      {/* One line under the picture (issue 31); the first line field shows on hover. */}
      <span className={css.label} title={asset.thumbnailFields.firstLine.value || undefined}>
        {label}
      </span>
      <div className={css.overlay}>
        {checkbox}
        {pin}
      </div>
      {extra ? <div className={css.tileActions}>{extra}</div> : null}
    </li>
  );
});

/*
 * How wide a tile is drawn at each size, for the browser's choice between the 200 and 400 px
 * thumbnails (grid.css: the minimum widths, three or so columns on a phone).
 */
const TILE_SIZES: Record<ThumbnailSize, string> = {
  small: "(max-width: 600px) 25vw, 130px",
  medium: "(max-width: 600px) 33vw, 170px",
  large: "(max-width: 600px) 50vw, 260px",
};

function CheckMark({ selected }: { selected: boolean }) {
  return (
    <span className={css.checkBox} aria-hidden="true">
      {selected ? "✓" : null}
    </span>
  );
}

/**
 * The pin once hydrated: a fetcher post that toggles in place, one pending per asset (its button
 * is disabled meanwhile). Only hydrated tiles make a fetcher: the server's render has none to pay.
 */
function PinToggle({
  asset,
  label,
  pinned,
  onPinChange,
}: {
  asset: number;
  label: string;
  pinned: boolean;
  onPinChange?: (id: number, pinned: boolean) => void;
}) {
  const t = useT();
  const fetcher = useFetcher<GridOutcome>();
  const pending = fetcher.state !== "idle";
  const shownPinned = pending ? !pinned : pinned;
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data) return;
    if (!data.ok) showToast({ kind: "error", message: data.message });
    else if (data.pinned !== undefined) onPinChange?.(asset, data.pinned);
  }, [fetcher.state, fetcher.data, asset, onPinChange]);
  return (
    <Button
      className={css.pinButton}
      aria-pressed={shownPinned}
      aria-label={t("grid.pin.pinName", { name: label })}
      isDisabled={pending}
      onPress={() =>
        fetcher.submit({ intent: "pin", asset: String(asset), _fetch: "1" }, { method: "post" })
      }
    >
      <PinText pinned={shownPinned} />
    </Button>
  );
}

/**
 * What the pin toggle shows: "Pin", ticked while pinned. The pressed state is aria-pressed's to
 * tell; a word that changed with it ("Pinned") would leave the visible text out of the button's
 * name ("Pin <asset>"), which speech input needs it to hold.
 */
function PinText({ pinned }: { pinned: boolean }) {
  const t = useT();
  return (
    <>
      {pinned ? <span aria-hidden="true">✓ </span> : null}
      {t("grid.pin.pin")}
    </>
  );
}

/** The thumbnail's size inside a square box, so the page does not jump as images arrive. */
function fit(p: AssetPreview, box: number) {
  const scale = Math.min(1, box / Math.max(p.width, p.height));
  return { width: Math.round(p.width * scale), height: Math.round(p.height * scale) };
}
