import { createHash } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  BlobNotFoundError,
  BlobTooLargeError,
  InvalidBlobHashError,
  LocalBlobStore,
  blobStore,
  isBlobHash,
  useBlobStore,
  type BlobStore,
} from "~/storage/blob-store.server";
import { resetEnvCache } from "~/utils/env.server";

/* The content-addressed blob store on local disk (decision 009). */

let root: string;
let store: LocalBlobStore;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "arkiv-blobs-"));
  store = new LocalBlobStore(root);
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** Every file under the store's root, relative, sorted. */
async function filesUnder(dir = root): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Sizes of the temporary files puts in progress are writing. */
async function temporarySizes(): Promise<number[]> {
  const tmp = path.join(root, "tmp");
  const names = await fs.readdir(tmp).catch(() => []);
  return Promise.all(names.map(async (name) => (await fs.stat(path.join(tmp, name))).size));
}

const blobPath = (hash: string) => path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);

describe("put", () => {
  test("from a Buffer gives the sha-256 and size, stored under ab/cd/<hash>", async () => {
    const data = Buffer.from("hello, archive\n");
    const info = await store.put(data);
    expect(info).toEqual({ hash: sha256(data), size: data.length });
    expect(isBlobHash(info.hash)).toBe(true);
    expect(await fs.readFile(blobPath(info.hash))).toEqual(data);
    expect(await filesUnder()).toEqual([path.relative(root, blobPath(info.hash))]);
    const mode = (await fs.stat(blobPath(info.hash))).mode;
    expect(mode & 0o111).toBe(0);
    expect(mode & 0o400).toBe(0o400);
  });

  test("from a Uint8Array view honours its offset and length", async () => {
    const backing = new Uint8Array([1, 2, 3, 4, 5, 6]);
    const view = backing.subarray(2, 5);
    const info = await store.put(view);
    expect(info).toEqual({ hash: sha256(Buffer.from([3, 4, 5])), size: 3 });
  });

  test("from a Node stream and from an async iterable", async () => {
    const parts = ["first part, ", "second part, ", "third part"];
    const whole = parts.join("");
    const fromStream = await store.put(Readable.from(parts.map((p) => Buffer.from(p))));
    expect(fromStream).toEqual({ hash: sha256(whole), size: whole.length });

    async function* generate() {
      for (const part of parts) {
        await sleep(1); // parts that arrive over time, as from a network
        yield new TextEncoder().encode(part);
      }
    }
    const fromIterable = await store.put(generate());
    expect(fromIterable).toEqual(fromStream);
  });

  test("a stream of strings is stored as UTF-8", async () => {
    const stream = Readable.from(["Ø", "ystein ©"], { objectMode: true });
    const info = await store.put(stream);
    expect(info).toEqual({ hash: sha256("Øystein ©"), size: Buffer.byteLength("Øystein ©") });
  });

  test("empty content is a blob too", async () => {
    const info = await store.put(Buffer.alloc(0), { maxBytes: 0 });
    expect(info).toEqual({
      hash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      size: 0,
    });
    expect(await store.stat(info.hash)).toEqual({ size: 0 });
  });

  test("identical content is stored once, also when put concurrently", async () => {
    const data = Buffer.from("the same bytes");
    const first = await store.put(data);
    const second = await store.put(Readable.from([data]));
    expect(second).toEqual(first);
    const together = await Promise.all(
      Array.from({ length: 5 }, () => store.put(Buffer.from(data))),
    );
    for (const info of together) expect(info).toEqual(first);
    expect(await filesUnder()).toEqual([path.relative(root, blobPath(first.hash))]);
  });

  test("read gives the bytes back, whole or as an inclusive range", async () => {
    const info = await store.put(Buffer.from("0123456789"));
    expect(await text(await store.read(info.hash))).toBe("0123456789");
    expect(await text(await store.read(info.hash, { start: 2, end: 5 }))).toBe("2345");
    expect(await text(await store.read(info.hash, { start: 7 }))).toBe("789");
    expect(await text(await store.read(info.hash, { start: 9, end: 9 }))).toBe("9");
    await expect(store.read(info.hash, { start: -1 })).rejects.toBeInstanceOf(RangeError);
    await expect(store.read(info.hash, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
    await expect(store.read(sha256("absent"))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  test("putFile copies the file and leaves the source as it was", async () => {
    const source = path.join(root, "..", `${path.basename(root)}-source.bin`);
    const data = Buffer.alloc(3 * 1024 * 1024 + 17, "abc");
    await fs.writeFile(source, data);
    try {
      const info = await store.putFile(source);
      expect(info).toEqual({ hash: sha256(data), size: data.length });
      // Buffer.equals: a deep toEqual over megabytes is very slow.
      expect((await fs.readFile(source)).equals(data)).toBe(true);
      expect((await fs.readFile(blobPath(info.hash))).equals(data)).toBe(true);
    } finally {
      await fs.rm(source, { force: true });
    }
    await expect(store.putFile(path.join(root, "missing.bin"))).rejects.toMatchObject({
      code: "ENOENT",
    });
    expect(await filesUnder()).toHaveLength(1);
  });

  test("putFile never reads through a symbolic link", async () => {
    const target = path.join(root, "..", `${path.basename(root)}-secret.txt`);
    const link = path.join(root, "..", `${path.basename(root)}-link.jpg`);
    await fs.writeFile(target, "secret");
    await fs.symlink(target, link);
    try {
      await expect(store.putFile(link)).rejects.toMatchObject({ code: "ELOOP" });
      expect(await store.has(sha256(Buffer.from("secret")))).toBe(false);
    } finally {
      await fs.rm(link, { force: true });
      await fs.rm(target, { force: true });
    }
  });
});

describe("limits and failures leave nothing behind", () => {
  const data = Buffer.alloc(1000, 7);

  test("maxBytes: equal passes, one more fails with BlobTooLargeError", async () => {
    await expect(store.put(data, { maxBytes: 1001 })).resolves.toMatchObject({ size: 1000 });
    await store.delete(sha256(data));
    await expect(store.put(data, { maxBytes: 1000 })).resolves.toMatchObject({ size: 1000 });
    await store.delete(sha256(data));
    expect(await filesUnder()).toEqual([]);

    const tooLarge = await store.put(data, { maxBytes: 999 }).catch((error: unknown) => error);
    expect(tooLarge).toBeInstanceOf(BlobTooLargeError);
    expect(tooLarge).toMatchObject({ name: "BlobTooLargeError", limit: 999 });
    expect(await filesUnder()).toEqual([]);
  });

  test("maxBytes is enforced mid-stream, and the source is destroyed", async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(100, 1));
    await expect(store.put(Readable.from(chunks), { maxBytes: 1000 })).resolves.toMatchObject({
      size: 1000,
    });
    await store.delete(sha256(Buffer.concat(chunks)));

    const source = Readable.from([...chunks, Buffer.alloc(1, 1), ...chunks]);
    await expect(store.put(source, { maxBytes: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(source.destroyed).toBe(true);
    expect(await filesUnder()).toEqual([]);
  });

  test("a source erroring midway rejects with its error and leaves nothing", async () => {
    const failure = new Error("disk of the client went away");
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      yield Buffer.alloc(64 * 1024, 2);
      throw failure;
    }
    await expect(store.put(failing())).rejects.toBe(failure);
    expect(await filesUnder()).toEqual([]);

    const stream = new Readable({ read() {} });
    stream.push(Buffer.alloc(1024, 3));
    setTimeout(() => stream.destroy(failure), 20); // midway: put has had time to take a chunk
    await expect(store.put(stream)).rejects.toBe(failure);
    expect(await filesUnder()).toEqual([]);
  });

  test("aborting rejects with the signal's reason and leaves nothing", async () => {
    const reason = new Error("upload cancelled");
    const controller = new AbortController();
    let sent = 0;
    async function* slow() {
      for (;;) {
        sent += 1;
        if (sent === 5) controller.abort(reason);
        yield Buffer.alloc(1024, sent);
        await sleep(2); // a slow sender that would go on for ever but for the abort
      }
    }
    await expect(store.put(slow(), { signal: controller.signal })).rejects.toBe(reason);
    expect(await filesUnder()).toEqual([]);
  });

  test("aborting while the source is stalled rejects at once", async () => {
    const reason = new Error("gave up waiting");
    const controller = new AbortController();
    async function* stalled() {
      yield Buffer.from("a first chunk");
      await new Promise(() => {});
    }
    const stream = new Readable({ read() {} });
    stream.push("a first chunk");
    const puts = [stalled(), stream].map((source) =>
      store.put(source, { signal: controller.signal }).catch((error: unknown) => error),
    );
    // Both puts have written their first chunk, so both now wait on a source that sends no more.
    await vi.waitUntil(
      async () => {
        const sizes = await temporarySizes();
        return sizes.length === 2 && sizes.every((size) => size === "a first chunk".length);
      },
      { timeout: 5000, interval: 5 },
    );
    controller.abort(reason);
    expect(await Promise.all(puts)).toEqual([reason, reason]);
    expect(stream.destroyed).toBe(true);
    expect(await filesUnder()).toEqual([]);
  });

  test("an already aborted signal rejects before anything is written", async () => {
    const signal = AbortSignal.abort(new Error("too late"));
    await expect(store.put(Buffer.from("x"), { signal })).rejects.toThrow("too late");
    expect(await filesUnder()).toEqual([]);
  });

  test("a bad maxBytes is refused", async () => {
    await expect(store.put(Buffer.from("x"), { maxBytes: -1 })).rejects.toBeInstanceOf(RangeError);
    await expect(store.put(Buffer.from("x"), { maxBytes: Number.NaN })).rejects.toBeInstanceOf(
      RangeError,
    );
  });
});

describe("hashes are validated before any path is built", () => {
  const valid = sha256("valid");
  const invalid = [
    "../etc/passwd",
    `../../${valid.slice(6)}`,
    valid.toUpperCase(),
    valid.slice(0, 63),
    `${valid}0`,
    `${valid.slice(0, 63)}\0`,
    `${valid}\n`,
    "",
  ];

  test("isBlobHash", () => {
    expect(isBlobHash(valid)).toBe(true);
    for (const value of invalid) expect(isBlobHash(value)).toBe(false);
  });

  test("every method rejects with InvalidBlobHashError", async () => {
    let called = false;
    const calls: Array<(hash: string) => Promise<unknown>> = [
      (hash) => store.has(hash),
      (hash) => store.stat(hash),
      (hash) => store.read(hash),
      (hash) => store.read(hash, { start: 0, end: 1 }),
      (hash) =>
        store.withLocalFile(hash, async () => {
          called = true;
        }),
      (hash) => store.delete(hash),
    ];
    for (const value of invalid) {
      for (const call of calls) {
        const error = await call(value).then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(InvalidBlobHashError);
        expect((error as Error).name).toBe("InvalidBlobHashError");
      }
    }
    expect(called).toBe(false);
  });
});

describe("the rest of the store", () => {
  test("has, stat and delete (absent is not an error)", async () => {
    const info = await store.put(Buffer.from("short-lived"));
    expect(await store.has(info.hash)).toBe(true);
    expect(await store.stat(info.hash)).toEqual({ size: 11 });
    await store.delete(info.hash);
    expect(await store.has(info.hash)).toBe(false);
    expect(await store.stat(info.hash)).toBeNull();
    await expect(store.delete(info.hash)).resolves.toBeUndefined();
    await expect(store.read(info.hash)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await filesUnder()).toEqual([]);
  });

  test("withLocalFile gives a readable path and returns what fn returns", async () => {
    const info = await store.put(Buffer.from("on local disk"));
    const result = await store.withLocalFile(info.hash, async (file) => {
      expect(path.isAbsolute(file)).toBe(true);
      return fs.readFile(file, "utf8");
    });
    expect(result).toBe("on local disk");
    await expect(store.withLocalFile(sha256("absent"), async () => 1)).rejects.toBeInstanceOf(
      BlobNotFoundError,
    );
  });

  test("sweepTemporary removes only old temporary files", async () => {
    expect(await store.sweepTemporary()).toBe(0);
    const info = await store.put(Buffer.from("a real blob"));
    const tmp = path.join(root, "tmp");
    await fs.mkdir(tmp, { recursive: true });
    const old = path.join(tmp, "left-by-a-crash.tmp");
    const fresh = path.join(tmp, "upload-in-progress.tmp");
    await fs.writeFile(old, "partial");
    await fs.writeFile(fresh, "partial");
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await fs.utimes(old, hourAgo, hourAgo);
    // A file's stamp can run a few milliseconds ahead of Date.now() on some machines (its clock
    // is the kernel's coarse one), so "fresh" is set a minute back rather than left at "now".
    const minuteAgo = new Date(Date.now() - 60 * 1000);
    await fs.utimes(fresh, minuteAgo, minuteAgo);
    // Blobs are never temporary files, however old.
    await fs.utimes(blobPath(info.hash), hourAgo, hourAgo);

    expect(await store.sweepTemporary(10 * 60 * 1000)).toBe(1);
    expect(await filesUnder()).toEqual(
      [path.relative(root, blobPath(info.hash)), path.relative(root, fresh)].sort(),
    );
    expect(await store.sweepTemporary(0)).toBe(1);
    expect(await filesUnder()).toEqual([path.relative(root, blobPath(info.hash))]);
    await expect(store.sweepTemporary(-1)).rejects.toBeInstanceOf(RangeError);
  });

  test("a ~200 MB put streams to disk, memory flat", { timeout: 30_000 }, async () => {
    const chunkSize = 256 * 1024;
    const chunks = 800; // 200 MiB
    const expected = createHash("sha256");
    const pattern = Buffer.alloc(chunkSize);
    for (let i = 0; i < chunkSize; i += 1) pattern[i] = (i * 31 + 7) & 0xff;
    /*
     * How far the source ran ahead of the disk: each time it is asked for a chunk, the bytes it
     * gave so far less those in the temporary file. A store that buffered, or read without
     * waiting for its writes, would let this grow to the whole 200 MiB.
     */
    const tmp = path.join(root, "tmp");
    let given = 0;
    let mostAhead = 0;
    function* generate() {
      for (let i = 0; i < chunks; i += 1) {
        const names = fsSync.readdirSync(tmp);
        expect(names).toHaveLength(1);
        mostAhead = Math.max(mostAhead, given - fsSync.statSync(path.join(tmp, names[0]!)).size);
        // A fresh buffer each time, so a store that kept chunks would show it.
        const chunk = Buffer.from(pattern);
        chunk.writeUInt32BE(i, 0);
        expected.update(chunk);
        given += chunk.length;
        yield chunk;
      }
    }

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let info;
    try {
      info = await store.put(Readable.from(generate(), { objectMode: false }));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(info).toEqual({ hash: expected.digest("hex"), size: chunkSize * chunks });
    expect(await store.stat(info.hash)).toEqual({ size: chunkSize * chunks });
    expect(mostAhead).toBeGreaterThan(0);
    expect(mostAhead).toBeLessThanOrEqual(4 * chunkSize);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("blobStore()", () => {
  const saved = process.env.DATA_DIR;

  afterEach(() => {
    useBlobStore(undefined);
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    resetEnvCache();
  });

  test("follows DATA_DIR and can be replaced", async () => {
    process.env.DATA_DIR = path.join(root, "one");
    resetEnvCache();
    const one = blobStore();
    expect(one).toBeInstanceOf(LocalBlobStore);
    expect((one as LocalBlobStore).root).toBe(path.join(root, "one", "blobs"));
    expect(blobStore()).toBe(one);

    const info = await one.put(Buffer.from("in data folder one"));
    expect(
      await fs.readFile(
        path.join(root, "one", "blobs", info.hash.slice(0, 2), info.hash.slice(2, 4), info.hash),
        "utf8",
      ),
    ).toBe("in data folder one");

    process.env.DATA_DIR = path.join(root, "two");
    resetEnvCache();
    const two = blobStore();
    expect(two).not.toBe(one);
    expect((two as LocalBlobStore).root).toBe(path.join(root, "two", "blobs"));
    expect(await two.has(info.hash)).toBe(false);

    const replacement: BlobStore = new LocalBlobStore(path.join(root, "three"));
    useBlobStore(replacement);
    expect(blobStore()).toBe(replacement);
    useBlobStore(undefined);
    expect(blobStore()).toBe(two);
  });
});
