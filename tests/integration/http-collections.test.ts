import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive, type Collection } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { searchDocument } from "~/models/search/search-document";
import { createUser, findUserByUsername, updatePreferences } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * The archive list over HTTP on the dialect under test (decision 017): who sees which archive,
 * covers by the poster rules, counts under members' filters, the main search's target, pins,
 * covers set and cleared by form and by PATCH, and hostile input answered with 4xx.
 */

const LIST_TYPE = "application/vnd.fotoware.collectionlist+json";
const PASSWORD = "member-password-1";

let server: TestServer;
let anonymous: Client;
let guest: Client;
let member: Client;
let insider: Client;
let owner: Client;
const archives: Record<string, Archive> = {};
const assets: Record<string, number[]> = {};

async function addAsset(archive: Archive, fileName: string, width: number, height: number) {
  const at = new Date().toISOString();
  const { id } = await db()
    .insertInto("assets")
    .values({
      archive_id: archive.id,
      folder_id: null,
      file_name: fileName,
      state: "ready",
      failure: null,
      width,
      height,
      color_space: "srgb",
      orientation: 1,
      placeholder: null,
      modified_date: null,
      iptc_date: null,
      release_date: null,
      camera_date: null,
      search_doc: searchDocument({
        fileName,
        title: "",
        description: "",
        tags: [],
        notes: "",
        status: "",
        fields: {},
      }),
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const revision = await db()
    .insertInto("revisions")
    .values({
      asset_id: id,
      number: 1,
      blob_hash: "a".repeat(64),
      file_name: fileName,
      file_size: 1000,
      mime: "image/jpeg",
      created_by: null,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("renditions")
    .values(
      (
        [
          ["thumbnail", 200],
          ["thumbnailRetina", 400],
          ["preview", 1600],
        ] as const
      ).map(([kind, size]) => ({
        revision_id: revision.id,
        kind,
        blob_hash: `${kind.length}`.padEnd(64, "b"),
        mime: "image/jpeg",
        width: width >= height ? size : Math.round((size * width) / height),
        height: height > width ? size : Math.round((size * height) / width),
        file_size: 100,
      })),
    )
    .execute();
  (assets[archive.name] ??= []).push(id);
  return id;
}

const group = (id: number, permissions: ("View" | "Preview")[], autoSearch = "") => ({
  type: "group" as const,
  id,
  permissions,
  autoSearch,
});

async function list(client: Client, path = "/fotoweb/archives/") {
  const response = await client.getJson(path, LIST_TYPE);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toMatch(LIST_TYPE);
  return (await readApiJson(response)) as {
    data: Collection[];
    paging: { first: string; last: string; prev: null; next: null };
    searchURL: string;
  };
}

// Drop belongs to the issue-14 describe, which may run before or after the others.
const names = (body: { data: Collection[] }) =>
  body.data.map((c) => c.name).filter((name) => name !== "Drop");
const byName = (body: { data: Collection[] }, name: string) => {
  const found = body.data.find((c) => c.name === name);
  if (!found) throw new Error(`${name} is not in the list`);
  return found;
};
const hrefOf = (archive: Archive, assetId: number) =>
  assetHref(archive.id, archive.name, { id: assetId, fileName: "any-name.jpg" });

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  const insiderUser = await createUser({ username: "insider", password: PASSWORD });
  await createUser({ username: "member", password: PASSWORD });
  archives.Open = await createArchive({
    name: "Open",
    members: [group(EVERYONE_GROUP_ID, ["View", "Preview"])],
  });
  archives.Registered = await createArchive({
    name: "Registered",
    members: [group(REGISTERED_USERS_GROUP_ID, ["View", "Preview"])],
  });
  archives.Filtered = await createArchive({
    name: "Filtered",
    members: [group(REGISTERED_USERS_GROUP_ID, ["View", "Preview"], "o:portrait")],
  });
  archives.Private = await createArchive({
    name: "Private",
    members: [
      { type: "user", id: insiderUser.id, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  archives.Hidden = await createArchive({
    name: "Hidden",
    isHidden: true,
    members: [group(EVERYONE_GROUP_ID, ["View", "Preview"])],
  });
  archives.Empty = await createArchive({
    name: "Empty",
    members: [group(EVERYONE_GROUP_ID, ["View", "Preview"])],
  });
  await addAsset(archives.Open, "harbour-open.jpg", 1200, 800);
  await addAsset(archives.Open, "field.jpg", 1200, 800);
  await addAsset(archives.Open, "forest.jpg", 1200, 800);
  await addAsset(archives.Registered, "harbour-one.jpg", 1200, 800);
  await addAsset(archives.Registered, "harbour-two.jpg", 1200, 800);
  await addAsset(archives.Filtered, "harbour-portrait.jpg", 800, 1200);
  await addAsset(archives.Filtered, "harbour-wide.jpg", 1200, 800);
  await addAsset(archives.Filtered, "harbour-wider.jpg", 1600, 800);
  await addAsset(archives.Private, "secret.jpg", 1200, 800);
  await addAsset(archives.Hidden, "hidden.jpg", 1200, 800);

  anonymous = new Client(server.url);
  guest = new Client(server.url);
  member = new Client(server.url);
  insider = new Client(server.url);
  owner = new Client(server.url);
  await Promise.all([
    guest.signInAsGuest(),
    member.signIn("member", PASSWORD),
    insider.signIn("insider", PASSWORD),
    owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password),
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe("the collection list", () => {
  test("each viewer sees the archives they may View; hidden ones only the site owner", async () => {
    // In the archives' order: sort id, then name.
    expect(names(await list(anonymous))).toEqual(["Empty", "Open"]);
    expect(names(await list(guest))).toEqual(["Empty", "Open"]);
    expect(names(await list(member))).toEqual(["Empty", "Filtered", "Open", "Registered"]);
    expect(names(await list(insider))).toEqual([
      "Empty",
      "Filtered",
      "Open",
      "Private",
      "Registered",
    ]);
    expect(names(await list(owner))).toEqual([
      "Empty",
      "Filtered",
      "Hidden",
      "Open",
      "Private",
      "Registered",
    ]);
    expect(names(await list(member, "/fotoweb/me/archives/"))).toEqual(names(await list(member)));
    expect(names(await list(guest, "/fotoweb/me/archives/"))).toEqual(["Empty", "Open"]);
  });

  test("the private list needs a session", async () => {
    const response = await anonymous.getJson("/fotoweb/me/archives/", LIST_TYPE);
    expect(response.status).toBe(401);
    expect(await readApiJson(response)).toMatchObject({ status: 401 });
  });

  test("a collection has the reference's fields and the cover by the poster rules", async () => {
    const body = await list(member);
    // One page: a paging object all the same (pyfwapi reads paging.next unchecked).
    expect(body.paging).toEqual({
      first: "/fotoweb/archives/",
      last: "/fotoweb/archives/",
      prev: null,
      next: null,
    });
    expect(body.searchURL).toBe("/fotoweb/archives/{?q}");
    const open = byName(body, "Open");
    expect(open).toMatchObject({
      id: String(archives.Open!.id),
      href: archives.Open!.href,
      data: archives.Open!.href,
      matchingHref: archives.Open!.href,
      type: "archive",
      color: "#4D4D4D",
      iconCharacter: "Folder",
      searchURL: `${archives.Open!.href}{?q}`,
      canSelect: true,
      isSearchable: true,
      pin: false,
    });
    expect(open).not.toHaveProperty("assetCount");
    expect(open.permissions).toEqual(expect.arrayContaining(["View", "Preview"]));
    expect(open.permissions).not.toContain("SetPosterAsset");
    // The newest asset, with its thumbnail, retina thumbnail and preview, smallest first.
    expect(open.posterAsset).toMatch(new RegExp(`/${assets.Open![2]}-forest\\.jpg\\.info$`));
    expect(open.posterImages.map((p) => p.size)).toEqual([200, 400, 1600]);
    expect(open.posterImages[0]).toMatchObject({ width: 200, height: 133, square: false });
    const empty = byName(body, "Empty");
    expect(empty.posterImages).toEqual([]);
    expect(empty.posterAsset).toBeNull();
    // Under the member filter, the cover is the newest asset the member sees.
    expect(byName(body, "Filtered").posterAsset).toMatch(/harbour-portrait\.jpg\.info$/);
    expect(byName(await list(owner), "Filtered").posterAsset).toMatch(/harbour-wider\.jpg\.info$/);
  });

  test("the site owner may set covers (SetPosterAsset)", async () => {
    for (const c of (await list(owner)).data) expect(c.permissions).toContain("SetPosterAsset");
  });

  test("with q, archives carry their matches under the viewer's filters", async () => {
    const mine = await list(member, "/fotoweb/archives/?q=harbour");
    expect(mine.data.map((c) => [c.name, c.assetCount])).toEqual([
      ["Filtered", 1],
      ["Open", 1],
      ["Registered", 2],
    ]);
    const all = await list(owner, "/fotoweb/archives/?q=harbour");
    expect(byName(all, "Filtered").assetCount).toBe(3);
    expect((await list(anonymous, "/fotoweb/archives/?q=harbour")).data.length).toBe(1);
    expect((await list(member, "/fotoweb/archives/?q=nothingmatches")).data).toEqual([]);
  });

  test("an invalid expression is a 400 named InvalidSearchExpression", async () => {
    const response = await member.getJson("/fotoweb/archives/?q=(harbour", LIST_TYPE);
    expect(response.status).toBe(400);
    expect(await readApiJson(response)).toMatchObject({
      status: 400,
      heading: "InvalidSearchExpression",
      value: expect.stringContaining(")"),
    });
  });

  test("the page lists the tiles, and a saved sorted variant only inside its archive", async () => {
    const user = (await findUserByUsername("member"))!;
    await updatePreferences(user.id, (p) => ({
      ...p,
      shared: {
        ...p.shared,
        sorting: {
          [archives.Open!.href]: { href: `${archives.Open!.href}?o=name` },
          [archives.Registered!.href]: { href: "https://evil.example/" },
        },
      },
    }));
    const html = await (await member.get("/fotoweb/archives/")).text();
    expect(html).toContain(`href="${archives.Open!.href}?o=name"`);
    expect(html).toContain(`href="${archives.Registered!.href}"`);
    expect(html).not.toContain("evil.example");
    await updatePreferences(user.id, (p) => ({ ...p, shared: {} }));
  });
});

describe("the main search target", () => {
  const target = async (client: Client, q: string) => {
    const response = await client.get(`/fotoweb/archives/?q=${encodeURIComponent(q)}`);
    return { status: response.status, location: response.headers.get("location"), response };
  };

  test("goes to the archive with the most matches, keeping q", async () => {
    const { status, location } = await target(member, "harbour");
    expect(status).toBe(302);
    expect(location).toBe(`${archives.Registered!.href}?q=harbour`);
    expect((await target(anonymous, "harbour")).location).toBe(`${archives.Open!.href}?q=harbour`);
  });

  test("prefers a pinned archive with matches", async () => {
    const pin = await member.post("/fotoweb/archives/?index", {
      intent: "pin",
      href: archives.Open!.href,
    });
    expect(pin.status).toBe(302);
    expect((await target(member, "harbour")).location).toBe(`${archives.Open!.href}?q=harbour`);
    // A pinned archive without matches does not win.
    expect((await target(member, "field")).location).toBe(`${archives.Open!.href}?q=field`);
    expect((await target(member, "harbour-two")).location).toMatch(archives.Registered!.href);
    await member.post("/fotoweb/archives/?index", { intent: "pin", href: archives.Open!.href });
    expect((await target(member, "harbour")).location).toMatch(archives.Registered!.href);
  });

  test("no match shows the list with 'No assets found.'", async () => {
    const { status, response } = await target(member, "nothingmatches");
    expect(status).toBe(200);
    expect(await response.text()).toContain("No assets found.");
  });

  test("an invalid expression shows the list with status 400 and the message", async () => {
    const { status, response } = await target(member, "harbour AND");
    expect(status).toBe(400);
    const html = await response.text();
    expect(html).toContain("InvalidSearchExpression");
    expect(html).toContain("AND must be followed by a search term.");
  });

  test("advanced search parameters narrow the search and travel to the target", async () => {
    const narrowed = await member.get("/fotoweb/archives/?q=harbour&o=portrait");
    expect(narrowed.status).toBe(302);
    expect(narrowed.headers.get("location")).toBe(
      `${archives.Filtered!.href}?q=harbour&o=portrait`,
    );
    // Without text, the advanced parameters alone are the search.
    const alone = await member.get("/fotoweb/archives/?q=&o=portrait");
    expect(alone.headers.get("location")).toBe(`${archives.Filtered!.href}?o=portrait`);
    const counts = await list(member, "/fotoweb/archives/?q=harbour&o=landscape");
    expect(counts.data.map((c) => [c.name, c.assetCount])).toEqual([
      ["Open", 1],
      ["Registered", 2],
    ]);
  });

  test("invalid advanced parameters are a 400 on the page and in JSON", async () => {
    const page = await member.get("/fotoweb/archives/?q=harbour&dt=sculpture");
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("InvalidSearchParameters");
    const api = await member.getJson("/fotoweb/archives/?dt=sculpture", LIST_TYPE);
    expect(api.status).toBe(400);
    expect(await readApiJson(api)).toMatchObject({
      status: 400,
      heading: "InvalidSearchParameters",
    });
  });

  test("an empty q goes to the clear URL", async () => {
    const { status, location } = await target(member, "  ");
    expect(status).toBe(302);
    expect(location).toBe("/fotoweb/archives/");
  });
});

describe("pins", () => {
  const pin = (client: Client, href: string) =>
    client.post("/fotoweb/archives/?index", { intent: "pin", href });

  test("a toggle pins and unpins by matchingHref; pinned archives come first", async () => {
    const first = await pin(member, archives.Filtered!.href);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/fotoweb/archives/");
    expect(member.cookies.has("arkiv_toast")).toBe(true);
    let body = await list(member);
    expect(names(body)[0]).toBe("Filtered");
    expect(byName(body, "Filtered").pin).toBe(true);
    const user = (await findUserByUsername("member"))!;
    expect(user.preferences.intranet.archivePinned).toEqual([archives.Filtered!.href]);
    await pin(member, archives.Filtered!.href);
    body = await list(member);
    expect(names(body)).toEqual(["Empty", "Filtered", "Open", "Registered"]);
    expect(byName(body, "Filtered").pin).toBe(false);
  });

  test("only archives the viewer may View; unknown ones are a 400", async () => {
    for (const href of [
      archives.Private!.href,
      archives.Hidden!.href,
      "/fotoweb/archives/99999-Nothing/",
      "javascript:alert(1)",
      "x".repeat(3000),
    ]) {
      expect((await pin(member, href)).status, href).toBe(400);
    }
    expect((await member.post("/fotoweb/archives/?index", { intent: "pin" })).status).toBe(400);
    expect((await member.post("/fotoweb/archives/?index", { intent: "dance" })).status).toBe(400);
    const user = (await findUserByUsername("member"))!;
    expect(user.preferences.intranet.archivePinned).toEqual([]);
  });

  test("the guest and anonymous visitors cannot pin", async () => {
    expect((await pin(guest, archives.Open!.href)).status).toBe(403);
    expect((await pin(anonymous, archives.Open!.href)).status).toBe(403);
  });
});

describe("covers", () => {
  const post = (client: Client, fields: Record<string, string>) =>
    client.post("/fotoweb/archives/?index", fields);
  const cover = async (client: Client, name: string) =>
    byName(await list(client), name).posterAsset;

  test("the site owner sets and clears a cover with the form", async () => {
    const oldest = assets.Open![0]!;
    const set = await post(owner, {
      intent: "set-cover",
      archive: String(archives.Open!.id),
      asset: String(oldest),
    });
    expect(set.status).toBe(302);
    expect(await cover(member, "Open")).toMatch(
      new RegExp(`/${oldest}-harbour-open\\.jpg\\.info$`),
    );
    expect(await (await owner.get("/fotoweb/archives/")).text()).toContain("Clear cover");
    const clear = await post(owner, { intent: "clear-cover", archive: String(archives.Open!.id) });
    expect(clear.status).toBe(302);
    expect(await cover(member, "Open")).toMatch(/forest\.jpg\.info$/);
  });

  test("without SetPosterAsset a cover cannot be set or cleared", async () => {
    const fields = {
      intent: "set-cover",
      archive: String(archives.Open!.id),
      asset: String(assets.Open![0]),
    };
    expect((await post(member, fields)).status).toBe(403);
    expect((await post(guest, fields)).status).toBe(403);
    expect(
      (await post(member, { intent: "clear-cover", archive: String(archives.Open!.id) })).status,
    ).toBe(403);
    expect(
      (await member.get(`/fotoweb/views/select-cover?archive=${archives.Open!.id}`)).status,
    ).toBe(403);
    expect(await cover(member, "Open")).toMatch(/forest\.jpg\.info$/);
  });

  test("a cover must be an asset of the same archive that exists", async () => {
    const base = { intent: "set-cover", archive: String(archives.Open!.id) };
    expect((await post(owner, { ...base, asset: String(assets.Registered![0]) })).status).toBe(400);
    expect((await post(owner, { ...base, asset: "999999" })).status).toBe(404);
    expect((await post(owner, { ...base, asset: "-1" })).status).toBe(400);
    expect((await post(owner, { ...base, asset: "1e400" })).status).toBe(400);
    expect((await post(owner, { ...base, archive: "999999", asset: "1" })).status).toBe(404);
  });

  test("a chosen cover the viewer may not see falls back to their newest asset", async () => {
    const wide = assets.Filtered![1]!;
    await post(owner, {
      intent: "set-cover",
      archive: String(archives.Filtered!.id),
      asset: String(wide),
    });
    expect(await cover(owner, "Filtered")).toMatch(/harbour-wide\.jpg\.info$/);
    expect(await cover(member, "Filtered")).toMatch(/harbour-portrait\.jpg\.info$/);
    await post(owner, { intent: "clear-cover", archive: String(archives.Filtered!.id) });
  });

  test("the selection page lists the archive's assets for the site owner", async () => {
    const response = await owner.get(`/fotoweb/views/select-cover?archive=${archives.Open!.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("forest.jpg");
    expect(html).toContain('name="asset"');
    expect((await owner.get("/fotoweb/views/select-cover?archive=abc")).status).toBe(400);
    expect(
      (await owner.get(`/fotoweb/views/select-cover?archive=${archives.Open!.id}&after=%%%`))
        .status,
    ).toBe(400);
  });
});

describe("PATCH of a collection's cover", () => {
  const patch = (client: Client, archive: Archive, body: string, type = "application/json") =>
    client.request(archive.href, {
      method: "PATCH",
      body,
      headers: { "content-type": type, accept: "application/vnd.fotoware.collection+json" },
    });
  const assetUrl = (archive: Archive, index: number) =>
    hrefOf(archive, assets[archive.name]![index]!);

  test("sets and clears the cover", async () => {
    const href = assetUrl(archives.Open!, 1);
    const set = await patch(
      owner,
      archives.Open!,
      JSON.stringify({ poster_asset: href }),
      "application/vnd.fotoware.collection-update+json",
    );
    expect(set.status).toBe(200);
    expect(((await readApiJson(set)) as Collection).posterAsset).toMatch(/field\.jpg\.info$/);
    const clear = await patch(owner, archives.Open!, JSON.stringify({ poster_asset: "" }));
    expect(clear.status).toBe(200);
    expect(((await readApiJson(clear)) as Collection).posterAsset).toMatch(/forest\.jpg\.info$/);
  });

  test("refuses viewers without SetPosterAsset and hostile bodies, changing nothing", async () => {
    const body = JSON.stringify({ poster_asset: assetUrl(archives.Open!, 0) });
    expect((await patch(member, archives.Open!, body)).status).toBe(403);
    expect((await patch(anonymous, archives.Open!, body)).status).toBe(401);
    expect((await patch(member, archives.Private!, body)).status).toBe(404);
    for (const bad of [
      "not json",
      "[]",
      "null",
      JSON.stringify({ poster_asset: 5 }),
      JSON.stringify({}),
      JSON.stringify({ poster_asset: "https://evil.example/x" }),
      JSON.stringify({ poster_asset: "/fotoweb/archives/../../etc/passwd" }),
      JSON.stringify({ poster_asset: assetUrl(archives.Registered!, 0) }),
      JSON.stringify({ poster_asset: "x".repeat(5000) }),
    ]) {
      const response = await patch(owner, archives.Open!, bad);
      expect(response.status, bad.slice(0, 80)).toBe(400);
      expect(await readApiJson(response)).toMatchObject({ status: 400 });
    }
    const missing = JSON.stringify({ poster_asset: hrefOf(archives.Open!, 999999) });
    expect((await patch(owner, archives.Open!, missing)).status).toBe(404);
    const huge = JSON.stringify({ poster_asset: "x".repeat(2 * 1024 * 1024) });
    expect((await patch(owner, archives.Open!, huge)).status).toBe(413);
    expect(await cover(member, "Open")).toMatch(/forest\.jpg\.info$/);
  });

  async function cover(client: Client, name: string) {
    return byName(await list(client), name).posterAsset;
  }
});

describe("an archive's own representation (issue 14)", () => {
  const COLLECTION_TYPE = "application/vnd.fotoware.collection+json";
  let drop: Archive;
  // Its own member: pinning Drop must not reorder the other describes' lists for "member".
  let dropper: Client;

  const own = async (client: Client, archive: Archive) => {
    const response = await client.getJson(archive.href, COLLECTION_TYPE);
    expect(response.status).toBe(200);
    return readApiJson<Collection & Record<string, unknown>>(response);
  };
  // The list's entry, without what only a search adds.
  const entry = async (client: Client, name: string) => byName(await list(client), name);

  beforeAll(async () => {
    drop = await createArchive({
      name: "Drop",
      members: [
        {
          type: "group",
          id: REGISTERED_USERS_GROUP_ID,
          permissions: ["View", "Preview", "UploadFile", "Alert", "CopyTo"],
          autoSearch: "",
        },
        {
          type: "group",
          id: EVERYONE_GROUP_ID,
          permissions: ["View", "UploadFile"],
          autoSearch: "",
        },
      ],
    });
    await addAsset(drop, "dropped.jpg", 1200, 800);
    await createUser({ username: "dropper", password: PASSWORD });
    dropper = new Client(server.url);
    await dropper.signIn("dropper", PASSWORD);
    const user = (await findUserByUsername("dropper"))!;
    await updatePreferences(user.id, (p) => ({
      ...p,
      intranet: { ...p.intranet, archivePinned: [drop.href] },
    }));
  });

  test("agrees with its entry in the archive list: permissions, cover, pin", async () => {
    for (const client of [dropper, owner, guest]) {
      const listed = await entry(client, "Drop");
      const itself = await own(client, drop);
      expect(itself).toMatchObject(listed);
    }
    const mine = await own(dropper, drop);
    expect(mine.pin).toBe(true);
    expect(mine.permissions).toEqual(expect.arrayContaining(["View", "UploadFile", "Alert"]));
    expect(mine.posterAsset).toMatch(/dropped\.jpg\.info$/);
    expect((await own(owner, drop)).permissions).toContain("SetPosterAsset");
  });

  test("the can* keys follow the viewer's permissions; guests change nothing", async () => {
    expect(await own(dropper, drop)).toMatchObject({
      archiveId: drop.id,
      originalURL: drop.href,
      canUploadTo: true,
      canCreateFolders: true,
      canCopyTo: true,
      canMoveTo: false,
      canCreateAlerts: true,
      canBeDeleted: false,
      canBeArchived: false,
    });
    // Everyone holds UploadFile here, but the guest changes nothing and has no alerts.
    expect(await own(guest, drop)).toMatchObject({
      canUploadTo: false,
      canCreateFolders: false,
      canCopyTo: false,
      canCreateAlerts: false,
    });
    expect(await own(dropper, archives.Open!)).toMatchObject({
      canUploadTo: false,
      canCreateAlerts: false,
    });
  });

  test("upload_to lists the same entries", async () => {
    const response = await dropper.getJson("/fotoweb/me/upload-to/", LIST_TYPE);
    const { data } = await readApiJson<{ data: Collection[] }>(response);
    expect(data).toEqual([await entry(dropper, "Drop")]);
  });
});
