import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { extractMetadata, readXmp } from "~/media/metadata.server";

/* Metadata: EXIF, IPTC and XMP in one parse, mapped to numeric fields, XMP > IPTC > EXIF. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-metadata-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function write(data: Buffer | string, ext = "jpg") {
  const file = path.join(dir, `f${++counter}.${ext}`);
  fs.writeFileSync(file, data);
  return file;
}

const base = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } });

function xmpPacket(description: string, body = "", attributes = "") {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
  xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/" ${attributes}>
${description}
</rdf:Description>${body}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

const alt = (value: string, extra = "") =>
  `<rdf:Alt>${extra}<rdf:li xml:lang="x-default">${value}</rdf:li></rdf:Alt>`;
const bag = (values: string[]) =>
  `<rdf:Bag>${values.map((v) => `<rdf:li>${v}</rdf:li>`).join("")}</rdf:Bag>`;

/** An APP13 "Photoshop 3.0" segment with one 8BIM 0x0404 resource holding IPTC IIM records. */
function app13(records: [dataset: number, value: string][]) {
  const iptc = Buffer.concat([
    // 1:90 coded character set: ESC % G, UTF-8.
    Buffer.from([0x1c, 1, 90, 0, 3, 0x1b, 0x25, 0x47]),
    ...records.map(([dataset, value]) => {
      const data = Buffer.from(value, "utf8");
      return Buffer.concat([
        Buffer.from([0x1c, 2, dataset, data.length >> 8, data.length & 255]),
        data,
      ]);
    }),
  ]);
  const resource = Buffer.concat([
    Buffer.from("8BIM"),
    Buffer.from([0x04, 0x04, 0, 0]), // resource id 0x0404, empty (padded) name
    Buffer.alloc(4),
    iptc,
    Buffer.alloc(iptc.length % 2),
  ]);
  resource.writeUInt32BE(iptc.length, 8);
  const body = Buffer.concat([Buffer.from("Photoshop 3.0\0"), resource]);
  const header = Buffer.from([0xff, 0xed, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A JPEG with the IPTC segment inserted right after SOI. */
const withIptc = (jpeg: Buffer, records: [number, string][]) =>
  Buffer.concat([jpeg.subarray(0, 2), app13(records), jpeg.subarray(2)]);

const EXIF = {
  IFD0: {
    Make: "Canon",
    Model: "EOS R5",
    Artist: "Exif Artist",
    Copyright: "Exif Copyright",
    ImageDescription: "Exif description",
  },
  IFD2: {
    DateTimeOriginal: "2024:05:01 12:34:56",
    OffsetTimeOriginal: "+02:00",
    ExposureTime: "1/250",
    FNumber: "28/10",
    ISOSpeedRatings: "400",
    FocalLength: "50/1",
    LensModel: "RF 50mm F1.2",
  },
  IFD3: {
    GPSLatitudeRef: "S",
    GPSLatitude: "33/1 51/1 36/1",
    GPSLongitudeRef: "E",
    GPSLongitude: "151/1 12/1 36/1",
    GPSAltitude: "120/1",
  },
};

describe("extractMetadata", () => {
  test("EXIF: camera, GPS, the capture date with its offset, and fallbacks for fields", async () => {
    const file = write(await base().withExif(EXIF).jpeg().toBuffer());
    const meta = await extractMetadata(file);
    expect(meta.fields).toEqual({
      80: ["Exif Artist"],
      116: "Exif Copyright",
      120: "Exif description",
    });
    expect(meta.camera).toEqual({
      make: "Canon",
      model: "EOS R5",
      lens: "RF 50mm F1.2",
      exposure: "1/250",
      fNumber: 2.8,
      iso: 400,
      focalLength: 50,
    });
    expect(meta.gps?.latitude).toBeCloseTo(-33.86, 2);
    expect(meta.gps?.longitude).toBeCloseTo(151.21, 2);
    expect(meta.gps?.altitude).toBe(120);
    // 12:34:56 at +02:00.
    expect(meta.dates.camera).toBe("2024-05-01T10:34:56.000Z");
    expect([meta.width, meta.height, meta.orientation]).toEqual([64, 32, 1]);
  });

  test("an EXIF date without an offset is read as UTC, whatever the server's zone", async () => {
    const file = write(
      await base()
        .withExif({ IFD2: { DateTimeOriginal: "2024:03:31 02:30:00" } })
        .jpeg()
        .toBuffer(),
    );
    const zone = process.env.TZ;
    try {
      for (const tz of ["UTC", "America/Los_Angeles", "Asia/Kolkata"]) {
        process.env.TZ = tz;
        expect((await extractMetadata(file)).dates.camera, tz).toBe("2024-03-31T02:30:00.000Z");
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  test("XMP fields, preferred over EXIF; language alternatives; values kept as text", async () => {
    const xmp = xmpPacket(
      `<dc:title>${alt("XMP title")}</dc:title>
<dc:description>${alt("XMP caption &amp; more", '<rdf:li xml:lang="nb">Norsk</rdf:li>')}</dc:description>
<dc:subject>${bag(["one", "two", "one", "0042", "true", "null"])}</dc:subject>
<dc:creator><rdf:Seq><rdf:li>Ann</rdf:li><rdf:li>Bob</rdf:li></rdf:Seq></dc:creator>
<dc:rights>${alt("© Ann")}</dc:rights>
<Iptc4xmpCore:Location>Sentrum</Iptc4xmpCore:Location>`,
      "",
      'photoshop:City="Oslo" photoshop:Headline="Head &lt;line&gt;" photoshop:TransmissionReference="0042" ' +
        'photoshop:Urgency="2" photoshop:DateCreated="2024-04-30T22:15:00+02:00" ' +
        'photoshop:Credit="Credit" photoshop:Source="Source" photoshop:State="Viken" ' +
        'photoshop:Country="Norway" photoshop:Instructions="Embargo" photoshop:AuthorsPosition="Staff" ' +
        'photoshop:CaptionWriter="CW" xmp:ModifyDate="2024-05-02T10:11:12"',
    );
    const file = write(await base().withExif(EXIF).withXmp(xmp).jpeg().toBuffer());
    const meta = await extractMetadata(file);
    expect(meta.fields).toEqual({
      5: "XMP title",
      10: "2",
      25: ["one", "two", "0042", "true", "null"],
      40: "Embargo",
      55: "2024-04-30",
      80: ["Ann", "Bob"],
      85: "Staff",
      90: "Oslo",
      92: "Sentrum",
      95: "Viken",
      101: "Norway",
      103: "0042",
      105: "Head <line>",
      110: "Credit",
      115: "Source",
      116: "© Ann",
      120: "XMP caption & more",
      122: "CW",
    });
    expect(meta.dates).toEqual({
      camera: "2024-05-01T10:34:56.000Z",
      iptc: "2024-04-30T20:15:00.000Z",
      // No zone in the XMP date: UTC.
      modified: "2024-05-02T10:11:12.000Z",
    });
  });

  test("IPTC from an APP13 segment, with XMP winning where both have a field", async () => {
    const jpeg = await base()
      .withExif({ IFD0: { Artist: "Exif Artist", ImageDescription: "Exif description" } })
      .withXmp(xmpPacket("", "", 'photoshop:City="Oslo"'))
      .jpeg()
      .toBuffer();
    const file = write(
      withIptc(jpeg, [
        [5, "IPTC title"],
        [10, "3"],
        [25, "fjord"],
        [25, "Blåbær"],
        [25, "fjord"],
        [40, "Special"],
        [55, "20240501"],
        [60, "123456+0200"],
        [80, "Iptc Byline"],
        [80, "Second Byline"],
        [85, "Photographer"],
        [90, "Bergen"],
        [92, "Bryggen"],
        [95, "Vestland"],
        [101, "Norge"],
        [103, "JOB-7"],
        [105, "Headline"],
        [110, "NTB"],
        [115, "Agency"],
        [116, "© Iptc"],
        [120, "Iptc caption\r\nsecond line"],
        [122, "Writer"],
      ]),
    );
    const meta = await extractMetadata(file);
    expect(meta.fields).toEqual({
      5: "IPTC title",
      10: "3",
      25: ["fjord", "Blåbær"],
      40: "Special",
      55: "2024-05-01",
      80: ["Iptc Byline", "Second Byline"],
      85: "Photographer",
      90: "Oslo",
      92: "Bryggen",
      95: "Vestland",
      101: "Norge",
      103: "JOB-7",
      105: "Headline",
      110: "NTB",
      115: "Agency",
      116: "© Iptc",
      120: "Iptc caption\nsecond line",
      122: "Writer",
    });
    expect(meta.dates.iptc).toBe("2024-05-01T10:34:56.000Z");
  });

  test("the IPTC release date and time become the release date", async () => {
    const file = write(
      withIptc(await base().jpeg().toBuffer(), [
        [30, "20250301"],
        [35, "083000-0100"],
      ]),
    );
    const meta = await extractMetadata(file);
    expect(meta.dates.release).toBe("2025-03-01T09:30:00.000Z");
    const none = await extractMetadata(write(await base().jpeg().toBuffer()));
    expect(none.dates.release).toBeUndefined();
  });

  test("an IPTC date without a time is midnight UTC", async () => {
    const file = write(withIptc(await base().jpeg().toBuffer(), [[55, "19991231"]]));
    const meta = await extractMetadata(file);
    expect(meta.fields[55]).toBe("1999-12-31");
    expect(meta.dates.iptc).toBe("1999-12-31T00:00:00.000Z");
  });

  test("values are cleaned and capped", async () => {
    const keywords = Array.from({ length: 1200 }, (_, i) => `k${i}`);
    const long = "x".repeat(12_000);
    const xmp = xmpPacket(
      `<dc:subject>${bag(keywords)}</dc:subject><dc:description>${alt(long)}</dc:description>
<dc:title>${alt("  bell&#7;ed\ttitle  ")}</dc:title>`,
    );
    const file = write(await base().withXmp(xmp).jpeg().toBuffer());
    const meta = await extractMetadata(file);
    expect(meta.fields[25]).toHaveLength(1000);
    expect(meta.fields[120]).toHaveLength(10_000);
    expect(meta.fields[5]).toBe("belled title");
  });

  test("a camera's own description is not taken as a caption", async () => {
    const file = write(
      await base()
        .withExif({ IFD0: { ImageDescription: "OLYMPUS DIGITAL CAMERA" } })
        .jpeg()
        .toBuffer(),
    );
    expect((await extractMetadata(file)).fields).toEqual({});
  });

  test("orientation 6 reports the size as displayed", async () => {
    const file = write(await base(300, 100).withMetadata({ orientation: 6 }).jpeg().toBuffer());
    const meta = await extractMetadata(file);
    expect(meta.orientation).toBe(6);
    expect([meta.width, meta.height]).toEqual([100, 300]);
  });

  test("colour space from Photoshop's XMP, EXIF or the PNG header", async () => {
    const cases: [Buffer, string][] = [
      [
        await base()
          .withXmp(xmpPacket("", "", 'photoshop:ICCProfile="Adobe RGB (1998)"'))
          .jpeg()
          .toBuffer(),
        "adobergb",
      ],
      [
        await base()
          .withXmp(
            xmpPacket("", "", 'photoshop:ColorMode="4" photoshop:ICCProfile="Coated FOGRA39"'),
          )
          .jpeg()
          .toBuffer(),
        "cmyk",
      ],
      [
        await base()
          .withExif({ IFD2: { ColorSpace: "1" } })
          .jpeg()
          .toBuffer(),
        "srgb",
      ],
    ];
    for (const [data, colorSpace] of cases) {
      expect((await extractMetadata(write(data))).colorSpace).toBe(colorSpace);
    }
    const gray = write(await base().toColourspace("b-w").png().toBuffer(), "png");
    expect(await extractMetadata(gray)).toMatchObject({ colorSpace: "b-w", width: 64 });
  });

  test("broken, missing or foreign files give empty metadata, never an error", async () => {
    const jpeg = await base().withExif(EXIF).jpeg().toBuffer();
    const files = [
      write(jpeg.subarray(0, 40)),
      write(
        Buffer.from([
          0xff, 0xd8, 0xff, 0xe1, 0, 20, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 42, 0xff,
          0xff, 0xff, 0xff, 1, 2, 3,
        ]),
      ),
      write(""),
      write("just text, no metadata at all", "txt"),
      write(await base().webp().toBuffer(), "webp"),
      path.join(dir, "does-not-exist.jpg"),
      dir,
    ];
    for (const file of files) {
      expect(await extractMetadata(file)).toMatchObject({ fields: {}, dates: {} });
    }
  });
});

describe("readXmp", () => {
  test("resolves prefixes through the namespace declarations", () => {
    const packet = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><r:RDF xmlns:r="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<r:Description xmlns:d="http://purl.org/dc/elements/1.1/" xmlns:ps="http://ns.adobe.com/photoshop/1.0/">
<d:title><r:Alt><r:li xml:lang="en">English</r:li><r:li xml:lang="x-default">Default</r:li></r:Alt></d:title>
<d:subject><r:Bag><r:li>a</r:li><r:li><![CDATA[b & <c>]]></r:li></r:Bag></d:subject>
<ps:City>Tromsø</ps:City>
<dc:title xmlns:dc="urn:not-dublin-core">Not a title</dc:title>
</r:Description></r:RDF></x:xmpmeta>`;
    expect(readXmp(packet)).toEqual({
      "dc:title": "Default",
      "dc:subject": ["a", "b & <c>"],
      "photoshop:City": "Tromsø",
    });
  });
});
