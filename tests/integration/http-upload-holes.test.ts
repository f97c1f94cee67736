import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { CHUNK_SIZE } from "~/models/upload/chunked-upload.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { TEST_ADMIN } from "../helpers/database";
import { checkRawAnswer, readApiJson } from "../helpers/api-contract";

/*
 * The upload holes that testing from outside found (issue 13), through the running server on the
 * dialect under test: writes past a member's search filter (1), a non-member told an archive's
 * name (2), simultaneous posts of one chunk (3), a body cut off before its end (5), a revoked
 * member's pending chunks and the caps on open uploads (7).
 */

let server: TestServer;
let archive: Archive;
let secret: Archive;
let owner: Client;
let filtered: Client;
let outsider: Client;
let filteredUser: Viewer;
let outsiderUser: Viewer;
/** A landscape asset, outside the filtered member's "o:portrait". */
let hiddenAsset: { id: number; href: string };
/** A portrait asset the filtered member sees. */
let seenAsset: { id: number; href: string };

async function jpeg() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } })
    .jpeg()
    .toBuffer();
}

function chunkForm(bytes: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), "chunk");
  return form;
}

function createTask(client: Client, body: Record<string, unknown>) {
  return client.request("/fotoweb/api/uploads", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The error body without what differs on every request. */
async function refusal(response: Response) {
  const body = (await readApiJson(response)) as Record<string, unknown>;
  delete body.requestId;
  delete body.date;
  return { status: response.status, body };
}

/** A raw POST, so the body can break off where a browser's never would. */
function rawPost(
  client: Client,
  pathname: string,
  contentType: string,
  body: Buffer,
  // The upload view is a page: its form is posted by browsers (a JSON client gets 406 there).
  accept = pathname.startsWith("/fotoweb/views/") ? "text/html" : "application/json",
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(`${server.url}${pathname}`, {
      method: "POST",
      headers: {
        "content-type": contentType,
        "content-length": String(body.length),
        accept,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        const contentType = res.headers["content-type"] ?? null;
        checkRawAnswer({ method: "POST", url: pathname, status, contentType, text });
        resolve({ status, text });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function count(table: "assets" | "revisions") {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function blobFiles(): string[] {
  const root = path.join(server.env.DATA_DIR, "blobs");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith("tmp") && fs.statSync(path.join(root, f)).isFile(),
  );
}

beforeAll(async () => {
  server = await startTestServer({ MAX_OPEN_UPLOADS: "3", MAX_OPEN_UPLOAD_BYTES: "40000000" });
  filteredUser = await createUser({ username: "filtered", password: "filtered-password-1" });
  outsiderUser = await createUser({ username: "outsider", password: "outsider-password-1" });
  archive = await createArchive({
    name: "Harbour",
    members: [
      {
        type: "user",
        id: filteredUser.id,
        permissions: ["View", "Preview", "UploadFile"],
        autoSearch: "o:portrait",
      },
      {
        type: "user",
        id: outsiderUser.id,
        permissions: ["View", "UploadFile"],
        autoSearch: "",
      },
    ],
  });
  secret = await createArchive({
    name: "Secret Acquisitions",
    members: [{ type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: [], autoSearch: "" }],
  });
  // insertReadyAssets: even rows are landscape (300 × 200), odd ones portrait.
  const [landscape, portrait] = await insertReadyAssets(archive.id, 2);
  const href = (a: { id: number; file_name: string }) =>
    assetHref(archive.id, archive.name, { id: a.id, fileName: a.file_name });
  hiddenAsset = { id: landscape!.id, href: href(landscape!) };
  seenAsset = { id: portrait!.id, href: href(portrait!) };
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  filtered = new Client(server.url);
  await filtered.signIn("filtered", "filtered-password-1");
  outsider = new Client(server.url);
  await outsider.signIn("outsider", "outsider-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("hole 1: writes check visibility as reads do", () => {
  test("a new revision of an asset outside the member's filter answers as a missing asset", async () => {
    const missing = `/fotoweb/archives/${archive.id}-Harbour/999999999.info`;
    const hidden = await createTask(filtered, {
      destination: hiddenAsset.href,
      fileSize: 1000,
    });
    const absent = await createTask(filtered, {
      destination: missing,
      filename: "name00.jpg",
      fileSize: 1000,
    });
    expect(await refusal(hidden)).toEqual(await refusal(absent));
    expect(hidden.status).toBe(400);
    expect(await db().selectFrom("uploads").select("id").execute()).toHaveLength(0);
  });

  test("an asset inside the filter still takes a revision", async () => {
    const response = await createTask(filtered, { destination: seenAsset.href, fileSize: 1000 });
    expect(response.status).toBe(200);
    await db().deleteFrom("uploads").execute();
  });
});

describe("hole 2: a non-member is answered as for what does not exist", () => {
  const missingArchive = "/fotoweb/archives/987654-Nowhere/";

  test("the multipart post to the archive's URL", async () => {
    const post = (href: string) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(Buffer.from("x"))]), "x.jpg");
      return filtered.request(href, {
        method: "POST",
        body: form,
        headers: { accept: "application/json" },
      });
    };
    const hidden = await refusal(await post(secret.href));
    const absent = await refusal(await post(missingArchive));
    expect(hidden).toEqual(absent);
    expect(JSON.stringify(hidden)).not.toContain("Secret");
  });

  test("the upload view", async () => {
    const post = async (archiveId: string) => {
      const form = new FormData();
      form.append("archive", archiveId);
      form.append("file", new Blob([new Uint8Array(await jpeg())]), "x.jpg");
      const response = await filtered.request("/fotoweb/views/upload", {
        method: "POST",
        body: form,
      });
      return { status: response.status, text: await response.text() };
    };
    const assets = await count("assets");
    const hidden = await post(String(secret.id));
    const absent = await post("987654");
    expect(hidden.status).toBe(absent.status);
    expect(hidden.text).not.toContain("Secret");
    expect(await count("assets")).toBe(assets);
  });

  test("the chunked create, for an archive and for an asset in it", async () => {
    const [inSecret] = await insertReadyAssets(secret.id, 1);
    const secretAsset = assetHref(secret.id, secret.name, {
      id: inSecret!.id,
      fileName: inSecret!.file_name,
    });
    const body = (destination: string) => ({ destination, filename: "x.jpg", fileSize: 10 });
    const archiveHidden = await refusal(await createTask(outsider, body(secret.href)));
    const archiveAbsent = await refusal(await createTask(outsider, body(missingArchive)));
    expect(archiveHidden).toEqual(archiveAbsent);
    const assetHidden = await refusal(await createTask(outsider, body(secretAsset)));
    const assetAbsent = await refusal(
      await createTask(outsider, body(`${secret.href}${inSecret!.id + 1000}.info`)),
    );
    expect(assetHidden).toEqual(assetAbsent);
    expect(JSON.stringify([archiveHidden, assetHidden])).not.toContain("Secret");
    await db().deleteFrom("assets").where("archive_id", "=", secret.id).execute();
  });
});

describe("hole 3: simultaneous posts of one chunk", () => {
  test("exactly one post per chunk succeeds, the others are 409, and the file is whole", async () => {
    const head = await jpeg();
    const size = CHUNK_SIZE + 300_000;
    for (let run = 0; run < 4; run++) {
      const file = Buffer.concat([head, crypto.randomBytes(size - head.length)]);
      const created = await createTask(outsider, {
        destination: archive.href,
        filename: `race-${run}.jpg`,
        fileSize: size,
      });
      expect(created.status).toBe(200);
      const { id, numChunks, chunkSize } = (await readApiJson(created)) as {
        id: string;
        numChunks: number;
        chunkSize: number;
      };
      expect(numChunks).toBe(2);
      const expected: Buffer[] = [];
      for (let index = 0; index < numChunks; index++) {
        const chunk = file.subarray(index * chunkSize, (index + 1) * chunkSize);
        // Each simultaneous post carries different bytes, so the stored file shows whose won.
        const variants = [0, 1, 2, 3, 4].map((k) => {
          const copy = Buffer.from(chunk);
          copy[copy.length - 1] = k;
          return copy;
        });
        const answers = await Promise.all(
          variants.map((bytes) =>
            outsider.request(`/fotoweb/api/uploads/${id}/chunks/${index}`, {
              method: "POST",
              body: chunkForm(bytes),
            }),
          ),
        );
        const statuses = answers.map((a) => a.status);
        const won = statuses.flatMap((s, k) => (s >= 200 && s < 300 ? [k] : []));
        expect(won, `run ${run}, chunk ${index}: ${statuses.join(" ")}`).toHaveLength(1);
        expect(statuses.filter((s) => s === 409)).toHaveLength(variants.length - 1);
        expected.push(variants[won[0]!]!);
      }
      const upload = await db()
        .selectFrom("uploads")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(upload.status).toBe("pending");
      const revision = await db()
        .selectFrom("revisions")
        .selectAll()
        .where("file_name", "=", `race-${run}.jpg`)
        .executeTakeFirstOrThrow();
      const whole = Buffer.concat(expected);
      expect(revision.file_size).toBe(whole.length);
      expect(revision.blob_hash).toBe(crypto.createHash("sha256").update(whole).digest("hex"));
    }
    await db().deleteFrom("uploads").execute();
  }, 120_000);
});

describe("hole 5: a multipart body cut off before its closing boundary", () => {
  const boundary = "----arkivcut";
  const cut = (fields: Record<string, string>, bytes: Buffer) =>
    Buffer.concat([
      ...Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
    ]);
  const type = `multipart/form-data; boundary=${boundary}`;

  test("to the archive's URL and to the upload view: 400 with a clear message, nothing stored", async () => {
    const photo = await jpeg();
    const assets = await count("assets");
    const blobs = blobFiles();
    for (const [pathname, fields] of [
      [archive.href, {}],
      ["/fotoweb/views/upload", { archive: String(archive.id) }],
    ] as const) {
      const answer = await rawPost(outsider, pathname, type, cut(fields, photo));
      expect(answer.status, `${pathname}: ${answer.text}`).toBe(400);
      expect(answer.text).toMatch(/cut off/);
    }
    expect(await count("assets")).toBe(assets);
    expect(blobFiles()).toEqual(blobs);
  });

  test("a chunk: 400, and the task is as it was", async () => {
    const created = await createTask(outsider, {
      destination: archive.href,
      filename: "cut.jpg",
      fileSize: 5000,
    });
    const { id } = (await readApiJson(created)) as { id: string };
    const answer = await rawPost(
      outsider,
      `/fotoweb/api/uploads/${id}/chunks/0`,
      type,
      cut({}, Buffer.alloc(3000, 1)),
    );
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toMatch(/cut off/);
    const task = await db()
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect([task.received_chunks, task.received_bytes, task.status]).toEqual([
      0,
      0,
      "awaitingData",
    ]);
    await db().deleteFrom("uploads").execute();
  });
});

describe("hole 7: upload permission at every chunk, and caps on open uploads", () => {
  test("a member removed after creating a task can send no more chunks, and no asset is made", async () => {
    const photo = await jpeg();
    const size = CHUNK_SIZE + photo.length;
    const file = Buffer.concat([photo, Buffer.alloc(size - photo.length, 7)]);
    const created = await createTask(outsider, {
      destination: archive.href,
      filename: "revoked.jpg",
      fileSize: size,
    });
    const { id } = (await readApiJson(created)) as { id: string };
    const first = await outsider.request(`/fotoweb/api/uploads/${id}/chunks/0`, {
      method: "POST",
      body: chunkForm(file.subarray(0, CHUNK_SIZE)),
    });
    expect(first.status).toBe(204);
    await db()
      .updateTable("archive_members")
      .set({ permissions: JSON.stringify(["View"]) })
      .where("archive_id", "=", archive.id)
      .where("member_type", "=", "user")
      .where("member_id", "=", outsiderUser.id)
      .execute();
    const assets = await count("assets");
    const last = await outsider.request(`/fotoweb/api/uploads/${id}/chunks/1`, {
      method: "POST",
      body: chunkForm(file.subarray(CHUNK_SIZE)),
    });
    expect(last.status).toBe(403);
    expect(await count("assets")).toBe(assets);
    await db()
      .updateTable("archive_members")
      .set({ permissions: JSON.stringify(["View", "UploadFile"]) })
      .where("archive_id", "=", archive.id)
      .where("member_type", "=", "user")
      .where("member_id", "=", outsiderUser.id)
      .execute();
    await db().deleteFrom("uploads").execute();
  });

  test("open tasks and their declared bytes are capped per user", async () => {
    const task = (fileSize: number) =>
      createTask(outsider, { destination: archive.href, filename: "many.jpg", fileSize });
    for (let i = 0; i < 3; i++) expect((await task(1000)).status).toBe(200);
    const fourth = await task(1000);
    expect(fourth.status).toBe(429);
    expect(((await readApiJson(fourth)) as { value: string }).value).toMatch(/unfinished uploads/);
    await db().deleteFrom("uploads").execute();
    expect((await task(30_000_000)).status).toBe(200);
    const over = await task(20_000_000);
    expect(over.status).toBe(413);
    expect(((await readApiJson(over)) as { value: string }).value).toMatch(/unfinished uploads/);
    // Another user's tasks are theirs to count.
    expect(
      (
        await createTask(owner, {
          destination: archive.href,
          filename: "o.jpg",
          fileSize: 30_000_000,
        })
      ).status,
    ).toBe(200);
    await db().deleteFrom("uploads").execute();
  });
});
