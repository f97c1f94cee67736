import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { checkArchivePath } from "~/models/archive/archive-path.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { IndexedFileError, withOriginalFile } from "~/models/archive/path-files.server";
import {
  claimScan,
  queueArchiveScan,
  queueDueScans,
  releaseScan,
  scanArchive,
  ScanRefusedError,
} from "~/models/archive/path-scan.server";
import { waitForIngest } from "~/models/upload/import.server";
import { register, storeFile } from "~/models/upload/upload.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { blobStore } from "~/storage/blob-store.server";
import { resetEnvCache } from "~/utils/env.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { finishedJob } from "../helpers/jobs";
import { inEnglish } from "../helpers/keyed";

/*
 * Path archives (decision 042) on the dialect under test, over real folders: the scanner picks up
 * files added, changed, moved and removed, mirrors folders, reports hostile names, never follows a
 * symbolic link, keeps what sits below a folder it cannot read, and every read of a file checks
 * again that it is the file indexed, inside the archive's folder.
 */

let testDb: TestDatabase;
let worker: Worker;
let work: string;
let roots: string;
let outside: string;
let counter = 0;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-path-"));
  roots = path.join(work, "roots");
  outside = path.join(work, "outside");
  fs.mkdirSync(roots);
  fs.mkdirSync(outside);
  process.env.DATA_DIR = path.join(work, "data");
  process.env.ARCHIVE_ROOTS = roots;
  resetEnvCache();
  testDb = await createTestDatabase();
  worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await testDb?.destroy();
  await fsp.chmod(work, 0o755).catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
  delete process.env.ARCHIVE_ROOTS;
  resetEnvCache();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const jpeg = (seed: number, size = 64) =>
  sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .jpeg()
    .toBuffer();

/** A fresh folder under the allowed root and a path archive over it. */
async function pathArchive(files: Record<string, Buffer | string> = {}) {
  const folder = path.join(roots, `archive-${++counter}`);
  fs.mkdirSync(folder);
  for (const [name, data] of Object.entries(files)) put(folder, name, data);
  const archive = await createArchive({ name: `Path ${counter}`, config: { Path: folder } });
  return { folder, archive };
}

function put(folder: string, name: string, data: Buffer | string) {
  const file = path.join(folder, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}

/** Waits until no ingest is left to run; answers the archive's assets. */
async function settled(archive: Archive) {
  return vi.waitUntil(
    async () => {
      const running = await db()
        .selectFrom("jobs")
        .select("id")
        .where("type", "=", "ingest")
        .where("status", "in", ["pending", "inProgress"])
        .executeTakeFirst();
      const rows = await db()
        .selectFrom("assets")
        .leftJoin("folders", "folders.id", "assets.folder_id")
        .select([
          "assets.id",
          "assets.file_name",
          "assets.state",
          "assets.current_revision",
          "assets.width",
          "folders.path as folder",
        ])
        .where("assets.archive_id", "=", archive.id)
        .orderBy("assets.id")
        .execute();
      return !running && rows.every((r) => r.state !== "processing") ? rows : undefined;
    },
    { timeout: 30_000, interval: 25 },
  );
}

const byName = async (archive: Archive) =>
  Object.fromEntries((await settled(archive)).map((r) => [r.file_name, r]));

const folderPaths = async (archive: Archive) =>
  (
    await db()
      .selectFrom("folders")
      .select("path")
      .where("archive_id", "=", archive.id)
      .orderBy("path")
      .execute()
  ).map((r) => r.path);

async function currentRevision(assetId: number) {
  return db()
    .selectFrom("revisions")
    .innerJoin("assets", "assets.id", "revisions.asset_id")
    .select(["revisions.id as revisionId", "revisions.blob_hash as blobHash"])
    .where("assets.id", "=", assetId)
    .whereRef("revisions.number", "=", "assets.current_revision")
    .executeTakeFirstOrThrow();
}

/** Sets a file's modification time away from now, so a rewrite of equal size is seen. */
const age = (file: string, seconds: number) => {
  const at = new Date(Date.now() - seconds * 1000);
  fs.utimesSync(file, at, at);
};

describe("a path archive over a folder (the issue's done-when)", () => {
  test("picks up a file added, changed and removed on disk", async () => {
    const { folder, archive } = await pathArchive({ "first.jpg": await jpeg(1) });
    let report = await scanArchive(archive.id);
    expect(report).toMatchObject({ added: 1, changed: 0, removed: 0 });
    const first = (await byName(archive))["first.jpg"]!;
    expect(first.state).toBe("ready");

    // Added.
    put(folder, "second.jpg", await jpeg(2));
    report = await scanArchive(archive.id);
    expect(report).toMatchObject({ added: 1, unchanged: 1, changed: 0, removed: 0 });
    expect((await byName(archive))["second.jpg"]!.state).toBe("ready");

    // Changed: new content, a new revision of the same asset, the original read from disk.
    const changed = await jpeg(3, 96);
    const file = put(folder, "first.jpg", changed);
    age(file, 10);
    report = await scanArchive(archive.id);
    expect(report).toMatchObject({ added: 0, changed: 1, unchanged: 1 });
    const after = (await byName(archive))["first.jpg"]!;
    expect(after.id).toBe(first.id);
    expect(after.current_revision).toBe(2);
    expect(after.width).toBe(96);
    const revision = await currentRevision(first.id);
    const read = await withOriginalFile(revision, (f) => fsp.readFile(f));
    expect(read.equals(changed)).toBe(true);

    // Removed: hidden from view (missing), its asset kept.
    fs.rmSync(path.join(folder, "second.jpg"));
    report = await scanArchive(archive.id);
    expect(report).toMatchObject({ removed: 1, unchanged: 1 });
    expect((await byName(archive))["second.jpg"]!.state).toBe("missing");
  });
});

describe("the scanner", () => {
  test("a touched file with the same content makes no revision", async () => {
    const { folder, archive } = await pathArchive({ "a.jpg": await jpeg(4) });
    await scanArchive(archive.id);
    await settled(archive);
    age(path.join(folder, "a.jpg"), 100);
    const report = await scanArchive(archive.id);
    expect(report).toMatchObject({ changed: 0, unchanged: 1 });
    expect((await byName(archive))["a.jpg"]!.current_revision).toBe(1);
  });

  test("a renamed or moved file keeps its asset (inode), and so does a copy-and-delete (hash)", async () => {
    const { folder, archive } = await pathArchive({
      "one.jpg": await jpeg(5),
      "two.jpg": await jpeg(6),
    });
    await scanArchive(archive.id);
    const before = await byName(archive);
    await db()
      .updateTable("assets")
      .set({ title: "Kept title" })
      .where("id", "=", before["one.jpg"]!.id)
      .execute();

    fs.mkdirSync(path.join(folder, "moved"));
    fs.renameSync(path.join(folder, "one.jpg"), path.join(folder, "moved", "renamed.jpg"));
    // Copied (a new inode) and the old one removed: found again by its content.
    fs.copyFileSync(path.join(folder, "two.jpg"), path.join(folder, "copied.jpg"));
    fs.rmSync(path.join(folder, "two.jpg"));
    const report = await scanArchive(archive.id);
    expect(report).toMatchObject({ added: 0, moved: 2, removed: 0 });
    const after = await byName(archive);
    expect(after["renamed.jpg"]).toMatchObject({ id: before["one.jpg"]!.id, folder: "moved" });
    expect(after["copied.jpg"]).toMatchObject({ id: before["two.jpg"]!.id, state: "ready" });
    const title = await db()
      .selectFrom("assets")
      .select("title")
      .where("id", "=", before["one.jpg"]!.id)
      .executeTakeFirstOrThrow();
    expect(title.title).toBe("Kept title");
    // The original still reads, from its new place.
    const revision = await currentRevision(before["one.jpg"]!.id);
    await expect(withOriginalFile(revision, (f) => fsp.stat(f))).resolves.toBeTruthy();
  });

  test("a removed file that comes back brings its asset back", async () => {
    const data = await jpeg(7);
    const { folder, archive } = await pathArchive({ "back.jpg": data });
    await scanArchive(archive.id);
    const id = (await byName(archive))["back.jpg"]!.id;
    fs.rmSync(path.join(folder, "back.jpg"));
    await scanArchive(archive.id);
    expect((await byName(archive))["back.jpg"]!.state).toBe("missing");
    put(folder, "back.jpg", data);
    const report = await scanArchive(archive.id);
    expect(report).toMatchObject({ restored: 1, added: 0 });
    expect((await byName(archive))["back.jpg"]).toMatchObject({ id, state: "ready" });
  });

  test("folders are mirrored, empty ones too; a folder gone from disk that holds nothing goes", async () => {
    const { folder, archive } = await pathArchive({ "2024/Lofoten/a.jpg": await jpeg(8) });
    fs.mkdirSync(path.join(folder, "empty"));
    const report = await scanArchive(archive.id);
    expect(report.folders).toBe(3);
    expect(await folderPaths(archive)).toEqual(["2024", "2024/Lofoten", "empty"]);
    expect((await byName(archive))["a.jpg"]!.folder).toBe("2024/Lofoten");
    fs.rmdirSync(path.join(folder, "empty"));
    await scanArchive(archive.id);
    expect(await folderPaths(archive)).toEqual(["2024", "2024/Lofoten"]);
  });

  test("hostile names are reported, not indexed; an unsupported file is recorded once", async () => {
    const { folder, archive } = await pathArchive({
      "ok.jpg": await jpeg(9),
      "tab\there.jpg": await jpeg(10),
      [`${"d".repeat(200)}/${"e".repeat(200)}/${"f".repeat(200)}/${"g".repeat(200)}/${"h".repeat(200)}/long.jpg`]:
        await jpeg(11),
      "notes.bin": Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 0, 0]),
    });
    let latin = false;
    try {
      fs.writeFileSync(
        Buffer.concat([Buffer.from(`${folder}/caf`), Buffer.from([0xe9]), Buffer.from(".jpg")]),
        await jpeg(12),
      );
      latin = true;
    } catch {
      // a file system that refuses names that are not UTF-8
    }
    const report = await scanArchive(archive.id);
    expect(report.added).toBe(1);
    // Reasons are stored keyed, read where shown; here as an English reader sees them.
    const reasons = Object.fromEntries(report.failed.map((f) => [f.file, inEnglish(f.reason)]));
    expect(reasons["tab\there.jpg"]).toMatch(/control characters/);
    expect(Object.entries(reasons).find(([f]) => f.endsWith("/long.jpg"))?.[1]).toMatch(
      /longer than 1000 characters/,
    );
    expect(reasons["notes.bin"]).toBeTruthy();
    if (latin) expect(report.failed.some((f) => /not valid UTF-8/.test(f.reason))).toBe(true);
    expect(Object.keys(await byName(archive))).toEqual(["ok.jpg"]);
    // Unchanged on the next scan: not read again, still not an asset.
    const again = await scanArchive(archive.id);
    expect(again.added).toBe(0);
    expect(again.unchanged).toBe(2);
  });

  test("symbolic links are not followed: to a file or folder outside, and a loop", async () => {
    put(outside, "secret.jpg", await jpeg(13));
    const { folder, archive } = await pathArchive({ "inside.jpg": await jpeg(14) });
    fs.symlinkSync(path.join(outside, "secret.jpg"), path.join(folder, "link.jpg"));
    fs.symlinkSync(outside, path.join(folder, "out"));
    fs.mkdirSync(path.join(folder, "loop"));
    fs.symlinkSync(path.join(folder, "loop"), path.join(folder, "loop", "again"));
    const report = await scanArchive(archive.id);
    expect(report.added).toBe(1);
    expect(report.notFollowed.sort()).toEqual(["link.jpg", "loop/again", "out"]);
    expect(Object.keys(await byName(archive))).toEqual(["inside.jpg"]);
  });

  test("a file replaced by a symbolic link after indexing: the read refuses it", async () => {
    put(outside, "other.jpg", await jpeg(15));
    const { folder, archive } = await pathArchive({ "swap.jpg": await jpeg(16) });
    await scanArchive(archive.id);
    const id = (await byName(archive))["swap.jpg"]!.id;
    const revision = await currentRevision(id);
    fs.rmSync(path.join(folder, "swap.jpg"));
    fs.symlinkSync(path.join(outside, "other.jpg"), path.join(folder, "swap.jpg"));
    await expect(withOriginalFile(revision, (f) => fsp.readFile(f))).rejects.toMatchObject({
      code: "path_invalid",
    });
    // A folder on the way swapped for a link is refused too.
    fs.rmSync(path.join(folder, "swap.jpg"));
    await expect(withOriginalFile(revision, (f) => fsp.readFile(f))).rejects.toBeInstanceOf(
      IndexedFileError,
    );
  });

  test("a file rewritten on disk before the scan is not served as the indexed content", async () => {
    const { folder, archive } = await pathArchive({ "edit.jpg": await jpeg(17) });
    await scanArchive(archive.id);
    const revision = await currentRevision((await byName(archive))["edit.jpg"]!.id);
    const file = put(folder, "edit.jpg", await jpeg(18, 80));
    age(file, 30);
    await expect(withOriginalFile(revision, (f) => fsp.readFile(f))).rejects.toMatchObject({
      code: "changed",
    });
  });

  test("a folder that cannot be read is reported and what was indexed below it is kept", async () => {
    const { folder, archive } = await pathArchive({
      "top.jpg": await jpeg(19),
      "locked/inner.jpg": await jpeg(20),
    });
    await scanArchive(archive.id);
    const locked = path.join(folder, "locked");
    fs.chmodSync(locked, 0o000);
    // Root reads anything: the refusal a chmod gives others is made for it here.
    const readdir = fsp.readdir.bind(fsp);
    vi.spyOn(fsp, "readdir").mockImplementation(((target: string, options: never) => {
      if (String(target) === locked)
        return Promise.reject(Object.assign(new Error("EACCES"), { code: "EACCES" }));
      return readdir(target, options);
    }) as typeof fsp.readdir);
    try {
      const report = await scanArchive(archive.id);
      expect(report.failed).toEqual([
        { file: "locked/", reason: expect.stringMatching(/could not be read/) as string },
      ]);
      expect(report.removed).toBe(0);
      expect((await byName(archive))["inner.jpg"]!.state).toBe("ready");
      expect(await folderPaths(archive)).toEqual(["locked"]);
    } finally {
      fs.chmodSync(locked, 0o755);
    }
  });
});

describe("refused folders", () => {
  test("outside the roots, a link leading out, a missing folder: path_invalid at save and at scan", async () => {
    fs.symlinkSync(outside, path.join(roots, "leads-out"));
    for (const given of [
      outside,
      path.join(roots, "leads-out"),
      path.join(roots, "nothing-here"),
    ]) {
      const check = await checkArchivePath(given);
      expect(check).toMatchObject({ ok: false, code: "path_invalid" });
    }
    const archive = await createArchive({
      name: "Leads out",
      config: { Path: path.join(roots, "leads-out") },
    });
    await expect(scanArchive(archive.id)).rejects.toBeInstanceOf(ScanRefusedError);
  });

  test("an archive folder that became unreadable refuses the scan and changes nothing", async () => {
    const { folder, archive } = await pathArchive({ "a.jpg": await jpeg(21) });
    await scanArchive(archive.id);
    await settled(archive);
    const access = fsp.access.bind(fsp);
    vi.spyOn(fsp, "access").mockImplementation((target, mode) =>
      String(target) === folder
        ? Promise.reject(Object.assign(new Error("EACCES"), { code: "EACCES" }))
        : access(target, mode),
    );
    const refused = await scanArchive(archive.id).then(
      () => "",
      (error: Error) => inEnglish(error.message),
    );
    expect(refused).toMatch(/cannot be read/);
    expect((await byName(archive))["a.jpg"]!.state).toBe("ready");
  });
});

describe("scan jobs", () => {
  test("a re-scan with nothing changed writes nothing and queues no ingest", async () => {
    const files: Record<string, Buffer> = {};
    for (let i = 0; i < 20; i++) files[`f${i}.jpg`] = await jpeg(100 + i);
    const { archive } = await pathArchive(files);
    await scanArchive(archive.id);
    await settled(archive);
    const stamp = async () =>
      db()
        .selectFrom("indexed_files")
        .select(["id", "updated_at"])
        .where("archive_id", "=", archive.id)
        .orderBy("id")
        .execute();
    const jobs = async () =>
      Number(
        (
          await db()
            .selectFrom("jobs")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { rows: await stamp(), jobs: await jobs() };
    const report = await scanArchive(archive.id);
    expect(report).toMatchObject({ unchanged: 20, added: 0, changed: 0, moved: 0, removed: 0 });
    expect({ rows: await stamp(), jobs: await jobs() }).toEqual(before);
  });

  test("one scan per archive at a time; a waiting scan is not queued twice", async () => {
    const { archive } = await pathArchive();
    expect(await claimScan(archive.id, 900001)).toBe(true);
    expect(await claimScan(archive.id, 900002)).toBe(false);
    await releaseScan(archive.id, 900001, true);
    expect(await claimScan(archive.id, 900002)).toBe(true);
    await releaseScan(archive.id, 900002, true);

    const pool = await createArchive({ name: "Pool only" });
    expect(await queueArchiveScan(pool.id)).toBeNull();
  });

  test("the job scans, reports, and a second one queued meanwhile runs after it", async () => {
    const { archive } = await pathArchive({ "job.jpg": await jpeg(30) });
    const queued = (await queueArchiveScan(archive.id))!;
    const job = await finishedJob(queued.jobId);
    expect(job).toMatchObject({ status: "done", result: { added: 1, archiveId: archive.id } });
    expect((await byName(archive))["job.jpg"]!.state).toBe("ready");
  });

  test("the schedule queues archives whose last scan is older than ARCHIVE_RESCAN_MINUTES", async () => {
    const { archive } = await pathArchive();
    await claimScan(archive.id, 900003);
    await releaseScan(archive.id, 900003, true);
    const soon = await queueDueScans(new Date());
    const pendingFor = async () =>
      db()
        .selectFrom("jobs")
        .select("id")
        .where("type", "=", "archiveScan")
        .where("payload", "=", JSON.stringify({ archiveId: archive.id }))
        .execute();
    expect((await pendingFor()).length).toBe(0);
    await queueDueScans(new Date(Date.now() + 61 * 60_000));
    expect((await pendingFor()).length).toBe(1);
    expect(soon).toBeGreaterThanOrEqual(0);
  });
});

describe("the schedule and refused scans", () => {
  const jobsFor = (archiveId: number) =>
    db()
      .selectFrom("jobs")
      .select(["id", "status", "error"])
      .where("type", "=", "archiveScan")
      .where("payload", "=", JSON.stringify({ archiveId }))
      .execute();

  test("an archive never scanned is queued even with ARCHIVE_RESCAN_MINUTES=0; a scanned one is not", async () => {
    process.env.ARCHIVE_RESCAN_MINUTES = "0";
    resetEnvCache();
    try {
      const fresh = await pathArchive();
      const scanned = await pathArchive();
      await claimScan(scanned.archive.id, 900010);
      await releaseScan(scanned.archive.id, 900010, true);
      await queueDueScans(new Date(Date.now() + 10 * 365 * 86_400_000));
      expect(await jobsFor(fresh.archive.id)).toHaveLength(1);
      expect(await jobsFor(scanned.archive.id)).toHaveLength(0);
    } finally {
      delete process.env.ARCHIVE_RESCAN_MINUTES;
      resetEnvCache();
    }
  });

  test("a scan of a folder gone fails with the reason, counts as done for the schedule, changes nothing", async () => {
    const { folder, archive } = await pathArchive({ "kept.jpg": await jpeg(60) });
    await scanArchive(archive.id);
    await settled(archive);
    fs.rmSync(folder, { recursive: true });
    const { jobId } = (await queueArchiveScan(archive.id))!;
    const job = await finishedJob(jobId);
    expect(job.status).toBe("failed");
    expect(inEnglish(job.error ?? "")).toMatch(/does not exist/);
    const row = await db()
      .selectFrom("archive_scans")
      .selectAll()
      .where("archive_id", "=", archive.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ job_id: null, last_job_id: jobId });
    expect(row.last_finished_at).not.toBeNull();
    expect((await byName(archive))["kept.jpg"]!.state).toBe("ready");
  });
});

describe("uploads into a path archive", () => {
  /** Uploads as the upload routes do: stored as a blob, then registered into the archive. */
  async function upload(
    archive: Archive,
    name: string,
    data: Buffer,
    extra: { folderPath?: string; assetId?: number } = {},
  ) {
    const incoming = path.join(work, `incoming-${++counter}`);
    fs.mkdirSync(incoming);
    const file = put(incoming, name, data);
    const { blob, type } = await storeFile(file, name);
    return { blob, ...(await register(null, { archive, ...extra }, name, blob, type)) };
  }

  async function archiveWith(config: { InputFolder?: string; InputLocation?: 1 | 2 | 3 }) {
    const folder = path.join(roots, `uploads-${++counter}`);
    fs.mkdirSync(folder);
    const archive = await createArchive({
      name: `Uploads ${counter}`,
      config: { Path: folder, ...config },
    });
    return { folder, archive };
  }

  test("input location 1: into InputFolder, indexed as the scanner would; the blob is not kept", async () => {
    const { folder, archive } = await archiveWith({
      InputFolder: "incoming/new",
      InputLocation: 1,
    });
    const data = await jpeg(40);
    const { assetId, blob } = await upload(archive, "up.jpg", data);
    expect(fs.readFileSync(path.join(folder, "incoming", "new", "up.jpg")).equals(data)).toBe(true);
    expect(await blobStore().has(blob.hash)).toBe(false);
    expect((await byName(archive))["up.jpg"]).toMatchObject({
      id: assetId,
      state: "ready",
      folder: "incoming/new",
    });
    // No temporary file is left, and the next scan finds everything as it was indexed.
    expect(fs.readdirSync(path.join(folder, "incoming", "new"))).toEqual(["up.jpg"]);
    const report = await scanArchive(archive.id);
    expect(report).toMatchObject({ unchanged: 1, added: 0, changed: 0, moved: 0 });
  });

  test("never overwrites: a taken name gets a number; a new revision replaces the file in place", async () => {
    const { folder, archive } = await archiveWith({});
    const first = await jpeg(41);
    put(folder, "same.jpg", first);
    await scanArchive(archive.id);
    const second = await jpeg(42);
    await upload(archive, "same.jpg", second);
    expect(fs.readFileSync(path.join(folder, "same.jpg")).equals(first)).toBe(true);
    expect(fs.readFileSync(path.join(folder, "same (2).jpg")).equals(second)).toBe(true);
    const assets = await byName(archive);
    expect(Object.keys(assets).sort()).toEqual(["same (2).jpg", "same.jpg"]);

    const third = await jpeg(43, 90);
    await upload(archive, "whatever.jpg", third, { assetId: assets["same.jpg"]!.id });
    expect(fs.readFileSync(path.join(folder, "same.jpg")).equals(third)).toBe(true);
    expect((await byName(archive))["same.jpg"]).toMatchObject({ current_revision: 2, width: 90 });
    expect(await scanArchive(archive.id)).toMatchObject({ unchanged: 2, changed: 0, added: 0 });
  });

  test("input location 2: the uploader's folder; 3: a full path, refused outside the archive's folder", async () => {
    const chosen = await archiveWith({ InputFolder: "fallback", InputLocation: 2 });
    await upload(chosen.archive, "mine.jpg", await jpeg(44), { folderPath: "chosen/sub" });
    expect(fs.existsSync(path.join(chosen.folder, "chosen", "sub", "mine.jpg"))).toBe(true);

    const full = await archiveWith({ InputLocation: 3 });
    const inside = {
      ...full.archive,
      config: { ...full.archive.config, InputFolder: path.join(full.folder, "drop") },
    };
    await upload(inside, "full.jpg", await jpeg(45));
    expect(fs.existsSync(path.join(full.folder, "drop", "full.jpg"))).toBe(true);
    const outsideTarget = {
      ...full.archive,
      config: { ...full.archive.config, InputFolder: outside },
    };
    await expect(upload(outsideTarget, "away.jpg", await jpeg(46))).rejects.toMatchObject({
      kind: "invalid",
    });
    expect(fs.existsSync(path.join(outside, "away.jpg"))).toBe(false);
  });

  test("a link in the upload folder's way is refused; nothing is written outside", async () => {
    const { folder, archive } = await archiveWith({ InputFolder: "linked", InputLocation: 1 });
    fs.symlinkSync(outside, path.join(folder, "linked"));
    await expect(upload(archive, "escape.jpg", await jpeg(47))).rejects.toMatchObject({
      kind: "invalid",
    });
    expect(fs.existsSync(path.join(outside, "escape.jpg"))).toBe(false);
    const hostile = await archiveWith({ InputFolder: "../../escape", InputLocation: 1 });
    await expect(upload(hostile.archive, "up.jpg", await jpeg(48))).rejects.toMatchObject({
      kind: "invalid",
    });
  });
});

describe("the import's wait, which the benchmark compares against", () => {
  test("with no job left it still reads every chunk: ready assets past the first are not failed", async () => {
    const archive = await createArchive({ name: "Waited" });
    const ready = await insertReadyAssets(archive.id, 1100);
    const [stuck] = await insertReadyAssets(archive.id, 1, { state: "processing" });
    const imported = [...ready, stuck!].map((a) => ({ file: `f${a.id}.jpg`, assetId: a.id }));
    const result = await waitForIngest({ imported, skipped: [], failed: [], notFollowed: [] });
    expect(result.imported).toHaveLength(1100);
    expect(result.failed).toEqual([
      {
        file: `f${stuck!.id}.jpg`,
        reason: expect.stringMatching(/ended without finishing/) as string,
      },
    ]);
  }, 60_000);
});
