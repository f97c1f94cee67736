import fs from "node:fs";
import { inEnglish } from "../helpers/keyed";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { ingest } from "~/jobs/handlers/ingest.server";
import { getJob } from "~/jobs/queue.server";
import { scanArchive } from "~/models/archive/path-scan.server";
import { ARCHIVE_NOT_FOUND } from "~/models/access/access.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { moveAssetsToTrash, emptyTrash } from "~/models/archive/archive-trash.server";
import { assetHref } from "~/models/asset/asset.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import {
  INTO_PATH_ARCHIVE,
  SAME_PLACE,
} from "~/models/background-task/operations/copy-move.server";
import { CHANGED_SINCE, PATH_ARCHIVE_FILES } from "~/models/background-task/operations/item.server";
import { renamedTo as renamedToKeyed } from "~/models/background-task/operations/rename.server";
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

/** What a missing or unseen asset reads as, in the English the results are read in. */
const ASSET_NOT_FOUND = "There is no asset at this address.";

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
let mover: Viewer;
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
  mover = await createUser({ username: "fileops-mover", password: "fileops-mover-pass" });
  archives.source = await createArchive({
    name: "Ops source",
    members: [
      member(editor, ALL),
      member(reader, ["View", "Preview"]),
      member(mover, ["View", "MoveFrom", "MoveTo"]),
    ],
  });
  archives.target = await createArchive({
    name: "Ops target",
    members: [
      member(editor, ["View", "CopyTo", "MoveTo", "MoveFrom"]),
      member(mover, ["View", "MoveTo"]),
    ],
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
  // As ingest leaves it: the first revision holds the asset's metadata.
  await db()
    .updateTable("revisions")
    .set({ metadata: JSON.stringify(metadata ?? {}) })
    .where("asset_id", "=", id)
    .execute();
  return { id, href: assetHref(archive.id, archive.name, { id, fileName: name }) };
}

const row = (id: number) =>
  db().selectFrom("assets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const revisionsOf = (id: number) =>
  db().selectFrom("revisions").selectAll().where("asset_id", "=", id).orderBy("number").execute();

/** renamedTo with its refusal in English, as the batch form's reader sees it in English. */
function renamedTo(current: string, wanted: string | undefined) {
  const renamed = renamedToKeyed(current, wanted);
  return "error" in renamed ? { error: inEnglish(renamed.error) } : renamed;
}

/** A stored result as the API reads it: its refusal, kept keyed (decision 106), in English. */
const inEnglishResult = (result: TaskItemResult) =>
  result?.error === undefined ? result : { ...result, error: inEnglish(result.error) };

async function results(jobId: number) {
  const rows = await db()
    .selectFrom("task_items")
    .selectAll()
    .where("job_id", "=", jobId)
    .orderBy("seq")
    .execute();
  return rows.map((r) => ({
    status: r.status,
    result: inEnglishResult(JSON.parse(r.result ?? "null") as TaskItemResult),
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
      expect(renamedTo("a.jpg", bad)).toEqual({ error: expect.stringContaining('* | " : ? < >') });
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
    expect(out[2]!.result.error).toContain('* | " : ? < >');
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
      ["failed", inEnglish(CHANGED_SINCE)],
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
    expect(out.results[0]!.result.error).toBe(inEnglish(PATH_ARCHIVE_FILES));
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

/** Gives an asset's revision a real JPEG of width × height in the blob store. */
async function withImage(assetId: number, number: number, width: number, height: number) {
  const data = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } },
  })
    .jpeg()
    .toBuffer();
  const blob = await blobStore().put(data);
  await db()
    .updateTable("revisions")
    .set({ blob_hash: blob.hash, file_size: blob.size })
    .where("asset_id", "=", assetId)
    .where("number", "=", number)
    .execute();
  return blob;
}

const renditionsOf = async (assetId: number) => {
  const asset = await row(assetId);
  return db()
    .selectFrom("renditions")
    .innerJoin("revisions", "revisions.id", "renditions.revision_id")
    .select(["renditions.kind", "renditions.blob_hash"])
    .where("revisions.asset_id", "=", assetId)
    .where("revisions.number", "=", asset.current_revision)
    .orderBy("renditions.kind")
    .execute();
};

describe("duplicate and copy revision", () => {
  test("a ready duplicate beside the source, after it in the order; undo trashes it", async () => {
    const source = await asset(archives.source, "harbour.jpg", { [FIELD.keywords]: ["boat"] });
    const next = await asset(archives.source, "next.jpg");
    const ingestsBefore = await db()
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "ingest")
      .execute();
    const { jobId, results: out } = await task(editor, "duplicate", [item(source), item(source)]);
    expect(out.map((r) => r.status)).toEqual(["done", "done"]);
    const [first, second] = out.map((r) => r.made!);
    expect(out.map((r) => r.result["result-filename"])).toEqual([
      "harbour (copy).jpg",
      "harbour (copy 2).jpg",
    ]);
    expect(out[0]!.result["result-href"]).toBe(
      assetHref(archives.source.id, archives.source.name, {
        id: first!,
        fileName: "harbour (copy).jpg",
      }),
    );
    const made = await row(first!);
    const original = await row(source.id);
    expect(made).toMatchObject({
      state: "ready",
      archive_id: archives.source.id,
      folder_id: original.folder_id,
      current_revision: 1,
      width: original.width,
      mime: original.mime,
    });
    expect(JSON.parse(made.tags)).toEqual(["boat"]);
    // Between the source and the asset after it.
    expect(Number(made.position)).toBeGreaterThan(Number(original.position));
    expect(Number(made.position)).toBeLessThan(Number((await row(next.id)).position));
    const [revision] = await revisionsOf(first!);
    expect(revision).toMatchObject({ kind: "duplicate", job_id: jobId });
    expect(revision!.blob_hash).toBe((await revisionsOf(source.id))[0]!.blob_hash);
    expect(await renditionsOf(first!)).toEqual(await renditionsOf(source.id));
    // Ready at once: no ingest for it.
    const ingestsAfter = await db()
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "ingest")
      .execute();
    expect(ingestsAfter.length).toBe(ingestsBefore.length);

    // The second duplicate is edited before the undo: it stays.
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, second!, { kind: "rename", fileName: "kept.jpg", userId: owner.id }),
      );
    const undone = await undo(editor, jobId);
    expect(undone.results.map((r) => [r.status, r.result.error])).toEqual([
      ["done", undefined],
      ["failed", inEnglish(CHANGED_SINCE)],
    ]);
    expect((await row(first!)).trash_id).not.toBeNull();
    expect((await row(second!)).trash_id).toBeNull();
    expect((await row(source.id)).trash_id).toBeNull();
  });

  test("copy revision takes the named revision; one that does not exist fails", async () => {
    const source = await asset(archives.source, "draft.jpg", { [FIELD.title]: ["First"] });
    await withImage(source.id, 1, 60, 40);
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, source.id, {
          kind: "edit",
          fileName: "final.jpg",
          fields: { [FIELD.title]: "Second" },
          userId: owner.id,
        }),
      );
    const { results: out } = await task(editor, "duplicate", [
      item(source, { itemParams: { revision: 1 } }),
      item(source, { itemParams: { revision: 9 } }),
    ]);
    expect(out[0]!.result.error).toBeUndefined();
    const made = await row(out[0]!.made!);
    expect(made.file_name).toBe("draft (copy).jpg");
    expect(made.title).toBe("First");
    expect(out[1]).toMatchObject({
      status: "failed",
      result: { error: "This asset has no revision 9." },
    });
  });

  test("refused without DuplicateFile, and in an archive indexing a folder", async () => {
    const source = await asset(archives.source);
    const indexed = await asset(archives.path);
    const refused = await task(reader, "duplicate", [item(source)]);
    expect(refused.results[0]!.result.error).toBe(
      'You do not have permission to do this in "Ops source".',
    );
    const path = await task(editor, "duplicate", [item(indexed)]);
    expect(path.results[0]!.result.error).toBe(inEnglish(PATH_ARCHIVE_FILES));
  });
});

const destination = (archive: Archive, folder = "") => ({ archiveId: archive.id, folder });

describe("copy and move to another archive", () => {
  test("copy: a new asset in the destination with its copy macros; undo trashes it", async () => {
    const source = await asset(archives.source, "sea.jpg", { [FIELD.keywords]: ["sea"] });
    const { jobId, results: out } = await task(
      editor,
      "copy",
      [item(source)],
      destination(archives.target, "Incoming/2024"),
    );
    expect(out[0]!.status).toBe("done");
    const copy = await row(out[0]!.made!);
    expect(copy.archive_id).toBe(archives.target.id);
    expect(JSON.parse(copy.tags)).toEqual(["sea", "copied"]);
    const folder = await db()
      .selectFrom("folders")
      .select("path")
      .where("id", "=", copy.folder_id!)
      .executeTakeFirstOrThrow();
    expect(folder.path).toBe("Incoming/2024");
    expect(out[0]!.result["result-href"]).toBe(
      assetHref(archives.target.id, archives.target.name, { id: copy.id, fileName: "sea.jpg" }),
    );
    expect((await revisionsOf(copy.id))[0]).toMatchObject({ kind: "copy", writeback: "pending" });
    // The source is as it was.
    expect(await revisionsOf(source.id)).toHaveLength(1);
    expect((await row(source.id)).archive_id).toBe(archives.source.id);

    await undo(editor, jobId);
    expect((await row(copy.id)).trash_id).not.toBeNull();
  });

  test("both ends are checked per asset: source rights, destination rights, unseen ones", async () => {
    const source = await asset(archives.source);
    const elsewhere = await asset(archives.viewOnly);
    // The destination is refused: no CopyTo there, or not seen at all.
    const noCopyTo = await task(editor, "copy", [item(source)], destination(archives.viewOnly));
    expect(noCopyTo.results[0]!.result.error).toBe(
      'You do not have permission to do this in "Ops view only".',
    );
    const unseen = await task(editor, "move", [item(source)], destination(archives.hidden));
    expect(unseen.results[0]!.result.error).toBe(inEnglish(ARCHIVE_NOT_FOUND));
    const missing = await task(editor, "copy", [item(source)], { archiveId: 999_999, folder: "" });
    expect(missing.results[0]!.result.error).toBe(inEnglish(ARCHIVE_NOT_FOUND));
    // The source is refused: no CopyFrom where the asset lies.
    const noCopyFrom = await task(editor, "copy", [item(elsewhere)], destination(archives.target));
    expect(noCopyFrom.results[0]!.result.error).toBe(
      'You do not have permission to do this in "Ops view only".',
    );
    // A hostile folder is refused as a folder, not created.
    const hostile = await task(
      editor,
      "copy",
      [item(source)],
      destination(archives.target, "a/../b"),
    );
    expect(hostile.results[0]!.result.error).toContain("Folder");
    expect(await revisionsOf(source.id)).toHaveLength(1);
    const copies = await db()
      .selectFrom("assets")
      .select("id")
      .where("archive_id", "=", archives.target.id)
      .where("file_name", "=", (await row(source.id)).file_name)
      .execute();
    expect(copies).toHaveLength(0);
  });

  test("move: the asset itself goes, with the move macros; undo brings it back", async () => {
    const source = await asset(archives.source, "fjord.jpg", { [FIELD.keywords]: ["fjord"] });
    const before = await row(source.id);
    const { jobId, results: out } = await task(
      editor,
      "move",
      [item(source)],
      destination(archives.target, "Moved"),
    );
    expect(out[0]!.result.error).toBeUndefined();
    expect(out[0]!.result).toMatchObject({
      done: true,
      "original-removed": true,
      "result-href": assetHref(archives.target.id, archives.target.name, {
        id: source.id,
        fileName: "fjord.jpg",
      }),
    });
    const moved = await row(source.id);
    expect(moved.archive_id).toBe(archives.target.id);
    expect(JSON.parse(moved.tags)).toEqual(["fjord", "moved"]);
    expect((await revisionsOf(source.id)).at(-1)).toMatchObject({ kind: "move", job_id: jobId });

    const undone = await undo(editor, jobId);
    expect(undone.results[0]!.result.error).toBeUndefined();
    const back = await row(source.id);
    expect(back).toMatchObject({
      archive_id: archives.source.id,
      folder_id: before.folder_id,
      metadata: before.metadata,
    });
    expect(JSON.parse(back.tags)).toEqual(["fjord"]);
    expect(Number(back.position)).toBe(Number(before.position));
    expect((await revisionsOf(source.id)).map((r) => r.kind)).toEqual([
      "upload",
      "move",
      "rollback",
    ]);
  });

  test("a move's undo is a move back: it needs MoveFrom where the asset lies now", async () => {
    const source = await asset(archives.source);
    const moved = await task(mover, "move", [item(source)], destination(archives.target));
    expect(moved.results[0]!.status).toBe("done");
    const undone = await undo(mover, moved.jobId);
    expect(undone.results[0]!.result.error).toBe(
      'You do not have permission to do this in "Ops target".',
    );
    expect((await row(source.id)).archive_id).toBe(archives.target.id);
  });

  test("a move undone after the asset moved on is left alone", async () => {
    const source = await asset(archives.source);
    const first = await task(editor, "move", [item(source)], destination(archives.source, "A"));
    expect(first.results[0]!.status).toBe("done");
    const second = await task(editor, "move", [item(source)], destination(archives.source, "B"));
    expect(second.results[0]!.status).toBe("done");
    const undone = await undo(editor, first.jobId);
    expect(undone.results[0]!.result.error).toBe(inEnglish(CHANGED_SINCE));
    const folder = await db()
      .selectFrom("folders")
      .select("path")
      .where("id", "=", (await row(source.id)).folder_id!)
      .executeTakeFirstOrThrow();
    expect(folder.path).toBe("B");
  });

  test("copying out of an archive indexing a folder stores the file as a blob", async () => {
    const data = await sharp({
      create: { width: 24, height: 16, channels: 3, background: { r: 90, g: 90, b: 20 } },
    })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(path.join(work, "roots", "indexed", "scanned.jpg"), data);
    await scanArchive(archives.path.id);
    // Ingest as the worker would, here, so no worker runs this file's tasks behind its back; only
    // the scanned file's job, not whatever else earlier tests left pending.
    const scanned = await db()
      .selectFrom("revisions")
      .innerJoin("assets", "assets.id", "revisions.asset_id")
      .select("revisions.id")
      .where("assets.archive_id", "=", archives.path.id)
      .where("assets.file_name", "=", "scanned.jpg")
      .execute();
    const revisionIds = new Set(scanned.map((r) => r.id));
    const ingests = (
      await db()
        .selectFrom("jobs")
        .select(["id", "payload"])
        .where("type", "=", "ingest")
        .where("status", "=", "pending")
        .execute()
    ).filter((job) =>
      revisionIds.has((JSON.parse(job.payload) as { revisionId: number }).revisionId),
    );
    expect(ingests.length).toBeGreaterThan(0);
    for (const { id } of ingests)
      await ingest((await getJob(id))!, {
        progress: async () => {},
        signal: new AbortController().signal,
        workerId: "test",
      });
    const indexed = await db()
      .selectFrom("assets")
      .innerJoin("revisions", "revisions.asset_id", "assets.id")
      .select(["assets.id", "assets.file_name", "revisions.blob_hash", "revisions.indexed_file_id"])
      .where("assets.archive_id", "=", archives.path.id)
      .where("assets.file_name", "=", "scanned.jpg")
      .where("assets.state", "=", "ready")
      .executeTakeFirstOrThrow();
    expect(indexed.indexed_file_id).not.toBeNull();
    expect(await blobStore().has(indexed.blob_hash)).toBe(false);
    const out = await task(
      editor,
      "copy",
      [
        item({
          id: indexed.id,
          href: assetHref(archives.path.id, archives.path.name, {
            id: indexed.id,
            fileName: indexed.file_name,
          }),
        }),
      ],
      destination(archives.target),
    );
    expect(out.results[0]!.result.error).toBeUndefined();
    const [revision] = await revisionsOf(out.results[0]!.made!);
    expect(revision).toMatchObject({ indexed_file_id: null, blob_hash: indexed.blob_hash });
    // A real blob now, with the file's bytes: the copy outlives the folder's file.
    expect(await blobStore().has(indexed.blob_hash)).toBe(true);
    const bytes = await blobStore().withLocalFile(indexed.blob_hash, (f) =>
      fs.promises.readFile(f),
    );
    expect(bytes.equals(data)).toBe(true);
  });

  test("the same place, and archives indexing a folder, are refused", async () => {
    const source = await asset(archives.source);
    const indexed = await asset(archives.path);
    const same = await task(editor, "move", [item(source)], destination(archives.source));
    expect(same.results[0]!.result.error).toBe(inEnglish(SAME_PLACE));
    const into = await task(editor, "copy", [item(source)], destination(archives.path));
    expect(into.results[0]!.result.error).toBe(inEnglish(INTO_PATH_ARCHIVE));
    const outOf = await task(editor, "move", [item(indexed)], destination(archives.target));
    expect(outOf.results[0]!.result.error).toBe(inEnglish(PATH_ARCHIVE_FILES));
  });
});

describe("delete", () => {
  test("to the trash can, one entry for the task; undo restores; emptied ones fail", async () => {
    const a = await asset(archives.source);
    const b = await asset(archives.source);
    const c = await asset(archives.source);
    const { jobId, results: out } = await task(editor, "delete", [item(a), item(b), item(c)]);
    expect(out.map((r) => r.result)).toEqual(
      [a, b, c].map((x) => ({ href: x.href, done: true, "original-removed": true })),
    );
    const marks = await Promise.all([a, b, c].map(async (x) => (await row(x.id)).trash_id));
    expect(new Set(marks).size).toBe(1);
    const entry = await db()
      .selectFrom("trash_entries")
      .selectAll()
      .where("id", "=", marks[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(entry.asset_count)).toBe(3);

    // One asset is purged for good before the undo: split it into an entry of its own, empty it.
    const purged = await db()
      .insertInto("trash_entries")
      .values({ ...entry, id: undefined, asset_count: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().updateTable("assets").set({ trash_id: purged.id }).where("id", "=", c.id).execute();
    await db()
      .updateTable("trash_entries")
      .set({ asset_count: 2 })
      .where("id", "=", entry.id)
      .execute();
    await emptyTrash(owner, purged.id);

    const undone = await undo(editor, jobId);
    expect(undone.results.map((r) => [r.status, r.result.error])).toEqual([
      ["done", undefined],
      ["done", undefined],
      ["failed", "The asset was emptied from the trash can; not undone."],
    ]);
    expect((await row(a.id)).trash_id).toBeNull();
    expect((await row(b.id)).trash_id).toBeNull();
    const left = await db()
      .selectFrom("trash_entries")
      .select("id")
      .where("id", "=", entry.id)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });

  test("refused without Delete; unseen assets answer as missing", async () => {
    const a = await asset(archives.source);
    const hidden = await asset(archives.hidden);
    const out = await task(reader, "delete", [item(a), item(hidden)]);
    expect(out.results.map((r) => r.result.error)).toEqual([
      'You do not have permission to do this in "Ops source".',
      ASSET_NOT_FOUND,
    ]);
    expect((await row(a.id)).trash_id).toBeNull();
    expect((await row(hidden.id)).trash_id).toBeNull();
  });
});

describe("rotate", () => {
  async function imageAsset(data: Buffer, fileName: string, mime = "image/jpeg") {
    const a = await asset(archives.source, fileName);
    const blob = await blobStore().put(data);
    await db()
      .updateTable("revisions")
      .set({ blob_hash: blob.hash, file_size: blob.size, mime })
      .where("asset_id", "=", a.id)
      .execute();
    await db().updateTable("assets").set({ mime }).where("id", "=", a.id).execute();
    return { ...a, hash: blob.hash };
  }

  const fileOf = async (assetId: number) => {
    const current = await row(assetId);
    const revision = (await revisionsOf(assetId)).find(
      (r) => r.number === current.current_revision,
    )!;
    return blobStore().withLocalFile(revision.blob_hash, (file) => fs.promises.readFile(file));
  };

  test("turns the image clockwise in its own format, keeps its metadata, and undoes", async () => {
    // Stored sideways (EXIF orientation 6): shown 40 × 60; a quarter turn more shows 60 × 40.
    const sideways = await sharp({
      create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "Fjord Ltd" } })
      .toBuffer();
    const png = await sharp({
      create: { width: 30, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const jpeg = await imageAsset(sideways, "sideways.jpg");
    const wide = await imageAsset(png, "wide.png", "image/png");
    const { jobId, results: out } = await task(editor, "rotate", [item(jpeg), item(wide)], {
      degrees: 90,
    });
    expect(out.map((r) => r.result.error)).toEqual([undefined, undefined]);
    const turned = await row(jpeg.id);
    expect([turned.width, turned.height, turned.mime]).toEqual([60, 40, "image/jpeg"]);
    expect(turned.placeholder).toBeTruthy();
    const meta = await sharp(await fileOf(jpeg.id)).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation ?? 1]).toEqual([
      "jpeg",
      60,
      40,
      1,
    ]);
    expect(meta.exif?.toString("latin1")).toContain("Fjord Ltd");
    const revision = (await revisionsOf(jpeg.id)).at(-1)!;
    expect(revision).toMatchObject({ kind: "rotate", job_id: jobId, writeback: "pending" });
    expect(revision.blob_hash).not.toBe(jpeg.hash);
    const renditions = await renditionsOf(jpeg.id);
    expect(renditions.map((r) => r.kind)).toEqual(["preview", "thumbnail", "thumbnailRetina"]);
    for (const r of renditions) expect(await blobStore().has(r.blob_hash)).toBe(true);
    const pngMeta = await sharp(await fileOf(wide.id)).metadata();
    expect([pngMeta.format, pngMeta.width, pngMeta.height, pngMeta.hasAlpha]).toEqual([
      "png",
      10,
      30,
      true,
    ]);

    const undone = await undo(editor, jobId);
    expect(undone.results.map((r) => r.status)).toEqual(["done", "done"]);
    const back = await row(jpeg.id);
    expect([back.width, back.height]).toEqual([40, 60]);
    expect((await revisionsOf(jpeg.id)).at(-1)).toMatchObject({
      kind: "rollback",
      blob_hash: jpeg.hash,
    });
    expect((await row(wide.id)).width).toBe(30);
  });

  test("only images, only decodable ones, only with CropRotate", async () => {
    const document = await asset(archives.source, "notes.pdf");
    await db()
      .updateTable("assets")
      .set({ doc_type: "document" })
      .where("id", "=", document.id)
      .execute();
    const broken = await imageAsset(Buffer.from("not an image at all, only words"), "broken.jpg");
    const fine = await asset(archives.source);
    const out = await task(editor, "rotate", [item(document), item(broken)], { degrees: 180 });
    expect(out.results.map((r) => r.result.error)).toEqual([
      inEnglish(ONLY_IMAGES),
      "The image could not be read to rotate it.",
    ]);
    const refused = await task(reader, "rotate", [item(fine)], { degrees: 270 });
    expect(refused.results[0]!.result.error).toBe(
      'You do not have permission to do this in "Ops source".',
    );
    for (const a of [document, broken, fine]) expect(await revisionsOf(a.id)).toHaveLength(1);
  });
});
