import type { AssetPreview, AssetView } from "./asset-view.server";

/*
 * A grid tile's asset: only what a tile shows. The page's loader sends these (its data is also
 * the page's hydration payload, so every byte is paid twice); pages merged by infinite scroll
 * arrive as the API's full assets, which fit this shape too.
 */
export type GridAsset = Pick<AssetView, "id" | "href" | "previews" | "placeholder" | "filename"> & {
  thumbnailFields: { label: { value: string }; firstLine: { value: string } };
  /** The thumbhash's average colour as CSS: the server's first paint behind the thumbnail. */
  placeholderColor?: string | null;
};

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
    previews,
    placeholder: view.placeholder,
    thumbnailFields: {
      label: view.thumbnailFields.label,
      firstLine: view.thumbnailFields.firstLine,
    },
    placeholderColor,
  };
}
