/*
 * Imports a folder tree into an archive through the same path as an upload: each file is typed
 * by its content, stored once, and queued for ingest; a file whose exact content is already in
 * the archive is skipped, so running the command again is safe. Folders become the archive's
 * folders. The server (or a worker process) ingests the queued files.
 *
 *   npm run import -- <folder> --archive <id> [--wait]
 */
import fs from "node:fs/promises";
import path from "node:path";
import { prepareDatabase } from "../app/db/bootstrap.server";
import { createDatabase } from "../app/db/connection.server";
import { jobHandlers } from "../app/jobs/handlers.server";
import { startWorker } from "../app/jobs/worker.server";
import { findArchive } from "../app/models/archive.server";
import { findAssetWithContent } from "../app/models/asset.server";
import { fileNameProblem } from "../app/models/upload.schema";
import { register, storeFile, UploadRefusedError } from "../app/models/upload.server";
import { env as readEnv } from "../app/utils/env.server";
import { db } from "../app/db/connection.server";

function usage(message?: string): never {
  if (message) console.error(message);
  console.error("Usage: npm run import -- <folder> --archive <id> [--wait]");
  process.exit(2);
}

async function* walk(
  root: string,
  relative = "",
): AsyncGenerator<{ file: string; folder: string }> {
  const entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    // Symbolic links are not followed: an import never leaves the folder it was given.
    if (entry.isDirectory()) yield* walk(root, rel);
    else if (entry.isFile()) yield { file: rel, folder: relative };
  }
}

function bar(done: number, total: number, label: string) {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  process.stderr.write(
    `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label.slice(0, 40).padEnd(40)}`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--archive");
  const wait = args.includes("--wait");
  const archiveId = at >= 0 ? Number(args[at + 1]) : NaN;
  const folder = args.find((a, i) => !a.startsWith("--") && i !== at + 1);
  if (!folder) usage("Name the folder to import.");
  if (!Number.isInteger(archiveId)) usage("Name the archive with --archive <id>.");
  const root = path.resolve(folder);
  if (!(await fs.stat(root).catch(() => null))?.isDirectory()) usage(`${root} is not a folder.`);

  const env = readEnv();
  const database = createDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await prepareDatabase(database, env);
  const archive = await findArchive(archiveId);
  if (!archive) usage(`There is no archive ${archiveId}.`);

  const files: { file: string; folder: string }[] = [];
  for await (const entry of walk(root)) files.push(entry);
  let imported = 0;
  let skipped = 0;
  const failed: { file: string; reason: string }[] = [];
  const jobs: number[] = [];
  for (const [index, { file, folder: sub }] of files.entries()) {
    bar(index, files.length, file);
    const name = path.basename(file);
    const problem =
      fileNameProblem(name) ?? (sub ? sub.split("/").map(fileNameProblem).find(Boolean) : null);
    if (problem) {
      failed.push({ file, reason: problem });
      continue;
    }
    try {
      const { blob, type } = await storeFile(path.join(root, file), name);
      if (await findAssetWithContent(archive.id, blob.hash)) {
        skipped += 1;
        continue;
      }
      const created = await register(null, { archive, folderPath: sub }, name, blob, type);
      jobs.push(created.jobId);
      imported += 1;
    } catch (error) {
      if (!(error instanceof UploadRefusedError)) throw error;
      failed.push({ file, reason: error.message });
    }
  }
  bar(files.length, files.length, "stored");
  if (process.stderr.isTTY) process.stderr.write("\n");

  let ingestFailed = 0;
  if (wait && jobs.length > 0) {
    const worker = startWorker({
      handlers: jobHandlers,
      concurrency: env.INGEST_CONCURRENCY || 2,
      pollMs: 100,
    });
    for (;;) {
      const rows = await db()
        .selectFrom("jobs")
        .select(["status"])
        .where("id", "in", jobs)
        .execute();
      const finished = rows.filter((r) => r.status === "done" || r.status === "failed").length;
      bar(finished, jobs.length, "ingesting");
      if (finished === jobs.length) {
        ingestFailed = rows.filter((r) => r.status === "failed").length;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    if (process.stderr.isTTY) process.stderr.write("\n");
    await worker.stop();
  }

  console.log(`Imported ${imported}, skipped ${skipped} as identical, failed ${failed.length}.`);
  for (const f of failed) console.log(`  ${f.file}: ${f.reason.replace(/^"[^"]*": /, "")}`);
  if (wait) console.log(`Ingested ${jobs.length - ingestFailed}, ingest failed ${ingestFailed}.`);
  else if (imported) console.log("The server ingests the imported files (or run with --wait).");
  await database.destroy();
  process.exit(failed.length || ingestFailed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
