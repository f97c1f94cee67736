import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive } from "~/models/archive/archive.server";
import { addAlbumAssets, createAlbum } from "~/models/album/album.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { albumHref } from "~/utils/links";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * An album's HTML page (decision 053) on the dialect under test: who sees it (owner, contributor,
 * viewer; strangers and missing albums alike 404), and every owner intent as a plain form post,
 * with bad input refused (4xx) and nothing changed.
 */

let server: TestServer;
let owner: Viewer;
let contributor: Viewer;
let viewer: Viewer;
let stranger: Viewer;
let ids: number[];
const clients: Record<string, Client> = {};

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser({
    username: "pagealba",
    password: "alba-password-1",
    fullName: "Alba Owner",
  });
  contributor = await createUser({
    username: "pagecora",
    password: "cora-password-1",
    fullName: "Cora",
  });
  viewer = await createUser({
    username: "pagevera",
    password: "vera-password-1",
    fullName: "Vera",
  });
  stranger = await createUser({
    username: "pagestig",
    password: "stig-password-1",
    fullName: "Stig",
  });
  const archive = await createArchive({
    name: "Page archive",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview"],
        autoSearch: "",
      },
    ],
  });
  ids = (await insertReadyAssets(archive.id, 6)).map((a) => a.id);
  for (const [name, password] of [
    ["pagealba", "alba-password-1"],
    ["pagecora", "cora-password-1"],
    ["pagevera", "vera-password-1"],
    ["pagestig", "stig-password-1"],
  ] as const) {
    clients[name] = new Client(server.url);
    await clients[name].signIn(name, password);
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function makeAlbum(name: string) {
  const album = await createAlbum(owner, { name, description: "About it" });
  await addAlbumAssets(owner, album.id, ids);
  const at = new Date().toISOString();
  await db()
    .insertInto("album_shares")
    .values([
      {
        album_id: album.id,
        principal_type: "user",
        principal_id: contributor.id,
        access: "contribute",
        created_at: at,
      },
      {
        album_id: album.id,
        principal_type: "user",
        principal_id: viewer.id,
        access: "view",
        created_at: at,
      },
    ])
    .execute();
  return { id: album.id, href: albumHref(owner.id, album.id) };
}

const post = (who: string, path: string, pairs: [string, string][]) =>
  clients[who]!.request(path, {
    method: "POST",
    body: new URLSearchParams(pairs),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

const albumRow = (id: number) =>
  db().selectFrom("albums").selectAll().where("id", "=", id).executeTakeFirst();

const order = async (id: number) =>
  (
    await db()
      .selectFrom("album_assets")
      .select("asset_id")
      .where("album_id", "=", id)
      .orderBy("position")
      .execute()
  ).map((r) => r.asset_id);

describe("the album page", () => {
  test("signed-out visitors are sent to log on", async () => {
    const { href } = await makeAlbum("Signed out");
    const response = await new Client(server.url).get(href);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/fotoweb/views/login");
  });

  test("the owner sees the album, its actions and who it is shared with", async () => {
    const { href } = await makeAlbum("Owner view");
    const response = await clients["pagealba"]!.get(href);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Owner view");
    expect(html).toContain("About it");
    expect(html).toContain("6 assets");
    expect(html).toContain("Album actions");
    expect(html).toContain("Remove from album");
    expect(html).toContain("Shared with");
    expect(html).toMatch(/Cora \(may add\)/);
    expect(html).toMatch(/Vera \(may view\)/);
    expect(html).toContain(`${href}.shares/`);
    // One way to the sharing page (issue 31): the "Shared with" section's link.
    expect(html.split(`href="${href}.shares/"`).length - 1).toBe(1);
  });

  test("a viewer browses: no owner actions, tiles open through the album", async () => {
    const { id, href } = await makeAlbum("Viewer view");
    const response = await clients["pagevera"]!.get(href);
    expect(response.status).toBe(200);
    // What is not shown is looked for outside the page's messages block (decision 101).
    const html = withoutMessages(await response.text());
    expect(html).toContain("Viewer view");
    expect(html).not.toContain("Remove from album");
    expect(html).not.toContain("Shared with");
    // As a button: the grid's words travel in the page's messages block (decision 101).
    expect(html).not.toContain(">Add to album…</button>");
    expect(html).not.toContain('formaction="/fotoweb/views/add-to-album"');
    // No archive asset pages for a sharee (these assets have no previews: no file links either).
    expect(html).not.toContain("Download original");
    expect(html).toContain("You may view it");
    expect(id).toBeGreaterThan(0);
  });

  test("a contributor sees the add hint but not the owner's actions", async () => {
    const { href } = await makeAlbum("Contributor view");
    const html = withoutMessages(await (await clients["pagecora"]!.get(href)).text());
    expect(html).toContain("Add to");
    expect(html).not.toContain("Remove from album");
  });

  test("missing, private and wrong-user albums answer the same 404", async () => {
    const { id, href } = await makeAlbum("Private to strangers");
    const refused = await clients["pagestig"]!.get(href);
    const missing = await clients["pagestig"]!.get(albumHref(owner.id, 999_999));
    const wrongUser = await clients["pagealba"]!.get(albumHref(stranger.id, id));
    for (const response of [refused, missing, wrongUser]) {
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("There is no album at this address.");
      expect(html).not.toContain("Private to strangers");
    }
    const posted = await post("pagestig", href, [["intent", "archive"]]);
    expect(posted.status).toBe(404);
    expect((await albumRow(id))?.status).toBe("active");
  });
});

describe("the owner's intents", () => {
  test("rename and describe; an empty name is refused by its field and changes nothing", async () => {
    const { id, href } = await makeAlbum("Before");
    const bad = await post("pagealba", href, [
      ["intent", "rename"],
      ["name", "   "],
      ["description", "changed"],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Give the album a name.");
    expect((await albumRow(id))?.name).toBe("Before");
    const ok = await post("pagealba", href, [
      ["intent", "rename"],
      ["name", "  After  "],
      ["description", "New words"],
    ]);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(href);
    const row = await albumRow(id);
    expect(row?.name).toBe("After");
    expect(row?.description).toBe("New words");
  });

  test("sharees may not change the album: 403, nothing changed", async () => {
    const { id, href } = await makeAlbum("Theirs");
    for (const who of ["pagecora", "pagevera"]) {
      for (const pairs of [
        [
          ["intent", "rename"],
          ["name", "Mine now"],
        ],
        [
          ["intent", "remove"],
          ["asset", String(ids[0])],
        ],
        [["intent", "archive"]],
        [
          ["intent", "pin"],
          ["asset", String(ids[0])],
        ],
      ] as [string, string][][]) {
        const response = await post(who, href, pairs);
        expect(response.status).toBe(403);
      }
    }
    expect((await albumRow(id))?.name).toBe("Theirs");
    expect(await order(id)).toEqual(ids);
  });

  test("remove the selected assets; the assets stay in their archive", async () => {
    const { id, href } = await makeAlbum("Remove");
    expect((await post("pagealba", href, [["intent", "remove"]])).status).toBe(400);
    const response = await post("pagealba", href, [
      ["intent", "remove"],
      ["asset", String(ids[0])],
      ["asset", String(ids[1])],
    ]);
    expect(response.status).toBe(302);
    expect(await order(id)).toEqual(ids.slice(2));
    const kept = await db().selectFrom("assets").select("id").where("id", "in", ids).execute();
    expect(kept).toHaveLength(ids.length);
  });

  test("set and clear the cover; one asset of the album only", async () => {
    const { id, href } = await makeAlbum("Cover");
    const two = await post("pagealba", href, [
      ["intent", "cover"],
      ["asset", String(ids[0])],
      ["asset", String(ids[1])],
    ]);
    expect(two.status).toBe(400);
    const outside = await post("pagealba", href, [
      ["intent", "cover"],
      ["asset", "999999"],
    ]);
    expect(outside.status).toBe(404);
    expect((await albumRow(id))?.cover_asset_id).toBeNull();
    expect(
      (
        await post("pagealba", href, [
          ["intent", "cover"],
          ["asset", String(ids[3])],
        ])
      ).status,
    ).toBe(302);
    expect((await albumRow(id))?.cover_asset_id).toBe(ids[3]);
    expect((await post("pagealba", href, [["intent", "clear-cover"]])).status).toBe(302);
    expect((await albumRow(id))?.cover_asset_id).toBeNull();
  });

  test("move to the top and after an asset; a stale anchor is a conflict that moves nothing", async () => {
    const { id, href } = await makeAlbum("Move");
    const top = await post("pagealba", href, [
      ["intent", "move"],
      ["asset", String(ids[4])],
      ["after", "top"],
    ]);
    expect(top.status).toBe(302);
    expect((await order(id))[0]).toBe(ids[4]);
    const after = await post("pagealba", href, [
      ["intent", "move"],
      ["asset", String(ids[4])],
      ["after", String(ids[5])],
    ]);
    expect(after.status).toBe(302);
    expect((await order(id)).at(-1)).toBe(ids[4]);
    const before = await order(id);
    await db()
      .deleteFrom("album_assets")
      .where("album_id", "=", id)
      .where("asset_id", "=", ids[2]!)
      .execute();
    const stale = await post("pagealba", href, [
      ["intent", "move"],
      ["asset", String(ids[0])],
      ["after", String(ids[2])],
    ]);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("The album has changed");
    expect(await order(id)).toEqual(before.filter((a) => a !== ids[2]));
    const nowhere = await post("pagealba", href, [
      ["intent", "move"],
      ["asset", String(ids[0])],
      ["after", "somewhere"],
    ]);
    expect(nowhere.status).toBe(400);
  });

  test("move before an asset; before one gone is a conflict", async () => {
    const { id, href } = await makeAlbum("Move before");
    const move = (asset: number, after: string) =>
      post("pagealba", href, [
        ["intent", "move"],
        ["asset", String(asset)],
        ["after", after],
      ]);
    expect((await move(ids[0]!, `before:${ids[3]}`)).status).toBe(302);
    expect(await order(id)).toEqual([ids[1], ids[2], ids[0], ids[3], ids[4], ids[5]]);
    expect((await move(ids[4]!, `before:${ids[1]}`)).status).toBe(302);
    expect((await order(id))[0]).toBe(ids[4]);
    const before = await order(id);
    await post("pagealba", href, [
      ["intent", "remove"],
      ["asset", String(ids[5])],
    ]);
    const stale = await move(ids[0]!, `before:${ids[5]}`);
    expect(stale.status).toBe(409);
    expect(await order(id)).toEqual(before.filter((a) => a !== ids[5]));
    expect((await move(ids[0]!, "before:x")).status).toBe(400);
  });

  test("archive, unarchive, delete to the bin, undelete, delete forever", async () => {
    const { id, href } = await makeAlbum("Status");
    expect((await post("pagealba", href, [["intent", "archive"]])).status).toBe(302);
    expect((await albumRow(id))?.status).toBe("archived");
    const again = await post("pagealba", href, [["intent", "archive"]]);
    expect(again.status).toBe(409);
    expect((await clients["pagevera"]!.get(href)).status).toBe(200);
    expect((await post("pagealba", href, [["intent", "unarchive"]])).status).toBe(302);
    expect((await albumRow(id))?.status).toBe("active");
    const deleted = await post("pagealba", href, [["intent", "delete"]]);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/fotoweb/albums/");
    expect((await albumRow(id))?.status).toBe("deleted");
    // In the bin: the owner still opens it, the sharees no longer do.
    expect((await clients["pagealba"]!.get(href)).status).toBe(200);
    expect((await clients["pagevera"]!.get(href)).status).toBe(404);
    const unconfirmed = await post("pagealba", href, [["intent", "purge"]]);
    expect(unconfirmed.status).toBe(400);
    expect(await albumRow(id)).toBeDefined();
    expect((await post("pagealba", href, [["intent", "undelete"]])).status).toBe(302);
    expect((await albumRow(id))?.status).toBe("active");
    const early = await post("pagealba", href, [
      ["intent", "purge"],
      ["confirm", "on"],
    ]);
    expect(early.status).toBe(409);
    await post("pagealba", href, [["intent", "delete"]]);
    const purged = await post("pagealba", href, [
      ["intent", "purge"],
      ["confirm", "on"],
    ]);
    expect(purged.status).toBe(302);
    expect(purged.headers.get("location")).toBe("/fotoweb/albums/?filter=deleted");
    expect(await albumRow(id)).toBeUndefined();
  });

  test("show on the home page needs the showOnHomepage flag; stopping does not", async () => {
    const { id, href } = await makeAlbum("Homepage");
    const flag = async () =>
      (
        await db()
          .selectFrom("albums")
          .select("show_on_homepage")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).show_on_homepage;
    const refused = await post("pagealba", href, [
      ["intent", "homepage"],
      ["show", "1"],
    ]);
    expect(refused.status).toBe(403);
    expect(await flag()).toBe(0);
    const bad = await post("pagealba", href, [
      ["intent", "homepage"],
      ["show", "maybe"],
    ]);
    expect(bad.status).toBe(400);
    const group = await db()
      .selectFrom("groups")
      .select("permissions")
      .where("id", "=", REGISTERED_USERS_GROUP_ID)
      .executeTakeFirstOrThrow();
    const permissions = JSON.parse(group.permissions) as { albums?: Record<string, boolean> };
    const setFlag = (value: boolean) =>
      db()
        .updateTable("groups")
        .set({
          permissions: JSON.stringify({
            ...permissions,
            albums: { ...permissions.albums, showOnHomepage: value },
          }),
        })
        .where("id", "=", REGISTERED_USERS_GROUP_ID)
        .execute();
    await setFlag(true);
    try {
      const page = await clients["pagealba"]!.get(href);
      expect(await page.text()).toContain("Show on the home page");
      const shown = await post("pagealba", href, [
        ["intent", "homepage"],
        ["show", "1"],
      ]);
      expect(shown.status).toBe(302);
      expect(await flag()).toBe(1);
      // A sharee may not change it, whatever their flags.
      const sharee = await post("pagevera", href, [
        ["intent", "homepage"],
        ["show", "0"],
      ]);
      expect(sharee.status).toBe(403);
      expect(await flag()).toBe(1);
    } finally {
      await setFlag(false);
    }
    expect(
      (
        await post("pagealba", href, [
          ["intent", "homepage"],
          ["show", "0"],
        ])
      ).status,
    ).toBe(302);
    expect(await flag()).toBe(0);
  });

  test("pins: the owner pins from the album; an unknown intent is refused", async () => {
    const { href } = await makeAlbum("Pins");
    const pinned = await post("pagealba", href, [
      ["intent", "pin"],
      ["asset", String(ids[0])],
    ]);
    expect(pinned.status).toBe(302);
    const pins = await db()
      .selectFrom("asset_pins")
      .selectAll()
      .where("user_id", "=", owner.id)
      .execute();
    expect(pins.map((p) => p.asset_id)).toContain(ids[0]);
    expect((await post("pagealba", href, [["intent", "explode"]])).status).toBe(400);
  });
});
