import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The retina thumbnail setting (spec 001, client settings): a signed-in user's choice in the user
 * menu, posted as a plain form; the grid and the pins view offer the retina thumbnail only then.
 */

const SETTINGS = "/fotoweb/me/client-settings";
const LOG_ON = `/fotoweb/views/login?to=${encodeURIComponent(SETTINGS)}`;

let server: TestServer;
let archive: Archive;
let viewer: Client;
const toastOf = (html: string) => html.match(/data-testid="toast"[^>]*>([^<]*)</)?.[1] ?? null;
const srcsets = (html: string) => [...html.matchAll(/srcSet="([^"]*)"/g)].map((m) => m[1]!);

/** Gives an asset's revision the two thumbnails ingest makes. */
async function addThumbnails(assetId: number) {
  const revision = await db()
    .selectFrom("revisions")
    .select("id")
    .where("asset_id", "=", assetId)
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("renditions")
    .values(
      (
        [
          ["thumbnail", 200, "c"],
          ["thumbnailRetina", 400, "d"],
        ] as const
      ).map(([kind, size, letter]) => ({
        revision_id: revision.id,
        kind,
        blob_hash: letter.repeat(64),
        mime: "image/jpeg",
        width: size,
        height: Math.round((size * 2) / 3),
        file_size: size,
      })),
    )
    .execute();
}

async function retinaSetting(username: string) {
  return (await findUserByUsername(username))!.preferences.intranet.enableRetinaThumbnails;
}

beforeAll(async () => {
  server = await startTestServer();
  archive = await createArchive({
    name: "Sharp",
    members: [
      { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  for (const name of ["one.jpg", "two.jpg"])
    await addThumbnails(await insertAsset(archive, { fileName: name }));
  await createUser({ username: "sharp", password: "sharp-password-1" });
  await createUser({ username: "other", password: "other-password-1" });
  viewer = new Client(server.url);
  await viewer.signIn("sharp", "sharp-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("retina thumbnails", () => {
  // Each test starts with the viewer's setting off (decision 075); "other" never changes his.
  beforeEach(async () => {
    expect((await viewer.post(SETTINGS, { to: archive.href })).status).toBe(302);
  });

  test("are on by default (issue 31): the grid offers both sizes", async () => {
    const other = new Client(server.url);
    await other.signIn("other", "other-password-1");
    const html = await (await other.get(archive.href)).text();
    expect(html).toContain('data-testid="asset-tile"');
    expect(srcsets(html)).toHaveLength(2);
    expect(html).toContain('name="enableRetinaThumbnails"');
  });

  test("the user menu's form turns them on, and the grid offers both sizes", async () => {
    const response = await viewer.post(SETTINGS, {
      enableRetinaThumbnails: "on",
      to: archive.href,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(archive.href);
    const html = await (await viewer.get(archive.href)).text();
    expect(toastOf(html)).toBe("Sharp thumbnails are on for high-resolution screens.");
    const sets = srcsets(html);
    expect(sets).toHaveLength(2);
    // Width descriptors: the browser picks by the cell's drawn width and the screen's density.
    for (const set of sets) expect(set).toMatch(/ 200w, \S+ 400w$/);
    expect(await retinaSetting("sharp")).toBe(true);
  });

  test("the setting is the user's own", async () => {
    expect(await retinaSetting("sharp")).toBe(false);
    expect(srcsets(await (await viewer.get(archive.href)).text())).toEqual([]);
    const other = new Client(server.url);
    await other.signIn("other", "other-password-1");
    expect(srcsets(await (await other.get(archive.href)).text())).toHaveLength(2);
  });

  test("an unticked box turns them off", async () => {
    await viewer.post(SETTINGS, { enableRetinaThumbnails: "on" });
    expect(await retinaSetting("sharp")).toBe(true);
    await viewer.post(SETTINGS, { to: archive.href });
    expect(srcsets(await (await viewer.get(archive.href)).text())).toEqual([]);
    expect(await retinaSetting("sharp")).toBe(false);
  });

  test("a value other than a ticked box is refused and changes nothing", async () => {
    await viewer.post(SETTINGS, { enableRetinaThumbnails: "on" });
    const response = await viewer.post(SETTINGS, {
      enableRetinaThumbnails: "<script>alert(1)</script>",
      to: "https://evil.example/",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    const html = await (await viewer.get("/fotoweb/")).text();
    expect(toastOf(html)).toBe("The thumbnail setting is a checkbox: tick it or leave it empty.");
    expect(html).not.toContain("<script>alert(1)");
    expect(await retinaSetting("sharp")).toBe(true);
  });

  test("guests and anonymous visitors cannot change it, and get the default", async () => {
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    const before = await retinaSetting("Guest");
    const asGuest = await guest.post(SETTINGS, { enableRetinaThumbnails: "off" });
    // A guest is not signed on as a person: sent to log on, as an anonymous visitor is.
    expect(asGuest.status).toBe(302);
    expect(asGuest.headers.get("location")).toBe(LOG_ON);
    expect(await retinaSetting("Guest")).toBe(before);
    expect(srcsets(await (await guest.get(archive.href)).text())).toHaveLength(2);
    const anonymous = new Client(server.url);
    const response = await anonymous.post(SETTINGS, { enableRetinaThumbnails: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(LOG_ON);
  });

  test("GET changes nothing", async () => {
    const response = await viewer.get(`${SETTINGS}?enableRetinaThumbnails=on`);
    expect(response.status).toBe(302);
    expect(await retinaSetting("sharp")).toBe(false);
  });
});

describe("the grid's size and navigation pane (decision 089)", () => {
  const BROWSE = "/fotoweb/me/browse-settings";
  const intranet = async () => (await findUserByUsername("sharp"))!.preferences.intranet;

  test("a plain form saves the size and goes back; the grid draws that size", async () => {
    const response = await viewer.post(BROWSE, { thumbnailSize: "large", to: archive.href });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(archive.href);
    expect((await intranet()).thumbnailSize).toBe("large");
    const html = await (await viewer.get(archive.href)).text();
    expect(html).toMatch(/<ul[^>]*data-size="large"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Large</);
    await viewer.post(BROWSE, { thumbnailSize: "medium" });
    expect((await intranet()).thumbnailSize).toBe("medium");
  });

  test("the pane closes and opens again, remembered", async () => {
    await viewer.post(BROWSE, { navigationPane: "closed", to: archive.href });
    expect((await intranet()).navigationPaneOpen).toBe(false);
    expect(await (await viewer.get(archive.href)).text()).toContain('data-pane="closed"');
    // The scripted control has changed the page already: no content, and only its own part.
    const response = await viewer.post(BROWSE, { navigationPane: "open", _fetch: "1" });
    expect(response.status).toBe(204);
    expect(await (await viewer.get(archive.href)).text()).toContain('data-pane="open"');
    expect((await intranet()).thumbnailSize).toBe("medium");
  });

  test("a value it does not know is refused and changes nothing", async () => {
    const before = await intranet();
    const plain = await viewer.post(BROWSE, { thumbnailSize: "<b>huge</b>", to: archive.href });
    expect(plain.status).toBe(302);
    const html = await (await viewer.get(archive.href)).text();
    expect(toastOf(html)).toMatch(/^Choose a thumbnail size/);
    const scripted = await viewer.post(BROWSE, { navigationPane: "sideways", _fetch: "1" });
    expect(scripted.status).toBe(400);
    expect(await intranet()).toEqual(before);
  });

  test("a guest has nowhere to keep it: sent to log on, and no size control is offered", async () => {
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    const response = await guest.post(BROWSE, { thumbnailSize: "small" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/fotoweb/views/login");
    const html = await (await guest.get(archive.href)).text();
    expect(html).toMatch(/<ul[^>]*data-size="medium"/);
    expect(html).not.toContain('name="thumbnailSize"');
  });
});
