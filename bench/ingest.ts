/*
 * Ingest throughput: N camera-sized JPEGs (24 MP, generated) through the real ingest path (queue,
 * metadata, renditions, blob store, database) against a bare sharp loop making the same
 * renditions with the same concurrency, in the same run. Then the rate with 100 000 assets already
 * in the archive against the rate at 1 000. Prints the ratios; targets: ≥ 0.85, peak RSS < 512 MB,
 * ≥ 0.9.
 *
 *   npm run bench:ingest -- [--count 100] [--concurrency 2]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const COUNT = option("count", 100);
const CONCURRENCY = option("concurrency", 2);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-bench-ingest-"));
process.env.DATA_DIR = work;
process.env.DEMO_CONTENT = "false";
process.env.ADMIN_PASSWORD = "bench-owner-password";
delete process.env.DATABASE_URL;

const { generateCameraJpeg } = await import("../app/storage/demo-photos.server");
const { createDatabase, db } = await import("../app/db/connection.server");
const { prepareDatabase } = await import("../app/db/bootstrap.server");
const { env } = await import("../app/utils/env.server");
const { createArchive } = await import("../app/models/archive.server");
const { register, storeFile } = await import("../app/models/upload.server");
const { startWorker } = await import("../app/jobs/worker.server");
const { jobHandlers } = await import("../app/jobs/handlers.server");
const { PREVIEW_SIZE, THUMBNAIL_SIZE, THUMBNAIL_RETINA_SIZE } =
  await import("../app/storage/renditions.server");

const cache = path.join(os.tmpdir(), "arkiv-bench-photos");
fs.mkdirSync(cache, { recursive: true });

async function photos(offset: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const file = path.join(cache, `camera-${offset + i}.jpg`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, await generateCameraJpeg(offset + i));
    files.push(file);
    if (process.stderr.isTTY) process.stderr.write(`\rphotos ${i + 1}/${COUNT}`);
  }
  if (process.stderr.isTTY) process.stderr.write("\n");
  return files;
}

async function pool<T>(items: T[], run: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** The baseline: decode once into the preview, thumbnails and placeholder pixels from it. */
async function bareLoop(files: string[]) {
  const started = performance.now();
  await pool(files, async (file) => {
    const preview = await sharp(file)
      .rotate()
      .resize({
        width: PREVIEW_SIZE,
        height: PREVIEW_SIZE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .jpeg({ quality: 82 })
      .toBuffer();
    await Promise.all([
      sharp(preview)
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: "inside" })
        .jpeg({ quality: 82 })
        .toBuffer(),
      sharp(preview)
        .resize({ width: THUMBNAIL_RETINA_SIZE, height: THUMBNAIL_RETINA_SIZE, fit: "inside" })
        .jpeg({ quality: 82 })
        .toBuffer(),
      sharp(preview)
        .resize({ width: 100, height: 100, fit: "inside" })
        .ensureAlpha()
        .raw()
        .toBuffer(),
    ]);
  });
  return files.length / ((performance.now() - started) / 1000);
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

async function ours(files: string[], archive: Awaited<ReturnType<typeof createArchive>>) {
  // Stored as an upload would be; the timed part is the ingest through the queue.
  const jobs: number[] = [];
  for (const file of files) {
    const { blob, type } = await storeFile(file, path.basename(file));
    jobs.push((await register(null, { archive }, path.basename(file), blob, type)).jobId);
  }
  const started = performance.now();
  const worker = startWorker({ handlers: jobHandlers, concurrency: CONCURRENCY, pollMs: 5 });
  for (;;) {
    const rows = await db().selectFrom("jobs").select("status").where("id", "in", jobs).execute();
    if (rows.every((r) => r.status === "done" || r.status === "failed")) {
      const failed = rows.filter((r) => r.status === "failed").length;
      if (failed) throw new Error(`${failed} ingest jobs failed`);
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const rate = files.length / ((performance.now() - started) / 1000);
  await worker.stop();
  return rate;
}

/** Synthetic ready assets, so the archive holds `total` rows before a run. */
async function fillArchive(archiveId: number, total: number) {
  const have = Number(
    (
      await db()
        .selectFrom("assets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("archive_id", "=", archiveId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const at = new Date().toISOString();
  for (let start = have; start < total; start += 500) {
    const rows = Array.from({ length: Math.min(500, total - start) }, (_, i) => ({
      archive_id: archiveId,
      folder_id: null,
      file_name: `synthetic-${start + i}.jpg`,
      state: "ready" as const,
      failure: null,
      width: 6000,
      height: 4000,
      color_space: "srgb",
      orientation: 1,
      title: `Synthetic ${start + i}`,
      placeholder: null,
      modified_date: null,
      iptc_date: null,
      release_date: null,
      camera_date: at,
      created_by: null,
      created_at: at,
      updated_at: at,
    }));
    await db()
      .transaction()
      .execute(async (trx) => {
        const ids = await trx.insertInto("assets").values(rows).returning("id").execute();
        await trx
          .insertInto("revisions")
          .values(
            ids.map(({ id }) => ({
              asset_id: id,
              number: 1,
              blob_hash: "0".repeat(64),
              file_name: "x.jpg",
              file_size: 1,
              mime: "image/jpeg",
              created_by: null,
              created_at: at,
            })),
          )
          .execute();
      });
  }
}

const database = createDatabase({ dataDir: env().DATA_DIR });
await prepareDatabase(database, env());
try {
  console.log(`Ingest benchmark: ${COUNT} photos of 6000×4000, concurrency ${CONCURRENCY}, SQLite`);
  const setA = await photos(0);
  const setB = await photos(COUNT);
  await bareLoop(setA.slice(0, Math.min(4, COUNT))); // warm-up: libvips and the file cache
  const bare = await bareLoop(setA);
  peakRss = 0;
  const archive = await createArchive({ name: "Bench" });
  await fillArchive(archive.id, 1_000 - COUNT);
  const at1k = await ours(setA, archive);
  const peak = peakRss;
  await fillArchive(archive.id, 100_000);
  const at100k = await ours(setB, archive);
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  console.log(`bare sharp loop        ${bare.toFixed(2)} photos/s`);
  console.log(
    `Arkiv ingest (1 000)   ${at1k.toFixed(2)} photos/s   ratio ${(at1k / bare).toFixed(2)} (target ≥ 0.85)`,
  );
  console.log(`peak RSS during ingest ${mb(peak)} MB (target < 512 MB)`);
  console.log(
    `Arkiv ingest (100 000) ${at100k.toFixed(2)} photos/s   ratio to 1 000: ${(at100k / at1k).toFixed(2)} (target ≥ 0.9)`,
  );
} finally {
  clearInterval(sampler);
  await database.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
