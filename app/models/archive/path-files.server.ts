import { createHash } from "node:crypto";
import { constants as fsConstants, type BigIntStats } from "node:fs";
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { db } from "~/db/connection.server";
import { keyed } from "~/models/locale/keyed";
import { blobStore } from "~/storage/blob-store.server";
import { checkArchivePath } from "./archive-path.server";
import { archiveConfigSchema } from "./archive.schema";

/*
 * The files of path archives, read in place (decision 042). Every read resolves the file below
 * the archive's folder again: the folder must still pass the allowed-roots check, no part of the
 * path may be a symbolic link (a link swapped in after indexing is refused, not followed), and the
 * file opened must be the very one indexed (same device and inode, size and modification time),
 * so a revision never serves content other than the one its hash names.
 */

export type IndexedFileProblem = "path_invalid" | "gone" | "changed";

export class IndexedFileError extends Error {
  readonly code: IndexedFileProblem;
  constructor(code: IndexedFileProblem, message: string) {
    super(message);
    this.name = "IndexedFileError";
    this.code = code;
  }
}

/** What the scanner compares: text, since nanoseconds and inode numbers overflow a double. */
export interface FileStat {
  size: number;
  mtime: string;
  device: string;
  inode: string;
}

export function statOf(stat: BigIntStats): FileStat {
  return {
    size: Number(stat.size),
    mtime: stat.mtimeNs.toString(),
    device: stat.dev.toString(),
    inode: stat.ino.toString(),
  };
}

export const sameStat = (a: FileStat, b: FileStat) =>
  Number(a.size) === Number(b.size) &&
  a.mtime === b.mtime &&
  a.device === b.device &&
  a.inode === b.inode;

/** A relative path the scanner could have stored: plain segments, no "..", no NUL. */
function isPlainRelative(relative: string) {
  return (
    relative !== "" &&
    !relative.includes("\0") &&
    relative.split("/").every((s) => s !== "" && s !== "." && s !== "..")
  );
}

/** Non-blocking: a FIFO swapped in for a file must not hang the open. */
const OPEN_FLAGS = fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK;

/**
 * Opens `relative` below the (already checked) folder `root` without following any symbolic
 * link: the resolved path must be the written one, and the last step is opened O_NOFOLLOW.
 */
export async function openBelow(
  root: string,
  relative: string,
): Promise<{ handle: FileHandle; stat: FileStat; file: string }> {
  if (!isPlainRelative(relative))
    throw new IndexedFileError("path_invalid", keyed("settings.scan.reason.leadsOutside"));
  const file = path.join(root, ...relative.split("/"));
  let real: string;
  try {
    real = await fs.realpath(file);
  } catch {
    throw new IndexedFileError("gone", keyed("settings.scan.reason.gone"));
  }
  if (real !== file)
    throw new IndexedFileError("path_invalid", keyed("settings.scan.reason.linkOnPath"));
  let handle: FileHandle;
  try {
    handle = await fs.open(file, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP")
      throw new IndexedFileError("path_invalid", keyed("settings.scan.reason.link"));
    throw new IndexedFileError("gone", keyed("settings.scan.reason.unreadableFile"));
  }
  const stat = await handle.stat({ bigint: true });
  if (!stat.isFile()) {
    await handle.close();
    throw new IndexedFileError("path_invalid", keyed("settings.scan.reason.notRegular"));
  }
  return { handle, stat: statOf(stat), file };
}

/** sha-256 of a file below `root`, read once without following links, with its first bytes. */
export async function hashBelow(
  root: string,
  relative: string,
  headBytes: number,
): Promise<{ hash: string; stat: FileStat; head: Buffer }> {
  const { handle, stat } = await openBelow(root, relative);
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let kept = 0;
  try {
    const stream = handle.createReadStream({ highWaterMark: 1024 * 1024, autoClose: false });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      if (kept < headBytes) {
        head.push(chunk.subarray(0, headBytes - kept));
        kept += Math.min(chunk.length, headBytes - kept);
      }
    }
  } finally {
    await handle.close();
  }
  return { hash: hash.digest("hex"), stat, head: Buffer.concat(head) };
}

interface IndexedOriginal {
  indexedFileId: number;
  path: string;
  size: number;
  mtime: string;
  device: string;
  inode: string;
  hash: string | null;
  missingSince: string | null;
  archiveConfig: string;
}

/** The indexed file a revision reads from, or null for a revision with a blob of its own. */
async function indexedOriginal(revisionId: number): Promise<IndexedOriginal | null> {
  const row = await db()
    .selectFrom("revisions")
    .innerJoin("indexed_files", "indexed_files.id", "revisions.indexed_file_id")
    .innerJoin("archives", "archives.id", "indexed_files.archive_id")
    .select([
      "indexed_files.id as indexedFileId",
      "indexed_files.path",
      "indexed_files.size",
      "indexed_files.mtime",
      "indexed_files.device",
      "indexed_files.inode",
      "indexed_files.hash",
      "indexed_files.missing_since as missingSince",
      "archives.config as archiveConfig",
    ])
    .where("revisions.id", "=", revisionId)
    .executeTakeFirst();
  return row ? { ...row, size: Number(row.size) } : null;
}

/** The folder a path archive indexes, checked again against the allowed roots. */
export async function archiveFolder(configText: string): Promise<string> {
  let folder = "";
  try {
    folder = archiveConfigSchema.parse(JSON.parse(configText)).Path;
  } catch {
    // an unreadable configuration indexes nothing
  }
  const check = await checkArchivePath(folder);
  if (!check.ok) throw new IndexedFileError("path_invalid", check.message);
  return check.path;
}

/** Opens a revision's indexed file, refusing one that is not exactly what was indexed. */
async function openOriginal(original: IndexedOriginal, expectedHash: string) {
  if (original.missingSince !== null || original.hash !== expectedHash)
    throw new IndexedFileError("gone", keyed("settings.scan.reason.revisionGone"));
  const root = await archiveFolder(original.archiveConfig);
  const opened = await openBelow(root, original.path);
  if (!sameStat(opened.stat, original)) {
    await opened.handle.close();
    throw new IndexedFileError("changed", keyed("settings.scan.reason.changed"));
  }
  return opened;
}

/** A path to give libraries that open files by name: the open descriptor itself on Linux. */
function pathOfHandle(handle: FileHandle, file: string) {
  return process.platform === "linux" ? `/proc/self/fd/${handle.fd}` : file;
}

/**
 * Runs fn with a local file holding a revision's original: the blob, or the path archive's file
 * in place (held open, so a swap after the checks does not change what fn reads on Linux).
 */
export async function withOriginalFile<T>(
  revision: { revisionId: number; blobHash: string },
  fn: (file: string) => Promise<T>,
): Promise<T> {
  const original = await indexedOriginal(revision.revisionId);
  if (!original) return blobStore().withLocalFile(revision.blobHash, fn);
  const { handle, file } = await openOriginal(original, revision.blobHash);
  try {
    return await fn(pathOfHandle(handle, file));
  } finally {
    await handle.close();
  }
}

/** A byte range of a revision's original, from the blob store or the path archive's folder. */
export async function readOriginal(
  revision: { revisionId: number; blobHash: string },
  range: { start: number; end: number },
): Promise<NodeJS.ReadableStream> {
  const original = await indexedOriginal(revision.revisionId);
  if (!original) return blobStore().read(revision.blobHash, range);
  const { handle } = await openOriginal(original, revision.blobHash);
  // The stream closes the handle when it ends or is destroyed.
  return handle.createReadStream({ start: range.start, end: range.end });
}
