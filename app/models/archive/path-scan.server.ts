import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { db, now } from "~/db/connection.server";
import type { Database, IndexedFileRow } from "~/db/schema";
import { enqueue, type Job } from "~/jobs/queue.server";
import { detectMediaType, MEDIA_HEAD_BYTES, RefusedFileError } from "~/media/media-type.server";
import {
  folderPathsHoldingAssets,
  setAssetFields,
  setAssetFieldsInState,
} from "~/models/asset/asset-rows.server";
import { addRevision, createAsset, type Created } from "~/models/asset/asset.server";
import { keyed } from "~/models/locale/keyed";
import { walk } from "~/models/upload/walk.server";
import { env } from "~/utils/env.server";
import { checkArchivePath, isPathArchive } from "./archive-path.server";
import { findArchive, listArchives, type Archive } from "./archive.server";
import { hashBelow, IndexedFileError, sameStat, statOf, type FileStat } from "./path-files.server";

/*
 * The scanner of path archives (decision 042): walks the archive's folder with the import's walk
 * (no symbolic link followed, hostile names reported) and reconciles what it finds with what it
 * indexed before. A re-scan with nothing changed reads one stat per file and the index in one
 * query, and writes nothing; only files whose stat changed, or that are new, are read and hashed.
 *
 * - new file: an asset through the same ingest as an upload (its revision names the file);
 * - changed (size, time or inode differ): hashed; other content makes a new revision;
 * - moved or renamed (same device and inode, or the same content where a path vanished): the
 *   asset keeps its id, pins and metadata; its name and folder follow the file;
 * - removed: the asset turns "missing" (hidden, kept); the file coming back brings it back.
 * Folders are mirrored into the archive's folders. A folder that cannot be read keeps what was
 * indexed below it: unreadable is not removed. One file's problem never stops the scan.
 */

export const ARCHIVE_SCAN_JOB = "archiveScan";

export interface ArchiveScanPayload {
  archiveId: number;
}

export interface ScanReport {
  archiveId: number;
  added: number;
  changed: number;
  moved: number;
  removed: number;
  restored: number;
  unchanged: number;
  folders: number;
  /** Files and folders not indexed, with why (the first REPORT_LIMIT). */
  failed: { file: string; reason: string }[];
  failedCount: number;
  /** Symbolic links and special files (the first REPORT_LIMIT). */
  notFollowed: string[];
}

const REPORT_LIMIT = 200;
/** Files read at once while stating and hashing. */
const PARALLEL_READS = 8;
const CHUNK = 500;
/** A scan's hold on its archive; renewed as it goes, so a crashed scan frees it. */
const SCAN_LEASE_MS = 5 * 60_000;
const MAX_PATH_CHARS = 1000;

/** Why a whole scan is refused (the folder is no longer allowed or readable). */
export class ScanRefusedError extends Error {
  readonly code = "path_invalid";
  constructor(message: string) {
    super(message);
    this.name = "ScanRefusedError";
  }
}

/**
 * Queues a scan of a path archive (after a save, on demand, on the schedule); a scan already
 * waiting to start is answered instead of a second one. Null for an archive that indexes nothing.
 */
export async function queueArchiveScan(
  archiveId: number,
  options: { ownerId?: number | null } = {},
): Promise<{ jobId: number } | null> {
  // Read as stored now: a save in this same request has just changed the folder.
  const row = await db()
    .selectFrom("archives")
    .select("config")
    .where("id", "=", archiveId)
    .where("trash_id", "is", null)
    .executeTakeFirst();
  let config: { Path?: unknown } = {};
  try {
    config = row ? (JSON.parse(row.config) as { Path?: unknown }) : {};
  } catch {
    // A damaged record indexes nothing.
  }
  if (!row || typeof config.Path !== "string" || !isPathArchive({ config: { Path: config.Path } }))
    return null;
  const payload: ArchiveScanPayload = { archiveId };
  const waiting = await db()
    .selectFrom("jobs")
    .select("id")
    .where("type", "=", ARCHIVE_SCAN_JOB)
    .where("status", "=", "pending")
    .where("payload", "=", JSON.stringify(payload))
    .executeTakeFirst();
  if (waiting) return { jobId: waiting.id };
  const job = await enqueue(ARCHIVE_SCAN_JOB, payload, {
    ownerId: options.ownerId ?? null,
    maxAttempts: 2,
  });
  return { jobId: job.id };
}

/** Queues the scans ARCHIVE_RESCAN_MINUTES asks for; answers how many. Run by the server's timer. */
export async function queueDueScans(at = new Date()): Promise<number> {
  const minutes = env().ARCHIVE_RESCAN_MINUTES;
  const archives = (await listArchives()).filter(isPathArchive);
  if (archives.length === 0) return 0;
  const last = await db()
    .selectFrom("archive_scans")
    .select(["archive_id", "last_finished_at", "job_id"])
    .where(
      "archive_id",
      "in",
      archives.map((a) => a.id),
    )
    .execute();
  const cutoff = new Date(at.getTime() - minutes * 60_000).toISOString();
  let queued = 0;
  for (const archive of archives) {
    const row = last.find((r) => r.archive_id === archive.id);
    // Never scanned (made or given its folder since the last start): scanned whatever the period.
    const scanned = row?.last_finished_at ?? null;
    if (row?.job_id != null) continue;
    if (scanned !== null && (minutes === 0 || scanned > cutoff)) continue;
    if (await queueArchiveScan(archive.id)) queued++;
  }
  return queued;
}

/** The last finished scan of an archive, for its admin page. */
export async function lastScan(archiveId: number) {
  const row = await db()
    .selectFrom("archive_scans")
    .select(["job_id", "last_job_id", "last_finished_at"])
    .where("archive_id", "=", archiveId)
    .executeTakeFirst();
  return {
    running: row?.job_id ?? null,
    lastJobId: row?.last_job_id ?? null,
    finishedAt: row?.last_finished_at ?? null,
  };
}

const leaseEnd = () => new Date(Date.now() + SCAN_LEASE_MS).toISOString();

/** Takes the archive's scan lease for this job; false while another scan holds it. */
export async function claimScan(archiveId: number, jobId: number): Promise<boolean> {
  await db()
    .insertInto("archive_scans")
    .values({
      archive_id: archiveId,
      job_id: null,
      lease_expires_at: null,
      last_job_id: null,
      last_finished_at: null,
    })
    .onConflict((oc) => oc.column("archive_id").doNothing())
    .execute();
  const result = await db()
    .updateTable("archive_scans")
    .set({ job_id: jobId, lease_expires_at: leaseEnd() })
    .where("archive_id", "=", archiveId)
    .where((eb) =>
      eb.or([
        eb("job_id", "is", null),
        eb("job_id", "=", jobId),
        eb("lease_expires_at", "<=", now()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function renewScan(archiveId: number, jobId: number): Promise<boolean> {
  const result = await db()
    .updateTable("archive_scans")
    .set({ lease_expires_at: leaseEnd() })
    .where("archive_id", "=", archiveId)
    .where("job_id", "=", jobId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseScan(archiveId: number, jobId: number, finished: boolean) {
  await db()
    .updateTable("archive_scans")
    .set({
      job_id: null,
      lease_expires_at: null,
      ...(finished ? { last_job_id: jobId, last_finished_at: now() } : {}),
    })
    .where("archive_id", "=", archiveId)
    .where("job_id", "=", jobId)
    .execute();
}

/** A scan cut off because another took the archive over. */
export class ScanLeaseLostError extends Error {
  constructor() {
    super("Another scan of this archive took over.");
    this.name = "ScanLeaseLostError";
  }
}

export interface ScanOptions {
  /** The job holding the archive's scan lease; renewed as the scan goes. */
  jobId?: number;
  signal?: AbortSignal;
  /** 0..100; also renews the job's own lease. */
  progress?: (percent: number) => Promise<void>;
}

interface Seen {
  file: string;
  folder: string;
  name: string;
  stat: FileStat;
}

type IndexRow = Omit<IndexedFileRow, "archive_id" | "updated_at">;

async function inParallel<T>(items: T[], run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_READS, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const reasonOf = (error: unknown) => {
  if (error instanceof IndexedFileError || error instanceof RefusedFileError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return keyed("settings.scan.reason.unreadable", { code: code ?? String(error) });
};

const folderOf = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "");
const nameOf = (file: string) => file.slice(file.lastIndexOf("/") + 1);

/** Walks and reconciles one path archive; see the top of this file. */
export async function scanArchive(
  archiveId: number,
  options: ScanOptions = {},
): Promise<ScanReport> {
  const archive = await findArchive(archiveId);
  if (!archive || !isPathArchive(archive))
    throw new ScanRefusedError(keyed("settings.scan.reason.noFolder"));
  const check = await checkArchivePath(archive.config.Path);
  if (!check.ok) throw new ScanRefusedError(check.message);
  const root = check.path;
  const report: ScanReport = {
    archiveId,
    added: 0,
    changed: 0,
    moved: 0,
    removed: 0,
    restored: 0,
    unchanged: 0,
    folders: 0,
    failed: [],
    failedCount: 0,
    notFollowed: [],
  };
  const fail = (file: string, reason: string) => {
    report.failedCount++;
    if (report.failed.length < REPORT_LIMIT) report.failed.push({ file, reason });
  };
  /** Paths below which nothing is taken as removed: folders or files that could not be read. */
  const kept: string[] = [];
  const isKept = (file: string) =>
    kept.some((k) => (k.endsWith("/") ? file.startsWith(k) || k === "./" : file === k));
  let lastBeat = Date.now();
  const beat = async (percent: number) => {
    options.signal?.throwIfAborted();
    if (Date.now() - lastBeat < 5_000) return;
    lastBeat = Date.now();
    await options.progress?.(percent);
    if (options.jobId !== undefined && !(await renewScan(archiveId, options.jobId)))
      throw new ScanLeaseLostError();
  };

  // 1. The walk: names only.
  const listed: Omit<Seen, "stat">[] = [];
  const folders = new Set<string>();
  for await (const entry of walk(root)) {
    if (entry.kind === "file") {
      if (entry.file.length > MAX_PATH_CHARS)
        fail(entry.file, keyed("settings.scan.reason.pathTooLong", { max: MAX_PATH_CHARS }));
      else listed.push(entry);
    } else if (entry.kind === "folder") {
      if (entry.file.length <= MAX_PATH_CHARS) folders.add(entry.file);
    } else if (entry.kind === "failed") {
      fail(entry.file, entry.reason);
      if (entry.file.endsWith("/")) kept.push(entry.file === "./" ? "./" : entry.file);
    } else if (report.notFollowed.length < REPORT_LIMIT) report.notFollowed.push(entry.file);
    if (listed.length % 1000 === 0) await beat(5);
  }

  // 2. One stat per file, never following a link.
  const seen = new Map<string, Seen>();
  await inParallel(listed, async (entry) => {
    try {
      const stat = await fs.lstat(path.join(root, entry.file), { bigint: true });
      if (stat.isFile()) seen.set(entry.file, { ...entry, stat: statOf(stat) });
      else if (report.notFollowed.length < REPORT_LIMIT) report.notFollowed.push(entry.file);
    } catch (error) {
      kept.push(entry.file);
      fail(entry.file, reasonOf(error));
    }
  });
  await beat(10);

  // 3. The index in one query, compared in memory.
  const index: IndexRow[] = (
    await db()
      .selectFrom("indexed_files")
      .select([
        "id",
        "path",
        "size",
        "mtime",
        "device",
        "inode",
        "hash",
        "asset_id",
        "failure",
        "missing_since",
      ])
      .where("archive_id", "=", archiveId)
      .execute()
  ).map((r) => ({ ...r, size: Number(r.size) }));
  const byPath = new Map(index.map((r) => [r.path, r]));
  const fresh: Seen[] = [];
  const touched: { row: IndexRow; file: Seen }[] = [];
  for (const file of seen.values()) {
    const row = byPath.get(file.file);
    if (!row) fresh.push(file);
    else if (row.missing_since === null && sameStat(row, file.stat)) report.unchanged++;
    else touched.push({ row, file });
  }
  // Rows whose path is gone: removed, or moved to one of the fresh paths.
  const gone = index.filter((r) => !seen.has(r.path) && !isKept(r.path));

  await mirrorFolders(archiveId, folders, kept, report);

  // 4. Moves by device and inode (a rename within one file system).
  const byInode = new Map(gone.map((r) => [`${r.device}:${r.inode}`, r]));
  const claimed = new Set<number>();
  const unmatched: Seen[] = [];
  for (const file of fresh) {
    const row = byInode.get(`${file.stat.device}:${file.stat.inode}`);
    if (
      row &&
      !claimed.has(row.id) &&
      Number(row.size) === file.stat.size &&
      row.asset_id !== null
    ) {
      claimed.add(row.id);
      touched.push({ row, file });
    } else unmatched.push(file);
  }

  // 5. What is left is read: hashed, typed; moves by content, then new assets.
  const byHash = new Map<string, IndexRow>();
  for (const r of gone)
    if (r.hash && !claimed.has(r.id) && r.asset_id !== null) byHash.set(r.hash, r);
  let done = 0;
  const total = unmatched.length + touched.length;
  await inParallel(unmatched, async (file) => {
    await beat(10 + Math.round((80 * done++) / Math.max(1, total)));
    let read;
    try {
      read = await hashBelow(root, file.file, MEDIA_HEAD_BYTES);
    } catch (error) {
      fail(file.file, reasonOf(error));
      return;
    }
    const moved = byHash.get(read.hash);
    if (moved && !claimed.has(moved.id)) {
      claimed.add(moved.id);
      await applyMove(archiveId, moved, { ...file, stat: read.stat });
      count(report, moved, file);
      return;
    }
    await addFile(archive, { ...file, stat: read.stat }, read, report, fail);
  });

  // 6. Changed in place, moved by inode, or back after missing.
  await inParallel(touched, async ({ row, file }) => {
    await beat(10 + Math.round((80 * done++) / Math.max(1, total)));
    try {
      await reconcile(archive, root, row, file, report, fail);
    } catch (error) {
      if (!(error instanceof IndexedFileError) && !isReadError(error)) throw error;
      fail(file.file, reasonOf(error));
    }
  });

  // 7. Removed: hidden, kept for the file's return.
  const removed = gone.filter((r) => !claimed.has(r.id) && r.missing_since === null);
  for (const part of chunks(removed)) {
    const at = now();
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("indexed_files")
          .set({ missing_since: at, updated_at: at })
          .where(
            "id",
            "in",
            part.map((r) => r.id),
          )
          .execute();
        const assets = part.flatMap((r) => (r.asset_id === null ? [] : [r.asset_id]));
        if (assets.length > 0)
          await setAssetFieldsInState(assets, "ready", { state: "missing", updated_at: at }, trx);
      });
    report.removed += part.length;
  }
  await options.progress?.(100);
  return report;
}

const READ_ERRORS = new Set(["ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "ELOOP", "ENXIO"]);
const isReadError = (error: unknown) =>
  READ_ERRORS.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");

/** Folders on disk become the archive's folders; folders gone from disk that hold nothing go. */
async function mirrorFolders(
  archiveId: number,
  onDisk: Set<string>,
  kept: string[],
  report: ScanReport,
) {
  const rows = await db()
    .selectFrom("folders")
    .select(["id", "path", "parent_id"])
    .where("archive_id", "=", archiveId)
    .execute();
  const known = new Map(rows.map((r) => [r.path, r.id]));
  const wanted = [...onDisk]
    .filter((p) => !known.has(p))
    .sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b));
  for (const folder of wanted) {
    const parent = folderOf(folder);
    const created = await db()
      .insertInto("folders")
      .values({
        archive_id: archiveId,
        parent_id: parent === "" ? null : (known.get(parent) ?? null),
        name: nameOf(folder),
        path: folder,
        created_at: now(),
      })
      .onConflict((oc) => oc.columns(["archive_id", "path"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    const id =
      created?.id ??
      (
        await db()
          .selectFrom("folders")
          .select("id")
          .where("archive_id", "=", archiveId)
          .where("path", "=", folder)
          .executeTakeFirstOrThrow()
      ).id;
    known.set(folder, id);
    report.folders++;
  }
  const stale = rows.filter(
    (r) =>
      !onDisk.has(r.path) &&
      !kept.some((k) => k === "./" || `${r.path}/`.startsWith(k) || k.startsWith(`${r.path}/`)),
  );
  if (stale.length === 0) return;
  // A folder still holding assets (missing ones too) stays, and so do its parents.
  const used = await folderPathsHoldingAssets(archiveId);
  const holds = (folder: string) =>
    used.some((path) => path === folder || path.startsWith(`${folder}/`)) ||
    [...onDisk].some((d) => d.startsWith(`${folder}/`));
  const drop = stale.filter((r) => !holds(r.path)).map((r) => r.id);
  for (const part of chunks(drop))
    await db().deleteFrom("folders").where("id", "in", part).execute();
}

/** The folder's id, made on the way if needed (mirrorFolders made most of them already). */
async function folderId(trx: Kysely<Database>, archiveId: number, folder: string) {
  if (folder === "") return null;
  const row = await trx
    .selectFrom("folders")
    .select("id")
    .where("archive_id", "=", archiveId)
    .where("path", "=", folder)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** How a file found again at a path counts: back after missing, moved, or only touched. */
function count(report: ScanReport, row: IndexRow, file: Seen) {
  if (row.missing_since !== null) report.restored++;
  else if (row.path !== file.file) report.moved++;
  else report.unchanged++;
}

async function applyMove(archiveId: number, row: IndexRow, file: Seen) {
  await db()
    .transaction()
    .execute(async (trx) => {
      const at = now();
      await trx
        .updateTable("indexed_files")
        .set({ path: file.file, ...statColumns(file.stat), missing_since: null, updated_at: at })
        .where("id", "=", row.id)
        .execute();
      if (row.asset_id !== null) {
        await setAssetFields(
          row.asset_id,
          {
            folder_id: await folderId(trx, archiveId, file.folder),
            file_name: file.name,
            updated_at: at,
          },
          trx,
        );
        if (row.missing_since !== null) await restore(trx, row.asset_id, at);
      }
    });
}

async function restore(trx: Kysely<Database>, assetId: number, at: string) {
  await setAssetFieldsInState(assetId, "missing", { state: "ready", updated_at: at }, trx);
}

const statColumns = (stat: FileStat) => ({
  size: stat.size,
  mtime: stat.mtime,
  device: stat.device,
  inode: stat.inode,
});

/** A file whose stat changed, that moved by inode, or that came back. */
async function reconcile(
  archive: Archive,
  root: string,
  row: IndexRow,
  file: Seen,
  report: ScanReport,
  fail: (file: string, reason: string) => void,
) {
  if (row.asset_id !== null && sameStat(row, file.stat)) {
    // Renamed, or back where it was: the same file, unread.
    await applyMove(archive.id, row, file);
    count(report, row, file);
    return;
  }
  const read = await hashBelow(root, file.file, MEDIA_HEAD_BYTES);
  if (row.asset_id === null) {
    // Refused or unreadable before: tried again now that it changed.
    await db().deleteFrom("indexed_files").where("id", "=", row.id).execute();
    await addFile(archive, file, read, report, fail);
    return;
  }
  if (read.hash === row.hash) {
    // Touched, renamed or back, same content: the index follows, the asset is left alone.
    await applyMove(archive.id, row, { ...file, stat: read.stat });
    count(report, row, file);
    return;
  }
  let type;
  try {
    type = await detectMediaType(read.head, file.name);
  } catch (error) {
    fail(file.file, reasonOf(error));
    return;
  }
  const assetId = row.asset_id;
  await addRevision(
    assetId,
    {
      archiveId: archive.id,
      blob: { hash: read.hash, size: read.stat.size },
      type,
      fileName: file.name,
      userId: null,
    },
    async (trx, created) => {
      const at = now();
      await trx
        .updateTable("indexed_files")
        .set({
          path: file.file,
          ...statColumns(read.stat),
          hash: read.hash,
          failure: null,
          missing_since: null,
          updated_at: at,
        })
        .where("id", "=", row.id)
        .execute();
      await linkRevision(trx, created, row.id);
      await setAssetFields(
        assetId,
        { folder_id: await folderId(trx, archive.id, file.folder), file_name: file.name },
        trx,
      );
      if (row.missing_since !== null) await restore(trx, assetId, at);
    },
  );
  report.changed++;
}

/** The revision reads its content from this indexed file, not from a blob. */
export async function linkRevision(trx: Kysely<Database>, created: Created, indexedFileId: number) {
  await trx
    .updateTable("revisions")
    .set({ indexed_file_id: indexedFileId })
    .where("id", "=", created.revisionId)
    .execute();
}

/** A file seen for the first time: an asset, or a row recording why not. */
async function addFile(
  archive: Archive,
  file: Seen,
  read: { hash: string; head: Buffer },
  report: ScanReport,
  fail: (file: string, reason: string) => void,
) {
  const at = now();
  const row = {
    archive_id: archive.id,
    path: file.file,
    ...statColumns(file.stat),
    hash: read.hash,
    missing_since: null,
    updated_at: at,
  };
  let type;
  try {
    type = await detectMediaType(read.head, file.name);
  } catch (error) {
    const reason = reasonOf(error);
    fail(file.file, reason);
    // Recorded, so an unchanged refused file is not read again on every scan.
    await db()
      .insertInto("indexed_files")
      .values({ ...row, asset_id: null, failure: reason })
      .onConflict((oc) => oc.columns(["archive_id", "path"]).doNothing())
      .execute();
    return;
  }
  await createAsset(
    {
      archiveId: archive.id,
      blob: { hash: read.hash, size: file.stat.size },
      type,
      fileName: file.name,
      userId: null,
      folderPath: file.folder,
    },
    async (trx, created) => {
      const inserted = await trx
        .insertInto("indexed_files")
        .values({ ...row, asset_id: created.assetId, failure: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      await linkRevision(trx, created, inserted.id);
    },
  );
  report.added++;
}

/** The job: one scan per archive at a time (the archive's scan lease), then its report. */
export async function runScanJob(
  job: Job,
  payload: ArchiveScanPayload,
  options: Omit<ScanOptions, "jobId">,
): Promise<ScanReport | { archiveId: number; deferredTo: number }> {
  if (!(await claimScan(payload.archiveId, job.id))) {
    // Another scan runs: this one starts again after it, seeing whatever changed meanwhile.
    const later = await enqueue(ARCHIVE_SCAN_JOB, payload, {
      ownerId: job.ownerId,
      runAfter: new Date(Date.now() + 30_000),
      maxAttempts: 2,
    });
    return { archiveId: payload.archiveId, deferredTo: later.id };
  }
  let finished = false;
  try {
    const report = await scanArchive(payload.archiveId, { ...options, jobId: job.id });
    finished = true;
    return report;
  } catch (error) {
    // A refused folder counts as scanned: the schedule tries again after its period, not at once.
    if (error instanceof ScanRefusedError) finished = true;
    throw error;
  } finally {
    await releaseScan(payload.archiveId, job.id, finished);
  }
}
