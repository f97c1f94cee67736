import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { createUser } from "~/models/user/user.server";
import { blobStore } from "~/storage/blob-store.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The large preview (issue 33): an image picker asks for 2 400 px where the original allows.
 * Made from the original on the first request and kept in the derived-file cache, offered with
 * Preview alone, never enlarged, and refused as missing for an original that is not larger than
 * the preview, for a viewer without Preview, and for an archive the viewer may not see.
 */

let server: TestServer;
let viewer: Client;
let archive: Archive;
let noPreview: Archive;
let hidden: Archive;

/** A ready JPEG asset of this size whose original and preview are real blobs. */
async function photo(target: Archive, width: number, height: number) {
  const original = await sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const id = await insertAsset(target, { fileName: "big.jpg", width, height });
  const blob = await blobStore().put(original);
  await db()
    .updateTable("revisions")
    .set({ blob_hash: blob.hash, file_size: blob.size })
    .where("asset_id", "=", id)
    .execute();
  return `${target.href}${id}-big.jpg.info`;
}

const renditionService = (href: string) =>
  viewer.request("/fotoweb/services/renditions", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ href }),
  });

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "picker", password: "picker-pass-123" });
  const member = (permissions: ArchivePermission[]) => [
    { type: "group" as const, id: REGISTERED_USERS_GROUP_ID, permissions, autoSearch: "" },
  ];
  archive = await createArchive({ name: "Wide", members: member(["View", "Preview"]) });
  noPreview = await createArchive({ name: "Listed", members: member(["View"]) });
  hidden = await createArchive({ name: "Shut", members: [] });
  viewer = new Client(server.url);
  await viewer.signIn("picker", "picker-pass-123");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the large preview", () => {
  test("is made from the original at 2400 px on the long side, once", async () => {
    const href = await photo(archive, 3600, 2400);
    const answer = await renditionService(`${href}/__renditions/PREVIEW_LARGE`);
    expect(answer.status).toBe(202);
    const { href: file } = await readApiJson<{ href: string }>(answer);
    const first = await viewer.get(file);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([2400, 1600]);
    const kept = await db().selectFrom("derived_files").select("key").execute();
    const again = await viewer.get(file);
    expect(again.status).toBe(200);
    expect(await db().selectFrom("derived_files").select("key").execute()).toEqual(kept);
  });

  test("is listed where the original allows, its href opening with nothing else", async () => {
    const href = await photo(archive, 4000, 3000);
    await db()
      .updateTable("assets")
      .set({ width: 4000, height: 3000 })
      .where("id", "=", Number(/\/(\d+)-big/.exec(href)![1]))
      .execute();
    const asset = await readApiJson<{ previews: { size: number; width: number; href: string }[] }>(
      await viewer.getJson(href),
    );
    const large = asset.previews.find((p) => p.size === 2400)!;
    expect(large.width).toBe(2400);
    const bare = await fetch(new URL(large.href, server.url));
    expect(bare.status).toBe(200);
    // Another site's page may show it (a CMS's <img>).
    expect(bare.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    // The token opens this revision's previews only: with a changed one, or none, the visitor
    // browses as the guest, who cannot see the archive, and the file answers as missing.
    const url = new URL(large.href, server.url);
    url.searchParams.set("previewToken", "x".repeat(43));
    expect((await fetch(url)).status).toBe(404);
    url.searchParams.delete("previewToken");
    expect((await fetch(url)).status).toBe(404);
    const original = new URL(large.href.replace("/previewLarge/", "/original/"), server.url);
    expect((await fetch(original)).status).toBe(404);
  });

  test("is refused as missing where it would not be larger than the preview", async () => {
    const href = await photo(archive, 1600, 900);
    expect((await renditionService(`${href}/__renditions/PREVIEW_LARGE`)).status).toBe(404);
  });

  test("needs Preview, and a hidden archive's answers as a missing asset's", async () => {
    const listed = await photo(noPreview, 3000, 2000);
    expect((await renditionService(`${listed}/__renditions/PREVIEW_LARGE`)).status).toBe(403);
    const shut = await photo(hidden, 3000, 2000);
    const refused = await renditionService(`${shut}/__renditions/PREVIEW_LARGE`);
    const missing = await renditionService(
      `${hidden.href}999999-none.jpg.info/__renditions/PREVIEW_LARGE`,
    );
    expect(refused.status).toBe(missing.status);
    expect((await readApiJson<{ value: string }>(refused)).value).toBe(
      (await readApiJson<{ value: string }>(missing)).value,
    );
  });
});
