import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import type { DocType } from "./media-type.server";

/*
 * Renditions with sharp. The original is decoded once, into the preview; thumbnails and the
 * placeholder are made from the preview buffer (STACK.md: decoding again for each costs 4×).
 * Loaders that parse untrusted formats we never need are blocked, and the pixel count is checked
 * from the header before any pixel is decoded.
 */

export const THUMBNAIL_SIZE = 200;
export const THUMBNAIL_RETINA_SIZE = 400;
export const PREVIEW_SIZE = 1600;
export const MAX_INPUT_PIXELS = 268_402_689;

// SVG is left loadable: our own icon templates and demo scenes use it, and a user's file reaches
// sharp only when its magic bytes proved a raster type (media-type.server.ts), so libvips, which
// picks its loader by the same bytes, never takes a user's file for SVG.
for (const operation of [
  "VipsForeignLoadMagick",
  "VipsForeignLoadPdf",
  "VipsForeignLoadOpenslide",
  "VipsForeignLoadMatlab",
  "VipsForeignLoadFits",
  "VipsForeignLoadNifti",
  "VipsForeignLoadVips",
]) {
  try {
    sharp.block({ operation: [operation] });
  } catch {
    // A loader this libvips does not have cannot be used either.
  }
}

export interface WatermarkSettings {
  file: string | null;
  alignment: 0 | 1 | 2 | 3 | 4;
  scaleToFit: boolean;
}

interface Output {
  data: Buffer;
  width: number;
  height: number;
  format: "jpeg";
}

export interface ImageRenditions {
  preview: Output;
  thumbnail: Output;
  thumbnailRetina: Output;
  placeholder: string;
  width: number;
  height: number;
  colorSpace: string;
  hasAlpha: boolean;
  pages?: number;
}

export class UndecodableImageError extends Error {
  constructor(
    readonly code: "pixelLimit" | "corrupt" | "unsupported",
    message: string,
  ) {
    super(message);
    this.name = "UndecodableImageError";
  }
}

const JPEG = { quality: 82, mozjpeg: false, progressive: false } as const;

async function placeWatermark(preview: Sharp, w: number, h: number, settings: WatermarkSettings) {
  if (!settings.file) return preview;
  const margin = Math.round(Math.min(w, h) * 0.02);
  const fit = settings.alignment === 4 && settings.scaleToFit;
  const maxW = fit ? w : Math.max(1, w - 2 * margin);
  const maxH = fit ? h : Math.max(1, h - 2 * margin);
  const mark = await sharp(settings.file)
    .resize({ width: maxW, height: maxH, fit: "inside", withoutEnlargement: !fit })
    .png()
    .toBuffer({ resolveWithObject: true });
  const mw = mark.info.width;
  const mh = mark.info.height;
  const positions = {
    0: { left: margin, top: margin },
    1: { left: w - mw - margin, top: margin },
    2: { left: margin, top: h - mh - margin },
    3: { left: w - mw - margin, top: h - mh - margin },
    4: { left: Math.round((w - mw) / 2), top: Math.round((h - mh) / 2) },
  } as const;
  const at = positions[settings.alignment];
  return preview.composite([
    { input: mark.data, left: Math.max(0, at.left), top: Math.max(0, at.top) },
  ]);
}

export async function renderImage(
  filePath: string,
  options: { watermark?: WatermarkSettings; maxInputPixels?: number; signal?: AbortSignal } = {},
): Promise<ImageRenditions> {
  const limit = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  let meta: Metadata;
  try {
    meta = await sharp(filePath, { limitInputPixels: false }).metadata();
  } catch {
    throw new UndecodableImageError("corrupt", "The image is damaged: its header cannot be read.");
  }
  const rawW = meta.width ?? 0;
  const rawH = meta.height ?? 0;
  if (rawW * rawH > limit || rawW === 0 || rawH === 0) {
    throw new UndecodableImageError(
      rawW * rawH > limit ? "pixelLimit" : "corrupt",
      rawW * rawH > limit
        ? `The image is ${rawW} × ${rawH} pixels, more than the ${Math.round(limit / 1e6)} megapixels allowed.`
        : "The image has no pixels.",
    );
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? rawH : rawW;
  const height = rotated ? rawW : rawH;
  options.signal?.throwIfAborted();
  let preview: { data: Buffer; info: OutputInfo };
  try {
    let pipeline = sharp(filePath, {
      limitInputPixels: limit,
      failOn: "truncated",
      sequentialRead: true,
    })
      .rotate()
      .resize({
        width: PREVIEW_SIZE,
        height: PREVIEW_SIZE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .flatten({ background: "#ffffff" });
    if (options.watermark?.file) {
      // Composite needs the resized size: render once without, then place the mark.
      const base = await pipeline.jpeg(JPEG).toBuffer({ resolveWithObject: true });
      pipeline = await placeWatermark(
        sharp(base.data),
        base.info.width,
        base.info.height,
        options.watermark,
      );
    }
    preview = await pipeline.jpeg(JPEG).toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof UndecodableImageError) throw error;
    throw new UndecodableImageError(
      "corrupt",
      `The image is damaged or truncated and cannot be decoded.`,
    );
  }
  options.signal?.throwIfAborted();
  const fromPreview = (size: number) =>
    sharp(preview.data)
      .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
      .jpeg(JPEG)
      .toBuffer({ resolveWithObject: true });
  const [thumb, retina, tiny] = await Promise.all([
    fromPreview(THUMBNAIL_SIZE),
    fromPreview(THUMBNAIL_RETINA_SIZE),
    sharp(preview.data)
      .resize({ width: 100, height: 100, fit: "inside" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const hash = rgbaToThumbHash(tiny.info.width, tiny.info.height, tiny.data);
  const out = (r: { data: Buffer; info: OutputInfo }): Output => ({
    data: r.data,
    width: r.info.width,
    height: r.info.height,
    format: "jpeg",
  });
  return {
    preview: out(preview),
    thumbnail: out(thumb),
    thumbnailRetina: out(retina),
    placeholder: Buffer.from(hash).toString("base64"),
    width,
    height,
    colorSpace: meta.space ?? "srgb",
    hasAlpha: meta.hasAlpha ?? false,
    ...(meta.pages ? { pages: meta.pages } : {}),
  };
}

const ICON_COLOURS: Record<DocType, string> = {
  image: "#3b6ea5",
  movie: "#8e3b8e",
  audio: "#2f7d4f",
  graphic: "#b5651d",
  document: "#5a5a5a",
  generic: "#4d4d4d",
};

const icons = new Map<string, Promise<Output>>();

/** A generic icon for files without a preview, drawn from our own SVG template. */
export function genericIcon(docType: DocType, extension: string, size: number): Promise<Output> {
  const label =
    extension
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 5)
      .toUpperCase() || "FILE";
  const key = `${docType}:${label}:${size}`;
  let icon = icons.get(key);
  if (!icon) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#f2f2f2"/>
<path d="M28 14h32l16 16v56H28z" fill="#fff" stroke="${ICON_COLOURS[docType]}" stroke-width="3"/>
<path d="M60 14v16h16" fill="none" stroke="${ICON_COLOURS[docType]}" stroke-width="3"/>
<rect x="22" y="52" width="56" height="20" rx="3" fill="${ICON_COLOURS[docType]}"/>
<text x="50" y="67" font-family="sans-serif" font-size="13" font-weight="bold" fill="#fff" text-anchor="middle">${label}</text>
</svg>`;
    icon = sharp(Buffer.from(svg))
      .flatten({ background: "#f2f2f2" })
      .jpeg(JPEG)
      .toBuffer({ resolveWithObject: true })
      .then((r) => ({
        data: r.data,
        width: r.info.width,
        height: r.info.height,
        format: "jpeg" as const,
      }));
    icons.set(key, icon);
  }
  return icon;
}
