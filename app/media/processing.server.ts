import sharp, { type Metadata, type Sharp } from "sharp";
import type {
  ProcessingProfileSettings,
  ProfileFormat,
} from "~/models/processing/processing.schema";
import { MAX_INPUT_PIXELS, UndecodableImageError, watermarkLayer } from "./renditions.server";

/*
 * A processing profile applied to an image file (decision 040): size, sharpening, watermark,
 * colour profile, metadata, resolution and format, in one sharp pipeline from the original. With
 * a watermark the output size is learnt first (a decode at that size), so the mark is sized for
 * the image it lands on. Files reach sharp by path only, never as users' buffers.
 */

export interface ProcessedImage {
  data: Buffer;
  format: Exclude<ProfileFormat, "original">;
  mime: string;
  extension: string;
  width: number;
  height: number;
}

export const FORMAT_FILES: Record<ProcessedImage["format"], { mime: string; extension: string }> = {
  jpeg: { mime: "image/jpeg", extension: "jpg" },
  png: { mime: "image/png", extension: "png" },
  webp: { mime: "image/webp", extension: "webp" },
  tiff: { mime: "image/tiff", extension: "tif" },
  avif: { mime: "image/avif", extension: "avif" },
};

/** The format "original" writes for a source of this sharp format (JPEG for any other). */
export function keptFormat(sharpFormat: string | undefined): ProcessedImage["format"] {
  if (sharpFormat === "png" || sharpFormat === "webp" || sharpFormat === "tiff") return sharpFormat;
  return "jpeg";
}

const SHARPEN_SIGMA = { none: 0, light: 0.5, medium: 1, strong: 1.8 } as const;

export interface WatermarkFile {
  /** Path to the watermark image (read from the blob store by the caller). */
  file: string;
  alignment: 0 | 1 | 2 | 3 | 4;
  scaleToFit: boolean;
}

function sized(pipeline: Sharp, settings: ProcessingProfileSettings) {
  const { Width, Height, Fit } = settings.Size;
  if (Width === 0 && Height === 0) return pipeline;
  return pipeline.resize({
    width: Width || undefined,
    height: Height || undefined,
    fit: Fit,
    // Never larger than the original: a profile is a ceiling, not an enlargement.
    withoutEnlargement: true,
  });
}

/** Applies the profile to the image at `file`; throws UndecodableImageError for non-images. */
export async function processImage(
  file: string,
  settings: ProcessingProfileSettings,
  watermark: WatermarkFile | null,
): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new UndecodableImageError("unsupported", "This file is not an image we can process.");
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels < 1) throw new UndecodableImageError("corrupt", "The image has no pixels.");
  if (pixels > MAX_INPUT_PIXELS)
    throw new UndecodableImageError("pixelLimit", "The image has too many pixels to process.");
  const format = settings.Format === "original" ? keptFormat(meta.format) : settings.Format;
  const open = () =>
    sized(
      sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" }).autoOrient(),
      settings,
    );

  let pipeline = open();
  const sigma = SHARPEN_SIGMA[settings.Sharpen];
  if (sigma > 0) pipeline = pipeline.sharpen({ sigma });
  if (watermark) {
    const { info } = await open().raw().toBuffer({ resolveWithObject: true });
    const layer = await watermarkLayer(watermark, info.width, info.height);
    if (layer) pipeline = pipeline.composite([layer]);
  }
  // JPEG has no alpha: flatten onto white, as the previews do.
  if (format === "jpeg" && meta.hasAlpha) pipeline = pipeline.flatten({ background: "#ffffff" });

  const colour = settings.ColorProfile;
  if (settings.KeepMetadata && colour === "keep") pipeline = pipeline.keepMetadata();
  else {
    if (settings.KeepMetadata) pipeline = pipeline.keepExif().keepXmp();
    if (colour === "keep") pipeline = pipeline.keepIccProfile();
    else if (colour === "grayscale") pipeline = pipeline.greyscale().toColourspace("b-w");
    else pipeline = pipeline.withIccProfile(colour);
  }
  if (settings.Resolution > 0) pipeline = pipeline.withDensity(settings.Resolution);

  const quality = settings.Quality;
  switch (format) {
    case "jpeg":
      pipeline = pipeline.jpeg({ quality, mozjpeg: false });
      break;
    case "png":
      pipeline = pipeline.png();
      break;
    case "webp":
      pipeline = pipeline.webp({ quality });
      break;
    case "avif":
      pipeline = pipeline.avif({ quality, effort: 2 });
      break;
    case "tiff":
      pipeline = pipeline.tiff({ compression: "lzw" });
      break;
  }
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, format, ...FORMAT_FILES[format], width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UndecodableImageError("corrupt", `The image could not be processed (${message}).`);
  }
}

/** A preview (our own JPEG, at `file`) with the archive's watermark, as a JPEG. */
export async function watermarkPreview(
  file: string,
  watermark: WatermarkFile,
): Promise<{ data: Buffer; width: number; height: number }> {
  const meta = await sharp(file).metadata();
  const layer = await watermarkLayer(watermark, meta.width ?? 1, meta.height ?? 1);
  let pipeline = sharp(file);
  if (layer) pipeline = pipeline.composite([layer]);
  const { data, info } = await pipeline
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
