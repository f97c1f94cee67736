import path from "node:path";
import { sql } from "kysely";
import { db } from "~/db/connection.server";
import type { AssetState } from "~/db/schema";
import type { Archive } from "~/models/archive/archive.server";
import { assetRowsByIds } from "~/models/asset/asset-rows.server";
import { INGEST_JOB } from "~/models/asset/asset.server";
import { englishOf } from "~/models/locale/catalog.server";
import { isProblem } from "~/models/problem/problem";
import { register, storeFile } from "./upload.server";
import { unreadable, walk, type WalkEntry } from "./walk.server";

/*
 * The import command's work (scripts/import.ts): a folder tree into an archive through the same
 * path as an upload. Each file is typed by its content and stored once; a file whose exact content
 * the archive already holds is not imported again (if that earlier import could not be processed,
 * the file is reported as failed with the earlier reason), so running an import again is safe.
 *
 * The walk (walk.server.ts) never leaves the folder and lists what it does not follow. One bad
 * file never stops the others; only unexpected errors (database, disk full) end the import, and
 * what was registered before then stays and is skipped next time.
 */

export interface ImportFailure {
  /** Relative to the imported folder; folders end in "/". */
  file: string;
  reason: string;
}

export interface ImportOutcome {
  /** Files registered by this run, with their new assets. */
  imported: { file: string; assetId: number }[];
  /** Files whose content the archive already held, with that asset. */
  skipped: { file: string; assetId: number; state: AssetState }[];
  failed: ImportFailure[];
  /** Symbolic links and special files. */
  notFollowed: string[];
}

/** Errors of the one file being read; any other (database, disk full) stops the import. */
const UNREADABLE = new Set(["ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "ELOOP", "ENXIO"]);

function isUnreadable(error: unknown): boolean {
  return UNREADABLE.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");
}

/** The reason of a refusal without the file name that starts it. */
function reasonOf(message: string, name: string): string {
  const prefix = JSON.stringify(name);
  if (message.startsWith(`${prefix}: `)) return message.slice(prefix.length + 2);
  if (message.startsWith(`${prefix} `)) return `The file ${message.slice(prefix.length + 1)}`;
  return message;
}

/** An asset in the archive already holding this content; one that did not fail comes first. */
async function earlierImport(archiveId: number, hash: string) {
  const row = await db()
    .selectFrom("revisions")
    .innerJoin("assets", "assets.id", "revisions.asset_id")
    .select(["assets.id", "assets.state", "assets.failure"])
    .where("assets.archive_id", "=", archiveId)
    .where("revisions.blob_hash", "=", hash)
    // What lies in the trash can is not there any more: importing it again makes a new asset.
    .where("assets.trash_id", "is", null)
    .orderBy(sql`case when assets.state = 'failed' then 1 else 0 end`)
    .orderBy("assets.id")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Stores and registers every file below `root` into the archive; `onProgress` is called before
 * each file. Ingest jobs are queued, not run.
 */
export async function importFolder(
  root: string,
  archive: Archive,
  onProgress?: (done: number, total: number, file: string) => void,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { imported: [], skipped: [], failed: [], notFollowed: [] };
  const files: Extract<WalkEntry, { kind: "file" }>[] = [];
  for await (const entry of walk(root)) {
    if (entry.kind === "file") files.push(entry);
    else if (entry.kind === "failed") outcome.failed.push(entry);
    else if (entry.kind === "notFollowed") outcome.notFollowed.push(entry.file);
  }
  for (const [index, { file, folder, name }] of files.entries()) {
    onProgress?.(index, files.length, file);
    try {
      const { blob, type } = await storeFile(path.join(root, file), name);
      const earlier = await earlierImport(archive.id, blob.hash);
      if (earlier?.state === "failed") {
        const reason = `It was imported before and could not be processed: ${earlier.failure ?? "no reason recorded."}`;
        outcome.failed.push({ file, reason });
      } else if (earlier) {
        outcome.skipped.push({ file, assetId: earlier.id, state: earlier.state });
      } else {
        // Importing copies files into the archive: its copy macros apply (decision 043).
        const created = await register(null, { archive, folderPath: folder }, name, blob, type, {
          ingestion: "copy",
        });
        outcome.imported.push({ file, assetId: created.assetId });
      }
    } catch (error) {
      if (isProblem(error)) {
        // The import's report is English (a command line), its refusals keyed as everywhere.
        outcome.failed.push({ file, reason: reasonOf(englishOf(error.message), name) });
      } else if (isUnreadable(error)) {
        // Removed, replaced or locked between the listing and the read.
        outcome.failed.push({ file, reason: unreadable(error) });
      } else throw error;
    }
  }
  onProgress?.(files.length, files.length, "");
  outcome.failed.sort((a, b) => a.file.localeCompare(b.file));
  return outcome;
}

const CHUNK = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the outcome's assets (imported now, or earlier and still processing) are ingested,
 * while some worker runs the queue; moves those that failed to `failed`. An asset still
 * processing when no ingest job is left to run is reported as failed too.
 */
export async function waitForIngest(
  outcome: ImportOutcome,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportOutcome> {
  const watched = [...outcome.imported, ...outcome.skipped.filter((s) => s.state === "processing")];
  const states = new Map<number, { state: AssetState; failure: string | null }>();
  let pending = watched.map((w) => w.assetId);
  let idle = false;
  while (pending.length > 0) {
    onProgress?.(watched.length - pending.length, watched.length);
    const rows = await assetRowsByIds(pending.slice(0, CHUNK), ["id", "state", "failure"]);
    for (const row of rows) if (row.state !== "processing") states.set(row.id, row);
    const still = pending.filter((id) => !states.has(id) && rows.some((r) => r.id === id));
    // Once no job is left, what is still processing stays so; the chunks not yet read are read
    // all the same (they may all be ready), without waiting.
    pending = [...(idle ? [] : still), ...pending.slice(CHUNK)];
    if (pending.length === 0) break;
    if (idle) continue;
    // Nothing left to run (checked after the assets, so a job finishing in between is seen).
    const runnable = await db()
      .selectFrom("jobs")
      .select("id")
      .where("type", "=", INGEST_JOB)
      .where("status", "in", ["pending", "inProgress"])
      .executeTakeFirst();
    if (!runnable) idle = true;
    else await sleep(250);
  }
  onProgress?.(watched.length, watched.length);

  const failedNow = (assetId: number) => {
    const state = states.get(assetId);
    if (state?.state === "ready") return null;
    if (state?.state === "failed") return state.failure ?? "no reason recorded.";
    return "its ingest job ended without finishing it.";
  };
  const result: ImportOutcome = { ...outcome, imported: [], skipped: [], failed: [] };
  for (const item of outcome.imported) {
    const failure = failedNow(item.assetId);
    if (failure === null) result.imported.push(item);
    else result.failed.push({ file: item.file, reason: `It could not be processed: ${failure}` });
  }
  for (const item of outcome.skipped) {
    const failure = item.state === "processing" ? failedNow(item.assetId) : null;
    if (failure === null) result.skipped.push({ ...item, state: "ready" });
    else
      result.failed.push({
        file: item.file,
        reason: `It was imported before and could not be processed: ${failure}`,
      });
  }
  result.failed.push(...outcome.failed);
  result.failed.sort((a, b) => a.file.localeCompare(b.file));
  return result;
}
