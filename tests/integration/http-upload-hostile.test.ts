import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createUser } from "~/models/user/user.server";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";
import { queueSettled } from "../helpers/jobs";

/*
 * Hostile and broken uploads through the API's multipart post, on the dialect under test: each
 * is refused with a clear message and a 4xx, and leaves no asset, no job and no blob behind. A
 * file that only turns out broken when decoded fails its own asset with a reason.
 */

const LIMIT = 256 * 1024;
let server: TestServer;
let worker: Worker;
let archive: Archive;
let member: Client;
let other: Client;

beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_BYTES: String(LIMIT) });
  worker = startWorker({ handlers: jobHandlers, concurrency: 1, pollMs: 20 });
  archive = await createArchive({
    name: "Quay",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "UploadFile"],
        autoSearch: "",
      },
    ],
  });
  await createUser({ username: "member", password: "member-password-1" });
  await createUser({ username: "other", password: "other-password-1" });
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  other = new Client(server.url);
  await other.signIn("other", "other-password-1");
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
});

function blobFiles(): string[] {
  const root = path.join(server.env.DATA_DIR, "blobs");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}

async function counts() {
  const n = async (table: "assets" | "jobs" | "revisions") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    assets: await n("assets"),
    jobs: await n("jobs"),
    revisions: await n("revisions"),
    blobs: blobFiles(),
  };
}

/** A multipart body written by hand, so the file name is sent exactly as given. */
function rawMultipart(fileName: string, data: Buffer) {
  const boundary = "----arkivtest";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    "utf8",
  );
  return {
    body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function post(client: Client, fileName: string, data: Buffer) {
  const { body, type } = rawMultipart(fileName, data);
  const response = await client.request(archive.href, {
    method: "POST",
    body,
    headers: { "content-type": type, accept: "application/vnd.fotoware.upload-response+json" },
  });
  return {
    status: response.status,
    body: (await readApiJson(response)) as Record<string, unknown>,
  };
}

const jpeg = (w = 64, h = 64) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();

/** A JPEG whose header claims 60 000 × 60 000 pixels: tiny on disk, 3.6 gigapixels decoded. */
async function pixelFlood() {
  const flood = Buffer.from(await jpeg(8, 8));
  for (let i = 2; i < flood.length - 9; i++) {
    // The frame header (SOF0 or SOF2): precision, then height and width.
    if (flood[i] === 0xff && (flood[i + 1] === 0xc0 || flood[i + 1] === 0xc2)) {
      flood.writeUInt16BE(60_000, i + 5);
      flood.writeUInt16BE(60_000, i + 7);
      return flood;
    }
  }
  throw new Error("no frame header");
}

describe("refused before anything is stored", () => {
  // Another test's uploads may still be ingesting, writing blobs and temporary files: the counts
  // are compared only once the queue has settled, so a change can only be this test's.
  beforeEach(() => queueSettled(10_000));

  const cases: [string, string, () => Promise<Buffer> | Buffer, number, RegExp][] = [
    ["a control character", "a\u0007b.jpg", jpeg, 400, /control characters/],
    ["a bidi override that hides .exe", "photo\u202egpj.exe", jpeg, 400, /control characters/],
    [
      "HTML named .jpg",
      "holiday.jpg",
      () => Buffer.from("<!doctype html><script>1</script>"),
      415,
      /HTML/,
    ],
    [
      "SVG with script",
      "logo.svg",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      /script/i,
    ],
    [
      "SVG with an event handler",
      "logo.svg",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      415,
      /script|event/i,
    ],
    [
      "an executable named .pdf",
      "report.pdf",
      () => Buffer.from("MZ\x90\x00\x03\x00\x00\x00" + "\0".repeat(200), "latin1"),
      415,
      /not accepted/,
    ],
    ["a zero-byte file", "empty.jpg", () => Buffer.alloc(0), 400, /empty/i],
    ["a pixel flood", "flood.jpg", pixelFlood, 422, /60000 × 60000 pixels/],
    [
      "a file over the limit",
      "big.jpg",
      async () => Buffer.concat([await jpeg(), Buffer.alloc(LIMIT)]),
      413,
      /larger than the upload limit/,
    ],
  ];
  for (const [label, name, make, status, message] of cases) {
    test(label, async () => {
      const before = await counts();
      const response = await post(member, name, await make());
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ status });
      expect(String(response.body.value)).toMatch(message);
      expect(await counts()).toEqual(before);
    });
  }

  test("a line break in the file name (header injection) is a malformed request", async () => {
    const before = await counts();
    const response = await post(member, "a.jpg\r\nX-Injected: 1", await jpeg());
    expect(response.status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe("paths in file names", () => {
  test("a client's folders are dropped: the file is stored under its own name only", async () => {
    for (const [sent, kept] of [
      ["../../etc/passwd.jpg", "passwd.jpg"],
      ["..\\..\\windows\\boot.jpg", "boot.jpg"],
    ]) {
      const response = await post(member, sent!, await jpeg());
      // Either refused outright or stored under the bare name; never a path.
      if (response.status === 202) {
        const names = await db().selectFrom("revisions").select("file_name").execute();
        expect(names.map((n) => n.file_name)).toContain(kept);
        expect(names.every((n) => !/[/\\]/.test(n.file_name))).toBe(true);
      } else {
        expect(response.status).toBe(400);
        expect(String(response.body.value)).toMatch(/folder separators/);
      }
    }
  });
});

describe("found broken only when decoded", () => {
  test("a truncated JPEG is taken, then its asset fails with a reason the task reports", async () => {
    const whole = await jpeg(1600, 1200);
    const response = await post(member, "cut.jpg", whole.subarray(0, Math.floor(whole.length / 3)));
    expect(response.status).toBe(202);
    const task = String(response.body.href);
    const status = await vi.waitUntil(
      async () => {
        const answer = (await readApiJson(await member.getJson(task))) as {
          job: { status: string; error?: string };
        };
        return answer.job.status === "failed" || answer.job.status === "done" ? answer : undefined;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(status.job.status).toBe("failed");
    expect(status.job.error).toMatch(/damaged or incomplete/);
    const asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("file_name", "=", "cut.jpg")
      .executeTakeFirstOrThrow();
    expect(asset.state).toBe("failed");
    // Another user cannot read the task.
    expect((await other.getJson(task)).status).toBe(404);
  });
});

test("once the queue is idle, no temporary file is left in the store", async () => {
  // The queue must really be idle: otherwise an empty folder would prove nothing.
  await queueSettled(10_000);
  const tmp = path.join(server.env.DATA_DIR, "blobs", "tmp");
  expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
});
