import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { getJob } from "~/jobs/queue.server";
import { inEnglish } from "../helpers/keyed";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { editAssetMetadata, editorFieldsFor } from "~/models/asset/asset-edit.server";
import { createTask, runTask } from "~/models/background-task/task-engine.server";
import type { FieldEdit } from "~/models/background-task/task.schema";
import { plainChoices, taxonomyEditErrors } from "~/models/taxonomy/taxonomy-fields.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { LINKS, taxonomyHref } from "~/utils/links";
import {
  createTaxonomyFieldsFixture,
  type TaxonomyFieldsFixture,
} from "../../scripts/seeds/taxonomy-fields";
import { insertAsset } from "../helpers/assets";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * Taxonomy-backed fields on the dialect under test (decision 060): the editor model names the
 * terms and offers the selectable ones; a TaxonomyOnly field takes only terms allowing Set (on
 * the asset, and in the metadata-edit task a batch starts), a field without the flag takes free
 * values; a term's value with markup is stored as the text it is.
 */

let testDb: TestDatabase;
let editor: Viewer;
let archive: Archive;
let fx: TaxonomyFieldsFixture;
let asset: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  editor = await createUser({ username: "tagger", password: "tagger-password-1" });
  fx = await createTaxonomyFieldsFixture("Tax test");
  archive = await createArchive({
    name: "Tagged",
    config: { MetadataSetId: fx.viewId },
    members: [{ type: "user", id: editor.id, permissions: ["View", "EditText"], autoSearch: "" }],
  });
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await db().deleteFrom("assets").execute();
  asset = await insertAsset(archive, {
    fileName: "street.jpg",
    metadata: { [fx.subjects]: ["cities"], [fx.place]: "Tromsø" },
  });
});

const set = (field: number, ...value: string[]): FieldEdit => ({ field, action: "set", value });

async function stored(): Promise<Record<string, unknown>> {
  const row = await db()
    .selectFrom("assets")
    .select("metadata")
    .where("id", "=", asset)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.metadata) as Record<string, unknown>;
}

describe("the editor model", () => {
  test("names held values by their terms and offers the tree as a person without edit rights sees it", async () => {
    const { fields } = await editorFieldsFor(editor, [asset]);
    const subjects = fields.find((f) => f.id === fx.subjects)!;
    expect(subjects.taxonomyOnly).toBe(true);
    expect(subjects.taxonomy).toMatchObject({
      only: true,
      href: taxonomyHref(fx.subjects),
      pickerHref: `${LINKS.taxonomyPicker}${fx.subjects}`,
      names: { cities: "Cities" },
      more: false,
    });
    expect(subjects.taxonomy!.choices.map((c) => [c.name, c.depth, c.selectable])).toEqual([
      ["Nature", 0, false],
      ["Animals", 1, true],
      ["Dogs", 2, true],
      ["Cats", 2, true],
      ["Plants", 1, true],
      ["Cities", 0, true],
      // "Retired term" has neither Set nor children: not shown (spec 002 §6).
      ["<b>Bold</b> & co", 0, true],
    ]);
    const place = fields.find((f) => f.id === fx.place)!;
    expect(place.taxonomy).toMatchObject({ only: false, names: {} });
    expect(fields.find((f) => f.id === 5)!.taxonomy).toBeUndefined();
  });

  test("a capped list says there is more", async () => {
    const capped = await plainChoices(fx.subjects, 3);
    expect(capped.choices).toHaveLength(3);
    expect(capped.more).toBe(true);
  });
});

describe("editing a taxonomy field", () => {
  test("terms allowing Set are stored, a markup value as the text it is", async () => {
    const result = await editAssetMetadata(editor, asset, [
      set(fx.subjects, "dogs", "<b>bold</b>"),
      set(fx.mood, "calm"),
    ]);
    expect(result).toMatchObject({ ok: true, revision: 2 });
    expect(await stored()).toMatchObject({
      [fx.subjects]: ["dogs", "<b>bold</b>"],
      [fx.mood]: "calm",
    });
  });

  test("a value that is no term of a TaxonomyOnly field is refused by its field, nothing stored", async () => {
    const before = await stored();
    const result = await editAssetMetadata(editor, asset, [
      set(5, "A title that must not be kept"),
      set(fx.subjects, "dogs", "unicorns"),
    ]);
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : result.errors;
    expect(Object.keys(errors)).toEqual([String(fx.subjects)]);
    expect(inEnglish(errors[String(fx.subjects)]!)).toContain(
      "“unicorns” is not a term of the Tax test subjects",
    );
    expect(await stored()).toEqual(before);
  });

  test("a heading without Set and a hidden term without Set are refused", async () => {
    for (const value of ["nature", "retired"]) {
      const result = await editAssetMetadata(editor, asset, [
        { field: fx.subjects, action: "add", value: [value] },
      ]);
      expect(result.ok, value).toBe(false);
      const message = result.ok ? "" : result.errors[String(fx.subjects)]!;
      expect(inEnglish(message), value).toContain("cannot be chosen");
    }
    const single = await editAssetMetadata(editor, asset, [set(fx.mood, "gloomy")]);
    expect(single).toMatchObject({ ok: false, errors: { [fx.mood]: expect.any(String) } });
    expect(await stored()).toEqual({ [fx.subjects]: ["cities"], [fx.place]: "Tromsø" });
  });

  test("a field without TaxonomyOnly takes free values; removing and emptying are never refused", async () => {
    expect(await editAssetMetadata(editor, asset, [set(fx.place, "Hammerfest")])).toMatchObject({
      ok: true,
    });
    await db()
      .updateTable("assets")
      .set({ metadata: JSON.stringify({ [fx.subjects]: ["legacy", "dogs"] }) })
      .where("id", "=", asset)
      .execute();
    expect(
      await editAssetMetadata(editor, asset, [
        { field: fx.subjects, action: "remove", value: ["legacy"] },
        { field: fx.mood, action: "erase", value: [] },
      ]),
    ).toMatchObject({ ok: true });
    expect((await stored())[fx.subjects]).toEqual(["dogs"]);
  });

  test("the rule answers by field for every field at once", async () => {
    const fields = new Map(
      (await editorFieldsFor(editor, [asset])).fields.map((f) => [f.id, f] as const),
    );
    const errors = await taxonomyEditErrors(fields, [
      set(fx.subjects, "nope"),
      set(fx.mood, "sad"),
      set(fx.place, "anything"),
    ]);
    expect(Object.keys(errors).sort()).toEqual([String(fx.subjects)]);
    const moodErrors = await taxonomyEditErrors(fields, [set(fx.mood, "nope")]);
    expect(Object.keys(moodErrors)).toEqual([String(fx.mood)]);
  });
});

describe("the metadata-edit task (the batch panel's)", () => {
  test("an item whose value is no term fails; a term is added", async () => {
    const run = async (value: string) => {
      const { jobId } = await createTask(
        editor,
        "metadata-edit",
        [{ href: `asset-${asset}`, assetId: asset }],
        { changes: [{ field: fx.subjects, action: "add", value: [value] }] },
      );
      await runTask((await getJob(jobId))!, {
        progress: async () => {},
        signal: new AbortController().signal,
      });
      return db()
        .selectFrom("task_items")
        .select(["status", "result"])
        .where("job_id", "=", jobId)
        .executeTakeFirstOrThrow();
    };
    const refused = await run("plants-and-more");
    expect(refused.status).toBe("failed");
    // Stored keyed, one sentence naming the field, read in its reader's language.
    const item = JSON.parse(refused.result!) as { error: string };
    expect(inEnglish(item.error)).toMatch(/^.+: “plants-and-more” is not a term of the /);
    expect((await stored())[fx.subjects]).toEqual(["cities"]);
    expect((await run("plants")).status).toBe("done");
    expect((await stored())[fx.subjects]).toEqual(["cities", "plants"]);
  });
});
