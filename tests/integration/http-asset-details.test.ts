import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * The asset's URL over HTTP on the dialect under test: the page and its asset+json twin, one
 * 404 for everything the viewer may not see, hostile paths, and rendition hrefs that redirect.
 */

const ASSET_JSON = "application/vnd.fotoware.asset+json";

let server: TestServer;
let open: Archive;
let filtered: Archive;
let privateArchive: Archive;
let member: Client;
let other: Client;
let anonymous: Client;
let photo: number;
let portrait: number;
let landscape: number;
let secret: number;

const group = (id: number, permissions: string[], autoSearch = "") => ({
  type: "group" as const,
  id,
  permissions: permissions as never,
  autoSearch,
});

const href = (archive: Archive, id: number, fileName: string) =>
  assetHref(archive.id, archive.name, { id, fileName });

beforeAll(async () => {
  server = await startTestServer();
  open = await createArchive({
    name: "Open photographs",
    members: [
      group(REGISTERED_USERS_GROUP_ID, ["View", "Preview", "Download"]),
      group(EVERYONE_GROUP_ID, ["View", "Preview"]),
    ],
  });
  filtered = await createArchive({
    name: "Filtered",
    members: [group(REGISTERED_USERS_GROUP_ID, ["View", "Preview"], "o:portrait")],
  });
  const alice = await createUser({ username: "alice", password: "alice-password-1" });
  await createUser({ username: "bob", password: "bob-password-1" });
  privateArchive = await createArchive({
    name: "Private",
    members: [{ type: "user", id: alice.id, permissions: ["View", "Preview"], autoSearch: "" }],
  });
  photo = await insertAsset(open, {
    fileName: "harbour dawn.jpg",
    title: "Harbour at dawn",
    width: 3000,
    height: 2000,
    metadata: { "25": ["boats", "sea"], "80": ["Kari Nordmann"] },
  });
  await insertAsset(open, { fileName: "quay.jpg" });
  portrait = await insertAsset(filtered, { fileName: "p.jpg", width: 200, height: 300 });
  landscape = await insertAsset(filtered, { fileName: "l.jpg", width: 300, height: 200 });
  secret = await insertAsset(privateArchive, { fileName: "secret.jpg" });
  member = new Client(server.url);
  await member.signIn("alice", "alice-password-1");
  other = new Client(server.url);
  await other.signIn("bob", "bob-password-1");
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the asset keys clients read, each from the data (issue 14)", () => {
  let turned: number;
  let body: Record<string, unknown> & {
    builtinFields: { field: string; value: unknown }[];
    attributes: { imageattributes: Record<string, unknown> };
    quickRenditions: { name: string; href: string; size: number }[];
  };

  beforeAll(async () => {
    turned = await insertAsset(open, { fileName: "turned.jpg", width: 2000, height: 3000 });
    await db()
      .updateTable("assets")
      .set({
        rating: 4,
        color_space: "adobergb",
        orientation: 6,
        resolution: 300,
        current_revision: 2,
      })
      .where("id", "=", turned)
      .execute();
    // Revision 2 is current with its own preview; revision 3 is still being ingested.
    for (const number of [2, 3]) {
      const revision = await db()
        .insertInto("revisions")
        .values({
          asset_id: turned,
          number,
          blob_hash: String(number).repeat(64),
          file_name: "turned.jpg",
          file_size: 1000,
          mime: "image/jpeg",
          created_by: null,
          created_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db()
        .insertInto("renditions")
        .values({
          revision_id: revision.id,
          kind: "preview",
          blob_hash: String(number + 5).repeat(64),
          mime: "image/jpeg",
          width: 1067,
          height: 1600,
          file_size: 100,
        })
        .execute();
    }
    for (const username of ["alice", "bob"]) {
      const user = await findUserByUsername(username);
      await db()
        .insertInto("asset_pins")
        .values({ user_id: user!.id, asset_id: turned, created_at: now() })
        .execute();
    }
    const response = await member.getJson(href(open, turned, "turned.jpg"), ASSET_JSON);
    body = await readApiJson(response);
  });

  test("builtin rating is a string; the archive by id; counts of revisions and pins", () => {
    expect(body.builtinFields.find((f) => f.field === "rating")?.value).toBe("4");
    expect(body.archiveId).toBe(open.id);
    expect(body.revisioncount).toBe(2);
    expect(body.pincount).toBe(2);
  });

  test("image attributes: the colour space's family, resolution, rotation and mirror", () => {
    expect(body.attributes.imageattributes).toMatchObject({
      colorspace: "rgb",
      resolution: 300,
      rotation: 90,
      flipmirror: 0,
    });
  });

  test("quick renditions and the preview token name the current revision's preview", () => {
    // A signed token for that preview (decision 110), not the hash its file URL carries.
    expect(body.previewToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.quickRenditions).toEqual([
      expect.objectContaining({
        name: "PREVIEW",
        size: 1600,
        href: expect.stringContaining("7".repeat(64)),
      }),
    ]);
  });

  test("a quick rendition carries every key clients read from a rendition", () => {
    const [quick] = body.quickRenditions as unknown as Record<string, unknown>[];
    expect(quick).toEqual({
      name: "PREVIEW",
      display_name: "Preview",
      description: expect.any(String),
      original: false,
      default: false,
      profile: "",
      size: 1600,
      width: expect.any(Number),
      height: expect.any(Number),
      href: expect.any(String),
      square: false,
    });
  });

  test("the physical file id is the asset's own, the same on every read", async () => {
    const again = await readApiJson<{ physicalFileId: string }>(
      await anonymous.getJson(href(open, turned, "turned.jpg"), ASSET_JSON),
    );
    const other = await readApiJson<{ physicalFileId: string }>(
      await member.getJson(href(open, photo, "harbour dawn.jpg"), ASSET_JSON),
    );
    expect(body.physicalFileId).toMatch(/^[0-9a-f]{64}$/);
    expect(again.physicalFileId).toBe(body.physicalFileId);
    expect(other.physicalFileId).not.toBe(body.physicalFileId);
  });

  test("greyscale is grayscale, as the API names it; EXIF 7 is mirrored and turned", async () => {
    await db()
      .updateTable("assets")
      .set({ color_space: "b-w", orientation: 7 })
      .where("id", "=", portrait)
      .execute();
    const response = await member.getJson(href(filtered, portrait, "p.jpg"), ASSET_JSON);
    const seen = await readApiJson<Record<string, unknown>>(response);
    expect(seen.attributes).toMatchObject({
      imageattributes: { colorspace: "grayscale", rotation: 90, flipmirror: 1 },
    });
    // A file that states no resolution has none to show.
    expect(seen.attributes).not.toHaveProperty("imageattributes.resolution");
  });

  test("without Preview: no quick renditions and no preview token", async () => {
    const viewOnly = await createArchive({
      name: "View only",
      members: [group(REGISTERED_USERS_GROUP_ID, ["View"])],
    });
    const id = await insertAsset(viewOnly, { fileName: "v.jpg" });
    const response = await member.getJson(href(viewOnly, id, "v.jpg"), ASSET_JSON);
    const seen = await readApiJson<Record<string, unknown>>(response);
    expect(seen.quickRenditions).toEqual([]);
    expect(seen).not.toHaveProperty("previewToken");
    expect(seen.revisioncount).toBe(1);
    expect(seen.pincount).toBe(0);
  });
});

describe("asset+json", () => {
  test("answers the asset representation", async () => {
    const response = await member.getJson(href(open, photo, "harbour dawn.jpg"), ASSET_JSON);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(
      /^application\/vnd\.fotoware\.asset\+json/,
    );
    const body = (await readApiJson(response)) as Record<string, unknown>;
    expect(body).toMatchObject({
      href: href(open, photo, "harbour dawn.jpg"),
      linkstance: href(open, photo, "harbour dawn.jpg"),
      archiveHREF: open.href,
      filename: "harbour dawn.jpg",
      doctype: "image",
      attributes: { imageattributes: { pixelwidth: 3000, pixelheight: 2000 } },
      metadata: { "25": { value: ["boats", "sea"] } },
    });
    expect(body["permissions"]).toEqual(expect.arrayContaining(["View", "Preview", "Download"]));
    const renditions = body["renditions"] as { href: string; display_name: string }[];
    expect(renditions.map((r) => r.href.split("/").pop())).toEqual(["ORIGINAL", "PREVIEW"]);
    // The real product's name, which integrations look the original up by.
    expect(renditions[0]!.display_name).toBe("Original File");
  });

  test("anonymous visitors get the guest's view: no original", async () => {
    const response = await anonymous.getJson(href(open, photo, "x.jpg"), ASSET_JSON);
    expect(response.status).toBe(200);
    const body = (await readApiJson(response)) as { renditions: { href: string }[] };
    expect(body.renditions.map((r) => r.href.split("/").pop())).toEqual(["PREVIEW"]);
  });

  test("one 404 for what the viewer may not see, in the error shape", async () => {
    const cases: [Client, string][] = [
      [other, href(privateArchive, secret, "secret.jpg")],
      [anonymous, href(privateArchive, secret, "secret.jpg")],
      [member, href(filtered, landscape, "l.jpg")],
      // The archive segment must be the asset's own.
      [member, href(filtered, photo, "harbour dawn.jpg")],
      [member, href(open, 999_999, "none.jpg")],
      [member, `${open.href}not-an-asset.info`],
    ];
    const bodies: string[] = [];
    for (const [client, path] of cases) {
      const response = await client.getJson(path, ASSET_JSON);
      expect(response.status, path).toBe(404);
      const body = (await readApiJson(response)) as { status: number; value: string };
      expect(body.status).toBe(404);
      bodies.push(body.value);
    }
    expect(new Set(bodies).size).toBe(1);
    const visible = await member.getJson(href(filtered, portrait, "p.jpg"), ASSET_JSON);
    expect(visible.status).toBe(200);
    expect((await member.getJson(href(privateArchive, secret, "s.jpg"), ASSET_JSON)).status).toBe(
      200,
    );
  });

  test("hostile paths are 404, never 500", async () => {
    const base = `/fotoweb/archives/${open.id}-x/`;
    for (const path of [
      `${base}${photo}-%00.info`,
      `${base}${photo}-%2e%2e%2f%2e%2e%2fetc.info`,
      `${base}${photo}-${"a".repeat(3000)}.info`,
      `${base}${photo}-%E0%A4%A.info`,
      `/fotoweb/archives/%2e%2e/${photo}-x.info`,
      `/fotoweb/archives/${"9".repeat(40)}/${photo}-x.info`,
      `${base}${"9".repeat(40)}-x.info`,
    ]) {
      for (const accept of [ASSET_JSON, "text/html"]) {
        const response = await member.get(path, { accept });
        expect(response.status, `${path} as ${accept}`).toBe(404);
      }
    }
  });
});

describe("the page", () => {
  test("shows the asset and keeps the list context in its links", async () => {
    const response = await member.get(`${href(open, photo, "harbour dawn.jpg")}?s=name&q=`, {
      accept: "text/html",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Harbour at dawn");
    expect(html).toContain("Kari Nordmann");
    expect(html).toContain("25.4 × 16.9 cm");
    expect(html).toContain("Download original");
    expect(html).toMatch(/rel="next"|rel="prev"/);
    expect(html).toContain("?s=name");
  });

  test("a bad list context is ignored, not refused", async () => {
    for (const query of ["?s=sideways", "?q=%22unclosed", "?folder=..%2F1"]) {
      const response = await member.get(`${href(open, photo, "x.jpg")}${query}`, {
        accept: "text/html",
      });
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html).not.toMatch(/rel="(next|prev)"/);
    }
  });

  test("another user's private asset is a 404 page", async () => {
    const response = await other.get(href(privateArchive, secret, "secret.jpg"), {
      accept: "text/html",
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("There is no asset at this address");
  });
});

describe("rendition hrefs", () => {
  const rendition = (name: string) =>
    `${href(open, photo, "harbour dawn.jpg")}/__renditions/${name}`;

  test("redirect to the file URL, for any Accept", async () => {
    for (const accept of ["*/*", "application/json", "text/html"]) {
      const response = await member.get(rendition("ORIGINAL"), { accept });
      expect(response.status, accept).toBe(302);
      expect(response.headers.get("location")).toMatch(
        new RegExp(`^/fotoweb/files/\\d+/original/a{64}/harbour%20dawn\\.jpg$`),
      );
    }
    const preview = await anonymous.get(rendition("PREVIEW"));
    expect(preview.status).toBe(302);
    expect(preview.headers.get("location")).toMatch(/^\/fotoweb\/files\/\d+\/preview\/b{64}\//);
  });

  test("403 without Download, 404 for what the viewer may not see or no such rendition", async () => {
    const denied = await anonymous.get(rendition("ORIGINAL"));
    expect(denied.status).toBe(403);
    expect(((await readApiJson(denied)) as { status: number }).status).toBe(403);
    expect(
      (await other.get(`${href(privateArchive, secret, "s.jpg")}/__renditions/PREVIEW`)).status,
    ).toBe(404);
    expect(
      (await member.get(`${href(filtered, landscape, "l.jpg")}/__renditions/PREVIEW`)).status,
    ).toBe(404);
    expect((await member.get(rendition("THUMBNAIL"))).status).toBe(404); // none was made
    expect((await member.get(rendition("HUGE"))).status).toBe(404);
    expect((await member.get(rendition("__proto__"))).status).toBe(404);
  });

  test("the file URL of a filtered-out asset is refused too", async () => {
    // Bob's group sees only portraits; the landscape's preview file must not load by URL.
    const owner = new Client(server.url);
    await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const asOwner = await owner.get(`${href(filtered, landscape, "l.jpg")}/__renditions/PREVIEW`);
    expect(asOwner.status).toBe(302);
    const file = asOwner.headers.get("location")!;
    const response = await other.get(file);
    expect(response.status).toBe(404);
  });
});
