import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";

/*
 * Content-addressed blob store (decision 009). Files never live in the database: each blob is
 * named by the sha-256 of its bytes and stored once, however many revisions point to it.
 *
 * A put streams the source into `<root>/tmp/<uuid>.tmp` while hashing it (memory stays flat
 * whatever the size), fsyncs the file, renames it to `<root>/ab/cd/<hash>` and fsyncs the folder,
 * so a crash leaves at worst a stray temporary file (removed by `sweepTemporary`), never a half
 * file under a real hash. Hashes given by callers are validated before any path is built from them.
 */

export interface BlobInfo {
  /** Lowercase sha-256 hex (64 characters). */
  hash: string;
  size: number;
}

export class BlobTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`The file is larger than the limit of ${limit} bytes.`);
    this.name = "BlobTooLargeError";
    this.limit = limit;
  }
}

export class InvalidBlobHashError extends Error {
  constructor(message = "Not a blob hash: 64 lowercase hexadecimal digits expected.") {
    super(message);
    this.name = "InvalidBlobHashError";
  }
}

export class BlobNotFoundError extends Error {
  readonly hash: string | undefined;
  constructor(hash?: string) {
    super(hash ? `No blob ${hash}.` : "No such blob.");
    this.name = "BlobNotFoundError";
    this.hash = hash;
  }
}

const HASH = /^[0-9a-f]{64}$/;

export function isBlobHash(value: string): boolean {
  return typeof value === "string" && HASH.test(value);
}

export interface PutOptions {
  /** Largest size accepted; one byte more rejects with BlobTooLargeError. */
  maxBytes?: number;
  /** Aborting rejects with the signal's reason and removes the temporary file. */
  signal?: AbortSignal;
}

export interface BlobStore {
  /** Streams the source to a temporary file while hashing it, fsyncs, renames into place, fsyncs the directory.
   *  If the hash already exists, the temporary file is removed and the existing blob kept (identical content is stored once).
   *  Exceeding maxBytes aborts with BlobTooLargeError; any error (source stream error, abort, too large) leaves no file behind. */
  put(
    source: NodeJS.ReadableStream | AsyncIterable<Uint8Array> | Uint8Array,
    options?: PutOptions,
  ): Promise<BlobInfo>;
  /** Same as put but from a file on disk (the file is copied, not moved; the source is left as it is). */
  putFile(filePath: string, options?: PutOptions): Promise<BlobInfo>;
  has(hash: string): Promise<boolean>;
  /** null when absent. */
  stat(hash: string): Promise<{ size: number } | null>;
  /** Throws BlobNotFoundError when absent; range is inclusive byte offsets like fs.createReadStream. */
  read(hash: string, range?: { start: number; end?: number }): Promise<NodeJS.ReadableStream>;
  /** Runs fn with a path to a local file holding the blob (the blob itself for the local store; an S3 store would download to a temp file and remove it afterwards). */
  withLocalFile<T>(hash: string, fn: (filePath: string) => Promise<T>): Promise<T>;
  delete(hash: string): Promise<void>;
  /** Removes temporary files older than olderThanMs (left by a crash); returns how many were removed. */
  sweepTemporary(olderThanMs?: number): Promise<number>;
}

/** A day: a temporary file is touched on every write, so only an upload stalled that long goes. */
const DEFAULT_SWEEP_AGE_MS = 24 * 60 * 60 * 1000;
const FILE_READ_CHUNK = 1024 * 1024;

export class LocalBlobStore implements BlobStore {
  readonly root: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, "tmp");
  }

  async put(
    source: NodeJS.ReadableStream | AsyncIterable<Uint8Array> | Uint8Array,
    options: PutOptions = {},
  ): Promise<BlobInfo> {
    const limit = options.maxBytes ?? Infinity;
    const signal = options.signal;
    const tmpPath = path.join(this.tmpDir, `${randomUUID()}.tmp`);
    let handle: FileHandle | undefined;
    let opened = false;
    // A stream may fail before it is read (a missing file): keep that from being an uncaught
    // 'error' event; reading a failed stream then throws its error.
    const emitter = source as Partial<NodeJS.EventEmitter>;
    const swallow = () => {};
    const listens = typeof emitter.on === "function" && typeof emitter.off === "function";
    if (listens) emitter.on!("error", swallow);
    try {
      if (typeof limit !== "number" || !(limit >= 0))
        throw new RangeError("maxBytes must be a number of bytes, 0 or more.");
      signal?.throwIfAborted();
      await fsp.mkdir(this.tmpDir, { recursive: true });
      handle = await fsp.open(tmpPath, "wx", 0o644);
      opened = true;
      const info = await copyHashing(source, handle, limit, signal);
      await handle.sync();
      const closing = handle;
      handle = undefined;
      await closing.close();
      signal?.throwIfAborted();
      await this.commit(tmpPath, info);
      return info;
    } catch (error) {
      discard(source);
      await handle?.close().catch(() => {});
      if (opened) await fsp.rm(tmpPath, { force: true }).catch(() => {});
      // A source wired to the same signal fails with its own AbortError; report the reason.
      if (signal?.aborted && error !== signal.reason && (error as Error)?.name === "AbortError")
        throw signal.reason;
      throw error;
    } finally {
      if (listens) emitter.off!("error", swallow);
    }
  }

  async putFile(filePath: string, options: PutOptions = {}): Promise<BlobInfo> {
    // O_NOFOLLOW: a file swapped for a symbolic link after it was checked is refused (ELOOP).
    const handle = await fsp.open(filePath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    // The stream closes the handle when it ends or is destroyed.
    return this.put(handle.createReadStream({ highWaterMark: FILE_READ_CHUNK }), options);
  }

  async has(hash: string): Promise<boolean> {
    return (await this.stat(hash)) !== null;
  }

  async stat(hash: string): Promise<{ size: number } | null> {
    const info = await statOrNull(this.pathOf(hash));
    return info?.isFile() ? { size: info.size } : null;
  }

  async read(
    hash: string,
    range?: { start: number; end?: number },
  ): Promise<NodeJS.ReadableStream> {
    const file = this.pathOf(hash);
    if (range) {
      const { start, end } = range;
      if (!Number.isSafeInteger(start) || start < 0)
        throw new RangeError("range.start must be a whole number of bytes, 0 or more.");
      if (end !== undefined && (!Number.isSafeInteger(end) || end < start))
        throw new RangeError("range.end must be a whole number of bytes, at least range.start.");
    }
    let handle: FileHandle;
    try {
      handle = await fsp.open(file, "r");
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(hash);
      throw error;
    }
    // The stream closes the handle when it ends or is destroyed.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  /** The path given is the stored blob itself: fn must only read it. */
  async withLocalFile<T>(hash: string, fn: (filePath: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(hash);
    if (!(await this.stat(hash))) throw new BlobNotFoundError(hash);
    return fn(file);
  }

  async delete(hash: string): Promise<void> {
    const file = this.pathOf(hash);
    // Empty folders stay: removing them could race a put that has just created them.
    try {
      await fsp.unlink(file);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async sweepTemporary(olderThanMs: number = DEFAULT_SWEEP_AGE_MS): Promise<number> {
    if (typeof olderThanMs !== "number" || !(olderThanMs >= 0))
      throw new RangeError("olderThanMs must be a number of milliseconds, 0 or more.");
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(this.tmpDir, { withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return 0;
      throw error;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(this.tmpDir, entry.name);
      const info = await statOrNull(file);
      if (!info || info.mtimeMs > cutoff) continue;
      try {
        await fsp.unlink(file);
        removed += 1;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    return removed;
  }

  /** `<root>/ab/cd/<hash>`; throws InvalidBlobHashError before any path is built. */
  private pathOf(hash: string): string {
    if (!isBlobHash(hash)) throw new InvalidBlobHashError();
    return path.join(this.root, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  /** Moves a complete, synced temporary file to its hash, or drops it when the blob exists. */
  private async commit(tmpPath: string, { hash, size }: BlobInfo): Promise<void> {
    const finalPath = this.pathOf(hash);
    const existing = await statOrNull(finalPath);
    if (existing?.isFile() && existing.size === size) {
      await fsp.rm(tmpPath, { force: true });
      return;
    }
    // Absent (or, should a disk ever have damaged it, the wrong size): rename over it. Two puts of
    // the same content may both get here; renaming identical bytes over each other is harmless.
    const dir = path.dirname(finalPath);
    const firstCreated = await fsp.mkdir(dir, { recursive: true });
    await fsp.rename(tmpPath, finalPath);
    // The new name must survive a crash: sync its folder, and every folder that gained an entry.
    const last = firstCreated ? path.dirname(firstCreated) : dir;
    for (let current = dir; ; current = path.dirname(current)) {
      await syncDirectory(current);
      if (current === last || current === path.dirname(current)) break;
    }
  }
}

/** Copies every chunk of source to handle, hashing and counting as it goes. */
async function copyHashing(
  source: NodeJS.ReadableStream | AsyncIterable<Uint8Array> | Uint8Array,
  handle: FileHandle,
  limit: number,
  signal: AbortSignal | undefined,
): Promise<BlobInfo> {
  const hash = createHash("sha256");
  let size = 0;
  const iterator = chunksOf(source)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await nextOrAbort(iterator, signal);
      if (next.done) break;
      const chunk = toBuffer(next.value);
      if (chunk.length === 0) continue;
      if (size + chunk.length > limit) throw new BlobTooLargeError(limit);
      size += chunk.length;
      hash.update(chunk);
      await writeFully(handle, chunk);
      signal?.throwIfAborted();
    }
  } catch (error) {
    // Ends the source as stream.pipeline would; not awaited, a stalled generator never returns.
    try {
      Promise.resolve(iterator.return?.()).catch(() => {});
    } catch {
      // A broken iterator's return is no reason to hide the original error.
    }
    throw error;
  }
  return { hash: hash.digest("hex"), size };
}

function chunksOf(
  source: NodeJS.ReadableStream | AsyncIterable<Uint8Array> | Uint8Array,
): AsyncIterable<unknown> {
  if (ArrayBuffer.isView(source)) {
    return (async function* () {
      yield source;
    })();
  }
  if (typeof (source as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === "function")
    return source as AsyncIterable<unknown>;
  // An old-style stream without async iteration.
  return new Readable().wrap(source as NodeJS.ReadableStream);
}

/** The next chunk, or a rejection with the signal's reason as soon as it aborts. */
function nextOrAbort<T>(
  iterator: AsyncIterator<T>,
  signal: AbortSignal | undefined,
): Promise<IteratorResult<T>> {
  if (!signal) return iterator.next();
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const pending = iterator.next();
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (ArrayBuffer.isView(chunk))
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  throw new TypeError("A blob source must give bytes (Uint8Array chunks).");
}

async function writeFully(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

/** Destroys a stream source after a failure (a stalled stream would otherwise stay open). */
function discard(source: unknown) {
  const stream = source as { destroy?: unknown; destroyed?: boolean };
  if (typeof stream.destroy === "function" && !stream.destroyed) {
    try {
      (stream.destroy as () => void).call(stream);
    } catch {
      // Already failing; the original error is the one to report.
    }
  }
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fsp.open(dir, "r");
    await handle.sync();
  } catch (error) {
    // Windows cannot open a folder, and some file systems refuse to sync one; nothing to do there.
    const code = (error as NodeJS.ErrnoException)?.code;
    if (!["EISDIR", "EPERM", "EACCES", "EINVAL", "ENOTSUP"].includes(code ?? "")) throw error;
  } finally {
    await handle?.close();
  }
}

async function statOrNull(file: string): Promise<fs.Stats | null> {
  try {
    return await fsp.lstat(file);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

// Looked up on every call, not once at load: the server entry and the build must always agree.
const override = () =>
  singleton("blobStore", () => ({ current: undefined as BlobStore | undefined }));

/** The process's store: LocalBlobStore at `<DATA_DIR>/blobs` unless replaced by useBlobStore. */
export function blobStore(): BlobStore {
  const replaced = override().current;
  if (replaced) return replaced;
  const root = path.join(env().DATA_DIR, "blobs");
  return singleton(`blobStore:${root}`, () => new LocalBlobStore(root));
}

/** Replaces the process's store (tests); undefined goes back to the one under DATA_DIR. */
export function useBlobStore(store: BlobStore | undefined): void {
  override().current = store;
}
