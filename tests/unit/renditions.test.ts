import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import {
  genericIcon,
  PREVIEW_SIZE,
  renderImage,
  THUMBNAIL_SIZE,
  UndecodableImageError,
} from "~/storage/renditions.server";

/* Renditions: one decode, orientation applied, hostile images refused before decoding. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-renditions-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function write(name: string, data: Buffer) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .jpeg()
    .toBuffer();

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UndecodableImageError) return error.code;
    throw error;
  }
  return null;
}

describe("renderImage", () => {
  test("makes a preview within 1600 px and thumbnails from it, with a placeholder", async () => {
    const file = await write("big.jpg", await jpeg(4000, 2000));
    const r = await renderImage(file);
    expect([r.preview.width, r.preview.height]).toEqual([PREVIEW_SIZE, 800]);
    expect(r.thumbnail.width).toBe(THUMBNAIL_SIZE);
    expect(r.thumbnailRetina.width).toBe(THUMBNAIL_SIZE * 2);
    expect([r.width, r.height]).toEqual([4000, 2000]);
    expect(Buffer.from(r.placeholder, "base64").length).toBeGreaterThan(5);
  });

  test("applies the EXIF orientation", async () => {
    const rotated = await sharp(await jpeg(300, 100))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const r = await renderImage(await write("rotated.jpg", rotated));
    expect([r.width, r.height]).toEqual([100, 300]);
    expect([r.preview.width, r.preview.height]).toEqual([100, 300]);
  });

  test("CMYK becomes sRGB in the preview", async () => {
    const cmyk = await sharp(await jpeg(200, 200))
      .toColourspace("cmyk")
      .jpeg()
      .toBuffer();
    const r = await renderImage(await write("cmyk.jpg", cmyk));
    expect(r.colorSpace).toBe("cmyk");
    expect((await sharp(r.preview.data).metadata()).space).toBe("srgb");
  });

  test("pixel floods are refused from the header, truncated files as damaged", async () => {
    const flood = await write("flood.jpg", await jpeg(3000, 3000));
    expect(await codeOf(renderImage(flood, { maxInputPixels: 1_000_000 }))).toBe("pixelLimit");
    const whole = await jpeg(800, 600);
    const truncated = await write("cut.jpg", whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await codeOf(renderImage(truncated))).toBe("corrupt");
    const garbage = await write("garbage.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(await codeOf(renderImage(garbage))).toBe("corrupt");
  });

  test("a watermark is placed on the preview only", async () => {
    const mark = await write(
      "mark.png",
      await sharp({ create: { width: 50, height: 50, channels: 4, background: "#ff0000" } })
        .png()
        .toBuffer(),
    );
    const file = await write("plain.jpg", await jpeg(400, 400));
    const r = await renderImage(file, {
      watermark: { file: mark, alignment: 0, scaleToFit: false },
    });
    const { data } = await sharp(r.preview.data).raw().toBuffer({ resolveWithObject: true });
    // Top-left corner (inside the margin) is red; the centre keeps the photo's green.
    const at = (x: number, y: number) => data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
    expect(at(20, 20)[0]).toBeGreaterThan(200);
    expect(at(200, 200)[1]).toBeGreaterThan(150);
  });
});

test("generic icons are made for every document type", async () => {
  for (const type of ["image", "movie", "audio", "graphic", "document", "generic"] as const) {
    const icon = await genericIcon(type, "mp4", 200);
    expect(icon.width).toBe(200);
    expect((await sharp(icon.data).metadata()).format).toBe("jpeg");
  }
});
