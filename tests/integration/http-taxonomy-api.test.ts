import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createItem, createTaxonomy } from "~/models/taxonomy/taxonomy-write.server";
import { findTaxonomyItem, MAX_TAXONOMY_DEPTH } from "~/models/taxonomy/taxonomy.server";
import { createUser } from "~/models/user/user.server";
import { taxonomyHref, taxonomyItemHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The taxonomy API (decision 059) on the dialect under test: every operation of the reference
 * by Accept, the move, paging and search, what a person without edit rights sees, and the
 * refusals: cyclic and deep moves, markup kept as text, empty names, bad and huge bodies, unknown
 * fields and items, another taxonomy's item, signed out and without the capability.
 */

const T = {
  list: "application/vnd.fotoware.taxonomy-list+json",
  taxonomy: "application/vnd.fotoware.taxonomy+json",
  info: "application/vnd.fotoware.taxonomy-info+json",
  itemList: "application/vnd.fotoware.taxonomy-item-list+json",
  item: "application/vnd.fotoware.taxonomy-item+json",
  itemInfo: "application/vnd.fotoware.taxonomy-item-info+json",
};

interface ItemJson {
  id: number;
  name: string;
  value: string;
  href: string;
  acl: string[];
  hasChildren: boolean;
  children?: { data: ItemJson[]; paging: unknown };
  ancestors?: { name: string; href: string }[];
}

let server: TestServer;
let admin: Client;
let reader: Client;
let anonymous: Client;
let subjects: number;
let places: number;
let archive: Archive;
let hiddenArchive: Archive;

async function field(label: string): Promise<number> {
  const at = now();
  const row = await db()
    .insertInto("metadata_fields")
    .values({ label, data_type: "text", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

function send(client: Client, method: string, path: string, body?: unknown, headers = {}) {
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

async function problem(response: Response, status: number) {
  expect(response.status).toBe(status);
  return readApiJson<{ status: number; value: string; heading?: string }>(response);
}

const idOfLocation = (response: Response) =>
  Number(/\/(\d+)$/.exec(response.headers.get("location") ?? "")![1]);

beforeAll(async () => {
  server = await startTestServer();
  subjects = await field("Subjects");
  places = await field("Places");
  await createUser({ username: "taxreader", password: "reader-pass-123" });
  archive = await createArchive({
    name: "Tagged",
    members: [
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  hiddenArchive = await createArchive({ name: "Hidden", members: [] });
  admin = new Client(server.url);
  await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  reader = new Client(server.url);
  await reader.signIn("taxreader", "reader-pass-123");
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("taxonomies", () => {
  test("create, list, read by Accept, update, refusals", async () => {
    const made = await send(admin, "POST", "/fotoweb/api/taxonomies/", {
      field: subjects,
      name: "Subject",
      pluralName: "Subjects",
    });
    expect(made.status).toBe(201);
    expect(made.headers.get("location")).toBe(taxonomyHref(subjects));
    await problem(
      await send(admin, "POST", "/fotoweb/api/taxonomies/", { field: subjects, pluralName: "x" }),
      409,
    );
    await problem(
      await send(admin, "POST", "/fotoweb/api/taxonomies/", { field: 99999, pluralName: "x" }),
      404,
    );
    await problem(await send(admin, "POST", "/fotoweb/api/taxonomies/", { pluralName: "x" }), 400);
    await problem(await send(admin, "POST", "/fotoweb/api/taxonomies/", "{nope"), 400);
    await problem(
      await send(reader, "POST", "/fotoweb/api/taxonomies/", { field: places, pluralName: "P" }),
      403,
    );
    await problem(
      await send(anonymous, "POST", "/fotoweb/api/taxonomies/", { field: places, pluralName: "P" }),
      401,
    );

    const list = await readApiJson<{ data: { field: number }[] }>(
      await reader.getJson("/fotoweb/api/taxonomies/", T.list),
    );
    expect(list.data.map((t) => t.field)).toContain(subjects);
    const paged = await reader.getJson("/fotoweb/api/taxonomies/;p=0", T.list);
    expect(paged.status).toBe(200);
    await readApiJson(paged);
    await problem(await reader.getJson("/fotoweb/api/taxonomies/", "text/csv"), 406);

    const info = await readApiJson<{ pluralName: string; href: string }>(
      await reader.getJson(taxonomyHref(subjects), T.info),
    );
    expect(info).toMatchObject({ pluralName: "Subjects", href: taxonomyHref(subjects) });
    const whole = await reader.getJson(taxonomyHref(subjects), T.taxonomy);
    expect(whole.headers.get("content-type")).toContain(T.taxonomy);
    expect(await readApiJson<{ items: unknown }>(whole)).toHaveProperty("items");

    expect(
      (await send(admin, "PUT", taxonomyHref(subjects), { pluralName: "Topics", name: "Topic" }))
        .status,
    ).toBe(204);
    await problem(await send(admin, "PUT", taxonomyHref(subjects), { pluralName: " " }), 400);
    await problem(await reader.getJson(taxonomyHref(99999)), 404);
    await problem(await reader.getJson("/fotoweb/api/taxonomies/abc/"), 404);
    // The site lets guests browse here: a visitor reads taxonomies as the guest.
    expect((await anonymous.getJson(taxonomyHref(subjects))).status).toBe(200);
  });
});

describe("items", () => {
  // Each test has taxonomies of its own, on fields of their own (decision 075): Animals with
  // <b>Cats</b> under it, and an empty one standing for another taxonomy.
  let subjects: number;
  let places: number;
  let animals: number;
  let cats: number;
  let serial = 0;

  beforeEach(async () => {
    serial += 1;
    subjects = await field(`Subjects ${serial}`);
    await createTaxonomy(subjects, { pluralName: "Subjects" });
    animals = (await createItem(subjects, null, { name: "Animals" })).id;
    cats = (await createItem(subjects, animals, { name: "<b>Cats</b>", acl: ["Set"] })).id;
    places = await field(`Places ${serial}`);
    await createTaxonomy(places, { pluralName: "Places" });
  });

  test("create at the root and under an item; markup kept as text; empty names refused", async () => {
    const root = await send(admin, "POST", taxonomyHref(subjects), { name: "Animals" });
    expect(root.status).toBe(201);
    const animals = idOfLocation(root);
    const child = await send(admin, "POST", taxonomyItemHref(subjects, animals), {
      name: "<b>Cats</b>",
      acl: ["Set"],
    });
    expect(child.status).toBe(201);
    const cats = idOfLocation(child);
    const item = await readApiJson<ItemJson>(
      await reader.getJson(taxonomyItemHref(subjects, cats), T.item),
    );
    expect(item).toMatchObject({ name: "<b>Cats</b>", value: "bCats/b", acl: ["Set"] });
    expect(item.ancestors).toEqual([
      { name: "Animals", href: taxonomyItemHref(subjects, animals) },
    ]);
    const marked = await send(admin, "POST", taxonomyHref(subjects), {
      name: "Script",
      value: "<script>alert(1)</script>",
    });
    const script = await findTaxonomyItem(subjects, idOfLocation(marked));
    expect(script?.value).toBe("<script>alert(1)</script>");

    const empty = await problem(
      await send(admin, "POST", taxonomyHref(subjects), { name: " " }),
      400,
    );
    expect(empty.value).toBe("Give the item a name.");
    const search = await problem(
      await send(admin, "POST", taxonomyHref(subjects), { name: "x", customSearch: "a AND (" }),
      400,
    );
    expect(search.value.startsWith("InvalidSearchExpression")).toBe(true);
    await problem(await send(admin, "POST", taxonomyHref(subjects), "[1,"), 400);
    await problem(
      await send(admin, "POST", taxonomyHref(subjects), { name: "x".repeat(2_000_000) }),
      413,
    );
    await problem(await send(reader, "POST", taxonomyHref(subjects), { name: "x" }), 403);
    await problem(await send(anonymous, "POST", taxonomyHref(subjects), { name: "x" }), 401);
  });

  test("read by Accept, children paging, search", async () => {
    const parent = await readApiJson<ItemJson>(
      await reader.getJson(taxonomyItemHref(subjects, animals), T.item),
    );
    expect(parent.children?.data.map((c) => c.name)).toEqual(["<b>Cats</b>"]);
    const info = await reader.getJson(taxonomyItemHref(subjects, animals), T.itemInfo);
    expect(await readApiJson<ItemJson>(info)).not.toHaveProperty("children");
    const list = await readApiJson<{ data: ItemJson[] }>(
      await reader.getJson(`/fotoweb/api/taxonomies/${subjects}/${animals}/;p=0`, T.itemList),
    );
    expect(list.data).toHaveLength(1);
    const found = await readApiJson<{ data: ItemJson[] }>(
      await reader.getJson(`${taxonomyHref(subjects)}?q=cats`, T.itemList),
    );
    expect(found.data.map((i) => i.id)).toEqual([cats]);
    const page = await readApiJson<{ data: ItemJson[] }>(
      await reader.getJson(`/fotoweb/api/taxonomies/${subjects}/;p=0`, T.itemList),
    );
    expect(page.data.map((i) => i.name)).toContain("Animals");
    await problem(await reader.getJson(`${taxonomyHref(subjects)};p=x`, T.itemList), 400);
  });

  test("another taxonomy's item and unknown items are not found", async () => {
    const oslo = await createItem(places, null, { name: "Oslo" });
    await problem(await reader.getJson(taxonomyItemHref(subjects, oslo.id)), 404);
    await problem(await reader.getJson(taxonomyItemHref(subjects, 999999)), 404);
    await problem(
      await send(admin, "PUT", taxonomyItemHref(subjects, oslo.id), { name: "x" }),
      404,
    );
    await problem(await send(admin, "DELETE", taxonomyItemHref(subjects, oslo.id)), 404);
    await problem(
      await send(admin, "PATCH", taxonomyItemHref(subjects, cats), {
        parent: taxonomyItemHref(places, oslo.id),
      }),
      404,
    );
  });

  test("without edit rights only items with children or Set are shown", async () => {
    const hidden = await createItem(subjects, null, { name: "Internal", acl: ["Navigate"] });
    await problem(await reader.getJson(taxonomyItemHref(subjects, hidden.id)), 404);
    const roots = await readApiJson<{ data: ItemJson[] }>(
      await reader.getJson(taxonomyHref(subjects), T.itemList),
    );
    expect(roots.data.map((i) => i.id)).not.toContain(hidden.id);
    const forAdmin = await readApiJson<{ data: ItemJson[] }>(
      await admin.getJson(taxonomyHref(subjects), T.itemList),
    );
    expect(forAdmin.data.map((i) => i.id)).toContain(hidden.id);
  });

  test("update, move, cyclic and deep moves refused", async () => {
    expect(
      (
        await send(admin, "PUT", taxonomyItemHref(subjects, cats), {
          name: "Cats",
          value: "",
          description: "Felines",
          acl: ["Set", "Query"],
        })
      ).status,
    ).toBe(204);
    const cat = await findTaxonomyItem(subjects, cats);
    expect(cat).toMatchObject({ name: "Cats", value: "Cats", description: "Felines" });
    await problem(await send(admin, "PUT", taxonomyItemHref(subjects, cats), { name: "" }), 400);
    await problem(await send(reader, "PUT", taxonomyItemHref(subjects, cats), { name: "x" }), 403);

    const cyclic = await problem(
      await send(admin, "PATCH", taxonomyItemHref(subjects, animals), {
        parent: taxonomyItemHref(subjects, cats),
      }),
      409,
    );
    expect(cyclic.value).toMatch(/under itself/);
    expect(
      (
        await send(
          admin,
          "POST",
          taxonomyItemHref(subjects, cats),
          { parent: null },
          {
            "x-http-method-override": "MOVE",
          },
        )
      ).status,
    ).toBe(204);
    expect((await findTaxonomyItem(subjects, cats))?.parentId).toBeNull();
    expect(
      (
        await send(admin, "PATCH", taxonomyItemHref(subjects, cats), {
          parent: taxonomyItemHref(subjects, animals),
        })
      ).status,
    ).toBe(204);

    let parent: number | null = null;
    for (let depth = 1; depth < MAX_TAXONOMY_DEPTH; depth++)
      parent = (await createItem(subjects, parent, { name: `Level ${depth}` })).id;
    const deep = await problem(
      await send(admin, "PATCH", taxonomyItemHref(subjects, animals), {
        parent: taxonomyItemHref(subjects, parent!),
      }),
      400,
    );
    expect(deep.value).toMatch(/too deep/);
    await problem(await send(admin, "PATCH", taxonomyItemHref(subjects, cats), {}), 400);
    await problem(
      await send(reader, "PATCH", taxonomyItemHref(subjects, cats), { parent: null }),
      403,
    );
  });

  test("info resolves ids, leaving unknown and hidden ones out", async () => {
    const answer = await send(reader, "POST", "/fotoweb/api/taxonomies/info", [
      String(cats),
      "999999",
      "nonsense",
    ]);
    const items = await readApiJson<ItemJson[]>(answer);
    expect(items.map((i) => i.id)).toEqual([cats]);
    expect(items[0]!.ancestors?.[0]?.name).toBe("Animals");
    await problem(await send(reader, "POST", "/fotoweb/api/taxonomies/info", { ids: 1 }), 400);
  });

  test("an archive's taxonomies; a hidden archive is not found", async () => {
    await db()
      .updateTable("archives")
      .set({
        config: JSON.stringify({
          ...archive.config,
          NavigationPaneControl: {
            ...archive.config.NavigationPaneControl,
            SearchTreeFields: [subjects],
          },
        }),
      })
      .where("id", "=", archive.id)
      .execute();
    const answer = await readApiJson<{ field: number; items: { data: ItemJson[] } }[]>(
      await reader.getJson(`/fotoweb/api/taxonomies/archives/${archive.id}`),
    );
    expect(answer.map((t) => t.field)).toEqual([subjects]);
    expect(answer[0]!.items.data.map((i) => i.name)).toContain("Animals");
    await problem(
      await reader.getJson(`/fotoweb/api/taxonomies/archives/${hiddenArchive.id}`),
      404,
    );
    await problem(await reader.getJson(`/fotoweb/api/taxonomies/archives/99999`), 404);
  });

  test("delete an item with its subtree, then the taxonomy", async () => {
    await problem(await send(reader, "DELETE", taxonomyItemHref(subjects, animals)), 403);
    expect((await send(admin, "DELETE", taxonomyItemHref(subjects, animals))).status).toBe(204);
    expect(await findTaxonomyItem(subjects, cats)).toBeNull();
    await problem(await send(admin, "DELETE", taxonomyItemHref(subjects, animals)), 404);
    await problem(await send(reader, "DELETE", taxonomyHref(places)), 403);
    expect((await send(admin, "DELETE", taxonomyHref(places))).status).toBe(204);
    await problem(await send(admin, "DELETE", taxonomyHref(places)), 404);
  });
});
