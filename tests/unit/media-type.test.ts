import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { detectMediaType, RefusedFileError } from "~/storage/media-type.server";

/* Types are decided by content; markup that can run script is refused. */

const bytes = (text: string) => new TextEncoder().encode(text);

async function refusal(head: Uint8Array) {
  try {
    await detectMediaType(head, "file.jpg");
  } catch (error) {
    if (error instanceof RefusedFileError) return error.code;
    throw error;
  }
  return null;
}

describe("detectMediaType", () => {
  test("a PNG named .jpg is a PNG, decodable", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
      .png()
      .toBuffer();
    expect(await detectMediaType(png, "photo.jpg")).toMatchObject({
      mime: "image/png",
      extension: "png",
      docType: "image",
      decodable: true,
    });
  });

  test("PDF, MP4 and plain text are typed by their bytes", async () => {
    expect((await detectMediaType(bytes("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).docType).toBe("document");
    const mp4 = new Uint8Array([
      0,
      0,
      0,
      0x18,
      ...bytes("ftypmp42"),
      0,
      0,
      0,
      0,
      ...bytes("mp42isom"),
    ]);
    expect((await detectMediaType(mp4)).docType).toBe("movie");
    expect(await detectMediaType(bytes("just some notes\n"), "notes.txt")).toMatchObject({
      mime: "text/plain",
      decodable: false,
    });
  });

  test("empty, unknown and active content are refused with a reason", async () => {
    expect(await refusal(new Uint8Array())).toBe("empty");
    expect(await refusal(new Uint8Array([0x00, 0xff, 0x13, 0x37, 0x00, 0x01, 0x02]))).toBe(
      "unknownType",
    );
    expect(await refusal(bytes("<!DOCTYPE html><html><body>hi</body></html>"))).toBe(
      "activeContent",
    );
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)">x</a></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
    ]) {
      expect(await refusal(bytes(svg))).toBe("activeContent");
    }
  });

  test("a plain SVG is a graphic that is never rasterised", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>';
    expect(await detectMediaType(bytes(svg))).toMatchObject({
      docType: "graphic",
      decodable: false,
    });
  });
});
