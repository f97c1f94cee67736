import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endMetadataWriter } from "../../app/media/metadata-write.server";
import {
  DEMO_PHOTO_COUNT,
  IPTC_MAX,
  describeDemoPhotos,
  generateCameraJpeg,
  generateDemoPhotos,
  truncateUtf8,
  type DemoPhoto,
} from "../../app/models/demo/demo-photos.server";

/*
 * The demo photographs: real JPEGs whose EXIF, IPTC and XMP give back what `expected` says.
 * Eight photos (two of them large, one CMYK, one grayscale) keep this quick; the full archive's
 * mix is checked through `describeDemoPhotos`, which renders nothing.
 */

const COUNT = 8;
const LARGE_EVERY = 4;
const ALL = { iptc: true, xmp: true, tiff: true, exif: true, gps: true } as const;

let photos: DemoPhoto[] = [];

beforeAll(async () => {
  photos = [];
  for await (const photo of generateDemoPhotos({ count: COUNT, largeEvery: LARGE_EVERY })) {
    photos.push(photo);
  }
}, 60_000);

// exiftool writes the IPTC: its processes end with the file.
afterAll(endMetadataWriter);

/** exifr decodes IPTC strings as Latin-1 whatever record 1:90 says; ours are UTF-8. */
function utf8(latin1: unknown): string {
  if (typeof latin1 !== "string") throw new Error(`expected a string, got ${String(latin1)}`);
  return Buffer.from(latin1, "latin1").toString("utf8");
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The local wall-clock part of a Date exifr made from an EXIF date (it reads them as local). */
function wallClock(date: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

interface Segment {
  marker: number;
  data: Buffer;
}

/** The marker segments before the image data. */
function segments(jpeg: Buffer): Segment[] {
  expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  const out: Segment[] = [];
  let pos = 2;
  while (pos < jpeg.length) {
    expect(jpeg[pos]).toBe(0xff);
    const marker = jpeg[pos + 1] as number;
    const length = jpeg.readUInt16BE(pos + 2);
    out.push({ marker, data: jpeg.subarray(pos + 4, pos + 2 + length) });
    if (marker === 0xda) break;
    pos += 2 + length;
  }
  return out;
}

/** IPTC datasets from our APP13 segment, decoded as UTF-8: "2:25" → values. */
function iptcDatasets(jpeg: Buffer): Map<string, string[]> {
  const app13 = segments(jpeg).find((s) => s.marker === 0xed);
  if (!app13) throw new Error("no APP13 segment");
  const head = "Photoshop 3.0\0";
  expect(app13.data.subarray(0, head.length).toString("latin1")).toBe(head);
  let pos = head.length;
  const out = new Map<string, string[]>();
  while (pos < app13.data.length) {
    expect(app13.data.subarray(pos, pos + 4).toString("latin1")).toBe("8BIM");
    const id = app13.data.readUInt16BE(pos + 4);
    const nameLength = app13.data[pos + 6] as number;
    const nameSize = nameLength + 1 + ((nameLength + 1) % 2);
    const sizeAt = pos + 6 + nameSize;
    const size = app13.data.readUInt32BE(sizeAt);
    const data = app13.data.subarray(sizeAt + 4, sizeAt + 4 + size);
    if (id === 0x0404) {
      let i = 0;
      while (i < data.length) {
        expect(data[i]).toBe(0x1c);
        const key = `${data[i + 1]}:${data[i + 2]}`;
        const length = data.readUInt16BE(i + 3);
        expect(length).toBeLessThan(0x8000);
        const value = data.subarray(i + 5, i + 5 + length);
        out.set(key, [...(out.get(key) ?? []), value.toString("utf8")]);
        if (key === "1:90") expect(value).toEqual(Buffer.from([0x1b, 0x25, 0x47]));
        i += 5 + length;
      }
    }
    pos = sizeAt + 4 + size + (size % 2);
  }
  return out;
}

describe("generateDemoPhotos", () => {
  it("makes the number asked for, with safe, unique names", () => {
    expect(photos).toHaveLength(COUNT);
    const names = photos.map((p) => p.fileName);
    expect(new Set(names).size).toBe(COUNT);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+\.jpg$/);
  });

  it("writes real JPEGs of the expected size and colour space", async () => {
    for (const photo of photos) {
      const meta = await sharp(photo.data).metadata();
      expect(meta.format).toBe("jpeg");
      expect([meta.width, meta.height]).toEqual([photo.expected.width, photo.expected.height]);
      expect(meta.space).toBe(photo.expected.colorSpace);
      expect(meta.channels).toBe({ srgb: 3, "b-w": 1, cmyk: 4 }[photo.expected.colorSpace]);
      expect(meta.exif).toBeDefined();
      expect(meta.xmp).toBeDefined();
      expect(meta.iptc).toBeDefined();
    }
    const spaces = new Set(photos.map((p) => p.expected.colorSpace));
    expect(spaces).toEqual(new Set(["srgb", "b-w", "cmyk"]));
    const large = photos.filter((p) => p.expected.width * p.expected.height > 10_000_000);
    expect(large).toHaveLength(COUNT / LARGE_EVERY);
  });

  it("embeds the expected EXIF: camera, dates and GPS", async () => {
    for (const { data, expected } of photos) {
      const m = (await exifr.parse(data, ALL)) as Record<string, unknown>;
      expect(typeof m.Make).toBe("string");
      expect(typeof m.Model).toBe("string");
      expect(typeof m.LensModel).toBe("string");
      expect(m.ExposureTime).toBeGreaterThan(0);
      expect(m.FNumber).toBeGreaterThan(1);
      expect(m.ISO).toBeGreaterThanOrEqual(64);
      expect(m.FocalLength).toBeGreaterThan(0);
      expect(m.DateTimeOriginal).toBeInstanceOf(Date);
      expect(wallClock(m.DateTimeOriginal as Date)).toBe(expected.cameraDate.slice(0, 19));
      expect(m.OffsetTimeOriginal).toBe(expected.cameraDate.slice(19));
      expect(m.latitude as number).toBeCloseTo(expected.gps.latitude, 5);
      expect(m.longitude as number).toBeCloseTo(expected.gps.longitude, 5);
      const gps = await exifr.gps(data);
      expect(gps.latitude).toBeCloseTo(expected.gps.latitude, 5);
      expect(gps.longitude).toBeCloseTo(expected.gps.longitude, 5);
      // EXIF text is ASCII: libvips transliterates, so only the ASCII part is certain.
      expect(m.Copyright).toMatch(/^\(C\) 20\d\d /);
      expect(typeof m.Artist).toBe("string");
    }
  });

  it("embeds the expected XMP", async () => {
    for (const { data, expected } of photos) {
      const m = (await exifr.parse(data, ALL)) as Record<string, unknown>;
      expect(m.title).toEqual({ lang: "x-default", value: expected.title });
      expect(m.description).toEqual({ lang: "x-default", value: expected.caption });
      expect(m.rights).toEqual({ lang: "x-default", value: expected.copyright });
      expect(list(m.creator)).toEqual([expected.byline]);
      expect(list(m.subject)).toEqual(expected.keywords);
      const xmp = (await exifr.parse(data, { ...ALL, mergeOutput: false })) as Record<
        string,
        Record<string, unknown>
      >;
      expect(xmp.photoshop?.City).toBe(expected.city);
      expect(xmp.photoshop?.Country).toBe(expected.country);
      expect(xmp.photoshop?.DateCreated).toBe(expected.cameraDate);
    }
  });

  it("embeds the expected IPTC, as exifr reads it", async () => {
    for (const { data, expected } of photos) {
      const sep = (await exifr.parse(data, { ...ALL, mergeOutput: false })) as Record<
        string,
        Record<string, unknown>
      >;
      const iptc = sep.iptc ?? {};
      expect(utf8(iptc.ObjectName)).toBe(expected.title);
      expect(list(iptc.Keywords).map(utf8)).toEqual(expected.keywords);
      expect(utf8(iptc.Byline)).toBe(expected.byline);
      expect(utf8(iptc.Caption)).toBe(expected.caption);
      expect(utf8(iptc.CopyrightNotice)).toBe(expected.copyright);
      expect(utf8(iptc.City)).toBe(expected.city);
      expect(utf8(iptc.Country)).toBe(expected.country);
      expect(iptc.DateCreated).toBe(expected.cameraDate.slice(0, 10).replace(/-/g, ""));
    }
  });

  it("writes IPTC as UTF-8 datasets in a well-formed APP13 segment", () => {
    for (const { data, expected } of photos) {
      const sets = iptcDatasets(data);
      expect(sets.get("1:90")).toHaveLength(1);
      expect(sets.get("2:5")).toEqual([expected.title]);
      expect(sets.get("2:25")).toEqual(expected.keywords);
      expect(sets.get("2:80")).toEqual([expected.byline]);
      expect(sets.get("2:90")).toEqual([expected.city]);
      expect(sets.get("2:101")).toEqual([expected.country]);
      expect(sets.get("2:116")).toEqual([expected.copyright]);
      expect(sets.get("2:120")).toEqual([expected.caption]);
      expect(expected.keywords.length).toBeGreaterThanOrEqual(4);
      expect(expected.keywords.length).toBeLessThanOrEqual(10);
    }
  });

  it("keeps non-ASCII text intact in IPTC and XMP", async () => {
    const nonAscii = photos.filter((p) =>
      /[^\x20-\x7e]/.test([p.expected.title, p.expected.city, ...p.expected.keywords].join("")),
    );
    expect(nonAscii.length).toBeGreaterThan(0);
    for (const { data, expected } of nonAscii) {
      const m = (await exifr.parse(data, ALL)) as Record<string, unknown>;
      expect((m.title as { value: string }).value).toBe(expected.title);
      const sets = iptcDatasets(data);
      expect(sets.get("2:5")).toEqual([expected.title]);
      expect(sets.get("2:90")).toEqual([expected.city]);
    }
    const alesund = photos.find((p) => p.expected.city === "Ålesund");
    expect(alesund).toBeDefined();
    expect(iptcDatasets(alesund?.data ?? Buffer.alloc(0)).get("2:95")).toEqual(["Møre og Romsdal"]);
  });

  it("is deterministic: the same photo, byte for byte, whatever the count", async () => {
    const again = await generateDemoPhotos({ count: 1, largeEvery: LARGE_EVERY }).next();
    expect(again.done).toBe(false);
    expect(again.value?.fileName).toBe(photos[0]?.fileName);
    expect(again.value?.expected).toEqual(photos[0]?.expected);
    expect(
      Buffer.compare(again.value?.data ?? Buffer.alloc(0), photos[0]?.data ?? Buffer.alloc(0)),
    ).toBe(0);
  });

  it("matches what describeDemoPhotos says without rendering", () => {
    const described = describeDemoPhotos({ count: COUNT, largeEvery: LARGE_EVERY });
    expect(described).toEqual(photos.map(({ fileName, expected }) => ({ fileName, expected })));
  });
});

describe("describeDemoPhotos (the full archive)", () => {
  const all = describeDemoPhotos();

  it("has 48 photographs with unique names", () => {
    expect(DEMO_PHOTO_COUNT).toBe(48);
    expect(all).toHaveLength(DEMO_PHOTO_COUNT);
    expect(new Set(all.map((p) => p.fileName)).size).toBe(DEMO_PHOTO_COUNT);
  });

  it("mixes colour spaces, orientations and sizes", () => {
    const count = (f: (p: (typeof all)[number]) => boolean) => all.filter(f).length;
    expect(count((p) => p.expected.colorSpace === "cmyk")).toBeGreaterThanOrEqual(3);
    expect(count((p) => p.expected.colorSpace === "b-w")).toBeGreaterThanOrEqual(4);
    expect(count((p) => p.expected.colorSpace === "srgb")).toBeGreaterThanOrEqual(30);
    expect(count((p) => p.expected.width > p.expected.height)).toBeGreaterThanOrEqual(20);
    expect(count((p) => p.expected.width < p.expected.height)).toBeGreaterThanOrEqual(5);
    expect(count((p) => p.expected.width * p.expected.height > 10_000_000)).toBe(6);
  });

  it("varies places, photographers and years", () => {
    expect(new Set(all.map((p) => p.expected.city)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(all.map((p) => p.expected.country)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(all.map((p) => p.expected.byline)).size).toBeGreaterThanOrEqual(6);
    const years = all.map((p) => Number(p.expected.cameraDate.slice(0, 4)));
    expect(Math.min(...years)).toBeGreaterThanOrEqual(2019);
    expect(Math.max(...years)).toBeLessThanOrEqual(2025);
    expect(new Set(years).size).toBeGreaterThanOrEqual(5);
    for (const p of all) {
      expect(p.expected.cameraDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(p.expected.copyright).toBe(
        `© ${p.expected.cameraDate.slice(0, 4)} ${p.expected.byline}`,
      );
      expect(Math.abs(p.expected.gps.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.expected.gps.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it("keeps every value within its IPTC limit", () => {
    for (const { expected } of all) {
      expect(Buffer.byteLength(expected.title)).toBeLessThanOrEqual(IPTC_MAX.objectName);
      expect(Buffer.byteLength(expected.byline)).toBeLessThanOrEqual(IPTC_MAX.byline);
      expect(Buffer.byteLength(expected.city)).toBeLessThanOrEqual(IPTC_MAX.city);
      expect(Buffer.byteLength(expected.caption)).toBeLessThanOrEqual(IPTC_MAX.caption);
      for (const k of expected.keywords) {
        expect(Buffer.byteLength(k)).toBeLessThanOrEqual(IPTC_MAX.keyword);
      }
    }
  });
});

describe("IPTC writing", () => {
  it("cuts UTF-8 by bytes, never inside a character", () => {
    expect(truncateUtf8("Ålesund", 64)).toBe("Ålesund");
    expect(truncateUtf8("Ålesund", 1)).toBe(""); // Å is two bytes
    expect(truncateUtf8("Ålesund", 2)).toBe("Å");
    expect(truncateUtf8("京都", 5)).toBe("京"); // three bytes each
    expect(truncateUtf8("京都", 6)).toBe("京都");
    expect(truncateUtf8("a😀b", 4)).toBe("a");
  });
});

describe("generateCameraJpeg", () => {
  it("makes a camera-sized JPEG with metadata, varied by seed", async () => {
    const started = performance.now();
    const jpeg = await generateCameraJpeg(1);
    const ms = performance.now() - started;
    const meta = await sharp(jpeg).metadata();
    expect([meta.width, meta.height, meta.space]).toEqual([6000, 4000, "srgb"]);
    const m = (await exifr.parse(jpeg, ALL)) as Record<string, unknown>;
    expect(m.DateTimeOriginal).toBeInstanceOf(Date);
    expect(typeof m.latitude).toBe("number");
    expect(list(m.subject).length).toBeGreaterThanOrEqual(4);
    expect(typeof m.ObjectName).toBe("string");
    expect(ms).toBeLessThan(15_000);

    const small = await generateCameraJpeg(2, { width: 600, height: 400 });
    expect(await sharp(small).metadata()).toMatchObject({ width: 600, height: 400 });
    const same = await generateCameraJpeg(2, { width: 600, height: 400 });
    expect(Buffer.compare(small, same)).toBe(0);
    const other = await generateCameraJpeg(3, { width: 600, height: 400 });
    expect(Buffer.compare(small, other)).not.toBe(0);
  });
});

/*
 * The whole archive, timed; opt in (it takes about ten seconds on two cores):
 *   DEMO_PHOTOS_FULL=1 npx vitest run tests/unit/demo-photos.test.ts
 */
describe.runIf(process.env.DEMO_PHOTOS_FULL)("the full demo archive", () => {
  it("renders all 48 within budget, none over 6 MB", async () => {
    const started = performance.now();
    let count = 0;
    let largest = 0;
    for await (const photo of generateDemoPhotos()) {
      count += 1;
      largest = Math.max(largest, photo.data.length);
    }
    const ms = performance.now() - started;
    console.log(`48 demo photos in ${Math.round(ms)} ms; largest ${largest} bytes`);
    expect(count).toBe(DEMO_PHOTO_COUNT);
    expect(largest).toBeLessThan(6_000_000);
  }, 120_000);
});
