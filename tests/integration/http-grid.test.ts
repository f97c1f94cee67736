import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createUser, findUserById, findUserByUsername } from "~/models/user/user.server";
import { albumHref } from "~/utils/links";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * The grid's HTTP surface on the dialect under test: the archive page and its JSON twin (paging
 * by following paging.next, the collection), hostile parameters, privacy, the pins API and the
 * grid's form posts.
 */

const ASSETLIST = "application/vnd.fotoware.assetlist+json";
const COLLECTION = "application/vnd.fotoware.collection+json";
const LINKLIST = "application/vnd.fotoware.assetlinklist+json";

let server: TestServer;
let browse: Archive;
let privateArchive: Archive;
let member: Client;
let anonymous: Client;
let guest: Client;
let ids: number[];
let privateIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  browse = await createArchive({
    name: "Browse",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "EditText"],
        autoSearch: "",
      },
      { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  await createUser({ username: "member", password: "member-password-1" });
  const owner = await createUser({ username: "secretive", password: "secret-password-1" });
  privateArchive = await createArchive({
    name: "Private",
    members: [{ type: "user", id: owner.id, permissions: ["View"], autoSearch: "" }],
  });
  ids = (await insertReadyAssets(browse.id, 30)).map((a) => a.id);
  privateIds = (await insertReadyAssets(privateArchive.id, 2)).map((a) => a.id);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  anonymous = new Client(server.url);
  guest = new Client(server.url);
  await guest.signInAsGuest();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

interface AssetList {
  data: { id: number; href: string }[];
  paging: { first: string; prev: string | null; next: string | null; last: string };
}

describe("the archive's JSON", () => {
  test("the asset list pages by paging.next to the end, for anonymous visitors too", async () => {
    for (const client of [member, anonymous]) {
      const seen: number[] = [];
      let url: string | null = `${browse.href}?n=7`;
      for (let guard = 0; url; guard++) {
        expect(guard).toBeLessThan(10);
        const response = await client.getJson(url, ASSETLIST);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toContain(ASSETLIST);
        const body = (await readApiJson(response)) as AssetList;
        expect(body.data.length).toBeLessThanOrEqual(7);
        seen.push(...body.data.map((a) => a.id));
        url = body.paging.next;
      }
      expect(seen).toEqual([...ids].reverse());
    }
  });

  test("the collection is the default, with its first page of 25", async () => {
    const response = await member.getJson(browse.href, COLLECTION);
    expect(response.status).toBe(200);
    const body = (await readApiJson(response)) as Record<string, unknown> & { assets: AssetList };
    expect(body).toMatchObject({
      href: browse.href,
      name: "Browse",
      data: browse.href,
      searchURL: `${browse.href}{?q}`,
      clearSearch: { href: browse.href },
      isFolderNavigationEnabled: true,
    });
    expect(body.assetCount).toBeUndefined();
    expect(body.assets.data).toHaveLength(25);
    expect(body.assets.paging.next).toContain("after=");
    expect(body.assets.paging.prev).toBeNull();
    const plain = await member.getJson(browse.href, "application/json");
    expect(((await readApiJson(plain)) as { href: string }).href).toBe(browse.href);
  });

  test("another user's archive, a missing one and a garbage id answer the same 404", async () => {
    const answers = [];
    for (const path of [
      privateArchive.href,
      "/fotoweb/archives/999999-Nope/",
      "/fotoweb/archives/x/",
    ]) {
      const response = await member.getJson(path, ASSETLIST);
      expect(response.status).toBe(404);
      const body = (await readApiJson(response)) as { value: string; heading: string };
      answers.push(body.value);
      expect(JSON.stringify(body)).not.toContain("Private");
    }
    expect(new Set(answers).size).toBe(1);
  });

  test.each([
    ["n=0"],
    ["n=10000"],
    ["n=-1"],
    ["s=evil"],
    ["after=garbage"],
    ["before=%FF%FE"],
    ["last=yes"],
    ["folder=../../etc"],
  ])("%s answers 400 in the error shape", async (query) => {
    const response = await member.getJson(`${browse.href}?${query}`, ASSETLIST);
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as {
      status: number;
      heading: string;
      value: string;
    };
    expect(body.status).toBe(400);
    expect(body.value.length).toBeGreaterThan(10);
  });

  test("an invalid q answers 400 with heading InvalidSearchExpression", async () => {
    const response = await member.getJson(
      `${browse.href}?q=${encodeURIComponent('"open')}`,
      ASSETLIST,
    );
    expect(response.status).toBe(400);
    expect(((await readApiJson(response)) as { heading: string }).heading).toBe(
      "InvalidSearchExpression",
    );
  });

  test("a q of 100 kB is refused with 431, never a 500", async () => {
    // Past Node's limit on a request head (16 KiB): refused before any route reads it.
    const response = await member.getJson(`${browse.href}?q=${"a".repeat(100_000)}`, ASSETLIST);
    expect(response.status).toBe(431);
    const long = await member.getJson(`${browse.href}?q=${"a".repeat(5000)}`, ASSETLIST);
    expect(long.status).toBe(400);
  });
});

describe("the archive page", () => {
  test("renders tiles linking to the assets with the list context, and paging links", async () => {
    const response = await anonymous.get(`${browse.href}?s=name&n=12`, { accept: "text/html" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="asset-tile"');
    expect(html).toMatch(/href="[^"]*\.info\?s=name"/);
    expect(html).toContain("Next page");
  });

  test("sends tiles only what they show: no metadata in the page's data", async () => {
    const response = await member.get(`${browse.href}?n=12`, { accept: "text/html" });
    const html = await response.text();
    const data = /window\.__remixContext = (\{.*?\});<\/script>/s.exec(html)![1]!;
    const page = JSON.parse(data).state.loaderData["routes/fotoweb.archives.$archive._index"];
    expect(page.assets).toHaveLength(12);
    expect(Object.keys(page.assets[0]).sort()).toEqual([
      // The selection toolbar offers what the tile's archive allows (decision 087).
      "archiveId",
      "filename",
      "href",
      "id",
      "placeholder",
      "placeholderColor",
      "previews",
      "thumbnailFields",
    ]);
    expect(html).not.toContain('"builtinFields"');
  });

  test("an invalid q shows the message under the archive's search field, status 400", async () => {
    const response = await member.get(`${browse.href}?q=${encodeURIComponent("(open")}`, {
      accept: "text/html",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("InvalidSearchExpression");
  });

  test("a private archive is a 404 page; a bad cursor a 400 page", async () => {
    expect((await guest.get(privateArchive.href, { accept: "text/html" })).status).toBe(404);
    expect((await member.get(`${browse.href}?after=zz`, { accept: "text/html" })).status).toBe(400);
  });

  test("the sort form saves a signed-in user's choice and redirects to it", async () => {
    const response = await member.post(`${browse.href}?index`, { intent: "sort", s: "name" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${browse.href}?s=name`);
    const user = await findUserByUsername("member");
    expect(user!.preferences.shared["sorting"]).toEqual({
      [browse.href]: { href: `${browse.href}?s=name` },
    });
  });

  test("relocation posts move assets for an EditText member, and are refused for a guest", async () => {
    const response = await member.post(`${browse.href}?index`, {
      intent: "relocate-top",
      asset: String(ids[29]),
      back: `${browse.href}?s=manual`,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${browse.href}?s=manual`);
    const first = await member.getJson(`${browse.href}?s=manual&n=1`, ASSETLIST);
    expect(((await readApiJson(first)) as AssetList).data[0]!.id).toBe(ids[29]);
    const refused = await guest.post(`${browse.href}?index`, {
      intent: "relocate-top",
      asset: String(ids[3]),
    });
    expect(refused.status).toBe(403);
  });
});

describe("pins", () => {
  const hrefOf = async (id: number) => {
    const list = (await readApiJson(
      await member.getJson(`${browse.href}?n=200`, ASSETLIST),
    )) as AssetList;
    return list.data.find((a) => a.id === id)!.href;
  };

  test("the API adds by asset links, lists, and removes by PATCH", async () => {
    const pinnedIds = async () =>
      ((await readApiJson(await member.getJson("/fotoweb/me/pins/", ASSETLIST))) as AssetList).data
        .map((a) => a.id)
        .sort();
    // The pin form's test may have pinned another asset already.
    const others = (await pinnedIds()).filter((id) => id !== ids[0] && id !== ids[1]);
    const hrefs = [await hrefOf(ids[0]!), await hrefOf(ids[1]!)];
    const added = await member.request("/fotoweb/me/pins/", {
      method: "POST",
      headers: { "content-type": LINKLIST, accept: "application/json" },
      body: JSON.stringify({ data: hrefs.map((href) => ({ href })) }),
    });
    expect(added.status).toBe(200);
    expect(await readApiJson(added)).toEqual({ assets: { added: 2, noAssetsAdded: false } });
    expect(await pinnedIds()).toEqual([...others, ids[0], ids[1]].sort());
    const removed = await member.request("/fotoweb/me/pins/", {
      method: "PATCH",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ assets: { delete: [hrefs[0]] } }),
    });
    expect(removed.status).toBe(200);
    expect(await pinnedIds()).toEqual([...others, ids[1]].sort());
  });

  test("hrefs that are not assets are 400, assets the user cannot see 404, and nothing changes", async () => {
    const before = await db().selectFrom("asset_pins").selectAll().execute();
    const post = (body: unknown) =>
      member.request("/fotoweb/me/pins/", {
        method: "POST",
        headers: { "content-type": LINKLIST, accept: "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post({ data: [{ href: "/fotoweb/archives/" }] })).status).toBe(400);
    expect((await post({ data: "x" })).status).toBe(400);
    expect(
      (await post({ data: [{ href: `${browse.href}${privateIds[0]}-x.jpg.info` }] })).status,
    ).toBe(404);
    expect(await db().selectFrom("asset_pins").selectAll().execute()).toEqual(before);
  });

  test("anonymous visitors get 401, the guest 403", async () => {
    expect((await anonymous.getJson("/fotoweb/me/pins/", ASSETLIST)).status).toBe(401);
    expect((await guest.getJson("/fotoweb/me/pins/", ASSETLIST)).status).toBe(403);
  });

  test("the pin form toggles and redirects back with a toast", async () => {
    const back = `${browse.href}?s=name`;
    const response = await member.post(`${browse.href}?index`, {
      intent: "pin",
      asset: String(ids[5]),
      back,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(back);
    const pinned = await db().selectFrom("asset_pins").select("asset_id").execute();
    expect(pinned.map((p) => p.asset_id)).toContain(ids[5]);
    const hidden = await member.post(`${browse.href}?index`, {
      intent: "pin",
      asset: String(privateIds[0]),
    });
    expect(hidden.status).toBe(404);
  });

  test("pinned archives and albums are listed with links and unpinned by a plain form (issue 31)", async () => {
    const memberId = (await findUserByUsername("member"))!.id;
    const stranger = (await findUserByUsername("secretive"))!.id;
    const album = async (owner: number, name: string) =>
      (
        await db()
          .insertInto("albums")
          .values({ owner_id: owner, name, created_at: now(), updated_at: now() })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const mine = albumHref(memberId, await album(memberId, "Harbour picks"));
    const theirs = albumHref(stranger, await album(stranger, "Not yours"));
    expect(
      (await member.post("/fotoweb/archives/?index", { intent: "pin", href: browse.href })).status,
    ).toBe(302);
    expect(
      (await member.post("/fotoweb/albums/?index", { intent: "pin", href: mine })).status,
    ).toBe(302);
    const prefs = async () => (await findUserById(memberId))!.preferences.intranet;
    try {
      const html = await (await member.get("/fotoweb/me/pins/")).text();
      expect(html).toContain("Pinned archives and albums");
      expect(html).toContain(`href="${browse.href}">Browse</a>`);
      expect(html).toContain(`href="${mine}">Harbour picks</a>`);
      expect(html).toContain('value="unpin-archive"');
      expect(html).toContain('value="unpin-album"');

      const unpin = await member.post("/fotoweb/me/pins/?index", {
        intent: "unpin-archive",
        href: browse.href,
      });
      expect(unpin.status).toBe(302);
      expect(unpin.headers.get("location")).toBe("/fotoweb/me/pins/");
      expect((await prefs()).archivePinned).toEqual([]);
      // The same form posted again leaves it unpinned (it sets the pin off, never flips it).
      await member.post("/fotoweb/me/pins/?index", { intent: "unpin-archive", href: browse.href });
      expect((await prefs()).archivePinned).toEqual([]);
      await member.post("/fotoweb/me/pins/?index", { intent: "unpin-album", href: mine });
      expect((await prefs()).pinnedAlbums).toEqual([]);
      const after = await (await member.get("/fotoweb/me/pins/")).text();
      expect(withoutMessages(after)).not.toContain("Pinned archives and albums");

      // Bad input is a 4xx with a message; an album one may not open answers as missing.
      const bad = await member.post("/fotoweb/me/pins/?index", { intent: "unpin-album" });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("Choose a pinned archive or album to unpin.");
      const hidden = await member.post("/fotoweb/me/pins/?index", {
        intent: "unpin-album",
        href: theirs,
      });
      expect(hidden.status).toBe(404);
      const notArchive = await member.post("/fotoweb/me/pins/?index", {
        intent: "unpin-archive",
        href: privateArchive.href,
      });
      expect(notArchive.status).toBe(400);
    } finally {
      await db().deleteFrom("albums").where("name", "in", ["Harbour picks", "Not yours"]).execute();
    }
  });
});
