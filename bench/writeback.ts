/*
 * Write-back (decision 050): writing an edit's metadata into N real JPEGs through the model
 * function the job uses (writeMetadataCopy: exiftool writes a copy, then the copy is verified:
 * image-data digest of both files, sharp opening the copy, ingest's reader reading the values
 * back) against a bare batch of the same tool (exiftool-vendored writing the same tags into a
 * copy, nothing checked), at the same concurrency, over the same files, in the same run.
 * Target: ours / bare ≥ 0.7.
 *
 *   npm run bench:writeback -- [--count 1000] [--concurrency 2] [--rounds 1] [--chunk 50]
 *
 * The JPEGs (about 1.6 MP, with EXIF and an XMP title) are generated once into a cached folder
 * under the system's temporary folder. The two sides run over the files in alternating chunks
 * (which goes first alternates too), so a busy spell on a shared machine and a warm cache cost
 * both alike; each rate is files over the summed time of its chunks. The CPU time each side
 * spends (this process and exiftool's perl processes, from /proc) is printed too: on a machine
 * others load, the CPU ratio is the steadier figure. Then each verification step is timed alone
 * on 100 files, to say where the difference goes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { extractMetadata } from "../app/media/metadata.server";
import {
  endMetadataWriter,
  jpegImageDigest,
  writeMetadataCopy,
  writePlan,
  writeUnchecked,
} from "../app/media/metadata-write.server";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const COUNT = option("count", 1000);
const CONCURRENCY = option("concurrency", 2);
const ROUNDS = option("rounds", 1);
const CHUNK = option("chunk", 50);

const folder = path.join(os.tmpdir(), "arkiv-bench-writeback-files", `jpeg-${COUNT}`);
const out = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-bench-writeback-"));

/** A photograph-like picture of its own: gradients, bands and noise seeded by i. */
async function jpeg(i: number): Promise<Buffer> {
  const width = 1600 - (i % 3) * 64;
  const height = 1000 + (i % 4) * 32;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = (i * 2654435761) >>> 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      const o = (y * width + x) * 3;
      const noise = (seed >>> 27) - 16;
      pixels[o] = Math.max(0, Math.min(255, ((x * 255) / width + i * 11 + noise) | 0));
      pixels[o + 1] = Math.max(0, Math.min(255, ((y * 255) / height + noise) | 0));
      pixels[o + 2] = Math.max(0, Math.min(255, (((x + y) >> 3) & 255) + noise));
    }
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Bergen"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Generated ${i}</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "Arkiv", Model: "Bench", Artist: "Camera owner", ImageDescription: "Bench" },
    })
    .withXmp(xmp)
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function prepare(): Promise<string[]> {
  fs.mkdirSync(folder, { recursive: true });
  const files = Array.from({ length: COUNT }, (_, i) =>
    path.join(folder, `photo-${String(i).padStart(5, "0")}.jpg`),
  );
  const missing = files.filter((f) => !fs.existsSync(f));
  if (missing.length > 0) {
    process.stdout.write(`Generating ${missing.length} JPEGs into ${folder} ...`);
    for (const file of missing) {
      const i = Number(/(\d+)\.jpg$/.exec(file)![1]);
      fs.writeFileSync(`${file}.tmp`, await jpeg(i));
      fs.renameSync(`${file}.tmp`, file);
    }
    process.stdout.write(" done\n");
  }
  return files;
}

/** The fields an edit typically sets; the city the files carry is removed. */
const plan = (i: number) =>
  writePlan({
    5: `Edited title ${i} — Blåbær`,
    120: `A caption written back for photograph ${i}, with "quotes" & <markup>.`,
    25: ["fjord", "Ålesund", `batch-${i % 10}`, "ærfugl", "sommer"],
    80: ["Kari Nordmann"],
    116: "© 2026 Arkiv",
  });

const TICKS = 100; // USER_HZ on Linux

/** CPU ticks of each of this process's children (exiftool's perl), from /proc; none elsewhere. */
function childrenTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return ticks;
  }
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the name: state, ppid, ..., utime (14th field overall), stime (15th).
      if (Number(fields[1]) !== process.pid) continue;
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** A CPU clock over this process and its children; a child that exits loses its last part. */
function cpuClock() {
  const own = process.cpuUsage();
  const children = childrenTicks();
  return () => {
    const used = process.cpuUsage(own);
    let ticks = 0;
    for (const [pid, now] of childrenTicks()) ticks += now - (children.get(pid) ?? 0);
    return (used.user + used.system) / 1e6 + ticks / TICKS;
  };
}

let cpuSpent = 0;
async function pool(files: string[], work: (file: string, i: number) => Promise<void>) {
  let next = 0;
  const started = process.hrtime.bigint();
  const cpu = cpuClock();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < files.length) {
        const i = next++;
        await work(files[i]!, i);
      }
    }),
  );
  cpuSpent = cpu();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function bare(files: string[]) {
  return pool(files, async (file, i) => {
    const target = path.join(out, `bare-${i}.jpg`);
    await writeUnchecked(file, plan(i), target);
    fs.rmSync(target, { force: true });
  });
}

let notWritten = 0;
async function ours(files: string[]) {
  return pool(files, async (file, i) => {
    const outcome = await writeMetadataCopy(file, "image/jpeg", plan(i), out);
    if (outcome.kind === "written") fs.rmSync(outcome.file, { force: true });
    else {
      notWritten += 1;
      if (notWritten <= 3) console.error(`not written: ${file}: ${outcome.reason}`);
    }
  });
}

/** ms per file of each verification step, one file at a time, for the report. */
async function profile(files: string[]) {
  const sample = files.slice(0, 100);
  const steps = { digest: 0, exifr: 0, sharpOpen: 0 };
  for (const file of sample) {
    let t = performance.now();
    jpegImageDigest(fs.readFileSync(file));
    steps.digest += performance.now() - t;
    t = performance.now();
    await extractMetadata(file);
    steps.exifr += performance.now() - t;
    t = performance.now();
    await sharp(file).metadata();
    steps.sharpOpen += performance.now() - t;
  }
  const per = (ms: number) => ((ms / sample.length) * 2).toFixed(1);
  console.log(
    `verification steps, per file (source and copy): image-data digest ${per(steps.digest)} ms, ingest's reader ${per(steps.exifr)} ms, sharp open ${per(steps.sharpOpen / 2)} ms (copy only)`,
  );
}

async function main() {
  const files = await prepare();
  const bytes = files.reduce((sum, f) => sum + fs.statSync(f).size, 0);
  console.log(
    `${COUNT} JPEGs, ${(bytes / COUNT / 1024).toFixed(0)} KiB on average, concurrency ${CONCURRENCY}, ${ROUNDS} round(s), in chunks of ${CHUNK} alternating`,
  );
  // Warm up: perl started, the files in the page cache.
  await bare(files.slice(0, 20));
  await ours(files.slice(0, 20));
  notWritten = 0;
  // The machine is shared: both sides run in alternating chunks, so a busy spell costs both.
  let bareTime = 0;
  let ourTime = 0;
  let bareCpu = 0;
  let ourCpu = 0;
  const runBare = async (chunk: string[]) => {
    bareTime += await bare(chunk);
    bareCpu += cpuSpent;
  };
  const runOurs = async (chunk: string[]) => {
    ourTime += await ours(chunk);
    ourCpu += cpuSpent;
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (let at = 0, n = 0; at < files.length; at += CHUNK, n++) {
      const chunk = files.slice(at, at + CHUNK);
      if ((n + round) % 2 === 0) {
        await runBare(chunk);
        await runOurs(chunk);
      } else {
        await runOurs(chunk);
        await runBare(chunk);
      }
    }
  }
  const total = COUNT * ROUNDS;
  const bareRate = total / bareTime;
  const ourRate = total / ourTime;
  console.log(
    `bare exiftool batch: ${bareRate.toFixed(1)} files/s (${((bareCpu / total) * 1000).toFixed(1)} ms CPU per file, perl included)`,
  );
  console.log(
    `write-back (write + verify): ${ourRate.toFixed(1)} files/s (${((ourCpu / total) * 1000).toFixed(1)} ms CPU per file, perl included)`,
  );
  console.log(
    `ratio: ${(ourRate / bareRate).toFixed(2)} by wall time, ${(bareCpu / ourCpu).toFixed(2)} by CPU time (target ≥ 0.7)${notWritten ? `; ${notWritten} not written` : ""}`,
  );
  await profile(files);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
}

try {
  await main();
} finally {
  await endMetadataWriter();
  fs.rmSync(out, { recursive: true, force: true });
}
