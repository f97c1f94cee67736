import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import {
  detectFileMediaType,
  detectMediaType,
  MEDIA_HEAD_BYTES,
  RefusedFileError,
} from "~/media/media-type.server";

/* Types are decided by content; the name only picks between look-alikes; active markup is refused. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-media-type-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))),
  );

async function refusal(head: Uint8Array, fileName = "file.jpg") {
  try {
    await detectMediaType(head, fileName);
  } catch (error) {
    if (error instanceof RefusedFileError) {
      expect(error.message.length).toBeGreaterThan(20);
      return error.code;
    }
    throw error;
  }
  return null;
}

const tiny = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } });

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">';

describe("binary types by their magic bytes", () => {
  test("a PNG named .jpg is a PNG, decodable", async () => {
    expect(await detectMediaType(await tiny().png().toBuffer(), "photo.jpg")).toEqual({
      mime: "image/png",
      extension: "png",
      docType: "image",
      decodable: true,
    });
  });

  test("the raster formats sharp decodes are decodable images", async () => {
    const formats: [Buffer, string][] = [
      [await tiny().jpeg().toBuffer(), "jpg"],
      [await tiny().gif().toBuffer(), "gif"],
      [await tiny().webp().toBuffer(), "webp"],
      [await tiny().tiff().toBuffer(), "tif"],
      [await tiny().avif({ effort: 0 }).toBuffer(), "avif"],
    ];
    for (const [data, extension] of formats) {
      expect(await detectMediaType(data)).toMatchObject({
        extension,
        docType: "image",
        decodable: true,
      });
    }
  });

  test("images we keep but do not render: HEIC, PSD, BMP", async () => {
    const heic = bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic");
    const psd = bytes("8BPS", [0, 1], new Array(30).fill(0));
    const bmp = bytes("BM", new Array(60).fill(0));
    for (const head of [heic, psd, bmp]) {
      expect(await detectMediaType(head)).toMatchObject({ docType: "image", decodable: false });
    }
  });

  test("video, audio, documents, graphics and archives", async () => {
    const mp4 = bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0], "mp42isom");
    expect(await detectMediaType(mp4)).toMatchObject({ mime: "video/mp4", docType: "movie" });
    const mov = bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0], "qt  ");
    expect(await detectMediaType(mov, "clip.mp3")).toMatchObject({
      extension: "mov",
      docType: "movie",
    });
    const wav = bytes("RIFF", [36, 0, 0, 0], "WAVEfmt ", new Array(40).fill(0));
    expect(await detectMediaType(wav)).toMatchObject({ extension: "wav", docType: "audio" });
    const pdf = bytes("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n");
    expect(await detectMediaType(pdf, "report.jpg")).toMatchObject({
      mime: "application/pdf",
      extension: "pdf",
      docType: "document",
      decodable: false,
    });
    const ai = bytes("%PDF-1.6\n%\xe2\xe3\xcf\xd3\n<</Creator(Adobe Illustrator 27.0)>>\n");
    expect(await detectMediaType(ai)).toMatchObject({ extension: "ai", docType: "graphic" });
    const eps = bytes("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n");
    expect(await detectMediaType(eps)).toMatchObject({ extension: "eps", docType: "graphic" });
    const zipHeader = Buffer.alloc(30);
    zipHeader.writeUInt32LE(0x04034b50, 0);
    zipHeader.writeUInt16LE(20, 4);
    zipHeader.writeUInt32LE(5, 18);
    zipHeader.writeUInt32LE(5, 22);
    zipHeader.writeUInt16LE(9, 26);
    const zip = Buffer.concat([zipHeader, Buffer.from("hello.txthello")]);
    expect(await detectMediaType(zip)).toMatchObject({ extension: "zip", docType: "generic" });
  });

  test("the name only tells apart legacy Office files that share one container", async () => {
    const cfb = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(504).fill(0));
    expect(await detectMediaType(cfb, "budget.xls")).toMatchObject({
      mime: "application/vnd.ms-excel",
      extension: "xls",
      docType: "document",
    });
    expect(await detectMediaType(cfb, "setup.msi")).toMatchObject({
      extension: "cfb",
      docType: "generic",
    });
  });

  test("programs are refused", async () => {
    expect(await refusal(bytes("MZ", new Array(200).fill(0)), "photo.jpg")).toBe("activeContent");
    expect(await refusal(bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1], new Array(60).fill(0)))).toBe(
      "activeContent",
    );
    expect(await refusal(bytes("FWS", [10], new Array(20).fill(0)))).toBe("activeContent");
  });

  test("empty files and unknown binary are refused", async () => {
    expect(await refusal(new Uint8Array())).toBe("empty");
    const random = crypto.randomBytes(4096);
    random[10] = 0;
    expect(await refusal(random)).toBe("unknownType");
    expect(await refusal(new Uint8Array([0x00, 0xff, 0x13, 0x37, 0x00, 0x01, 0x02]))).toBe(
      "unknownType",
    );
  });
});

describe("text", () => {
  test("plain text is a document; the name picks CSV or Markdown but never more", async () => {
    expect(await detectMediaType(text("just some notes\n"), "notes.txt")).toEqual({
      mime: "text/plain",
      extension: "txt",
      docType: "document",
      decodable: false,
    });
    expect(await detectMediaType(text("a,b\n1,2\n"), "data.csv")).toMatchObject({
      mime: "text/csv",
      extension: "csv",
    });
    expect(await detectMediaType(text("# Title\n"), "README.md")).toMatchObject({
      mime: "text/markdown",
    });
    // A name claiming an image or SVG does not make text one.
    expect(await detectMediaType(text("not a picture"), "photo.jpg")).toMatchObject({
      mime: "text/plain",
    });
    expect(await detectMediaType(text("not a drawing"), "logo.svg")).toMatchObject({
      mime: "text/plain",
    });
  });

  test("text that starts like a short binary signature is still text", async () => {
    for (const start of ["MZ is a postcode", "BMW makes cars", "GIF89a is a format", "ID3 tags"]) {
      expect((await detectMediaType(text(`${start}, and more words.\n`), "a.exe")).mime).toBe(
        "text/plain",
      );
    }
  });

  test("UTF-8 cut inside a character at the end of the head, and Latin-1, are text", async () => {
    const head = Buffer.from("blåbærsyltetøy ".repeat(10) + "ø", "utf8");
    expect((await detectMediaType(head.subarray(0, head.length - 1))).mime).toBe("text/plain");
    expect((await detectMediaType(Buffer.from("Ærlig talt, Øystein", "latin1"))).mime).toBe(
      "text/plain",
    );
  });

  test("HTML of any kind is refused", async () => {
    for (const html of [
      "<!DOCTYPE html><html><body>hi</body></html>",
      "\uFEFF  <html><p>hi</p></html>",
      "<!-- saved page --><p>hello</p>",
      "<p>hello</p>",
      "<div>plain div</div>",
      "Some text, then <script>alert(1)</script>",
      "<iframe src=x></iframe>",
      '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
      '<?xml version="1.0"?><doc><x:p xmlns:x="http://www.w3.org/1999/xhtml">hi</x:p></doc>',
    ]) {
      expect(await refusal(text(html), "page.txt"), html).toBe("activeContent");
    }
  });
});

describe("SVG and XML", () => {
  test("active SVG is refused", async () => {
    const active = [
      `${SVG_OPEN}<script>alert(1)</script></svg>`,
      `${SVG_OPEN}<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></svg>`,
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      `${SVG_OPEN}<rect ONCLICK = "alert(1)"/></svg>`,
      `${SVG_OPEN}<a href="javascript:alert(1)"><text>x</text></a></svg>`,
      `${SVG_OPEN}<a xlink:href="  JaVa\tScRiPt:alert(1)">x</a></svg>`,
      `${SVG_OPEN}<a href="&#106;avascript&#58;alert(1)">x</a></svg>`,
      `${SVG_OPEN}<a href="&#x6A;avascript:alert(1)">x</a></svg>`,
      `${SVG_OPEN}<foreignObject><div>hi</div></foreignObject></svg>`,
      `${SVG_OPEN}<set attributeName="onmouseover" to="alert(1)"/></svg>`,
      `${SVG_OPEN}<animate attributeName="href" values="javascript:alert(1)"/></svg>`,
      `${SVG_OPEN}<iframe src="https://example.com"/></svg>`,
      `${SVG_OPEN}<embed src="x.swf"/></svg>`,
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><svg>&b;</svg>',
      '<?xml version="1.0"?><!DOCTYPE svg SYSTEM "http://evil.example/x.dtd"><svg/>',
      '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//X//Y" "http://evil.example/x.dtd"><svg/>',
      '<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="x.xsl"?><svg/>',
      '<?xml version="1.0" encoding="UTF-7"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ];
    for (const svg of active) {
      expect(await refusal(text(svg), "logo.svg"), svg).toBe("activeContent");
    }
  });

  test("active SVG in UTF-16 is refused as well", async () => {
    const svg = `${SVG_OPEN}<script>alert(1)</script></svg>`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(svg, "utf16le")]);
    expect(await refusal(utf16)).toBe("activeContent");
  });

  test("a clean SVG is a graphic that is never rasterised", async () => {
    const svg =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Adobe Illustrator 27.0 -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      `${SVG_OPEN}<a href="https://example.com/"><rect width="10" height="10" fill="#c00"/></a>` +
      '<image href="data:image/png;base64,iVBORw0KGgo="/><style>.a{opacity:.5}</style></svg>\n';
    expect(await detectMediaType(text(svg), "logo.txt")).toEqual({
      mime: "image/svg+xml",
      extension: "svg",
      docType: "graphic",
      decodable: false,
    });
  });

  test("clean XML is a document", async () => {
    const xml = '<?xml version="1.0"?>\n<catalog><item id="1">One &amp; two</item></catalog>\n';
    expect(await detectMediaType(text(xml))).toMatchObject({
      mime: "application/xml",
      extension: "xml",
      docType: "document",
    });
  });

  test("markup cut off in the head is refused, unless the whole file was checked", async () => {
    const shapes = '<rect width="1" height="1"/>\n'.repeat(4000);
    const clean = `${SVG_OPEN}\n${shapes}</svg>\n`;
    const hidden = `${SVG_OPEN}\n${shapes}<script>alert(1)</script></svg>\n`;
    expect(Buffer.byteLength(clean)).toBeGreaterThan(MEDIA_HEAD_BYTES);
    const head = (s: string) => text(s).subarray(0, MEDIA_HEAD_BYTES);
    expect(await refusal(head(clean))).toBe("activeContent");

    const cleanFile = path.join(dir, "big.svg");
    fs.writeFileSync(cleanFile, clean);
    expect(await detectFileMediaType(cleanFile, "big.svg")).toMatchObject({ extension: "svg" });
    const hiddenFile = path.join(dir, "hidden.svg");
    fs.writeFileSync(hiddenFile, hidden);
    await expect(detectFileMediaType(hiddenFile)).rejects.toMatchObject({ code: "activeContent" });
  });

  test("detectFileMediaType types binary files from their head", async () => {
    const file = path.join(dir, "picture.svg");
    fs.writeFileSync(file, await tiny().png().toBuffer());
    expect(await detectFileMediaType(file, "picture.svg")).toMatchObject({ extension: "png" });
    const empty = path.join(dir, "empty");
    fs.writeFileSync(empty, "");
    await expect(detectFileMediaType(empty)).rejects.toMatchObject({ code: "empty" });
  });
});
