import type { AssetPreview, AssetView } from "./asset-view.server";

/*
 * A grid tile's asset: only what a tile shows. The page's loader sends these (its data is also
 * the page's hydration payload, so every byte is paid twice); pages merged by infinite scroll
 * arrive as the API's full assets, which fit this shape too.
 */
export type GridAsset = Pick<
  AssetView,
  "id" | "href" | "previews" | "placeholder" | "filename" | "archiveId"
> & {
  thumbnailFields: { label: { value: string }; firstLine: { value: string } };
  /** The thumbhash's average colour as CSS: the server's first paint behind the thumbnail. */
  placeholderColor?: string | null;
};

/**
 * An asset page's title, by the asset's name (its title, else its file name, as its tile's
 * label): the page's own, and the viewer's over the grid, which has its address (decision 093).
 */
export const assetPageTitle = (name: string) => `${name} | Arkiv`;

export const THUMBNAIL_SIZE = 200;
export const RETINA_THUMBNAIL_SIZE = 400;

/** The preview closest to a wanted size (thumbnails 200, retina 400, details 1600). */
export function pickPreview(previews: AssetPreview[], size: number): AssetPreview | null {
  if (previews.length === 0) return null;
  return previews.find((p) => p.size >= size) ?? previews[previews.length - 1]!;
}

/**
 * The tile's part of an asset: its thumbnail (and the retina one when the viewer wants it), its
 * label and first line.
 */
export function toGridAsset(
  view: AssetView,
  placeholderColor: string | null,
  retina: boolean,
): GridAsset {
  const previews = [
    ...new Set([
      pickPreview(view.previews, THUMBNAIL_SIZE),
      retina ? pickPreview(view.previews, RETINA_THUMBNAIL_SIZE) : null,
    ]),
  ].filter((p) => p !== null);
  return {
    id: view.id,
    href: view.href,
    filename: view.filename,
    // The selection toolbar offers what the asset's archive allows (decision 087).
    archiveId: view.archiveId,
    previews,
    placeholder: view.placeholder,
    thumbnailFields: {
      label: view.thumbnailFields.label,
      firstLine: view.thumbnailFields.firstLine,
    },
    placeholderColor,
  };
}

/** imageattributes.rotation and flipmirror: the turn and mirror an EXIF orientation (1..8) asks. */
export function orientationAttributes(orientation: number | null): {
  rotation: number;
  flipmirror: number;
} {
  // EXIF 2: mirrored; 3: 180; 4: mirrored, 180; 5: mirrored, 270; 6: 90; 7: mirrored, 90; 8: 270.
  const turns: Record<number, [number, number]> = {
    1: [0, 0],
    2: [0, 1],
    3: [180, 0],
    4: [180, 1],
    5: [270, 1],
    6: [90, 0],
    7: [90, 1],
    8: [270, 0],
  };
  const [rotation, flipmirror] = turns[orientation ?? 1] ?? [0, 0];
  return { rotation, flipmirror };
}
