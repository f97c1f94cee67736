import { createHash } from "node:crypto";
import { db, now } from "~/db/connection.server";
import { processImage, watermarkPreview, type WatermarkFile } from "~/media/processing.server";
import type { ArchiveConfig } from "~/models/archive/archive.schema";
import { withOriginalFile } from "~/models/archive/path-files.server";
import { blobStore } from "~/storage/blob-store.server";
import { perRequest } from "~/utils/request-scope.server";
import { readEntry } from "./lists.server";
import type { ProcessingProfileSettings } from "./processing.schema";
import { findWatermark } from "./watermarks.server";

/*
 * What an archive's configuration does to the files it serves (decision 040): the watermark on
 * its previews and the processing profiles on its downloads. A derived file is named by a key
 * computed from everything that shapes it (the source blob, the recipe, the watermark image's
 * hash), so file URLs carry the key: a page can name the file without making it, a change of
 * profile or watermark gives a new URL, and nothing stale is ever served. The file itself is
 * made on the first request for it and kept in the blob store (derived_files maps key → blob).
 */

export interface PlacedWatermark {
  /** The watermark image's blob. */
  hash: string;
  alignment: 0 | 1 | 2 | 3 | 4;
  scaleToFit: boolean;
}

export interface DeliveryProfile {
  id: string;
  name: string;
  settings: ProcessingProfileSettings;
  watermark: PlacedWatermark | null;
}

export interface ArchiveDelivery {
  previewWatermark: PlacedWatermark | null;
  processingType: 0 | 1 | 2;
  /** Type 1: the one profile every original download goes through; type 2: the set's, in order. */
  profiles: DeliveryProfile[];
}

async function placed(
  fileName: string,
  alignment: PlacedWatermark["alignment"],
  scaleToFit: boolean,
): Promise<PlacedWatermark | null> {
  if (!fileName) return null;
  const row = await findWatermark(fileName);
  return row ? { hash: row.blob_hash, alignment, scaleToFit: alignment === 4 && scaleToFit } : null;
}

async function deliveryProfile(id: string): Promise<DeliveryProfile | null> {
  const entry = await readEntry("processingProfiles", id);
  if (!entry) return null;
  const { Id, Name, Href: _href, ...settings } = entry;
  const mark = settings.Watermark;
  return {
    id: Id,
    name: Name,
    settings,
    watermark: await placed(mark.FileName, mark.Alignment, mark.ScaleToFit),
  };
}

/** Image types a processing profile applies to; other files always download as they are. */
const PROCESSABLE = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/tiff",
  "image/gif",
  "image/heic",
  "image/heif",
  "image/avif",
]);

export const isProcessableMime = (mime: string) => PROCESSABLE.has(mime);

/** What an archive's configuration asks of its files, read once per request. */
export function archiveDelivery(
  archiveId: number,
  config: ArchiveConfig,
): Promise<ArchiveDelivery> {
  return perRequest(`delivery:${archiveId}`, async () => {
    const ws = config.WatermarkSettings;
    const dp = config.DownloadProcessing;
    let profiles: DeliveryProfile[] = [];
    if (dp.ProcessingType === 1) {
      const one = await deliveryProfile(dp.SpecificProcessingProfile);
      profiles = one ? [one] : [];
    } else if (dp.ProcessingType === 2) {
      const set = await readEntry("processingProfileSets", dp.CustomProcessingProfileSet);
      const all = await Promise.all((set?.Profiles ?? []).map(deliveryProfile));
      profiles = all.filter((p): p is DeliveryProfile => p !== null);
    }
    return {
      previewWatermark: await placed(ws.WatermarkFilename, ws.WatermarkAlignment, ws.ScaleToFit),
      // A profile or set that is gone (it cannot be deleted while used) sends the original.
      processingType: profiles.length > 0 ? dp.ProcessingType : 0,
      profiles,
    };
  });
}

/** How a derived file is made from its source blob. */
export type Recipe =
  | {
      kind: "profile";
      source: string;
      /** The revision whose original it is: a path archive's original is no blob (decision 042). */
      revisionId?: number;
      settings: ProcessingProfileSettings;
      watermark: PlacedWatermark | null;
    }
  | { kind: "previewWatermark"; source: string; watermark: PlacedWatermark };

/** The derived file's key: sha-256 of the recipe (a version prefix, so a change of code can move on). */
export function recipeKey(recipe: Recipe): string {
  // The content makes the file, not the revision holding it: equal originals share the result.
  const { revisionId: _revision, ...shaping } = recipe as Recipe & { revisionId?: number };
  return createHash("sha256")
    .update(`v1:${stableJson(shaping)}`)
    .digest("hex");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

export interface DerivedFile {
  blobHash: string;
  size: number;
  mime: string;
  width: number;
  height: number;
}

async function withWatermark<T>(
  mark: PlacedWatermark | null,
  fn: (file: WatermarkFile | null) => Promise<T>,
): Promise<T> {
  if (!mark) return fn(null);
  return blobStore().withLocalFile(mark.hash, (file) =>
    fn({ file, alignment: mark.alignment, scaleToFit: mark.scaleToFit }),
  );
}

async function make(
  recipe: Recipe,
): Promise<Omit<DerivedFile, "blobHash" | "size"> & { data: Buffer }> {
  const original = (
    fn: (file: string) => Promise<Omit<DerivedFile, "blobHash" | "size"> & { data: Buffer }>,
  ) =>
    recipe.kind === "profile" && recipe.revisionId !== undefined
      ? withOriginalFile({ revisionId: recipe.revisionId, blobHash: recipe.source }, fn)
      : blobStore().withLocalFile(recipe.source, fn);
  return original((file) =>
    recipe.kind === "profile"
      ? withWatermark(recipe.watermark, (mark) => processImage(file, recipe.settings, mark))
      : withWatermark(recipe.watermark, async (mark) => ({
          ...(await watermarkPreview(file, mark!)),
          mime: "image/jpeg",
        })),
  );
}

/** The derived file of a recipe: from the cache, or made now and kept. */
export async function derivedFile(recipe: Recipe): Promise<DerivedFile> {
  const key = recipeKey(recipe);
  const row = await db()
    .selectFrom("derived_files")
    .selectAll()
    .where("key", "=", key)
    .executeTakeFirst();
  if (row && (await blobStore().has(row.blob_hash)))
    return {
      blobHash: row.blob_hash,
      size: Number(row.file_size),
      mime: row.mime,
      width: row.width,
      height: row.height,
    };
  const made = await make(recipe);
  const blob = await blobStore().put(made.data);
  const file = {
    blob_hash: blob.hash,
    mime: made.mime,
    file_size: blob.size,
    width: made.width,
    height: made.height,
  };
  // Two requests may make the same file at once: the same bytes, one row.
  await db()
    .insertInto("derived_files")
    .values({ key, ...file, created_at: now() })
    .onConflict((oc) => oc.column("key").doUpdateSet(file))
    .execute();
  return {
    blobHash: blob.hash,
    size: blob.size,
    mime: made.mime,
    width: made.width,
    height: made.height,
  };
}
