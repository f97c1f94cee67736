import { createHash } from "node:crypto";
import { robotsRule } from "~/models/archive/archive-effects";
import type { RenditionKind } from "~/db/schema";
import { FORMAT_FILES, keptFormat } from "~/media/processing.server";
import { UndecodableImageError } from "~/media/renditions.server";
import { Problem } from "~/models/problem/problem";
import { keyed } from "~/models/locale/keyed";
import { assetDecision } from "~/models/access/access.server";
import { findArchive } from "~/models/archive/archive.server";
import { currentRevisionId, findRendition, findRevision } from "~/models/asset/asset.server";
import {
  archiveDelivery,
  derivedFile,
  isProcessableMime,
  recipeKey,
  type ArchiveDelivery,
  type PlacedWatermark,
  type Recipe,
} from "~/models/processing/delivery.server";
import { GUID, type ProcessingProfileSettings } from "~/models/processing/processing.schema";
import { PREVIEW_SIZE } from "~/media/renditions.server";
import type { Viewer } from "~/models/user/user.schema";
import { albumAssetRights, type AlbumChannel } from "~/models/access/album-access.server";
import { db } from "~/db/connection.server";
import { sidecarOf } from "~/models/asset/writeback.server";
import { blobStore } from "~/storage/blob-store.server";
import { isPreviewToken } from "./preview-token.server";

/*
 * Renditions and downloads (reference "Renditions"). An asset's representation names its
 * renditions by href (…/{asset}.info/__renditions/PREVIEW); the rendition service turns one into
 * a file URL that names the content's hash, so the file can be cached as immutable. Every file
 * request is checked again: Download for the original, Preview for everything else.
 */

/** The large preview (issue 33): made from the original on first request, then kept. */
export type FileKind = "original" | "previewLarge" | RenditionKind;

export const RENDITION_NAMES: Record<string, FileKind> = {
  ORIGINAL: "original",
  PREVIEW: "preview",
  PREVIEW_LARGE: "previewLarge",
  THUMBNAIL: "thumbnail",
  THUMBNAIL_RETINA: "thumbnailRetina",
};

/** The query parameter a large preview's href carries its revision's previewToken in. */
export const PREVIEW_TOKEN_PARAMETER = "previewToken";

/** The large preview's long side: what image pickers ask for on high-density screens. */
export const LARGE_PREVIEW_SIZE = 2400;

/** Whether an original is offered a large preview: an image we process, over the preview's size. */
export const hasLargePreview = (mime: string, width: number | null, height: number | null) =>
  isProcessableMime(mime) && Math.max(width ?? 0, height ?? 0) > PREVIEW_SIZE;

/**
 * The large preview's URL hash: its revision's preview and the watermark it carries, so the URL
 * changes when either does (the file is made from the original, whose hash a view does not read).
 */
export function largePreviewHash(previewHash: string, watermark: PlacedWatermark | null): string {
  return createHash("sha256")
    .update(`v1:previewLarge:${previewHash}:${JSON.stringify(watermark)}`)
    .digest("hex");
}

/** A large preview's pixel size: the original inside LARGE_PREVIEW_SIZE, never enlarged. */
export function largePreviewSize(width: number, height: number) {
  const scale = Math.min(1, LARGE_PREVIEW_SIZE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/*
 * The large preview as a processing recipe: the original inside 2400 px, never enlarged, sRGB
 * JPEG at the preview's quality, with the archive's preview watermark. The derived-file cache
 * keeps it (decision 040), so it is made once per original and watermark.
 */
const LARGE_PREVIEW_SETTINGS: ProcessingProfileSettings = {
  Format: "jpeg",
  Size: { Width: LARGE_PREVIEW_SIZE, Height: LARGE_PREVIEW_SIZE, Fit: "inside" },
  Quality: 82,
  ColorProfile: "srgb",
  Watermark: { FileName: "", Alignment: 4, ScaleToFit: false },
  Sharpen: "none",
  KeepMetadata: false,
  Resolution: 0,
};

const FILE_KINDS = new Set<string>(Object.values(RENDITION_NAMES));

export function isFileKind(value: string): value is FileKind {
  return FILE_KINDS.has(value);
}

/**
 * A file's URL. The hash names the content: a blob's own hash, or for a derived file (a download
 * through a processing profile, a watermarked preview) the key of its recipe (decision 040).
 */
export function fileUrl(
  revisionId: number,
  kind: FileKind,
  hash: string,
  fileName: string,
  profile?: string,
) {
  const query = profile ? `?profile=${profile}` : "";
  return `/fotoweb/files/${revisionId}/${kind}/${hash}/${encodeURIComponent(fileName)}${query}`;
}

/** The asset and rendition an href names (a processing profile by its id), or null. */
export function parseRenditionHref(
  href: string,
): { assetId: number; kind: FileKind; profile?: string } | null {
  let pathname: string;
  try {
    pathname = new URL(href, "http://rendition.invalid").pathname;
  } catch {
    return null;
  }
  const match =
    /^\/fotoweb\/archives\/[^/]+\/(\d{1,12})-[^/]*\.info\/__renditions\/([A-Za-z0-9_-]{1,40})$/.exec(
      pathname,
    );
  if (!match) return null;
  const name = match[2]!;
  if (GUID.test(name))
    return { assetId: Number(match[1]), kind: "original", profile: name.toLowerCase() };
  const kind = RENDITION_NAMES[name];
  return kind ? { assetId: Number(match[1]), kind } : null;
}

export type FileAccess =
  | {
      ok: true;
      /** The URL's hash: the blob's, or the recipe's key for a derived file. */
      hash: string;
      /** The blob's size; for a derived file known once it is made (openFile). */
      size: number;
      mime: string;
      fileName: string;
      /** A derived file: made (or found) by openFile. */
      recipe?: Recipe;
      /** The processing profile a download goes through, for its URL. */
      profile?: string;
      /** The X-Robots-Tag of the archive's files (decision 043); null when crawlers may index. */
      robots: string | null;
    }
  /** The message is keyed (decision 106): whoever answers with it resolves it (apiError: English). */
  | { ok: false; status: 403 | 404; message: string };

const NOT_FOUND: Extract<FileAccess, { ok: false }> = {
  ok: false,
  status: 404,
  message: keyed("asset.refusal.fileNotFound"),
};

function renditionFileName(fileName: string, kind: FileKind) {
  if (kind === "original") return fileName;
  const base = fileName.replace(/\.[^.]*$/, "");
  return `${base}-${kind}.jpg`;
}

const SHARP_FORMAT_OF_MIME: Record<string, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/tiff": "tiff",
};

/**
 * The original through the archive's download processing: type 1 its profile, type 2 the one
 * asked for (the set's first when none is), a profile outside the set answering not-found.
 */
function processedOriginal(
  delivery: ArchiveDelivery,
  revision: { revisionId: number; blobHash: string; fileName: string; mime: string },
  profileId: string | undefined,
  robots: string | null,
): FileAccess | null {
  if (delivery.processingType === 0 || !isProcessableMime(revision.mime)) return null;
  const profile = profileId
    ? delivery.profiles.find((p) => p.id === profileId)
    : delivery.profiles[0];
  if (!profile) return NOT_FOUND;
  const recipe: Recipe = {
    kind: "profile",
    source: revision.blobHash,
    revisionId: revision.revisionId,
    settings: profile.settings,
    watermark: profile.watermark,
  };
  const format =
    profile.settings.Format === "original"
      ? keptFormat(SHARP_FORMAT_OF_MIME[revision.mime])
      : profile.settings.Format;
  const { mime, extension } = FORMAT_FILES[format];
  return {
    ok: true,
    hash: recipeKey(recipe),
    size: 0,
    mime,
    fileName: `${revision.fileName.replace(/\.[^.]*$/, "")}.${extension}`,
    recipe,
    profile: profile.id,
    robots,
  };
}

/**
 * How long the renditions of a revision stay reachable to those who may preview the asset once
 * another revision has replaced it (decision 070): long enough for any page rendered before the
 * edit (a grid left open, lazy images, infinite scroll) to load them. The URL names the
 * rendition's content hash, so only someone who was shown it can ask for it.
 */
export const REPLACED_RENDITION_GRACE_MS = 24 * 60 * 60 * 1000;

/** Whether the revision was current until less than the grace period ago. */
async function replacedRecently(assetId: number, number: number): Promise<boolean> {
  const next = await db()
    .selectFrom("revisions")
    .select("created_at")
    .where("asset_id", "=", assetId)
    .where("number", ">", number)
    .orderBy("number")
    .limit(1)
    .executeTakeFirst();
  if (!next) return false;
  return Date.parse(next.created_at) > Date.now() - REPLACED_RENDITION_GRACE_MS;
}

/** The revision and its archive when the viewer may have its files (Download or Preview). */
async function revisionAccess(
  viewer: Viewer | null,
  revisionId: number,
  download: boolean,
): Promise<
  | {
      ok: true;
      revision: NonNullable<Awaited<ReturnType<typeof findRevision>>>;
      archive: NonNullable<Awaited<ReturnType<typeof findArchive>>>;
    }
  | Extract<FileAccess, { ok: false }>
> {
  const revision = await findRevision(revisionId);
  if (!revision || revision.assetState !== "ready") return NOT_FOUND;
  const permission = download ? "Download" : "Preview";
  // The asset itself must be visible (members' filters, hidden archives), not only its archive.
  const decision = await assetDecision(viewer, revision.assetId, permission);
  if (!decision.allowed && decision.problem.kind === "not-found") return NOT_FOUND;
  // Earlier revisions belong to the history, which has its own permission; but a page shown
  // before an edit names the revision current then, and its renditions keep answering a while.
  if (
    revision.number !== revision.currentRevision &&
    !(!download && (await replacedRecently(revision.assetId, revision.number))) &&
    !(await assetDecision(viewer, revision.assetId, "HistoryView")).allowed
  )
    return NOT_FOUND;
  if (!decision.allowed) {
    return {
      ok: false,
      status: 403,
      message: download
        ? keyed("asset.refusal.fileNoDownload")
        : keyed("asset.refusal.fileNoPreview"),
    };
  }
  const archive = await findArchive(revision.archiveId);
  if (!archive) return NOT_FOUND;
  return { ok: true, revision, archive };
}

/**
 * A revision's XMP sidecar (decision 050), where write-back could not put the metadata into the
 * file itself: checked as the original is, since it carries the same metadata.
 */
export async function accessSidecar(
  viewer: Viewer | null,
  revisionId: number,
): Promise<FileAccess> {
  const checked = await revisionAccess(viewer, revisionId, true);
  if (!checked.ok) return checked;
  const sidecar = await sidecarOf(revisionId);
  if (!sidecar) return NOT_FOUND;
  const stat = await blobStore().stat(sidecar.hash);
  if (!stat) return NOT_FOUND;
  return {
    ok: true,
    hash: sidecar.hash,
    size: stat.size,
    mime: "application/rdf+xml",
    fileName: sidecar.fileName,
    robots: robotsRule(checked.archive.config),
  };
}

/** The URL of a revision's sidecar file. */
export const sidecarUrl = (revisionId: number, hash: string, fileName: string) =>
  `/fotoweb/files/${revisionId}/sidecar/${hash}/${encodeURIComponent(fileName)}`;

/** Whether the viewer may have this file of this revision, and what it is. */
export async function accessFile(
  viewer: Viewer | null,
  revisionId: number,
  kind: FileKind,
  options: { profile?: string } = {},
): Promise<FileAccess> {
  const checked = await revisionAccess(viewer, revisionId, kind === "original");
  if (!checked.ok) return checked;
  return fileOf(checked.revision, checked.archive, kind, options);
}

/**
 * A file of an asset through an album (decision 051): a share lends the album owner's rights, a
 * public link its own download right over them. Only the current revision of an asset in the
 * album (and a just-replaced one's renditions), and only what albumAssetRights allows: previews and thumbnails with the owner's
 * Preview, an attachment-sized preview download with downloadPreview, the original with
 * downloadOriginal. Anything else about the asset answers as missing.
 */
export async function accessFileVia(
  channel: AlbumChannel,
  revisionId: number,
  kind: FileKind,
  options: { attachment?: boolean } = {},
): Promise<FileAccess> {
  const revision = await findRevision(revisionId);
  if (!revision || revision.assetState !== "ready") return NOT_FOUND;
  // As in revisionAccess: a replaced revision's renditions answer for a while, never its file.
  if (
    revision.number !== revision.currentRevision &&
    (kind === "original" || !(await replacedRecently(revision.assetId, revision.number)))
  )
    return NOT_FOUND;
  const albumId = channel.kind === "grant" ? channel.grant.album.id : channel.link.album_id;
  const inAlbum = await db()
    .selectFrom("album_assets")
    .select("asset_id")
    .where("album_id", "=", albumId)
    .where("asset_id", "=", revision.assetId)
    .executeTakeFirst();
  if (!inAlbum) return NOT_FOUND;
  const rights = (
    await albumAssetRights(channel, [{ id: revision.assetId, archive_id: revision.archiveId }])
  ).get(revision.assetId);
  if (!rights) return NOT_FOUND;
  const allowed =
    kind === "original"
      ? rights.downloadOriginal
      : options.attachment
        ? rights.downloadPreview
        : rights.preview;
  if (!allowed)
    return {
      ok: false,
      status: 403,
      message:
        kind === "original" || options.attachment
          ? keyed("asset.refusal.fileDownloadNotHere")
          : keyed("asset.refusal.filePreviewNotHere"),
    };
  const archive = await findArchive(revision.archiveId);
  if (!archive) return NOT_FOUND;
  return fileOf(revision, archive, kind, {});
}

/** A JPEG made by a recipe when first asked for (openFile), named after the asset's file. */
function derivedJpeg(
  fileName: string,
  kind: FileKind,
  robots: string | null,
  recipe: Recipe,
): Extract<FileAccess, { ok: true }> {
  return {
    ok: true,
    hash: recipeKey(recipe),
    size: 0,
    mime: "image/jpeg",
    fileName: renditionFileName(fileName, kind),
    recipe,
    robots,
  };
}

/**
 * A preview or thumbnail of a revision for the bearer of its previewToken (decision 110): the
 * token decides alone, for that revision's previews only, while it is current or was replaced
 * only recently (as its renditions answer elsewhere). null when the token is not this one.
 */
export async function accessPreviewByToken(
  token: string,
  revisionId: number,
  kind: FileKind,
): Promise<FileAccess | null> {
  if (kind === "original") return null;
  const preview = await findRendition(revisionId, "preview");
  if (!preview || !(await isPreviewToken(token, revisionId, preview.blob_hash))) return null;
  const revision = await findRevision(revisionId);
  if (!revision || revision.assetState !== "ready") return NOT_FOUND;
  if (
    revision.number !== revision.currentRevision &&
    !(await replacedRecently(revision.assetId, revision.number))
  )
    return NOT_FOUND;
  const archive = await findArchive(revision.archiveId);
  if (!archive) return NOT_FOUND;
  return fileOf(revision, archive, kind, {});
}

/** The file of a revision whose access was checked: the blob, a rendition, or a derived file. */
async function fileOf(
  revision: NonNullable<Awaited<ReturnType<typeof findRevision>>>,
  archive: NonNullable<Awaited<ReturnType<typeof findArchive>>>,
  kind: FileKind,
  options: { profile?: string },
): Promise<FileAccess> {
  const revisionId = revision.revisionId;
  const delivery = await archiveDelivery(archive.id, archive.config);
  const robots = robotsRule(archive.config);
  if (kind === "original") {
    const processed = processedOriginal(delivery, revision, options.profile, robots);
    if (processed) return processed;
    if (options.profile) return NOT_FOUND;
    return {
      ok: true,
      robots,
      hash: revision.blobHash,
      size: revision.fileSize,
      mime: revision.mime,
      fileName: revision.fileName,
    };
  }
  if (options.profile) return NOT_FOUND;
  if (kind === "previewLarge") {
    if (!hasLargePreview(revision.mime, revision.width, revision.height)) return NOT_FOUND;
    const preview = await findRendition(revisionId, "preview");
    if (!preview) return NOT_FOUND;
    const made = derivedJpeg(revision.fileName, kind, robots, {
      kind: "profile",
      source: revision.blobHash,
      revisionId,
      settings: LARGE_PREVIEW_SETTINGS,
      watermark: delivery.previewWatermark,
    });
    return { ...made, hash: largePreviewHash(preview.blob_hash, delivery.previewWatermark) };
  }
  const rendition = await findRendition(revisionId, kind);
  if (!rendition) return NOT_FOUND;
  const mark = kind === "preview" ? delivery.previewWatermark : null;
  if (mark)
    return derivedJpeg(revision.fileName, kind, robots, {
      kind: "previewWatermark",
      source: rendition.blob_hash,
      watermark: mark,
    });
  return {
    ok: true,
    robots,
    hash: rendition.blob_hash,
    size: rendition.file_size,
    mime: rendition.mime,
    fileName: renditionFileName(revision.fileName, kind),
  };
}

/** The rendition service: a rendition href becomes the URL of its file. */
export async function requestRendition(
  viewer: Viewer | null,
  href: string,
): Promise<{ ok: true; href: string; robots: string | null } | Extract<FileAccess, { ok: false }>> {
  const target = parseRenditionHref(href);
  if (!target) return { ok: false, status: 404, message: keyed("asset.refusal.notARendition") };
  const revisionId = await currentRevisionId(target.assetId);
  if (revisionId === null)
    // A missing asset answers as a hidden one does: the same file-not-found.
    return NOT_FOUND;
  const access = await accessFile(viewer, revisionId, target.kind, { profile: target.profile });
  if (!access.ok) return access;
  return {
    ok: true,
    href: fileUrl(revisionId, target.kind, access.hash, access.fileName, access.profile),
    robots: access.robots,
  };
}

/** The blob to send for a file access: a derived file is made now if it is not kept yet. */
export async function openFile(
  access: Extract<FileAccess, { ok: true }>,
): Promise<{ blobHash: string; size: number; mime: string }> {
  if (!access.recipe) return { blobHash: access.hash, size: access.size, mime: access.mime };
  let made;
  try {
    made = await derivedFile(access.recipe);
  } catch (error) {
    if (error instanceof UndecodableImageError) throw new Problem("unprocessable", error.message);
    throw error;
  }
  return { blobHash: made.blobHash, size: made.size, mime: made.mime };
}

/** RFC 6266: an ASCII fallback and the exact name in RFC 5987 encoding. */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
