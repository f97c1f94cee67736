import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { collectionPage } from "~/models/collection/collection-page.server";
import { searchDocument } from "~/models/search/search-document";
import { createItem, createTaxonomy } from "~/models/taxonomy/taxonomy-write.server";
import { itemBranch } from "~/models/taxonomy/taxonomy.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * Issue 31: a broader taxonomy term narrows the grid (and its JSON twin, the same model) to the
 * assets tagged with it or with any narrower term, on the dialect under test; a narrower term
 * still finds only its own.
 */

let testDb: TestDatabase;
let archive: Archive;
let viewer: Viewer;
const items: Record<string, number> = {};
const tagged: Record<string, number> = {};

async function tag(id: number, keywords: string[]) {
  await db()
    .updateTable("assets")
    .set({
      metadata: JSON.stringify({ 25: keywords }),
      search_doc: searchDocument({
        fileName: "x.jpg",
        title: "",
        description: "",
        tags: keywords,
        notes: "",
        status: "",
        fields: { 25: keywords },
      }),
    })
    .where("id", "=", id)
    .execute();
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  viewer = await createUser({ username: "branch-viewer", password: "branch-viewer-pass-1" });
  archive = await createArchive({
    name: "Branches",
    config: { NavigationPaneControl: { SearchTreeFields: [25] } } as never,
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview"],
        autoSearch: "",
      },
    ],
  });
  await createTaxonomy(25, { pluralName: "Keywords" });
  const add = async (name: string, parent: string | null, value = name) =>
    (items[name] = (
      await createItem(25, parent === null ? null : items[parent]!, { name, value })
    ).id);
  await add("Animals", null);
  await add("Birds", "Animals");
  await add("Gulls", "Birds", "sea gull");
  await add("Cats", "Animals");
  await add("Plants", null);
  const made = await insertReadyAssets(archive.id, 6);
  const names = ["Animals", "Birds", "sea gull", "Cats", "Plants", "untagged"];
  for (const [i, keyword] of names.entries()) {
    tagged[keyword] = made[i]!.id;
    if (keyword !== "untagged") await tag(made[i]!.id, [keyword]);
  }
});

afterAll(async () => {
  await testDb?.destroy();
});

async function gridIds(item: string): Promise<number[]> {
  const page = await collectionPage(
    viewer,
    archive.id,
    new URL(`http://arkiv.test${archive.href}?tx=${items[item]}`),
    60,
  );
  return page.assets.map((a) => a.id).sort((a, b) => a - b);
}

const ids = (...keywords: string[]) => keywords.map((k) => tagged[k]!).sort((a, b) => a - b);

describe("a taxonomy term and its branch", () => {
  test("the branch of an item is the item and every item below it, at any depth", async () => {
    const values = (await itemBranch({ id: items.Animals!, field: 25 })).map((i) => i.value);
    expect(values.sort()).toEqual(["Animals", "Birds", "Cats", "sea gull"]);
    expect((await itemBranch({ id: items.Cats!, field: 25 })).map((i) => i.value)).toEqual([
      "Cats",
    ]);
    // Another field's id finds nothing: an item belongs to one taxonomy.
    expect(await itemBranch({ id: items.Animals!, field: 5 })).toEqual([]);
  });

  test("a broader term finds the assets of its narrower terms too", async () => {
    expect(await gridIds("Animals")).toEqual(ids("Animals", "Birds", "sea gull", "Cats"));
    expect(await gridIds("Birds")).toEqual(ids("Birds", "sea gull"));
  });

  test("a narrower term finds only its own; a sibling branch stays apart", async () => {
    expect(await gridIds("Gulls")).toEqual(ids("sea gull"));
    expect(await gridIds("Cats")).toEqual(ids("Cats"));
    expect(await gridIds("Plants")).toEqual(ids("Plants"));
  });
});
