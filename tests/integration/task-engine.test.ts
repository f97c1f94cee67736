import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { inEnglish } from "../helpers/keyed";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { startWorker } from "~/jobs/worker.server";
import { task as taskHandler } from "~/jobs/handlers/task.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import {
  ALREADY_UNDONE,
  createTask,
  itemContext,
  runTask,
  UNDO_OF_UNDO,
  type TaskItemInput,
} from "~/models/background-task/task-engine.server";
import { OWNER_GONE, taskFailureMessage } from "~/models/background-task/task-messages";
import { taskStatus } from "~/models/background-task/task-status.server";
import { MAX_TASK_ASSETS, TASK_JOB } from "~/models/background-task/task.schema";
import { Problem } from "~/models/problem/problem";
import { createUser } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { finishedJob } from "../helpers/jobs";
import { insertReadyAssets } from "../helpers/grid-assets";
import {
  createEffectsTable,
  effects,
  fakeOperation,
  registerFake,
  unregister,
} from "../helpers/fake-operation";

/** What a missing or unseen asset reads as, in the English the results are read in. */
const ASSET_NOT_FOUND = "There is no asset at this address.";

/*
 * The background task engine on the dialect under test (decisions 044, 047), with a stand-in
 * operation that records each applied item in task_test_effects: per-asset results, mixed
 * rights, an asset gone before its turn, an outage in the middle (the rerun applies nothing
 * twice), the queue's worker retrying, undo, and refused requests.
 */

let testDb: TestDatabase;
let editor: Viewer;
let other: Viewer;
const archives: Record<"edit" | "view" | "hidden", Archive> = {} as never;
const hrefs = new Map<number, string>();
let restore: () => void = () => {};

const members = (permissions: ("View" | "Preview" | "EditText")[]) => [
  { type: "group" as const, id: REGISTERED_USERS_GROUP_ID, permissions, autoSearch: "" },
];

async function assets(archive: Archive, count: number): Promise<number[]> {
  const made = await insertReadyAssets(archive.id, count);
  for (const a of made)
    hrefs.set(a.id, assetHref(archive.id, archive.name, { id: a.id, fileName: a.file_name }));
  return made.map((a) => a.id);
}

const items = (ids: number[]): TaskItemInput[] =>
  ids.map((id) => ({ href: hrefs.get(id)!, assetId: id }));

const run = (jobId: number) =>
  getJob(jobId).then((job) =>
    runTask(job!, { progress: async () => {}, signal: new AbortController().signal }),
  );

beforeAll(async () => {
  testDb = await createTestDatabase();
  await createEffectsTable();
  editor = await createUser({ username: "task-editor", password: "task-editor-password" });
  other = await createUser({ username: "task-other", password: "task-other-password" });
  archives.edit = await createArchive({
    name: "Task edit",
    members: members(["View", "EditText"]),
  });
  archives.view = await createArchive({ name: "Task view", members: members(["View"]) });
  archives.hidden = await createArchive({ name: "Task hidden", members: [] });
});

afterEach(() => restore());

afterAll(async () => {
  await testDb?.destroy();
});

describe("a task on a selection", () => {
  test("reports per asset: refused and unseen assets are named, the others done once", async () => {
    restore = registerFake("rotate", fakeOperation());
    const editable = await assets(archives.edit, 2);
    const [viewOnly] = await assets(archives.view, 1);
    const [hidden] = await assets(archives.hidden, 1);
    const input = [
      ...items(editable),
      ...items([viewOnly!, hidden!]),
      { href: "/fotoweb/archives/1-x/not-an-asset", assetId: null },
    ];
    const { jobId } = await createTask(editor, "rotate", input, { degrees: 90 });

    // Refused at creation, before anything runs.
    const before = await taskStatus(editor, jobId);
    expect(before!.job.status).toBe("pending");
    expect(before!.job.counts).toMatchObject({ pending: 2, failed: 3, total: 5 });

    const counts = await run(jobId);
    expect(counts).toMatchObject({ done: 2, failed: 3, pending: 0, total: 5 });
    expect((await effects(jobId)).map((e) => e.asset_id)).toEqual(editable);

    const status = await taskStatus(editor, jobId);
    const results = status!.job.result;
    expect(results.map((r) => [r.href, r.done, r.status])).toEqual([
      [input[0]!.href, true, "done"],
      [input[1]!.href, true, "done"],
      [input[2]!.href, false, "failed"],
      [input[3]!.href, false, "failed"],
      [input[4]!.href, false, "failed"],
    ]);
    expect(results[2]!.error).toBe('You do not have permission to edit in "Task view".');
    // What the editor may not see reads exactly as what does not exist.
    expect(results[3]!.error).toBe(ASSET_NOT_FOUND);
    expect(results[4]!.error).toBe(ASSET_NOT_FOUND);
    expect(results[0]!["result-filename"]).toBe("apply-0");
    expect(status!.task).toMatchObject({ type: "rotate", user: editor.id, id: String(jobId) });
    // Another person's task is not there for them.
    expect(await taskStatus(other, jobId)).toBeNull();
  });

  test("an asset deleted before its turn fails as missing and the rest go on", async () => {
    restore = registerFake("rotate", fakeOperation());
    const ids = await assets(archives.edit, 3);
    const { jobId } = await createTask(editor, "rotate", items(ids), { degrees: 180 });
    await db().deleteFrom("renditions").execute();
    await db().deleteFrom("revisions").where("asset_id", "=", ids[1]!).execute();
    await db().deleteFrom("assets").where("id", "=", ids[1]!).execute();
    expect(await run(jobId)).toMatchObject({ done: 2, failed: 1 });
    const status = await taskStatus(editor, jobId);
    expect(status!.job.result[1]).toMatchObject({ done: false, error: ASSET_NOT_FOUND });
    expect((await effects(jobId)).map((e) => e.seq)).toEqual([0, 2]);
  });

  test("an operation's own refusal is stored without a commit", async () => {
    restore = registerFake("rotate", fakeOperation({ refuse: "name01" }));
    const ids = await assets(archives.edit, 3);
    const { jobId } = await createTask(editor, "rotate", items(ids), { degrees: 90 });
    await run(jobId);
    const results = (await taskStatus(editor, jobId))!.job.result;
    // insertReadyAssets names them name00, name01, name02.
    expect(results.map((r) => r.status)).toEqual(["done", "failed", "done"]);
    expect(results[1]!.error).toBe("Refused here.");
    expect((await effects(jobId)).map((e) => e.seq)).toEqual([0, 2]);
  });
});

describe("status of a big task", () => {
  test("results come 1000 a page, with paging links; refused items fail at creation", async () => {
    restore = registerFake("rotate", fakeOperation());
    const input = Array.from({ length: 1005 }, (_, i) => ({
      href: `/fotoweb/archives/1-x/nothing-${i}`,
      assetId: null,
    }));
    const { jobId } = await createTask(editor, "rotate", input, { degrees: 90 });
    const first = await taskStatus(editor, jobId);
    expect(first!.job.result).toHaveLength(1000);
    expect(first!.job.counts).toMatchObject({ failed: 1005, pending: 0, total: 1005 });
    expect(first!.paging).toEqual({
      first: `/fotoweb/me/background-tasks/${jobId}?page=1`,
      last: `/fotoweb/me/background-tasks/${jobId}?page=2`,
      prev: null,
      next: `/fotoweb/me/background-tasks/${jobId}?page=2`,
    });
    const second = await taskStatus(editor, jobId, 2);
    expect(second!.job.result.map((r) => r.seq)).toEqual([1000, 1001, 1002, 1003, 1004]);
    expect(second!.job.result[4]).toMatchObject({
      href: "/fotoweb/archives/1-x/nothing-1004",
      done: false,
      error: ASSET_NOT_FOUND,
    });
    expect(second!.paging).toMatchObject({
      prev: `/fotoweb/me/background-tasks/${jobId}?page=1`,
      next: null,
    });
    // A page past the end answers the last one.
    expect((await taskStatus(editor, jobId, 99))!.job.result).toHaveLength(5);
  });
});

describe("crash safety", () => {
  test("an outage in the middle fails the run; the rerun applies each item exactly once", async () => {
    restore = registerFake("rotate", fakeOperation({ outageAt: { seq: 7, times: 1 } }));
    const ids = await assets(archives.edit, 12);
    const { jobId } = await createTask(editor, "rotate", items(ids), { degrees: 90 });
    await expect(run(jobId)).rejects.toThrow("The database went away");
    expect((await effects(jobId)).map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await run(jobId)).toMatchObject({ done: 12, pending: 0 });
    const seen = (await effects(jobId)).map((e) => e.seq);
    expect(seen).toEqual([...Array(12).keys()]);
  });

  test("a second commit of the same item answers the stored outcome without writing", async () => {
    restore = registerFake("rotate", fakeOperation());
    const [id] = await assets(archives.edit, 1);
    const { jobId } = await createTask(editor, "rotate", items([id!]), { degrees: 90 });
    const row = await db()
      .selectFrom("task_items")
      .selectAll()
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    const signal = new AbortController().signal;
    let writes = 0;
    const write = async () => {
      writes++;
      return { status: "done" as const, result: { href: row.href, done: true }, afterRevision: 5 };
    };
    const first = await itemContext({ id: jobId }, row, editor, {}, signal).commit(write);
    const second = await itemContext({ id: jobId }, row, editor, {}, signal).commit(write);
    expect(writes).toBe(1);
    expect(first.afterRevision).toBe(5);
    expect(second).toMatchObject({ status: "done", afterRevision: 5 });
  });

  test("the queue's worker retries a failed run and the job ends done with the counts", async () => {
    restore = registerFake("rotate", fakeOperation({ outageAt: { seq: 2, times: 1 } }));
    const ids = await assets(archives.edit, 5);
    const { jobId } = await createTask(editor, "rotate", items(ids), { degrees: 90 });
    const worker = startWorker({
      handlers: { [TASK_JOB]: taskHandler },
      pollMs: 20,
      retryBaseMs: 10,
    });
    try {
      await finishedJob(jobId, 10_000);
    } finally {
      await worker.stop();
    }
    const job = await getJob(jobId);
    expect(job).toMatchObject({ status: "done", attempts: 2 });
    expect(job!.result).toMatchObject({ done: 5, failed: 0, skipped: 0 });
    expect((await effects(jobId)).map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
  });

  test("a job that gives up fails its remaining items with the catalogue's sentence", async () => {
    restore = registerFake("rotate", fakeOperation({ outageAt: { seq: 1, times: 99 } }));
    const ids = await assets(archives.edit, 3);
    const { jobId } = await createTask(editor, "rotate", items(ids), { degrees: 90 });
    await db().updateTable("jobs").set({ max_attempts: 1 }).where("id", "=", jobId).execute();
    const worker = startWorker({ handlers: { [TASK_JOB]: taskHandler }, pollMs: 20 });
    try {
      await finishedJob(jobId, 10_000);
    } finally {
      await worker.stop();
    }
    const status = await taskStatus(editor, jobId);
    expect(status!.job.status).toBe("failed");
    expect(status!.job.error).toBe(inEnglish(taskFailureMessage("rotate")));
    expect(status!.job.error).toBe(
      "An error occurred while rotating one or more of the assets. The assets may have been " +
        "removed from the source. Notify the system administrator if the problem persists.",
    );
    expect(status!.job.result.map((r) => r.status)).toEqual(["done", "failed", "failed"]);
  });

  test("items left when the owner's account is disabled fail, named", async () => {
    restore = registerFake("rotate", fakeOperation());
    const leaving = await createUser({ username: "task-leaving", password: "task-leaving-pw1" });
    const ids = await assets(archives.edit, 2);
    const { jobId } = await createTask(leaving, "rotate", items(ids), { degrees: 90 });
    await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", leaving.id).execute();
    expect(await run(jobId)).toMatchObject({ failed: 2 });
    const rows = await db()
      .selectFrom("task_items")
      .select("error")
      .where("job_id", "=", jobId)
      .execute();
    expect(rows.map((r) => r.error)).toEqual([OWNER_GONE, OWNER_GONE]);
    expect(await effects(jobId)).toEqual([]);
  });
});

describe("undo", () => {
  test("undoes each done item once, reports per asset, and is not itself undone", async () => {
    restore = registerFake("rotate", fakeOperation());
    const ids = await assets(archives.edit, 3);
    const [viewOnly] = await assets(archives.view, 1);
    const { jobId } = await createTask(editor, "rotate", items([...ids, viewOnly!]), {
      degrees: 90,
    });
    // Not while it runs.
    await expect(createTask(editor, "undo", [], { jobId })).rejects.toThrow(
      "task.refusal.stillRunning",
    );
    await run(jobId);
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();

    // Another person's task is not theirs to undo: it answers as missing.
    await expect(createTask(other, "undo", [], { jobId })).rejects.toMatchObject({
      kind: "not-found",
    });
    const undo = await createTask(editor, "undo", [], { jobId });
    expect(await run(undo.jobId)).toMatchObject({ done: 3, failed: 0, total: 3 });
    const undone = await effects(undo.jobId);
    expect(undone.map((e) => [e.kind, e.asset_id])).toEqual(ids.map((id) => ["undo", id]));
    const status = await taskStatus(editor, undo.jobId);
    expect(status!.task).toMatchObject({
      type: "undo",
      undoes: `/fotoweb/me/background-tasks/${jobId}`,
    });
    expect(status!.job.result.map((r) => r.done)).toEqual([true, true, true]);

    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", undo.jobId).execute();
    await expect(createTask(editor, "undo", [], { jobId: undo.jobId })).rejects.toThrow(
      UNDO_OF_UNDO,
    );
  });
});

describe("one undo per task (issue 29)", () => {
  test("three simultaneous undos of one finished task: one is made, two are refused 409", async () => {
    restore = registerFake("rotate", fakeOperation());
    const ids = await assets(archives.edit, 2);
    const { jobId } = await createTask(editor, "rotate", items(ids), { degrees: 90 });
    await run(jobId);
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
    const undoJobs = () =>
      db()
        .selectFrom("jobs")
        .select("id")
        .where("type", "=", TASK_JOB)
        .where("payload", "like", '%"operation":"undo"%')
        .execute();
    const before = (await undoJobs()).length;
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => createTask(editor, "undo", [], { jobId })),
    );
    const made = outcomes.filter((o) => o.status === "fulfilled");
    expect(made).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === "rejected")
        expect(o.reason).toMatchObject({ kind: "conflict", message: ALREADY_UNDONE });
    expect((await undoJobs()).length).toBe(before + 1);
    // A later request is refused the same way.
    await expect(createTask(editor, "undo", [], { jobId })).rejects.toMatchObject({
      kind: "conflict",
      message: ALREADY_UNDONE,
    });
  });
});

describe("refused requests change nothing", () => {
  // Takes a function, so the count before is read before the request starts.
  const refused = async (
    start: () => Promise<unknown>,
    kind: Problem["kind"],
    message?: RegExp,
  ) => {
    const jobsBefore = await db().selectFrom("jobs").select("id").execute();
    const error = await start().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).kind).toBe(kind);
    if (message) expect((error as Problem).message).toMatch(message);
    expect(await db().selectFrom("jobs").select("id").execute()).toHaveLength(jobsBefore.length);
  };

  test("guests, empty and oversized selections, bad settings, unknown operations", async () => {
    restore = registerFake("rotate", fakeOperation());
    const [id] = await assets(archives.edit, 1);
    const one = items([id!]);
    const guest = { ...editor, id: 2, isGuest: true };
    await refused(() => createTask(guest, "rotate", one, { degrees: 90 }), "forbidden", /guest/);
    await refused(() => createTask(null, "rotate", one, { degrees: 90 }), "unauthenticated");
    await refused(
      () => createTask(editor, "rotate", [], { degrees: 90 }),
      "invalid",
      /at least one/,
    );
    const many = Array.from({ length: MAX_TASK_ASSETS + 1 }, () => one[0]!);
    await refused(() => createTask(editor, "rotate", many, { degrees: 90 }), "invalid", /at most/);
    await refused(() => createTask(editor, "rotate", one, { degrees: 45 }), "invalid");
    const restoreCopy = unregister("copy");
    try {
      await refused(() => createTask(editor, "copy", one, {}), "unsupported", /cannot run/);
    } finally {
      restoreCopy();
    }
    await refused(() => createTask(editor, "nonsense" as never, one, {}), "unsupported");
    await refused(
      () =>
        createTask(editor, "rotate", [{ ...one[0]!, itemParams: { fileName: "" } }], {
          degrees: 90,
        }),
      "invalid",
    );
    await refused(() => createTask(editor, "undo", [], { jobId: 999_999 }), "not-found");
    await refused(() => createTask(editor, "undo", [], { jobId: "x" }), "invalid");
  });
});
