import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createUser } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

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

describe("asset+json", () => {
  test("answers the asset representation", async () => {
    const response = await member.getJson(href(open, photo, "harbour dawn.jpg"), ASSET_JSON);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(
      /^application\/vnd\.fotoware\.asset\+json/,
    );
    const body = (await response.json()) as Record<string, unknown>;
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
    const renditions = body["renditions"] as { href: string }[];
    expect(renditions.map((r) => r.href.split("/").pop())).toEqual(["ORIGINAL", "PREVIEW"]);
  });

  test("anonymous visitors get the guest's view: no original", async () => {
    const response = await anonymous.getJson(href(open, photo, "x.jpg"), ASSET_JSON);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { renditions: { href: string }[] };
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
      const body = (await response.json()) as { status: number; value: string };
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
    expect(((await denied.json()) as { status: number }).status).toBe(403);
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
