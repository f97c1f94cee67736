import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { addAlbumAssets, createAlbum } from "~/models/album/album.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { blobStore } from "~/storage/blob-store.server";
import { albumHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * Files through an album (decisions 051, 053): `?album=` on a file URL lends the album owner's
 * view to those it is shared with, per request: thumbnails yes, originals only with delegated
 * downloads, nothing for an asset outside the album, an album not shared with them, or an asset
 * the owner no longer sees.
 */

let server: TestServer;
let owner: Viewer;
let sharee: Viewer;
let elsewhere: Archive;
let privateArchive: Archive;
const clients: Record<string, Client> = {};

interface FileAsset {
  id: number;
  revisionId: number;
  original: string;
  thumbnail: string;
}

async function insertFileAsset(archive: Archive, name: string): Promise<FileAsset> {
  const at = now();
  const original = await blobStore().put(new TextEncoder().encode(`original of ${name}`));
  const thumbnail = await blobStore().put(new TextEncoder().encode(`thumbnail of ${name}`));
  const { id } = await db()
    .insertInto("assets")
    .values({
      archive_id: archive.id,
      folder_id: null,
      file_name: name,
      title: name,
      state: "ready",
      failure: null,
      current_revision: 1,
      doc_type: "image",
      mime: "image/jpeg",
      extension: "jpg",
      file_size: 20,
      width: 300,
      height: 200,
      color_space: "srgb",
      orientation: null,
      placeholder: null,
      modified_date: null,
      iptc_date: null,
      release_date: null,
      camera_date: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const revision = await db()
    .insertInto("revisions")
    .values({
      asset_id: id,
      number: 1,
      blob_hash: original.hash,
      file_name: name,
      file_size: original.size,
      mime: "image/jpeg",
      created_by: null,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("renditions")
    .values({
      revision_id: revision.id,
      kind: "thumbnail",
      blob_hash: thumbnail.hash,
      mime: "image/jpeg",
      width: 200,
      height: 133,
      file_size: thumbnail.size,
    })
    .execute();
  return { id, revisionId: revision.id, original: original.hash, thumbnail: thumbnail.hash };
}

const thumbUrl = (a: FileAsset, album: number | string) =>
  `/fotoweb/files/${a.revisionId}/thumbnail/${a.thumbnail}/t.jpg?album=${album}`;
const originalUrl = (a: FileAsset, album: number | string) =>
  `/fotoweb/files/${a.revisionId}/original/${a.original}/o.jpg?album=${album}`;

async function share(albumId: number, userId: number, download: boolean) {
  await db()
    .insertInto("album_shares")
    .values({
      album_id: albumId,
      principal_type: "user",
      principal_id: userId,
      access: "view",
      download: download ? 1 : 0,
      created_at: now(),
    })
    .execute();
}

async function setDelegateDownloads(on: boolean) {
  const row = await db()
    .selectFrom("groups")
    .select("permissions")
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .executeTakeFirstOrThrow();
  const permissions = JSON.parse(row.permissions) as { albums?: Record<string, boolean> };
  await db()
    .updateTable("groups")
    .set({
      permissions: JSON.stringify({
        ...permissions,
        albums: { ...permissions.albums, delegateDownloads: on },
      }),
    })
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser({ username: "fileowner", password: "owner-password-1" });
  sharee = await createUser({ username: "filesharee", password: "sharee-password-1" });
  await createUser({ username: "fileother", password: "other-password-1" });
  privateArchive = await createArchive({
    name: "Owner files",
    members: [
      { type: "user", id: owner.id, permissions: ["View", "Preview", "Download"], autoSearch: "" },
    ],
  });
  elsewhere = await createArchive({ name: "Elsewhere", members: [] });
  for (const [name, password] of [
    ["fileowner", "owner-password-1"],
    ["filesharee", "sharee-password-1"],
    ["fileother", "other-password-1"],
  ] as const) {
    clients[name] = new Client(server.url);
    await clients[name].signIn(name, password);
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("files through an album", () => {
  test("a sharee loads a thumbnail through ?album=, not without it; no original without delegated downloads", async () => {
    const asset = await insertFileAsset(privateArchive, "one.jpg");
    const album = await createAlbum(owner, { name: "Files", description: "" });
    await addAlbumAssets(owner, album.id, [asset.id]);
    await share(album.id, sharee.id, false);
    const page = await (await clients["filesharee"]!.get(albumHref(owner.id, album.id))).text();
    const match = /src="(\/fotoweb\/files\/[^"]+\?album=\d+)"/.exec(page);
    expect(match).not.toBeNull();
    const thumb = await clients["filesharee"]!.get(match![1]!.replaceAll("&amp;", "&"));
    expect(thumb.status).toBe(200);
    expect(await thumb.text()).toBe("thumbnail of one.jpg");
    expect(thumb.headers.get("content-disposition")).toMatch(/^inline/);
    // Without the album the sharee's own rights decide: they are no member of the archive.
    const own = await clients["filesharee"]!.get(thumbUrl(asset, album.id).split("?")[0]!);
    expect(own.status).toBe(404);
    const original = await clients["filesharee"]!.get(originalUrl(asset, album.id));
    expect(original.status).toBe(403);
    // Nor does the page offer it.
    expect(withoutMessages(page)).not.toContain("Download original");
  });

  test("with the share's download and the owner's delegateDownloads, the original downloads", async () => {
    const asset = await insertFileAsset(privateArchive, "two.jpg");
    const album = await createAlbum(owner, { name: "Downloads", description: "" });
    await addAlbumAssets(owner, album.id, [asset.id]);
    await share(album.id, sharee.id, true);
    expect((await clients["filesharee"]!.get(originalUrl(asset, album.id))).status).toBe(403);
    await setDelegateDownloads(true);
    try {
      const page = await (await clients["filesharee"]!.get(albumHref(owner.id, album.id))).text();
      expect(page).toContain("Download original");
      expect(page).toContain(`/fotoweb/files/${asset.revisionId}/original/${asset.original}/`);
      const response = await clients["filesharee"]!.get(originalUrl(asset, album.id));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(/^attachment/);
      expect(await response.text()).toBe("original of two.jpg");
    } finally {
      await setDelegateDownloads(false);
    }
  });

  test("404 for an asset not in the album, an album not shared, a bad album id", async () => {
    const inside = await insertFileAsset(privateArchive, "in.jpg");
    const outside = await insertFileAsset(privateArchive, "out.jpg");
    const album = await createAlbum(owner, { name: "Only one", description: "" });
    await addAlbumAssets(owner, album.id, [inside.id]);
    await share(album.id, sharee.id, false);
    const notIn = await clients["filesharee"]!.get(thumbUrl(outside, album.id));
    expect(notIn.status).toBe(404);
    const stranger = await clients["fileother"]!.get(thumbUrl(inside, album.id));
    expect(stranger.status).toBe(404);
    expect((await clients["filesharee"]!.get(thumbUrl(inside, "abc"))).status).toBe(404);
    expect((await clients["filesharee"]!.get(thumbUrl(inside, 999_999))).status).toBe(404);
    // Same answer as a file that does not exist at all (but for the request's id).
    const body = async (r: Response) => {
      const {
        requestId: _id,
        date: _date,
        ...rest
      } = (await readApiJson(r)) as Record<string, unknown>;
      return rest;
    };
    const missing = await clients["fileother"]!.get(thumbUrl(inside, 999_999));
    expect(await body(stranger)).toEqual(await body(missing));
    // Signed out (browsing as the guest where guests may): no album lends anything.
    const anonymous = await new Client(server.url).get(thumbUrl(inside, album.id));
    expect([401, 404]).toContain(anonymous.status);
  });

  test("the owner losing sight of the asset makes it 404 for the sharee", async () => {
    const asset = await insertFileAsset(privateArchive, "moved.jpg");
    const album = await createAlbum(owner, { name: "Moved away", description: "" });
    await addAlbumAssets(owner, album.id, [asset.id]);
    await share(album.id, sharee.id, false);
    expect((await clients["filesharee"]!.get(thumbUrl(asset, album.id))).status).toBe(200);
    await db()
      .updateTable("assets")
      .set({ archive_id: elsewhere.id })
      .where("id", "=", asset.id)
      .execute();
    expect((await clients["filesharee"]!.get(thumbUrl(asset, album.id))).status).toBe(404);
  });
});
