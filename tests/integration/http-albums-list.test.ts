import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { changeAlbumStatus, createAlbum } from "~/models/album/album.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { albumHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * The album lists over HTTP on the dialect under test (decision 052): every list of the API and
 * of the albums page, filters and search, paging, creating by JSON and by the page's form, album
 * pins, the page's status intents, and bad input answered with 4xx and no change.
 */

const LIST_TYPE = "application/vnd.fotoware.collectionlist+json";
const PAGE = "/fotoweb/albums/";
const ACTION = "/fotoweb/albums/?index";

let server: TestServer;
let anonymous: Client;
let guest: Client;
const clients: Record<string, Client> = {};
const users: Record<string, Viewer> = {};
const ids: Record<string, number> = {};

interface ListBody {
  data: { id: string; href: string; name: string; pin: boolean; role: string; status: string }[];
  paging: { first: string; last: string | null; next: string | null; prev: string | null };
  searchURL: string;
}

async function list(client: Client, path: string): Promise<ListBody> {
  const response = await client.getJson(path, LIST_TYPE);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toContain(LIST_TYPE);
  return readApiJson<ListBody>(response);
}

const names = (body: ListBody) => body.data.map((c) => c.name).sort();

async function share(album: number, userId: number, access: "view" | "contribute") {
  await db()
    .insertInto("album_shares")
    .values({
      album_id: album,
      principal_type: "user",
      principal_id: userId,
      access,
      created_at: now(),
    })
    .execute();
}

async function setRegisteredAlbumFlag(flag: string, value: boolean) {
  const row = await db()
    .selectFrom("groups")
    .select("permissions")
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .executeTakeFirstOrThrow();
  const permissions = JSON.parse(row.permissions) as { albums?: Record<string, boolean> };
  await db()
    .updateTable("groups")
    .set({
      permissions: JSON.stringify({
        ...permissions,
        albums: { ...permissions.albums, [flag]: value },
      }),
    })
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .execute();
}

const albumStatus = async (id: number) =>
  (await db().selectFrom("albums").select("status").where("id", "=", id).executeTakeFirst())
    ?.status;

beforeAll(async () => {
  server = await startTestServer();
  anonymous = new Client(server.url);
  guest = new Client(server.url);
  await guest.signInAsGuest();
  for (const name of ["alba", "frida", "stig", "pager", "keeper"]) {
    users[name] = await createUser({
      username: name,
      password: `${name}-password-1`,
      fullName: name[0]!.toUpperCase() + name.slice(1),
    });
    clients[name] = new Client(server.url);
    await clients[name].signIn(name, `${name}-password-1`);
  }
  const { alba, frida, stig } = users as Record<string, Viewer>;
  const make = async (owner: Viewer, key: string, name: string, description = "") =>
    (ids[key] = (await createAlbum(owner, { name, description })).id);
  await make(alba!, "trip", "Summer trip", "Beaches of Crete");
  await make(alba!, "work", "Work shots");
  await make(alba!, "old", "Old archive album");
  await changeAlbumStatus(alba!, ids.old!, "archive");
  await make(alba!, "bin", "Binned album");
  await changeAlbumStatus(alba!, ids.bin!, "delete");
  await make(alba!, "secret", "Secret of Alba");
  await make(frida!, "fridas", "Frida viewing", "shared to view");
  await make(frida!, "together", "Frida together", "shared to contribute");
  await make(stig!, "stigs", "Stig private");
  await share(ids.fridas!, alba!.id, "view");
  await share(ids.together!, alba!.id, "contribute");
  // Someone else's contribute share must not put an album in Alba's contribute list.
  await share(ids.stigs!, frida!.id, "contribute");
  // Public albums: marked for the home page; only Frida's group flag lets hers show.
  await db()
    .updateTable("albums")
    .set({ show_on_homepage: 1 })
    .where("id", "in", [ids.trip!, ids.fridas!, ids.stigs!])
    .execute();
  const { id: group } = await db()
    .insertInto("groups")
    .values({
      name: "Home page albums",
      created_at: now(),
      permissions: JSON.stringify({ albums: { showOnHomepage: true } }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("group_members")
    .values([
      { group_id: group, user_id: frida!.id },
      { group_id: group, user_id: stig!.id },
    ])
    .execute();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe("the API's album lists", () => {
  test("each list answers its albums as a CollectionList; nobody else's are ever listed", async () => {
    const alba = clients.alba!;
    expect(names(await list(alba, "/fotoweb/me/albums/"))).toEqual([
      "Frida together",
      "Frida viewing",
      "Secret of Alba",
      "Summer trip",
      "Work shots",
    ]);
    expect(names(await list(alba, "/fotoweb/me/albums/mine/"))).toEqual([
      "Secret of Alba",
      "Summer trip",
      "Work shots",
    ]);
    expect(names(await list(alba, "/fotoweb/me/albums/shared-with-me/"))).toEqual([
      "Frida together",
      "Frida viewing",
    ]);
    expect(names(await list(alba, "/fotoweb/me/albums/archived/"))).toEqual(["Old archive album"]);
    expect(names(await list(alba, "/fotoweb/me/albums/deleted/"))).toEqual(["Binned album"]);
    expect(names(await list(alba, "/fotoweb/me/albums/contribute/"))).toEqual([
      "Frida together",
      "Secret of Alba",
      "Summer trip",
      "Work shots",
    ]);
    const all = await list(alba, "/fotoweb/me/albums/");
    expect(all.searchURL).toBe("/fotoweb/me/albums/{?q}");
    // One page: still a paging object (clients read paging.next unchecked), with no neighbours.
    expect(all.paging).toEqual({
      first: "/fotoweb/me/albums/",
      last: "/fotoweb/me/albums/",
      prev: null,
      next: null,
    });
    const viewing = all.data.find((c) => c.name === "Frida viewing")!;
    expect(viewing).toMatchObject({
      href: albumHref(users.frida!.id, ids.fridas!),
      role: "view",
      status: "active",
    });
    for (const path of ["/fotoweb/me/albums/", "/fotoweb/me/albums/shared-with-me/"]) {
      const stigs = names(await list(clients.stig!, path));
      expect(stigs.filter((n) => !n.startsWith("Stig"))).toEqual([]);
    }
    for (const path of ["/fotoweb/me/albums/archived/", "/fotoweb/me/albums/deleted/"])
      expect((await list(clients.frida!, path)).data).toEqual([]);
  });

  test("q searches name and description, word by word, any case", async () => {
    const alba = clients.alba!;
    expect(names(await list(alba, "/fotoweb/me/albums/?q=crete"))).toEqual(["Summer trip"]);
    expect(names(await list(alba, "/fotoweb/me/albums/?q=FRIDA%20contribute"))).toEqual([
      "Frida together",
    ]);
    expect(names(await list(alba, "/fotoweb/me/albums/contribute/?q=shots"))).toEqual([
      "Work shots",
    ]);
    expect(names(await list(alba, "/fotoweb/me/albums/?q=%25"))).toEqual([]);
    const long = await alba.getJson(`/fotoweb/me/albums/?q=${"x".repeat(501)}`, LIST_TYPE);
    expect(long.status).toBe(400);
    await readApiJson(long);
    for (const p of ["-1", "x", "1.5", "99999"]) {
      const bad = await alba.getJson(`/fotoweb/me/albums/?p=${p}`, LIST_TYPE);
      expect(bad.status, p).toBe(400);
      await readApiJson(bad);
    }
  });

  test("the public albums: marked, owner flagged, and visible to the viewer anyway", async () => {
    // Alba's is marked but she lacks the flag; Stig's is flagged but not shared with Alba.
    expect(names(await list(clients.alba!, "/fotoweb/albums/"))).toEqual(["Frida viewing"]);
    expect(names(await list(clients.stig!, "/fotoweb/albums/"))).toEqual(["Stig private"]);
    expect((await list(guest, "/fotoweb/albums/")).data).toEqual([]);
    expect((await list(anonymous, "/fotoweb/albums/")).data).toEqual([]);
  });

  test("other methods are 405 with Allow", async () => {
    const refused = await clients.alba!.request("/fotoweb/me/albums/", {
      method: "DELETE",
      headers: { accept: "application/json" },
    });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toContain("POST");
    await readApiJson(refused, { method: "DELETE" });
    const mine = await clients.alba!.request("/fotoweb/me/albums/mine/", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ name: "Nope" }),
    });
    expect(mine.status).toBe(405);
    await readApiJson(mine, { method: "POST" });
  });

  test("signed-out and guest callers are refused the personal lists", async () => {
    for (const client of [anonymous, guest]) {
      const response = await client.getJson("/fotoweb/me/albums/mine/", LIST_TYPE);
      expect(response.status).toBe(401);
      await readApiJson(response);
    }
  });

  test("paging: a page of 100, then paging.next", async () => {
    const pager = users.pager!;
    const at = now();
    await db()
      .insertInto("albums")
      .values(
        Array.from({ length: 105 }, (_, i) => ({
          owner_id: pager.id,
          name: `Paged ${String(i).padStart(3, "0")}`,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const first = await list(clients.pager!, "/fotoweb/me/albums/mine/");
    expect(first.data).toHaveLength(100);
    // The last page is not known until it is reached (the reference's Paging.last: null).
    expect(first.paging).toEqual({
      first: "/fotoweb/me/albums/mine/",
      last: null,
      prev: null,
      next: "/fotoweb/me/albums/mine/?p=1",
    });
    const second = await list(clients.pager!, first.paging!.next!);
    expect(second.data).toHaveLength(5);
    expect(second.paging).toEqual({
      first: "/fotoweb/me/albums/mine/",
      last: "/fotoweb/me/albums/mine/?p=1",
      prev: "/fotoweb/me/albums/mine/",
      next: null,
    });
    const seen = new Set([...first.data, ...second.data].map((c) => c.id));
    expect(seen.size).toBe(105);
  });
});

describe("creating an album", () => {
  const post = (client: Client, body: unknown) =>
    client.request("/fotoweb/me/albums/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });

  test("POST JSON: 201, Location is the album's href, the body its collection", async () => {
    const response = await post(clients.frida!, { name: "  From the API  ", description: "" });
    expect(response.status).toBe(201);
    const body = await readApiJson<{ href: string; name: string; role: string }>(response, {
      method: "POST",
    });
    const row = await db()
      .selectFrom("albums")
      .selectAll()
      .where("name", "=", "From the API")
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(users.frida!.id);
    expect(response.headers.get("location")).toBe(albumHref(users.frida!.id, row.id));
    expect(body).toMatchObject({ href: albumHref(users.frida!.id, row.id), name: "From the API" });
    expect(body.role).toBe("owner");
  });

  test("bad names are 400 with the field's error and create nothing", async () => {
    const before = await db().selectFrom("albums").select("id").execute();
    for (const name of ["", "   ", "x".repeat(201), "two\nlines", 42, null]) {
      const response = await post(clients.frida!, { name, description: "" });
      expect(response.status, JSON.stringify(name)).toBe(400);
      const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response, {
        method: "POST",
      });
      expect(body.fieldErrors.name).toBeTruthy();
    }
    const notJson = await clients.frida!.request("/fotoweb/me/albums/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    await readApiJson(notJson, { method: "POST" });
    expect(await db().selectFrom("albums").select("id").execute()).toHaveLength(before.length);
  });

  test("without albums.create 403; signed out 401", async () => {
    await setRegisteredAlbumFlag("create", false);
    try {
      const refused = await post(clients.stig!, { name: "Not allowed" });
      expect(refused.status).toBe(403);
      await readApiJson(refused, { method: "POST" });
      const page = await clients.stig!.post(ACTION, { intent: "create", name: "Not allowed" });
      expect(page.status).toBe(403);
      const html = await (await clients.stig!.get(PAGE)).text();
      expect(html).not.toContain('data-testid="album-create"');
    } finally {
      await setRegisteredAlbumFlag("create", true);
    }
    for (const client of [anonymous, guest]) {
      const refused = await post(client, { name: "Nobody" });
      expect(refused.status).toBe(401);
      await readApiJson(refused, { method: "POST" });
    }
    expect(
      await db()
        .selectFrom("albums")
        .select("id")
        .where("name", "in", ["Not allowed", "Nobody"])
        .execute(),
    ).toEqual([]);
  });

  test("the page's form: redirects to the new album with a toast; errors by the field, 400", async () => {
    const created = await clients.stig!.post(ACTION, {
      intent: "create",
      name: "  Stig from the page ",
      description: "",
    });
    expect(created.status).toBe(302);
    const row = await db()
      .selectFrom("albums")
      .selectAll()
      .where("name", "=", "Stig from the page")
      .executeTakeFirstOrThrow();
    expect(created.headers.get("location")).toBe(albumHref(users.stig!.id, row.id));
    const bad = await clients.stig!.post(ACTION, { intent: "create", name: "x".repeat(300) });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Keep the name to 200 characters.");
    const form = await (await clients.stig!.get(`${PAGE}?create=1`)).text();
    expect(form).toContain('id="create-album-title"');
  });
});

describe("the albums page", () => {
  test("lists the viewer's albums under each filter; never another's; unknown filter 400", async () => {
    const alba = clients.alba!;
    const page = async (query: string) => {
      const response = await alba.get(`${PAGE}${query}`);
      return { status: response.status, html: await response.text() };
    };
    const all = await page("");
    expect(all.status).toBe(200);
    expect(all.html).toContain("Summer trip");
    expect(all.html).toContain("Shared by Frida");
    expect(all.html).not.toContain("Stig private");
    expect(all.html).not.toContain("Binned album");
    expect((await page("?filter=archived")).html).toContain("Old archive album");
    const binned = await page("?filter=deleted");
    expect(binned.html).toContain("Binned album");
    expect(binned.html).toContain("Delete forever");
    const searched = await page("?q=crete");
    expect(searched.html).toContain("Summer trip");
    expect(searched.html).not.toContain("Work shots");
    const empty = await page("?filter=shared&q=nothing-matches-this");
    expect(empty.html).toContain("No albums are shared with you.");
    const unknown = await page("?filter=everything");
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("There is no such filter.");
  });

  test("a browser at an API list is sent to the albums page under its filter", async () => {
    const expected: Record<string, string> = {
      "/fotoweb/me/albums/": "/fotoweb/albums/",
      "/fotoweb/me/albums/mine/": "/fotoweb/albums/?filter=own",
      "/fotoweb/me/albums/shared-with-me/": "/fotoweb/albums/?filter=shared",
      "/fotoweb/me/albums/archived/": "/fotoweb/albums/?filter=archived",
      "/fotoweb/me/albums/deleted/": "/fotoweb/albums/?filter=deleted",
      "/fotoweb/me/albums/contribute/": "/fotoweb/albums/",
    };
    for (const [from, to] of Object.entries(expected)) {
      const response = await clients.alba!.get(from, { accept: "text/html" });
      expect(response.status, from).toBe(302);
      expect(response.headers.get("location"), from).toBe(to);
    }
    const empty = await clients.alba!.get(`${PAGE}?filter=own&q=%20`);
    expect(empty.status).toBe(302);
    expect(empty.headers.get("location")).toBe("/fotoweb/albums/?filter=own");
  });

  test("guests and signed-out visitors get the public albums' empty state", async () => {
    for (const client of [anonymous, guest]) {
      const response = await client.get(PAGE);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("No public albums or archives were found.");
      expect(withoutMessages(html)).not.toContain("Album filters");
    }
  });

  test("pins toggle the album's href in pinnedAlbums; pinned albums come first", async () => {
    const alba = clients.alba!;
    const href = albumHref(users.alba!.id, ids.work!);
    const pinned = await alba.post(ACTION, { intent: "pin", href, filter: "own" });
    expect(pinned.status).toBe(302);
    expect(pinned.headers.get("location")).toBe("/fotoweb/albums/?filter=own");
    expect((await findUserById(users.alba!.id))!.preferences.intranet.pinnedAlbums).toEqual([href]);
    const mine = await list(alba, "/fotoweb/me/albums/mine/");
    expect(mine.data[0]).toMatchObject({ name: "Work shots", pin: true });
    // Another's private album, a made-up href, an archive: answered as missing, nothing saved.
    for (const other of [
      albumHref(users.stig!.id, ids.stigs!),
      albumHref(users.alba!.id, 999_999),
      albumHref(users.stig!.id, ids.trip!),
      "/fotoweb/archives/5000-X/",
    ]) {
      const refused = await alba.post(ACTION, { intent: "pin", href: other });
      expect(refused.status, other).toBe(404);
    }
    expect((await findUserById(users.alba!.id))!.preferences.intranet.pinnedAlbums).toEqual([href]);
    await alba.post(ACTION, { intent: "pin", href });
    expect((await findUserById(users.alba!.id))!.preferences.intranet.pinnedAlbums).toEqual([]);
    const guestPin = await guest.post(ACTION, { intent: "pin", href });
    expect([302, 401, 403]).toContain(guestPin.status);
  });

  test("unarchive, undelete and delete forever from the page; others' albums untouched", async () => {
    // Keeper's own albums: the list tests read Alba's archived and deleted ones, in any order.
    const keeper = clients.keeper!;
    const make = async (name: string) =>
      (await createAlbum(users.keeper!, { name, description: "" })).id;
    const [active, old, bin] = [
      await make("Keeper active"),
      await make("Keeper archived"),
      await make("Keeper binned"),
    ];
    await changeAlbumStatus(users.keeper!, old, "archive");
    await changeAlbumStatus(users.keeper!, bin, "delete");
    const stranger = await clients.stig!.post(ACTION, { intent: "unarchive", album: String(old) });
    expect(stranger.status).toBe(404);
    expect(await albumStatus(old)).toBe("archived");
    const early = await keeper.post(ACTION, { intent: "purge", album: String(active) });
    expect(early.status).toBe(409);
    expect(await albumStatus(active)).toBe("active");
    const unarchived = await keeper.post(ACTION, {
      intent: "unarchive",
      album: String(old),
      filter: "archived",
    });
    expect(unarchived.status).toBe(302);
    expect(unarchived.headers.get("location")).toBe("/fotoweb/albums/?filter=archived");
    expect(await albumStatus(old)).toBe("active");
    const again = await keeper.post(ACTION, { intent: "unarchive", album: String(old) });
    expect(again.status).toBe(409);
    expect((await keeper.post(ACTION, { intent: "undelete", album: String(bin) })).status).toBe(
      302,
    );
    expect(await albumStatus(bin)).toBe("active");
    await changeAlbumStatus(users.keeper!, bin, "delete");
    const confirm = await (await keeper.get(`${PAGE}?filter=deleted&purge=${bin}`)).text();
    expect(confirm).toContain("Delete Keeper binned forever?");
    expect((await keeper.post(ACTION, { intent: "purge", album: String(bin) })).status).toBe(302);
    expect(await albumStatus(bin)).toBeUndefined();
    const alba = clients.alba!;
    const bads: Record<string, string>[] = [
      { intent: "explode", album: "1" },
      { intent: "unarchive", album: "abc" },
      { intent: "undelete" },
    ];
    for (const bad of bads) {
      expect((await alba.post(ACTION, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});
