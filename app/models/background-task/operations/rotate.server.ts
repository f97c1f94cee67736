import sharp from "sharp";
import { keyed } from "~/models/locale/keyed";
import { db } from "~/db/connection.server";
import { FORMAT_FILES } from "~/media/processing.server";
import { MAX_INPUT_PIXELS, renderImage, UndecodableImageError } from "~/media/renditions.server";
import { isPathArchive } from "~/models/archive/archive-path.server";
import { withOriginalFile } from "~/models/archive/path-files.server";
import { setAssetFields } from "~/models/asset/asset-rows.server";
import { writeRevision, type NewFile } from "~/models/asset/revision-write.server";
import { blobStore } from "~/storage/blob-store.server";
import type { RotateParams, TaskOperation } from "../task.schema";
import {
  doneOutcome,
  fail,
  failedOutcome,
  hrefOf,
  PATH_ARCHIVE_FILES,
  rollbackItem,
  sourceFor,
  stillAsChecked,
  userIdOf,
} from "./item.server";
import { unreadableFile } from "./made-asset.server";

/*
 * Rotate (decision 048): the current revision's image turned clockwise, as a new file in the same
 * format (JPEG at quality 95: one more generation, kept as faithful as a re-encode allows) with its
 * metadata kept and its orientation made upright (1), and new renditions; a "rotate" revision
 * shows it. The file work happens before the commit: blobs are content-addressed, so a run
 * repeated after a crash stores the same bytes again and changes nothing. The undo rolls back.
 */

/** Keyed (decision 106): stored in the item's result, read in the reader's language. */
export const ONLY_IMAGES = keyed("task.item.onlyImages");
const ROTATABLE = new Set(["jpeg", "png", "webp", "tiff"]);
const JPEG_QUALITY = 95;

type Format = "jpeg" | "png" | "webp" | "tiff";

/** The image at `file` turned by `degrees`, re-encoded as it was; a string when it cannot be. */
export async function rotatedImage(
  file: string,
  degrees: RotateParams["degrees"],
): Promise<{ data: Buffer; format: Format; width: number; height: number } | string> {
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format) return keyed("task.item.imageUnreadable");
  if (!ROTATABLE.has(meta.format))
    return keyed("task.item.formatNotRotatable", { format: meta.format.toUpperCase() });
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
    return keyed("task.item.tooManyPixels");
  const format = meta.format as Format;
  let pipeline = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
    .autoOrient()
    .rotate(degrees)
    .keepMetadata();
  if (format === "jpeg") pipeline = pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: false });
  else if (format === "png") pipeline = pipeline.png();
  else if (format === "webp") pipeline = pipeline.webp({ quality: JPEG_QUALITY });
  else pipeline = pipeline.tiff({ compression: "lzw" });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, format, width: info.width, height: info.height };
  } catch {
    return keyed("task.item.imageUndecodable");
  }
}

/**
 * The displayed size and placeholder of an asset's revision `number`, read from its file and its
 * thumbnail; null when they cannot be read (the undo then leaves the asset's as they are).
 */
async function shownAs(
  assetId: number,
  number: number | null,
): Promise<{ width: number; height: number; placeholder: string | null } | null> {
  if (number === null) return null;
  const revision = await db()
    .selectFrom("revisions")
    .select(["id", "blob_hash"])
    .where("asset_id", "=", assetId)
    .where("number", "=", number)
    .executeTakeFirst();
  if (!revision) return null;
  const renditions = await db()
    .selectFrom("renditions")
    .select(["kind", "blob_hash"])
    .where("revision_id", "=", revision.id)
    .execute();
  const smallest = ["thumbnail", "thumbnailRetina", "preview"]
    .map((kind) => renditions.find((r) => r.kind === kind))
    .find((r) => r !== undefined);
  try {
    const meta = await withOriginalFile(
      { revisionId: revision.id, blobHash: revision.blob_hash },
      (file) =>
        sharp(file, { limitInputPixels: false })
          .metadata()
          .catch(() => null),
    );
    const width = meta?.autoOrient?.width ?? meta?.width;
    const height = meta?.autoOrient?.height ?? meta?.height;
    if (!width || !height) return null;
    const placeholder = smallest
      ? await blobStore()
          .withLocalFile(smallest.blob_hash, (file) => renderImage(file))
          .then((r) => r.placeholder)
          .catch(() => null)
      : null;
    return { width, height, placeholder };
  } catch (error) {
    if (unreadableFile(error) !== null) return null;
    throw error;
  }
}

export const rotateOperation: TaskOperation<RotateParams> = {
  permission: "CropRotate",

  async apply(ctx) {
    const source = await sourceFor(ctx.viewer, ctx.assetId, "CropRotate");
    if ("error" in source) return fail(ctx, source.error);
    const degrees = ctx.params?.degrees;
    if (degrees !== 90 && degrees !== 180 && degrees !== 270)
      return fail(ctx, keyed("task.item.rotateDegrees"));
    if (isPathArchive(source.archive)) return fail(ctx, PATH_ARCHIVE_FILES);
    const { asset, archive } = source;
    if (asset.doc_type !== "image") return fail(ctx, ONLY_IMAGES);
    const revision = await db()
      .selectFrom("revisions")
      .selectAll()
      .where("asset_id", "=", asset.id)
      .where("number", "=", asset.current_revision)
      .executeTakeFirst();
    if (!revision)
      return fail(ctx, keyed("task.item.noRevision", { number: asset.current_revision }));

    let file: NewFile;
    try {
      const rotated = await withOriginalFile(
        { revisionId: revision.id, blobHash: revision.blob_hash },
        (original) => rotatedImage(original, degrees),
      );
      if (typeof rotated === "string") return fail(ctx, rotated);
      ctx.signal.throwIfAborted();
      const blob = await blobStore().put(rotated.data, { signal: ctx.signal });
      const rendered = await blobStore().withLocalFile(blob.hash, (path) =>
        renderImage(path, { signal: ctx.signal }),
      );
      const renditions = await Promise.all(
        (["preview", "thumbnail", "thumbnailRetina"] as const).map(async (kind) => {
          const r = rendered[kind];
          const stored = await blobStore().put(r.data, { signal: ctx.signal });
          return { kind, hash: stored.hash, size: stored.size, width: r.width, height: r.height };
        }),
      );
      file = {
        hash: blob.hash,
        size: blob.size,
        mime: FORMAT_FILES[rotated.format].mime,
        width: rendered.width,
        height: rendered.height,
        renditions,
        placeholder: rendered.placeholder,
      };
    } catch (error) {
      if (error instanceof UndecodableImageError) return fail(ctx, error.message);
      const problem = unreadableFile(error);
      if (problem === null) throw error;
      return fail(ctx, problem);
    }

    return ctx.commit(async (trx) => {
      const checked = await stillAsChecked(trx, asset);
      if ("error" in checked) return failedOutcome(ctx, checked.error);
      const written = await writeRevision(trx, asset.id, {
        kind: "rotate",
        file,
        userId: userIdOf(ctx),
        jobId: ctx.jobId,
      });
      return doneOutcome(
        ctx,
        {
          "result-href": hrefOf(archive, asset.id, checked.row.file_name),
          "result-filename": checked.row.file_name,
        },
        { beforeRevision: written.previous, afterRevision: written.number },
      );
    });
  },

  async undo(ctx, item) {
    const shown = item.assetId === null ? null : await shownAs(item.assetId, item.beforeRevision);
    return rollbackItem(ctx, item, "CropRotate", async (trx, assetId) => {
      // A rollback takes the earlier file but not the asset's size and placeholder, which the
      // rotation changed: they follow the file back here.
      if (shown) await setAssetFields(assetId, shown, trx);
    });
  },
};
