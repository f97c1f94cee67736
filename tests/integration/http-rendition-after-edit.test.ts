import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import { fileUrl, REPLACED_RENDITION_GRACE_MS } from "~/models/rendition/rendition.server";
import { createUser } from "~/models/user/user.server";
import { blobStore } from "~/storage/blob-store.server";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * A thumbnail URL from a page rendered before an edit (issue 29, decision 070): the edit makes a
 * new revision, and the URL names the old one. For someone who may preview the asset but not see
 * its history, it answered 404 from the moment the edit landed; it keeps answering for a while.
 */

let server: TestServer;
let archive: Archive;
let member: Client;

beforeAll(async () => {
  server = await startTestServer();
  archive = await createArchive({
    name: "Edited while shown",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview"],
        autoSearch: "",
      },
    ],
  });
  await createUser({ username: "looker", password: "looker-password-1" });
  member = new Client(server.url);
  await member.signIn("looker", "looker-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** An asset with a thumbnail, as a page shows it before anyone edits it; its thumbnail URL. */
async function shownAsset() {
  const assetId = await insertAsset(archive, { fileName: "harbour.jpg", title: "Before" });
  const thumb = await sharp({
    create: { width: 8, height: 6, channels: 3, background: { r: 10, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const { hash } = await blobStore().put(thumb);
  const revision = await db()
    .selectFrom("revisions")
    .select("id")
    .where("asset_id", "=", assetId)
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("renditions")
    .values({
      revision_id: revision.id,
      kind: "thumbnail",
      blob_hash: hash,
      mime: "image/jpeg",
      width: 8,
      height: 6,
      file_size: thumb.length,
    })
    .execute();
  return { assetId, oldUrl: fileUrl(revision.id, "thumbnail", hash, "harbour.jpg") };
}

const edit = (assetId: number, title: string) =>
  db()
    .transaction()
    .execute((trx) =>
      writeRevision(trx, assetId, { kind: "edit", userId: null, fields: { 5: title } }),
    );

test("the thumbnail URL from before an edit still answers 200 after it", async () => {
  const { assetId, oldUrl } = await shownAsset();
  expect((await member.get(oldUrl)).status).toBe(200);
  await edit(assetId, "After");
  const after = await member.get(oldUrl);
  expect(after.status).toBe(200);
  expect(after.headers.get("content-type")).toContain("image/jpeg");
});

test("the original of the replaced revision stays history; an old replacement ends the grace", async () => {
  const { assetId, oldUrl } = await shownAsset();
  await edit(assetId, "After");
  const revision = Number(oldUrl.split("/")[3]);
  const original = fileUrl(revision, "original", "a".repeat(64), "harbour.jpg");
  expect((await member.get(original)).status).toBe(404);
  const long = new Date(Date.now() - REPLACED_RENDITION_GRACE_MS - 60_000).toISOString();
  await db()
    .updateTable("revisions")
    .set({ created_at: long })
    .where("asset_id", "=", assetId)
    .where("id", "!=", revision)
    .execute();
  expect((await member.get(oldUrl)).status).toBe(404);
});
