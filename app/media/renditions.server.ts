import sharp, { type Metadata, type OutputInfo } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import type { ColorSpace } from "~/models/asset/asset-kinds";
import type { DocType } from "./media-type.server";

/*
 * Renditions with sharp. The original is decoded once, straight into preview-sized pixels
 * (auto-oriented, JPEG shrink-on-load, sRGB, alpha flattened onto white); the preview JPEG, both
 * thumbnails and the placeholder are all made from those preview pixels, never from the original
 * again (STACK.md: decoding again for each costs about four times as much). Keeping the preview
 * as raw pixels also spares decoding the preview JPEG three times, and lets the thumbnails come
 * from the preview before its watermark is applied.
 *
 * Hostile input: the pixel count is checked from the header before any pixel is decoded, only
 * raster formats we take are decoded, truncated data fails the decode, and libvips loaders for
 * formats we never take are blocked for the whole process (below).
 */

export const THUMBNAIL_SIZE = 200;
export const THUMBNAIL_RETINA_SIZE = 400;
export const PREVIEW_SIZE = 1600;
/** sharp's default; renderImage takes another through `maxInputPixels`. */
export const MAX_INPUT_PIXELS = 268_402_689;
/** The placeholder (thumbhash) is computed from at most this many pixels a side. */
const PLACEHOLDER_SIZE = 100;

/*
 * Loaders for formats we never decode from users' files. sharp.block is process-wide and takes
 * a class with all its subclasses; names this libvips lacks are ignored. SVG is blocked for files
 * (users' files always reach sharp by path) and unblocked for buffers only: our own generic-icon
 * template and the demo photos are SVG we write ourselves and hand over as buffers. Never pass a
 * user's bytes to sharp as a buffer.
 */
const BLOCKED_LOADERS = [
  "VipsForeignLoadSvg",
  "VipsForeignLoadMagick",
  "VipsForeignLoadPdf",
  "VipsForeignLoadOpenslide",
  "VipsForeignLoadMatlab",
  "VipsForeignLoadFits",
  "VipsForeignLoadNifti",
  "VipsForeignLoadVips",
  "VipsForeignLoadAnalyze",
  "VipsForeignLoadRad",
  "VipsForeignLoadPpm",
  "VipsForeignLoadCsv",
  "VipsForeignLoadMatrix",
  "VipsForeignLoadDcRaw",
];
for (const operation of BLOCKED_LOADERS) {
  try {
    sharp.block({ operation: [operation] });
  } catch {
    // Not in this libvips: nothing to block.
  }
}
try {
  sharp.unblock({ operation: ["VipsForeignLoadSvgBuffer"] });
} catch {
  // Without it, generic icons fall back to plain tiles.
}

/** Raster formats renderImage decodes (sharp's names). */
const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "tiff", "heif"]);

export interface WatermarkSettings {
  /** Path to a PNG on disk (trusted: chosen by an administrator). */
  file: string | null;
  /** 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right, 4 centre. */
  alignment: 0 | 1 | 2 | 3 | 4;
  /** Only at the centre (4): scale the watermark to fit inside the preview, keeping its aspect. */
  scaleToFit: boolean;
}

export interface Rendition {
  data: Buffer;
  width: number;
  height: number;
  format: "jpeg";
}

export interface ImageRenditions {
  preview: Rendition;
  thumbnail: Rendition;
  thumbnailRetina: Rendition;
  /** thumbhash of a ≤100 px version, base64 */
  placeholder: string;
  /** of the original, as displayed (after orientation) */
  width: number;
  height: number;
  /**
   * One of the stored colour spaces (asset-kinds); a rarer interpretation sharp reports
   * (multiband, xyz, ...) is kept under sharp's name, which no cs: word finds.
   */
  colorSpace: ColorSpace | (string & {});
  /** Pixels per inch as the file states it (JFIF, EXIF or PNG), when it does. */
  resolution?: number;
  hasAlpha: boolean;
  pages?: number;
}

export type UndecodableReason = "pixelLimit" | "corrupt" | "unsupported";

export class UndecodableImageError extends Error {
  readonly code: UndecodableReason;
  constructor(code: UndecodableReason, message: string) {
    super(message);
    this.name = "UndecodableImageError";
    this.code = code;
  }
}

/** Fast baseline JPEG: no trellis quantisation, no progressive scans. */
const JPEG = {
  quality: 82,
  mozjpeg: false,
  progressive: false,
  chromaSubsampling: "4:2:0",
} as const;

const megapixels = (pixels: number) => `${Math.round(pixels / 1e5) / 10} megapixels`;

function undecodable(error: unknown): Error {
  if (error instanceof UndecodableImageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // Not the image's fault (a missing or unreadable file): the caller may try again.
  if (/input file is missing|EACCES|EMFILE|ENFILE|EIO\b/i.test(message)) {
    return error instanceof Error ? error : new Error(message);
  }
  if (/pixel limit/i.test(message)) {
    return new UndecodableImageError(
      "pixelLimit",
      "The image has more pixels than we decode, so no preview can be made.",
    );
  }
  if (/unsupported image format|is blocked|no decoding plugin|compression format/i.test(message)) {
    return new UndecodableImageError(
      "unsupported",
      "This kind of image cannot be decoded here, so no preview can be made.",
    );
  }
  return new UndecodableImageError(
    "corrupt",
    "The image is damaged or incomplete (for example cut off during transfer), so no preview can be made.",
  );
}

// ---------------------------------------------------------------------------------------------
// Colour space

/** The description of an ICC profile ('desc' tag, v2 text or v4 multi-localised). */
export function iccDescription(icc: Uint8Array): string | undefined {
  if (icc.length < 132) return undefined;
  const view = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
  const ascii = (at: number, length: number) =>
    String.fromCharCode(...icc.subarray(at, Math.min(icc.length, at + length)));
  const count = Math.min(view.getUint32(128), 200);
  for (let i = 0; i < count; i++) {
    const entry = 132 + i * 12;
    if (entry + 12 > icc.length) return undefined;
    if (ascii(entry, 4) !== "desc") continue;
    const at = view.getUint32(entry + 4);
    const size = view.getUint32(entry + 8);
    if (at + 12 > icc.length || size < 12) return undefined;
    const type = ascii(at, 4);
    if (type === "desc") {
      const length = Math.min(view.getUint32(at + 8), size - 12, 256);
      return ascii(at + 12, length).replace(/\0.*$/s, "");
    }
    if (type === "mluc" && at + 28 <= icc.length) {
      const length = Math.min(view.getUint32(at + 20), 512);
      const offset = at + view.getUint32(at + 24);
      if (offset + length > icc.length) return undefined;
      let text = "";
      for (let k = 0; k + 1 < length; k += 2)
        text += String.fromCharCode(view.getUint16(offset + k));
      return text.replace(/\0.*$/s, "");
    }
    return undefined;
  }
  return undefined;
}

/** sharp's density (pixels per inch), when the file states a plausible one. */
function resolutionOf(meta: Metadata): { resolution?: number } {
  const density = meta.density;
  if (density === undefined || !Number.isFinite(density)) return {};
  const resolution = Math.round(density);
  return resolution >= 1 && resolution <= 100_000 ? { resolution } : {};
}

/** sharp's interpretation, refined by the embedded profile: "srgb", "adobergb", "cmyk", ... */
function colorSpaceOf(meta: Metadata): ColorSpace | (string & {}) {
  const space = String(meta.space ?? "srgb");
  if (space === "cmyk") return "cmyk";
  if (space === "b-w" || space === "grey16") return "b-w";
  if (space === "lab" || space === "labs" || space === "labq") return "lab";
  if (space === "srgb" || space === "rgb" || space === "rgb16" || space === "scrgb") {
    let description = "";
    try {
      description = meta.icc ? (iccDescription(meta.icc) ?? "") : "";
    } catch {
      description = "";
    }
    if (/adobe\s*rgb|compatible with adobe/i.test(description)) return "adobergb";
    if (/prophoto|romm/i.test(description)) return "prophoto";
    if (/p3/i.test(description)) return "p3";
    return "srgb";
  }
  return space;
}

// ---------------------------------------------------------------------------------------------
// Watermark

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The watermark sized and placed for an image of w × h (previews and processed downloads). */
export async function watermarkLayer(settings: WatermarkSettings, w: number, h: number) {
  if (!settings.file) return null;
  const margin = Math.max(1, Math.round(Math.min(w, h) * 0.02));
  const fit = settings.alignment === 4 && settings.scaleToFit;
  // Scaled to fit: as large as fits the preview. Otherwise its own size, shrunk only when it
  // would not fit inside the margins.
  const maxW = fit ? w : Math.max(1, w - 2 * margin);
  const maxH = fit ? h : Math.max(1, h - 2 * margin);
  let mark: { data: Buffer; info: OutputInfo };
  try {
    mark = await sharp(settings.file, { limitInputPixels: 50_000_000 })
      .ensureAlpha()
      .resize({ width: maxW, height: maxH, fit: "inside", withoutEnlargement: !fit })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    // Failing closed: a preview must not go out without the watermark its archive asks for.
    throw new Error(
      `The archive's watermark file cannot be read (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const mw = mark.info.width;
  const mh = mark.info.height;
  const right = w - mw - margin;
  const bottom = h - mh - margin;
  const positions: Record<WatermarkSettings["alignment"], [left: number, top: number]> = {
    0: [margin, margin],
    1: [right, margin],
    2: [margin, bottom],
    3: [right, bottom],
    4: [Math.round((w - mw) / 2), Math.round((h - mh) / 2)],
  };
  const [left, top] = positions[settings.alignment] ?? positions[4];
  return {
    input: mark.data,
    raw: { width: mw, height: mh, channels: mark.info.channels },
    left: Math.max(0, Math.min(w - mw, left)),
    top: Math.max(0, Math.min(h - mh, top)),
  };
}

// ---------------------------------------------------------------------------------------------
// Images

const box = (size: number) =>
  ({ width: size, height: size, fit: "inside", withoutEnlargement: true }) as const;

const rawOf = (p: Pixels) => ({
  raw: { width: p.width, height: p.height, channels: p.channels },
});

function encode(pixels: Pixels, size: number): Promise<Rendition> {
  return sharp(pixels.data, rawOf(pixels))
    .resize(box(size))
    .jpeg(JPEG)
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => ({ data, width: info.width, height: info.height, format: "jpeg" }));
}

/**
 * Decodes ONCE: original → preview pixels (auto-rotated by EXIF, inside PREVIEW_SIZE, never
 * enlarged, sRGB, alpha flattened onto white); the preview JPEG (q 82, with the watermark if any),
 * both thumbnails and the placeholder are made from those pixels. The header is checked against
 * the pixel limit before any pixel is decoded. Throws UndecodableImageError: "pixelLimit" over the
 * limit, "unsupported" for formats we do not decode, "corrupt" for damaged or truncated files.
 * An aborted `signal` rejects with its reason between steps (sharp itself cannot be stopped).
 */
export async function renderImage(
  filePath: string,
  options: { watermark?: WatermarkSettings; maxInputPixels?: number; signal?: AbortSignal } = {},
): Promise<ImageRenditions> {
  const { signal, watermark } = options;
  const limit = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  signal?.throwIfAborted();

  let meta: Metadata;
  try {
    meta = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw undecodable(error);
  }
  if (!RASTER_FORMATS.has(meta.format) || (meta.format === "heif" && meta.compression === "hevc")) {
    throw undecodable(new Error("unsupported"));
  }
  const rawWidth = meta.width ?? 0;
  const rawHeight = meta.height ?? 0;
  if (rawWidth < 1 || rawHeight < 1) throw undecodable(new Error("no pixels"));
  if (rawWidth * rawHeight > limit) {
    throw new UndecodableImageError(
      "pixelLimit",
      `The image is ${rawWidth} × ${rawHeight} pixels (${megapixels(rawWidth * rawHeight)}), more than the ${megapixels(limit)} we decode, so no preview can be made.`,
    );
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = meta.autoOrient?.width ?? (turned ? rawHeight : rawWidth);
  const height = meta.autoOrient?.height ?? (turned ? rawWidth : rawHeight);
  signal?.throwIfAborted();

  let pixels: Pixels;
  try {
    let pipeline = sharp(filePath, {
      limitInputPixels: limit,
      failOn: "truncated",
      sequentialRead: true,
    })
      .autoOrient()
      .resize(box(PREVIEW_SIZE));
    if (meta.hasAlpha) pipeline = pipeline.flatten({ background: "#ffffff" });
    const { data, info } = await pipeline
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    pixels = { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw undecodable(error);
  }
  signal?.throwIfAborted();

  const layer = watermark?.file
    ? await watermarkLayer(watermark, pixels.width, pixels.height)
    : null;
  const preview = layer
    ? sharp(pixels.data, rawOf(pixels))
        .composite([layer])
        .jpeg(JPEG)
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }): Rendition => ({
          data,
          width: info.width,
          height: info.height,
          format: "jpeg",
        }))
    : encode(pixels, PREVIEW_SIZE);
  const tiny = sharp(pixels.data, rawOf(pixels))
    .resize(box(PLACEHOLDER_SIZE))
    .ensureAlpha()
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const [previewOut, thumbnail, thumbnailRetina, small] = await Promise.all([
    preview,
    encode(pixels, THUMBNAIL_SIZE),
    encode(pixels, THUMBNAIL_RETINA_SIZE),
    tiny,
  ]);
  const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
  return {
    preview: previewOut,
    thumbnail,
    thumbnailRetina,
    placeholder: Buffer.from(hash).toString("base64"),
    width,
    height,
    colorSpace: colorSpaceOf(meta),
    ...resolutionOf(meta),
    hasAlpha: meta.hasAlpha ?? false,
    ...(meta.pages !== undefined ? { pages: meta.pages } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Generic icons

const ICON_COLOURS: Record<DocType, string> = {
  image: "#2f6db3",
  movie: "#8a3fa0",
  audio: "#1f8a5b",
  graphic: "#c2661b",
  document: "#4b5563",
  generic: "#6b7280",
};

/** A small pictogram per type, in the 100 × 100 template's coordinates. */
const ICON_GLYPHS: Record<DocType, string> = {
  image: '<circle cx="44" cy="35" r="5"/><path d="M32 50l10-11 7 7 6-5 11 9z"/>',
  movie:
    '<rect x="32" y="26" width="32" height="24" rx="3"/><path d="M45 32v12l10-6z" fill="#fff"/>',
  audio: '<path d="M58 24v19a6 6 0 1 1-3-5V31l-14 3v13a6 6 0 1 1-3-5V28z"/>',
  graphic: '<path d="M34 50l6-18 14-6 6 6-6 14-18 6zm10-12a3 3 0 1 0 0.1 0z"/>',
  document:
    '<rect x="34" y="26" width="28" height="3" rx="1"/><rect x="34" y="33" width="28" height="3" rx="1"/><rect x="34" y="40" width="28" height="3" rx="1"/><rect x="34" y="47" width="18" height="3" rx="1"/>',
  generic:
    '<path d="M33 32l15-7 15 7v16l-15 7-15-7z"/><path d="M33 32l15 7 15-7M48 39v16" fill="none" stroke="#fff" stroke-width="2"/>',
};

const icons = new Map<string, Promise<Rendition>>();
const MAX_CACHED_ICONS = 512;

function iconSvg(docType: DocType, label: string, size: number): string {
  const colour = ICON_COLOURS[docType];
  const fontSize = label.length > 4 ? 11 : 13;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#f4f5f7"/>
<path d="M26 12h36l14 14v62H26z" fill="#ffffff" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round"/>
<path d="M62 12v14h14" fill="#e5e7eb" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round"/>
<g fill="${colour}">${ICON_GLYPHS[docType]}</g>
${
  label
    ? `<rect x="20" y="62" width="60" height="18" rx="3" fill="${colour}"/>
<text x="50" y="75.5" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#ffffff" text-anchor="middle">${label}</text>`
    : ""
}
</svg>`;
}

async function drawIcon(docType: DocType, label: string, size: number): Promise<Rendition> {
  try {
    const { data, info } = await sharp(Buffer.from(iconSvg(docType, label, size)))
      .flatten({ background: "#f4f5f7" })
      .jpeg(JPEG)
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, format: "jpeg" };
  } catch {
    // No SVG loader (blocked, or missing from this libvips): a plain tile in the type's colour.
    const { data, info } = await sharp({
      create: { width: size, height: size, channels: 3, background: ICON_COLOURS[docType] },
    })
      .jpeg(JPEG)
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, format: "jpeg" };
  }
}

/**
 * A generic icon rendition (a size × size JPEG) for a DocType and extension label, drawn from our
 * own SVG template; results are cached in memory per (docType, label, size). Never throws.
 */
export async function genericIcon(
  docType: DocType,
  extension: string,
  size: number,
): Promise<Rendition> {
  const type: DocType = docType in ICON_COLOURS ? docType : "generic";
  const label = String(extension ?? "")
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 5)
    .toUpperCase();
  const side = Number.isFinite(size) ? Math.min(PREVIEW_SIZE, Math.max(16, Math.round(size))) : 200;
  const key = `${type}:${label}:${side}`;
  let icon = icons.get(key);
  if (!icon) {
    if (icons.size >= MAX_CACHED_ICONS) icons.clear();
    icon = drawIcon(type, label, side);
    icons.set(key, icon);
    icon.catch(() => icons.delete(key));
  }
  return icon;
}
