import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import {
  claimNext,
  complete,
  enqueue,
  fail,
  getJob,
  markNotified,
  renewLease,
  reportProgress,
  retryDelay,
  type Job,
} from "~/jobs/queue.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { createUser } from "~/models/user/user.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/* The background job queue and its worker on the dialect under test (decision 008). */

let testDb: TestDatabase;
let ownerId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ownerId = (await createUser({ username: "jobs-owner", password: "jobs-owner-password" })).id;
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await db().deleteFrom("jobs").execute();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Leases and backoffs are read from the clock the queue reads (Date): the tests move it rather
 * than sleep, so a lease has expired exactly when they say, however slow the machine.
 */
function freezeClock() {
  vi.useFakeTimers({ toFake: ["Date"] });
}
function passTime(ms: number) {
  vi.setSystemTime(new Date(Date.now() + ms));
}

afterEach(() => {
  vi.useRealTimers();
});

/*
 * Polls for what a running worker does. Not while the clock is frozen: vi.waitUntil moves faked
 * timers, Date among them, on every check.
 */
const POLL = { timeout: 5000, interval: 10 };

/** Makes a job due now whatever its backoff said. */
async function makeDue(id: number) {
  await db()
    .updateTable("jobs")
    .set({ run_after: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", id)
    .execute();
}

describe("enqueue, claimNext and complete", () => {
  test("a job goes from pending to inProgress to done to notified", async () => {
    const job = await enqueue("thumbnail", { assetId: 7, sizes: [64, 256] }, { ownerId });
    expect(job).toMatchObject({
      type: "thumbnail",
      payload: { assetId: 7, sizes: [64, 256] },
      status: "pending",
      progress: 0,
      result: null,
      error: null,
      attempts: 0,
      maxAttempts: 3,
      leaseOwner: null,
      ownerId,
    });
    expect(await getJob(job.id)).toEqual(job);

    const claimed = await claimNext("w1", ["thumbnail"], 10_000);
    expect(claimed).toMatchObject({
      id: job.id,
      status: "inProgress",
      attempts: 1,
      leaseOwner: "w1",
      payload: { assetId: 7, sizes: [64, 256] },
    });
    expect(Date.parse(claimed!.leaseExpiresAt!)).toBeGreaterThan(Date.now() + 5_000);
    expect(await claimNext("w2", ["thumbnail"], 10_000)).toBeNull();

    expect(await markNotified(job.id)).toBe(false);
    expect(await complete(job.id, "w1", { files: ["a.jpg"] })).toBe(true);
    expect(await getJob(job.id)).toMatchObject({
      status: "done",
      progress: 100,
      result: { files: ["a.jpg"] },
      leaseOwner: null,
      leaseExpiresAt: null,
    });
    expect(await complete(job.id, "w1", {})).toBe(false);
    expect(await claimNext("w1", ["thumbnail"], 10_000)).toBeNull();

    expect(await markNotified(job.id)).toBe(true);
    expect((await getJob(job.id))?.status).toBe("notified");
    expect(await markNotified(job.id)).toBe(false);
  });

  test("jobs are taken oldest due first, and not before runAfter", async () => {
    const later = await enqueue("t", { n: 0 }, { runAfter: new Date(Date.now() + 60_000) });
    const first = await enqueue("t", { n: 1 });
    const second = await enqueue("t", { n: 2 });
    expect((await claimNext("w", ["t"]))?.id).toBe(first.id);
    expect((await claimNext("w", ["t"]))?.id).toBe(second.id);
    expect(await claimNext("w", ["t"])).toBeNull();
    await makeDue(later.id);
    expect((await claimNext("w", ["t"]))?.id).toBe(later.id);
  });

  test("refuses a maxAttempts below 1; unknown ids read as null", async () => {
    await expect(enqueue("t", {}, { maxAttempts: 0 })).rejects.toThrow();
    expect(await getJob(987_654)).toBeNull();
  });

  test("deleting the owner keeps the job without an owner", async () => {
    const temp = await createUser({ username: "jobs-temp", password: "jobs-temp-password" });
    const job = await enqueue("t", {}, { ownerId: temp.id });
    await db().deleteFrom("users").where("id", "=", temp.id).execute();
    expect((await getJob(job.id))?.ownerId).toBeNull();
  });
});

describe("claiming is atomic", () => {
  /*
   * The claims must really meet: four processes (as scaled-out workers are), each with its own
   * connection to the same SQLite file or its own PostgreSQL pool, five claims each, all released
   * at the same moment. In this process alone they could not: better-sqlite3 runs one statement
   * at a time, and Kysely's SQLite driver hands its one connection to one query at a time.
   */
  // Four Node processes start first: on a busy two-core machine that alone may take seconds.
  test(
    "20 parallel claims over 10 jobs take each job exactly once",
    { timeout: 60_000 },
    async () => {
      for (let i = 0; i < 10; i++) await enqueue("race", { i });
      const claimers = Array.from({ length: 4 }, () => startClaimer("race", 5));
      try {
        await Promise.all(claimers.map((c) => c.ready));
        for (const claimer of claimers) claimer.go();
        const ids = (await Promise.all(claimers.map((c) => c.taken))).flat();
        expect(ids).toHaveLength(10);
        expect(new Set(ids).size).toBe(10);
        for (const id of ids) {
          expect(await getJob(id)).toMatchObject({ status: "inProgress", attempts: 1 });
        }
      } finally {
        for (const claimer of claimers) claimer.stop();
      }
    },
  );
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A claimer process (tests/helpers/claim-worker.ts) on this file's database. */
function startClaimer(type: string, claims: number) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "tests/helpers/claim-worker.ts",
      testDb.url,
      testDb.dataDir,
      testDb.pgSchema ?? "-",
      type,
      String(claims),
    ],
    { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  let errors = "";
  child.stderr.on("data", (c: Buffer) => (errors += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString();
      if (output.includes("ready\n")) resolve();
    });
    void exited.then((code) => reject(new Error(`a claimer stopped (${code}): ${errors}`)));
  });
  const taken = exited.then((code) => {
    const last = output.trim().split("\n").at(-1) ?? "";
    if (code !== 0 || !last.startsWith("[")) {
      throw new Error(`a claimer failed (${code}): ${errors || output}`);
    }
    return JSON.parse(last) as number[];
  });
  return {
    ready,
    taken,
    go: () => child.stdin.write("go\n"),
    stop: () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

describe("leases", () => {
  test("an expired lease lets another worker take the job over, and locks the old one out", async () => {
    freezeClock();
    const job = await enqueue("crashy", {});
    expect((await claimNext("old", ["crashy"], 400))?.id).toBe(job.id);
    expect(await claimNext("new", ["crashy"], 10_000)).toBeNull();
    passTime(399);
    expect(await claimNext("new", ["crashy"], 10_000)).toBeNull();
    passTime(1);
    const retaken = await claimNext("new", ["crashy"], 10_000);
    expect(retaken).toMatchObject({ id: job.id, leaseOwner: "new", attempts: 2 });

    expect(await reportProgress(job.id, "old", 50)).toBe(false);
    expect(await renewLease(job.id, "old")).toBe(false);
    expect(await complete(job.id, "old", { by: "old" })).toBe(false);
    expect(await fail(job.id, "old", "boom")).toBe(false);
    expect(await complete(job.id, "new", { by: "new" })).toBe(true);
    expect(await getJob(job.id)).toMatchObject({ status: "done", result: { by: "new" } });
  });

  test("a worker whose lease ran out cannot complete even if no one took the job", async () => {
    freezeClock();
    const job = await enqueue("slow", {});
    await claimNext("w", ["slow"], 50);
    passTime(49);
    expect(await renewLease(job.id, "w", 50)).toBe(true);
    passTime(50);
    expect(await complete(job.id, "w", {})).toBe(false);
    expect((await getJob(job.id))?.status).toBe("inProgress");
  });

  test("a job abandoned on its last attempt fails instead of running again", async () => {
    freezeClock();
    const job = await enqueue("once", {}, { maxAttempts: 1 });
    await claimNext("w", ["once"], 50);
    passTime(50);
    expect(await claimNext("w2", ["once"], 10_000)).toBeNull();
    expect(await getJob(job.id)).toMatchObject({ status: "failed", attempts: 1, leaseOwner: null });
    expect((await getJob(job.id))?.error).toMatch(/last attempt/);
  });

  test("the claimer that fails an abandoned job is told of it, once", async () => {
    freezeClock();
    const job = await enqueue("vanished", { n: 7 }, { maxAttempts: 1 });
    await claimNext("w", ["vanished"], 50);
    passTime(50);
    const told: unknown[] = [];
    const tell = async (gone: { id: number; payload: unknown }) => {
      told.push([gone.id, gone.payload]);
    };
    expect(await claimNext("w2", ["vanished"], 10_000, tell)).toBeNull();
    expect(await claimNext("w3", ["vanished"], 10_000, tell)).toBeNull();
    expect(told).toEqual([[job.id, { n: 7 }]]);
  });
});

describe("retries", () => {
  test("a failed attempt is retried with exponential backoff, then the job fails", async () => {
    freezeClock();
    const job = await enqueue("flaky", { x: 1 }, { maxAttempts: 3 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const claimed = await claimNext("w", ["flaky"], 10_000);
      expect(claimed).toMatchObject({ id: job.id, attempts: attempt });
      const before = Date.now();
      expect(await fail(job.id, "w", `boom ${attempt}`, { retryBaseMs: 1000 })).toBe(true);
      const stored = (await getJob(job.id))!;
      expect(stored.error).toBe(`boom ${attempt}`);
      expect(stored.leaseOwner).toBeNull();
      if (attempt < 3) {
        expect(stored.status).toBe("pending");
        delays.push(Date.parse(stored.runAfter) - before);
        // Not due until the backoff has passed.
        expect(await claimNext("w", ["flaky"], 10_000)).toBeNull();
        await makeDue(job.id);
      } else {
        expect(stored.status).toBe("failed");
      }
    }
    expect(delays).toEqual([1000, 2000]);
    expect(await claimNext("w", ["flaky"], 10_000)).toBeNull();
    expect(await markNotified(job.id)).toBe(true);
  });

  test("the backoff doubles and is capped at an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 100))).toEqual([100, 200, 400, 800]);
    expect(retryDelay(40, 30_000)).toBe(60 * 60_000);
  });
});

describe("progress", () => {
  test("reportProgress records 0..100, renews the lease, and refuses other workers", async () => {
    const job = await enqueue("p", {});
    const claimed = (await claimNext("w", ["p"], 10_000))!;
    expect(await reportProgress(job.id, "w", 42.4, 60_000)).toBe(true);
    const stored = (await getJob(job.id))!;
    expect(stored.progress).toBe(42);
    expect(Date.parse(stored.leaseExpiresAt!)).toBeGreaterThan(
      Date.parse(claimed.leaseExpiresAt!) + 30_000,
    );
    expect(await reportProgress(job.id, "w", 150)).toBe(true);
    expect((await getJob(job.id))?.progress).toBe(100);
    expect(await reportProgress(job.id, "w", -5)).toBe(true);
    expect((await getJob(job.id))?.progress).toBe(0);
    expect(await reportProgress(job.id, "intruder", 77)).toBe(false);
    expect((await getJob(job.id))?.progress).toBe(0);
  });
});

describe("startWorker", () => {
  let worker: Worker | undefined;

  afterAll(async () => {
    await worker?.stop();
  });

  test("runs handlers up to the concurrency, records progress, results and failures", async () => {
    let active = 0;
    let maxActive = 0;
    const errors: unknown[] = [];
    // Queued before the worker starts, and each run long enough to overlap the next claims: on a
    // loaded CI machine, jobs enqueued one by one under a running worker were each taken and
    // finished before the next came, and the worker never had three at once.
    const jobs: Job[] = [];
    for (let n = 0; n < 7; n++) jobs.push(await enqueue("work", { n }));
    const broken = await enqueue("broken", {}, { maxAttempts: 2 });
    worker = startWorker({
      concurrency: 3,
      pollMs: 20,
      leaseMs: 5000,
      retryBaseMs: 10,
      onError: (e) => errors.push(e),
      handlers: {
        async work(job, ctx) {
          active++;
          maxActive = Math.max(maxActive, active);
          await ctx.progress(50);
          // Work that lasts: the worker claims more while it runs (see above).
          await sleep(250);
          active--;
          return { doubled: (job.payload as { n: number }).n * 2 };
        },
        async broken() {
          throw new Error("handler exploded");
        },
      },
    });
    await vi.waitUntil(
      async () => {
        const all = await Promise.all([...jobs, broken].map((j) => getJob(j.id)));
        return all.every((j) => j?.status === "done" || j?.status === "failed");
      },
      { ...POLL, timeout: 15_000 },
    );
    await worker.stop();
    worker = undefined;

    expect(maxActive).toBe(3);
    for (const [n, job] of jobs.entries()) {
      expect(await getJob(job.id)).toMatchObject({
        status: "done",
        progress: 100,
        attempts: 1,
        result: { doubled: n * 2 },
      });
    }
    expect(await getJob(broken.id)).toMatchObject({
      status: "failed",
      attempts: 2,
      error: "handler exploded",
    });
    expect(errors).toEqual([]);
  });

  test("stop waits for running handlers to finish", async () => {
    const job = await enqueue("slow", {});
    let finished = false;
    const w = startWorker({
      pollMs: 10,
      handlers: {
        async slow() {
          // Still running when stop() is called just after the claim; a stop that did not wait
          // would return well before it ends.
          await sleep(200);
          finished = true;
          return "ok";
        },
      },
    });
    await vi.waitUntil(async () => (await getJob(job.id))?.status === "inProgress", POLL);
    await w.stop();
    expect(finished).toBe(true);
    expect(await getJob(job.id)).toMatchObject({ status: "done", result: "ok" });
  });

  test("a handler that loses its lease is aborted and its result is not recorded", async () => {
    const job = await enqueue("stolen", {});
    let aborted = false;
    const w = startWorker({
      pollMs: 10,
      leaseMs: 60_000,
      handlers: {
        async stolen(_job, ctx) {
          // Someone else takes the job over (as after an expired lease).
          await db()
            .updateTable("jobs")
            .set({ lease_owner: "thief" })
            .where("id", "=", job.id)
            .execute();
          await expect(ctx.progress(10)).rejects.toThrow(/lease/);
          aborted = ctx.signal.aborted;
          return "mine";
        },
      },
    });
    await vi.waitUntil(() => aborted, POLL);
    await w.stop();
    expect(await getJob(job.id)).toMatchObject({
      status: "inProgress",
      leaseOwner: "thief",
      result: null,
    });
  });

  test("a job of a type the worker has no handler for is never claimed by it", async () => {
    const other = await enqueue("someone-else", { keep: true });
    const mine = await enqueue("mine", {});
    const w = startWorker({ pollMs: 10, handlers: { mine: async () => "done" } });
    await vi.waitUntil(async () => (await getJob(mine.id))?.status === "done", POLL);
    // Jobs are claimed oldest first, and the other job is older: a worker that took it would have
    // done so before this one. One more job done after that proves the worker polled again since.
    const next = await enqueue("mine", {});
    await vi.waitUntil(async () => (await getJob(next.id))?.status === "done", POLL);
    await w.stop();
    expect(await getJob(other.id)).toMatchObject({
      status: "pending",
      attempts: 0,
      leaseOwner: null,
    });
    expect(await claimNext("w", [], 1000)).toBeNull();
    expect(await claimNext("w", ["mine"], 1000)).toBeNull();
  });
});
