import sharp from "sharp";
import type { MediaType } from "~/media/media-type.server";
import type { Archive } from "~/models/archive/archive.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { blobStore, type BlobInfo } from "~/storage/blob-store.server";
import { formatBytes } from "~/utils/format";
import { DECODED_BYTES_PER_PIXEL, uploadLimitsOf } from "./upload.schema";
import { discardUnreferenced } from "./upload.server";

/*
 * The archive's upload limits enforced by the server on every upload path (decision 043): the
 * page's form, the archive's multipart API and chunked uploads all come here, so a browser
 * without JavaScript or a program cannot go past what the browser's resize would have made.
 */

/** A refusal naming the archive's limit; the file's size, when known in advance (chunked). */
export function checkDeclaredSize(archive: Archive, fileName: string, size: number): void {
  const limits = uploadLimitsOf(archive.config);
  if (limits && limits.maxFileBytes > 0 && size > limits.maxFileBytes)
    throw fileTooLarge(archive, fileName, size, limits.maxFileBytes);
}

function fileTooLarge(archive: Archive, fileName: string, size: number, limit: number) {
  return new Problem(
    "too-large",
    keyed("work.upload.refusal.fileSizeLimit", {
      name: fileName,
      size: formatBytes(size),
      limit: formatBytes(limit),
      archive: archive.name,
    }),
  );
}

async function decodedBytes(blob: BlobInfo): Promise<{ width: number; height: number } | null> {
  return blobStore().withLocalFile(blob.hash, async (file) => {
    try {
      const { width = 0, height = 0 } = await sharp(file, {
        pages: 1,
        limitInputPixels: false,
      }).metadata();
      return { width, height };
    } catch {
      return null;
    }
  });
}

/**
 * Checks a stored file against the archive's limits; a refused file's blob is removed (unless
 * something else holds the same content) and the Problem names the limit.
 */
export async function checkArchiveLimits(
  archive: Archive,
  fileName: string,
  stored: { blob: BlobInfo; type: MediaType },
): Promise<void> {
  const limits = uploadLimitsOf(archive.config);
  if (!limits) return;
  let problem: Problem | null = null;
  if (limits.maxFileBytes > 0 && stored.blob.size > limits.maxFileBytes)
    problem = fileTooLarge(archive, fileName, stored.blob.size, limits.maxFileBytes);
  else if (limits.maxImageBytes > 0 && stored.type.decodable) {
    const size = await decodedBytes(stored.blob);
    const bytes = size ? size.width * size.height * DECODED_BYTES_PER_PIXEL : 0;
    if (size && bytes > limits.maxImageBytes)
      problem = new Problem(
        "too-large",
        keyed("work.upload.refusal.imageSizeLimit", {
          name: fileName,
          width: size.width,
          height: size.height,
          decoded: formatBytes(bytes),
          limit: formatBytes(limits.maxImageBytes),
          archive: archive.name,
        }),
      );
  }
  if (problem) {
    await discardUnreferenced(stored.blob.hash);
    throw problem;
  }
}
