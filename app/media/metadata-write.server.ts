import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DefaultExiftoolArgs, ExifTool, type WriteTags } from "exiftool-vendored";
import sharp from "sharp";
import { cleanText, extractMetadata, MAX_LIST_VALUES } from "~/media/metadata.server";
import { MAX_INPUT_PIXELS } from "~/media/renditions.server";
import { METADATA_FIELDS, valuesOf, type FieldValues } from "~/models/metadata/metadata-fields";
import { ARKIV_XMP_NAMESPACE, FIXED_FIELD } from "~/models/metadata/metadata.schema";
import { singleton } from "~/utils/singleton.server";

/*
 * Writing a revision's metadata into a copy of its file (issue 17, decision 050), and the demo
 * photographs' IPTC (decision 074). This is the one module that talks to exiftool
 * (exiftool-vendored on Debian's perl): one shared ExifTool, its perl processes kept up between
 * calls and ended by `endMetadataWriter` on shutdown.
 *
 * The source file is only ever read: exiftool writes a new file (`-o`), which is verified before
 * anyone may use it. Verified means: the image data is the same (JPEG: a digest of every segment
 * that makes pixels, which exiftool never rewrites, with the orientation read back equal; other
 * images: the decoded pixels), sharp still opens it, and ingest's own reader
 * (`extractMetadata`) reads back exactly the values written, so a re-ingest gives the same fields.
 */

/**
 * exiftool's user-defined tags: XMP-arkiv:Fields, a sequence of { Id, Value } structures, one per
 * value (a field with three values has three). Custom field ids run up to 999 999 999, so one tag
 * per field cannot be declared in advance; and exiftool-vendored cannot pass a list inside a
 * structure safely (its items are not escaped), so there is none.
 */
const EXIFTOOL_CONFIG = `%Image::ExifTool::UserDefined = (
  'Image::ExifTool::XMP::Main' => {
    arkiv => { SubDirectory => { TagTable => 'Image::ExifTool::UserDefined::arkiv' } },
  },
);
%Image::ExifTool::UserDefined::arkiv = (
  GROUPS => { 0 => 'XMP', 1 => 'XMP-arkiv', 2 => 'Image' },
  NAMESPACE => { 'arkiv' => '${ARKIV_XMP_NAMESPACE}' },
  WRITABLE => 'string',
  Fields => {
    List => 'Seq',
    Struct => {
      STRUCT_NAME => 'ArkivField',
      NAMESPACE => 'arkiv',
      Id => { Writable => 'integer' },
      Value => { },
    },
  },
);
1;
`;

/** Write-backs running at once in one process: the worker's concurrency, at most the cores. */
export const WRITER_PROCESSES = Math.max(1, Math.min(4, os.availableParallelism()));

interface Writer {
  exiftool: ExifTool | undefined;
  configDir: string | undefined;
}

const state = () =>
  singleton<Writer>("metadataWriter", () => ({ exiftool: undefined, configDir: undefined }));

async function exiftool(): Promise<ExifTool> {
  const s = state();
  if (s.exiftool) return s.exiftool;
  // The configuration is written where the process can always write: the build's own folder
  // may be read-only, and -config must name a file.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arkiv-exiftool-"));
  const config = path.join(dir, "arkiv.config");
  await fs.writeFile(config, EXIFTOOL_CONFIG);
  if (s.exiftool) {
    await fs.rm(dir, { recursive: true, force: true });
    return s.exiftool;
  }
  s.configDir = dir;
  s.exiftool = new ExifTool({
    maxProcs: WRITER_PROCESSES,
    // -config must come first on exiftool's command line.
    exiftoolArgs: ["-config", config, ...DefaultExiftoolArgs],
    taskTimeoutMillis: 60_000,
  });
  return s.exiftool;
}

/** Ends exiftool's processes (server shutdown, the end of a test or a benchmark). */
export async function endMetadataWriter(): Promise<void> {
  const s = state();
  const running = s.exiftool;
  const dir = s.configDir;
  s.exiftool = undefined;
  s.configDir = undefined;
  await running?.end();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}

/**
 * `tags` written into a copy of the JPEG `data`, returned (the demo photographs' IPTC). exiftool
 * works on files: the JPEG passes through a temporary folder, removed whatever happens.
 */
export async function writeTagsIntoJpeg(data: Buffer, tags: WriteTags): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "arkiv-tags-"));
  try {
    const source = path.join(dir, "source.jpg");
    const target = path.join(dir, "written.jpg");
    await fs.writeFile(source, data);
    const tool = await exiftool();
    await tool.write(source, tags, { writeArgs: ["-o", target] });
    return await fs.readFile(target);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// What is written

interface Mapping {
  id: number;
  xmp: string;
  /** The IPTC dataset and its length limit in bytes (IIM 4.2). */
  iptc?: [tag: string, maxBytes: number];
  /** An EXIF fallback ingest reads when XMP and IPTC have nothing. */
  exif?: string;
  list?: boolean;
}

/** Every built-in field ingest reads (metadata.server.ts), where ingest reads it. */
const MAPPINGS: Mapping[] = [
  { id: 5, xmp: "XMP-dc:Title", iptc: ["IPTC:ObjectName", 64] },
  { id: 10, xmp: "XMP-photoshop:Urgency", iptc: ["IPTC:Urgency", 1] },
  { id: 25, xmp: "XMP-dc:Subject", iptc: ["IPTC:Keywords", 64], list: true },
  { id: 40, xmp: "XMP-photoshop:Instructions", iptc: ["IPTC:SpecialInstructions", 256] },
  { id: 55, xmp: "XMP-photoshop:DateCreated", iptc: ["IPTC:DateCreated", 10] },
  { id: 80, xmp: "XMP-dc:Creator", iptc: ["IPTC:By-line", 32], exif: "EXIF:Artist", list: true },
  { id: 85, xmp: "XMP-photoshop:AuthorsPosition", iptc: ["IPTC:By-lineTitle", 32] },
  { id: 90, xmp: "XMP-photoshop:City", iptc: ["IPTC:City", 32] },
  { id: 92, xmp: "XMP-iptcCore:Location", iptc: ["IPTC:Sub-location", 32] },
  { id: 95, xmp: "XMP-photoshop:State", iptc: ["IPTC:Province-State", 32] },
  { id: 101, xmp: "XMP-photoshop:Country", iptc: ["IPTC:Country-PrimaryLocationName", 64] },
  {
    id: 103,
    xmp: "XMP-photoshop:TransmissionReference",
    iptc: ["IPTC:OriginalTransmissionReference", 32],
  },
  { id: 105, xmp: "XMP-photoshop:Headline", iptc: ["IPTC:Headline", 256] },
  { id: 110, xmp: "XMP-photoshop:Credit", iptc: ["IPTC:Credit", 32] },
  { id: 115, xmp: "XMP-photoshop:Source", iptc: ["IPTC:Source", 32] },
  { id: 116, xmp: "XMP-dc:Rights", iptc: ["IPTC:CopyrightNotice", 128], exif: "EXIF:Copyright" },
  {
    id: 120,
    xmp: "XMP-dc:Description",
    iptc: ["IPTC:Caption-Abstract", 2000],
    exif: "EXIF:ImageDescription",
  },
  { id: 122, xmp: "XMP-photoshop:CaptionWriter", iptc: ["IPTC:Writer-Editor", 32] },
];

const MAX_LENGTH = new Map(METADATA_FIELDS.map((f) => [f.id, f.maxLength]));

/** A custom field to write: its values as stored, cut to its MaxSize. */
export interface CustomFieldToWrite {
  id: number;
  values: string[];
}

export interface WritePlan {
  /** Every mapped tag: a value, or "" / null to remove it, so the file matches exactly. */
  tags: WriteTags;
  /** The XMP tags alone with values: a sidecar's content. */
  sidecarTags: WriteTags;
  /** What ingest's reader must read back from the written file. */
  expected: Record<number, string | string[]>;
  custom: CustomFieldToWrite[];
}

/** At most `bytes` of UTF-8, never half a character. */
function cutBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let out = "";
  let used = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (used + size > bytes) break;
    out += ch;
    used += size;
  }
  return out.trimEnd();
}

/** Cleaned as ingest cleans what it reads, then cut to the field's length. */
function clean(value: string, maxLength: number): string | undefined {
  let text = cleanText(value);
  if (text === undefined) return undefined;
  if (text.length > maxLength) {
    text = text.slice(0, maxLength);
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text === "" ? undefined : text;
}

function cleanList(values: string[], maxLength: number): string[] {
  const out: string[] = [];
  for (const value of values) {
    const text = clean(value, maxLength);
    if (text !== undefined && !out.includes(text)) out.push(text);
    if (out.length >= MAX_LIST_VALUES) break;
  }
  return out;
}

/**
 * The tags that make a file carry `fields` and nothing else in the mapped places: built-in
 * fields into XMP, IPTC (UTF-8) and the EXIF fallbacks ingest reads; the rating into xmp:Rating;
 * the custom fields given into our own namespace. Notes and status stay in the database.
 */
export function writePlan(fields: FieldValues, custom: CustomFieldToWrite[] = []): WritePlan {
  const tags: WriteTags = {};
  const set = tags as Record<string, unknown>;
  const sidecar = {} as Record<string, unknown>;
  const expected: Record<number, string | string[]> = {};
  for (const m of MAPPINGS) {
    const max = MAX_LENGTH.get(m.id) ?? 1000;
    const given = valuesOf(fields[m.id]);
    let values = m.list
      ? cleanList(given, max)
      : [clean(given.join(" "), max)].flatMap((v) => v ?? []);
    // Ingest keeps only these: anything else cannot be held by the file's date and number tags.
    if (m.id === 10) values = values.filter((v) => /^\d$/.test(v));
    if (m.id === 55)
      values = values.filter(
        (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
      );
    if (values.length > 0) expected[m.id] = m.list ? values : values[0]!;
    const value = m.list ? values : (values[0] ?? "");
    set[m.xmp] = m.list ? values : value;
    if (values.length > 0) sidecar[m.xmp] = value;
    if (m.iptc) {
      const [tag, bytes] = m.iptc;
      set[tag] = m.list
        ? [...new Set(values.map((v) => cutBytes(v, bytes)).filter((v) => v !== ""))]
        : cutBytes(values[0] ?? "", bytes);
    }
    if (m.exif) set[m.exif] = values.join("; ");
  }
  // Windows' keywords are a fallback ingest reads: a stale one must not come back.
  set["EXIF:XPKeywords"] = "";
  set["IPTC:CodedCharacterSet"] = "UTF8";
  const rating = Number(valuesOf(fields[FIXED_FIELD.rating])[0] ?? 0);
  const validRating = Number.isInteger(rating) && rating >= 1 && rating <= 5;
  set["XMP-xmp:Rating"] = validRating ? rating : "";
  if (validRating) sidecar["XMP-xmp:Rating"] = rating;
  const customs = custom
    .map((c) => ({ id: c.id, values: cleanList(c.values, 10_000) }))
    .filter((c) => c.values.length > 0)
    .sort((a, b) => a.id - b.id);
  const structs = customs.flatMap((c) => c.values.map((value) => ({ Id: c.id, Value: value })));
  set["XMP-arkiv:Fields"] = structs;
  if (structs.length > 0) sidecar["XMP-arkiv:Fields"] = structs;
  return { tags, sidecarTags: sidecar as WriteTags, expected, custom: customs };
}

// ---------------------------------------------------------------------------------------------
// Image checks

/**
 * A digest of what makes a JPEG's pixels: every marker segment but the metadata ones (APP0, APP1
 * EXIF/XMP, APP3–APP13, APP15, COM), with the entropy-coded data. The ICC profile (APP2) and
 * Adobe's colour transform (APP14) are kept in, since they change how pixels look. exiftool
 * never rewrites these, so a written copy has the same digest. null when the file does not parse
 * as a complete JPEG (then the caller decodes instead).
 */
export function jpegImageDigest(data: Buffer): string | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  const hash = createHash("sha256");
  let i = 2;
  let scans = 0;
  while (i + 1 < data.length) {
    if (data[i] !== 0xff) return null;
    const marker = data[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      hash.update(data.subarray(i, i + 2));
      return scans > 0 ? hash.digest("hex") : null;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      hash.update(data.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > data.length) return null;
    const end = i + 2 + data.readUInt16BE(i + 2);
    if (end > data.length || end < i + 4) return null;
    const metadataSegment =
      marker === 0xfe || (marker >= 0xe0 && marker <= 0xef && marker !== 0xe2 && marker !== 0xee);
    if (marker !== 0xda) {
      if (!metadataSegment) hash.update(data.subarray(i, end));
      i = end;
      continue;
    }
    // A scan: its header, then entropy-coded bytes up to the next marker that is not a stuffed
    // zero or a restart.
    scans += 1;
    let j = end;
    for (;;) {
      j = data.indexOf(0xff, j);
      if (j < 0 || j + 1 >= data.length) return null; // no end: truncated
      const next = data[j + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) j += 1;
      else break;
    }
    hash.update(data.subarray(i, j));
    i = j;
  }
  return null;
}

/** The decoded pixels' digest, or a reason the image does not decode. */
async function pixelDigest(file: string): Promise<{ digest: string } | { error: string }> {
  try {
    const { data, info } = await sharp(file, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: "truncated",
      sequentialRead: true,
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hash = createHash("sha256").update(data);
    hash.update(`${info.width}x${info.height}x${info.channels}`);
    return { digest: hash.digest("hex") };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

interface ImageCheck {
  kind: "jpeg" | "pixels";
  digest: string;
  orientation?: number;
}

/** What the copy must keep, from the source; a reason when the source is damaged. */
async function checkSource(file: string, mime: string): Promise<ImageCheck | { damaged: string }> {
  if (mime === "image/jpeg") {
    const digest = jpegImageDigest(await fs.readFile(file));
    if (digest) return { kind: "jpeg", digest };
  }
  const pixels = await pixelDigest(file);
  if ("error" in pixels)
    return { damaged: `The file does not decode as an image (${pixels.error}).` };
  return { kind: "pixels", digest: pixels.digest };
}

async function sameImage(check: ImageCheck, file: string): Promise<string | null> {
  if (check.kind === "jpeg") {
    const digest = jpegImageDigest(await fs.readFile(file));
    if (digest !== check.digest) return "the written copy's image data differs from the original";
  } else {
    const pixels = await pixelDigest(file);
    if ("error" in pixels) return `the written copy does not decode (${pixels.error})`;
    if (pixels.digest !== check.digest) return "the written copy's pixels differ from the original";
  }
  try {
    // sharp must still open the copy as it opens uploads.
    await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    return `sharp cannot open the written copy (${(error as Error).message})`;
  }
  return null;
}

/** Whether this image data checks as the source's (for tests: a tampered copy must fail). */
export async function verifyImage(source: string, copy: string, mime: string): Promise<boolean> {
  const check = await checkSource(source, mime);
  if ("damaged" in check) return false;
  return (await sameImage(check, copy)) === null;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Formats exiftool writes whose pixels we compare. */
const IMAGE_FORMATS = new Set(["image/jpeg", "image/png", "image/tiff", "image/webp"]);
/** Of those, the ones ingest's reader (exifr) reads the written values from. */
const INGEST_READS = new Set(["image/jpeg", "image/png"]);
/** Formats exiftool writes whose content we cannot compare: checked by reading the values back. */
const OTHER_FORMATS = new Set(["application/pdf", "video/mp4", "video/quicktime"]);

/** exiftool's -o names the output by its extension: the source's blob path has none. */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/tiff": ".tif",
  "application/pdf": ".pdf",
  "video/mp4": ".mp4",
  "video/quicktime": ".mov",
  "image/webp": ".webp",
};
const extensionOf = (mime: string) => EXTENSIONS[mime] ?? "";

export function canWriteInto(mime: string): boolean {
  return IMAGE_FORMATS.has(mime) || OTHER_FORMATS.has(mime);
}

export type WriteOutcome =
  /** A verified copy at `file` (the caller's to store and remove). */
  | { kind: "written"; file: string; size: number }
  /** The format cannot hold it, exiftool refused, or the copy failed a check: use a sidecar. */
  | { kind: "sidecar"; reason: string }
  /** The original is damaged: nothing is written. */
  | { kind: "damaged"; reason: string };

const sameList = (a: string[], b: string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

function sameValue(a: string | string[] | undefined, b: string | string[] | undefined) {
  if (a === undefined || b === undefined) return a === b;
  return sameList(valuesOf(a), valuesOf(b)) && Array.isArray(a) === Array.isArray(b);
}

/** The first mapped field ingest would read differently from what was written, if any. */
function differingField(
  read: Record<number, string | string[]>,
  expected: Record<number, string | string[]>,
): number | null {
  for (const m of MAPPINGS) if (!sameValue(read[m.id], expected[m.id])) return m.id;
  return null;
}

const asText = (v: unknown): string => (typeof v === "string" ? v : String(v));

/** The values exiftool reads back, for what ingest's reader does not parse (custom, non-images). */
async function readBackDiffers(file: string, plan: WritePlan, checkBuiltins: boolean) {
  const tool = await exiftool();
  const read = (await tool.readRaw(file, { readArgs: ["-G1", "-struct", "-XMP:all"] })) as Record<
    string,
    unknown
  >;
  if (checkBuiltins) {
    for (const m of MAPPINGS) {
      const raw = read[m.xmp];
      const got = raw === undefined ? [] : Array.isArray(raw) ? raw.map(asText) : [asText(raw)];
      if (!sameList(got, valuesOf(plan.expected[m.id]))) return `field ${m.id}`;
    }
  }
  const fields = read["XMP-arkiv:Fields"];
  const got = (Array.isArray(fields) ? fields : fields ? [fields] : []).map((f) => {
    const s = (f ?? {}) as { Id?: unknown; Value?: unknown };
    return `${asText(s.Id)}=${asText(s.Value ?? "")}`;
  });
  const want = plan.custom.flatMap((c) => c.values.map((v) => `${c.id}=${v}`));
  return sameList(got, want) ? null : "the custom fields";
}

const describe = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/ - \/\S+$/, "").slice(0, 500);

/**
 * Writes `plan` into a copy of `source` (never into `source`) at a new file in `dir`, and
 * verifies it. The copy is the caller's; on any outcome but "written" nothing is left in `dir`.
 */
export async function writeMetadataCopy(
  source: string,
  mime: string,
  plan: WritePlan,
  dir: string,
): Promise<WriteOutcome> {
  if (!canWriteInto(mime))
    return { kind: "sidecar", reason: `exiftool cannot write into ${mime} files` };
  const stamp = process.hrtime.bigint();
  const target = path.join(dir, `written-${stamp}${extensionOf(mime)}`);
  // exiftool tells a file's format by its extension first, and a blob's path has none: it reads
  // the source through a link that has one.
  const named = path.join(dir, `source-${stamp}${extensionOf(mime)}`);
  await fs.symlink(path.resolve(source), named);
  const tool = await exiftool();
  const remove = () => fs.rm(target, { force: true });
  // The source is checked while exiftool (another process) writes, so the check costs no time;
  // a damaged source throws the copy away.
  const sourceCheck = inspectSource(source, mime);
  sourceCheck.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
  let refusal: string | null = null;
  try {
    const result = await tool.write(named, plan.tags, { writeArgs: ["-o", target] });
    if (result.created + result.updated < 1) refusal = "exiftool wrote no file";
  } catch (error) {
    refusal = `exiftool refused the file: ${describe(error)}`;
  } finally {
    await fs.rm(named, { force: true });
  }
  try {
    const inspected = await sourceCheck;
    if (inspected && "damaged" in inspected) {
      await remove();
      return { kind: "damaged", reason: inspected.damaged };
    }
    if (refusal) {
      await remove();
      return { kind: "sidecar", reason: refusal };
    }
    const [{ size }, { size: sourceSize }] = await Promise.all([fs.stat(target), fs.stat(source)]);
    // Metadata alone: the copy is never smaller than a tenth, nor more than the values' size over.
    const tagBytes = Buffer.byteLength(JSON.stringify(plan.tags)) * 4 + 256 * 1024;
    if (size < sourceSize / 10 || size > sourceSize + tagBytes) {
      await remove();
      return { kind: "sidecar", reason: `the written copy's size (${size} bytes) is not sane` };
    }
    const problem = await checkCopy(target, mime, plan, inspected);
    if (problem) {
      await remove();
      return { kind: "sidecar", reason: `verification failed: ${problem}` };
    }
    return { kind: "written", file: target, size };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** What the copy is checked against: the source's image data and orientation. */
async function inspectSource(
  source: string,
  mime: string,
): Promise<{ check: ImageCheck; orientation?: number } | { damaged: string } | null> {
  if (!IMAGE_FORMATS.has(mime)) return null;
  const [check, before] = await Promise.all([
    checkSource(source, mime),
    INGEST_READS.has(mime) ? extractMetadata(source) : undefined,
  ]);
  if ("damaged" in check) return check;
  return { check, orientation: before?.orientation };
}

/** Why the written copy is not the source with the plan's values, or null when it is. */
async function checkCopy(
  target: string,
  mime: string,
  plan: WritePlan,
  inspected: { check: ImageCheck; orientation?: number } | null,
): Promise<string | null> {
  if (INGEST_READS.has(mime)) {
    const [image, after] = await Promise.all([
      inspected ? sameImage(inspected.check, target) : null,
      extractMetadata(target),
    ]);
    if (image) return image;
    if ((after.orientation ?? 1) !== (inspected?.orientation ?? 1))
      return "the orientation changed";
    const differs = differingField(after.fields, plan.expected);
    if (differs !== null) return `field ${differs} does not read back`;
    return plan.custom.length > 0 ? readBackDiffers(target, plan, false) : null;
  }
  const image = inspected ? await sameImage(inspected.check, target) : null;
  if (image) return image;
  // exifr does not read these (or not every TIFF exiftool writes): exiftool reads them back.
  const differs = await readBackDiffers(target, plan, true);
  return differs ? `${differs} does not read back` : null;
}

/** An XMP sidecar holding `plan`'s values, made at a new file in `dir`. */
export async function writeSidecar(plan: WritePlan, dir: string): Promise<string> {
  const target = path.join(dir, `sidecar-${process.hrtime.bigint()}.xmp`);
  const tool = await exiftool();
  // The date also keeps a plan without values from making no file at all.
  const stamp = new Date()
    .toISOString()
    .replace(/^(\d+)-(\d+)-(\d+)T([\d:]+)\.\d+Z$/, "$1:$2:$3 $4+00:00");
  await tool.write(target, { ...plan.sidecarTags, "XMP-xmp:MetadataDate": stamp } as WriteTags, {
    writeArgs: [],
  });
  return target;
}

/**
 * The bare tool, for the benchmark: the same tags into a copy, with nothing checked. Not for
 * production use.
 */
export async function writeUnchecked(source: string, plan: WritePlan, target: string) {
  const tool = await exiftool();
  await tool.write(source, plan.tags, { writeArgs: ["-o", target] });
}
