import { keyed } from "~/models/locale/keyed";
import fs from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import type { DocumentType } from "~/models/asset/asset-kinds";

/*
 * What a file is, decided from its content (magic bytes), never from its name or the type the
 * client declared. The name only picks between types the bytes cannot tell apart (text/csv or
 * text/plain, the legacy Office formats that share one container); it never makes us accept
 * something the bytes do not prove.
 *
 * Refused: empty files, bytes we do not recognise, programs and installers, HTML of any kind
 * (we never store it), and SVG/XML that can run script or pull in outside content. Markup is
 * only accepted when the whole document was checked: `detectMediaType` sees the head alone, so a
 * markup document that does not end inside the head is refused; `detectFileMediaType` reads a
 * markup file to its end (up to MAX_MARKUP_BYTES) and so also accepts large, clean SVGs.
 */

/** What detection stores in assets.doc_type: one of the document types searched by dt:. */
export type DocType = DocumentType;

export interface MediaType {
  mime: string;
  extension: string;
  docType: DocType;
  /** sharp may decode it for previews */
  decodable: boolean;
}

export type RefusalCode = "empty" | "unknownType" | "activeContent" | "mismatch";

/** A file refused for what it is; its message is keyed (decision 104), read where it is shown. */
export class RefusedFileError extends Error {
  readonly code: RefusalCode;
  constructor(code: RefusalCode, message: string) {
    super(message);
    this.name = "RefusedFileError";
    this.code = code;
  }
}

/** How many leading bytes callers read to type a file. */
export const MEDIA_HEAD_BYTES = 65536;
/** The largest SVG/XML document `detectFileMediaType` reads whole to check for script. */
export const MAX_MARKUP_BYTES = 32 * 1024 * 1024;

interface Kind {
  docType: DocType;
  decodable?: boolean;
  /** Overrides file-type's MIME type. */
  mime?: string;
}

const image = (decodable = false): Kind => ({ docType: "image", decodable });

/** What we make of each type file-type recognises (by its extension name). */
const KINDS: Record<string, Kind> = {
  // Raster images the bundled libvips decodes. HEIC is HEVC-coded, which the prebuilt libvips
  // cannot decode (AVIF, AV1-coded HEIF, it can).
  jpg: image(true),
  png: image(true),
  apng: image(true),
  gif: image(true),
  webp: image(true),
  tif: image(true),
  avif: image(true),
  // Images we keep but do not render.
  heic: image(),
  bmp: image(),
  psd: image(),
  xcf: image(),
  jxl: image(),
  jxr: image(),
  jp2: image(),
  j2c: image(),
  jpx: image(),
  jpm: image(),
  jls: image(),
  bpg: image(),
  flif: image(),
  ico: image(),
  cur: image(),
  icns: image(),
  // Camera raw formats.
  cr2: image(),
  cr3: image(),
  nef: image(),
  arw: image(),
  dng: image(),
  orf: image(),
  rw2: image(),
  raf: image(),
  // Vector and layout graphics.
  eps: { docType: "graphic" },
  indd: { docType: "graphic" },
  dwg: { docType: "graphic" },
  odg: { docType: "graphic" },
  otg: { docType: "graphic" },
  skp: { docType: "graphic" },
  // Documents.
  pdf: { docType: "document" },
  ps: { docType: "document" },
  rtf: { docType: "document" },
  epub: { docType: "document" },
  mobi: { docType: "document" },
  docx: { docType: "document" },
  docm: { docType: "document" },
  dotx: { docType: "document" },
  dotm: { docType: "document" },
  xlsx: { docType: "document" },
  xlsm: { docType: "document" },
  xltx: { docType: "document" },
  xltm: { docType: "document" },
  pptx: { docType: "document" },
  pptm: { docType: "document" },
  potx: { docType: "document" },
  potm: { docType: "document" },
  ppsx: { docType: "document" },
  ppsm: { docType: "document" },
  vsdx: { docType: "document" },
  odt: { docType: "document" },
  ods: { docType: "document" },
  odp: { docType: "document" },
  ott: { docType: "document" },
  ots: { docType: "document" },
  otp: { docType: "document" },
  chm: { docType: "document" },
  // Text formats file-type recognises by their first line.
  vtt: { docType: "document" },
  ics: { docType: "document" },
  vcf: { docType: "document" },
  // Media file-type labels without an audio/ or video/ MIME type.
  ogx: { docType: "movie" },
  mxf: { docType: "movie" },
  mts: { docType: "movie" },
};

/** Programs, installers and browser plug-in content: never stored. */
const PROGRAMS = new Set([
  "exe",
  "elf",
  "macho",
  "swf",
  "class",
  "jar",
  "apk",
  "wasm",
  "lnk",
  "crx",
  "xpi",
  "deb",
  "rpm",
  "dmg",
  "reg",
  "asar",
  "alias",
  "cab",
]);

/** Types file-type recognises that are text themselves (PostScript, RTF, ...). */
const TEXT_BASED = new Set(["pdf", "ps", "eps", "rtf", "xml", "vtt", "ics", "vcf"]);

/** Legacy Office files share one container (CFB); only the name tells them apart. */
const CFB_BY_NAME: Record<string, string> = {
  doc: "application/msword",
  dot: "application/msword",
  xls: "application/vnd.ms-excel",
  xlt: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  pps: "application/vnd.ms-powerpoint",
  pot: "application/vnd.ms-powerpoint",
  vsd: "application/vnd.visio",
  msg: "application/vnd.ms-outlook",
  pub: "application/x-mspublisher",
};

/** Plain-text formats the content cannot tell apart; the name picks among these only. */
const TEXT_BY_NAME: Record<string, string> = {
  txt: "text/plain",
  text: "text/plain",
  log: "text/plain",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  md: "text/markdown",
  markdown: "text/markdown",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
};

function extensionOf(fileName: string | undefined): string {
  const match = /\.([a-z0-9]{1,10})$/i.exec(fileName ?? "");
  return match ? match[1]!.toLowerCase() : "";
}

function refuseProgram(): never {
  throw new RefusedFileError("activeContent", keyed("work.media.refusal.program"));
}

function refuseHtml(): never {
  throw new RefusedFileError("activeContent", keyed("work.media.refusal.html"));
}

function refuseActiveMarkup(what: string): never {
  throw new RefusedFileError(
    "activeContent",
    keyed("work.media.refusal.activeMarkup", { format: what }),
  );
}

function refuseUnchecked(what: string): never {
  throw new RefusedFileError(
    "activeContent",
    keyed("work.media.refusal.unchecked", { format: what }),
  );
}

function typeOfBinary(ext: string, mime: string, head: Uint8Array, fileName?: string): MediaType {
  if (PROGRAMS.has(ext)) refuseProgram();
  if (ext === "pdf" && isIllustrator(head)) {
    return {
      mime: "application/illustrator",
      extension: "ai",
      docType: "graphic",
      decodable: false,
    };
  }
  if (ext === "cfb") {
    const named = extensionOf(fileName);
    const officeMime = CFB_BY_NAME[named];
    if (officeMime)
      return { mime: officeMime, extension: named, docType: "document", decodable: false };
    // An installer (.msi) is a compound file as well: only a name we know makes it a document.
    return { mime, extension: "cfb", docType: "generic", decodable: false };
  }
  const kind = KINDS[ext];
  if (kind) {
    return {
      mime: kind.mime ?? mime,
      extension: ext,
      docType: kind.docType,
      decodable: kind.decodable ?? false,
    };
  }
  const docType: DocType = mime.startsWith("video/")
    ? "movie"
    : mime.startsWith("audio/")
      ? "audio"
      : mime.startsWith("image/")
        ? "image"
        : "generic";
  return { mime, extension: ext, docType, decodable: false };
}

const latin1 = new TextDecoder("latin1");

/** A PDF written by Illustrator (.ai) says so in its first objects. */
function isIllustrator(head: Uint8Array): boolean {
  const text = latin1.decode(head.subarray(0, 65536));
  return /AIPrivateData|<illustrator:|Adobe Illustrator/.test(text);
}

// ---------------------------------------------------------------------------------------------
// Text and markup

/** NUL and the C0 controls other than tab, line breaks, form feed and escape: never in text. */
// eslint-disable-next-line no-control-regex -- these are what it looks for
const BINARY_CHARACTER = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f\u007f]/;

/** The head as text, or null when it is binary. */
function decodeText(head: Uint8Array): string | null {
  let text: string;
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) {
    text = new TextDecoder("utf-16le").decode(head.subarray(2));
  } else if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) {
    text = new TextDecoder("utf-16be").decode(head.subarray(2));
  } else {
    const body =
      head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf
        ? head.subarray(3)
        : head;
    text = latin1.decode(body);
    if (BINARY_CHARACTER.test(text)) return null;
    // UTF-8 when it decodes (the head may end inside a multi-byte character), else Latin-1.
    for (let cut = 0; cut <= Math.min(3, body.length); cut++) {
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(
          body.subarray(0, body.length - cut),
        );
        break;
      } catch {
        // one byte shorter
      }
    }
  }
  return BINARY_CHARACTER.test(text) ? null : text;
}

/** Tags browsers take as the start of an HTML document when sniffing (WHATWG MIME sniffing). */
const HTML_START =
  /^\s*<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[\s>]/i;
const HTML_ROOTS = new Set([
  "html",
  "xhtml",
  "head",
  "body",
  "script",
  "iframe",
  "h1",
  "div",
  "font",
  "table",
  "a",
  "style",
  "title",
  "b",
  "br",
  "p",
  "frameset",
]);
/** HTML anywhere in the text. */
const HTML_ANYWHERE =
  /<!doctype\s+html|<(?:[\w.-]+:)?(?:html|body|frameset|iframe|script)[\s>/]|http:\/\/www\.w3\.org\/1999\/xhtml/i;

/** Elements that run script or embed web content, with or without a namespace prefix. */
const ACTIVE_ELEMENT =
  /<(?:[\w.-]+:)?(?:script|foreignobject|iframe|embed|object|handler|listener|frame|frameset|applet|meta|link|base)[\s>/]/i;
/** Event-handler attributes (onload=, onclick=, ...), also namespaced (ev:onclick=). */
const EVENT_ATTRIBUTE = /[\s"'/:]on[a-z][\w.-]*\s*=/i;
/** Animations that set an event handler or a link target. */
const ACTIVE_ANIMATION = /attributename\s*=\s*["']?\s*(?:[\w.-]+:)?(?:on[a-z]|href)/i;
/** Processing instructions that apply a style sheet (XSLT can produce script). */
const STYLESHEET_PI = /<\?xml-stylesheet/i;
/** Entity declarations, internal DTD subsets and SYSTEM identifiers (outside files). */
const ENTITIES = /<!entity|<!doctype[^>]*(?:\[|\bsystem\b)/i;
/** A PUBLIC DOCTYPE may only name the W3C's own DTDs (browsers never fetch them). */
const DOCTYPE = /<!doctype[^>]*>/gi;
/** Encodings we can read; any other (UTF-7, ...) could hide what we look for. */
const ENCODING_DECLARATION = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']*)["']/i;
const KNOWN_ENCODING =
  /^(?:utf-?8|utf-?16(?:le|be)?|us-ascii|ascii|iso-8859-\d+|latin-?1|windows-125\d)$/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
};

/** Character references decoded, so `&#106;avascript:` reads as `javascript:`. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const hex = ref[1] === "x" || ref[1] === "X";
      const code = hex ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : "";
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** URLs that run script once white space and control characters are dropped, as browsers do. */
function hasScriptUrl(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers drop these inside URLs
  const squeezed = decodeReferences(text).replace(/[\u0000-\u0020\u007f-\u009f]+/g, "");
  return /(?:java|vb|live)script:|data:(?:text\/html|application\/xhtml|text\/xml|application\/xml)/i.test(
    squeezed,
  );
}

function hasForeignDoctype(text: string): boolean {
  for (const doctype of text.match(DOCTYPE) ?? []) {
    const urls = doctype.match(/["'][^"']*:\/\/[^"']*["']/g) ?? [];
    if (urls.some((url) => !/^["']https?:\/\/www\.w3\.org\//i.test(url))) return true;
  }
  return false;
}

function hasActiveMarkup(text: string): boolean {
  return (
    ACTIVE_ELEMENT.test(text) ||
    EVENT_ATTRIBUTE.test(text) ||
    ACTIVE_ANIMATION.test(text) ||
    STYLESHEET_PI.test(text) ||
    ENTITIES.test(text) ||
    hasForeignDoctype(text) ||
    HTML_ANYWHERE.test(text) ||
    hasScriptUrl(text)
  );
}

const PROLOG = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype(?:[^>[]|\[[\s\S]*?\])*>)/i;

/** The root element of an XML document (its name, and the text from its start tag on). */
function rootElement(text: string): { name: string; from: string } | null {
  let rest = text;
  for (;;) {
    rest = rest.trimStart();
    const prolog = PROLOG.exec(rest);
    if (!prolog) break;
    rest = rest.slice(prolog[0].length);
  }
  const root = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)[\s/>]/.exec(rest);
  return root ? { name: root[1]!, from: rest } : null;
}

const TRAILER = "(?:\\s|<!--[\\s\\S]*?-->|<\\?[\\s\\S]*?\\?>)*$";

/** Whether the document ends within the text: its root element closes, then only comments. */
function isComplete(root: { name: string; from: string }): boolean {
  if (new RegExp(`^<[^>]*/>${TRAILER}`).test(root.from)) return true;
  const name = root.name.replace(/\./g, "\\.");
  return new RegExp(`</${name}\\s*>${TRAILER}`).test(root.from.slice(-4096));
}

type TextVerdict =
  { kind: "text" } | { kind: "markup"; type: MediaType; label: string; complete: boolean };

/** Classifies text; throws for HTML and for markup that is active in what we can see. */
function classifyText(text: string): TextVerdict {
  const body = text.replace(/^\uFEFF/, "");
  const root = /^\s*</.test(body) ? rootElement(body) : null;
  if (!root) {
    if (HTML_START.test(body) || HTML_ANYWHERE.test(body)) refuseHtml();
    // Not XML, but still refuse what a browser could run if it ever sniffed it.
    if (/<svg[\s>]/i.test(body) && hasActiveMarkup(body)) refuseActiveMarkup("SVG");
    return { kind: "text" };
  }
  const local = root.name.replace(/^[\w.-]+:/, "").toLowerCase();
  if (HTML_ROOTS.has(local)) refuseHtml();
  const label = local === "svg" ? "SVG" : "XML";
  const encoding = ENCODING_DECLARATION.exec(body)?.[1];
  if (encoding !== undefined && !KNOWN_ENCODING.test(encoding)) refuseActiveMarkup(label);
  if (hasActiveMarkup(body)) refuseActiveMarkup(label);
  const type: MediaType =
    local === "svg"
      ? { mime: "image/svg+xml", extension: "svg", docType: "graphic", decodable: false }
      : { mime: "application/xml", extension: "xml", docType: "document", decodable: false };
  return { kind: "markup", type, label, complete: isComplete(root) };
}

function plainText(fileName?: string): MediaType {
  const named = extensionOf(fileName);
  const mime = TEXT_BY_NAME[named];
  return mime
    ? { mime, extension: named === "text" ? "txt" : named, docType: "document", decodable: false }
    : { mime: "text/plain", extension: "txt", docType: "document", decodable: false };
}

function unknownType(): never {
  throw new RefusedFileError("unknownType", keyed("work.media.refusal.unknownType"));
}

/**
 * Decides the type from the content (magic bytes), never from name or declared type. `head` is
 * the first bytes of the file (callers pass up to MEDIA_HEAD_BYTES; works with less). Throws
 * RefusedFileError: "empty" for zero bytes, "activeContent" for HTML of any kind, for SVG/XML
 * with script, event handlers, javascript: URLs, foreignObject or entities, for programs, and for
 * markup that does not end within the head (use detectFileMediaType to check a whole file);
 * "unknownType" for binary content we do not recognise.
 */
export async function detectMediaType(head: Uint8Array, fileName?: string): Promise<MediaType> {
  return detect(head, fileName, null);
}

/**
 * detectMediaType for a file on disk: reads the head, and for SVG/XML the whole document (up to
 * MAX_MARKUP_BYTES), so clean markup larger than the head is accepted after a full check.
 */
export async function detectFileMediaType(filePath: string, fileName?: string): Promise<MediaType> {
  const handle = await fs.open(filePath, "r");
  try {
    const head = Buffer.alloc(MEDIA_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, MEDIA_HEAD_BYTES, 0);
    return await detect(head.subarray(0, bytesRead), fileName, async () => {
      const { size } = await handle.stat();
      if (size > MAX_MARKUP_BYTES) return null;
      const whole = Buffer.alloc(size);
      const { bytesRead: read } = await handle.read(whole, 0, size, 0);
      return whole.subarray(0, read);
    });
  } finally {
    await handle.close();
  }
}

async function detect(
  head: Uint8Array,
  fileName: string | undefined,
  readWhole: (() => Promise<Uint8Array | null>) | null,
): Promise<MediaType> {
  if (head.length === 0) throw new RefusedFileError("empty", keyed("work.media.refusal.empty"));
  // Some signatures are two or three letters ("BM", "MZ", "ID3", and a UTF-16 byte-order mark
  // reads as an MPEG audio frame sync), so text can start like them. Real files of those types
  // hold control bytes early on; a head that is all text is text, unless the type is text-based.
  let found = await fileTypeFromBuffer(head);
  if (found && !TEXT_BASED.has(found.ext) && decodeText(head) !== null) found = undefined;
  const textual = !found || found.ext === "xml" || found.mime.startsWith("text/");
  if (found && !textual) return typeOfBinary(found.ext, found.mime, head, fileName);

  const text = decodeText(head);
  if (text === null) unknownType();
  const verdict = classifyText(text);
  if (verdict.kind === "text") {
    if (!found) return plainText(fileName);
    // XML by its declaration, yet without a root element we could check.
    if (found.ext === "xml") unknownType();
    return typeOfBinary(found.ext, found.mime, head, fileName);
  }
  if (verdict.complete) return verdict.type;
  // The head ends inside the document: only a check of the whole file can accept it.
  const whole = readWhole ? await readWhole() : null;
  if (!whole) refuseUnchecked(verdict.label);
  const wholeText = decodeText(whole);
  if (wholeText === null) unknownType();
  const again = classifyText(wholeText);
  if (again.kind !== "markup" || !again.complete) refuseUnchecked(verdict.label);
  return again.type;
}
