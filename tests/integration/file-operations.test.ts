import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { getJob } from "~/jobs/queue.server";
import { ARCHIVE_NOT_FOUND, ASSET_NOT_FOUND } from "~/models/access/access.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { moveAssetsToTrash, emptyTrash } from "~/models/archive/archive-trash.server";
import { assetHref } from "~/models/asset/asset.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import {
  INTO_PATH_ARCHIVE,
  SAME_PLACE,
} from "~/models/background-task/operations/copy-move.server";
import { CHANGED_SINCE, PATH_ARCHIVE_FILES } from "~/models/background-task/operations/item.server";
import { renamedTo } from "~/models/background-task/operations/rename.server";
import { ONLY_IMAGES } from "~/models/background-task/operations/rotate.server";
import { taskOperations } from "~/models/background-task/operations.server";
import {
  createTask,
  itemContext,
  runTask,
  type TaskItemInput,
} from "~/models/background-task/task-engine.server";
import type {
  ItemOutcome,
  TaskItemResult,
  TaskOperationName,
} from "~/models/background-task/task.schema";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { FIELD } from "~/models/metadata/metadata-fields";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { blobStore } from "~/storage/blob-store.server";
import { resetEnvCache } from "~/utils/env.server";
import { insertAsset } from "../helpers/assets";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/*
 * The file operations of background tasks (decision 048) through the task engine, on the dialect
 * under test: rename, duplicate and copy revision, copy and move to another archive, delete to
 * the trash can and rotate, each with its undo; rights at the source and the destination, hostile
 * names, assets deleted meanwhile, and an item applied twice (a resumed job) changing nothing.
 */

let testDb: TestDatabase;
let work: string;
let owner: Viewer;
let editor: Viewer;
let reader: Viewer;
const archives = {} as Record<"source" | "target" | "viewOnly" | "hidden" | "path", Archive>;

const ALL: ArchivePermission[] = [
  "View",
  "Preview",
  "EditText",
  "Rename",
  "DuplicateFile",
  "Delete",
  "CropRotate",
  "CopyFrom",
  "MoveFrom",
  "CopyTo",
  "MoveTo",
];

const member = (user: Viewer, permissions: ArchivePermission[]) => ({
  type: "user" as const,
  id: user.id,
  permissions,
  autoSearch: "",
});

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-file-ops-"));
  process.env.DATA_DIR = path.join(work, "data");
  process.env.ARCHIVE_ROOTS = path.join(work, "roots");
  fs.mkdirSync(path.join(work, "roots", "indexed"), { recursive: true });
  resetEnvCache();
  testDb = await createTestDatabase();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  editor = await createUser({ username: "fileops-editor", password: "fileops-editor-pass" });
  reader = await createUser({ username: "fileops-reader", password: "fileops-reader-pass" });
  archives.source = await createArchive({
    name: "Ops source",
    members: [member(editor, ALL), member(reader, ["View", "Preview"])],
  });
  archives.target = await createArchive({
    name: "Ops target",
    members: [member(editor, ["View", "CopyTo", "MoveTo"])],
    config: {
      MetadataMacros: {
        Macros: [
          { Field: FIELD.keywords, Operation: 0, Value: "copied", IngestionTypes: 4 },
          { Field: FIELD.keywords, Operation: 0, Value: "moved", IngestionTypes: 2 },
        ],
      },
    },
  });
  archives.viewOnly = await createArchive({
    name: "Ops view only",
    members: [member(editor, ["View", "Preview"])],
  });
  archives.hidden = await createArchive({ name: "Ops hidden", members: [] });
  archives.path = await createArchive({
    name: "Ops indexed",
    members: [member(editor, ALL)],
    config: { Path: path.join(work, "roots", "indexed") },
  });
}, 60_000);

afterAll(async () => {
  await testDb?.destroy();
  fs.rmSync(work, { recursive: true, force: true });
  delete process.env.ARCHIVE_ROOTS;
  resetEnvCache();
});

let counter = 0;

async function asset(archive: Archive, fileName?: string, metadata?: Record<string, string[]>) {
  const name = fileName ?? `photo-${++counter}.jpg`;
  const id = await insertAsset(archive, { fileName: name, metadata });
  return { id, href: assetHref(archive.id, archive.name, { id, fileName: name }) };
}

const row = (id: number) =>
  db().selectFrom("assets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const revisionsOf = (id: number) =>
  db().selectFrom("revisions").selectAll().where("asset_id", "=", id).orderBy("number").execute();

async function results(jobId: number) {
  const rows = await db()
    .selectFrom("task_items")
    .selectAll()
    .where("job_id", "=", jobId)
    .orderBy("seq")
    .execute();
  return rows.map((r) => ({
    status: r.status,
    result: JSON.parse(r.result ?? "null") as TaskItemResult,
    after: r.after_revision,
    made: r.result_asset_id,
  }));
}

/** Starts a task and runs it to the end, as the queue's worker would. */
async function task(
  viewer: Viewer,
  operation: TaskOperationName,
  items: TaskItemInput[],
  params: unknown = {},
) {
  const { jobId } = await createTask(viewer, operation, items, params);
  const job = await getJob(jobId);
  await runTask(job!, { progress: async () => {}, signal: new AbortController().signal });
  // What the worker does when the job's handler returns: an undo waits for it.
  await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
  return { jobId, results: await results(jobId) };
}

const undo = (viewer: Viewer, jobId: number) => task(viewer, "undo", [], { jobId });

const item = (a: { id: number; href: string }, extra: Partial<TaskItemInput> = {}) => ({
  href: a.href,
  assetId: a.id,
  ...extra,
});

describe("rename", () => {
  test("the rules of a new name, each refusal naming its rule", () => {
    expect(renamedTo("a.jpg", "  Fjord  ")).toEqual({ name: "Fjord.jpg" });
    expect(renamedTo("a.jpg", "Fjord.JPG")).toEqual({ name: "Fjord.JPG" });
    expect(renamedTo("a.jpg", "Report v2.1")).toEqual({ name: "Report v2.1.jpg" });
    expect(renamedTo("README", "notes.txt")).toEqual({ name: "notes.txt" });
    for (const bad of ["a*b", "a|b", "a\\b", "a/b", 'a"b', "a:b", "a?b", "a<b", "a>b"])
      expect(renamedTo("a.jpg", bad)).toEqual({ error: expect.stringContaining("* | \\ / ") });
    expect(renamedTo("a.jpg", "line\nbreak")).toEqual({
      error: expect.stringContaining("control characters"),
    });
    expect(renamedTo("a.jpg", "tab\there")).toEqual({
      error: expect.stringContaining("control characters"),
    });
    expect(renamedTo("a.jpg", "   ")).toEqual({ error: "The new name is empty." });
    expect(renamedTo("a.jpg", "..")).toEqual({ error: expect.stringContaining('".."') });
    expect(renamedTo("a.jpg", "a.png")).toEqual({
      error: expect.stringContaining("The extension stays .jpg"),
    });
    expect(renamedTo("a.jpg", "å".repeat(200))).toEqual({
      error: expect.stringContaining("255 bytes"),
    });
    expect(renamedTo("a.jpg", undefined)).toEqual({
      error: expect.stringContaining("No new name"),
    });
  });

  test("renames per asset as a rename revision, refuses hostile names, and undoes", async () => {
    const good = await asset(archives.source, "good.jpg");
    const bare = await asset(archives.source, "bare.jpg");
    const hostile = await asset(archives.source, "hostile.jpg");
    const longName = await asset(archives.source, "long.jpg");
    const { jobId, results: out } = await task(editor, "rename", [
      item(good, { itemParams: { fileName: "Lofoten.jpg" } }),
      item(bare, { itemParams: { fileName: " Bare name " } }),
      item(hostile, { itemParams: { fileName: "../../etc/passwd" } }),
      item(longName, { itemParams: { fileName: "ø".repeat(130) } }),
    ]);
    expect(out.map((r) => r.status)).toEqual(["done", "done", "failed", "failed"]);
    expect(out[0]!.result).toMatchObject({
      done: true,
      "result-filename": "Lofoten.jpg",
      "result-href": assetHref(archives.source.id, archives.source.name, {
        id: good.id,
        fileName: "Lofoten.jpg",
      }),
    });
    expect(out[1]!.result["result-filename"]).toBe("Bare name.jpg");
    expect(out[2]!.result.error).toContain("* | \\ / ");
    expect(out[3]!.result.error).toContain("255 bytes");
    expect((await row(good.id)).file_name).toBe("Lofoten.jpg");
    expect((await row(hostile.id)).file_name).toBe("hostile.jpg");
    const revisions = await revisionsOf(good.id);
    expect(revisions.map((r) => [r.number, r.kind, r.job_id, r.file_name])).toEqual([
      [1, "upload", null, "good.jpg"],
      [2, "rename", jobId, "Lofoten.jpg"],
    ]);
    // Search sees the new name at once.
    expect((await row(good.id)).search_doc).toContain("lofoten");

    // The second asset changes again before the undo: it is left as it is.
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, bare.id, { kind: "rename", fileName: "Later.jpg", userId: owner.id }),
      );
    const undone = await undo(editor, jobId);
    expect(undone.results.map((r) => [r.status, r.result.error])).toEqual([
      ["done", undefined],
      ["failed", CHANGED_SINCE],
    ]);
    expect((await row(good.id)).file_name).toBe("good.jpg");
    expect((await revisionsOf(good.id)).at(-1)).toMatchObject({ number: 3, kind: "rollback" });
    expect((await row(bare.id)).file_name).toBe("Later.jpg");
  });

  test("rights are checked as each item runs: refused, unseen and deleted assets fail", async () => {
    const mine = await asset(archives.source);
    const gone = await asset(archives.source);
    const hidden = await asset(archives.hidden);
    // The reader may see but not rename: refused at creation, named.
    const refused = await task(reader, "rename", [
      item(mine, { itemParams: { fileName: "x.jpg" } }),
    ]);
    expect(refused.results[0]!.result.error).toBe(
      'You do not have permission to do this in "Ops source".',
    );
    const { jobId } = await createTask(
      editor,
      "rename",
      [
        item(gone, { itemParams: { fileName: "x.jpg" } }),
        item(hidden, { itemParams: { fileName: "x.jpg" } }),
        item(mine, { itemParams: { fileName: "kept.jpg" } }),
      ],
      {},
    );
    // Deleted after the task was made, before its turn.
    await moveAssetsToTrash(archives.source.id, [gone.id], owner.id);
    await runTask((await getJob(jobId))!, {
      progress: async () => {},
      signal: new AbortController().signal,
    });
    const out = await results(jobId);
    expect(out.map((r) => [r.status, r.result.error])).toEqual([
      ["failed", ASSET_NOT_FOUND],
      ["failed", ASSET_NOT_FOUND],
      ["done", undefined],
    ]);
    expect((await revisionsOf(gone.id)).map((r) => r.kind)).toEqual(["upload"]);
    expect((await row(mine.id)).file_name).toBe("kept.jpg");
  });

  test("path archives refuse renaming here", async () => {
    const indexed = await asset(archives.path, "on-disk.jpg");
    const out = await task(editor, "rename", [
      item(indexed, { itemParams: { fileName: "new.jpg" } }),
    ]);
    expect(out.results[0]!.result.error).toBe(PATH_ARCHIVE_FILES);
  });
});

describe("an item applied twice (a resumed job)", () => {
  test.each(["rename", "duplicate", "delete"] as const)(
    "%s: the second apply answers the stored outcome and changes nothing",
    async (operation) => {
      const a = await asset(archives.source);
      const itemParams = operation === "rename" ? { fileName: "twice.jpg" } : undefined;
      const { jobId } = await createTask(
        editor,
        operation,
        [item(a, itemParams ? { itemParams } : {})],
        {},
      );
      const stored = await db()
        .selectFrom("task_items")
        .selectAll()
        .where("job_id", "=", jobId)
        .executeTakeFirstOrThrow();
      const signal = new AbortController().signal;
      const op = taskOperations[operation]!;
      const apply = () =>
        op.apply(
          itemContext({ id: jobId }, stored, editor, {} as never, signal),
        ) as Promise<ItemOutcome>;
      const first = await apply();
      const assetsAfterFirst = await db()
        .selectFrom("assets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const second = await apply();
      expect(first.status).toBe("done");
      expect(second).toMatchObject({ status: "done", result: first.result });
      expect((await revisionsOf(a.id)).length).toBe(operation === "rename" ? 2 : 1);
      const assetsAfterSecond = await db()
        .selectFrom("assets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(assetsAfterSecond.n)).toBe(Number(assetsAfterFirst.n));
      const entries = await db().selectFrom("trash_entries").select("asset_count").execute();
      if (operation === "delete")
        expect(entries.some((e) => Number(e.asset_count) > 1)).toBe(false);
    },
  );
});
