import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { searchDocument } from "~/models/search/search-document";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { smartFolderHref, smartFoldersHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Smart folders and the navigation pane (issue 19, decision 061) on the dialect under test: the
 * API's CRUD and ORDERPATCH (first up and last down do nothing), invalid expressions refused with
 * the InvalidSearchExpression heading and nothing stored, a relative-date folder evaluated at
 * request time, taxonomy filters (and InvalidTaxonomyItem), who may do what (404 / 403), the
 * pane's plain forms and the folder, smart folder and taxonomy pins.
 */

const LIST = "application/vnd.fotoware.smartfolder-list+json";
const COLLECTION = "application/vnd.fotoware.collection+json";

let server: TestServer;
let editor: Viewer;
let visitor: Viewer;
let editorClient: Client;
let visitorClient: Client;
let strangerClient: Client;
let archive: Archive;
let other: Archive;
let recent: number[];
let old: number[];
let sunsetItem: number;
let groupItem: number;
let hiddenItem: number;
/** A narrower term under Sunset, on an asset of its own. */
let duskItem: number;

interface Entry {
  href: string;
  name: string;
  type: string;
  searchString: string;
  data: string;
  edit: boolean;
  pin: boolean;
  reorder: boolean;
}
interface ListJson {
  href: string;
  data: Entry[];
  add: { href: string } | null;
  reorder: { href: string } | null;
}

function send(client: Client, method: string, path: string, body?: unknown, extra = {}) {
  return client.request(path, {
    method,
    headers: {
      accept: "application/json",
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...extra,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

const orderPatch = (client: Client, body: unknown) =>
  send(client, "POST", smartFoldersHref(archive.href), body, {
    "x-http-method-override": "ORDERPATCH",
  });

async function names() {
  const list = await readApiJson<ListJson>(
    await editorClient.getJson(smartFoldersHref(archive.href), LIST),
  );
  return list.data.map((e) => e.name);
}

async function create(name: string, expression: string) {
  const response = await send(editorClient, "POST", smartFoldersHref(archive.href), {
    name,
    expression,
  });
  expect(response.status).toBe(201);
  const body = await readApiJson<Entry>(response);
  expect(response.headers.get("location")).toBe(body.href);
  return body;
}

async function gridIds(client: Client, query: string) {
  const response = await client.getJson(`${archive.href}?${query}`, COLLECTION);
  expect(response.status).toBe(200);
  const body = await readApiJson<{ assets: { data: { href: string }[] } }>(response);
  return body.assets.data.map((a) =>
    Number(/\/(\d+)[^/]*$/.exec(a.href.replace(/\.info$/, ""))![1]),
  );
}

async function tag(ids: number[], keyword: string) {
  for (const id of ids)
    await db()
      .updateTable("assets")
      .set({
        metadata: JSON.stringify({ 25: [keyword] }),
        search_doc: searchDocument({
          fileName: "x.jpg",
          title: "",
          description: "",
          tags: [keyword],
          notes: "",
          status: "",
          fields: { 25: [keyword] },
        }),
      })
      .where("id", "=", id)
      .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  editor = await createUser({ username: "sfeditor", password: "editor-pass-123" });
  visitor = await createUser({ username: "sfvisitor", password: "visitor-pass-123" });
  await createUser({ username: "sfstranger", password: "stranger-pass-123" });
  archive = await createArchive({
    name: "Navigated",
    config: {
      NavigationPaneControl: {
        SearchTreeFields: [25],
        EnableCustomSmartFolderName: true,
        CustomSmartFolderName: "Saved views",
      },
    } as never,
    members: [
      {
        type: "user",
        id: editor.id,
        permissions: ["View", "Preview", "EditSmartFolders"],
        autoSearch: "",
      },
      { type: "user", id: visitor.id, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  other = await createArchive({
    name: "Other place",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "EditSmartFolders"],
        autoSearch: "",
      },
    ],
  });
  const made = await insertReadyAssets(archive.id, 6);
  recent = made.slice(0, 3).map((a) => a.id);
  old = made.slice(3).map((a) => a.id);
  const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  await db().updateTable("assets").set({ created_at: longAgo }).where("id", "in", old).execute();
  await tag([recent[0]!, old[0]!], "Sunset");
  await tag([recent[1]!], "Harbour");
  const at = now();
  const keywords = await db()
    .selectFrom("metadata_fields")
    .select("id")
    .where("id", "=", 25)
    .executeTakeFirst();
  if (!keywords)
    await db()
      .insertInto("metadata_fields")
      .values({ id: 25, label: "Keywords", multi_instance: 1, created_at: at, updated_at: at })
      .execute();
  await db()
    .insertInto("taxonomies")
    .values({
      field_id: 25,
      name: "Keyword",
      plural_name: "Keywords",
      created_at: at,
      updated_at: at,
    })
    .execute();
  const item = (name: string, acl: string, parent: number | null, position: number) =>
    db()
      .insertInto("taxonomy_items")
      .values({
        field_id: 25,
        parent_id: parent,
        name,
        value: name,
        acl,
        position,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  groupItem = (await item("Places", "Navigate", null, 1)).id;
  sunsetItem = (await item("Sunset", "Navigate,Query,Set", null, 2)).id;
  await item("Harbour", "Navigate,Query,Set", groupItem, 1);
  hiddenItem = (await item("Secret", "Set", null, 3)).id;
  duskItem = (await item("Dusk", "Navigate,Query,Set", sunsetItem, 1)).id;
  await tag([recent[2]!], "Dusk");
  editorClient = new Client(server.url);
  await editorClient.signIn("sfeditor", "editor-pass-123");
  visitorClient = new Client(server.url);
  await visitorClient.signIn("sfvisitor", "visitor-pass-123");
  strangerClient = new Client(server.url);
  await strangerClient.signIn("sfstranger", "stranger-pass-123");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("smart folders in the API", () => {
  test("create, read, list with descriptors, patch, delete", async () => {
    const made = await create("  Sunsets  ", "25:Sunset");
    expect(made).toMatchObject({ name: "Sunsets", type: "smartFolder", edit: true, reorder: true });
    const one = await readApiJson<Entry>(await editorClient.getJson(made.href));
    expect(one.searchString).toBe("25:Sunset");
    const list = await readApiJson<ListJson>(
      await editorClient.getJson(smartFoldersHref(archive.href), LIST),
    );
    expect(list.add?.href).toBe(smartFoldersHref(archive.href));
    expect(list.reorder?.href).toBe(smartFoldersHref(archive.href));
    expect(list.data.map((e) => e.href)).toContain(made.href);
    const patched = await send(editorClient, "PATCH", made.href, { name: "Evening" });
    expect(patched.status).toBe(200);
    expect((await readApiJson<Entry>(patched)).name).toBe("Evening");
    const viaOverride = await send(
      editorClient,
      "POST",
      made.href,
      { expression: "25:Harbour" },
      {
        "x-http-method-override": "PATCH",
      },
    );
    expect((await readApiJson<Entry>(viaOverride)).searchString).toBe("25:Harbour");
    const refusedPatch = await send(editorClient, "PATCH", made.href, {
      expression: "25:(a OR b)",
    });
    expect(refusedPatch.status).toBe(400);
    expect((await readApiJson<{ heading: string }>(refusedPatch)).heading).toBe(
      "InvalidSearchExpression",
    );
    expect((await readApiJson<Entry>(await editorClient.getJson(made.href))).searchString).toBe(
      "25:Harbour",
    );
    const deleted = await send(editorClient, "DELETE", made.href);
    expect(deleted.status).toBe(204);
    const gone = await editorClient.getJson(made.href);
    expect(gone.status).toBe(404);
    await readApiJson(gone);
  });

  test("bad names and expressions are refused with their messages and nothing is stored", async () => {
    const before = await db().selectFrom("smart_folders").select("id").execute();
    const invalid = await send(editorClient, "POST", smartFoldersHref(archive.href), {
      name: "Broken",
      expression: "mt:yesterday-ish",
    });
    expect(invalid.status).toBe(400);
    const body = await readApiJson<{ heading: string; fieldErrors: Record<string, string> }>(
      invalid,
    );
    expect(body.heading).toBe("InvalidSearchExpression");
    expect(body.fieldErrors.expression).toMatch(/^InvalidSearchExpression: /);
    const blank = await send(editorClient, "POST", smartFoldersHref(archive.href), {
      name: "   ",
      expression: "",
    });
    expect(blank.status).toBe(400);
    const blankBody = await readApiJson<{ fieldErrors: Record<string, string> }>(blank);
    expect(Object.keys(blankBody.fieldErrors).sort()).toEqual(["expression", "name"]);
    const long = await send(editorClient, "POST", smartFoldersHref(archive.href), {
      name: "x".repeat(101),
      expression: "*",
    });
    expect(long.status).toBe(400);
    await readApiJson(long);
    expect(await db().selectFrom("smart_folders").select("id").execute()).toEqual(before);
  });

  test("reorder: the first up and the last down do nothing; others move", async () => {
    const a = await create("A", "*");
    const b = await create("B", "*");
    const c = await create("C", "*");
    expect(await names()).toEqual(["A", "B", "C"]);
    const firstUp = await orderPatch(editorClient, { childPath: a.href, relativePosition: -1 });
    expect(firstUp.status).toBe(200);
    await readApiJson(firstUp);
    expect(await names()).toEqual(["A", "B", "C"]);
    await readApiJson(await orderPatch(editorClient, { childPath: c.href, relativePosition: 1 }));
    expect(await names()).toEqual(["A", "B", "C"]);
    await readApiJson(await orderPatch(editorClient, { childPath: c.href, relativePosition: -1 }));
    expect(await names()).toEqual(["A", "C", "B"]);
    await readApiJson(await orderPatch(editorClient, { childPath: a.href, relativePosition: 5 }));
    expect(await names()).toEqual(["C", "B", "A"]);
    const bad = await orderPatch(editorClient, { childPath: a.href, relativePosition: "up" });
    expect(bad.status).toBe(400);
    await readApiJson(bad);
    for (const f of [a, b, c]) await send(editorClient, "DELETE", f.href);
  });

  test("without View 404 as a missing archive; View only 403 for writes; another archive's id 404", async () => {
    const made = await create("Guarded", "*");
    const strangerList = await strangerClient.getJson(smartFoldersHref(archive.href));
    expect(strangerList.status).toBe(404);
    await readApiJson(strangerList);
    for (const response of [
      await send(strangerClient, "POST", smartFoldersHref(archive.href), {
        name: "x",
        expression: "*",
      }),
      await send(strangerClient, "PATCH", made.href, { name: "x" }),
      await send(strangerClient, "DELETE", made.href),
    ]) {
      expect(response.status).toBe(404);
      await readApiJson(response);
    }
    const visitorList = await readApiJson<ListJson>(
      await visitorClient.getJson(smartFoldersHref(archive.href), LIST),
    );
    expect(visitorList.add).toBeNull();
    expect(visitorList.data.find((e) => e.href === made.href)?.edit).toBe(false);
    for (const response of [
      await send(visitorClient, "POST", smartFoldersHref(archive.href), {
        name: "x",
        expression: "*",
      }),
      await send(visitorClient, "PATCH", made.href, { name: "x" }),
      await send(visitorClient, "DELETE", made.href),
      await orderPatch(visitorClient, { childPath: made.href, relativePosition: 1 }),
    ]) {
      expect(response.status).toBe(403);
      await readApiJson(response);
    }
    const id = Number(made.href.split("/").pop());
    const elsewhere = await editorClient.getJson(smartFolderHref(other.href, id));
    expect(elsewhere.status).toBe(404);
    await readApiJson(elsewhere);
    await send(editorClient, "DELETE", made.href);
  });
});

describe("narrowing the grid", () => {
  test("a 'last 7 days' smart folder shows what was added in the last 7 days, not older", async () => {
    const week = await create("Last 7 days", "at:now-P7D");
    const id = week.href.split("/").pop();
    const shown = await gridIds(visitorClient, `sf=${id}`);
    expect(shown.sort()).toEqual([...recent].sort());
    // ANDed with a typed search.
    expect(await gridIds(visitorClient, `sf=${id}&q=25:Sunset`)).toEqual([recent[0]]);
    // A relative range with {{…}} is accepted too.
    const hours = await create("Last 6 hours", "at:{{now-PT6H}} TO {{now}}");
    expect((await gridIds(visitorClient, `sf=${hours.href.split("/").pop()}`)).sort()).toEqual(
      [...recent].sort(),
    );
    const asFolder = await readApiJson<{ type: string; name: string }>(
      await visitorClient.getJson(`${archive.href}?sf=${id}`, COLLECTION),
    );
    expect(asFolder).toMatchObject({ type: "smartFolder", name: "Last 7 days" });
    const page = await visitorClient.get(`${archive.href}?sf=${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Saved views");
    expect(html).toContain("smart folder Last 7 days</p>");
    // An asset opened from the smart folder keeps it: its neighbours and the way back.
    const listed = await readApiJson<{ assets: { data: { href: string }[] } }>(
      await visitorClient.getJson(`${archive.href}?sf=${id}`, COLLECTION),
    );
    const first = listed.assets.data[0]!.href;
    const details = await (await visitorClient.get(`${first}?sf=${id}`)).text();
    expect(details).toContain(`href="${archive.href}?sf=${id}"`);
    const last = listed.assets.data[listed.assets.data.length - 1]!.href;
    const lastPage = await (await visitorClient.get(`${last}?sf=${id}`)).text();
    for (const o of old) expect(lastPage).not.toMatch(new RegExp(`/${o}-[^"]*\\.info\\?sf=`));
    const redirect = await visitorClient.get(week.href);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`${archive.href}?sf=${id}`);
    await send(editorClient, "DELETE", week.href);
    await send(editorClient, "DELETE", hours.href);
    const missing = await visitorClient.getJson(`${archive.href}?sf=${id}`, COLLECTION);
    expect(missing.status).toBe(404);
    await readApiJson(missing);
  });

  test("a taxonomy item narrows; an unknown or non-Query item is InvalidTaxonomyItem (400)", async () => {
    // A broader term finds what its narrower terms tag too (issue 31); a narrower one its own.
    expect((await gridIds(visitorClient, `tx=${sunsetItem}`)).sort()).toEqual(
      [recent[0], old[0], recent[2]].sort(),
    );
    expect(await gridIds(visitorClient, `tx=${duskItem}`)).toEqual([recent[2]]);
    const page = await visitorClient.get(`${archive.href}?tx=${sunsetItem}`);
    const html = await page.text();
    expect(html).toContain('data-testid="taxonomy-filter"');
    expect(html).toContain("Harbour");
    expect(html).not.toContain("Secret");
    for (const bad of [hiddenItem, groupItem, 99_999_999]) {
      const answer = await visitorClient.get(`${archive.href}?tx=${bad}`);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("InvalidTaxonomyItem");
      const api = await visitorClient.getJson(`${archive.href}?tx=${bad}`, COLLECTION);
      expect(api.status).toBe(400);
      expect((await readApiJson<{ heading: string }>(api)).heading).toBe("InvalidTaxonomyItem");
    }
  });

  test("the collection JSON carries the pane's settings and taxonomies", async () => {
    const body = await readApiJson<Record<string, unknown>>(
      await visitorClient.getJson(archive.href, COLLECTION),
    );
    expect(body.isSmartFolderNavigationEnabled).toBe(true);
    expect(body.smartFolderHeader).toBe("Saved views");
    expect(body.taxonomies).toEqual([
      expect.objectContaining({ field: 25, pluralName: "Keywords", hasChildren: true }),
    ]);
  });
});

describe("the pane's plain forms and pins", () => {
  test("create, edit, move and delete without JavaScript; errors come back by field", async () => {
    const bad = await editorClient.post(archive.href, {
      intent: "smart-folder-create",
      name: "",
      expression: "NOT",
    });
    expect(bad.status).toBe(400);
    // The page comes back with the form open and each error by its field.
    const page = await bad.text();
    expect(page).toContain("Enter a name.");
    expect(page).toMatch(/InvalidSearchExpression: [^<]+/);
    expect(page).toMatch(/<details open="">\s*<summary[^>]*>New smart folder/);
    for (const name of ["One", "Two"]) {
      const made = await editorClient.post(archive.href, {
        intent: "smart-folder-create",
        name,
        expression: "*",
        back: `${archive.href}?s=name`,
      });
      expect(made.status).toBe(302);
      expect(made.headers.get("location")).toBe(`${archive.href}?s=name`);
    }
    const rows = await db()
      .selectFrom("smart_folders")
      .select(["id", "name"])
      .where("archive_id", "=", archive.id)
      .orderBy("position")
      .execute();
    expect(rows.map((r) => r.name)).toEqual(["One", "Two"]);
    const move = await editorClient.post(archive.href, {
      intent: "smart-folder-move",
      id: String(rows[1]!.id),
      relativePosition: "-1",
    });
    expect(move.status).toBe(302);
    expect(await names()).toEqual(["Two", "One"]);
    const edit = await editorClient.post(archive.href, {
      intent: "smart-folder-edit",
      id: String(rows[0]!.id),
      name: "Uno",
      expression: "25:Sunset",
    });
    expect(edit.status).toBe(302);
    expect(await names()).toEqual(["Two", "Uno"]);
    const refused = await visitorClient.post(archive.href, {
      intent: "smart-folder-delete",
      id: String(rows[0]!.id),
    });
    expect(refused.status).toBe(403);
    for (const row of rows) {
      const gone = await editorClient.post(archive.href, {
        intent: "smart-folder-delete",
        id: String(row.id),
      });
      expect(gone.status).toBe(302);
    }
    expect(await names()).toEqual([]);
  });

  test("folder, smart folder and taxonomy pins toggle, list on the pins page; guests cannot pin", async () => {
    await db()
      .insertInto("folders")
      .values({
        archive_id: archive.id,
        parent_id: null,
        name: "Trips",
        path: "Trips",
        created_at: now(),
      })
      .execute();
    const folder = await create("Pinned view", "*");
    const id = folder.href.split("/").pop()!;
    for (const [kind, key] of [
      ["folder", "Trips"],
      ["smartFolder", id],
      ["taxonomyItem", String(sunsetItem)],
    ] as const) {
      const pinned = await visitorClient.post(archive.href, {
        intent: "navigation-pin",
        kind,
        key,
      });
      expect(pinned.status).toBe(302);
    }
    const prefs = (await findUserById(visitor.id))!.preferences.intranet;
    expect(prefs.folderPinned).toEqual([`${archive.href}?folder=Trips`, folder.href]);
    expect(prefs.taxonomyPinned).toEqual([`${archive.href}?tx=${sunsetItem}`]);
    const pins = await (await visitorClient.get("/fotoweb/me/pins/")).text();
    expect(pins).toContain("Pinned folders and terms");
    for (const name of ["Trips", "Pinned view", "Sunset"]) expect(pins).toContain(name);
    // Unpinned from the pins page.
    const segment = archive.href.split("/").filter(Boolean).pop()!;
    const unpin = await visitorClient.post("/fotoweb/me/pins/", {
      intent: "navigation-pin",
      kind: "taxonomyItem",
      key: String(sunsetItem),
      archive: segment,
    });
    expect(unpin.status).toBe(302);
    expect((await findUserById(visitor.id))!.preferences.intranet.taxonomyPinned).toEqual([]);
    const bogus = await visitorClient.post(archive.href, {
      intent: "navigation-pin",
      kind: "taxonomyItem",
      key: String(hiddenItem),
    });
    expect(bogus.status).toBe(400);
    // The guest sees a public archive but cannot pin in it.
    const open = await createArchive({
      name: "Open to all",
      members: [{ type: "group", id: EVERYONE_GROUP_ID, permissions: ["View"], autoSearch: "" }],
    });
    await db()
      .insertInto("folders")
      .values({
        archive_id: open.id,
        parent_id: null,
        name: "Public",
        path: "Public",
        created_at: now(),
      })
      .execute();
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    expect((await guest.get(open.href)).status).toBe(200);
    const refused = await guest.post(open.href, {
      intent: "navigation-pin",
      kind: "folder",
      key: "Public",
    });
    expect(refused.status).toBe(403);
    await send(editorClient, "DELETE", folder.href);
  });
});

describe("names with hidden characters (issue 29, decision 070)", () => {
  test("a NUL or a direction override in a smart folder's name is 400 and stores nothing", async () => {
    const before = await db().selectFrom("smart_folders").selectAll().execute();
    for (const name of ["Sun\u0000set", "Sun\u202Eset", "Sun\u009bset"]) {
      const response = await send(editorClient, "POST", smartFoldersHref(archive.href), {
        name,
        expression: "*",
      });
      expect(response.status, JSON.stringify(name)).toBe(400);
      const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
      expect(Object.keys(body.fieldErrors), JSON.stringify(name)).toEqual(["name"]);
    }
    expect(await db().selectFrom("smart_folders").selectAll().execute()).toEqual(before);
  });
});
