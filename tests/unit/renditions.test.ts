import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp, { type Color } from "sharp";
import { thumbHashToApproximateAspectRatio } from "thumbhash";
import { afterAll, describe, expect, test } from "vitest";
import type { DocType } from "~/media/media-type.server";
import {
  genericIcon,
  PREVIEW_SIZE,
  renderImage,
  THUMBNAIL_RETINA_SIZE,
  THUMBNAIL_SIZE,
  UndecodableImageError,
  type WatermarkSettings,
} from "~/media/renditions.server";

/* Renditions: one decode, orientation and colour applied, hostile images refused before decoding. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-renditions-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function write(data: Buffer | string, ext = "jpg") {
  const file = path.join(dir, `f${++counter}.${ext}`);
  fs.writeFileSync(file, data);
  return file;
}

const GREEN = { r: 10, g: 200, b: 90 };
const solid = (width: number, height: number, background: Color = GREEN, channels = 3) =>
  sharp({ create: { width, height, channels: channels as 3 | 4, background } });

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UndecodableImageError) {
      expect(error.message.length).toBeGreaterThan(20);
      return error.code;
    }
    throw error;
  }
  return null;
}

/** The RGB pixel at (x, y) of a JPEG. */
async function pixel(jpeg: Buffer, x: number, y: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const near = (actual: number[], expected: number[], tolerance = 30) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);

const RED = [255, 0, 0];
const GREEN_RGB = [GREEN.r, GREEN.g, GREEN.b];

/** CRC-32 as PNG chunks use it. */
function crc32(data: Buffer) {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

describe("renderImage", () => {
  test("a preview within 1600 px, thumbnails from it, and a placeholder", async () => {
    const file = write(await solid(4000, 2000).jpeg().toBuffer());
    const r = await renderImage(file);
    expect([r.preview.width, r.preview.height]).toEqual([PREVIEW_SIZE, 800]);
    expect([r.thumbnail.width, r.thumbnail.height]).toEqual([THUMBNAIL_SIZE, 100]);
    expect([r.thumbnailRetina.width, r.thumbnailRetina.height]).toEqual([
      THUMBNAIL_RETINA_SIZE,
      200,
    ]);
    expect([r.width, r.height, r.colorSpace, r.hasAlpha]).toEqual([4000, 2000, "srgb", false]);
    for (const rendition of [r.preview, r.thumbnail, r.thumbnailRetina]) {
      expect(rendition.format).toBe("jpeg");
      const meta = await sharp(rendition.data).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: rendition.width, space: "srgb" });
      // Renditions carry no metadata of the original.
      expect(meta.exif).toBeUndefined();
      expect(meta.isProgressive).toBe(false);
    }
    const hash = Buffer.from(r.placeholder, "base64");
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(2, 0);
    expect(near(await pixel(r.thumbnail.data, 100, 50), GREEN_RGB)).toBe(true);
  });

  test("small images are never enlarged", async () => {
    const r = await renderImage(write(await solid(300, 200).png().toBuffer(), "png"));
    expect([r.preview.width, r.preview.height]).toEqual([300, 200]);
    expect([r.thumbnail.width, r.thumbnail.height]).toEqual([200, 133]);
    expect([r.thumbnailRetina.width, r.thumbnailRetina.height]).toEqual([300, 200]);
  });

  test("the EXIF orientation is applied", async () => {
    // Left half red, right half blue; orientation 6 shows it turned 90° clockwise.
    const halves = await sharp({
      create: { width: 300, height: 100, channels: 3, background: "#0000ff" },
    })
      .composite([{ input: await solid(150, 100, "#ff0000").png().toBuffer(), left: 0, top: 0 }])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const r = await renderImage(write(halves));
    expect([r.width, r.height]).toEqual([100, 300]);
    expect([r.preview.width, r.preview.height]).toEqual([100, 300]);
    expect([r.thumbnail.width, r.thumbnail.height]).toEqual([67, 200]);
    expect(near(await pixel(r.preview.data, 50, 40), RED)).toBe(true);
    expect(near(await pixel(r.preview.data, 50, 260), [0, 0, 255])).toBe(true);
    expect((await sharp(r.preview.data).metadata()).orientation).toBeUndefined();
  });

  test("CMYK and greyscale become sRGB; colours survive", async () => {
    // An orange inside the CMYK gamut, without and with an embedded profile.
    const orange = { r: 200, g: 120, b: 60 };
    for (const withProfile of [false, true]) {
      let image = solid(200, 200, orange).toColourspace("cmyk");
      if (withProfile) image = image.withIccProfile("cmyk");
      const cmyk = await image.jpeg().toBuffer();
      expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
      const r = await renderImage(write(cmyk));
      expect(r.colorSpace).toBe("cmyk");
      expect(await sharp(r.preview.data).metadata()).toMatchObject({ space: "srgb", channels: 3 });
      expect(near(await pixel(r.preview.data, 100, 100), [200, 120, 60])).toBe(true);
    }

    const grey = await solid(200, 100).toColourspace("b-w").jpeg().toBuffer();
    const g = await renderImage(write(grey));
    expect(g.colorSpace).toBe("b-w");
    expect(await sharp(g.preview.data).metadata()).toMatchObject({ space: "srgb", channels: 3 });
  });

  test("an embedded Display P3 profile is reported and converted", async () => {
    const r = await renderImage(write(await solid(50, 50).withIccProfile("p3").jpeg().toBuffer()));
    expect(r.colorSpace).toBe("p3");
    expect((await sharp(r.preview.data).metadata()).icc).toBeUndefined();
  });

  test("alpha is flattened onto white; 16-bit input is fine", async () => {
    const png = await sharp({
      create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await solid(50, 100, "#ff0000").png().toBuffer(), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const r = await renderImage(write(png, "png"));
    expect(r.hasAlpha).toBe(true);
    expect(near(await pixel(r.preview.data, 25, 50), RED)).toBe(true);
    expect(near(await pixel(r.preview.data, 75, 50), [255, 255, 255], 5)).toBe(true);

    const deep = await solid(120, 80).toColourspace("rgb16").png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe("ushort");
    const d = await renderImage(write(deep, "png"));
    expect(near(await pixel(d.preview.data, 60, 40), GREEN_RGB)).toBe(true);
  });

  test("TIFF, WebP, GIF and AVIF are rendered", async () => {
    const inputs: [Buffer, string][] = [
      [await solid(64, 48).tiff().toBuffer(), "tif"],
      [await solid(64, 48).webp().toBuffer(), "webp"],
      [await solid(64, 48).gif().toBuffer(), "gif"],
      [await solid(64, 48).avif({ effort: 0 }).toBuffer(), "avif"],
    ];
    for (const [data, ext] of inputs) {
      const r = await renderImage(write(data, ext));
      expect([r.preview.width, r.preview.height], ext).toEqual([64, 48]);
    }
  });

  test("truncated and damaged files are corrupt", async () => {
    const noisy = { width: 800, height: 600, channels: 3 as const, background: "#808080" };
    const jpeg = await sharp({
      create: { ...noisy, noise: { type: "gaussian", mean: 128, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    expect(await codeOf(renderImage(write(jpeg.subarray(0, jpeg.length >> 1))))).toBe("corrupt");
    const png = await sharp({
      create: { ...noisy, noise: { type: "gaussian", mean: 128, sigma: 30 } },
    })
      .png()
      .toBuffer();
    expect(await codeOf(renderImage(write(png.subarray(0, png.length >> 1), "png")))).toBe(
      "corrupt",
    );
    const garbage = write(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(await codeOf(renderImage(garbage))).toBe("corrupt");
  });

  test("formats we never decode are unsupported, SVG included", async () => {
    const svg = write(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      "svg",
    );
    expect(await codeOf(renderImage(svg))).toBe("unsupported");
    expect(await codeOf(renderImage(write("plain text, not an image", "jpg")))).toBe("unsupported");
  });

  test("pixel floods are refused from the header, before decoding", async () => {
    // A 1 × 1 PNG whose header claims 100 000 × 100 000 pixels.
    const png = Buffer.from(await solid(1, 1).png().toBuffer());
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const started = performance.now();
    expect(await codeOf(renderImage(write(png, "png")))).toBe("pixelLimit");
    expect(performance.now() - started).toBeLessThan(1000);

    const file = write(await solid(3000, 3000).jpeg().toBuffer());
    expect(await codeOf(renderImage(file, { maxInputPixels: 1_000_000 }))).toBe("pixelLimit");
    expect((await renderImage(file, { maxInputPixels: 9_000_000 })).width).toBe(3000);
  });

  test("a missing file is not the image's fault", async () => {
    const error = await renderImage(path.join(dir, "missing.jpg")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UndecodableImageError);
  });

  test("an aborted signal stops the work", async () => {
    const file = write(await solid(100, 100).jpeg().toBuffer());
    const controller = new AbortController();
    controller.abort(new Error("stopping"));
    await expect(renderImage(file, { signal: controller.signal })).rejects.toThrow("stopping");
  });
});

describe("watermarks", () => {
  const previewFile = async () => write(await solid(400, 300).jpeg().toBuffer());
  const markFile = async (width = 50, height = 50) =>
    write(await solid(width, height, "#ff0000", 4).png().toBuffer(), "png");
  // margin: 2 % of the shorter side of the 400 × 300 preview.
  const m = 6;

  test("each alignment puts the mark in its place, at its own size", async () => {
    const mark = await markFile();
    const file = await previewFile();
    const centres: Record<WatermarkSettings["alignment"], [number, number]> = {
      0: [m + 25, m + 25],
      1: [400 - m - 25, m + 25],
      2: [m + 25, 300 - m - 25],
      3: [400 - m - 25, 300 - m - 25],
      4: [200, 150],
    };
    for (const alignment of [0, 1, 2, 3, 4] as const) {
      const r = await renderImage(file, {
        watermark: { file: mark, alignment, scaleToFit: false },
      });
      expect([r.preview.width, r.preview.height]).toEqual([400, 300]);
      for (const [other, [x, y]] of Object.entries(centres)) {
        const expected = Number(other) === alignment ? RED : GREEN_RGB;
        expect(near(await pixel(r.preview.data, x, y), expected), `${alignment} at ${other}`).toBe(
          true,
        );
      }
      // Inside the margin the photo shows.
      expect(near(await pixel(r.preview.data, 2, 2), GREEN_RGB)).toBe(true);
      // The thumbnails come from the preview before the mark.
      expect(near(await pixel(r.thumbnail.data, 100, 75), GREEN_RGB)).toBe(true);
    }
  });

  test("scale to fit fills the preview at the centre, keeping the mark's aspect", async () => {
    const r = await renderImage(await previewFile(), {
      watermark: { file: await markFile(), alignment: 4, scaleToFit: true },
    });
    // 50 × 50 scaled to 300 × 300, centred: columns 50..349.
    expect(near(await pixel(r.preview.data, 60, 150), RED)).toBe(true);
    expect(near(await pixel(r.preview.data, 340, 10), RED)).toBe(true);
    expect(near(await pixel(r.preview.data, 40, 150), GREEN_RGB)).toBe(true);
    expect(near(await pixel(r.preview.data, 360, 150), GREEN_RGB)).toBe(true);
  });

  test("scale to fit is ignored away from the centre; a large mark is shrunk to fit", async () => {
    const r = await renderImage(await previewFile(), {
      watermark: { file: await markFile(1000, 100), alignment: 0, scaleToFit: true },
    });
    // 1000 × 100 shrunk into 388 × 288: 388 × 39 at the top left.
    expect(near(await pixel(r.preview.data, m + 2, m + 2), RED)).toBe(true);
    expect(near(await pixel(r.preview.data, 390, m + 20), RED)).toBe(true);
    expect(near(await pixel(r.preview.data, 200, 150), GREEN_RGB)).toBe(true);
  });

  test("no file means no watermark; an unreadable one fails the rendering", async () => {
    const file = await previewFile();
    const r = await renderImage(file, {
      watermark: { file: null, alignment: 4, scaleToFit: false },
    });
    expect(near(await pixel(r.preview.data, 200, 150), GREEN_RGB)).toBe(true);
    await expect(
      renderImage(file, {
        watermark: { file: path.join(dir, "no-such-mark.png"), alignment: 4, scaleToFit: false },
      }),
    ).rejects.toThrow(/watermark/);
  });
});

describe("genericIcon", () => {
  test("made for every document type and size, and cached", async () => {
    const types: DocType[] = ["image", "movie", "audio", "graphic", "document", "generic"];
    for (const type of types) {
      for (const size of [THUMBNAIL_SIZE, THUMBNAIL_RETINA_SIZE, PREVIEW_SIZE]) {
        const icon = await genericIcon(type, "mp4", size);
        expect([icon.width, icon.height, icon.format]).toEqual([size, size, "jpeg"]);
        expect((await sharp(icon.data).metadata()).format).toBe("jpeg");
      }
    }
    const first = await genericIcon("document", "pdf", 200);
    expect(await genericIcon("document", "pdf", 200)).toBe(first);
    expect((await genericIcon("document", "docx", 200)).data.equals(first.data)).toBe(false);
  });

  test("never throws, whatever it is given", async () => {
    const odd = [
      genericIcon("nonsense" as DocType, "", 200),
      genericIcon("generic", '<script>"&', Number.NaN),
      genericIcon("audio", "a-very-long-extension", 5),
    ];
    for (const icon of await Promise.all(odd)) expect(icon.data.length).toBeGreaterThan(100);
  });
});
