import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { addAlbumAssets, createAlbum } from "~/models/album/album.server";
import { MAX_ALBUM_NAME } from "~/models/album/album-limits";
import { MAX_ALBUM_BATCH } from "~/models/album/album.schema";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { albumHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * One album's API (decision 054) on the dialect under test: GET by Accept, PATCH, POST of asset
 * links with per-asset results, DELETE to the bin and for good, the custom methods through
 * X-HTTP-Method-Override and ?method=, and every refusal: signed out, another user's album as a
 * missing one, a viewer who may not, wrong state, wrong type, bad JSON, hostile input.
 */

const COLLECTION = "application/vnd.fotoware.collection+json";
const INFO = "application/vnd.fotoware.collectioninfo+json";
const LINKS = "application/vnd.fotoware.assetlinklist+json";

let server: TestServer;
let owner: Viewer;
let viewerUser: Viewer;
let contributor: Viewer;
let stranger: Viewer;
let ownerClient: Client;
let viewerClient: Client;
let contributorClient: Client;
let strangerClient: Client;
let open: Archive;
let hidden: Archive;
let openHrefs: string[];
let hiddenHref: string;

interface AlbumJson {
  id: string;
  href: string;
  name: string;
  description: string;
  status: string;
  role: string;
  assetCount: number;
  assets?: { data: { href: string }[] };
}

interface AddResult {
  added: { href: string }[];
  present: { href: string }[];
  refused: { href: string; reason: string }[];
}

async function share(albumId: number, user: Viewer, access: "view" | "contribute") {
  await db()
    .insertInto("album_shares")
    .values({
      album_id: albumId,
      principal_type: "user",
      principal_id: user.id,
      access,
      created_at: now(),
    })
    .execute();
}

async function setGuestSharing(on: boolean) {
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
        albums: { ...permissions.albums, shareWithGuests: on },
      }),
    })
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .execute();
}

const json = (body: unknown, type = "application/json") => ({
  headers: { "content-type": type, accept: "application/json" },
  body: JSON.stringify(body),
});

function send(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return client.request(path, {
    method,
    headers: {
      accept: "application/json",
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
}

const custom = (client: Client, method: string, path: string, body?: unknown) =>
  send(client, "POST", path, body, { "x-http-method-override": method });

async function newAlbum(name = "Trip", assets: number[] = []) {
  const album = await createAlbum(owner, { name, description: "" });
  if (assets.length > 0) await addAlbumAssets(owner, album.id, assets);
  return { album, href: albumHref(owner.id, album.id) };
}

const idOf = (href: string) => Number(/\/(\d+)-[^/]*\.info$/.exec(href)![1]);

async function order(albumId: number) {
  return (
    await db()
      .selectFrom("album_assets")
      .select("asset_id")
      .where("album_id", "=", albumId)
      .orderBy("position")
      .execute()
  ).map((r) => r.asset_id);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser({ username: "apiowner", password: "owner-pass-123", fullName: "O" });
  viewerUser = await createUser({ username: "apiviewer", password: "viewer-pass-123" });
  contributor = await createUser({ username: "apicontrib", password: "contrib-pass-123" });
  stranger = await createUser({ username: "apistranger", password: "stranger-pass-123" });
  open = await createArchive({
    name: "Open album archive",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview"],
        autoSearch: "",
      },
    ],
  });
  hidden = await createArchive({
    name: "Strangers only",
    members: [{ type: "user", id: stranger.id, permissions: ["View"], autoSearch: "" }],
  });
  openHrefs = (await insertReadyAssets(open.id, 6)).map((a) =>
    assetHref(open.id, open.name, { id: a.id, fileName: a.file_name }),
  );
  const [h] = await insertReadyAssets(hidden.id, 1);
  hiddenHref = assetHref(hidden.id, hidden.name, { id: h!.id, fileName: h!.file_name });
  ownerClient = new Client(server.url);
  await ownerClient.signIn("apiowner", "owner-pass-123");
  viewerClient = new Client(server.url);
  await viewerClient.signIn("apiviewer", "viewer-pass-123");
  contributorClient = new Client(server.url);
  await contributorClient.signIn("apicontrib", "contrib-pass-123");
  strangerClient = new Client(server.url);
  await strangerClient.signIn("apistranger", "stranger-pass-123");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("GET an album", () => {
  test("collection with assets, collectioninfo alone; signed out 401", async () => {
    const { album, href } = await newAlbum("Read me", openHrefs.slice(0, 3).map(idOf));
    const full = await readApiJson<AlbumJson>(await ownerClient.getJson(href, COLLECTION));
    expect(full.name).toBe("Read me");
    expect(full.href).toBe(href);
    expect(full.role).toBe("owner");
    expect(full.assets?.data.map((a) => idOf(a.href))).toEqual(await order(album.id));
    const info = await ownerClient.getJson(href, INFO);
    expect(info.headers.get("content-type")).toContain(INFO);
    const body = await readApiJson<AlbumJson>(info);
    expect(body.assets).toBeUndefined();
    const plain = await readApiJson<AlbumJson>(await ownerClient.getJson(href));
    expect(plain.assets?.data).toHaveLength(3);
    const signedOut = await new Client(server.url).getJson(href);
    expect(signedOut.status).toBe(401);
    await readApiJson(signedOut);
  });

  test("another user's album, a wrong user id and a missing album answer the same 404", async () => {
    const { album, href } = await newAlbum("Private");
    const missing = await strangerClient.getJson(albumHref(owner.id, 99_999_999));
    const other = await strangerClient.getJson(href);
    const wrongUser = await ownerClient.getJson(albumHref(stranger.id, album.id));
    const junk = await ownerClient.getJson(`/fotoweb/users/${owner.id}/albums/abc/`);
    const bodies = [];
    for (const r of [missing, other, wrongUser, junk]) {
      expect(r.status).toBe(404);
      const b = await readApiJson<{ value: string; requestId?: string; date?: string }>(r);
      bodies.push({ ...b, requestId: undefined, date: undefined });
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(bodies[3]).toEqual(bodies[0]);
  });

  test("a sharee reads it with their role", async () => {
    const { album, href } = await newAlbum("Shared", [idOf(openHrefs[0]!)]);
    await share(album.id, viewerUser, "view");
    const body = await readApiJson<AlbumJson>(await viewerClient.getJson(href, COLLECTION));
    expect(body.role).toBe("view");
    expect(body.assets?.data).toHaveLength(1);
  });
});

describe("PATCH", () => {
  test("renames (trimmed) and describes; scripts are stored as text", async () => {
    const { album, href } = await newAlbum("Old");
    const response = await send(ownerClient, "PATCH", href, {
      name: "  <script>alert(1)</script>  ",
      description: "About",
    });
    expect(response.status).toBe(200);
    const body = await readApiJson<AlbumJson>(response);
    expect(body.name).toBe("<script>alert(1)</script>");
    const row = await db()
      .selectFrom("albums")
      .selectAll()
      .where("id", "=", album.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("<script>alert(1)</script>");
    expect(row.description).toBe("About");
  });

  test("bad names are 400 with field errors and change nothing", async () => {
    const { album, href } = await newAlbum("Keep");
    for (const name of ["   ", "x".repeat(MAX_ALBUM_NAME + 1), "a\nb"]) {
      const response = await send(ownerClient, "PATCH", href, { name });
      expect(response.status).toBe(400);
      const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
      expect(body.fieldErrors.name).toBeTruthy();
    }
    const unknown = await send(ownerClient, "PATCH", href, { owner: stranger.id });
    expect(unknown.status).toBe(400);
    await readApiJson(unknown);
    const row = await db()
      .selectFrom("albums")
      .select(["name", "owner_id"])
      .where("id", "=", album.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Keep", owner_id: owner.id });
  });

  test("showOnHomepage without the flag is 403 and changes nothing else in the PATCH", async () => {
    const { album, href } = await newAlbum("Unlisted");
    const refused = await send(ownerClient, "PATCH", href, {
      name: "Renamed",
      showOnHomepage: true,
    });
    expect(refused.status).toBe(403);
    await readApiJson(refused);
    const bad = await send(ownerClient, "PATCH", href, { showOnHomepage: "yes" });
    expect(bad.status).toBe(400);
    await readApiJson(bad);
    const row = await db()
      .selectFrom("albums")
      .select(["name", "show_on_homepage"])
      .where("id", "=", album.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Unlisted", show_on_homepage: 0 });
    const off = await send(ownerClient, "PATCH", href, { showOnHomepage: false });
    expect(off.status).toBe(200);
    expect((await readApiJson<{ showOnHomepage: boolean }>(off)).showOnHomepage).toBe(false);
  });

  test("removes assets with {assets: {delete}}; sets the cover", async () => {
    const ids = openHrefs.slice(0, 3).map(idOf);
    const { album, href } = await newAlbum("Remove", ids);
    const response = await send(ownerClient, "PATCH", href, {
      assets: { delete: [openHrefs[1]] },
      poster_asset: openHrefs[2],
    });
    expect(response.status).toBe(200);
    const body = await readApiJson<AlbumJson>(response);
    expect(body.assetCount).toBe(2);
    expect(await order(album.id)).toEqual([ids[0], ids[2]]);
    const row = await db()
      .selectFrom("albums")
      .select("cover_asset_id")
      .where("id", "=", album.id)
      .executeTakeFirstOrThrow();
    expect(row.cover_asset_id).toBe(ids[2]);
  });

  test("refusals: 403 viewer, 404 stranger, 415 wrong type, 400 bad JSON", async () => {
    const { album, href } = await newAlbum("Guarded");
    await share(album.id, viewerUser, "view");
    const forbidden = await send(viewerClient, "PATCH", href, { name: "Mine" });
    expect(forbidden.status).toBe(403);
    await readApiJson(forbidden);
    const hiddenAlbum = await send(strangerClient, "PATCH", href, { name: "Mine" });
    expect(hiddenAlbum.status).toBe(404);
    await readApiJson(hiddenAlbum);
    const wrongType = await ownerClient.request(href, {
      method: "PATCH",
      headers: { accept: "application/json", "content-type": "text/plain" },
      body: "name=x",
    });
    expect(wrongType.status).toBe(415);
    await readApiJson(wrongType);
    const badJson = await send(ownerClient, "PATCH", href, "{nope");
    expect(badJson.status).toBe(400);
    await readApiJson(badJson);
    const row = await db()
      .selectFrom("albums")
      .select("name")
      .where("id", "=", album.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe("Guarded");
  });
});

describe("POST asset links", () => {
  test("adds, reports present and refused per asset (unseen, not an asset)", async () => {
    const { album, href } = await newAlbum("Adding", [idOf(openHrefs[0]!)]);
    const response = await ownerClient.request(href, {
      method: "POST",
      ...json(
        {
          data: [
            { href: openHrefs[0] },
            { href: openHrefs[1] },
            { href: hiddenHref },
            { href: "/fotoweb/archives/5000-X/not-an-asset" },
            { href: openHrefs[1] },
          ],
        },
        LINKS,
      ),
    });
    expect(response.status).toBe(200);
    const result = await readApiJson<AddResult>(response);
    expect(result.added).toEqual([{ href: openHrefs[1] }]);
    expect(result.present).toEqual([{ href: openHrefs[0] }]);
    expect(result.refused.map((r) => r.href).sort()).toEqual(
      [hiddenHref, "/fotoweb/archives/5000-X/not-an-asset"].sort(),
    );
    const unseen = result.refused.find((r) => r.href === hiddenHref)!;
    expect(unseen.reason).toMatch(/no asset|not/i);
    expect(await order(album.id)).toEqual([idOf(openHrefs[0]!), idOf(openHrefs[1]!)]);
  });

  test("a contributor adds; a viewer is 403; a stranger 404; archived 409", async () => {
    const { album, href } = await newAlbum("Contrib");
    await share(album.id, contributor, "contribute");
    await share(album.id, viewerUser, "view");
    const body = { data: [{ href: openHrefs[2] }] };
    const added = await contributorClient.request(href, { method: "POST", ...json(body) });
    expect((await readApiJson<AddResult>(added)).added).toHaveLength(1);
    const viewerTry = await viewerClient.request(href, { method: "POST", ...json(body) });
    expect(viewerTry.status).toBe(403);
    await readApiJson(viewerTry);
    const strangerTry = await strangerClient.request(href, { method: "POST", ...json(body) });
    expect(strangerTry.status).toBe(404);
    await readApiJson(strangerTry);
    const archived = await custom(ownerClient, "ARCHIVE", href);
    expect(archived.status).toBe(200);
    expect((await readApiJson<AlbumJson>(archived)).status).toBe("archived");
    const late = await contributorClient.request(href, { method: "POST", ...json(body) });
    expect(late.status).toBe(409);
    await readApiJson(late);
  });

  test("over the batch limit 400; wrong type 415; huge body refused", async () => {
    const { album, href } = await newAlbum("Limits");
    const many = {
      data: Array.from({ length: MAX_ALBUM_BATCH + 1 }, () => ({ href: openHrefs[0] })),
    };
    const tooMany = await ownerClient.request(href, { method: "POST", ...json(many) });
    expect(tooMany.status).toBe(400);
    await readApiJson(tooMany);
    const form = await ownerClient.request(href, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "text/plain" },
      body: "x",
    });
    expect(form.status).toBe(415);
    await readApiJson(form);
    const huge = await ownerClient.request(href, {
      method: "POST",
      ...json({ data: [{ href: "x".repeat(3_000_000) }] }),
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(await order(album.id)).toEqual([]);
  });
});

describe("DELETE and status methods", () => {
  test("DELETE to the bin (204), UNDELETE back, DELETE twice purges", async () => {
    const { album, href } = await newAlbum("Bin");
    const first = await send(ownerClient, "DELETE", href);
    expect(first.status).toBe(204);
    const row = () =>
      db().selectFrom("albums").select("status").where("id", "=", album.id).executeTakeFirst();
    expect((await row())?.status).toBe("deleted");
    const again = await custom(ownerClient, "UNDELETE", href);
    expect((await readApiJson<AlbumJson>(again)).status).toBe("active");
    const twice = await custom(ownerClient, "UNDELETE", href);
    expect(twice.status).toBe(409);
    await readApiJson(twice);
    await send(ownerClient, "DELETE", href);
    const purge = await send(ownerClient, "DELETE", href);
    expect(purge.status).toBe(204);
    expect(await row()).toBeUndefined();
  });

  test("ARCHIVE / UNARCHIVE with ?method=; wrong state 409; sharee 403; unknown method 405", async () => {
    const { album, href } = await newAlbum("Shelf");
    await share(album.id, viewerUser, "view");
    const archive = await send(ownerClient, "POST", `${href}?method=ARCHIVE`);
    expect((await readApiJson<AlbumJson>(archive)).status).toBe("archived");
    const twice = await send(ownerClient, "POST", `${href}?method=archive`);
    expect(twice.status).toBe(409);
    await readApiJson(twice);
    const sharee = await custom(viewerClient, "UNARCHIVE", href);
    expect(sharee.status).toBe(403);
    await readApiJson(sharee);
    const unarchive = await custom(ownerClient, "UNARCHIVE", href);
    expect((await readApiJson<AlbumJson>(unarchive)).status).toBe("active");
    const unknown = await custom(ownerClient, "EXPLODE", href);
    expect(unknown.status).toBe(405);
    await readApiJson(unknown);
    const strangerTry = await custom(strangerClient, "ARCHIVE", href);
    expect(strangerTry.status).toBe(404);
    await readApiJson(strangerTry);
  });
});

describe("ORDERPATCH", () => {
  test("moves after an anchor and to the top; both body shapes", async () => {
    const ids = openHrefs.slice(0, 4).map(idOf);
    const { album, href } = await newAlbum("Order", ids);
    const moved = await custom(ownerClient, "ORDERPATCH", href, {
      data: [{ href: openHrefs[0] }],
      after: openHrefs[2],
    });
    expect(moved.status).toBe(200);
    await readApiJson(moved);
    expect(await order(album.id)).toEqual([ids[1], ids[2], ids[0], ids[3]]);
    const top = await custom(ownerClient, "ORDERPATCH", href, {
      assets: [openHrefs[3]],
      after: null,
    });
    await readApiJson(top);
    expect(await order(album.id)).toEqual([ids[3], ids[1], ids[2], ids[0]]);
  });

  test("a stale anchor is 409 and nothing moves; bad bodies 400", async () => {
    const ids = openHrefs.slice(0, 3).map(idOf);
    const { album, href } = await newAlbum("Stale", ids);
    const before = await order(album.id);
    const stale = await custom(ownerClient, "ORDERPATCH", href, {
      data: [{ href: openHrefs[0] }],
      after: openHrefs[5],
    });
    expect(stale.status).toBe(409);
    await readApiJson(stale);
    expect(await order(album.id)).toEqual(before);
    for (const body of [{}, { data: "x" }, { data: [{ href: openHrefs[0] }], after: "nope" }]) {
      const bad = await custom(ownerClient, "ORDERPATCH", href, body);
      expect(bad.status).toBe(400);
      await readApiJson(bad);
    }
    expect(await order(album.id)).toEqual(before);
  });
});

describe("sharees", () => {
  test("a contributor may add but not reorder, delete or share; a body that is not an object is 400", async () => {
    const ids = openHrefs.slice(0, 2).map(idOf);
    const { album, href } = await newAlbum("Team", ids);
    await share(album.id, contributor, "contribute");
    const before = await order(album.id);
    for (const response of [
      await custom(contributorClient, "ORDERPATCH", href, { data: [{ href: openHrefs[1] }] }),
      await send(contributorClient, "DELETE", href),
      await custom(contributorClient, "SHARE", href),
      await custom(contributorClient, "ARCHIVE", href),
    ]) {
      expect(response.status).toBe(403);
      await readApiJson(response);
    }
    expect(await order(album.id)).toEqual(before);
    const array = await send(ownerClient, "PATCH", href, [1, 2]);
    expect(array.status).toBe(400);
    await readApiJson(array);
    const row = await db()
      .selectFrom("albums")
      .select("status")
      .where("id", "=", album.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
  });
});

describe("SHARE", () => {
  test("403 without shareWithGuests; then a link with default settings", async () => {
    const { album, href } = await newAlbum("Public");
    const refused = await custom(ownerClient, "SHARE", href);
    expect(refused.status).toBe(403);
    await readApiJson(refused);
    await setGuestSharing(true);
    try {
      const response = await custom(ownerClient, "SHARE", href);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain(
        "application/vnd.fotoware.sharing-link-list+json",
      );
      const body = await readApiJson<{
        addedShares: { type: string; acl: string[]; sharedHREF: string }[];
      }>(response);
      expect(body.addedShares[0]!.type).toBe("everyone");
      expect(body.addedShares[0]!.acl).not.toContain("download");
      expect(body.addedShares[0]!.sharedHREF).toMatch(/^http:\/\/.+\/fotoweb\/shared\/[\w-]{32}$/);
      const link = await db()
        .selectFrom("share_links")
        .selectAll()
        .where("album_id", "=", album.id)
        .executeTakeFirstOrThrow();
      expect(link.download).toBe("none");
      expect(link.password_hash).toBeNull();
      const sharee = await custom(viewerClient, "SHARE", href);
      expect(sharee.status).toBe(404);
      await readApiJson(sharee);
    } finally {
      await setGuestSharing(false);
    }
  });
});
