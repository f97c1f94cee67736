import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { ARCHIVE_AREA_NOT_FOUND } from "~/models/access/access.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import type { ArchiveConfigInput } from "~/models/archive/archive.schema";
import { iccDescription } from "~/media/renditions.server";
import { createUser } from "~/models/user/user.server";
import { blobStore } from "~/storage/blob-store.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { inEnglish } from "../helpers/keyed";

/*
 * The processing lists over HTTP on the dialect under test (decision 040): the config API of
 * processing profiles and sets, quick rendition sets, crop profile sets and watermarks for
 * manage-archives holders only; hostile input answered 4xx without a change; and the settings
 * made real: a download through a profile has that format, size and colour, a type-2 archive
 * offers its set's profiles, and the archive's watermark lands on the preview as it is served.
 */

const CONFIG = "/fotoweb/api/config";
const ASSET_TYPE = "application/vnd.fotoware.asset+json";
const WEB_JPEG = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a01";
const SOCIAL_SQUARE = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2a03";
const WEB_SET = "6f0c2c34-8a1e-4f57-9d0b-0f4c3b1e2b01";

interface Entry {
  Id: string;
  Name: string;
  Href: string;
  [key: string]: unknown;
}
interface FormReply {
  fieldErrors: Record<string, string>;
}
interface AssetJson {
  renditions: { href: string; profile: string; display_name: string; original: boolean }[];
  quickRenditions: { href: string; name: string }[];
}

let server: TestServer;
let owner: Client;
let member: Client;
let anonymous: Client;

const send = (client: Client, method: string, path: string, body: unknown) =>
  client.request(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const upload = (client: Client, name: string, file: Uint8Array, fileName: string) => {
  const form = new FormData();
  form.set("Name", name);
  form.set("file", new Blob([Buffer.from(file)]), fileName);
  return client.request(`${CONFIG}/watermarks`, {
    method: "POST",
    body: form,
    headers: { accept: "application/json" },
  });
};

const solid = (width: number, height: number, rgb: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: rgb } });

const count = async (
  table: "processing_profiles" | "processing_profile_sets" | "watermarks" | "rendition_sets",
) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const profileBody = (name: string, extra: Record<string, unknown> = {}) => ({
  Name: name,
  Format: "png",
  Size: { Width: 100, Height: 100, Fit: "inside" },
  Quality: 80,
  ColorProfile: "srgb",
  Sharpen: "none",
  ...extra,
});

async function setConfig(archive: Archive, config: ArchiveConfigInput) {
  const { archiveConfigSchema } = await import("~/models/archive/archive.schema");
  await db()
    .updateTable("archives")
    .set({ config: JSON.stringify(archiveConfigSchema.parse(config)) })
    .where("id", "=", archive.id)
    .execute();
}

/** A ready image asset whose original and preview are real blobs. */
async function imageAsset(archive: Archive, original: Buffer, preview: Buffer) {
  const id = await insertAsset(archive, { fileName: "photo.jpg" });
  const [o, p] = [await blobStore().put(original), await blobStore().put(preview)];
  await db()
    .updateTable("revisions")
    .set({ blob_hash: o.hash, file_size: o.size })
    .where("asset_id", "=", id)
    .execute();
  const revision = await db()
    .selectFrom("revisions")
    .select("id")
    .where("asset_id", "=", id)
    .executeTakeFirstOrThrow();
  const meta = await sharp(preview).metadata();
  await db()
    .updateTable("renditions")
    .set({ blob_hash: p.hash, width: meta.width!, height: meta.height!, file_size: p.size })
    .where("revision_id", "=", revision.id)
    .execute();
  return id;
}

const assetJson = async (archive: Archive, id: number) => {
  const href = `${archive.href}${id}-photo.jpg.info`;
  return readApiJson<AssetJson>(await owner.getJson(href, ASSET_TYPE));
};

/** The file behind a rendition href, through the rendition service as an integrator does. */
async function fetchRendition(href: string) {
  const answer = await owner.request("/fotoweb/services/renditions", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ href }),
  });
  expect(answer.status).toBe(202);
  const { href: fileHref } = await readApiJson<{ href: string }>(answer);
  const file = await owner.get(fileHref);
  expect(file.status).toBe(200);
  return { url: fileHref, file, bytes: Buffer.from(await file.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "member", password: "member-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("who may use the processing lists", () => {
  test("nobody is asked to sign in; a member without manageArchives finds nothing there", async () => {
    const paths = [
      "processingprofiles",
      `processingprofiles/${WEB_JPEG}`,
      "processingprofilesets",
      `processingprofilesets/${WEB_SET}`,
      "quickrenditionsets",
      "quickrenditionsets/00000000-0000-0000-0000-000000000000",
      "cropprofilesets",
      "watermarks",
      "watermarks/none.png",
      "watermarks/none.png/image",
    ].map((p) => `${CONFIG}/${p}`);
    for (const path of paths) {
      const refused = await member.getJson(path);
      expect(refused.status, path).toBe(404);
      expect((await readApiJson<{ value: string }>(refused)).value).toBe(
        inEnglish(ARCHIVE_AREA_NOT_FOUND),
      );
      expect((await anonymous.getJson(path)).status, path).toBe(401);
    }
    const before = await count("processing_profiles");
    expect(
      (await send(member, "POST", `${CONFIG}/processingprofiles`, profileBody("X"))).status,
    ).toBe(404);
    expect(
      (await send(member, "DELETE", `${CONFIG}/processingprofiles/${WEB_JPEG}`, "")).status,
    ).toBe(404);
    expect(
      (
        await upload(
          member,
          "Mark",
          await solid(8, 8, { r: 1, g: 2, b: 3 }).png().toBuffer(),
          "m.png",
        )
      ).status,
    ).toBe(404);
    expect(await count("processing_profiles")).toBe(before);
  });
});

describe("processing profiles and sets", () => {
  test("a fresh site has the seeded defaults", async () => {
    const list = await readApiJson<{ data: Entry[] }>(
      await owner.getJson(`${CONFIG}/processingprofiles`),
    );
    // Other tests of this file add profiles and sets: the seeded ones are among what is listed.
    expect(list.data.map((p) => p.Name)).toEqual(
      expect.arrayContaining(["Print TIFF", "Social 1080 square", "Web JPEG 2048"]),
    );
    const sets = await readApiJson<{ data: Entry[] }>(
      await owner.getJson(`${CONFIG}/processingprofilesets`),
    );
    expect(sets.data.find((set) => set.Name === "Web, print and social")?.Profiles).toHaveLength(3);
  });

  test("create, read, update, delete; names unique ignoring case", async () => {
    const made = await send(
      owner,
      "POST",
      `${CONFIG}/processingprofiles`,
      profileBody("  Thumb PNG  "),
    );
    expect(made.status).toBe(201);
    const profile = await readApiJson<Entry>(made);
    expect(profile.Name).toBe("Thumb PNG");
    expect(made.headers.get("location")).toBe(profile.Href);
    expect(profile.Watermark).toEqual({ FileName: "", Alignment: 4, ScaleToFit: false });
    const again = await send(
      owner,
      "POST",
      `${CONFIG}/processingprofiles`,
      profileBody("thumb png"),
    );
    expect(again.status).toBe(409);
    expect((await readApiJson<FormReply>(again)).fieldErrors.Name).toMatch(/already exists/);

    const changed = await send(
      owner,
      "PUT",
      profile.Href,
      profileBody("Thumb WebP", { Format: "webp" }),
    );
    expect(changed.status).toBe(200);
    expect((await readApiJson<Entry>(changed)).Format).toBe("webp");
    expect((await readApiJson<Entry>(await owner.getJson(profile.Href))).Name).toBe("Thumb WebP");

    expect((await send(owner, "DELETE", profile.Href, "")).status).toBe(204);
    expect((await owner.getJson(profile.Href)).status).toBe(404);
  });

  test("every error at once, by field; nothing stored", async () => {
    const before = await count("processing_profiles");
    const bad = await send(owner, "POST", `${CONFIG}/processingprofiles`, {
      Name: " ",
      Format: "bmp",
      Quality: 900,
      Size: { Width: -1, Height: 10, Fit: "inside" },
      ColorProfile: "adobergb",
      Sharpen: "extreme",
      Resolution: 1e9,
    });
    expect(bad.status).toBe(400);
    const { fieldErrors } = await readApiJson<FormReply>(bad);
    expect(Object.keys(fieldErrors).sort()).toEqual(
      ["ColorProfile", "Format", "Name", "Quality", "Resolution", "Sharpen", "Size.Width"].sort(),
    );
    const cmyk = await send(
      owner,
      "POST",
      `${CONFIG}/processingprofiles`,
      profileBody("C", { ColorProfile: "cmyk" }),
    );
    expect((await readApiJson<FormReply>(cmyk)).fieldErrors.ColorProfile).toMatch(/JPEG or TIFF/);
    const mark = await send(
      owner,
      "POST",
      `${CONFIG}/processingprofiles`,
      profileBody("W", { Watermark: { FileName: "../../etc/passwd" } }),
    );
    expect(mark.status).toBe(400);
    const unknownMark = await send(
      owner,
      "POST",
      `${CONFIG}/processingprofiles`,
      profileBody("W", { Watermark: { FileName: "nothere.png" } }),
    );
    expect(
      (await readApiJson<FormReply>(unknownMark)).fieldErrors["Watermark.FileName"],
    ).toBeTruthy();
    expect(await count("processing_profiles")).toBe(before);
  });

  test("hostile bodies: not JSON, an array, huge, an id that is not one", async () => {
    const before = await count("processing_profiles");
    expect((await send(owner, "POST", `${CONFIG}/processingprofiles`, "{nope")).status).toBe(400);
    expect((await send(owner, "POST", `${CONFIG}/processingprofiles`, "[]")).status).toBe(400);
    const huge = JSON.stringify(profileBody("Huge", { Pad: "x".repeat(2 * 1024 * 1024) }));
    expect((await send(owner, "POST", `${CONFIG}/processingprofiles`, huge)).status).toBe(413);
    expect((await owner.getJson(`${CONFIG}/processingprofiles/..%2F..%2Fetc`)).status).toBe(404);
    expect(
      (await owner.getJson(`${CONFIG}/processingprofiles/00000000-0000-0000-0000-000000000000`))
        .status,
    ).toBe(404);
    expect(
      (await send(owner, "PATCH", `${CONFIG}/processingprofiles/${WEB_JPEG}`, "{}")).status,
    ).toBe(405);
    expect(await count("processing_profiles")).toBe(before);
  });

  test("a set needs existing profiles; a profile a set or an archive uses cannot go", async () => {
    const empty = await send(owner, "POST", `${CONFIG}/processingprofilesets`, {
      Name: "Empty",
      Profiles: [],
    });
    expect((await readApiJson<FormReply>(empty)).fieldErrors.Profiles).toMatch(/at least one/);
    const ghost = await send(owner, "POST", `${CONFIG}/processingprofilesets`, {
      Name: "Ghost",
      Profiles: ["11111111-2222-4333-8444-555555555555"],
    });
    expect((await readApiJson<FormReply>(ghost)).fieldErrors.Profiles).toMatch(/no longer exists/);

    const profile = await readApiJson<Entry>(
      await send(owner, "POST", `${CONFIG}/processingprofiles`, profileBody("Used one")),
    );
    const set = await readApiJson<Entry>(
      await send(owner, "POST", `${CONFIG}/processingprofilesets`, {
        Name: "Uses it",
        Profiles: [profile.Id],
      }),
    );
    const refused = await send(owner, "DELETE", profile.Href, "");
    expect(refused.status).toBe(409);
    expect((await readApiJson<{ value: string }>(refused)).value).toMatch(/"Uses it"/);

    await createArchive({
      name: "Set user",
      config: { DownloadProcessing: { ProcessingType: 2, CustomProcessingProfileSet: set.Id } },
    });
    const setRefused = await send(owner, "DELETE", set.Href, "");
    expect(setRefused.status).toBe(409);
    expect((await readApiJson<{ value: string }>(setRefused)).value).toMatch(/"Set user"/);
  });
});

describe("quick rendition sets and crop profile sets", () => {
  test("rows checked together, labels unique, written and read back", async () => {
    const bad = await send(owner, "POST", `${CONFIG}/quickrenditionsets`, {
      Name: "Sizes",
      Sizes: [
        { Label: "Small", Size: 5, Format: "gif" },
        { Label: "small", Size: 400 },
      ],
    });
    expect(bad.status).toBe(400);
    const { fieldErrors } = await readApiJson<FormReply>(bad);
    expect(fieldErrors).toHaveProperty(["Sizes.0.Size"]);
    expect(fieldErrors).toHaveProperty(["Sizes.0.Format"]);
    expect(fieldErrors).toHaveProperty(["Sizes.1.Label"]);
    const made = await readApiJson<Entry>(
      await send(owner, "POST", `${CONFIG}/quickrenditionsets`, {
        Name: "Sizes",
        Sizes: [{ Label: "Small", Size: 400, Format: "webp" }],
      }),
    );
    expect(made.Sizes).toEqual([{ Label: "Small", Size: 400, Format: "webp" }]);

    const crop = await send(owner, "POST", `${CONFIG}/cropprofilesets`, {
      Name: "Crops",
      Profiles: [
        { Label: "Banner", Width: 1200, Height: 400, FixedSize: true },
        { Label: "Wide", Width: 16, Height: 9 },
      ],
    });
    expect(crop.status).toBe(201);
    const ratio = await send(owner, "POST", `${CONFIG}/cropprofilesets`, {
      Name: "Bad ratio",
      Profiles: [{ Label: "Huge", Width: 1600, Height: 900 }],
    });
    expect((await readApiJson<FormReply>(ratio)).fieldErrors["Profiles.0.Width"]).toMatch(/aspect/);
  });
});

describe("watermarks", () => {
  test("a PNG is stored under a safe, unique file name and served to managers", async () => {
    const png = await sharp({
      create: {
        width: 40,
        height: 20,
        channels: 4,
        background: { r: 255, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const first = await upload(owner, "Red mark", png, "../../etc/Red\u0001 mark.png");
    expect(first.status).toBe(201);
    const mark = await readApiJson<{
      FileName: string;
      Name: string;
      Width: number;
      ImageHref: string;
    }>(first);
    expect(mark.FileName).toBe("Red- mark.png");
    expect(mark.Width).toBe(40);
    const second = await readApiJson<{ FileName: string }>(
      await upload(owner, "Red again", png, "Red- mark.png"),
    );
    expect(second.FileName).toBe("Red- mark-2.png");
    const list = await readApiJson<{ data: { FileName: string; Name: string }[] }>(
      await owner.getJson(`${CONFIG}/watermarks`),
    );
    expect(list.data).toContainEqual(
      expect.objectContaining({ FileName: "Red- mark.png", Name: "Red mark" }),
    );
    const image = await owner.get(mark.ImageHref);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await member.get(mark.ImageHref)).status).toBe(404);
  });

  test("SVG, HTML, a PNG header on anything else, giant dimensions: refused, nothing stored", async () => {
    const before = await count("watermarks");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await upload(owner, "Svg", svg, "mark.png")).status).toBe(415);
    expect(
      (await upload(owner, "Html", Buffer.from("<html><body>hi</body></html>"), "m.png")).status,
    ).toBe(415);
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      svg,
    ]);
    expect((await upload(owner, "Fake", fakePng, "m.png")).status).toBe(400);
    // A PNG claiming 9000 × 9000 pixels, caught from its header before any decoding.
    const tall = await sharp({
      create: { width: 1, height: 9000, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    const giant = Buffer.from(tall);
    giant.writeUInt32BE(9000, 16);
    expect((await upload(owner, "Giant", giant, "m.png")).status).toBe(413);
    const noName = await upload(
      owner,
      "",
      await solid(4, 4, { r: 0, g: 0, b: 0 }).png().toBuffer(),
      "m.png",
    );
    expect((await readApiJson<FormReply>(noName)).fieldErrors.Name).toBeTruthy();
    expect(await count("watermarks")).toBe(before);
  });

  test("one an archive or a profile uses cannot be deleted; an unused one can", async () => {
    const png = await solid(10, 10, { r: 0, g: 255, b: 0 }).png().toBuffer();
    const mark = await readApiJson<{ FileName: string; Href: string }>(
      await upload(owner, "Green", png, "green.png"),
    );
    await createArchive({
      name: "Green archive",
      config: { WatermarkSettings: { WatermarkFilename: mark.FileName } },
    });
    const refused = await send(owner, "DELETE", mark.Href, "");
    expect(refused.status).toBe(409);
    expect((await readApiJson<{ value: string }>(refused)).value).toMatch(/"Green archive"/);
    const spare = await readApiJson<{ Href: string }>(
      await upload(owner, "Spare", png, "spare.png"),
    );
    expect((await send(owner, "DELETE", spare.Href, "")).status).toBe(204);
    expect((await owner.getJson(spare.Href)).status).toBe(404);
  });
});

describe("downloads through processing profiles", () => {
  test("type 1: the original download is the profile's file (format, size, colour, resolution)", async () => {
    const archive = await createArchive({ name: "Type one" });
    const original = await solid(600, 400, { r: 200, g: 60, b: 30 }).jpeg().toBuffer();
    const id = await imageAsset(
      archive,
      original,
      await solid(300, 200, { r: 200, g: 60, b: 30 }).jpeg().toBuffer(),
    );
    // Type 0: the original as it is.
    const plain = await assetJson(archive, id);
    const untouched = await fetchRendition(plain.renditions.find((r) => r.original)!.href);
    expect(untouched.bytes).toEqual(original);

    const profile = await readApiJson<Entry>(
      await send(
        owner,
        "POST",
        `${CONFIG}/processingprofiles`,
        profileBody("P3 webp 150", {
          Format: "webp",
          Size: { Width: 150, Height: 150, Fit: "inside" },
          ColorProfile: "p3",
          Resolution: 300,
        }),
      ),
    );
    await setConfig(archive, {
      DownloadProcessing: { ProcessingType: 1, SpecificProcessingProfile: profile.Id },
    });
    const json = await assetJson(archive, id);
    expect(json.renditions).toHaveLength(2);
    const download = json.renditions[0]!;
    expect(download).toMatchObject({
      profile: profile.Id,
      display_name: "P3 webp 150",
      original: false,
    });
    const { file, bytes } = await fetchRendition(download.href);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("content-disposition")).toMatch(/photo\.webp/);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 150, 100]);
    expect(iccDescription(meta.icc!)).toMatch(/P3/);
    // Made once: the same URL again is the same bytes from the cache.
    const again = await fetchRendition(download.href);
    expect(again.bytes).toEqual(bytes);
    expect(
      Number(
        (
          await db()
            .selectFrom("derived_files")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
  });

  test("type 2: the set's profiles are offered; each gives its own file; others are not there", async () => {
    const archive = await createArchive({
      name: "Type two",
      config: { DownloadProcessing: { ProcessingType: 2, CustomProcessingProfileSet: WEB_SET } },
    });
    const original = await solid(1600, 1200, { r: 20, g: 90, b: 200 }).jpeg().toBuffer();
    const id = await imageAsset(
      archive,
      original,
      await solid(400, 300, { r: 20, g: 90, b: 200 }).jpeg().toBuffer(),
    );
    const json = await assetJson(archive, id);
    const offered = json.renditions.filter((r) => r.profile);
    expect(offered.map((r) => r.display_name)).toEqual([
      "Web JPEG 2048",
      "Print TIFF",
      "Social 1080 square",
    ]);
    const square = offered.find((r) => r.profile === SOCIAL_SQUARE)!;
    const { bytes } = await fetchRendition(square.href);
    const meta = await sharp(bytes).metadata();
    // Cover at 1080 × 1080 but never enlarged: the 1200 px side bounds it.
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1080, 1080]);
    const tiff = await fetchRendition(offered.find((r) => r.display_name === "Print TIFF")!.href);
    const tiffMeta = await sharp(tiff.bytes).metadata();
    expect([tiffMeta.format, tiffMeta.width, tiffMeta.density]).toEqual(["tiff", 1600, 300]);
    // A profile outside the set, by href or by the file URL's query: not there.
    const outside = json.renditions[0]!.href.replace(
      /__renditions\/.*$/,
      "__renditions/11111111-2222-4333-8444-555555555555",
    );
    const answer = await owner.request("/fotoweb/services/renditions", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ href: outside }),
    });
    expect(answer.status).toBe(404);
  });
});

describe("the archive's watermark on previews", () => {
  test("composited at the aligned corner as served; a change gives a new URL, none a clean one", async () => {
    const png = await solid(30, 30, { r: 255, g: 0, b: 0 }).png().toBuffer();
    const mark = await readApiJson<{ FileName: string }>(
      await upload(owner, "Corner", png, "corner.png"),
    );
    const archive = await createArchive({ name: "Marked previews" });
    const preview = await solid(400, 300, { r: 0, g: 0, b: 255 }).jpeg().toBuffer();
    const id = await imageAsset(
      archive,
      await solid(800, 600, { r: 0, g: 0, b: 255 }).jpeg().toBuffer(),
      preview,
    );
    const previewHref = async () =>
      (await assetJson(archive, id)).quickRenditions.find((q) => q.href.includes("/preview/"))!
        .href;
    const pixel = async (url: string, x: number, y: number) => {
      const { data, info } = await sharp(Buffer.from(await (await owner.get(url)).arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return { r: data[at]!, b: data[at + 2]! };
    };
    const clean = await previewHref();
    expect((await pixel(clean, 20, 20)).b).toBeGreaterThan(200);

    await setConfig(archive, {
      WatermarkSettings: { WatermarkFilename: mark.FileName, WatermarkAlignment: 0 },
    });
    const topLeft = await previewHref();
    expect(topLeft).not.toBe(clean);
    expect((await pixel(topLeft, 20, 20)).r).toBeGreaterThan(200);
    expect((await pixel(topLeft, 380, 280)).b).toBeGreaterThan(200);
    // The clean preview's URL no longer answers: nothing unmarked leaks by an old link.
    expect((await owner.get(clean)).status).toBe(404);

    await setConfig(archive, {
      WatermarkSettings: { WatermarkFilename: mark.FileName, WatermarkAlignment: 3 },
    });
    const bottomRight = await previewHref();
    expect(bottomRight).not.toBe(topLeft);
    expect((await pixel(bottomRight, 20, 20)).b).toBeGreaterThan(200);
    expect((await pixel(bottomRight, 380, 280)).r).toBeGreaterThan(200);
    expect((await owner.get(topLeft)).status).toBe(404);

    await setConfig(archive, {});
    expect(await previewHref()).toBe(clean);
  });
});

describe("the admin pages without JavaScript", () => {
  const PAGES = [
    "/fotoweb/views/admin/processing-profiles",
    "/fotoweb/views/admin/processing-profiles/new",
    `/fotoweb/views/admin/processing-profiles/${WEB_JPEG}`,
    "/fotoweb/views/admin/processing-profiles/sets/new",
    `/fotoweb/views/admin/processing-profiles/sets/${WEB_SET}`,
    "/fotoweb/views/admin/watermarks",
    "/fotoweb/views/admin/rendition-sets",
    "/fotoweb/views/admin/rendition-sets/new",
    "/fotoweb/views/admin/crop-profile-sets",
    "/fotoweb/views/admin/crop-profile-sets/new",
  ];

  test("managers see each page; members find nothing; nobody is sent to sign in", async () => {
    for (const path of PAGES) {
      expect((await owner.get(path)).status, path).toBe(200);
      expect((await member.get(path)).status, path).toBe(404);
      expect((await anonymous.get(path)).status, path).toBe(302);
    }
    const before = await count("rendition_sets");
    const refused = await member.post("/fotoweb/views/admin/rendition-sets/new", {
      Name: "Sneaky",
      "Sizes[0].Label": "S",
      "Sizes[0].Size": "100",
    });
    expect(refused.status).toBe(404);
    expect(await count("rendition_sets")).toBe(before);
  });

  test("a form post with nested rows saves; blank rows at the end are dropped", async () => {
    const saved = await owner.post("/fotoweb/views/admin/rendition-sets/new", {
      Name: "Form sizes",
      "Sizes[0].Label": "Tiny",
      "Sizes[0].Size": "120",
      "Sizes[0].Format": "png",
      "Sizes[1].Label": "",
      "Sizes[1].Size": "",
      "Sizes[1].Format": "jpeg",
    });
    expect(saved.status).toBe(302);
    const list = await readApiJson<{ data: Entry[] }>(
      await owner.getJson(`${CONFIG}/quickrenditionsets`),
    );
    expect(list.data.find((s) => s.Name === "Form sizes")?.Sizes).toEqual([
      { Label: "Tiny", Size: 120, Format: "png" },
    ]);
  });

  test("all errors come back by the forms' field names", async () => {
    const bad = await owner.post("/fotoweb/views/admin/crop-profile-sets/new", {
      Name: "",
      "Profiles[0].Label": "",
      "Profiles[0].Width": "300",
      "Profiles[0].Height": "x",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    // Each message by its field, all in one answer.
    expect(html).toContain("Enter a name.");
    expect(html).toContain("Enter a label.");
    expect(html).toContain("Height: a whole number.");
    // The rows come back with what was typed.
    expect(html).toMatch(
      /name="Profiles\[0\]\.Width"[^>]*value="300"|value="300"[^>]*name="Profiles\[0\]\.Width"/,
    );
    const profile = await owner.post("/fotoweb/views/admin/processing-profiles/new", {
      Name: "Form profile",
      Format: "jpeg",
      "Size.Width": "640",
      "Size.Height": "0",
      "Size.Fit": "inside",
      Quality: "70",
      ColorProfile: "gray",
      Sharpen: "light",
      "Watermark.FileName": "",
      "Watermark.Alignment": "2",
      "Watermark.ScaleToFit": "on",
      Resolution: "0",
    });
    expect(profile.status).toBe(302);
    const made = (
      await readApiJson<{ data: Entry[] }>(await owner.getJson(`${CONFIG}/processingprofiles`))
    ).data.find((p) => p.Name === "Form profile")!;
    // Scale-to-fit exists only at the centre: ticked at bottom-left, it is not kept.
    expect(made.Watermark).toEqual({ FileName: "", Alignment: 2, ScaleToFit: false });
    expect(made.KeepMetadata).toBe(false);
    // "gray" (the name before the API said grayscale) is still understood; answers say grayscale.
    expect(made.ColorProfile).toBe("grayscale");
  });

  test("a delete asks first, and one in use is refused on the page with who uses it", async () => {
    const page = await owner.get(
      `/fotoweb/views/admin/processing-profiles?list=processingProfiles&delete=${WEB_JPEG}`,
    );
    expect(await page.text()).toMatch(/Delete Web JPEG 2048\?/);
    const refused = await owner.post(
      "/fotoweb/views/admin/processing-profiles?list=processingProfiles&delete=" + WEB_JPEG,
      {
        intent: "delete",
        list: "processingProfiles",
        id: WEB_JPEG,
      },
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(
      /used by the profile sets &quot;Web, print and social&quot;/,
    );
  });

  test("the site settings page links the lists for archive managers", async () => {
    const html = await (await owner.get("/fotoweb/views/management")).text();
    expect(html).toContain('href="/fotoweb/views/admin/watermarks"');
  });
});
