import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import {
  createChildSite,
  listBlobStore,
  postFile,
  rssOf,
  sha256OfFile,
  streamingFileUpload,
  watchMemory,
  type ChildServer,
  type ChildSite,
} from "../helpers/child-server";
import { TEST_ADMIN } from "../helpers/database";
import { Client } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * Issue 3: "Uploads stream to disk: a 2 GB file must upload with the server's memory staying
 * flat." The real server runs as a child process (tests/helpers/child-server.ts) whose resident
 * memory is sampled from /proc every 50 ms, with the kernel's own high-water mark as a check on
 * what falls between samples, while a large file (512 MiB; 2 GiB by `npm run test:large`) goes in through the multipart post to an
 * archive's URL and through the chunked upload API.
 *
 * The file is a small real JPEG followed by random filler, made as it is sent, so the client
 * never holds it either. It passes the type and pixel checks from its header; it would not
 * decode past the JPEG's end, so the server runs without an ingest worker (INGEST_CONCURRENCY=0)
 * and only the upload is measured: the asset stays "processing", out of view.
 *
 * The bound: the peak may exceed the resident memory before the upload by MEMORY_BOUND. What an
 * upload legitimately holds is a few stream buffers and, for the chunked API, at most one 8 MiB
 * chunk in flight; garbage waiting for the collector adds some tens of MB. Anything that kept the
 * body, or a fair part of it, would grow by gigabytes, far past the bound.
 */

const MiB = 1024 * 1024;
/*
 * 512 MiB in every run: four times the memory bound is enough to see a body kept in memory, and
 * how a body streams does not depend on its length past a few chunks. `npm run test:large` sends
 * the 2 GiB the issue named (ARKIV_UPLOAD_PROOF_MIB=2048), on either dialect (decision 075).
 */
const FILE_BYTES = Number(process.env.ARKIV_UPLOAD_PROOF_MIB || 512) * MiB;
const MEMORY_BOUND = 150 * MiB;
const UPLOAD_JSON = "application/vnd.fotoware.upload-response+json";

let site: ChildSite;
let archive: Archive;
let server: ChildServer;
let client: Client;
let header: Buffer;

/** `size` bytes: the JPEG header, then a random block of 1 MiB repeated. */
function bigFile(size: number) {
  const block = crypto.randomBytes(MiB);
  return {
    size,
    /** The bytes from `start` up to `end` (not included) as a new buffer. */
    slice(start: number, end: number): Buffer {
      const out = Buffer.allocUnsafe(end - start);
      let at = start;
      while (at < end) {
        let written: number;
        if (at < header.length) {
          written = header.copy(out, at - start, at, Math.min(end, header.length));
        } else {
          const offset = (at - header.length) % block.length;
          written = block.copy(out, at - start, offset, Math.min(block.length, offset + end - at));
        }
        at += written;
      }
      return out;
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

function report(
  what: string,
  seconds: number,
  baseline: number,
  memory: ReturnType<ReturnType<typeof watchMemory>["stop"]>,
) {
  console.log(
    `[upload-memory ${site.dialect}] ${what}: ${FILE_BYTES / MiB} MiB in ${seconds.toFixed(1)} s ` +
      `(${(FILE_BYTES / MiB / seconds).toFixed(0)} MiB/s); RSS before ${mb(baseline)}, ` +
      `peak ${mb(memory.peak)} (+${mb(memory.peak - baseline)}; sampled ${mb(memory.sampledPeak)} ` +
      `in ${memory.samples} samples, kernel high-water mark ${memory.kernelPeak === null ? "n/a" : mb(memory.kernelPeak)})`,
  );
}

/** The stored blob: its row, its file on disk, and a hash of that file's bytes. */
async function storedRevision(revisionId: number) {
  const revision = await site.db
    .selectFrom("revisions")
    .selectAll()
    .where("id", "=", revisionId)
    .executeTakeFirstOrThrow();
  const hash = revision.blob_hash;
  const file = path.join(site.dataDir, "blobs", hash.slice(0, 2), hash.slice(2, 4), hash);
  return { revision, size: fs.statSync(file).size, contentHash: await sha256OfFile(file) };
}

async function revisionOfJob(jobId: number) {
  const job = await site.db
    .selectFrom("jobs")
    .selectAll()
    .where("id", "=", jobId)
    .executeTakeFirstOrThrow();
  expect(job.status).toBe("pending");
  return (JSON.parse(job.payload) as { revisionId: number }).revisionId;
}

/**
 * A server of its own for each measurement, signed in and warmed up with one small upload, so
 * the baseline includes the code and buffers an upload loads and no earlier test's heap growth.
 */
async function freshServer() {
  await server?.kill();
  server = await site.start({ INGEST_CONCURRENCY: "0" });
  client = new Client(server.url);
  await client.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  const small = bigFile(3 * MiB).slice(0, 3 * MiB);
  const warm = await postFile(server.url, archive.href, client, "warm.jpg", small, {
    accept: UPLOAD_JSON,
  });
  expect(warm.status, warm.body).toBe(202);
}

beforeAll(async () => {
  header = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  site = await createChildSite();
  archive = await createArchive({ name: "Large files" });
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await site?.destroy();
});

describe(`a ${FILE_BYTES / MiB} MiB upload keeps the server's memory flat`, () => {
  test("through the multipart post to an archive's URL", async () => {
    await freshServer();
    const file = bigFile(FILE_BYTES);
    const hash = crypto.createHash("sha256");
    const baseline = rssOf(server.pid);
    const memory = watchMemory(server.pid, 50);
    const started = Date.now();
    const upload = streamingFileUpload(server.url, archive.href, client, "large.jpg", file.size, {
      accept: UPLOAD_JSON,
    });
    for (let at = 0; at < file.size; at += MiB) {
      const piece = file.slice(at, Math.min(file.size, at + MiB));
      hash.update(piece);
      if (!(await upload.write(piece))) break;
    }
    const response = await upload.finish();
    const seconds = (Date.now() - started) / 1000;
    const figures = memory.stop();
    report("multipart", seconds, baseline, figures);

    expect(response.status, response.body).toBe(202);
    const jobId = Number((JSON.parse(response.body) as { href: string }).href.split("/").pop());
    const expected = hash.digest("hex");
    const stored = await storedRevision(await revisionOfJob(jobId));
    expect(stored.revision.blob_hash).toBe(expected);
    expect(Number(stored.revision.file_size)).toBe(FILE_BYTES);
    expect(stored.size).toBe(FILE_BYTES);
    expect(stored.contentHash).toBe(expected);
    expect((await listBlobStore(site.dataDir, false)).temporary).toEqual([]);

    expect(figures.samples).toBeGreaterThan(seconds * 5);
    expect(figures.peak - baseline).toBeLessThan(MEMORY_BOUND);
  }, 900_000);

  test("through the chunked upload API", async () => {
    await freshServer();
    const file = bigFile(FILE_BYTES);
    const create = await client.request("/fotoweb/api/uploads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        destination: archive.href,
        filename: "chunked.jpg",
        fileSize: file.size,
      }),
    });
    expect(create.status).toBe(200);
    const { id, chunkSize, numChunks } = (await readApiJson(create)) as {
      id: string;
      chunkSize: number;
      numChunks: number;
    };
    expect(numChunks).toBe(Math.ceil(file.size / chunkSize));

    const hash = crypto.createHash("sha256");
    const baseline = rssOf(server.pid);
    const memory = watchMemory(server.pid, 50);
    const started = Date.now();
    let lastChunkStarted = started;
    for (let index = 0; index < numChunks; index++) {
      lastChunkStarted = Date.now();
      const bytes = file.slice(index * chunkSize, Math.min(file.size, (index + 1) * chunkSize));
      hash.update(bytes);
      const sent = await postFile(
        server.url,
        `/fotoweb/api/uploads/${id}/chunks/${index}`,
        client,
        "chunk",
        bytes,
      );
      expect(sent.status, `chunk ${index}: ${sent.body}`).toBe(204);
    }
    const seconds = (Date.now() - started) / 1000;
    const figures = memory.stop();
    // The last chunk's request also stores the whole file (a copy of the part file, hashed).
    const lastChunk = ((Date.now() - lastChunkStarted) / 1000).toFixed(1);
    report(
      `chunked (${numChunks} chunks of ${chunkSize / MiB} MiB; the last, which stores the file, ${lastChunk} s)`,
      seconds,
      baseline,
      figures,
    );

    // No worker runs here: the task waits for its ingest, the file is stored whole.
    const status = await vi.waitUntil(
      async () => {
        const response = await client.getJson(`/fotoweb/api/uploads/${id}/status`);
        return response.status === 200
          ? ((await readApiJson(response)) as { status: string })
          : undefined;
      },
      { timeout: 60_000, interval: 50 },
    );
    // Result and error are always there, null until the upload ends (decision 029).
    expect(status).toEqual({ status: "pending", result: null, error: null });
    const row = await site.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const expected = hash.digest("hex");
    const stored = await storedRevision(await revisionOfJob(row.job_id!));
    expect(stored.revision.blob_hash).toBe(expected);
    expect(Number(stored.revision.file_size)).toBe(FILE_BYTES);
    expect(stored.size).toBe(FILE_BYTES);
    expect(stored.contentHash).toBe(expected);
    expect(fs.existsSync(path.join(site.dataDir, "uploads", `${id}.part`))).toBe(false);
    expect((await listBlobStore(site.dataDir, false)).temporary).toEqual([]);

    expect(figures.samples).toBeGreaterThan(seconds * 5);
    expect(figures.peak - baseline).toBeLessThan(MEMORY_BOUND);
  }, 900_000);
});
