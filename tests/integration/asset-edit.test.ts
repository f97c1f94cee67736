import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { inEnglish } from "../helpers/keyed";
import { ASSET_NOT_FOUND } from "~/models/access/access.server";
import { db } from "~/db/connection.server";
import { GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { editAssetMetadata, editorFieldsFor } from "~/models/asset/asset-edit.server";
import { metadataEdit } from "~/models/background-task/operations/metadata-edit.server";
import type {
  FieldEdit,
  ItemContext,
  ItemOutcome,
  MetadataEditParams,
} from "~/models/background-task/task.schema";
import { getJob } from "~/jobs/queue.server";
import { assetHref } from "~/models/asset/asset.server";
import { createTask, runTask } from "~/models/background-task/task-engine.server";
import { createField, createView } from "~/models/metadata/metadata.server";
import { fieldInputSchema, viewInputSchema } from "~/models/metadata/metadata.schema";
import { Problem } from "~/models/problem/problem";
import { listAssets, parseQueries } from "~/models/search/search.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/*
 * Editing metadata on the dialect under test (decision 045): one asset now (a revision, the
 * search document in the same transaction, rights as reads have them) and the metadata-edit
 * task's item step with a stand-in for the engine's commit.
 */

let testDb: TestDatabase;
let owner: Viewer;
let editor: Viewer;
let reader: Viewer;
let portraitEditor: Viewer;
let guest: Viewer;
let photos: Archive;
let secret: Archive;
let coded: Archive;
let codeField: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const ownerRow = await db()
    .selectFrom("users")
    .select("id")
    .where("username", "=", TEST_ADMIN.username)
    .executeTakeFirstOrThrow();
  owner = (await findUserById(ownerRow.id))!;
  const user = (name: string) =>
    createUser({ username: name, password: `${name}-password-1`, fullName: name });
  editor = await user("editor");
  reader = await user("reader");
  portraitEditor = await user("portraits");
  guest = (await findUserById(GUEST_USER_ID))!;
  photos = await createArchive({
    name: "Edit photos",
    members: [
      { type: "user", id: editor.id, permissions: ["View", "EditText"], autoSearch: "" },
      {
        type: "user",
        id: portraitEditor.id,
        permissions: ["View", "EditText"],
        autoSearch: "o:portrait",
      },
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  secret = await createArchive({ name: "Edit secret", members: [] });
  const code = await createField(
    owner,
    fieldInputSchema.parse({
      GuiLabel: "Job code",
      Validation: { Regexp: "[A-Z]{3}-\\d+", HelpText: "A code like ABC-123" },
      MaxSize: 20,
    }),
  );
  codeField = code.Id;
  const entry = (Field: number, more = {}) => ({ Field, IsWritable: true, ...more });
  const view = await createView(
    owner,
    viewInputSchema.parse({
      Name: "Coded",
      BuiltinFields: { Title: entry(5), Description: entry(120), Tags: entry(25) },
      DetailRegions: [
        { Name: "Work", Fields: [entry(codeField), entry(90, { IsWritable: false })] },
      ],
    }),
  );
  if (!view.ok) throw new Error(JSON.stringify(view.fieldErrors));
  coded = await createArchive({
    name: "Edit coded",
    config: { MetadataSetId: view.view.Id },
    members: [{ type: "user", id: editor.id, permissions: ["View", "EditText"], autoSearch: "" }],
  });
});

afterAll(async () => {
  await testDb?.destroy();
});

let landscape: number;
let portrait: number;
let hidden: number;
let codedAsset: number;

beforeEach(async () => {
  await db().deleteFrom("assets").execute();
  landscape = await insertAsset(photos, {
    fileName: "harbour.jpg",
    title: "Harbour",
    metadata: { 5: "Harbour", 25: ["boat", "sea"] },
  });
  portrait = await insertAsset(photos, {
    fileName: "tower.jpg",
    width: 200,
    height: 300,
    metadata: { 25: ["sky"] },
  });
  hidden = await insertAsset(secret, { fileName: "hidden.jpg" });
  codedAsset = await insertAsset(coded, { fileName: "coded.jpg", metadata: { 90: "Oslo" } });
  // As ingest leaves them: the first revision carries the asset's metadata.
  for (const id of [landscape, portrait, hidden, codedAsset]) {
    const { metadata } = await assetRow(id);
    await db().updateTable("revisions").set({ metadata }).where("asset_id", "=", id).execute();
  }
});

const set = (field: number, ...value: string[]): FieldEdit => ({ field, action: "set", value });

const revisions = (assetId: number) =>
  db()
    .selectFrom("revisions")
    .selectAll()
    .where("asset_id", "=", assetId)
    .orderBy("number")
    .execute();

const assetRow = (assetId: number) =>
  db().selectFrom("assets").selectAll().where("id", "=", assetId).executeTakeFirstOrThrow();

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Problem);
  return (error as Problem).kind;
}

describe("editAssetMetadata", () => {
  test("a caption edit makes an edit revision and search finds the new word at once", async () => {
    const result = await editAssetMetadata(editor, landscape, [
      set(120, "Fishing boats at dawn, zanzibarine light"),
    ]);
    expect(result).toEqual({
      ok: true,
      revision: 2,
      changedFields: [{ field: 120, value: "Fishing boats at dawn, zanzibarine light" }],
    });
    const [, second] = await revisions(landscape);
    expect(second).toMatchObject({ number: 2, kind: "edit", created_by: editor.id });
    expect(JSON.parse(second!.metadata)).toMatchObject({
      120: "Fishing boats at dawn, zanzibarine light",
    });
    const row = await assetRow(landscape);
    expect(row.current_revision).toBe(2);
    expect(row.description).toBe("Fishing boats at dawn, zanzibarine light");
    const found = await listAssets({
      viewer: editor,
      search: parseQueries(["zanzibarine"]),
      sort: { key: "added", descending: true },
      page: { from: "first" },
      limit: 10,
    });
    expect(found.assets.map((a) => a.id)).toEqual([landscape]);
  });

  test("the same values again make no revision", async () => {
    const result = await editAssetMetadata(editor, landscape, [set(5, " Harbour ")]);
    expect(result).toEqual({ ok: true, revision: 1, changedFields: [] });
    expect(await revisions(landscape)).toHaveLength(1);
  });

  test("a value failing its rule is refused with the help text and nothing is written", async () => {
    const before = await assetRow(codedAsset);
    const result = await editAssetMetadata(editor, codedAsset, [
      set(5, "A new title"),
      set(codeField, "abc"),
    ]);
    expect(result).toEqual({ ok: false, errors: { [codeField]: "A code like ABC-123" } });
    expect(await assetRow(codedAsset)).toEqual(before);
    expect(await revisions(codedAsset)).toHaveLength(1);
    expect(await editAssetMetadata(editor, codedAsset, [set(codeField, "ABC-42")])).toMatchObject({
      ok: true,
      revision: 2,
    });
  });

  test("read-only fields and fields outside the view are refused, never written", async () => {
    const readOnly = await editAssetMetadata(editor, codedAsset, [set(90, "Bergen")]);
    expect(readOnly.ok).toBe(false);
    expect(readOnly.ok ? null : inEnglish(readOnly.errors["90"]!)).toBe("City cannot be changed");
    const outside = await editAssetMetadata(editor, codedAsset, [set(116, "(c) me")]);
    expect(outside.ok).toBe(false);
    expect(JSON.parse((await assetRow(codedAsset)).metadata)).toEqual({ 90: "Oslo" });
  });

  test("EditText is needed; member filters count; other archives and guests answer not-found", async () => {
    expect(await refusal(editAssetMetadata(reader, landscape, [set(5, "x")]))).toBe("forbidden");
    expect(await refusal(editAssetMetadata(portraitEditor, landscape, [set(5, "x")]))).toBe(
      "forbidden",
    );
    expect(await editAssetMetadata(portraitEditor, portrait, [set(5, "Tower")])).toMatchObject({
      ok: true,
    });
    expect(await refusal(editAssetMetadata(editor, hidden, [set(5, "x")]))).toBe("not-found");
    expect(await refusal(editAssetMetadata(editor, 99_999_999, [set(5, "x")]))).toBe("not-found");
    expect(await refusal(editAssetMetadata(guest, landscape, [set(5, "x")]))).not.toBeNull();
    expect((await assetRow(landscape)).title).toBe("Harbour");
    expect(await revisions(landscape)).toHaveLength(1);
  });
});

describe("editorFieldsFor", () => {
  test("one asset: its view's fields with its values", async () => {
    const { fields, editable, refused } = await editorFieldsFor(editor, [codedAsset]);
    expect(editable).toEqual([codedAsset]);
    expect(refused).toEqual([]);
    // The builtin roles first (status, rating and notes are always there), then the regions.
    expect(fields.map((f) => f.id)).toEqual([5, 120, 25, 250, 251, 230, codeField, 90]);
    const city = fields.find((f) => f.id === 90)!;
    expect(city).toMatchObject({ readonly: true, values: [{ value: "Oslo", notInAll: false }] });
    expect(fields.find((f) => f.id === codeField)!.validation).toEqual({
      regexp: "[A-Z]{3}-\\d+",
      helpText: "A code like ABC-123",
    });
  });

  test("a selection: notInAll for a bag, mixed for a single value, refused ones named", async () => {
    const { fields, editable, refused } = await editorFieldsFor(editor, [
      landscape,
      portrait,
      hidden,
    ]);
    expect(editable.sort()).toEqual([landscape, portrait].sort());
    expect(refused).toEqual([hidden]);
    const tags = fields.find((f) => f.id === 25)!;
    expect(tags.values).toEqual([
      { value: "boat", notInAll: true },
      { value: "sea", notInAll: true },
      { value: "sky", notInAll: true },
    ]);
    expect(fields.find((f) => f.id === 5)!.mixed).toBe(true);
  });

  test("a reader sees the fields read-only; an invisible asset is not found", async () => {
    const { fields, editable } = await editorFieldsFor(reader, [landscape]);
    expect(editable).toEqual([]);
    expect(fields.every((f) => f.readonly)).toBe(true);
    expect(await refusal(editorFieldsFor(editor, [hidden]))).toBe("not-found");
  });
});

/* ---------- the task's item step, with a stand-in for the engine's commit ---------- */

let jobSeq = 1000;

function itemContext(
  viewer: Viewer,
  assetId: number | null,
  changes: FieldEdit[],
  jobId = ++jobSeq,
): ItemContext<MetadataEditParams> {
  return {
    jobId,
    seq: 0,
    href: `asset:${assetId ?? "nothing"}`,
    assetId,
    params: { changes },
    itemParams: null,
    viewer,
    signal: new AbortController().signal,
    commit: (write: Parameters<ItemContext<unknown>["commit"]>[0]): Promise<ItemOutcome> =>
      db().transaction().execute(write),
  };
}

describe("the metadata-edit operation", () => {
  test("adds and removes tags across mixed values, reporting each asset's changes", async () => {
    const changes: FieldEdit[] = [
      { field: 25, action: "add", value: ["coast"] },
      { field: 25, action: "remove", value: ["sea"] },
    ];
    const one = await metadataEdit.apply(itemContext(editor, landscape, changes));
    const two = await metadataEdit.apply(itemContext(editor, portrait, changes));
    expect(one).toMatchObject({
      status: "done",
      beforeRevision: 1,
      afterRevision: 2,
      result: {
        done: true,
        "changed-fields": [{ field: 25, value: "boat, coast" }],
        "changed-builtinFields": [{ field: "tags", value: "boat, coast" }],
      },
    });
    expect(two.result["changed-fields"]).toEqual([{ field: 25, value: "sky, coast" }]);
    expect(JSON.parse((await assetRow(portrait)).tags)).toEqual(["sky", "coast"]);
    const [, edit] = await revisions(landscape);
    expect(edit).toMatchObject({ kind: "edit", job_id: jobSeq - 1 });
  });

  test("nothing to change: done, no revision", async () => {
    const outcome = await metadataEdit.apply(
      itemContext(editor, landscape, [{ field: 25, action: "add", value: ["boat"] }]),
    );
    expect(outcome).toMatchObject({ status: "done", beforeRevision: 1, afterRevision: 1 });
    expect(outcome.result["changed-fields"]).toEqual([]);
    expect(await revisions(landscape)).toHaveLength(1);
  });

  test("refused, invisible and deleted assets fail with their reason; the next one goes on", async () => {
    const changes = [set(5, "New")];
    const refused = await metadataEdit.apply(itemContext(reader, landscape, changes));
    expect(refused.status).toBe("failed");
    expect(inEnglish(refused.result.error!)).toContain(`asset:${landscape}`);
    expect(inEnglish(refused.result.error!)).toContain("permission to edit");
    const invisible = await metadataEdit.apply(itemContext(editor, hidden, changes));
    expect(inEnglish(invisible.result.error!)).toBe("There is no asset at this address.");
    await db().deleteFrom("assets").where("id", "=", portrait).execute();
    const deleted = await metadataEdit.apply(itemContext(editor, portrait, changes));
    expect(deleted).toMatchObject({
      status: "failed",
      result: { error: ASSET_NOT_FOUND },
    });
    expect((await metadataEdit.apply(itemContext(editor, landscape, changes))).status).toBe("done");
  });

  test("a failing value fails the item with the help text; nothing is written", async () => {
    const outcome = await metadataEdit.apply(
      itemContext(editor, codedAsset, [set(codeField, "no")]),
    );
    expect(outcome.status).toBe("failed");
    expect(inEnglish(outcome.result?.error ?? "")).toBe("Job code: A code like ABC-123");
    expect(await revisions(codedAsset)).toHaveLength(1);
  });

  test("undo returns to the revision from before, unless the asset changed since", async () => {
    const ctx = itemContext(editor, landscape, [set(5, "Renamed")]);
    const done = await metadataEdit.apply(ctx);
    const item = {
      seq: 0,
      href: ctx.href,
      assetId: landscape,
      status: "done" as const,
      beforeRevision: done.beforeRevision ?? null,
      afterRevision: done.afterRevision ?? null,
      resultAssetId: null,
      result: done.result,
    };
    const undone = await metadataEdit.undo!(itemContext(editor, landscape, []), item);
    expect(undone).toMatchObject({
      status: "done",
      beforeRevision: 2,
      afterRevision: 3,
      result: { "changed-fields": [{ field: 5, value: "Harbour" }] },
    });
    const row = await assetRow(landscape);
    expect(row.title).toBe("Harbour");
    expect((await revisions(landscape)).map((r) => r.kind)).toEqual(["upload", "edit", "rollback"]);

    const again = await metadataEdit.apply(itemContext(editor, portrait, [set(5, "A")]));
    await editAssetMetadata(editor, portrait, [set(5, "B")]);
    const late = await metadataEdit.undo!(itemContext(editor, portrait, []), {
      ...item,
      assetId: portrait,
      beforeRevision: again.beforeRevision ?? null,
      afterRevision: again.afterRevision ?? null,
    });
    expect(late).toMatchObject({ status: "failed" });
    expect(inEnglish(late.result?.error ?? "")).toBe("Changed since the task; not undone.");
    expect((await assetRow(portrait)).title).toBe("B");
  });
});

/* ---------- through the real engine: a selection, then its undo ---------- */

describe("a metadata-edit task through the engine", () => {
  const run = async (jobId: number) => {
    const job = (await getJob(jobId))!;
    await runTask(job, { progress: async () => {}, signal: new AbortController().signal });
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
  };
  const items = async (jobId: number) =>
    db().selectFrom("task_items").selectAll().where("job_id", "=", jobId).orderBy("seq").execute();

  test("keywords added and removed across mixed values, refused ones named; undo restores each", async () => {
    const hrefOf = async (id: number) => {
      const row = await assetRow(id);
      const archive = row.archive_id === photos.id ? photos : secret;
      return assetHref(archive.id, archive.name, { id, fileName: row.file_name });
    };
    const selection = [landscape, portrait, hidden];
    const { jobId } = await createTask(
      portraitEditor,
      "metadata-edit",
      await Promise.all(selection.map(async (id) => ({ href: await hrefOf(id), assetId: id }))),
      {
        changes: [
          { field: 25, action: "add", value: ["coast"] },
          { field: 25, action: "remove", value: ["sky"] },
        ],
      },
    );
    await run(jobId);
    const [first, second, third] = await items(jobId);
    // The portrait editor may edit portraits only: the landscape is refused and named.
    expect(first).toMatchObject({ status: "failed" });
    expect(inEnglish(first!.error!)).toContain("permission to edit");
    expect(second).toMatchObject({ status: "done", before_revision: 1, after_revision: 2 });
    expect(JSON.parse(second!.result!)).toMatchObject({
      "changed-fields": [{ field: 25, value: "coast" }],
    });
    expect(third).toMatchObject({ status: "failed", error: ASSET_NOT_FOUND });
    expect(JSON.parse((await assetRow(portrait)).tags)).toEqual(["coast"]);
    expect(JSON.parse((await assetRow(landscape)).metadata)[25]).toEqual(["boat", "sea"]);
    expect(await revisions(landscape)).toHaveLength(1);

    const undo = await createTask(portraitEditor, "undo", [], { jobId });
    await run(undo.jobId);
    expect(await items(undo.jobId)).toMatchObject([{ status: "done", after_revision: 3 }]);
    const restored = await assetRow(portrait);
    expect(JSON.parse(restored.tags)).toEqual(["sky"]);
    expect(JSON.parse(restored.metadata)).toEqual({ 25: ["sky"] });
    expect((await revisions(portrait)).map((r) => [r.kind, r.job_id])).toEqual([
      ["upload", null],
      ["edit", jobId],
      ["rollback", undo.jobId],
    ]);
  });
});
