/*
 * Imports a folder tree into an archive through the same path as an upload: each file is typed
 * by its content, stored once, and queued for ingest; a file whose exact content is already in
 * the archive is skipped, so running the command again is safe. Folders become the archive's
 * folders. The server (or a worker process) ingests the queued files; with --wait, this command
 * runs a worker itself and waits until they (and any earlier import of the same files still
 * processing) are ready or failed. What is walked and what is left out: app/models/import.server.ts.
 *
 *   npm run import -- <folder> --archive <id> [--wait]
 *
 * Output: a progress bar on standard error when that is a terminal (nothing otherwise), then a
 * summary on standard output: imported, skipped as identical, failed with each file's reason,
 * and the symbolic links and special files not followed.
 *
 * Exit status: 0 when every file was imported or skipped as identical; 1 when the import ran to
 * its end but some files failed (each listed; running again after fixing them is safe); 2 for a
 * usage error (bad arguments, no such folder or archive), before anything is changed; 3 when an
 * unexpected error (database, disk) stopped the import.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE = "Usage: npm run import -- <folder> --archive <id> [--wait]";

function usage(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** File names and reasons are the files' words: control and bidi characters print as \uXXXX. */
function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function bar(done: number, total: number, label: string) {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  const text = printable(label).slice(0, 40).padEnd(40);
  process.stderr.write(
    `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${text}`,
  );
}

function endBar() {
  if (process.stderr.isTTY) process.stderr.write("\n");
}

function parse() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        archive: { type: "string" },
        wait: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length === 0) usage("Name the folder to import.");
  if (positionals.length > 1) usage(`Name one folder to import, not ${positionals.length}.`);
  if (values.archive === undefined) usage("Name the archive with --archive <id>.");
  if (!/^[1-9]\d{0,8}$/.test(values.archive))
    usage(`${JSON.stringify(values.archive)} is not an archive id (a number such as 5000).`);
  return { folder: positionals[0]!, archiveId: Number(values.archive), wait: values.wait };
}

async function main() {
  const { folder, archiveId, wait } = parse();
  const root = path.resolve(folder);
  const stat = await fs.stat(root).catch(() => null);
  if (!stat) usage(`There is no folder ${root}.`);
  if (!stat.isDirectory()) usage(`${root} is not a folder.`);

  // The application (database drivers, sharp) loads only now: a usage error answers at once.
  const { createDatabase, useDatabase } = await import("../app/db/connection.server");
  const { migrateToLatest } = await import("../app/db/migrations.server");
  const { jobHandlers } = await import("../app/jobs/handlers.server");
  const { startWorker } = await import("../app/jobs/worker.server");
  const { findArchive } = await import("../app/models/archive/archive.server");
  const { importFolder, waitForIngest } = await import("../app/models/upload/import.server");
  const { env: readEnv } = await import("../app/utils/env.server");
  const env = readEnv();
  const database = createDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  // Migrated as the server does, but the site owner is the server's to create: it shows the
  // generated password once, which this command would lose.
  await migrateToLatest(database.db, database.dialect);
  useDatabase(database);
  const archive = await findArchive(archiveId);
  if (!archive) usage(`There is no archive ${archiveId}.`);

  let outcome = await importFolder(root, archive, (done, total, file) =>
    bar(done, total, file || "stored"),
  );
  endBar();
  if (wait) {
    const worker = startWorker({
      handlers: jobHandlers,
      concurrency: env.INGEST_CONCURRENCY || 2,
      pollMs: 100,
    });
    try {
      outcome = await waitForIngest(outcome, (done, total) => bar(done, total, "ingesting"));
    } finally {
      await worker.stop();
      const { endMetadataWriter } = await import("../app/media/metadata-write.server");
      await endMetadataWriter();
    }
    endBar();
  }

  const { imported, skipped, failed, notFollowed } = outcome;
  console.log(
    `Imported ${imported.length}, skipped ${skipped.length} as identical, failed ${failed.length}.`,
  );
  for (const f of failed) console.log(`  ${printable(f.file)}: ${printable(f.reason)}`);
  if (notFollowed.length > 0) {
    console.log(`Not followed (symbolic links and special files): ${notFollowed.length}.`);
    for (const file of notFollowed) console.log(`  ${printable(file)}`);
  }
  if (!wait && imported.length > 0)
    console.log("The server ingests the imported files (or run with --wait).");
  await database.destroy();
  process.exitCode = failed.length > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error("The import stopped:", error);
  process.exit(3);
});
