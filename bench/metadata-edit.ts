/*
 * The metadata-edit task at 10 000 assets (issue 17, decision 045), in one run:
 * - the task through the real engine (createTask, then runTask: per chunk one read and one rights
 *   pass, per item the operation's apply and one transaction that claims the item, writes the
 *   revision and stores the outcome) against a bare loop making the same database writes per
 *   asset in one transaction each (insert the revision, copy its renditions, update the asset's
 *   columns and search document, queue the write-back, mark the item), with everything it needs
 *   already in memory. Target: task rate / bare rate ≥ 0.7.
 * - an archive grid page's p95 while idle (before and after) and while a second task runs in the
 *   same process (the worker runs in the server's process, so the task and the requests share one
 *   event loop and one database), asked for back to back by a client in its own process. Target:
 *   during / idle ≤ 2.
 * Rows are synthetic (assets, first revisions and renditions inserted directly).
 *
 *   npm run bench:metadata-edit -- [--count 10000] [--samples 200] [--dialect sqlite|postgres]
 *
 * PostgreSQL needs BENCH_DATABASE_URL (or TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const COUNT = Number(option("count", "10000"));
const SAMPLES = Number(option("samples", "200"));
const DIALECT = option("dialect", "sqlite");
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "";
if (process.env.NODE_ENV !== "production") {
  console.error("Run the benchmark with NODE_ENV=production (npm run bench:metadata-edit does).");
  process.exit(2);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-bench-edit-"));
process.env.DATA_DIR = work;
process.env.DEMO_CONTENT = "false";
process.env.ADMIN_USERNAME = "owner";
process.env.ADMIN_PASSWORD = "bench-owner-password";
process.env.SESSION_SECRETS = "bench-session-secret-0123456789abcdefghijklmnop";
process.env.LOG_REQUESTS = "false";
process.env.LOGIN_RATE_LIMIT = "1000";
process.env.INGEST_CONCURRENCY = "0";
delete process.env.DATABASE_URL;

let pgSchema: string | undefined;
if (DIALECT === "postgres") {
  if (!PG_URL) throw new Error("Set BENCH_DATABASE_URL for PostgreSQL.");
  pgSchema = `bench_edit_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${pgSchema}`);
  await admin.end();
}

const { createDatabase, db, now } = await import("../app/db/connection.server");
const { prepareDatabase } = await import("../app/db/bootstrap.server");
const { env } = await import("../app/utils/env.server");
const { createArchive } = await import("../app/models/archive/archive.server");
const { assetHref } = await import("../app/models/asset/asset.server");
const { createUser, findUserById } = await import("../app/models/user/user.server");
const { metadataColumns, WRITEBACK_JOB } =
  await import("../app/models/asset/revision-write.server");
const { searchDocument, searchableRow } = await import("../app/models/search/search-document");
const { createTask, runTask, taskCounts } =
  await import("../app/models/background-task/task-engine.server");
const { getJob, enqueue } = await import("../app/jobs/queue.server");
const { applyFieldEdits } = await import("../app/models/metadata/field-values");
const { createApp } = await import("../server/app");

const database = createDatabase(
  DIALECT === "postgres" ? { url: PG_URL, dataDir: work, pgSchema } : { dataDir: env().DATA_DIR },
);
await prepareDatabase(database, env());

const editorUser = await createUser({
  username: "bench-editor",
  password: "bench-editor-password",
  fullName: "Bench editor",
});
const editor = (await findUserById(editorUser.id))!;
const members = [
  {
    type: "user" as const,
    id: editor.id,
    permissions: ["View" as const, "EditText" as const],
    autoSearch: "",
  },
];
const taskArchive = await createArchive({ name: "Edit bench task", members });
const bareArchive = await createArchive({ name: "Edit bench bare", members });

/* ---------- synthetic assets: a first revision each, with two renditions ---------- */

async function insertAssets(archiveId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  const at = now();
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const n = Math.min(BATCH, count - start);
    await db()
      .transaction()
      .execute(async (trx) => {
        const rows = Array.from({ length: n }, (_, k) => {
          const i = start + k;
          const fields = {
            5: `Photo ${i}`,
            25: [`tag${i % 50}`, `tag${i % 7}`],
            120: `Caption ${i}`,
          };
          const values = {
            file_name: `photo-${i}.jpg`,
            title: `Photo ${i}`,
            description: `Caption ${i}`,
            tags: JSON.stringify(fields[25]),
            notes: "",
            status: "",
            metadata: JSON.stringify(fields),
          };
          return {
            ...values,
            archive_id: archiveId,
            folder_id: null,
            state: "ready" as const,
            failure: null,
            current_revision: 1,
            doc_type: "image",
            mime: "image/jpeg",
            extension: "jpg",
            file_size: 100_000,
            width: i % 3 === 0 ? 2000 : 3000,
            height: i % 3 === 0 ? 3000 : 2000,
            color_space: "srgb",
            orientation: 1,
            placeholder: null,
            modified_date: null,
            iptc_date: null,
            release_date: null,
            camera_date: null,
            search_doc: searchDocument(searchableRow(values)),
            created_by: null,
            created_at: at,
            updated_at: at,
          };
        });
        const made = await trx.insertInto("assets").values(rows).returning("id").execute();
        const revisions = await trx
          .insertInto("revisions")
          .values(
            made.map((m, k) => ({
              asset_id: m.id,
              number: 1,
              blob_hash: crypto.createHash("sha256").update(String(m.id)).digest("hex"),
              file_name: rows[k]!.file_name,
              file_size: 100_000,
              mime: "image/jpeg",
              metadata: rows[k]!.metadata,
              created_by: null,
              created_at: at,
              kind: "upload" as const,
              writeback: "done" as const,
            })),
          )
          .returning("id")
          .execute();
        await trx
          .insertInto("renditions")
          .values(
            revisions.flatMap((r) =>
              (["thumbnail", "preview"] as const).map((kind) => ({
                revision_id: r.id,
                kind,
                blob_hash: "b".repeat(64),
                mime: "image/jpeg",
                width: kind === "preview" ? 1600 : 400,
                height: kind === "preview" ? 1067 : 267,
                file_size: kind === "preview" ? 200_000 : 20_000,
              })),
            ),
          )
          .execute();
        ids.push(...made.map((m) => m.id));
      });
  }
  return ids;
}

console.error(`Inserting ${COUNT} assets twice (${DIALECT})...`);
const taskIds = await insertAssets(taskArchive.id, COUNT);
const bareIds = await insertAssets(bareArchive.id, COUNT);

const changes = (caption: string) => [
  { field: 25, action: "add" as const, value: ["benchmark"] },
  { field: 120, action: "set" as const, value: [caption] },
];
const itemsOf = (archive: { id: number; name: string }, ids: number[]) =>
  ids.map((id, i) => ({
    href: assetHref(archive.id, archive.name, { id, fileName: `photo-${i}.jpg` }),
    assetId: id,
    archiveId: archive.id,
  }));

const progress = { progress: async () => {}, signal: new AbortController().signal };

async function runWholeTask(jobId: number) {
  const job = (await getJob(jobId))!;
  return runTask(job, progress);
}

/* ---------- 1. the task against the bare loop ---------- */

const taskJob = await createTask(editor, "metadata-edit", itemsOf(taskArchive, taskIds), {
  changes: changes("Edited by the task"),
});
// The bare loop marks items of a task too, made the same way and never run.
const bareJob = await createTask(editor, "metadata-edit", itemsOf(bareArchive, bareIds), {
  changes: changes("Edited by the task"),
});

async function bareLoop(jobId: number, ids: number[]) {
  // What the loop knows beforehand: each asset's values, first revision and renditions.
  const assets = await db()
    .selectFrom("assets")
    .select(["id", "metadata", "file_name"])
    .where("archive_id", "=", bareArchive.id)
    .execute();
  const revisions = await db()
    .selectFrom("revisions")
    .selectAll()
    .where(
      "asset_id",
      "in",
      db().selectFrom("assets").select("id").where("archive_id", "=", bareArchive.id),
    )
    .execute();
  const renditions = await db()
    .selectFrom("renditions")
    .selectAll()
    .where("revision_id", "in", revisions.map((r) => r.id).slice(0, 1))
    .execute();
  const byId = new Map(assets.map((a) => [a.id, a]));
  const revisionOf = new Map(revisions.map((r) => [r.asset_id, r]));
  const edit = changes("Edited by the task");
  const bags = new Set([25]);
  for (const [seq, id] of ids.entries()) {
    const asset = byId.get(id)!;
    const source = revisionOf.get(id)!;
    const fields = applyFieldEdits(JSON.parse(asset.metadata), edit, bags);
    await db()
      .transaction()
      .execute(async (trx) => {
        const at = now();
        const inserted = await trx
          .insertInto("revisions")
          .values({
            asset_id: id,
            number: 2,
            blob_hash: source.blob_hash,
            file_name: asset.file_name,
            file_size: source.file_size,
            mime: source.mime,
            metadata: JSON.stringify(fields),
            comment: "",
            created_by: editor.id,
            created_at: at,
            kind: "edit",
            job_id: jobId,
            writeback: "pending",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("renditions")
          .values(renditions.map((r) => ({ ...r, revision_id: inserted.id })))
          .execute();
        await trx
          .updateTable("assets")
          .set({ current_revision: 2, ...metadataColumns(fields, asset.file_name), updated_at: at })
          .where("id", "=", id)
          .execute();
        await enqueue(
          WRITEBACK_JOB,
          { revisionId: inserted.id },
          { ownerId: editor.id, executor: trx },
        );
        await trx
          .updateTable("task_items")
          .set({
            status: "done",
            result: JSON.stringify({ href: "", done: true }),
            before_revision: 1,
            after_revision: 2,
            updated_at: at,
          })
          .where("job_id", "=", jobId)
          .where("seq", "=", seq)
          .execute();
      });
  }
}

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

console.error("Running the task and the bare loop...");
const bareSeconds = await timed(() => bareLoop(bareJob.jobId, bareIds));
const taskSeconds = await timed(() => runWholeTask(taskJob.jobId));
const counts = await taskCounts(taskJob.jobId);
if (counts.done !== COUNT) throw new Error(`the task finished ${JSON.stringify(counts)}`);
const taskRate = COUNT / taskSeconds;
const bareRate = COUNT / bareSeconds;
console.error(
  `task ${taskRate.toFixed(0)} assets/s, bare ${bareRate.toFixed(0)} assets/s, ratio ${(taskRate / bareRate).toFixed(2)}`,
);

/* ---------- 2. a grid page while idle and while a task runs ---------- */

const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
const app = createApp({ build, env: env(), root });
const server = app.listen(Number(option("port", "3121")), "127.0.0.1");
await new Promise((r) => server.once("listening", r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/fotoweb/views/login`, {
  method: "POST",
  redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
  body: new URLSearchParams({
    mode: "user",
    username: "bench-editor",
    password: "bench-editor-password",
    to: "/fotoweb/",
  }),
});
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
if (login.status !== 302 || !cookie) throw new Error(`sign-in answered ${login.status}`);

const gridUrl = `${base}${taskArchive.href}`;
/**
 * Grid requests from a child process: `count` of them, or (0) until what `whenReady` starts
 * (once the client has warmed up) settles.
 */
function gridSamples(count: number, whenReady?: () => Promise<unknown>): Promise<number[]> {
  const child = spawn(
    process.execPath,
    [path.join(root, "bench/metadata-edit-client.mjs"), gridUrl, cookie, String(count)],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout.on("data", (c: Buffer) => {
    output += c.toString();
    if (whenReady && output.startsWith("ready\n")) {
      const started = whenReady();
      whenReady = undefined;
      void started.finally(() => child.stdin.end());
    }
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output.slice("ready\n".length)) as number[])
        : reject(new Error(`the grid client stopped (${code})`)),
    ),
  );
}
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const idle = await gridSamples(SAMPLES);

const secondJob = await createTask(editor, "metadata-edit", itemsOf(taskArchive, taskIds), {
  changes: changes("Edited again, while the grid is asked for"),
});
let jobStarted = 0;
let jobRun: Promise<unknown> = Promise.resolve();
const during = await gridSamples(0, () => {
  jobStarted = performance.now();
  jobRun = runWholeTask(secondJob.jobId);
  return jobRun;
});
await jobRun;
const secondSeconds = (performance.now() - jobStarted) / 1000;
// Idle again after the task: other work on the machine drifts, and the baseline is both windows.
const idleAfter = await gridSamples(SAMPLES);

server.close();
server.closeAllConnections();

const idleBeforeP95 = percentile(idle, 95);
const idleAfterP95 = percentile(idleAfter, 95);
const idleP95 = percentile([...idle, ...idleAfter], 95);
const duringP95 = percentile(during, 95);
const rows: [string, string, string][] = [
  [
    "bare loop (same writes, one transaction per asset)",
    `${bareRate.toFixed(0)} assets/s`,
    `${bareSeconds.toFixed(1)} s`,
  ],
  [
    "metadata-edit task (engine + operation)",
    `${taskRate.toFixed(0)} assets/s`,
    `${taskSeconds.toFixed(1)} s`,
  ],
  ["ratio task / bare (target ≥ 0.7)", (taskRate / bareRate).toFixed(2), ""],
  [
    "grid page p95, idle (before and after the task)",
    `${idleP95.toFixed(1)} ms`,
    `${idle.length + idleAfter.length} requests (before ${idleBeforeP95.toFixed(1)} ms, after ${idleAfterP95.toFixed(1)} ms)`,
  ],
  ["grid page p95, during a task", `${duringP95.toFixed(1)} ms`, `${during.length} requests`],
  ["ratio during / idle (target ≤ 2)", (duringP95 / idleP95).toFixed(2), ""],
  [
    "the task while the grid is asked for",
    `${(COUNT / secondSeconds).toFixed(0)} assets/s`,
    `${secondSeconds.toFixed(1)} s`,
  ],
];
console.log(`\nmetadata-edit benchmark, ${COUNT} assets, ${DIALECT}\n`);
for (const [what, value, note] of rows)
  console.log(`${what.padEnd(52)} ${value.padStart(14)}  ${note}`);

await database.destroy();
if (pgSchema) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop schema ${pgSchema} cascade`);
  await admin.end();
}
fs.rmSync(work, { recursive: true, force: true });
process.exit(0);
