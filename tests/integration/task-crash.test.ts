import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { createArchive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createTask } from "~/models/background-task/task-engine.server";
import { createUser } from "~/models/user/user.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { insertReadyAssets } from "../helpers/grid-assets";
import { finishedJob } from "../helpers/jobs";
import {
  createEffectsTable,
  effects,
  fakeOperation,
  registerFake,
} from "../helpers/fake-operation";

/*
 * Issue 17: "A kill -9 in the middle of a job: it resumes and finishes once." A task of 300
 * items runs in a worker process of its own (tests/helpers/task-worker.ts, a stand-in operation
 * that writes one row per applied item inside ItemContext.commit); the process is killed with
 * SIGKILL part way, a second worker takes the job over when the lease runs out, and every item
 * has been applied exactly once.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ITEMS = 300;
const LEASE_MS = 1500;

let testDb: TestDatabase;
const children: ChildProcess[] = [];
let restore = () => {};

function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "tests/helpers/task-worker.ts",
      testDb.url,
      testDb.dataDir,
      testDb.pgSchema ?? "-",
      "10",
      String(LEASE_MS),
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve(child);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`worker exited (${code}): ${output}`)));
  });
}

const doneItems = async (jobId: number) =>
  (
    await db()
      .selectFrom("task_items")
      .select("seq")
      .where("job_id", "=", jobId)
      .where("status", "=", "done")
      .execute()
  ).length;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await createEffectsTable();
  // The permission the request is checked with comes from the registry here too.
  restore = registerFake("rotate", fakeOperation());
});

afterAll(async () => {
  restore();
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await testDb?.destroy();
});

test("a worker killed with SIGKILL mid-task: another finishes it, each item applied once", async () => {
  const owner = await createUser({ username: "task-crash", password: "task-crash-password" });
  const archive = await createArchive({
    name: "Task crash",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "EditText"],
        autoSearch: "",
      },
    ],
  });
  const assets = await insertReadyAssets(archive.id, ITEMS);
  const { jobId } = await createTask(
    owner,
    "rotate",
    assets.map((a) => ({
      href: assetHref(archive.id, archive.name, { id: a.id, fileName: a.file_name }),
      assetId: a.id,
    })),
    { degrees: 90 },
  );

  const first = await startWorkerProcess();
  await vi.waitUntil(async () => (await doneItems(jobId)) >= 80, { timeout: 60_000, interval: 50 });
  first.kill("SIGKILL");
  await new Promise((resolve) => first.once("exit", resolve));
  const atKill = await doneItems(jobId);
  expect(atKill).toBeLessThan(ITEMS);
  // What the killed worker left is consistent: an item is done exactly when its effect exists.
  expect((await effects(jobId)).map((e) => e.seq)).toEqual([...Array(atKill).keys()]);
  expect((await getJob(jobId))!.status).toBe("inProgress");

  await startWorkerProcess();
  const job = await finishedJob(jobId, 90_000);
  expect(job.status).toBe("done");
  expect(job.attempts).toBe(2);
  expect(job.result).toMatchObject({ done: ITEMS, failed: 0, pending: 0 });
  const applied = (await effects(jobId)).map((e) => e.seq);
  expect(applied).toHaveLength(ITEMS);
  expect(applied).toEqual([...Array(ITEMS).keys()]);
}, 180_000);
