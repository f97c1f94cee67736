import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { defaultArchiveConfig, EMPTY_ID } from "~/models/archive/archive.schema";
import { createArchive, findArchive, type Archive } from "~/models/archive/archive.server";
import { createUser } from "~/models/user/user.server";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { TEST_ADMIN } from "../helpers/database";
import { finishedJob } from "../helpers/jobs";
import { readApiJson } from "../helpers/api-contract";

/*
 * Uploading end to end on the dialect under test: the no-JS form, the API's multipart post to an
 * archive, the chunked API; the ingest job in a worker; renditions and downloads with their
 * permissions; and hostile input that must change nothing.
 */

let server: TestServer;
let worker: Worker;
let archive: Archive;
let closed: Archive;
let owner: Client;
let member: Client;
let outsider: Client;

async function photo(width = 1200, height = 800, exif = true) {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  }).jpeg({ quality: 80 });
  if (exif) {
    image = image.withExif({
      IFD0: { ImageDescription: "Harbour at dawn", Artist: "Kari Nordmann", Copyright: "© Kari" },
    });
  }
  return image.toBuffer();
}

function multipart(fields: Record<string, string>, files: { name: string; data: Buffer }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("file", new Blob([new Uint8Array(f.data)]), f.name);
  return form;
}

async function assetCount() {
  const row = await db()
    .selectFrom("assets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  server = await startTestServer();
  worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
  archive = await createArchive({
    name: "Harbour",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "UploadFile"],
        autoSearch: "",
      },
      { type: "group", id: EVERYONE_GROUP_ID, permissions: ["View", "Preview"], autoSearch: "" },
    ],
  });
  closed = await createArchive({ name: "Closed", members: [] });
  await createUser({ username: "member", password: "member-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  outsider = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
});

describe("archives", () => {
  test("a new archive has every configuration field at the spec's default", async () => {
    const config = (await findArchive(archive.id))!.config;
    expect(config).toEqual(defaultArchiveConfig());
    expect(config.UploadDefaultJpegQuality).toBe(80);
    expect(config.InputLocation).toBe(1);
    expect(config.Color).toBe("#4D4D4D");
    expect(config.IconCharacter).toBe("Folder");
    expect(config.WatermarkSettings).toEqual({
      WatermarkFilename: "",
      WatermarkAlignment: 4,
      ScaleToFit: false,
    });
    expect(config.RobotSettings.AllowIndexing).toBe(true);
    expect(config.IsIndexed).toBe(true);
    expect(config.DownloadProcessing.SpecificProcessingProfile).toBe(EMPTY_ID);
    expect(archive.id).toBeGreaterThanOrEqual(5000);
    expect(archive.href).toBe(`/fotoweb/archives/${archive.id}-Harbour/`);
  });

  test("names are unique ignoring case", async () => {
    await expect(createArchive({ name: "harbour" })).rejects.toThrow(/already exists/);
  });
});

describe("the upload view without JavaScript", () => {
  test("uploads the files to the chosen archive and ingests them", async () => {
    const before = await assetCount();
    const response = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(archive.id) }, [
        { name: "harbour.jpg", data: await photo() },
        { name: "portrait.jpg", data: await photo(600, 900) },
      ]),
    });
    expect(response.status).toBe(302);
    expect(await assetCount()).toBe(before + 2);
    const jobs = await db()
      .selectFrom("jobs")
      .select("id")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    for (const { id } of jobs) expect((await finishedJob(id)).status).toBe("done");
    const asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("file_name", "=", "harbour.jpg")
      .executeTakeFirstOrThrow();
    expect(asset.state).toBe("ready");
    expect(asset.width).toBe(1200);
    expect(asset.description).toBe("Harbour at dawn");
    expect(JSON.parse(asset.metadata)["80"]).toEqual(["Kari Nordmann"]);
    expect(asset.placeholder).toBeTruthy();
    const renditions = await db()
      .selectFrom("renditions")
      .innerJoin("revisions", "revisions.id", "renditions.revision_id")
      .select(["renditions.kind", "renditions.width", "renditions.height"])
      .where("revisions.asset_id", "=", asset.id)
      .execute();
    expect(renditions.map((r) => r.kind).sort()).toEqual([
      "preview",
      "thumbnail",
      "thumbnailRetina",
    ]);
  });

  test("a file whose content is not what its name says is refused and nothing is stored", async () => {
    const before = await assetCount();
    const response = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(archive.id) }, [
        { name: "evil.jpg", data: Buffer.from("<html><script>alert(1)</script></html>") },
      ]),
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("evil.jpg");
    expect(await assetCount()).toBe(before);
  });

  test("zero-byte files, control characters in names and no archive are refused", async () => {
    const before = await assetCount();
    const empty = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(archive.id) }, [
        { name: "empty.jpg", data: Buffer.alloc(0) },
      ]),
    });
    expect(empty.status).toBe(400);
    const injected = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(archive.id) }, [
        { name: "a\r\nSet-Cookie: x=1.jpg", data: await photo(50, 50) },
      ]),
    });
    expect(injected.status).toBe(400);
    const noArchive = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({}, [{ name: "x.jpg", data: await photo(50, 50) }]),
    });
    expect(noArchive.status).toBe(400);
    expect(await assetCount()).toBe(before);
  });

  test("an archive the viewer is no member of is refused as if it did not exist", async () => {
    const response = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(closed.id) }, [
        { name: "x.jpg", data: await photo(50, 50) },
      ]),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("Closed");
  });

  test("a body over the upload limit is refused before it is read", async () => {
    // A raw request: fetch will not send a Content-Length its body does not have.
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const req = http.request(`${server.url}/fotoweb/views/upload`, {
          method: "POST",
          headers: {
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(2 ** 45),
            cookie: [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          },
        });
        req.on("response", (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on("error", reject);
        req.write("--x\r\n");
      },
    );
    expect(status).toBe(413);
    expect(body).toContain("larger than the limit");
  });
});

describe("the API", () => {
  test("upload_to lists the archives the viewer may upload to", async () => {
    const descriptor = (await readApiJson(
      await member.getJson("/fotoweb/me/", "application/vnd.fotoware.full-api-descriptor+json"),
    )) as { upload_to: string };
    expect(descriptor.upload_to).toBe("/fotoweb/me/upload-to/");
    const list = await member.getJson(descriptor.upload_to);
    expect(list.headers.get("content-type")).toContain(
      "application/vnd.fotoware.collectionlist+json",
    );
    const { data } = (await readApiJson(list)) as { data: { name: string; href: string }[] };
    expect(data.map((c) => c.name)).toEqual(["Harbour"]);
    expect(data[0]!.href).toBe(archive.href);
    const all = (await readApiJson(await owner.getJson(descriptor.upload_to))) as {
      data: unknown[];
    };
    expect(all.data).toHaveLength(2);
    expect((await outsider.getJson(descriptor.upload_to)).status).toBe(401);
  });

  test("a multipart post to the archive's URL answers 202 with a background task", async () => {
    const response = await member.request(archive.href, {
      method: "POST",
      headers: { accept: "application/vnd.fotoware.upload-response+json" },
      body: multipart({}, [{ name: "api.jpg", data: await photo(400, 300) }]),
    });
    expect(response.status).toBe(202);
    const body = (await readApiJson(response)) as { href: string };
    expect(body.href).toMatch(/^\/fotoweb\/me\/background-tasks\/\d+$/);
    await finishedJob(Number(body.href.split("/").pop()));
    const status = await member.getJson(body.href);
    expect(status.status).toBe(200);
    const task = (await readApiJson(status)) as { job: { status: string; result: string[] } };
    expect(task.job.status).toBe("done");
    expect(task.job.result[0]).toMatch(/api\.jpg\.info$/);
    // Someone else's task is not theirs to see.
    expect((await owner.getJson(body.href)).status).toBe(404);
  });

  test("a folder field puts the files in that folder, made when missing", async () => {
    const post = (folder: string, name: string) =>
      photo(60, 40).then((data) =>
        member.request(archive.href, {
          method: "POST",
          headers: { accept: "application/vnd.fotoware.upload-response+json" },
          body: multipart({ folder }, [{ name, data }]),
        }),
      );
    const response = await post("Ferries/2024", "ferry.jpg");
    expect(response.status).toBe(202);
    const asset = await db()
      .selectFrom("assets")
      .innerJoin("folders", "folders.id", "assets.folder_id")
      .select(["folders.path", "assets.archive_id"])
      .where("assets.file_name", "=", "ferry.jpg")
      .executeTakeFirstOrThrow();
    expect(asset).toEqual({ path: "Ferries/2024", archive_id: archive.id });
    const before = await assetCount();
    const hostile = await post("../../etc", "escape.jpg");
    expect(hostile.status).toBe(400);
    expect(((await readApiJson(hostile)) as { value: string }).value).toMatch(/Folder ".."/);
    expect(await assetCount()).toBe(before);
  });

  test("the chunked upload API takes a file in order and reports its status", async () => {
    const data = await photo(2000, 1500);
    const create = await member.request("/fotoweb/api/uploads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        destination: archive.href,
        filename: "chunked.jpg",
        fileSize: data.length,
        comment: "first",
      }),
    });
    expect(create.status).toBe(200);
    const info = (await readApiJson(create)) as {
      id: string;
      numChunks: number;
      chunkSize: number;
    };
    expect(info.numChunks).toBe(Math.ceil(data.length / info.chunkSize));
    // Before any data, and at every step: both result and error, the one not applying null.
    expect(
      await readApiJson(await member.getJson(`/fotoweb/api/uploads/${info.id}/status`)),
    ).toEqual({ status: "awaitingData", result: null, error: null });
    const chunkForm = (bytes: Buffer) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), "chunk");
      return form;
    };
    const ahead = await member.request(`/fotoweb/api/uploads/${info.id}/chunks/1`, {
      method: "POST",
      body: chunkForm(data.subarray(0, 10)),
    });
    // Chunk 1 of a one-chunk upload: an index out of range, not a conflict.
    expect(ahead.status).toBe(400);
    const short = await member.request(`/fotoweb/api/uploads/${info.id}/chunks/0`, {
      method: "POST",
      body: chunkForm(data.subarray(0, 10)),
    });
    expect(short.status).toBe(400);
    const stranger = await owner.request(`/fotoweb/api/uploads/${info.id}/chunks/0`, {
      method: "POST",
      body: chunkForm(data),
    });
    expect(stranger.status).toBe(404);
    for (let i = 0; i < info.numChunks; i++) {
      const part = data.subarray(i * info.chunkSize, (i + 1) * info.chunkSize);
      const r = await member.request(`/fotoweb/api/uploads/${info.id}/chunks/${i}`, {
        method: "POST",
        body: chunkForm(part),
      });
      expect(r.status).toBe(204);
    }
    const again = await member.request(`/fotoweb/api/uploads/${info.id}/chunks/0`, {
      method: "POST",
      body: chunkForm(data),
    });
    expect(again.status).toBe(409);
    const status = await vi.waitUntil(
      async () => {
        const answer = (await readApiJson(
          await member.getJson(`/fotoweb/api/uploads/${info.id}/status`),
        )) as { status: string; result: { assetUrl: string } | null; error: unknown };
        return answer.status === "done" || answer.status === "failed" ? answer : undefined;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(status.status).toBe("done");
    expect(status.error).toBeNull();
    expect(status.result!.assetUrl).toMatch(/chunked\.jpg\.info$/);
    expect((await owner.getJson(`/fotoweb/api/uploads/${info.id}/status`)).status).toBe(403);
  });

  test("the last chunk sent twice at once makes one asset and no server error", async () => {
    const data = await photo(300, 200);
    const create = await member.request("/fotoweb/api/uploads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        destination: archive.href,
        filename: "twice.jpg",
        fileSize: data.length,
      }),
    });
    const { id, numChunks } = (await readApiJson(create)) as { id: string; numChunks: number };
    expect(numChunks).toBe(1);
    const send = () =>
      member.request(`/fotoweb/api/uploads/${id}/chunks/0`, {
        method: "POST",
        body: multipart({}, [{ name: "chunk", data }]),
      });
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status);
    expect(statuses.every((s) => s === 204 || s === 409)).toBe(true);
    expect(statuses).toContain(204);
    const made = await db()
      .selectFrom("assets")
      .select("id")
      .where("file_name", "=", "twice.jpg")
      .execute();
    expect(made).toHaveLength(1);
  });

  test("bad upload requests are refused with clear messages", async () => {
    const post = (body: unknown, type = "application/json") =>
      member.request("/fotoweb/api/uploads", {
        method: "POST",
        headers: { "content-type": type },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    expect((await post("{not json")).status).toBe(400);
    expect((await post("x=1", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await post({ destination: archive.href, filename: "x.jpg" })).status).toBe(400);
    expect(
      (await post({ destination: "/etc/passwd", filename: "x.jpg", fileSize: 10 })).status,
    ).toBe(400);
    expect(
      (await post({ destination: archive.href, filename: "../x.jpg", fileSize: 10 })).status,
    ).toBe(400);
    // An archive the member may not see answers as a destination that does not exist.
    expect((await post({ destination: closed.href, filename: "x.jpg", fileSize: 10 })).status).toBe(
      400,
    );
    expect(
      (await post({ destination: archive.href, filename: "x.jpg", fileSize: 2 ** 50 })).status,
    ).toBe(413);
    const anonymous = await outsider.request("/fotoweb/api/uploads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ destination: archive.href, filename: "x.jpg", fileSize: 10 }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("renditions and downloads", () => {
  let assetHref: string;

  beforeAll(async () => {
    const response = await member.request(archive.href, {
      method: "POST",
      headers: { accept: "application/json" },
      body: multipart({}, [{ name: "Fjord ø.jpg", data: await photo(900, 600) }]),
    });
    const body = (await readApiJson(response)) as { href: string };
    await finishedJob(Number(body.href.split("/").pop()));
    const task = (await readApiJson(await member.getJson(body.href))) as {
      job: { result: string[] };
    };
    assetHref = task.job.result[0]!;
  });

  const request = (client: Client, href: string) =>
    client.request("/fotoweb/services/renditions", {
      method: "POST",
      headers: {
        "content-type": "application/vnd.fotoware.rendition-request+json",
        accept: "application/json",
      },
      body: JSON.stringify({ href }),
    });

  test("a preview is served by content with immutable caching and an ETag", async () => {
    const response = await request(member, `${assetHref}/__renditions/PREVIEW`);
    // Accepted, as the product answers, with the file to poll in Location and in the body.
    expect(response.status).toBe(202);
    const { href } = (await readApiJson(response)) as { href: string };
    expect(response.headers.get("location")).toBe(new URL(href, server.url).href);
    const file = await member.get(href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("cache-control")).toContain("immutable");
    const etag = file.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.width).toBe(900);
    const again = await member.request(href, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    // Without a session a visitor browses as the guest, whom Everyone's Preview covers.
    expect((await outsider.get(href)).status).toBe(200);
  });

  test("the original needs the Download permission; its name follows RFC 6266", async () => {
    const denied = await request(member, `${assetHref}/__renditions/ORIGINAL`);
    expect(denied.status).toBe(403);
    const allowed = await request(owner, `${assetHref}/__renditions/ORIGINAL`);
    expect(allowed.status).toBe(202);
    const { href } = (await readApiJson(allowed)) as { href: string };
    const file = await owner.get(href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Fjord _.jpg"; filename*=UTF-8''Fjord%20%C3%B8.jpg`,
    );
    // The member may not take the original by its URL either.
    expect((await member.get(href)).status).toBe(403);
    const ranged = await owner.request(href, { headers: { range: "bytes=0-9" } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(10);
  });

  test("unknown renditions and tampered hashes are 404", async () => {
    expect((await request(member, `${assetHref}/__renditions/NOPE`)).status).toBe(404);
    expect(
      (await request(member, "/fotoweb/archives/1-x/9-y.info/__renditions/PREVIEW")).status,
    ).toBe(404);
    const { href } = (await readApiJson(
      await request(member, `${assetHref}/__renditions/THUMBNAIL`),
    )) as { href: string };
    const tampered = href.replace(/\/[0-9a-f]{64}\//, `/${"0".repeat(64)}/`);
    expect((await member.get(tampered)).status).toBe(404);
    expect((await member.get("/fotoweb/files/1/preview/../../../etc/passwd")).status).toBe(404);
  });
});
