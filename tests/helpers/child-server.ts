import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { prepareDatabase } from "~/db/bootstrap.server";
import { createDatabase, useDatabase, type DatabaseHandle } from "~/db/connection.server";
import type { Database } from "~/db/schema";
import { envSchema } from "~/utils/env.server";
import { copyPostgresTemplate, copySqliteTemplate, dialectUnderTest, TEST_ADMIN } from "./database";
import { resetProcessState } from "./process-state";
import { checkRawAnswer } from "./api-contract";
import { TEST_ENV, type Client } from "./server";

/*
 * The real server as a child process (`server/index.ts` over the production build), on a data
 * folder and a database of its own, so a test can kill it with SIGKILL at any moment and start it
 * again on the same files. The test process keeps its own connection to that database to set it
 * up (archives) and to look at what the server left behind.
 *
 * The child is `node --import tsx server/index.ts` rather than `npx tsx server/index.ts`: the tsx
 * command runs the server in a grandchild process, so its pid is not the server's and a SIGKILL
 * would leave the server running; with the loader the pid is the server's own, which the memory
 * tests also need to read its RSS.
 *
 * On PostgreSQL the child gets a URL whose libpq `options` set its search_path to a fresh schema
 * (node-pg reads `options` from the URL), and migrations keep to the current schema, so a child
 * never sees another test's tables; the schema is dropped afterwards.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ChildServer {
  url: string;
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL: no handler runs, nothing is flushed or closed. Resolves once it is gone. */
  kill(): Promise<void>;
}

export interface ChildSite {
  dataDir: string;
  dialect: "sqlite" | "postgres";
  /** The test process's own connection to the site's database (also the process's `db()`). */
  handle: DatabaseHandle;
  db: Kysely<Database>;
  /** The environment every start gets, before its own overrides. */
  env: Record<string, string>;
  start(overrides?: Record<string, string>): Promise<ChildServer>;
  destroy(): Promise<void>;
}

/** DATABASE_URL confined to one schema through libpq's `options` parameter. */
export function urlWithSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

/** The parent's environment without anything the app reads, so only what we pass counts. */
function baseEnvironment(): Record<string, string> {
  const appKeys = new Set(Object.keys(envSchema.shape));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || appKeys.has(key)) continue;
    if (key.startsWith("VITEST") || key === "TEST_DATABASE_URL" || key === "NODE_OPTIONS") continue;
    out[key] = value;
  }
  return out;
}

/**
 * A data folder and a migrated database with the site owner (TEST_ADMIN), ready for children.
 * The database is also made the test process's own, so model functions (createArchive) work here.
 */
export async function createChildSite(): Promise<ChildSite> {
  resetProcessState();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-child-"));
  const testUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  const copy =
    testUrl && dialectUnderTest() === "postgres"
      ? await copyPostgresTemplate(testUrl, "child")
      : undefined;
  if (copy) {
    handle = createDatabase({ url: copy.url, dataDir });
    databaseUrl = copy.url;
    dropSchema = copy.drop;
  } else if (testUrl && dialectUnderTest() === "postgres") {
    const schema = `child_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: testUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = createDatabase({ url: testUrl, dataDir, pgSchema: schema });
    databaseUrl = urlWithSearchPath(testUrl, schema);
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: testUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  } else {
    // The child finds the same file through DATA_DIR.
    copySqliteTemplate(dataDir);
    handle = createDatabase({ dataDir });
  }
  await prepareDatabase(handle, {
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  });

  const env: Record<string, string> = {
    ...baseEnvironment(),
    ...TEST_ENV,
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    DEMO_CONTENT: "false",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const children = new Set<ChildProcess>();

  async function start(overrides: Record<string, string> = {}): Promise<ChildServer> {
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      cwd: root,
      env: { ...env, ...overrides } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    const exited = new Promise<void>((resolve) =>
      child.once("exit", () => {
        children.delete(child);
        resolve();
      }),
    );
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`the server did not start within 120 s:\n${output}`));
      }, 120_000);
      const look = () => {
        const match = /Arkiv is listening on http:\/\/localhost:(\d+)\//.exec(output);
        if (!match) return;
        clearTimeout(timer);
        child.stdout!.off("data", look);
        resolve(Number(match[1]));
      };
      child.stdout!.on("data", look);
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
    return {
      url: `http://127.0.0.1:${port}`,
      pid: child.pid!,
      output: () => output,
      async kill() {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await exited;
      },
    };
  }

  return {
    dataDir,
    dialect: databaseUrl ? "postgres" : "sqlite",
    handle,
    db: handle.db,
    env,
    start,
    async destroy() {
      for (const child of children) child.kill("SIGKILL");
      useDatabase(undefined);
      await handle.destroy();
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP: bodies streamed at the test's pace, so a server can be killed in the middle of one.

export interface RawResponse {
  status: number;
  body: string;
}

export interface StreamingRequest {
  /** Writes bytes, waiting while the socket is full; false once the request has failed. */
  write(chunk: Uint8Array): Promise<boolean>;
  end(): void;
  /** The answer, or the error that cut the request off (a killed server: ECONNRESET). */
  response: Promise<RawResponse>;
}

export function cookieHeader(client: Client): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** A POST whose body of exactly `length` bytes the caller writes piece by piece. */
export function streamingPost(
  url: string,
  headers: Record<string, string>,
  length: number,
): StreamingRequest {
  // A connection of its own: a kept-alive socket that a server closed after refusing an earlier
  // body early would fail this request with ECONNRESET for reasons of its own.
  const request = http.request(url, {
    agent: false,
    method: "POST",
    headers: { ...headers, "content-length": String(length) },
  });
  let failed = false;
  const response = new Promise<RawResponse>((resolve, reject) => {
    request.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        const body = Buffer.concat(chunks).toString();
        const contentType = res.headers["content-type"] ?? null;
        try {
          checkRawAnswer({ method: "POST", url, status, contentType, text: body });
        } catch (error) {
          reject(error as Error);
          return;
        }
        resolve({ status, body });
      });
      res.on("error", reject);
    });
    request.on("error", (error) => {
      failed = true;
      reject(error);
    });
  });
  // A caller that stops at the first failure still sees it through `response`.
  response.catch(() => {});
  return {
    response,
    async write(chunk) {
      if (failed || request.destroyed) return false;
      if (request.write(chunk)) return true;
      await new Promise<void>((resolve) => {
        const done = () => {
          request.off("drain", done);
          request.off("close", done);
          resolve();
        };
        request.on("drain", done);
        request.on("close", done);
      });
      return !failed && !request.destroyed;
    },
    end: () => request.end(),
  };
}

/** One file part in a multipart body: what comes before and after its bytes. */
export function multipartFrame(fileName: string, field = "file") {
  const boundary = `----arkiv${crypto.randomBytes(12).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, head, tail };
}

/** A multipart POST of one file of `size` bytes; the caller writes the file's bytes. */
export function streamingFileUpload(
  base: string,
  pathname: string,
  client: Client,
  fileName: string,
  size: number,
  headers: Record<string, string> = {},
) {
  const frame = multipartFrame(fileName);
  const request = streamingPost(
    new URL(pathname, base).href,
    { ...headers, cookie: cookieHeader(client), "content-type": frame.contentType },
    frame.head.length + size + frame.tail.length,
  );
  const started = request.write(frame.head);
  return {
    response: request.response,
    async write(chunk: Uint8Array) {
      return (await started) && request.write(chunk);
    },
    async finish() {
      if ((await started) && (await request.write(frame.tail))) request.end();
      return request.response;
    },
  };
}

/** A whole file as one multipart POST. */
export async function postFile(
  base: string,
  pathname: string,
  client: Client,
  fileName: string,
  data: Buffer,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const upload = streamingFileUpload(base, pathname, client, fileName, data.length, headers);
  await upload.write(data);
  return upload.finish();
}

// ---------------------------------------------------------------------------------------------
// Looking at what the server left: files, rows, and their agreement.

export async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 4 * 1024 * 1024 }))
    hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function filesBelow(dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesBelow(full)));
    else out.push(full);
  }
  return out;
}

export interface StoreListing {
  /** Blobs in view: `<blobs>/ab/cd/<hash>`, by hash, with their size. */
  blobs: Map<string, number>;
  /** Files under `<blobs>/tmp` (writes in progress, or what a crash cut off). */
  temporary: { file: string; size: number }[];
  /** Anything else under `<blobs>`: must not exist. */
  strays: string[];
}

/**
 * Every file of the blob store. With `verify`, each blob in view is read and hashed: its name
 * must be the sha-256 of its bytes (a half-written file under a real name would fail here).
 */
export async function listBlobStore(dataDir: string, verify = true): Promise<StoreListing> {
  const blobsDir = path.join(dataDir, "blobs");
  const listing: StoreListing = { blobs: new Map(), temporary: [], strays: [] };
  for (const file of await filesBelow(blobsDir)) {
    const relative = path.relative(blobsDir, file).split(path.sep);
    const size = (await fsp.stat(file)).size;
    if (relative[0] === "tmp" && relative.length === 2) {
      listing.temporary.push({ file, size });
      continue;
    }
    const [a, b, name] = relative;
    if (
      relative.length === 3 &&
      /^[0-9a-f]{64}$/.test(name!) &&
      name!.slice(0, 2) === a &&
      name!.slice(2, 4) === b &&
      (!verify || (await sha256OfFile(file)) === name)
    ) {
      listing.blobs.set(name!, size);
    } else {
      listing.strays.push(path.relative(dataDir, file));
    }
  }
  return listing;
}

/**
 * Whether the rows and the files agree, as a list of problems (empty when all is well): every
 * asset has its revisions and their blobs; a ready asset has its three renditions; a processing
 * asset has an ingest job that will still run (or, with `settled`, there is none); no asset
 * failed; upload tasks point to their part files or jobs; on SQLite the file passes
 * `PRAGMA integrity_check` and `PRAGMA foreign_key_check`.
 */
export async function consistencyProblems(
  site: ChildSite,
  options: { settled?: boolean; verifyBlobs?: boolean } = {},
): Promise<string[]> {
  const db = site.db;
  const problems: string[] = [];
  const store = await listBlobStore(site.dataDir, options.verifyBlobs ?? true);
  for (const stray of store.strays)
    problems.push(`a file in view that is not a whole blob: ${stray}`);

  if (site.dialect === "sqlite") {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    const verdict = integrity.rows.map((r) => r.integrity_check).join("; ");
    if (verdict !== "ok") problems.push(`integrity_check: ${verdict}`);
    const foreign = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
    if (foreign.rows.length > 0)
      problems.push(`foreign_key_check: ${JSON.stringify(foreign.rows)}`);
  }

  const assets = await db.selectFrom("assets").selectAll().orderBy("id").execute();
  const revisions = await db.selectFrom("revisions").selectAll().execute();
  const renditions = await db.selectFrom("renditions").selectAll().execute();
  const jobs = await db.selectFrom("jobs").selectAll().execute();
  const liveJobFor = new Map<number, string>();
  for (const job of jobs) {
    const payload = JSON.parse(job.payload) as { revisionId?: number };
    if (job.type === "ingest" && payload.revisionId !== undefined)
      liveJobFor.set(payload.revisionId, job.status);
  }

  for (const asset of assets) {
    const own = revisions.filter((r) => r.asset_id === asset.id);
    if (own.length === 0) {
      problems.push(`asset ${asset.id} has no revision`);
      continue;
    }
    const current = own.find((r) => r.number === asset.current_revision);
    if (!current) problems.push(`asset ${asset.id} has no revision ${asset.current_revision}`);
    for (const revision of own) {
      const size = store.blobs.get(revision.blob_hash);
      if (size === undefined)
        problems.push(`revision ${revision.id} points to a missing blob ${revision.blob_hash}`);
      else if (size !== Number(revision.file_size))
        problems.push(
          `revision ${revision.id}: blob of ${size} bytes, row says ${revision.file_size}`,
        );
    }
    if (asset.state === "failed") problems.push(`asset ${asset.id} failed: ${asset.failure}`);
    if (asset.state === "ready" && current) {
      const kinds = renditions
        .filter((r) => r.revision_id === current.id)
        .map((r) => r.kind)
        .sort();
      if (kinds.join() !== "preview,thumbnail,thumbnailRetina")
        problems.push(`ready asset ${asset.id} has renditions [${kinds.join()}]`);
    }
    if (asset.state === "processing") {
      const pending = own.some((r) => {
        const status = liveJobFor.get(r.id);
        return status === "pending" || status === "inProgress";
      });
      if (options.settled) problems.push(`asset ${asset.id} is still processing`);
      else if (!pending)
        problems.push(`asset ${asset.id} is processing with no ingest job left to finish it`);
    }
  }
  for (const rendition of renditions) {
    if (!store.blobs.has(rendition.blob_hash))
      problems.push(`rendition ${rendition.revision_id}/${rendition.kind} has no blob`);
  }
  for (const job of jobs) {
    if (job.status === "failed") problems.push(`job ${job.id} failed: ${job.error}`);
    if (options.settled && (job.status === "pending" || job.status === "inProgress"))
      problems.push(`job ${job.id} is still ${job.status}`);
  }

  const uploads = await db.selectFrom("uploads").selectAll().execute();
  for (const upload of uploads) {
    // The committed chunks, each in its own file (claimed ones are still under a .tmp name).
    const dir = path.join(site.dataDir, "uploads");
    const chunks = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((n) => n.startsWith(`${upload.id}.`) && n.endsWith(".chunk"))
      : [];
    if (upload.status === "awaitingData" && upload.received_chunks > 0) {
      const size = chunks.reduce((sum, n) => sum + fs.statSync(path.join(dir, n)).size, 0);
      if (size < Number(upload.received_bytes))
        problems.push(
          `upload ${upload.id}: part file of ${size} bytes, ${upload.received_bytes} counted`,
        );
    }
    if (upload.status === "pending" && !jobs.some((j) => j.id === upload.job_id))
      problems.push(`upload ${upload.id} is pending without its job`);
    if (upload.status === "failed") problems.push(`upload ${upload.id} failed: ${upload.error}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Memory of a process, from /proc (Linux).

function statusField(pid: number, field: "VmRSS" | "VmHWM"): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text);
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Resident memory in bytes. */
export const rssOf = (pid: number) => statusField(pid, "VmRSS");

/**
 * Samples a process's resident memory every `everyMs`. The kernel's own high-water mark (VmHWM)
 * is reset at the start (writing 5 to clear_refs) and read at the end as well, so a peak between
 * two samples is not missed.
 */
export function watchMemory(pid: number, everyMs = 50) {
  let kernelPeak = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    kernelPeak = false;
  }
  let samples = 0;
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
      samples += 1;
    } catch {
      // The process is gone; stop() reports what was seen.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      let hwm: number | null = null;
      try {
        peak = Math.max(peak, rssOf(pid));
        if (kernelPeak) hwm = statusField(pid, "VmHWM");
      } catch {
        // gone
      }
      return { sampledPeak: peak, kernelPeak: hwm, peak: Math.max(peak, hwm ?? 0), samples };
    },
  };
}
