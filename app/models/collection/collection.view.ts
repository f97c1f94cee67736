/*
 * Pure rules of the collection tile (spec 000 "Collection tile", section 9), shared by the server
 * and the tile component: no server imports here.
 */

/** Spec 000 section 9: the tile's colour when an archive has none that parses. */
export const DEFAULT_TILE_COLOR = "#999999";
const BRIGHTNESS_THRESHOLD = 128;

/** #rrggbb (or #rgb) as channels; null when it is not a colour we can read. */
export function parseHexColor(color: string): { r: number; g: number; b: number } | null {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const parts = long
    ? [long[1]!, long[2]!, long[3]!]
    : short
      ? [short[1]!.repeat(2), short[2]!.repeat(2), short[3]!.repeat(2)]
      : null;
  if (!parts) return null;
  const [r, g, b] = parts.map((p) => parseInt(p, 16)) as [number, number, number];
  return { r, g, b };
}

/** Perceived brightness 0..255 with the spec's weights (299, 587, 114 per thousand). */
export function brightness(color: string): number {
  const rgb = parseHexColor(color) ?? parseHexColor(DEFAULT_TILE_COLOR)!;
  return (rgb.r * 299 + rgb.g * 587 + rgb.b * 114) / 1000;
}

/** Black text on bright tiles (brightness 128 and above), white on dark ones. */
export function tileTextColor(color: string): "#000000" | "#ffffff" {
  return brightness(color) >= BRIGHTNESS_THRESHOLD ? "#000000" : "#ffffff";
}

/** The colour a tile paints: the archive's when it is a colour, else the spec's default. */
export function tileColor(color: string | null | undefined): string {
  return color && parseHexColor(color) ? color : DEFAULT_TILE_COLOR;
}

export interface PosterImageLike {
  size: number;
  href: string;
}

/**
 * The cover's sources. Spec 000: "the cover is the second poster image in one display mode and
 * the first in the other". Our reading: with the poster images sorted by size, a standard
 * display shows the first (the 200 px thumbnail) and a retina display the second (400 px). The
 * browser chooses by its pixel ratio through srcSet, so the server needs no display detection.
 */
export function coverSources(
  images: PosterImageLike[],
): { src: string; srcSet: string | undefined } | null {
  const sorted = [...images].sort((a, b) => a.size - b.size);
  const first = sorted[0];
  if (!first) return null;
  const second = sorted[1];
  return { src: first.href, srcSet: second ? `${first.href} 1x, ${second.href} 2x` : undefined };
}

/** The icon names a tile draws; anything else is drawn as the default, Folder. */
export const TILE_ICONS = [
  "Folder",
  "Image",
  "Camera",
  "Star",
  "Video",
  "Document",
  "Globe",
] as const;
export type TileIcon = (typeof TILE_ICONS)[number];

const ICON_ALIASES: Record<string, TileIcon> = {
  folder: "Folder",
  image: "Image",
  images: "Image",
  photo: "Image",
  picture: "Image",
  camera: "Camera",
  star: "Star",
  video: "Video",
  film: "Video",
  movie: "Video",
  document: "Document",
  file: "Document",
  globe: "Globe",
  world: "Globe",
};

export function tileIcon(iconCharacter: string | null | undefined): TileIcon {
  return ICON_ALIASES[(iconCharacter ?? "").trim().toLowerCase()] ?? "Folder";
}

/**
 * The user's saved sorted variant of a collection (preferences.shared.sorting[href].href), when
 * it is a path inside the same collection; anything else (another site, another archive, a
 * script URL, a damaged preference) is ignored and the tile links to the collection itself.
 */
export function sortedVariant(sorting: unknown, collectionHref: string): string | null {
  if (!sorting || typeof sorting !== "object") return null;
  const entry = (sorting as Record<string, unknown>)[collectionHref];
  if (!entry || typeof entry !== "object") return null;
  const href = (entry as Record<string, unknown>).href;
  if (typeof href !== "string" || href.length > 2000 || !href.startsWith(collectionHref))
    return null;
  if (/[\\\s]/.test(href) || href.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(href, "http://arkiv.invalid");
  } catch {
    return null;
  }
  // Dot segments could climb out of the archive: the resolved path must still be inside it.
  if (url.origin !== "http://arkiv.invalid" || !url.pathname.startsWith(collectionHref))
    return null;
  return `${url.pathname}${url.search}`;
}
