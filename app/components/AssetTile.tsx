import { useFetcher } from "@remix-run/react";
import { memo, useEffect, useMemo } from "react";
import { Button, Checkbox } from "react-aria-components";
import { thumbHashToDataURL } from "thumbhash";
import type { AssetPreview, AssetView } from "~/models/asset-view.server";
import { showToast } from "./Toasts";
import * as css from "./grid.css";

/** A tile's asset as the loader sends it (placeholderColor is the server's first paint). */
export type GridAsset = Pick<AssetView, "id" | "href" | "previews" | "placeholder" | "filename"> & {
  thumbnailFields: { label: { value: string }; firstLine: { value: string } };
  placeholderColor?: string | null;
};

interface GridOutcome {
  ok: boolean;
  message: string;
  pinned?: boolean;
}

/** The same choice previewFor makes on the server, for tiles merged in the browser. */
function preview(previews: AssetPreview[], size: number): AssetPreview | null {
  if (previews.length === 0) return null;
  return previews.find((p) => p.size >= size) ?? previews[previews.length - 1]!;
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

export interface AssetTileProps {
  asset: GridAsset;
  context: string;
  hydrated: boolean;
  selected: boolean;
  onSelect: (id: number, selected: boolean) => void;
  canPin: boolean;
  pinned: boolean;
  /** The form the no-JavaScript pin button submits (outside the selection form). */
  pinFormId: string;
  onPinChange?: (id: number, pinned: boolean) => void;
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
  pinned,
  pinFormId,
  onPinChange,
}: AssetTileProps) {
  const small = preview(asset.previews, 200);
  const retina = preview(asset.previews, 400);
  const label = asset.thumbnailFields.label.value;
  const background = useMemo(
    () => (hydrated ? blurred(asset.placeholder) : null),
    [hydrated, asset.placeholder],
  );
  const fetcher = useFetcher<GridOutcome>();
  const pending = fetcher.state !== "idle";
  const shownPinned = pending ? !pinned : pinned;

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data) return;
    if (!data.ok) showToast({ kind: "error", message: data.message });
    else if (data.pinned !== undefined) onPinChange?.(asset.id, data.pinned);
  }, [fetcher.state, fetcher.data, asset.id, onPinChange]);

  const href = context ? `${asset.href}?${context}` : asset.href;
  const size = small ? fit(small, 200) : { width: 200, height: 200 };
  return (
    <li className={css.tile} data-selected={selected || undefined} data-testid="asset-tile">
      <a
        href={href}
        className={css.thumbLink}
        style={{
          backgroundColor: asset.placeholderColor ?? undefined,
          backgroundImage: background ? `url(${background})` : undefined,
        }}
      >
        {small ? (
          <img
            className={css.thumb}
            src={small.href}
            srcSet={retina && retina !== small ? `${small.href} 1x, ${retina.href} 2x` : undefined}
            width={size.width}
            height={size.height}
            loading="lazy"
            decoding="async"
            alt={label}
          />
        ) : (
          <span>{label}</span>
        )}
      </a>
      <div className={css.caption}>
        <span className={css.label}>{label}</span>
        {asset.thumbnailFields.firstLine.value ? (
          <span className={css.firstLine}>{asset.thumbnailFields.firstLine.value}</span>
        ) : null}
      </div>
      <div className={css.tileActions}>
        <Checkbox
          className={css.check}
          name="asset"
          value={String(asset.id)}
          aria-label={`Select ${label}`}
          {...(hydrated
            ? { isSelected: selected, onChange: (v: boolean) => onSelect(asset.id, v) }
            : {})}
        >
          <span className={css.checkBox} aria-hidden="true" />
          <span aria-hidden="true">Select</span>
        </Checkbox>
        {canPin ? (
          hydrated ? (
            <Button
              className={css.pinButton}
              aria-pressed={shownPinned}
              aria-label={`Pin ${label}`}
              isDisabled={pending}
              onPress={() =>
                fetcher.submit(
                  { intent: "pin", asset: String(asset.id), _fetch: "1" },
                  { method: "post" },
                )
              }
            >
              {shownPinned ? "Pinned" : "Pin"}
            </Button>
          ) : (
            <button
              type="submit"
              form={pinFormId}
              name="asset"
              value={asset.id}
              className={css.pinButton}
              aria-pressed={pinned}
              aria-label={`Pin ${label}`}
            >
              {pinned ? "Pinned" : "Pin"}
            </button>
          )
        ) : null}
      </div>
    </li>
  );
});

/** The thumbnail's size inside a square box, so the page does not jump as images arrive. */
function fit(p: AssetPreview, box: number) {
  const scale = Math.min(1, box / Math.max(p.width, p.height));
  return { width: Math.round(p.width * scale), height: Math.round(p.height * scale) };
}
