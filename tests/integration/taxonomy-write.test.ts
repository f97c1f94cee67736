import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { isProblem, type Problem } from "~/models/problem/problem";
import {
  createItem,
  createTaxonomy,
  deleteItem,
  deleteTaxonomy,
  moveItem,
  updateItem,
  updateTaxonomy,
} from "~/models/taxonomy/taxonomy-write.server";
import {
  findTaxonomy,
  findTaxonomyItem,
  MAX_TAXONOMY_DEPTH,
  taxonomyItems,
} from "~/models/taxonomy/taxonomy.server";
import { deleteField } from "~/models/metadata/metadata.server";
import { createUser } from "~/models/user/user.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { inEnglish } from "../helpers/keyed";

/*
 * Writing taxonomies (decision 059) on the dialect under test: creation rules, item validation
 * (name and value required after trimming, value from the name, markup kept as text, custom
 * search parsed), subtree delete, and moves that refuse cycles and depth.
 */

let testDb: TestDatabase;
let textField: number;
let otherField: number;
let dateField: number;

async function field(label: string, dataType = "text"): Promise<number> {
  const at = now();
  const row = await db()
    .insertInto("metadata_fields")
    .values({ label, data_type: dataType, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A text field with a taxonomy of its own, so a group of tests needs no other test's taxonomy. */
async function taxonomyField(label: string): Promise<number> {
  const id = await field(label);
  await createTaxonomy(id, { pluralName: label });
  return id;
}

async function refusal(promise: Promise<unknown>): Promise<Problem> {
  try {
    await promise;
  } catch (error) {
    if (isProblem(error)) return error;
    throw error;
  }
  throw new Error("expected a Problem");
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  textField = await field("Subjects");
  otherField = await field("Places");
  dateField = await field("Shot on", "date");
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("taxonomies", () => {
  test("one per text field, built-in or custom", async () => {
    const taxonomy = await createTaxonomy(textField, { pluralName: " Subjects ", name: "Subject" });
    expect(taxonomy).toMatchObject({
      field: textField,
      pluralName: "Subjects",
      hasChildren: false,
    });
    expect((await refusal(createTaxonomy(textField, { pluralName: "Again" }))).kind).toBe(
      "conflict",
    );
    expect((await refusal(createTaxonomy(dateField, { pluralName: "Dates" }))).kind).toBe(
      "invalid",
    );
    // The built-in Keywords field is the usual home of a keyword taxonomy.
    const keywords = await createTaxonomy(25, { pluralName: "Keywords" });
    expect(keywords).toMatchObject({ field: 25, pluralName: "Keywords" });
    await createItem(25, null, { name: "Harbour" });
    expect((await taxonomyItems(25, null, { canEdit: true })).items[0]?.value).toBe("Harbour");
    await deleteTaxonomy(25);
    expect((await refusal(createTaxonomy(99_999, { pluralName: "None" }))).kind).toBe("not-found");
    expect((await refusal(createTaxonomy(otherField, { pluralName: "  " }))).kind).toBe("invalid");
    await createTaxonomy(otherField, { pluralName: "Places" });
    const updated = await updateTaxonomy(otherField, { pluralName: "Locations", description: "d" });
    expect(updated).toMatchObject({ pluralName: "Locations", description: "d" });
  });
  test("deleting a custom field deletes its taxonomy and items with it", async () => {
    const doomed = await field("Doomed");
    await createTaxonomy(doomed, { pluralName: "Doomed" });
    const item = await createItem(doomed, null, { name: "Gone" });
    const owner = await createUser({
      username: "taxonomy-field-owner",
      password: "owner-password-1",
      fullName: "Owner",
      isSiteOwner: true,
    });
    await deleteField(owner, String(doomed));
    expect(await findTaxonomy(doomed)).toBeNull();
    expect(await findTaxonomyItem(doomed, item.id)).toBeNull();
  });
});

describe("items", () => {
  let subjects: number;
  let places: number;
  beforeAll(async () => {
    subjects = await taxonomyField("Item subjects");
    places = await taxonomyField("Item places");
  });

  test("name and value required after trimming; value follows the name without < >", async () => {
    const item = await createItem(subjects, null, { name: "  <b>Cats</b> " });
    expect(item).toMatchObject({ name: "<b>Cats</b>", value: "bCats/b", parentId: null });
    expect(item.acl).toEqual(["Navigate", "Query", "Set"]);
    const empty = await refusal(createItem(subjects, null, { name: "   " }));
    expect(empty.kind).toBe("invalid");
    expect(inEnglish(empty.message)).toBe("Give the item a name.");
    const noValue = await refusal(createItem(subjects, null, { name: "<>" }));
    expect(inEnglish(noValue.message)).toBe("Give the item a value.");
    const markup = await createItem(subjects, null, {
      name: "Dogs",
      value: "<script>alert(1)</script>",
    });
    expect(markup.value).toBe("<script>alert(1)</script>");
  });

  test("a custom search must parse", async () => {
    const bad = await refusal(
      createItem(subjects, null, { name: "Bad", customSearch: "5:(a OR b" }),
    );
    expect(bad.kind).toBe("invalid");
    // The search's own message is read inside it, in English too.
    expect(inEnglish(bad.message)).toMatch(/^InvalidSearchExpression: [A-Z][^@]+$/);
    expect(bad.details.heading).toBe("InvalidSearchExpression");
    const good = await createItem(subjects, null, { name: "Recent", customSearch: "mt:2024" });
    expect(good.customSearch).toBe("mt:2024");
  });

  test("update keeps what is left out; delete takes the subtree", async () => {
    const parent = await createItem(subjects, null, { name: "Animals", acl: ["Navigate"] });
    const child = await createItem(subjects, parent.id, { name: "Horse" });
    await createItem(subjects, child.id, { name: "Pony" });
    const changed = await updateItem(subjects, child.id, { description: "Equine" });
    expect(changed).toMatchObject({ name: "Horse", value: "Horse", description: "Equine" });
    const renamed = await updateItem(subjects, child.id, { name: "Horses", value: "" });
    expect(renamed.value).toBe("Horses");
    expect((await refusal(updateItem(places, child.id, { name: "x" }))).kind).toBe("not-found");
    expect(await deleteItem(subjects, parent.id)).toBe(3);
    expect(await findTaxonomyItem(subjects, child.id)).toBeNull();
  });

  test("another taxonomy's parent is not found", async () => {
    const place = await createItem(places, null, { name: "Oslo" });
    expect((await refusal(createItem(subjects, place.id, { name: "x" }))).kind).toBe("not-found");
  });
});

describe("moves", () => {
  let subjects: number;
  let places: number;
  beforeAll(async () => {
    subjects = await taxonomyField("Move subjects");
    places = await taxonomyField("Move places");
  });

  test("reorders, reparents, refuses cycles and depth", async () => {
    const a = await createItem(subjects, null, { name: "A" });
    const b = await createItem(subjects, null, { name: "B" });
    const c = await createItem(subjects, a.id, { name: "C" });
    await moveItem(subjects, b.id, null, { before: a.id });
    const roots = (await taxonomyItems(subjects, null, { canEdit: true })).items.map((i) => i.name);
    expect(roots.indexOf("B")).toBeLessThan(roots.indexOf("A"));
    await moveItem(subjects, b.id, c.id);
    expect((await findTaxonomyItem(subjects, b.id))?.parentId).toBe(c.id);
    const cyclic = await refusal(moveItem(subjects, a.id, b.id));
    expect(cyclic.kind).toBe("conflict");
    expect((await refusal(moveItem(subjects, a.id, a.id))).kind).toBe("conflict");

    let parent: number | null = null;
    const chain: number[] = [];
    for (let depth = 1; depth <= MAX_TAXONOMY_DEPTH; depth++) {
      const item = await createItem(subjects, parent, { name: `L${depth}` });
      chain.push(item.id);
      parent = item.id;
    }
    expect((await refusal(createItem(subjects, parent, { name: "too deep" }))).kind).toBe(
      "invalid",
    );
    // a (with c and b under it: three levels) under the 10th level would make 13.
    const deep = await refusal(moveItem(subjects, a.id, chain[9]!));
    expect(deep.kind).toBe("invalid");
    expect(deep.details.code).toBe("tooDeep");
    expect((await findTaxonomyItem(subjects, a.id))?.parentId).toBeNull();
  });

  test("deleting a taxonomy removes its items", async () => {
    const item = await createItem(places, null, { name: "Bergen" });
    await deleteTaxonomy(places);
    expect(await findTaxonomy(places)).toBeNull();
    expect(await findTaxonomyItem(places, item.id)).toBeNull();
  });
});
