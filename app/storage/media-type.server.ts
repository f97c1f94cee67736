import { fileTypeFromBuffer } from "file-type";

/*
 * What a file is, decided from its content (magic bytes), never from its name or the type the
 * client declared. Markup that can run script is refused outright; we never store HTML.
 */

export type DocType = "image" | "movie" | "audio" | "graphic" | "document" | "generic";

export interface MediaType {
  mime: string;
  extension: string;
  docType: DocType;
  /** sharp may decode it for previews. */
  decodable: boolean;
}

export type RefusalCode = "empty" | "unknownType" | "activeContent" | "mismatch";

export class RefusedFileError extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "RefusedFileError";
  }
}

export const MEDIA_HEAD_BYTES = 65536;

const DECODABLE = new Set(["jpg", "png", "gif", "webp", "tif", "heic", "avif", "jxl"]);
const IMAGES = new Set([
  ...DECODABLE,
  "bmp",
  "psd",
  "cr2",
  "cr3",
  "nef",
  "arw",
  "dng",
  "orf",
  "rw2",
  "raf",
  "ico",
  "jp2",
]);
const GRAPHICS = new Set(["eps", "ai", "indd"]);
const DOCUMENTS = new Set([
  "pdf",
  "docx",
  "xlsx",
  "pptx",
  "odt",
  "ods",
  "odp",
  "rtf",
  "epub",
  "doc",
  "xls",
  "ppt",
]);
const REFUSED = new Set(["exe", "elf", "mach", "dll", "swf", "class", "wasm", "lnk", "msi"]);

function typeOfBinary(ext: string, mime: string): MediaType | null {
  if (REFUSED.has(ext)) return null;
  if (IMAGES.has(ext))
    return { mime, extension: ext, docType: "image", decodable: DECODABLE.has(ext) };
  if (mime.startsWith("video/"))
    return { mime, extension: ext, docType: "movie", decodable: false };
  if (mime.startsWith("audio/"))
    return { mime, extension: ext, docType: "audio", decodable: false };
  if (GRAPHICS.has(ext)) return { mime, extension: ext, docType: "graphic", decodable: false };
  if (DOCUMENTS.has(ext)) return { mime, extension: ext, docType: "document", decodable: false };
  if (ext === "zip" || ext === "7z" || ext === "tar" || ext === "gz")
    return { mime, extension: ext, docType: "generic", decodable: false };
  return null;
}

const ACTIVE_MARKUP =
  /<script|\son[a-z]+\s*=|javascript:|<foreignobject|<!entity|<iframe|<object|<embed|xlink:href\s*=\s*["']?\s*(?!#)/i;

function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(
      // A multi-byte character cut at the end of the head is still text.
      head.subarray(0, Math.max(0, head.length - 4)),
    );
    return true;
  } catch {
    return false;
  }
}

function typeOfText(head: Uint8Array, fileName?: string): MediaType {
  const text = new TextDecoder("utf-8").decode(head).replace(/^\uFEFF/, "");
  const start = text.trimStart().slice(0, 512).toLowerCase();
  if (
    /<html|<!doctype html|<body|<head|<xhtml/i.test(text.slice(0, 4096)) ||
    start.startsWith("<!doctype html")
  ) {
    throw new RefusedFileError("activeContent", "HTML files are not accepted.");
  }
  const markup =
    start.startsWith("<?xml") || start.startsWith("<svg") || start.startsWith("<!doctype");
  if (markup) {
    if (ACTIVE_MARKUP.test(text) || /<!doctype[^>]*\[/i.test(text)) {
      throw new RefusedFileError(
        "activeContent",
        "The file holds script or external references, which are not accepted.",
      );
    }
    if (/<svg[\s>]/i.test(text))
      return { mime: "image/svg+xml", extension: "svg", docType: "graphic", decodable: false };
    return { mime: "application/xml", extension: "xml", docType: "document", decodable: false };
  }
  if (/\.csv$/i.test(fileName ?? ""))
    return { mime: "text/csv", extension: "csv", docType: "document", decodable: false };
  return { mime: "text/plain", extension: "txt", docType: "document", decodable: false };
}

/** The file's type from its first bytes; throws RefusedFileError for what we do not take. */
export async function detectMediaType(head: Uint8Array, fileName?: string): Promise<MediaType> {
  if (head.length === 0) throw new RefusedFileError("empty", "The file is empty (zero bytes).");
  const found = await fileTypeFromBuffer(head);
  if (found) {
    const type = typeOfBinary(found.ext, found.mime);
    if (type) return type;
    if (found.ext === "xml" || found.ext === "svg") return typeOfText(head, fileName);
    throw new RefusedFileError(
      "unknownType",
      `Files of this type (${found.ext}) are not accepted.`,
    );
  }
  if (isText(head)) return typeOfText(head, fileName);
  throw new RefusedFileError(
    "unknownType",
    "The file's type could not be recognised from its content, so it is not accepted.",
  );
}
