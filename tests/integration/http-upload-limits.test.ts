import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { uploadLimitsOf } from "~/models/upload/upload.schema";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The archive's upload limits enforced by the server (decision 043) on every upload path: the
 * page's form (what a browser without JavaScript sends), the archive's multipart API and chunked
 * uploads. Image size is the decoded pixel data, width × height × 4 bytes; file size the bytes
 * sent. Refusals are 413 naming the limit, and store nothing.
 */

let server: TestServer;
let member: Client;
let limited: Archive;

const LIMIT = 512_000;

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "uploader", password: "uploader-password-1" });
  member = new Client(server.url);
  await member.signIn("uploader", "uploader-password-1");
  // Uploading needs the group capability as well as the archive permission.
  await db()
    .updateTable("groups")
    .set({ permissions: JSON.stringify({ uploadToUploadArea: true }) })
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .execute();
  limited = await createArchive({
    name: "Limited",
    config: {
      UploadEnableClientSideResize: true,
      UploadDefaultJpegQuality: 70,
      UploadRestrictImageSize: LIMIT,
      UploadRestrictFileSize: LIMIT,
    },
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "UploadFile"],
        autoSearch: "",
      },
    ],
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Small in bytes, large in pixels: 1000 × 1000 decodes to 4 MB. */
const manyPixels = () =>
  sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
/** Few pixels (350 × 350 = 490 000 decoded bytes), many bytes: 16-bit noise in a PNG. */
const manyBytes = () =>
  sharp(crypto.randomBytes(350 * 350 * 4 * 2), {
    // sharp reads 16-bit raw input; its CreateRaw type does not list depth.
    raw: { width: 350, height: 350, channels: 4, depth: "ushort" } as never,
  })
    .toColourspace("rgb16")
    .png({ compressionLevel: 0 })
    .toBuffer();
const fits = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#993366" } })
    .jpeg()
    .toBuffer();

function multipart(fields: Record<string, string>, name: string, data: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(data)]), name);
  return form;
}

const assetsIn = async (archive: Archive) =>
  (await db().selectFrom("assets").select("id").where("archive_id", "=", archive.id).execute())
    .length;

describe("the limits as the browser receives them", () => {
  test("uploadLimitsOf: only with client-side resize on", () => {
    expect(uploadLimitsOf(limited.config)).toEqual({
      quality: 70,
      maxImageBytes: LIMIT,
      maxFileBytes: LIMIT,
    });
    expect(uploadLimitsOf({ ...limited.config, UploadEnableClientSideResize: false })).toBeNull();
  });

  test("the upload page's data carries them per archive", async () => {
    const html = await (await member.get("/fotoweb/views/upload")).text();
    expect(html).toContain('"maxImageBytes":512000');
  });
});

describe("the server refuses what breaks a limit", () => {
  test("the page's form: image size, then file size; a fitting file is taken", async () => {
    const before = await assetsIn(limited);
    const big = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(limited.id) }, "wide.png", await manyPixels()),
    });
    expect(big.status).toBe(413);
    const text = await big.text();
    expect(text).toContain("1000 × 1000 pixels");
    expect(text).toContain("image size limit of");
    const heavy = await manyBytes();
    expect(heavy.length).toBeGreaterThan(LIMIT);
    const large = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(limited.id) }, "noise.png", heavy),
    });
    expect(large.status).toBe(413);
    expect(await large.text()).toContain("file size limit of");
    expect(await assetsIn(limited)).toBe(before);
    const ok = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: multipart({ archive: String(limited.id) }, "fits.jpg", await fits()),
    });
    expect(ok.status).toBe(302);
    expect(await assetsIn(limited)).toBe(before + 1);
  });

  test("the archive's multipart API", async () => {
    const before = await assetsIn(limited);
    const response = await member.request(limited.href, {
      method: "POST",
      headers: { accept: "application/vnd.fotoware.upload-response+json" },
      body: multipart({}, "wide.png", await manyPixels()),
    });
    expect(response.status).toBe(413);
    const body = (await readApiJson(response)) as { value: string };
    expect(body.value).toContain("image size limit");
    expect(await assetsIn(limited)).toBe(before);
  });

  test("chunked uploads: refused at creation by the declared size, and at the end by pixels", async () => {
    const create = (fileSize: number, filename: string) =>
      member.request("/fotoweb/api/uploads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ destination: limited.href, filename, fileSize }),
      });
    const declared = await create(LIMIT + 1, "declared.jpg");
    expect(declared.status).toBe(413);
    expect(((await readApiJson(declared)) as { value: string }).value).toContain("file size limit");

    const data = await manyPixels();
    const task = await create(data.length, "wide.png");
    expect(task.status).toBe(200);
    const { id } = (await readApiJson(task)) as { id: string };
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)]), "chunk");
    const chunk = await member.request(`/fotoweb/api/uploads/${id}/chunks/0`, {
      method: "POST",
      body: form,
    });
    expect(chunk.status).toBe(413);
    const status = (await readApiJson(
      await member.getJson(`/fotoweb/api/uploads/${id}/status`),
    )) as { status: string; error: { message: string } };
    expect(status.status).toBe("failed");
    expect(status.error.message).toContain("image size limit");
  });
});

describe("an upload of many parts (MAX_FORM_FIELDS, issue 29)", () => {
  test("more parts than the cap answer 413 and store nothing; just under it is taken", async () => {
    const before = await assetsIn(limited);
    const form = (parts: number) => {
      const data = new FormData();
      data.append("archive", String(limited.id));
      for (let i = 2; i < parts; i++) data.append(`f${i}`, "");
      data.append("file", new Blob([new Uint8Array(fitting)]), "fits.jpg");
      return data;
    };
    const fitting = await fits();
    const over = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: form(4001),
    });
    expect(over.status).toBe(413);
    expect(await over.text()).toContain("more than 4000 parts");
    expect(await assetsIn(limited)).toBe(before);
    const under = await member.request("/fotoweb/views/upload", {
      method: "POST",
      body: form(4000),
    });
    expect(under.status).toBe(302);
    expect(await assetsIn(limited)).toBe(before + 1);
    // Two bodies of 4 000 parts and an image's processing: more than a busy machine's 20 s.
  }, 60_000);
});
