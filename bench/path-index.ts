/*
 * Path archives (decision 042): indexing a folder of N small generated images in place (the
 * scanner's first scan, until every asset is ready) against importing the same files with the
 * import command's code path into a pool archive (until ready), with the same ingest concurrency,
 * in the same run. Then a re-scan with nothing changed against the first scan.
 * Targets: import_time / index_time ≥ 0.9; rescan_time / first_scan_time ≤ 0.05.
 *
 *   npm run bench:path-index -- [--count 10000] [--concurrency 2]
 *
 * The images are generated once into a cached folder under the system's temporary folder. The
 * path archive runs first: renditions are content-addressed, so the import that follows finds
 * them stored already, which favours the import (the baseline), not what is measured.
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
const COUNT = option("count", 10_000);
const CONCURRENCY = option("concurrency", 2);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-bench-path-"));
const roots = path.join(os.tmpdir(), "arkiv-bench-path-files");
const folder = path.join(roots, `images-${COUNT}`);
process.env.DATA_DIR = work;
process.env.DEMO_CONTENT = "false";
process.env.ADMIN_PASSWORD = "bench-owner-password";
process.env.ARCHIVE_ROOTS = roots;
delete process.env.DATABASE_URL;

const { createDatabase, db } = await import("../app/db/connection.server");
const { prepareDatabase } = await import("../app/db/bootstrap.server");
const { env } = await import("../app/utils/env.server");
const { createArchive } = await import("../app/models/archive/archive.server");
const { scanArchive } = await import("../app/models/archive/path-scan.server");
const { importFolder, waitForIngest } = await import("../app/models/upload/import.server");
const { startWorker } = await import("../app/jobs/worker.server");
const { jobHandlers } = await import("../app/jobs/handlers.server");

/** A small picture of its own: bands, a diagonal and noise seeded by i; JPEG or PNG. */
async function image(i: number): Promise<{ name: string; data: Buffer }> {
  const width = 96 + (i % 5) * 16;
  const height = 72 + (i % 3) * 16;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = (i * 2654435761) >>> 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      const o = (y * width + x) * 3;
      const band = Math.floor((y * 6) / height);
      pixels[o] = (band * 40 + i * 7) & 255;
      pixels[o + 1] = ((x + y + i) * 3) & 255;
      pixels[o + 2] = (seed >>> 24) & (x > y ? 255 : 63);
    }
  const raw = sharp(pixels, { raw: { width, height, channels: 3 } });
  return i % 4 === 3
    ? { name: `image-${i}.png`, data: await raw.png().toBuffer() }
    : { name: `image-${i}.jpg`, data: await raw.jpeg({ quality: 80 }).toBuffer() };
}

async function prepareImages() {
  const done = path.join(folder, ".complete");
  if (fs.existsSync(done)) return;
  for (let i = 0; i < COUNT; i++) {
    // A hundred per folder, so the index mirrors folders as it would for a real tree.
    const sub = path.join(folder, `part-${Math.floor(i / 100)}`);
    fs.mkdirSync(sub, { recursive: true });
    const { name, data } = await image(i);
    fs.writeFileSync(path.join(sub, name), data);
    if (process.stderr.isTTY && i % 100 === 0) process.stderr.write(`\rimages ${i}/${COUNT}`);
  }
  if (process.stderr.isTTY) process.stderr.write("\n");
  fs.writeFileSync(done, "");
}

/** Reads every file once, so neither run pays for a cold file cache. */
function warmCache(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) warmCache(file);
    else fs.readFileSync(file);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until no asset of the archive is processing and no ingest is left (as waitForIngest polls). */
async function untilReady(archiveId: number) {
  for (;;) {
    const processing = await db()
      .selectFrom("assets")
      .select("id")
      .where("archive_id", "=", archiveId)
      .where("state", "=", "processing")
      .executeTakeFirst();
    if (!processing) return;
    await sleep(250);
  }
}

async function countReady(archiveId: number) {
  const row = await db()
    .selectFrom("assets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("archive_id", "=", archiveId)
    .where("state", "=", "ready")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** CPU time of this process (all threads, libvips' included), in ms: steadier than wall time on a shared machine. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const database = createDatabase({ dataDir: env().DATA_DIR });
await prepareDatabase(database, env());
const worker = startWorker({ handlers: jobHandlers, concurrency: CONCURRENCY, pollMs: 20 });
try {
  await prepareImages();
  warmCache(folder);
  console.log(
    `Path index benchmark: ${COUNT} small images (JPEG and PNG), ingest concurrency ${CONCURRENCY}, SQLite`,
  );

  const indexed = await createArchive({ name: "Indexed", config: { Path: folder } });
  let cpuAt = cpuMs();
  let started = performance.now();
  const first = await scanArchive(indexed.id);
  const scanned = performance.now() - started;
  await untilReady(indexed.id);
  const indexTime = performance.now() - started;
  const indexCpu = cpuMs() - cpuAt;
  console.log(
    `index:  ${seconds(indexTime)} (CPU ${seconds(indexCpu)}) until ready (walk and register ${seconds(scanned)}), ${await countReady(indexed.id)} ready, ${first.failedCount} refused`,
  );

  const pool = await createArchive({ name: "Imported" });
  cpuAt = cpuMs();
  started = performance.now();
  const outcome = await waitForIngest(await importFolder(folder, pool));
  const importTime = performance.now() - started;
  const importCpu = cpuMs() - cpuAt;
  console.log(
    `import: ${seconds(importTime)} (CPU ${seconds(importCpu)}) until ready, ${outcome.imported.length} ready, ${outcome.failed.length} failed`,
  );
  const reasons = new Map<string, number>();
  for (const f of outcome.failed) reasons.set(f.reason, (reasons.get(f.reason) ?? 0) + 1);
  for (const [reason, n] of reasons) console.log(`  ${n} × ${reason}`);

  started = performance.now();
  const again = await scanArchive(indexed.id);
  const rescanTime = performance.now() - started;
  console.log(
    `rescan: ${seconds(rescanTime)} (${again.unchanged} unchanged, ${again.added + again.changed + again.moved + again.removed} changes)`,
  );

  const ratio = importTime / indexTime;
  const rescanShare = rescanTime / indexTime;
  console.log(
    `import_time / index_time = ${ratio.toFixed(3)} (target ≥ 0.9) ${ratio >= 0.9 ? "OK" : "MISSED"}`,
  );
  console.log(
    `CPU: import / index = ${(importCpu / indexCpu).toFixed(3)} (the same comparison, less exposed to the machine's other load)`,
  );
  console.log(
    `rescan_time / first_scan_time = ${(rescanShare * 100).toFixed(2)} % (target ≤ 5 %) ${rescanShare <= 0.05 ? "OK" : "MISSED"}`,
  );
} finally {
  await worker.stop();
  await database.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
