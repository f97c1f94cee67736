import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import {
  albumDecision,
  albumAssetRights,
  shareTargetDecision,
} from "~/models/access/album-access.server";
import { albumAssetPage } from "~/models/album/album-page.server";
import { albumEntries } from "~/models/album/album-entry.server";
import {
  addAlbumAssets,
  changeAlbumStatus,
  createAlbum,
  listAlbums,
  moveAlbumAssets,
  removeAlbumAssets,
} from "~/models/album/album.server";
import { albumCreateSchema } from "~/models/album/album.schema";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { inEnglish } from "../helpers/keyed";

/*
 * The album foundation (decision 051) on the dialect under test: who sees an album, what it
 * shows (its owner's view), adding with per-asset refusals, order moves that never lose or
 * double an asset, and the status changes.
 */

let testDb: TestDatabase;
let open: Archive;
let ownersOnly: Archive;
let owner: Viewer;
let friend: Viewer;
let stranger: Viewer;
let openIds: number[];
let ownerOnlyId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  owner = await createUser({ username: "alba", password: "alba-password-1", fullName: "Alba" });
  friend = await createUser({ username: "frida", password: "frida-password-1", fullName: "Frida" });
  stranger = await createUser({ username: "stig", password: "stig-password-1", fullName: "Stig" });
  open = await createArchive({
    name: "Open",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview"],
        autoSearch: "",
      },
    ],
  });
  ownersOnly = await createArchive({
    name: "Owners only",
    members: [
      { type: "user", id: owner.id, permissions: ["View", "Preview", "Download"], autoSearch: "" },
    ],
  });
  openIds = (await insertReadyAssets(open.id, 6)).map((a) => a.id);
  ownerOnlyId = (await insertReadyAssets(ownersOnly.id, 1))[0]!.id;
});

afterAll(async () => {
  await testDb?.destroy();
});

const order = async (albumId: number) =>
  (
    await db()
      .selectFrom("album_assets")
      .select("asset_id")
      .where("album_id", "=", albumId)
      .orderBy("position")
      .execute()
  ).map((r) => r.asset_id);

describe("albums", () => {
  test("names are trimmed and limited; an empty name is refused", () => {
    expect(albumCreateSchema.parse({ name: "  Trip  " })).toEqual({
      name: "Trip",
      description: "",
    });
    expect(albumCreateSchema.safeParse({ name: "   " }).success).toBe(false);
    expect(albumCreateSchema.safeParse({ name: "x".repeat(201) }).success).toBe(false);
    expect(albumCreateSchema.safeParse({ name: "a\nb" }).success).toBe(false);
  });

  test("another user's private album answers as missing; a share opens it", async () => {
    const album = await createAlbum(owner, { name: "Private", description: "" });
    const refused = await albumDecision(stranger, album.id, "view");
    const missing = await albumDecision(stranger, 999_999, "view");
    expect(refused.allowed).toBe(false);
    expect(missing.allowed).toBe(false);
    if (!refused.allowed && !missing.allowed) {
      expect(refused.problem.kind).toBe("not-found");
      expect(refused.problem.message).toBe(missing.problem.message);
    }
    expect((await albumDecision(owner, album.id, "view", stranger.id)).allowed).toBe(false);
    const target = await shareTargetDecision(owner, { type: "user", id: friend.id });
    expect(target.allowed).toBe(true);
    await db()
      .insertInto("album_shares")
      .values({
        album_id: album.id,
        principal_type: "user",
        principal_id: friend.id,
        access: "view",
        created_at: new Date().toISOString(),
      })
      .execute();
    const seen = await albumDecision(friend, album.id, "view");
    expect(seen.allowed && seen.value.role).toBe("view");
    const contribute = await albumDecision(friend, album.id, "contribute");
    expect(!contribute.allowed && contribute.problem.kind).toBe("forbidden");
    expect((await listAlbums(friend, { filter: "shared", limit: 50 })).map((a) => a.id)).toContain(
      album.id,
    );
    expect((await listAlbums(stranger, { limit: 50 })).map((a) => a.id)).not.toContain(album.id);
    const [entry] = await albumEntries(
      friend,
      await listAlbums(friend, { filter: "shared", limit: 50 }),
    );
    expect(entry).toMatchObject({
      id: album.id,
      href: `/fotoweb/users/${owner.id}/albums/${album.id}/`,
      role: "view",
      owner: { id: owner.id, name: "Alba" },
      assetCount: 0,
      posterImages: [],
      pin: false,
    });
  });

  test("adding refuses per asset what the contributor or the owner cannot see", async () => {
    const album = await createAlbum(owner, { name: "Mixed", description: "" });
    const result = await addAlbumAssets(owner, album.id, [openIds[0]!, ownerOnlyId, 987_654]);
    expect(result.added).toEqual([openIds[0], ownerOnlyId]);
    expect(result.refused.map((r) => r.id)).toEqual([987_654]);
    const again = await addAlbumAssets(owner, album.id, [openIds[0]!]);
    expect(again).toEqual({ added: [], present: [openIds[0]], refused: [] });
    // A viewer share lends the owner's view: the friend sees the owner-only asset in the album.
    await db()
      .insertInto("album_shares")
      .values({
        album_id: album.id,
        principal_type: "user",
        principal_id: friend.id,
        access: "contribute",
        created_at: new Date().toISOString(),
      })
      .execute();
    const grant = await albumDecision(friend, album.id, "contribute");
    expect(grant.allowed).toBe(true);
    if (!grant.allowed) return;
    const page = await albumAssetPage(grant.value, new URL("http://x/"), 50);
    expect(page.assets.map((a) => a.id)).toEqual([openIds[0], ownerOnlyId]);
    const rights = await albumAssetRights({ kind: "grant", grant: grant.value }, [
      { id: ownerOnlyId, archive_id: ownersOnly.id },
    ]);
    // Downloads are not delegated without the share's download and delegateDownloads.
    expect(rights.get(ownerOnlyId)).toEqual({
      view: true,
      preview: true,
      downloadPreview: true,
      downloadOriginal: false,
    });
    // The friend cannot add what only the owner sees: it is refused as missing.
    const byFriend = await addAlbumAssets(friend, album.id, [ownerOnlyId, openIds[1]!]);
    expect(byFriend.added).toEqual([openIds[1]]);
    expect(byFriend.present).toEqual([]);
    expect(byFriend.refused.map((r) => ({ ...r, reason: inEnglish(r.reason) }))).toEqual([
      { id: ownerOnlyId, reason: "There is no asset at this address." },
    ]);
  });

  test("moves keep every asset exactly once, in the album's order", async () => {
    const album = await createAlbum(owner, { name: "Order", description: "" });
    await addAlbumAssets(owner, album.id, openIds);
    expect(await order(album.id)).toEqual(openIds);
    await moveAlbumAssets(owner, album.id, { assetIds: [openIds[4]!, openIds[1]!], after: null });
    expect(await order(album.id)).toEqual([
      openIds[1],
      openIds[4],
      openIds[0],
      openIds[2],
      openIds[3],
      openIds[5],
    ]);
    await moveAlbumAssets(owner, album.id, { assetIds: [openIds[1]!], after: openIds[5]! });
    expect((await order(album.id)).at(-1)).toBe(openIds[1]);
    // Many moves into the same gap force a renumbering; nothing is lost or doubled.
    for (let i = 0; i < 60; i++)
      await moveAlbumAssets(owner, album.id, {
        assetIds: [openIds[i % 2 === 0 ? 2 : 3]!],
        after: openIds[0]!,
      });
    const after = await order(album.id);
    expect([...after].sort((a, b) => a - b)).toEqual([...openIds].sort((a, b) => a - b));
    // A stale anchor moves nothing.
    await removeAlbumAssets(owner, album.id, [openIds[5]!]);
    await expect(
      moveAlbumAssets(owner, album.id, { assetIds: [openIds[0]!], after: openIds[5]! }),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await order(album.id)).toEqual(after.filter((id) => id !== openIds[5]));
    const grant = await albumDecision(owner, album.id, "view");
    if (!grant.allowed) throw grant.problem;
    const sorted = await albumAssetPage(grant.value, new URL("http://x/?n=2"), 50);
    expect(sorted.assets.map((a) => a.id)).toEqual((await order(album.id)).slice(0, 2));
    expect(sorted.paging.next).toContain("after=");
  });

  test("archive, delete, undelete and purge change only what they name", async () => {
    const album = await createAlbum(owner, { name: "Lifecycle", description: "" });
    await expect(changeAlbumStatus(owner, album.id, "unarchive")).rejects.toMatchObject({
      kind: "conflict",
    });
    expect((await changeAlbumStatus(owner, album.id, "archive"))?.status).toBe("archived");
    expect((await listAlbums(owner, { filter: "archived", limit: 50 })).map((a) => a.id)).toEqual([
      album.id,
    ]);
    expect((await changeAlbumStatus(owner, album.id, "delete"))?.status).toBe("deleted");
    expect((await albumDecision(friend, album.id, "view")).allowed).toBe(false);
    expect((await changeAlbumStatus(owner, album.id, "undelete"))?.status).toBe("archived");
    await changeAlbumStatus(owner, album.id, "delete");
    expect(await changeAlbumStatus(owner, album.id, "delete")).toBeNull();
    expect((await albumDecision(owner, album.id, "view")).allowed).toBe(false);
    await expect(changeAlbumStatus(stranger, album.id, "delete")).rejects.toMatchObject({
      kind: "not-found",
    });
  });
});

describe("public links", () => {
  test("need shareWithGuests; expiry, revoke and wrong passwords answer as the rules say", async () => {
    const { createShareLink, checkLinkPassword, revokeShareLink, linkAccessLog } =
      await import("~/models/album/share-link.server");
    const { linkDecision } = await import("~/models/access/album-access.server");
    const { shareLinkSchema } = await import("~/models/album/share-link.schema");
    const album = await createAlbum(owner, { name: "Linked", description: "" });
    const input = shareLinkSchema.parse({ password: "open-sesame", download: "previews" });
    await expect(createShareLink(owner, album.id, input)).rejects.toMatchObject({
      kind: "forbidden",
    });
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
          albums: { ...permissions.albums, shareWithGuests: true },
        }),
      })
      .where("id", "=", REGISTERED_USERS_GROUP_ID)
      .execute();
    const link = await createShareLink(owner, album.id, input);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.password_hash).not.toContain("open-sesame");
    const decision = await linkDecision(link.token, new Date());
    if (!decision.allowed) throw decision.problem;
    await expect(checkLinkPassword(decision.value, "10.0.0.1", "wrong")).rejects.toMatchObject({
      kind: "unauthenticated",
    });
    await expect(
      checkLinkPassword(decision.value, "10.0.0.1", "open-sesame"),
    ).resolves.toBeUndefined();
    for (let i = 0; i < 4; i++)
      await checkLinkPassword(decision.value, "10.0.0.2", "nope").catch(() => {});
    // The fifth wrong guess is still compared; after it the address is stopped, right or wrong.
    await expect(checkLinkPassword(decision.value, "10.0.0.2", "nope")).rejects.toMatchObject({
      kind: "unauthenticated",
    });
    await expect(
      checkLinkPassword(decision.value, "10.0.0.2", "open-sesame"),
    ).rejects.toMatchObject({ kind: "too-many" });
    const expired = await linkDecision(link.token, new Date(Date.now() + 1e12));
    expect(expired.allowed).toBe(true);
    await db()
      .updateTable("share_links")
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", link.id)
      .execute();
    const gone = await linkDecision(link.token, new Date());
    expect(!gone.allowed && gone.problem.kind).toBe("gone");
    await revokeShareLink(owner, album.id, link.id);
    const revoked = await linkDecision(link.token, new Date());
    expect(revoked.allowed ? "" : inEnglish(revoked.problem.message)).toContain("no longer shared");
    expect((await linkDecision("x".repeat(32), new Date())).allowed).toBe(false);
    const log = await linkAccessLog(owner, album.id, link.id);
    expect(log.entries.filter((e) => e.action === "password-failed")).toHaveLength(6);
    await expect(linkAccessLog(stranger, album.id, link.id)).rejects.toMatchObject({
      kind: "not-found",
    });
  });
});
