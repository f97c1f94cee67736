import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { jobHandlers } from "~/jobs/handlers.server";
import type { Job } from "~/jobs/queue.server";
import { writeback, type WritebackResult } from "~/jobs/handlers/writeback.server";
import { extractMetadata } from "~/media/metadata.server";
import {
  endMetadataWriter,
  jpegImageDigest,
  verifyImage,
  writeMetadataCopy,
  writePlan,
} from "~/media/metadata-write.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { scanArchive } from "~/models/archive/path-scan.server";
import { assetHref } from "~/models/asset/asset.server";
import { WRITEBACK_JOB, writeRevision } from "~/models/asset/revision-write.server";
import { findWritebackRevision, recordWriteback } from "~/models/asset/writeback.server";
import type { FieldValues } from "~/models/metadata/metadata-fields";
import { register, storeFile } from "~/models/upload/upload.server";
import { blobStore } from "~/storage/blob-store.server";
import { generateDemoPhotos } from "~/models/demo/demo-photos.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Write-back (decision 050) on the dialect under test: an edit made by writeRevision, the job run
 * directly, the new file read back with exifr and ingest's reader, its pixels compared; sidecars
 * for what cannot be written (a format, a path archive's file on disk, a copy exiftool refuses);
 * damaged originals never touched; and the downloaded original carrying the new caption over HTTP.
 */

let server: TestServer;
let archive: Archive;
let owner: Client;
let work: string;
let roots: string;

const CONTEXT = { progress: async () => {}, signal: new AbortController().signal, workerId: "t" };

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-writeback-test-"));
  roots = path.join(work, "roots");
  fs.mkdirSync(roots);
  server = await startTestServer({ ARCHIVE_ROOTS: roots });
  archive = await createArchive({ name: "Write-back" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await endMetadataWriter();
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function jobOf(id: number): Promise<Job> {
  const row = await db()
    .selectFrom("jobs")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    type: row.type,
    payload: JSON.parse(row.payload) as unknown,
    status: row.status,
    progress: row.progress,
    result: null,
    error: row.error,
    attempts: 1,
    maxAttempts: row.max_attempts,
    runAfter: row.run_after,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    ownerId: row.owner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Uploads a file and ingests it (the ingest handler, run here). */
async function upload(name: string, data: Buffer) {
  const file = path.join(work, name);
  fs.writeFileSync(file, data);
  const { blob, type } = await storeFile(file, name);
  const made = await register(null, { archive }, name, blob, type);
  await jobHandlers.ingest!(await jobOf(made.jobId), CONTEXT);
  return made;
}

/** An edit through writeRevision, and the write-back job it queued. */
async function edit(assetId: number, fields: FieldValues) {
  const written = await db()
    .transaction()
    .execute((trx) => writeRevision(trx, assetId, { kind: "edit", userId: null, fields }));
  const jobs = await db()
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("type", "=", WRITEBACK_JOB)
    .execute();
  const job = jobs.find(
    (j) => (JSON.parse(j.payload) as { revisionId: number }).revisionId === written.revisionId,
  );
  expect(job, "writeRevision queues the write-back").toBeDefined();
  return { ...written, jobId: job!.id };
}

const run = async (jobId: number) =>
  (await writeback(await jobOf(jobId), CONTEXT)) as WritebackResult;

const revisionRow = (id: number) =>
  db().selectFrom("revisions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const bytesOf = (hash: string) =>
  blobStore().withLocalFile(hash, (file) => fs.promises.readFile(file));

const pixels = async (data: Buffer) =>
  createHash("sha256")
    .update((await sharp(data).raw().toBuffer()) as Uint8Array)
    .digest("hex");

async function metadataOf(data: Buffer) {
  const file = path.join(work, `read-${process.hrtime.bigint()}.jpg`);
  fs.writeFileSync(file, data);
  return extractMetadata(file);
}

const EDIT: FieldValues = {
  5: "Blåbær på fjellet — «Ærø»",
  120: 'Caption with <xml> & "quotes" and\nanother line',
  25: ["ærfugl", "Ålesund", "fjord", "日本"],
  80: ["Kari Nordmann"],
  116: "© 2026 Arkiv",
};

describe("a JPEG", () => {
  let assetId: number;
  let original: string;

  // A photograph of each test's own (decision 075): each test edits it and reads the file back.
  const photos = generateDemoPhotos({ count: 4 });
  beforeEach(async () => {
    const { value: demo } = await photos.next();
    const made = await upload(demo!.fileName, demo!.data);
    assetId = made.assetId;
    original = (await revisionRow(made.revisionId)).blob_hash;
    // The demo photograph carries a city the edit removes.
    const before = await metadataOf(await bytesOf(original));
    expect(before.fields[90]).toBeDefined();
  }, 60_000);

  test("the edit is written into XMP, IPTC and EXIF, pixels unchanged, once", async () => {
    const { revisionId, jobId } = await edit(assetId, EDIT);
    const pending = await revisionRow(revisionId);
    expect(pending.writeback).toBe("pending");
    expect(pending.blob_hash).toBe(original); // until the job runs, the unchanged file

    expect(await run(jobId)).toEqual({ revisionId, state: "done" });
    const done = await revisionRow(revisionId);
    expect(done.writeback).toBe("done");
    expect(done.blob_hash).not.toBe(original);
    const data = await bytesOf(done.blob_hash);
    expect(done.file_size).toBe(data.length);
    const asset = await db()
      .selectFrom("assets")
      .select("file_size")
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect(Number(asset.file_size)).toBe(data.length);
    // The original blob is still there, byte for byte.
    expect(
      createHash("sha256")
        .update(await bytesOf(original))
        .digest("hex"),
    ).toBe(original);

    // exifr: XMP and IPTC carry the values.
    const raw = (await exifr.parse(data, {
      xmp: true,
      iptc: true,
      ifd0: true,
      mergeOutput: false,
    } as never)) as {
      iptc: Record<string, unknown>;
      ifd0: Record<string, unknown>;
      dc: {
        title: { value: string };
        subject: string[];
        creator: string;
        rights: { value: string };
      };
      photoshop?: Record<string, unknown>;
    };
    // exifr reads IPTC and EXIF text as Latin-1; what is valid UTF-8 was written as UTF-8.
    const utf8 = (v: unknown) => {
      try {
        return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(String(v), "latin1"));
      } catch {
        return String(v);
      }
    };
    const keywords = ([] as unknown[]).concat(raw.iptc.Keywords).map(utf8);
    expect(keywords).toEqual(EDIT[25]);
    expect(utf8(raw.iptc.ObjectName)).toBe(EDIT[5]);
    expect(utf8(raw.iptc.Byline)).toBe("Kari Nordmann");
    expect(utf8(raw.iptc.CopyrightNotice)).toBe(EDIT[116]);
    expect(raw.iptc.City).toBeUndefined();
    expect(utf8(raw.ifd0.Copyright)).toBe(EDIT[116]);
    expect(raw.dc.title.value).toBe(EDIT[5]);
    expect(raw.dc.subject).toEqual(EDIT[25]);
    expect(raw.dc.creator).toBe("Kari Nordmann");
    expect(raw.dc.rights.value).toBe(EDIT[116]);
    expect(raw.photoshop?.City).toBeUndefined();
    // Ingest's own reader: a re-ingest gives back exactly the revision's fields, none twice.
    const reread = await metadataOf(data);
    expect(reread.fields).toEqual(EDIT);

    expect(await pixels(data)).toBe(await pixels(await bytesOf(original)));

    // Running the job again changes nothing.
    expect(await run(jobId)).toEqual({ revisionId, state: "skipped" });
    expect(await revisionRow(revisionId)).toEqual(done);
  });

  test("the downloaded original carries the new caption", async () => {
    const caption = `Downloaded caption ${Date.now()} — ø`;
    const { revisionId, jobId } = await edit(assetId, { ...EDIT, 120: caption });
    const row = await db()
      .selectFrom("assets")
      .select(["file_name"])
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    const href = assetHref(archive.id, archive.name, { id: assetId, fileName: row.file_name });
    // Before the job: the link names the unchanged file.
    const early = (await owner.get(`${href}/__renditions/ORIGINAL`)).headers.get("location")!;
    expect((await owner.get(early)).status).toBe(200);
    await run(jobId);
    // After it, the old link answers 404 like any stale file URL; a fresh one names the new file.
    const stale = await owner.get(early);
    expect(stale.status).toBe(404);
    expect(stale.headers.get("content-type")).toMatch(/json/);
    const redirect = await owner.get(`${href}/__renditions/ORIGINAL`);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("location")!;
    expect(location).toContain(
      `/${revisionId}/original/${(await revisionRow(revisionId)).blob_hash}/`,
    );
    const response = await owner.get(location);
    expect(response.status).toBe(200);
    const data = Buffer.from(await response.arrayBuffer());
    const parsed = (await exifr.parse(data, {
      xmp: true,
      iptc: true,
      mergeOutput: false,
    } as never)) as {
      iptc: { Caption?: string };
    };
    expect(Buffer.from(String(parsed.iptc.Caption), "latin1").toString("utf8")).toBe(caption);
    expect((await metadataOf(data)).fields[120]).toBe(caption);
  });

  test("every built-in field goes into the file and reads back as ingest reads it", async () => {
    const every: FieldValues = {
      5: "Title ø",
      10: "3",
      25: ["one", "twø"],
      40: "Handle with care",
      55: "2024-05-17",
      80: ["Anna", "Bjørn"],
      85: "Staff photographer",
      90: "Tromsø",
      92: "Harbour",
      95: "Troms",
      101: "Norway",
      103: "JOB-0042",
      105: "Headline «quoted»",
      110: "Credit line",
      115: "Source line",
      116: "© Arkiv",
      120: "A long\ncaption",
      122: "Caption writer",
    };
    const { revisionId, jobId } = await edit(assetId, every);
    expect((await run(jobId)).state).toBe("done");
    const data = await bytesOf((await revisionRow(revisionId)).blob_hash);
    expect((await metadataOf(data)).fields).toEqual(every);
  });

  test("hostile values: markup, control characters and a megabyte are cleaned and cut", async () => {
    const huge = "x".repeat(1024 * 1024);
    const { revisionId, jobId } = await edit(assetId, {
      5: huge,
      105: "]]></rdf:li><evil/>\u0000\u0007bell",
      25: ["<script>alert(1)</script>", "a,b;c|d", "a,b;c|d"],
    });
    expect((await run(jobId)).state).toBe("done");
    const fields = (await metadataOf(await bytesOf((await revisionRow(revisionId)).blob_hash)))
      .fields;
    expect(fields[5]).toBe("x".repeat(1000)); // the title's maxLength
    expect(fields[105]).toBe("]]></rdf:li><evil/>bell");
    expect(fields[25]).toEqual(["<script>alert(1)</script>", "a,b;c|d"]);
    expect(fields[120]).toBeUndefined(); // removed from the file with the edit
  });
});

/** A small valid PDF (one empty page), its cross-reference table counted out. */
function pdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

describe("other formats and races", () => {
  test("the job is registered with the worker", () => {
    expect(jobHandlers[WRITEBACK_JOB]).toBe(writeback);
  });

  test("a PDF is written and read back with exiftool", async () => {
    const made = await upload("report.pdf", pdf());
    const before = (await revisionRow(made.revisionId)).blob_hash;
    const { revisionId, jobId } = await edit(made.assetId, { 5: "Årsrapport", 25: ["a", "b"] });
    expect(await run(jobId)).toEqual({ revisionId, state: "done" });
    const row = await revisionRow(revisionId);
    expect(row.blob_hash).not.toBe(before);
    const text = (await bytesOf(row.blob_hash)).toString("utf8");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text).toContain("Årsrapport");
    // The original PDF is still the previous revision's, unchanged.
    expect(Buffer.compare(await bytesOf(before), pdf())).toBe(0);
  });

  test("a record for a file that is no longer the revision's changes nothing", async () => {
    const made = await upload("race.pdf", pdf());
    const { revisionId } = await edit(made.assetId, { 5: "Raced" });
    const revision = (await findWritebackRevision(revisionId))!;
    const stale = { ...revision, blobHash: "f".repeat(64) };
    expect(await recordWriteback(stale, { state: "failed", reason: "stale" })).toBe(false);
    expect((await revisionRow(revisionId)).writeback).toBe("pending");
    expect(await recordWriteback(revision, { state: "failed", reason: "first" })).toBe(true);
    expect(await recordWriteback(revision, { state: "failed", reason: "second" })).toBe(false);
    expect((await revisionRow(revisionId)).writeback_error).toBe("first");
  });
});

describe("what is never written into", () => {
  test("a format exiftool cannot write gets a sidecar; the file stays", async () => {
    const made = await upload("notes.txt", Buffer.from("plain text notes\n"));
    const before = (await revisionRow(made.revisionId)).blob_hash;
    const { revisionId, jobId } = await edit(made.assetId, { 5: "Notes title", 25: ["a", "b"] });
    const result = await run(jobId);
    expect(result.state).toBe("sidecar");
    const row = await revisionRow(revisionId);
    expect(row.writeback).toBe("sidecar");
    expect(row.blob_hash).toBe(before);
    const sidecar = (await bytesOf(row.sidecar_hash!)).toString("utf8");
    expect(sidecar).toContain("<x:xmpmeta");
    expect(sidecar).toContain("Notes title");
    expect(sidecar).toMatch(/<rdf:li>a<\/rdf:li>\s*<rdf:li>b<\/rdf:li>/);

    // Downloadable next to the original: a link on the asset page, checked as the original is.
    const href = assetHref(archive.id, archive.name, { id: made.assetId, fileName: "notes.txt" });
    const page = await (await owner.get(href, { accept: "text/html" })).text();
    const link = /href="(\/fotoweb\/files\/\d+\/sidecar\/[0-9a-f]{64}\/notes\.xmp)"/.exec(page);
    expect(link, "the asset page links the sidecar").not.toBeNull();
    const file = await owner.get(link![1]!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/rdf+xml");
    expect(file.headers.get("content-disposition")).toMatch(/attachment; filename="notes\.xmp"/);
    expect(await file.text()).toBe(sidecar);
    const wrongHash = link![1]!.replace(/\/[0-9a-f]{64}\//, `/${"0".repeat(64)}/`);
    expect((await owner.get(wrongHash)).status).toBe(404);
    // Whoever may not download the original may not download its sidecar either.
    const anonymous = new Client(server.url);
    const original = await anonymous.get(`${href}/__renditions/ORIGINAL`);
    expect(original.status).not.toBe(302);
    const refused = await anonymous.get(link![1]!);
    expect(refused.status).toBe(original.status);
    expect(await refused.text()).not.toContain("Notes title");
  });

  test("a copy exiftool refuses (broken EXIF) gets a sidecar; the original stays", async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 10 } },
    })
      .jpeg()
      .toBuffer();
    // An APP1 EXIF segment whose IFD0 claims more entries than it holds.
    const exif = Buffer.concat([
      Buffer.from([0xff, 0xe1, 0x00, 0x20]),
      Buffer.from("Exif\0\0MM\0*\0\0\0\x08\xff\xff", "binary"),
      Buffer.alloc(14),
    ]);
    const broken = Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
    const made = await upload("broken-exif.jpg", broken);
    const before = (await revisionRow(made.revisionId)).blob_hash;
    const { revisionId, jobId } = await edit(made.assetId, { 5: "Refused" });
    const result = await run(jobId);
    expect(result.state).toBe("sidecar");
    expect(result.reason).toMatch(/exiftool refused/);
    const row = await revisionRow(revisionId);
    expect(row.blob_hash).toBe(before);
    expect(Buffer.compare(await bytesOf(before), broken)).toBe(0);
    expect((await bytesOf(row.sidecar_hash!)).toString("utf8")).toContain("Refused");
  });

  test("a damaged original (truncated) fails the write-back and is left as it was", async () => {
    const made = await upload(
      "whole.jpg",
      (await generateDemoPhotos({ count: 1 }).next()).value!.data,
    );
    const whole = await bytesOf((await revisionRow(made.revisionId)).blob_hash);
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    const stored = await blobStore().put(truncated);
    // The revision's file is now the damaged one (as if the disk lost its end).
    await db()
      .updateTable("revisions")
      .set({ blob_hash: stored.hash })
      .where("id", "=", made.revisionId)
      .execute();
    const { revisionId, jobId } = await edit(made.assetId, { 5: "Never written" });
    const result = await run(jobId);
    expect(result.state).toBe("failed");
    const row = await revisionRow(revisionId);
    expect(row.writeback).toBe("failed");
    expect(row.writeback_error).toMatch(/does not decode/);
    expect(row.blob_hash).toBe(stored.hash);
    expect(Buffer.compare(await bytesOf(stored.hash), truncated)).toBe(0);
  });
});

describe("a path archive's file", () => {
  test("is never changed on disk: the metadata goes into a sidecar", async () => {
    const folder = path.join(roots, "pictures");
    fs.mkdirSync(folder);
    const file = path.join(folder, "on-disk.jpg");
    fs.writeFileSync(file, (await generateDemoPhotos({ count: 1 }).next()).value!.data);
    const hashOnDisk = () => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    const before = { hash: hashOnDisk(), mtime: fs.statSync(file).mtimeMs };
    const onDisk = await createArchive({ name: "On disk", config: { Path: folder } });
    await scanArchive(onDisk.id);
    const ingests = await db()
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", "ingest")
      .where("status", "=", "pending")
      .execute();
    for (const job of ingests) await jobHandlers.ingest!(await jobOf(job.id), CONTEXT);
    const asset = await db()
      .selectFrom("assets")
      .select(["id", "state"])
      .where("archive_id", "=", onDisk.id)
      .executeTakeFirstOrThrow();
    expect(asset.state).toBe("ready");

    const { revisionId, jobId } = await edit(asset.id, { 5: "Only in the sidecar" });
    const result = await run(jobId);
    expect(result.state).toBe("sidecar");
    const row = await revisionRow(revisionId);
    expect(row.indexed_file_id).not.toBeNull();
    expect(row.blob_hash).toBe(before.hash);
    expect(hashOnDisk()).toBe(before.hash);
    expect(fs.statSync(file).mtimeMs).toBe(before.mtime);
    expect(fs.readdirSync(folder)).toEqual(["on-disk.jpg"]);
    expect((await bytesOf(row.sidecar_hash!)).toString("utf8")).toContain("Only in the sidecar");
  });
});

describe("custom fields", () => {
  test("go into our own XMP namespace; passwords never leave the database", async () => {
    const at = new Date().toISOString();
    const field = async (label: string, dataType: string) =>
      (
        await db()
          .insertInto("metadata_fields")
          .values({ label, data_type: dataType, created_at: at, updated_at: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const project = await field("Project", "text");
    const secret = await field("Secret", "password");
    const made = await upload(
      "custom.jpg",
      (await generateDemoPhotos({ count: 1 }).next()).value!.data,
    );
    const { revisionId, jobId } = await edit(made.assetId, {
      5: "With custom fields",
      [project]: ["Fjords, 2026 {north}", "b|c"],
      [secret]: "hunter2",
    });
    expect((await run(jobId)).state).toBe("done");
    const data = await bytesOf((await revisionRow(revisionId)).blob_hash);
    const text = data.toString("latin1");
    expect(text).toContain("https://arkiv.dev/ns/fields/1.0/");
    expect(text).toContain(`<arkiv:Id>${project}</arkiv:Id>`);
    expect(text).toContain("<arkiv:Value>Fjords, 2026 {north}</arkiv:Value>");
    expect(text).toContain("<arkiv:Value>b|c</arkiv:Value>");
    expect(text).not.toContain("hunter2");
  });
});

describe("verification", () => {
  test("a copy whose image data changed does not verify", async () => {
    const { value: demo } = await generateDemoPhotos({ count: 1 }).next();
    const source = path.join(work, "verify-source.jpg");
    fs.writeFileSync(source, demo!.data);
    const out = fs.mkdtempSync(path.join(work, "out-"));
    const outcome = await writeMetadataCopy(source, "image/jpeg", writePlan({ 5: "ok" }), out);
    expect(outcome.kind).toBe("written");
    const written = (outcome as { file: string }).file;
    expect(await verifyImage(source, written, "image/jpeg")).toBe(true);

    // One byte of the entropy-coded data flipped, near the end of the scan.
    const tampered = Buffer.from(fs.readFileSync(written));
    let at = tampered.length - 200;
    while (tampered[at] === 0xff || tampered[at - 1] === 0xff) at -= 1;
    tampered[at] = tampered[at]! ^ 0x01;
    const tamperedFile = path.join(work, "tampered.jpg");
    fs.writeFileSync(tamperedFile, tampered);
    expect(jpegImageDigest(tampered)).not.toBeNull();
    expect(jpegImageDigest(tampered)).not.toBe(jpegImageDigest(fs.readFileSync(written)));
    expect(await verifyImage(source, tamperedFile, "image/jpeg")).toBe(false);
    // A truncated JPEG has no digest (so it is decoded, and refused).
    expect(jpegImageDigest(tampered.subarray(0, tampered.length - 300))).toBeNull();

    // PNG: decoded pixels compared.
    const png = path.join(work, "a.png");
    const png2 = path.join(work, "b.png");
    const base = sharp({ create: { width: 20, height: 20, channels: 3, background: "#123456" } });
    await base.clone().png().toFile(png);
    await sharp({ create: { width: 20, height: 20, channels: 3, background: "#123457" } })
      .png()
      .toFile(png2);
    expect(await verifyImage(png, png, "image/png")).toBe(true);
    expect(await verifyImage(png, png2, "image/png")).toBe(false);
  });

  test("PNG, TIFF and WebP are written and verified", async () => {
    const out = fs.mkdtempSync(path.join(work, "formats-"));
    const plan = writePlan({ 5: "Tïtle", 25: ["k1", "k2"], 80: ["Kari"] });
    for (const [format, mime] of [
      ["png", "image/png"],
      ["tiff", "image/tiff"],
      ["webp", "image/webp"],
    ] as const) {
      const source = path.join(work, `format.${format}`);
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
        .toFormat(format)
        .toFile(source);
      const outcome = await writeMetadataCopy(source, mime, plan, out);
      expect(outcome.kind, format).toBe("written");
      const written = (outcome as { file: string }).file;
      expect(fs.readFileSync(written).includes(Buffer.from("Tïtle")), format).toBe(true);
      expect(await verifyImage(source, written, mime), format).toBe(true);
    }
    expect(
      (
        await metadataOf(
          fs.readFileSync(
            path.join(
              out,
              fs.readdirSync(out).find((f) => f.endsWith(".png"))!,
            ),
          ),
        )
      ).fields,
    ).toEqual({
      5: "Tïtle",
      25: ["k1", "k2"],
      80: ["Kari"],
    });
  });
});
