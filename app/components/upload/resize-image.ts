import { DECODED_BYTES_PER_PIXEL, type UploadLimits } from "~/models/upload/upload.schema";

/*
 * Client-side resize (spec 001 §3 UploadEnableClientSideResize, decision 043): before an image
 * travels, the browser scales it down until its decoded pixels fit the archive's image size
 * limit and re-encodes it as JPEG at the archive's quality until the file fits the file size
 * limit. Files within both limits, and files the browser cannot decode, travel unchanged: the
 * server enforces the same limits and says which one a file breaks.
 */

/** Formats a canvas can decode and whose pixels the limits speak of. */
const RESIZABLE = /^image\/(jpeg|png|webp|gif|bmp|avif)$/;
const MAX_ATTEMPTS = 8;

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, "");
  return `${base || "image"}.jpg`;
}

async function encode(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  quality: number,
): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality / 100));
}

/** The file as it should travel: itself, or a JPEG made small enough. */
export async function fitToLimits(file: File, limits: UploadLimits | null): Promise<File> {
  if (!limits || !RESIZABLE.test(file.type)) return file;
  const { maxImageBytes, maxFileBytes, quality } = limits;
  if (maxImageBytes === 0 && maxFileBytes === 0) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const decoded = bitmap.width * bitmap.height * DECODED_BYTES_PER_PIXEL;
    const fitsPixels = maxImageBytes === 0 || decoded <= maxImageBytes;
    const fitsFile = maxFileBytes === 0 || file.size <= maxFileBytes;
    if (fitsPixels && fitsFile) return file;
    let scale = fitsPixels ? 1 : Math.sqrt(maxImageBytes / decoded);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const width = Math.max(1, Math.floor(bitmap.width * scale));
      const height = Math.max(1, Math.floor(bitmap.height * scale));
      const blob = await encode(bitmap, width, height, quality);
      if (!blob) return file;
      if (maxFileBytes === 0 || blob.size <= maxFileBytes)
        return new File([blob], jpegName(file.name), {
          type: "image/jpeg",
          lastModified: file.lastModified,
        });
      scale *= 0.8;
    }
    return file;
  } finally {
    bitmap.close();
  }
}
