/*
 * Ingest throughput: N camera-sized JPEGs (24 MP, generated) through the real ingest path (queue,
 * metadata, renditions, blob store, database) against a bare sharp loop making the same
 * renditions with the same concurrency, in the same run. Then the rate with 100 000 assets already
 * in the archive against the rate at 1 000. Prints the ratios; targets: ≥ 0.85, peak RSS < 512 MB,
 * ≥ 0.9.
 *
 *   npm run bench:ingest -- [--count 100] [--concurrency 2] [--rounds 3]
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
const ROUNDS = option("rounds", 3);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-bench-ingest-"));
process.env.DATA_DIR = work;
process.env.DEMO_CONTENT = "false";
process.env.ADMIN_PASSWORD = "bench-owner-password";
delete process.env.DATABASE_URL;

const { generateCameraJpeg } = await import("../app/models/demo/demo-photos.server");
const { endMetadataWriter } = await import("../app/media/metadata-write.server");
const { createDatabase, db } = await import("../app/db/connection.server");
const { prepareDatabase } = await import("../app/db/bootstrap.server");
const { env } = await import("../app/utils/env.server");
const { createArchive } = await import("../app/models/archive/archive.server");
const { register, storeFile } = await import("../app/models/upload/upload.server");
const { startWorker } = await import("../app/jobs/worker.server");
const { jobHandlers } = await import("../app/jobs/handlers.server");
const { PREVIEW_SIZE, THUMBNAIL_SIZE, THUMBNAIL_RETINA_SIZE } =
  await import("../app/media/renditions.server");

const cache = path.join(os.tmpdir(), "arkiv-bench-photos");
fs.mkdirSync(cache, { recursive: true });

async function photos(offset: number, count = COUNT): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(cache, `camera-${offset + i}.jpg`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, await generateCameraJpeg(offset + i));
    files.push(file);
    if (process.stderr.isTTY) process.stderr.write(`\rphotos ${i + 1}/${count}`);
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
  peakRss = 0; // the ingest itself, not the copying into the store above
  const cpuAt = cpuMs();
  const started = performance.now();
  const worker = startWorker({ handlers: jobHandlers, concurrency: CONCURRENCY, pollMs: 5 });
  for (;;) {
    const rows = await db().selectFrom("jobs").select("status").where("id", "in", jobs).execute();
    if (rows.every((r) => r.status === "done" || r.status === "failed")) {
      const failed = rows.filter((r) => r.status === "failed").length;
      if (failed) throw new Error(`${failed} ingest jobs failed`);
      break;
    }
    // Seldom: this query runs on the same thread as the ingest it waits for.
    await new Promise((r) => setTimeout(r, 50));
  }
  const rate = files.length / ((performance.now() - started) / 1000);
  const cpu = cpuMs() - cpuAt;
  await worker.stop();
  return { rate, cpu };
}

/** CPU time of this process (all threads), in ms. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
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
  console.log(
    `Ingest benchmark: ${COUNT} photos of 6000×4000, concurrency ${CONCURRENCY}, ${ROUNDS} rounds, SQLite`,
  );
  const baseline = await photos(0);
  await bareLoop(baseline.slice(0, Math.min(4, COUNT))); // warm-up: libvips and the file cache
  const archive = await createArchive({ name: "Bench" });
  // Warm-up of ours too, on photographs of its own, so no rendition is already stored.
  await ours(await photos(100 * COUNT, 4), archive);
  let peak = 0;
  /*
   * A round is the bare loop, then ours on photographs never ingested before (a rendition already
   * stored would be skipped, which would flatter us). On a shared machine the speed drifts by
   * ±15 % from minute to minute: each round's ratio compares neighbours, and the median is taken.
   */
  // CPU time per photograph (all threads of this process): what ours spends beyond libvips.
  const cpu = { bare: 0, ours: 0, photos: 0 };
  async function round(offset: number) {
    const at = cpuMs();
    const bare = await bareLoop(baseline);
    cpu.bare += cpuMs() - at;
    const files = await photos(offset);
    const { rate, cpu: used } = await ours(files, archive);
    cpu.ours += used;
    cpu.photos += files.length;
    peak = Math.max(peak, peakRss);
    return { bare, rate, ratio: rate / bare };
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  await fillArchive(archive.id, 1_000);
  const at1k = [];
  for (let r = 0; r < ROUNDS; r++) at1k.push(await round((1 + r) * COUNT));
  await fillArchive(archive.id, 100_000);
  const at100k = [];
  for (let r = 0; r < ROUNDS; r++) at100k.push(await round((1 + ROUNDS + r) * COUNT));

  const mb = (n: number) => Math.round(n / 1024 / 1024);
  const show = (rs: { bare: number; rate: number; ratio: number }[]) =>
    rs.map((x) => `${x.rate.toFixed(2)}/${x.bare.toFixed(2)}=${x.ratio.toFixed(2)}`).join("  ");
  console.log(`rounds at ~1 000 assets   (ours/bare photos/s): ${show(at1k)}`);
  console.log(`rounds at ~100 000 assets (ours/bare photos/s): ${show(at100k)}`);
  const ratio1k = median(at1k.map((x) => x.ratio));
  const ratio100k = median(at100k.map((x) => x.ratio));
  console.log(`Arkiv ingest / bare sharp loop, median: ${ratio1k.toFixed(2)} (target ≥ 0.85)`);
  console.log(`peak RSS during ingest: ${mb(peak)} MB (target < 512 MB)`);
  console.log(
    `CPU per photograph: bare ${(cpu.bare / cpu.photos).toFixed(0)} ms, ours ${(cpu.ours / cpu.photos).toFixed(0)} ms`,
  );
  console.log(
    `rate at 100 000 / rate at 1 000 (each against its bare rounds): ${(ratio100k / ratio1k).toFixed(2)} (target ≥ 0.9)`,
  );
} finally {
  clearInterval(sampler);
  await endMetadataWriter(); // exiftool wrote the photographs' IPTC
  await database.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
