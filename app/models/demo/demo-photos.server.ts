import type { WriteTags } from "exiftool-vendored";
import sharp, { type Exif, type Sharp } from "sharp";
import { writeTagsIntoJpeg } from "~/media/metadata-write.server";
import {
  IPTC_MAX,
  mixSeed,
  offsetString,
  pad,
  planPhoto,
  round6,
  Rng,
  slug,
  textsFor,
  type DemoColorSpace,
  type PhotoPlan,
  type PhotoTexts,
} from "./demo-plan.server";
import { renderScene } from "./demo-scene.server";

export { IPTC_MAX, type DemoColorSpace };

/*
 * The demo archive's photographs, made by our own code so a fresh Arkiv shows real content.
 *
 * What each photograph shows and says is planned in demo-plan.server.ts (from the places,
 * photographers and words in ./data) and drawn as SVG in demo-scene.server.ts. Here the SVG is
 * rendered by librsvg through sharp at a fraction of the final size, given luminance grain in JS
 * and scaled up, which softens edges and grain a little, as a lens and sensor would. Grayscale
 * photos are converted by libvips; CMYK ones through a lookup table made once from libvips'
 * built-in CMYK profile (its per-pixel lcms path is ten times slower).
 *
 * Metadata is written three ways so every reader finds it:
 * - EXIF through sharp's withExif (libvips/libexif): IFD0 (Make, Model, Artist, Copyright,
 *   ImageDescription = caption, DateTime), IFD2 = Exif IFD (DateTimeOriginal, OffsetTimeOriginal, exposure,
 *   aperture, ISO, focal length, lens) and IFD3 = GPS IFD (GPSLatitude/Longitude as degree,
 *   minute and hundredths-of-second rationals, refs, altitude, datum). exifr reads the GPS back as
 *   `latitude`/`longitude`. libexif stores EXIF ASCII fields as ASCII: libvips transliterates
 *   non-ASCII text there ("Øystein" → "OEystein", "©" → "(C)"); IPTC and XMP carry the UTF-8 text.
 * - XMP through sharp's withXmp: dc:title, dc:description, dc:subject, dc:creator, dc:rights,
 *   photoshop:Headline/City/State/Country/DateCreated/Credit/Source, Iptc4xmpCore:Location and
 *   CountryCode, exif:GPSLatitude/GPSLongitude (XMP GPSCoordinate form "62,28.500000N").
 * - IPTC IIM by exiftool (the one metadata writer, app/media/metadata-write.server.ts), UTF-8
 *   (record 1:90): object name, keywords, date and time created, by-line, city, sub-location,
 *   province, country code and name, headline, credit, source, copyright notice and caption.
 *   Values are cut to the IIM maxima in bytes on a UTF-8 boundary first. Note: exifr 7 ignores
 *   1:90 and decodes IPTC strings as Latin-1; re-decode them as UTF-8 (with exifr's merged
 *   output, IPTC City/Country/Headline also overwrite the XMP photoshop: values of the same name;
 *   `mergeOutput: false` keeps them apart).
 *
 * Everything derives from a seeded PRNG: the same call gives byte-identical files every run (with
 * the same sharp/libvips and exiftool).
 */

export interface DemoPhoto {
  /** Safe ASCII, unique within one generation run: `[a-z0-9-]+\.jpg`. */
  fileName: string;
  /** A complete JPEG with embedded EXIF, IPTC and XMP. */
  data: Buffer;
  expected: {
    title: string;
    keywords: string[];
    byline: string;
    caption: string;
    copyright: string;
    city: string;
    country: string;
    /** Local camera time with the place's UTC offset, e.g. "2023-06-14T05:12:40+02:00". */
    cameraDate: string;
    gps: { latitude: number; longitude: number };
    width: number;
    height: number;
    colorSpace: DemoColorSpace;
  };
}

export const DEMO_PHOTO_COUNT = 48;

const DEFAULT_SEED = 0x41524b56; // "ARKV"
const DEFAULT_LARGE_EVERY = 8;

/* ------------------------------------------------------------------------------------------ */
/* Rendering                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** Film-grain deltas, a rough Gaussian (sum of three uniforms), indexed by 16 random bits. */
const grainTables = new Map<number, Int8Array>();

function grainTable(amplitude: number): Int8Array {
  const cached = grainTables.get(amplitude);
  if (cached) return cached;
  const rng = new Rng(mixSeed(0x4752, amplitude));
  const table = new Int8Array(65536);
  for (let i = 0; i < table.length; i++) {
    const tri = (rng.next() + rng.next() + rng.next() - 1.5) / 1.5; // −1…1, peaked at 0
    table[i] = Math.max(-127, Math.min(127, Math.round(tri * amplitude)));
  }
  grainTables.set(amplitude, table);
  return table;
}

/** Luminance grain, in place: the same delta on every channel of a pixel. */
function addGrain(pixels: Buffer, channels: number, amplitude: number, seed: number): void {
  const table = grainTable(amplitude);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < pixels.length; i += channels) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const d = table[s & 0xffff] as number;
    for (let c = 0; c < channels; c++) {
      const v = (pixels[i + c] as number) + d;
      pixels[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}

/*
 * CMYK: libvips converts through lcms with its built-in CMYK profile, which is accurate but slow
 * (about 0.4 µs a pixel). We ask it once for a 33³ lookup table, interpolate in JS, and hand
 * sharp the CMYK pixels as an uncompressed TIFF so it writes them without converting again.
 */
const LUT_SIZE = 33;
let cmykLut: Promise<Buffer> | null = null;

function cmykTable(): Promise<Buffer> {
  cmykLut ??= (async () => {
    const n = LUT_SIZE;
    const grid = Buffer.alloc(n * n * n * 3);
    let o = 0;
    for (let r = 0; r < n; r++)
      for (let g = 0; g < n; g++)
        for (let b = 0; b < n; b++) {
          grid[o++] = Math.round((r * 255) / (n - 1));
          grid[o++] = Math.round((g * 255) / (n - 1));
          grid[o++] = Math.round((b * 255) / (n - 1));
        }
    const { data, info } = await sharp(grid, { raw: { width: n * n * n, height: 1, channels: 3 } })
      .toColourspace("cmyk")
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected 4 CMYK channels, got ${info.channels}`);
    return data;
  })();
  return cmykLut;
}

/** sRGB (3 channels) to CMYK (4 channels) by trilinear interpolation in the table. */
function rgbToCmyk(rgb: Buffer, lut: Buffer): Buffer {
  const n = LUT_SIZE;
  const step = 255 / (n - 1);
  const out = Buffer.allocUnsafe((rgb.length / 3) * 4);
  const idx = (r: number, g: number, b: number) => ((r * n + g) * n + b) * 4;
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    const fr = (rgb[i] as number) / step;
    const fg = (rgb[i + 1] as number) / step;
    const fb = (rgb[i + 2] as number) / step;
    const r0 = Math.min(n - 2, Math.floor(fr));
    const g0 = Math.min(n - 2, Math.floor(fg));
    const b0 = Math.min(n - 2, Math.floor(fb));
    const dr = fr - r0;
    const dg = fg - g0;
    const db = fb - b0;
    const c000 = idx(r0, g0, b0);
    const c001 = idx(r0, g0, b0 + 1);
    const c010 = idx(r0, g0 + 1, b0);
    const c011 = idx(r0, g0 + 1, b0 + 1);
    const c100 = idx(r0 + 1, g0, b0);
    const c101 = idx(r0 + 1, g0, b0 + 1);
    const c110 = idx(r0 + 1, g0 + 1, b0);
    const c111 = idx(r0 + 1, g0 + 1, b0 + 1);
    for (let k = 0; k < 4; k++) {
      const x00 = (lut[c000 + k] as number) * (1 - db) + (lut[c001 + k] as number) * db;
      const x01 = (lut[c010 + k] as number) * (1 - db) + (lut[c011 + k] as number) * db;
      const x10 = (lut[c100 + k] as number) * (1 - db) + (lut[c101 + k] as number) * db;
      const x11 = (lut[c110 + k] as number) * (1 - db) + (lut[c111 + k] as number) * db;
      const y0 = x00 * (1 - dg) + x01 * dg;
      const y1 = x10 * (1 - dg) + x11 * dg;
      out[j + k] = Math.round(y0 * (1 - dr) + y1 * dr);
    }
  }
  return out;
}

/** A minimal uncompressed little-endian TIFF around 8-bit CMYK pixels. */
function cmykTiff(width: number, height: number, pixels: Buffer): Buffer {
  // [tag, type (3 SHORT, 4 LONG), value]; BitsPerSample and StripOffsets are filled below.
  const entries: [number, number, number][] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 0],
    [259, 3, 1], // no compression
    [262, 3, 5], // separated (CMYK)
    [273, 4, 0],
    [277, 3, 4],
    [278, 4, height],
    [279, 4, pixels.length],
    [284, 3, 1], // chunky
    [332, 3, 1], // InkSet: CMYK
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const bitsOffset = 8 + ifdSize;
  const dataOffset = bitsOffset + 8;
  const head = Buffer.alloc(dataOffset);
  head.write("II", 0, "latin1");
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const o = 10 + i * 12;
    head.writeUInt16LE(tag, o);
    head.writeUInt16LE(type, o + 2);
    head.writeUInt32LE(tag === 258 ? 4 : 1, o + 4);
    if (tag === 258) head.writeUInt32LE(bitsOffset, o + 8);
    else if (tag === 273) head.writeUInt32LE(dataOffset, o + 8);
    else if (type === 3) head.writeUInt16LE(value, o + 8);
    else head.writeUInt32LE(value, o + 8);
  });
  head.writeUInt32LE(0, 10 + entries.length * 12);
  for (let k = 0; k < 4; k++) head.writeUInt16LE(8, bitsOffset + k * 2);
  return Buffer.concat([head, pixels]);
}

interface RenderOptions {
  /** Fraction of the final size the SVG is rasterised at before scaling up. */
  renderScale: number;
  quality: number;
  kernel: "linear" | "cubic";
}

async function renderJpeg(
  plan: PhotoPlan,
  texts: PhotoTexts,
  opts: RenderOptions,
): Promise<Buffer> {
  const { width, height } = plan;
  const rw = Math.max(64, Math.round(width * opts.renderScale));
  const rh = Math.max(64, Math.round(height * opts.renderScale));
  const body = renderScene(plan, width, height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${rw}" height="${rh}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  // Rasterise small in its own pipeline (given a resize, sharp would render the SVG at the final
  // size), add grain there, and let the upscale soften both a little, like a real lens and sensor.
  const small = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const amplitude =
    plan.colorSpace === "b-w" ? 18 : plan.time === "night" || plan.time === "blue" ? 14 : 10;
  addGrain(small.data, small.info.channels, amplitude, mixSeed(plan.index, 0x6772));
  const resize = { kernel: opts.kernel, fit: "fill" } as const;
  let img: Sharp;
  if (plan.colorSpace === "cmyk") {
    const cmyk = rgbToCmyk(small.data, await cmykTable());
    img = sharp(cmykTiff(small.info.width, small.info.height, cmyk), { limitInputPixels: false })
      .pipelineColourspace("cmyk")
      .resize(width, height, resize)
      .toColourspace("cmyk");
  } else {
    img = sharp(small.data, {
      raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
    }).resize(width, height, resize);
    if (plan.colorSpace === "b-w") img = img.toColourspace("b-w");
  }
  const jpeg = await img
    .withExif(exifFor(plan, texts))
    .withXmp(xmpFor(plan, texts))
    .withDensity(300)
    .jpeg({ quality: opts.quality, chromaSubsampling: "4:2:0", mozjpeg: false })
    .toBuffer();
  return writeTagsIntoJpeg(jpeg, iptcFor(plan, texts));
}

/* ------------------------------------------------------------------------------------------ */
/* Metadata                                                                                   */
/* ------------------------------------------------------------------------------------------ */

function rational(n: number, den = 100): string {
  return `${Math.round(n * den)}/${den}`;
}

/** Degrees as EXIF GPS "d/1 m/1 s*100/100", and the value a reader computes back from it. */
function dms(value: number): { text: string; value: number } {
  const abs = Math.abs(value);
  let d = Math.floor(abs);
  let m = Math.floor((abs - d) * 60);
  let cs = Math.round(((abs - d) * 60 - m) * 60 * 100);
  if (cs >= 6000) {
    cs -= 6000;
    m += 1;
  }
  if (m >= 60) {
    m -= 60;
    d += 1;
  }
  return { text: `${d}/1 ${m}/1 ${cs}/100`, value: d + m / 60 + cs / 360000 };
}

/** The coordinates exactly as written into EXIF (hundredths of an arc-second). */
function writtenGps(plan: PhotoPlan): { latitude: number; longitude: number } {
  const lat = dms(plan.gps.latitude).value * Math.sign(plan.gps.latitude || 1);
  const lon = dms(plan.gps.longitude).value * Math.sign(plan.gps.longitude || 1);
  return { latitude: round6(lat), longitude: round6(lon) };
}

function exifFor(plan: PhotoPlan, t: PhotoTexts): Exif {
  const { local } = plan;
  const exifDate = `${local.year}:${pad(local.month)}:${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
  const offset = offsetString(plan.offsetMinutes, true);
  const e = t.exposure;
  const lat = dms(plan.gps.latitude);
  const lon = dms(plan.gps.longitude);
  const ifd2: Record<string, string> = {
    DateTimeOriginal: exifDate,
    DateTimeDigitized: exifDate,
    OffsetTime: offset,
    OffsetTimeOriginal: offset,
    OffsetTimeDigitized: offset,
    ExposureTime: `${e.time[0]}/${e.time[1]}`,
    FNumber: rational(e.fNumber, 10),
    ExposureProgram: plan.time === "night" ? "1" : "3",
    ISOSpeedRatings: String(e.iso),
    ExposureBiasValue: e.bias === 0 ? "0/3" : `${Math.round(e.bias * 3)}/3`,
    MeteringMode: "5",
    Flash: "16",
    FocalLength: `${e.focal}/1`,
    WhiteBalance: "0",
    ColorSpace: plan.colorSpace === "srgb" ? "1" : "65535",
    BodySerialNumber: t.serial,
    LensMake: plan.lens.make,
    LensModel: plan.lens.model,
    LensSpecification: `${plan.lens.minFocal}/1 ${plan.lens.maxFocal}/1 ${rational(plan.lens.maxAperture, 10)} ${rational(plan.lens.maxAperture, 10)}`,
  };
  return {
    IFD0: {
      Make: plan.photographer.make,
      Model: plan.photographer.model,
      Artist: t.byline,
      Copyright: t.copyright,
      ImageDescription: t.caption,
      DateTime: exifDate,
      Software: "Arkiv demo generator",
    },
    IFD2: ifd2,
    IFD3: {
      GPSVersionID: "2 3 0 0",
      GPSLatitudeRef: plan.gps.latitude < 0 ? "S" : "N",
      GPSLatitude: lat.text,
      GPSLongitudeRef: plan.gps.longitude < 0 ? "W" : "E",
      GPSLongitude: lon.text,
      GPSAltitudeRef: "0",
      GPSAltitude: `${plan.gps.altitude}/1`,
      GPSMapDatum: "WGS-84",
    },
  };
}

/** Escape for XML element content and attribute values. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function xmpGps(value: number, pos: string, neg: string): string {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = (abs - d) * 60;
  return `${d},${m.toFixed(6)}${value < 0 ? neg : pos}`;
}

function xmpFor(plan: PhotoPlan, t: PhotoTexts): string {
  const p = plan.place;
  const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const alt = (name: string, value: string) =>
    `<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${name}>`;
  const gps = writtenGps(plan);
  return [
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Arkiv demo generator">`,
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `<rdf:Description rdf:about=""`,
    ` xmlns:dc="http://purl.org/dc/elements/1.1/"`,
    ` xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"`,
    ` xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"`,
    ` xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"`,
    ` xmlns:xmp="http://ns.adobe.com/xap/1.0/"`,
    ` xmlns:exif="http://ns.adobe.com/exif/1.0/">`,
    alt("dc:title", t.title),
    alt("dc:description", t.caption),
    alt("dc:rights", t.copyright),
    `<dc:creator><rdf:Seq><rdf:li>${escapeXml(t.byline)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:subject><rdf:Bag>${t.keywords.map((k) => `<rdf:li>${escapeXml(k)}</rdf:li>`).join("")}</rdf:Bag></dc:subject>`,
    el("photoshop:Headline", t.title),
    el("photoshop:City", p.city),
    el("photoshop:State", p.region),
    el("photoshop:Country", p.country),
    el("photoshop:DateCreated", t.cameraDate),
    el("photoshop:Credit", t.byline),
    el("photoshop:Source", "Arkiv demo archive"),
    el("Iptc4xmpCore:Location", p.sublocation),
    el("Iptc4xmpCore:CountryCode", p.countryCode),
    el("xmpRights:Marked", "True"),
    el("xmp:CreateDate", t.cameraDate),
    el("xmp:CreatorTool", "Arkiv demo generator"),
    el("exif:GPSLatitude", xmpGps(gps.latitude, "N", "S")),
    el("exif:GPSLongitude", xmpGps(gps.longitude, "E", "W")),
    `</rdf:Description>`,
    `</rdf:RDF>`,
    `</x:xmpmeta>`,
    `<?xpacket end="w"?>`,
  ].join("\n");
}

/* --- IPTC IIM --- */

/** The longest prefix of `text` whose UTF-8 fits in `maxBytes`, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= maxBytes) return text;
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && ((buf[end] as number) & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString("utf8");
}

/** The IPTC datasets exiftool writes, UTF-8, each cut to its IIM maximum. */
function iptcFor(plan: PhotoPlan, t: PhotoTexts): WriteTags {
  const p = plan.place;
  const { local } = plan;
  const tags: Record<string, string | string[]> = {
    "IPTC:CodedCharacterSet": "UTF8",
    "IPTC:ObjectName": truncateUtf8(t.title, IPTC_MAX.objectName),
    "IPTC:Keywords": t.keywords.map((k) => truncateUtf8(k, IPTC_MAX.keyword)),
    "IPTC:DateCreated": `${local.year}:${pad(local.month)}:${pad(local.day)}`,
    "IPTC:TimeCreated": `${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}${offsetString(plan.offsetMinutes, true)}`,
    "IPTC:By-line": truncateUtf8(t.byline, IPTC_MAX.byline),
    "IPTC:City": truncateUtf8(p.city, IPTC_MAX.city),
    "IPTC:Sub-location": truncateUtf8(p.sublocation, IPTC_MAX.sublocation),
    "IPTC:Province-State": truncateUtf8(p.region, IPTC_MAX.state),
    "IPTC:Country-PrimaryLocationCode": truncateUtf8(p.countryCode, IPTC_MAX.countryCode),
    "IPTC:Country-PrimaryLocationName": truncateUtf8(p.country, IPTC_MAX.country),
    "IPTC:Headline": truncateUtf8(t.title, IPTC_MAX.headline),
    "IPTC:Credit": truncateUtf8(t.byline, IPTC_MAX.credit),
    "IPTC:Source": truncateUtf8("Arkiv demo archive", IPTC_MAX.source),
    "IPTC:CopyrightNotice": truncateUtf8(t.copyright, IPTC_MAX.copyright),
    "IPTC:Caption-Abstract": truncateUtf8(t.caption, IPTC_MAX.caption),
  };
  return tags as WriteTags;
}

/* ------------------------------------------------------------------------------------------ */
/* Public API                                                                                 */
/* ------------------------------------------------------------------------------------------ */

type DemoPhotoOptions = { count?: number; largeEvery?: number; seed?: number };

interface Described {
  plan: PhotoPlan;
  texts: PhotoTexts;
  fileName: string;
  expected: DemoPhoto["expected"];
}

function describePhoto(seed: number, index: number, large: boolean): Described {
  const plan = planPhoto(seed, index, large);
  const texts = textsFor(plan);
  // The index keeps names unique however the titles repeat.
  const fileName = `${slug(texts.title) || "photo"}-${pad(index + 1)}.jpg`;
  return {
    plan,
    texts,
    fileName,
    expected: {
      title: texts.title,
      keywords: texts.keywords,
      byline: texts.byline,
      caption: texts.caption,
      copyright: texts.copyright,
      city: plan.place.city,
      country: plan.place.country,
      cameraDate: texts.cameraDate,
      gps: writtenGps(plan),
      width: plan.width,
      height: plan.height,
      colorSpace: plan.colorSpace,
    },
  };
}

function resolveOptions(options: DemoPhotoOptions) {
  const count = options.count ?? DEMO_PHOTO_COUNT;
  const largeEvery = options.largeEvery ?? DEFAULT_LARGE_EVERY;
  const seed = options.seed ?? DEFAULT_SEED;
  const isLarge = (i: number) => largeEvery > 0 && i % largeEvery === largeEvery - 1;
  return { count, seed, isLarge };
}

async function makePhoto(seed: number, index: number, large: boolean): Promise<DemoPhoto> {
  const { plan, texts, fileName, expected } = describePhoto(seed, index, large);
  const data = await renderJpeg(plan, texts, {
    renderScale: large ? 0.5 : 0.75,
    quality: large ? 84 : 86,
    kernel: large ? "linear" : "cubic",
  });
  return { fileName, data, expected };
}

/**
 * What `generateDemoPhotos` with the same options would make, without rendering anything: the
 * names and embedded metadata (cheap; for tests and progress reporting).
 */
export function describeDemoPhotos(
  options: DemoPhotoOptions = {},
): { fileName: string; expected: DemoPhoto["expected"] }[] {
  const { count, seed, isLarge } = resolveOptions(options);
  return Array.from({ length: count }, (_, i) => {
    const { fileName, expected } = describePhoto(seed, i, isLarge(i));
    return { fileName, expected };
  });
}

/** Photos rendered at once: sharp runs each pipeline on one libuv thread (its default
 * concurrency is 1 on glibc Linux), so two in flight use two cores. */
const IN_FLIGHT = 2;

/**
 * The demo archive's photographs, one at a time. Up to two more render while the caller handles
 * the current one, so at most three are in memory. Deterministic: photo `i` is the same bytes
 * for any `count`; `largeEvery` (default 8) makes every n-th photo 5000×3333 or 3333×5000 (0 for
 * none); `seed` picks another, equally deterministic, archive.
 */
export async function* generateDemoPhotos(
  options: DemoPhotoOptions = {},
): AsyncGenerator<DemoPhoto> {
  const { count, seed, isLarge } = resolveOptions(options);
  const pending: Promise<DemoPhoto>[] = [];
  let started = 0;
  const fill = () => {
    while (started < count && pending.length < IN_FLIGHT) {
      const i = started++;
      const promise = makePhoto(seed, i, isLarge(i));
      promise.catch(() => undefined); // surfaced when awaited; never unhandled if the caller stops
      pending.push(promise);
    }
  };
  fill();
  while (pending.length > 0) {
    const current = await (pending.shift() as Promise<DemoPhoto>);
    fill();
    yield current;
  }
}

/**
 * One camera-sized JPEG (6000×4000 unless told) with the full metadata, for benchmarks. Rendered
 * small and scaled up, so it is quick; `seed` varies scene, place and metadata.
 */
export async function generateCameraJpeg(
  seed: number,
  options: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const width = options.width ?? 6000;
  const height = options.height ?? 4000;
  const plan = planPhoto(mixSeed(DEFAULT_SEED, 0xca3e7a, seed), seed >>> 0, false);
  plan.width = width;
  plan.height = height;
  plan.colorSpace = "srgb";
  const texts = textsFor(plan);
  return renderJpeg(plan, texts, {
    renderScale: Math.min(1, 1600 / Math.max(width, height)),
    quality: 85,
    kernel: "linear",
  });
}
