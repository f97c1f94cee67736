import type { RenditionKind } from "~/db/schema";
import { assetDecision } from "~/models/access/access.server";
import { currentRevisionId, findRendition, findRevision } from "~/models/asset/asset.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * Renditions and downloads (reference "Renditions"). An asset's representation names its
 * renditions by href (…/{asset}.info/__renditions/PREVIEW); the rendition service turns one into
 * a file URL that names the content's hash, so the file can be cached as immutable. Every file
 * request is checked again: Download for the original, Preview for everything else.
 */

export type FileKind = "original" | RenditionKind;

export const RENDITION_NAMES: Record<string, FileKind> = {
  ORIGINAL: "original",
  PREVIEW: "preview",
  THUMBNAIL: "thumbnail",
  THUMBNAIL_RETINA: "thumbnailRetina",
};

const FILE_KINDS = new Set<string>(Object.values(RENDITION_NAMES));

export function isFileKind(value: string): value is FileKind {
  return FILE_KINDS.has(value);
}

export function fileUrl(revisionId: number, kind: FileKind, hash: string, fileName: string) {
  return `/fotoweb/files/${revisionId}/${kind}/${hash}/${encodeURIComponent(fileName)}`;
}

/** The asset and rendition an href names, or null. */
export function parseRenditionHref(href: string): { assetId: number; kind: FileKind } | null {
  let pathname: string;
  try {
    pathname = new URL(href, "http://rendition.invalid").pathname;
  } catch {
    return null;
  }
  const match =
    /^\/fotoweb\/archives\/[^/]+\/(\d{1,12})-[^/]*\.info\/__renditions\/([A-Z_]+)$/.exec(pathname);
  if (!match) return null;
  const kind = RENDITION_NAMES[match[2]!];
  return kind ? { assetId: Number(match[1]), kind } : null;
}

export type FileAccess =
  | { ok: true; hash: string; size: number; mime: string; fileName: string }
  | { ok: false; status: 403 | 404; message: string };

const NOT_FOUND: FileAccess = {
  ok: false,
  status: 404,
  message: "There is no file at this address.",
};

function renditionFileName(fileName: string, kind: FileKind) {
  if (kind === "original") return fileName;
  const base = fileName.replace(/\.[^.]*$/, "");
  return `${base}-${kind}.jpg`;
}

/** Whether the viewer may have this file of this revision, and what it is. */
export async function accessFile(
  viewer: Viewer | null,
  revisionId: number,
  kind: FileKind,
): Promise<FileAccess> {
  const revision = await findRevision(revisionId);
  if (!revision || revision.assetState !== "ready") return NOT_FOUND;
  const permission = kind === "original" ? "Download" : "Preview";
  // The asset itself must be visible (members' filters, hidden archives), not only its archive.
  const decision = await assetDecision(viewer, revision.assetId, permission);
  if (!decision.allowed && decision.problem.kind === "not-found") return NOT_FOUND;
  // Earlier revisions belong to the history, which has its own permission.
  if (
    revision.number !== revision.currentRevision &&
    !(await assetDecision(viewer, revision.assetId, "HistoryView")).allowed
  )
    return NOT_FOUND;
  if (!decision.allowed) {
    return {
      ok: false,
      status: 403,
      message:
        kind === "original"
          ? "You do not have permission to download this file."
          : "You do not have permission to preview this file.",
    };
  }
  if (kind === "original") {
    return {
      ok: true,
      hash: revision.blobHash,
      size: revision.fileSize,
      mime: revision.mime,
      fileName: revision.fileName,
    };
  }
  const rendition = await findRendition(revisionId, kind);
  if (!rendition) return NOT_FOUND;
  return {
    ok: true,
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
): Promise<{ ok: true; href: string } | Extract<FileAccess, { ok: false }>> {
  const target = parseRenditionHref(href);
  if (!target) return { ok: false, status: 404, message: "The href does not name a rendition." };
  const revisionId = await currentRevisionId(target.assetId);
  if (revisionId === null) return { ok: false, status: 404, message: "There is no such asset." };
  const access = await accessFile(viewer, revisionId, target.kind);
  if (!access.ok) return access;
  return { ok: true, href: fileUrl(revisionId, target.kind, access.hash, access.fileName) };
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
