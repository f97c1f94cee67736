import fs from "node:fs/promises";
import exifr from "exifr";
import type { ColorSpace } from "~/models/asset/asset-kinds";

/*
 * Metadata from a file's EXIF, IPTC and XMP, in one exifr parse from the file path (exifr reads
 * only the chunks holding the segments, never the whole file), mapped to the API's numeric field
 * ids. Where several sources hold the same field, XMP wins over IPTC, and IPTC over EXIF.
 *
 * XMP is read from the packet's text by the small reader below rather than by exifr's XMP parser:
 * that one turns every value that looks like a number into a number ("0042" → 42, "1e3" → 1000)
 * and "true"/"null" into a boolean and nothing, and it leaves entities such as &amp; undecoded.
 *
 * Dates: EXIF dates carry no zone of their own. exifr revives them as local-time Dates; we take
 * their wall-clock reading and apply the EXIF OffsetTime* tag when there is one, and otherwise
 * read them as UTC. XMP and IPTC dates without a zone are read as UTC too. So a camera date
 * without a zone is reported as if the camera's clock ran on UTC, the same on every server.
 *
 * Broken or missing metadata never fails: we return what could be read, at least
 * `{ fields: {}, dates: {} }`.
 */

export interface ExtractedMetadata {
  /**
   * Metadata fields by numeric id (FotoWeb/IPTC numbering): 5 title, 10 urgency, 25 keywords,
   * 40 special instructions, 55 date created (yyyy-mm-dd), 80 by-line, 85 by-line title, 90 city,
   * 92 sublocation, 95 province-state, 101 country, 103 job id, 105 headline, 110 credit,
   * 115 source, 116 copyright notice, 120 description, 122 caption writer. Keywords (25) and
   * by-line (80) are lists, the others strings; trimmed, without control characters, each value
   * at most 10 000 characters, at most 1000 values in a list.
   */
  fields: Record<number, string | string[]>;
  /** As displayed (after the EXIF orientation), when the file tells. */
  width?: number;
  height?: number;
  /** EXIF orientation, 1..8. */
  orientation?: number;
  /** As stored and searched by cs: (the one list in asset-kinds). */
  colorSpace?: ColorSpace;
  camera?: {
    make?: string;
    model?: string;
    lens?: string;
    exposure?: string;
    fNumber?: number;
    iso?: number;
    focalLength?: number;
  };
  gps?: { latitude: number; longitude: number; altitude?: number };
  /**
   * ISO 8601 instants: camera = EXIF DateTimeOriginal (else CreateDate, else XMP), iptc = IPTC
   * DateCreated (+ TimeCreated) or XMP photoshop:DateCreated, modified = XMP xmp:ModifyDate or
   * EXIF ModifyDate, release = IPTC ReleaseDate (+ ReleaseTime), the embargo a search honours.
   */
  dates: { camera?: string; iptc?: string; modified?: string; release?: string };
}

export const MAX_VALUE_LENGTH = 10_000;
export const MAX_LIST_VALUES = 1000;

const PARSE_OPTIONS: Exclude<Parameters<typeof exifr.parse>[1], boolean | unknown[] | undefined> = {
  tiff: true,
  ifd1: false,
  exif: true,
  gps: true,
  interop: true,
  iptc: true,
  // The raw packet: we read it ourselves (see above).
  xmp: { parse: false },
  // exifr's ICC reader warns on the console for every profile spread over several segments
  // (large CMYK profiles); the colour space comes from XMP, EXIF and PNG headers instead, and
  // for images we render, from sharp (renditions.server.ts).
  icc: false,
  ihdr: true,
  jfif: false,
  makerNote: false,
  userComment: false,
  multiSegment: false,
  mergeOutput: false,
  translateKeys: true,
  translateValues: false,
  reviveValues: true,
  sanitize: true,
};

type Block = Record<string, unknown>;

interface Raw {
  ifd0: Block;
  exif: Block;
  gps: Block;
  iptc: Block;
  interop: Block;
  ihdr: Block;
  xmp: XmpValues;
}

// ---------------------------------------------------------------------------------------------
// Text clean-up

/**
 * exifr reads IPTC (and EXIF ASCII) text as Latin-1, but most writers store UTF-8 there, so "Å"
 * comes back as "Ã…". Latin-1 text that decodes cleanly as UTF-8, with at least one multi-byte
 * character, was UTF-8.
 */
function repairUtf8(text: string): string {
  // eslint-disable-next-line no-control-regex -- any character beyond Latin-1
  if (!/[\u00c2-\u00f4][\u0080-\u00bf]/.test(text) || /[^\u0000-\u00ff]/.test(text)) return text;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(text, "latin1"));
  } catch {
    return text;
  }
}

/** Trimmed, line breaks as \n, tabs as spaces, no other control characters, at most 10 000. */
export function cleanText(value: string): string | undefined {
  let text = value
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufeff\ufff9-\ufffb]/g, "")
    .trim();
  if (text.length > MAX_VALUE_LENGTH) {
    text = text.slice(0, MAX_VALUE_LENGTH);
    // Never end on half of a surrogate pair.
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text === "" ? undefined : text;
}

/** A single text value from a string, number or list (its first usable item). */
function textOf(value: unknown, repair = false): string | undefined {
  if (typeof value === "string") return cleanText(repair ? repairUtf8(value) : value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = textOf(item, repair);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

/** A list of distinct text values, at most MAX_LIST_VALUES. */
function listOf(value: unknown, repair = false): string[] {
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    const text = textOf(item, repair);
    if (text !== undefined && !out.includes(text)) out.push(text);
    if (out.length >= MAX_LIST_VALUES) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// XMP

const NS = {
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  dc: "http://purl.org/dc/elements/1.1/",
  photoshop: "http://ns.adobe.com/photoshop/1.0/",
  iptcCore: "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/",
  xmp: "http://ns.adobe.com/xap/1.0/",
  exif: "http://ns.adobe.com/exif/1.0/",
  exifEX: "http://cipa.jp/exif/1.0/",
  tiff: "http://ns.adobe.com/tiff/1.0/",
  aux: "http://ns.adobe.com/exif/1.0/aux/",
} as const;

/** The XMP properties we read, as "namespace key:local name". */
const XMP_PROPERTIES = [
  "dc:title",
  "dc:description",
  "dc:subject",
  "dc:creator",
  "dc:rights",
  "photoshop:Headline",
  "photoshop:City",
  "photoshop:State",
  "photoshop:Country",
  "photoshop:Credit",
  "photoshop:Source",
  "photoshop:Instructions",
  "photoshop:TransmissionReference",
  "photoshop:AuthorsPosition",
  "photoshop:CaptionWriter",
  "photoshop:DateCreated",
  "photoshop:Urgency",
  "photoshop:ColorMode",
  "photoshop:ICCProfile",
  "iptcCore:Location",
  "xmp:ModifyDate",
  "xmp:CreateDate",
  "exif:DateTimeOriginal",
  "exif:PixelXDimension",
  "exif:PixelYDimension",
  "exifEX:LensModel",
  "aux:Lens",
  "tiff:Make",
  "tiff:Model",
  "tiff:Orientation",
  "tiff:ImageWidth",
  "tiff:ImageLength",
] as const;

type XmpProperty = (typeof XMP_PROPERTIES)[number];
type XmpValues = Partial<Record<XmpProperty, string | string[]>>;

const XML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

function decodeXml(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, data: string) =>
      data.replace(/&/g, "&amp;").replace(/</g, "&lt;"),
    )
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === "#") {
        const code =
          ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : "";
      }
      return XML_ENTITIES[ref.toLowerCase()] ?? whole;
    });
}

/**
 * The properties we use from an XMP packet: simple values (as attributes or elements), language
 * alternatives (x-default, else the first) and bags/sequences (as lists). Prefixes are resolved
 * through the packet's xmlns declarations, so a packet using other prefixes reads the same. One
 * pass over the attributes and one over the start tags.
 */
export function readXmp(packet: string): XmpValues {
  const uris = new Map<string, string>();
  for (const m of packet.matchAll(/xmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g)) {
    if (!uris.has(m[1]!)) uris.set(m[1]!, m[2]!);
  }
  const wanted = new Map<string, XmpProperty>();
  for (const property of XMP_PROPERTIES) {
    const [space, local] = property.split(":") as [keyof typeof NS, string];
    wanted.set(`${NS[space]} ${local}`, property);
  }
  const propertyOf = (prefix: string, local: string) =>
    wanted.get(`${uris.get(prefix) ?? ""} ${local}`);
  const out: XmpValues = {};

  for (const m of packet.matchAll(/\s([\w.-]+):([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const property = propertyOf(m[1]!, m[2]!);
    if (property && out[property] === undefined) out[property] = decodeXml(m[3] ?? m[4] ?? "");
  }
  const rdf = [...uris].filter(([, uri]) => uri === NS.rdf).map(([prefix]) => prefix);
  const isRdf = (prefix: string | undefined) => prefix !== undefined && rdf.includes(prefix);
  const startTag = /<([\w.-]+):([\w.-]+)(\s[^>]*?)?(\/?)>/g;
  for (let m = startTag.exec(packet); m; m = startTag.exec(packet)) {
    const property = propertyOf(m[1]!, m[2]!);
    if (!property || out[property] !== undefined || m[4] === "/") continue;
    const end = packet.indexOf(`</${m[1]}:${m[2]}`, startTag.lastIndex);
    if (end < 0) continue;
    const inner = packet.slice(startTag.lastIndex, end);
    startTag.lastIndex = end;
    const items: { lang?: string; value: string }[] = [];
    const container = /<([\w.-]+):(Alt|Bag|Seq)\b/.exec(inner);
    if (container && isRdf(container[1])) {
      for (const li of inner.matchAll(/<([\w.-]+):li\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1:li\s*>)/g)) {
        if (!isRdf(li[1])) continue;
        const lang = /xml:lang\s*=\s*["']([^"']*)["']/.exec(li[2] ?? "")?.[1]?.toLowerCase();
        items.push({ lang, value: decodeXml(li[3] ?? "") });
      }
    }
    if (container?.[2] === "Alt") {
      const chosen = items.find((i) => i.lang === "x-default") ?? items[0];
      if (chosen) out[property] = chosen.value;
    } else if (container) {
      out[property] = items.map((i) => i.value);
    } else {
      out[property] = decodeXml(inner);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dates

/** "+02:00", "-0530", "Z" → minutes east of UTC; undefined when it is not an offset. */
function offsetMinutes(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (/^z$/i.test(text)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return minutes > 14 * 60 ? undefined : (m[1] === "-" ? -1 : 1) * minutes;
}

function instant(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
  offset = 0,
): string | undefined {
  if (year < 1800 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31)
    return undefined;
  if (hour > 24 || minute > 59 || second > 60) return undefined;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000;
  const check = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 February over into March: such a date does not exist.
  if (check.getUTCDate() !== day || Number.isNaN(time)) return undefined;
  return new Date(time).toISOString();
}

/** An EXIF date exifr revived as local time: its wall-clock reading, at the given offset. */
function exifDate(value: unknown, offset: unknown): string | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    return instant(
      value.getFullYear(),
      value.getMonth() + 1,
      value.getDate(),
      value.getHours(),
      value.getMinutes(),
      value.getSeconds(),
      0,
      offsetMinutes(offset) ?? 0,
    );
  }
  if (typeof value === "string") return isoDate(value.replace(/^(\d{4}):(\d{2}):/, "$1-$2-"));
  return undefined;
}

/** An ISO 8601 (XMP) date or date-time; without a zone it is read as UTC. */
function isoDate(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const m =
    /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?)?)?$/i.exec(
      value.trim(),
    );
  if (!m) return undefined;
  return instant(
    Number(m[1]),
    Number(m[2] ?? 1),
    Number(m[3] ?? 1),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
    m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0,
    m[8] ? (offsetMinutes(m[8]) ?? 0) : 0,
  );
}

/** IPTC DateCreated (CCYYMMDD) with TimeCreated (HHMMSS±HHMM); a zoneless time is UTC. */
function iptcDate(date: unknown, time: unknown): string | undefined {
  const d = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(textOf(date) ?? "");
  if (!d) return undefined;
  const t = /^(\d{2}):?(\d{2}):?(\d{2})?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(textOf(time) ?? "");
  // "00" for an unknown month or day (allowed by IPTC) is read as the first.
  return instant(
    Number(d[1]),
    Number(d[2]) || 1,
    Number(d[3]) || 1,
    t ? Number(t[1]) : 0,
    t ? Number(t[2]) : 0,
    t ? Number(t[3] ?? 0) : 0,
    0,
    t?.[4] ? (offsetMinutes(t[4]) ?? 0) : 0,
  );
}

/** The calendar date as written (yyyy-mm-dd), for field 55; no zone conversion. */
function calendarDate(xmpValue: unknown, iptcValue: unknown): string | undefined {
  const xmpMatch = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(textOf(xmpValue) ?? "");
  const iptcMatch = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(textOf(iptcValue) ?? "");
  const m = xmpMatch ?? iptcMatch;
  if (!m) return undefined;
  const [year, month, day] = [
    m[1]!,
    m[2] && m[2] !== "00" ? m[2] : "01",
    m[3] && m[3] !== "00" ? m[3] : "01",
  ];
  return instant(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : undefined;
}

// ---------------------------------------------------------------------------------------------
// Fields

/** Single-valued fields: the XMP property, then the IPTC dataset, then an EXIF fallback. */
const SINGLE_FIELDS: [id: number, xmp: XmpProperty | null, iptc: string, exif?: string][] = [
  [5, "dc:title", "ObjectName"],
  [40, "photoshop:Instructions", "SpecialInstructions"],
  [85, "photoshop:AuthorsPosition", "BylineTitle"],
  [90, "photoshop:City", "City"],
  [92, "iptcCore:Location", "Sublocation"],
  [95, "photoshop:State", "State"],
  [101, "photoshop:Country", "Country"],
  [103, "photoshop:TransmissionReference", "OriginalTransmissionReference"],
  [105, "photoshop:Headline", "Headline"],
  [110, "photoshop:Credit", "Credit"],
  [115, "photoshop:Source", "Source"],
  [116, "dc:rights", "CopyrightNotice", "Copyright"],
  [120, "dc:description", "Caption", "ImageDescription"],
  [122, "photoshop:CaptionWriter", "Writer"],
];

/** Descriptions cameras write by themselves: not a caption anyone wrote. */
const CAMERA_DESCRIPTIONS =
  /^(?:OLYMPUS DIGITAL CAMERA|SONY DSC|DIGITAL CAMERA|KONICA MINOLTA DIGITAL CAMERA|MINOLTA DIGITAL CAMERA|SAMSUNG CAMERA PICTURES|LEICA DIGITAL CAMERA|Default|Exif_JPEG_PICTURE|Picture|Image|DCIM)$/i;

function fieldsOf(raw: Raw): Record<number, string | string[]> {
  const { xmp, iptc, ifd0 } = raw;
  const fields: Record<number, string | string[]> = {};
  for (const [id, xmpKey, iptcKey, exifKey] of SINGLE_FIELDS) {
    let value = (xmpKey ? textOf(xmp[xmpKey]) : undefined) ?? textOf(iptc[iptcKey], true);
    if (value === undefined && exifKey) {
      value = textOf(ifd0[exifKey], true);
      if (id === 120 && value !== undefined && CAMERA_DESCRIPTIONS.test(value)) value = undefined;
    }
    if (value !== undefined) fields[id] = value;
  }

  const urgency = textOf(xmp["photoshop:Urgency"]) ?? textOf(iptc.Urgency, true);
  if (urgency !== undefined && /^\d$/.test(urgency)) fields[10] = urgency;

  let keywords = listOf(xmp["dc:subject"]);
  if (keywords.length === 0) keywords = listOf(iptc.Keywords, true);
  if (keywords.length === 0 && typeof ifd0.XPKeywords === "string") {
    keywords = listOf(ifd0.XPKeywords.split(";"));
  }
  if (keywords.length > 0) fields[25] = keywords;

  let byline = listOf(xmp["dc:creator"]);
  if (byline.length === 0) byline = listOf(iptc.Byline, true);
  if (byline.length === 0) byline = listOf(ifd0.Artist, true);
  if (byline.length > 0) fields[80] = byline;

  const created = calendarDate(xmp["photoshop:DateCreated"], iptc.DateCreated);
  if (created) fields[55] = created;
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Technical values

const number = (value: unknown): number | undefined => {
  const n = Array.isArray(value) ? Number(value[0]) : Number(value);
  return typeof value !== "boolean" && value !== null && value !== "" && Number.isFinite(n)
    ? n
    : undefined;
};

function dimension(...values: unknown[]): number | undefined {
  for (const value of values) {
    const n = number(value);
    if (n !== undefined && Number.isInteger(n) && n > 0 && n <= 1_000_000) return n;
  }
  return undefined;
}

function colorSpaceOf(raw: Raw): ColorSpace | undefined {
  const mode = number(raw.xmp["photoshop:ColorMode"]);
  if (mode === 4) return "cmyk";
  if (mode === 0 || mode === 1 || mode === 8) return "b-w";
  if (mode === 9) return "lab";
  const profile = textOf(raw.xmp["photoshop:ICCProfile"]) ?? "";
  if (/adobe\s*rgb|compatible with adobe/i.test(profile)) return "adobergb";
  if (/prophoto|romm/i.test(profile)) return "prophoto";
  if (/p3/i.test(profile)) return "p3";
  if (/srgb|iec\s*61966/i.test(profile)) return "srgb";
  if (/coated|uncoated|fogra|swop|gracol|cmyk|pso/i.test(profile)) return "cmyk";
  if (/gr[ae]y|dot gain|gamma/i.test(profile)) return "b-w";
  const exifSpace = number(raw.exif.ColorSpace);
  if (exifSpace === 1) return "srgb";
  if (exifSpace === 2) return "adobergb";
  // DCF: "uncalibrated" with the R03 interoperability index is Adobe RGB.
  if (exifSpace === 65535 && textOf(raw.interop.InteropIndex) === "R03") return "adobergb";
  const pngType = number(raw.ihdr.ColorType);
  if (pngType === 0 || pngType === 4) return "b-w";
  if (pngType === 2 || pngType === 3 || pngType === 6) return "srgb";
  return undefined;
}

function exposureOf(seconds: number | undefined): string | undefined {
  if (seconds === undefined || seconds <= 0) return undefined;
  if (seconds >= 0.3) return `${Number(seconds.toFixed(1))}`;
  return `1/${Math.round(1 / seconds)}`;
}

function cameraOf(raw: Raw): ExtractedMetadata["camera"] {
  const { ifd0, exif, xmp } = raw;
  const camera: NonNullable<ExtractedMetadata["camera"]> = {
    make: textOf(ifd0.Make, true) ?? textOf(xmp["tiff:Make"]),
    model: textOf(ifd0.Model, true) ?? textOf(xmp["tiff:Model"]),
    lens:
      textOf(exif.LensModel, true) ?? textOf(xmp["exifEX:LensModel"]) ?? textOf(xmp["aux:Lens"]),
    exposure: exposureOf(number(exif.ExposureTime)),
    fNumber: number(exif.FNumber),
    iso: number(exif.ISO),
    focalLength: number(exif.FocalLength),
  };
  for (const key of Object.keys(camera) as (keyof typeof camera)[]) {
    if (camera[key] === undefined) delete camera[key];
  }
  return Object.keys(camera).length > 0 ? camera : undefined;
}

function gpsOf(gps: Block): ExtractedMetadata["gps"] {
  const latitude = number(gps.latitude);
  const longitude = number(gps.longitude);
  if (latitude === undefined || longitude === undefined) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  // 0,0 is what receivers without a fix write.
  if (latitude === 0 && longitude === 0) return undefined;
  const altitude = number(gps.GPSAltitude);
  const below = number(gps.GPSAltitudeRef) === 1;
  return {
    latitude,
    longitude,
    ...(altitude !== undefined ? { altitude: below ? -altitude : altitude } : {}),
  };
}

// ---------------------------------------------------------------------------------------------

const block = (value: unknown): Block =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Block) : {};

async function parse(filePath: string): Promise<Raw> {
  let out: Block = {};
  try {
    // exifr leaves its file handle open when a file is too short to hold a header.
    const { size } = await fs.stat(filePath);
    if (size >= 16) out = block(await exifr.parse(filePath, PARSE_OPTIONS));
  } catch {
    // Unknown format, unreadable or broken metadata: nothing to report.
  }
  let xmp: XmpValues = {};
  if (typeof out.xmp === "string") {
    try {
      xmp = readXmp(out.xmp);
    } catch {
      xmp = {};
    }
  }
  return {
    ifd0: block(out.ifd0),
    exif: block(out.exif),
    gps: block(out.gps),
    iptc: block(out.iptc),
    interop: block(out.interop),
    ihdr: block(out.ihdr),
    xmp,
  };
}

/**
 * Reads EXIF, IPTC and XMP with exifr (one parse, from the file path; never throws on broken or
 * missing metadata: returns what it could, at least { fields: {}, dates: {} }). XMP is preferred
 * over IPTC where both hold a field, IPTC over EXIF.
 */
export async function extractMetadata(filePath: string): Promise<ExtractedMetadata> {
  const raw = await parse(filePath);
  const result: ExtractedMetadata = { fields: {}, dates: {} };
  try {
    result.fields = fieldsOf(raw);
  } catch {
    result.fields = {};
  }
  try {
    const { ifd0, exif, ihdr, xmp, iptc } = raw;
    const orientation = number(ifd0.Orientation) ?? number(xmp["tiff:Orientation"]);
    if (
      orientation !== undefined &&
      Number.isInteger(orientation) &&
      orientation >= 1 &&
      orientation <= 8
    ) {
      result.orientation = orientation;
    }
    const width = dimension(
      exif.ExifImageWidth,
      ifd0.ImageWidth,
      ihdr.ImageWidth,
      xmp["exif:PixelXDimension"],
      xmp["tiff:ImageWidth"],
    );
    const height = dimension(
      exif.ExifImageHeight,
      ifd0.ImageHeight,
      ihdr.ImageHeight,
      xmp["exif:PixelYDimension"],
      xmp["tiff:ImageLength"],
    );
    if (width !== undefined && height !== undefined) {
      const turned = (result.orientation ?? 1) >= 5;
      result.width = turned ? height : width;
      result.height = turned ? width : height;
    }
    const colorSpace = colorSpaceOf(raw);
    if (colorSpace) result.colorSpace = colorSpace;
    const camera = cameraOf(raw);
    if (camera) result.camera = camera;
    const gps = gpsOf(raw.gps);
    if (gps) result.gps = gps;

    const camDate =
      exifDate(exif.DateTimeOriginal, exif.OffsetTimeOriginal) ??
      exifDate(exif.CreateDate, exif.OffsetTimeDigitized) ??
      isoDate(xmp["exif:DateTimeOriginal"]) ??
      isoDate(xmp["xmp:CreateDate"]);
    const iptcInstant =
      isoDate(xmp["photoshop:DateCreated"]) ?? iptcDate(iptc.DateCreated, iptc.TimeCreated);
    const modified = isoDate(xmp["xmp:ModifyDate"]) ?? exifDate(ifd0.ModifyDate, exif.OffsetTime);
    if (camDate) result.dates.camera = camDate;
    if (iptcInstant) result.dates.iptc = iptcInstant;
    if (modified) result.dates.modified = modified;
    const release = iptcDate(iptc.ReleaseDate, iptc.ReleaseTime);
    if (release) result.dates.release = release;
  } catch {
    // Keep what was read before the value that broke.
  }
  return result;
}
