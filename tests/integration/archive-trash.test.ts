import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { findVisibleAsset, visibleArchives } from "~/models/access/access.server";
import {
  archivePosition,
  moveArchive,
  setArchiveHidden,
} from "~/models/archive/archive-order.server";
import {
  archiveAssetCount,
  deleteArchive,
  emptyTrash,
  listTrash,
  moveAssetsToTrash,
  purgeExpiredTrash,
  restoreTrash,
} from "~/models/archive/archive-trash.server";
import {
  countArchives,
  createArchive,
  findArchive,
  listArchives,
} from "~/models/archive/archive.server";
import { changeUserMembers, createGroup } from "~/models/group/group.server";
import { isProblem } from "~/models/problem/problem";
import { listAssets } from "~/models/search/search.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { blobStore } from "~/storage/blob-store.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";
import { inEnglish } from "../helpers/keyed";

/* The archive list's model (decision 043): hide, order, delete into the trash can, restore, purge. */

let testDb: TestDatabase;
let owner: Viewer;
let manager: Viewer;
let reader: Viewer;

const everyone = [
  { type: "group" as const, id: EVERYONE_GROUP_ID, permissions: ["View" as const], autoSearch: "" },
];

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isProblem(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  manager = await createUser({ username: "keeper", password: "keeper-password-1", fullName: "K" });
  reader = await createUser({ username: "reader", password: "reader-password-1", fullName: "R" });
  const admins = await createGroup(owner, {
    name: "Archive keepers",
    permissions: { manageArchives: true },
  });
  await changeUserMembers(owner, admins.id, { add: [manager.id] });
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await db().deleteFrom("trash_entries").execute();
  await db().deleteFrom("archives").execute();
});

const names = async () => (await listArchives()).map((a) => a.name);

describe("order and hiding", () => {
  test("new archives come last; a move renumbers; ends clamp; hostile input refused", async () => {
    const a = await createArchive({ name: "A" });
    const b = await createArchive({ name: "B" });
    const c = await createArchive({ name: "C" });
    expect(await names()).toEqual(["A", "B", "C"]);
    expect(await moveArchive(manager, c.id, 1)).toEqual({ name: "C", position: 1 });
    expect(await names()).toEqual(["C", "A", "B"]);
    expect((await moveArchive(manager, c.id, 1e12)).position).toBe(3);
    expect(await names()).toEqual(["A", "B", "C"]);
    expect((await moveArchive(manager, b.id, -5)).position).toBe(1);
    expect(await archivePosition(b.id)).toBe(1);
    expect((await refusal(moveArchive(manager, 999_999, 1))).kind).toBe("not-found");
    expect((await refusal(moveArchive(manager, Number.MAX_VALUE, 1))).kind).toBe("not-found");
    expect((await refusal(moveArchive(manager, a.id, Number.NaN))).kind).toBe("invalid");
    const sortIds = (await listArchives()).map((x) => x.sortId);
    expect(sortIds).toEqual([1, 2, 3]);
  });

  test("concurrent moves never lose or duplicate a position", async () => {
    const made = [];
    for (const n of ["P", "Q", "R", "S", "T", "U"]) made.push(await createArchive({ name: n }));
    await Promise.all(made.map((x, i) => moveArchive(manager, x.id, ((i * 7) % 6) + 1)));
    const after = await listArchives();
    expect(after.map((x) => x.sortId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(after.map((x) => x.id)).size).toBe(6);
  });

  test("hidden archives leave the lists of everyone but managers", async () => {
    const shown = await createArchive({ name: "Shown", members: everyone });
    const hidden = await createArchive({ name: "Hidden", members: everyone });
    expect(await setArchiveHidden(manager, hidden.id, true)).toEqual({ name: "Hidden" });
    expect((await findArchive(hidden.id))!.isHidden).toBe(true);
    expect([...(await visibleArchives(reader)).keys()]).toEqual([shown.id]);
    expect((await visibleArchives(owner)).has(hidden.id)).toBe(true);
    await setArchiveHidden(manager, hidden.id, false);
    expect((await visibleArchives(reader)).has(hidden.id)).toBe(true);
    expect((await refusal(setArchiveHidden(manager, 12345678, true))).kind).toBe("not-found");
  });

  test("not a manager: not-found everywhere; nobody: unauthenticated", async () => {
    const a = await createArchive({ name: "Mine" });
    expect((await refusal(setArchiveHidden(reader, a.id, true))).kind).toBe("not-found");
    expect((await refusal(moveArchive(reader, a.id, 1))).kind).toBe("not-found");
    expect((await refusal(deleteArchive(reader, a.id))).kind).toBe("not-found");
    expect((await refusal(listTrash(reader))).kind).toBe("not-found");
    expect((await refusal(restoreTrash(reader, 1))).kind).toBe("not-found");
    expect((await refusal(emptyTrash(reader))).kind).toBe("not-found");
    expect((await refusal(listTrash(null as unknown as Viewer))).kind).toBe("unauthenticated");
    expect((await findArchive(a.id))!.isHidden).toBe(false);
  });
});

describe("delete into the trash can", () => {
  test("an empty archive goes without asking; its name is free at once", async () => {
    const a = await createArchive({ name: "Empty" });
    const gone = await deleteArchive(manager, a.id);
    expect(gone).toMatchObject({ name: "Empty", assetCount: 0 });
    expect(await findArchive(a.id)).toBeNull();
    expect(await countArchives()).toBe(0);
    const again = await createArchive({ name: "Empty" });
    expect(again.id).not.toBe(a.id);
    expect((await refusal(deleteArchive(manager, a.id))).kind).toBe("not-found");
  });

  test("with assets: asks first (nothing changes), then hides everything it held", async () => {
    const a = await createArchive({ name: "Full", members: everyone });
    const assets = await insertReadyAssets(a.id, 3);
    const asked = await refusal(deleteArchive(manager, a.id));
    expect(asked.kind).toBe("conflict");
    expect(inEnglish(asked.message)).toContain("3 assets");
    expect(await findArchive(a.id)).not.toBeNull();
    expect(await archiveAssetCount(a.id)).toBe(3);

    const gone = await deleteArchive(manager, a.id, { confirmAssets: true });
    expect(gone.assetCount).toBe(3);
    expect(await findVisibleAsset(owner, assets[0]!.id)).toBeNull();
    expect(await findVisibleAsset(reader, assets[0]!.id)).toBeNull();
    const page = await listAssets({
      viewer: owner,
      search: [],
      sort: { key: "added", descending: true },
      page: { from: "first" },
      limit: 50,
    } as never);
    expect(page.assets).toEqual([]);
    const [entry] = await listTrash(manager);
    expect(entry).toMatchObject({ kind: "archive", name: "Full", assetCount: 3 });
    const days = (Date.parse(entry!.expiresAt) - Date.parse(entry!.deletedAt)) / 86_400_000;
    expect(days).toBe(30);
  });

  test("restore brings the archive and its assets back, renamed when its name was taken", async () => {
    const a = await createArchive({ name: "Photos", members: everyone });
    const assets = await insertReadyAssets(a.id, 2);
    const { trashId } = await deleteArchive(manager, a.id, { confirmAssets: true });
    await createArchive({ name: "Photos" });
    const restored = await restoreTrash(manager, trashId);
    expect(restored).toMatchObject({ name: "Photos (restored)", renamed: true, assetCount: 2 });
    expect((await findArchive(a.id))!.name).toBe("Photos (restored)");
    expect(await findVisibleAsset(reader, assets[1]!.id)).not.toBeNull();
    expect(await names()).toEqual(["Photos", "Photos (restored)"]);
    expect(await listTrash(manager)).toEqual([]);
    expect((await refusal(restoreTrash(manager, trashId))).kind).toBe("not-found");
  });

  test("restore under its own name when free", async () => {
    const a = await createArchive({ name: "Back" });
    const { trashId } = await deleteArchive(manager, a.id);
    expect(await restoreTrash(manager, trashId)).toMatchObject({ name: "Back", renamed: false });
  });

  test("single assets (issue 17): trashed, invisible, restored to their archive", async () => {
    const a = await createArchive({ name: "Singles", members: everyone });
    const [one, two] = await insertReadyAssets(a.id, 2);
    expect(await moveAssetsToTrash(a.id, [one!.id, 424242], reader.id)).toMatchObject({
      kind: "assets",
      assetCount: 1,
    });
    expect(await moveAssetsToTrash(a.id, [one!.id], reader.id)).toBeNull();
    expect(await findVisibleAsset(reader, one!.id)).toBeNull();
    expect(await findVisibleAsset(reader, two!.id)).not.toBeNull();
    const [entry] = await listTrash(owner);
    expect(await restoreTrash(owner, entry!.id)).toMatchObject({ name: "Singles", assetCount: 1 });
    expect(await findVisibleAsset(reader, one!.id)).not.toBeNull();
  });
});

describe("purge", () => {
  async function withBlob(archiveId: number, content: string) {
    const blob = await blobStore().put(Buffer.from(content));
    const [asset] = await insertReadyAssets(archiveId, 1);
    await db()
      .insertInto("revisions")
      .values({
        asset_id: asset!.id,
        number: 1,
        blob_hash: blob.hash,
        file_name: "x.jpg",
        file_size: blob.size,
        mime: "image/jpeg",
        created_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    return { asset: asset!, hash: blob.hash };
  }

  test("expired entries go for good with their blobs, unless another revision shares one", async () => {
    const a = await createArchive({ name: "Old" });
    const keep = await createArchive({ name: "Keep" });
    const own = await withBlob(a.id, "only in Old");
    const shared = await withBlob(a.id, "in both");
    await withBlob(keep.id, "in both");
    await deleteArchive(owner, a.id, { confirmAssets: true });

    expect(await purgeExpiredTrash(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await blobStore().has(own.hash)).toBe(true);
    expect(await purgeExpiredTrash(new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect(await listTrash(owner)).toEqual([]);
    expect(await blobStore().has(own.hash)).toBe(false);
    expect(await blobStore().has(shared.hash)).toBe(true);
    const left = await db().selectFrom("assets").select("archive_id").execute();
    expect(left.map((r) => r.archive_id)).toEqual([keep.id]);
    expect(await db().selectFrom("archives").select("id").where("id", "=", a.id).execute()).toEqual(
      [],
    );
  });

  test("empty now: one entry or all", async () => {
    const a = await createArchive({ name: "One" });
    const b = await createArchive({ name: "Two" });
    await insertReadyAssets(a.id, 2);
    const first = await deleteArchive(manager, a.id, { confirmAssets: true });
    await deleteArchive(manager, b.id);
    expect(await emptyTrash(manager, first.trashId)).toBe(2);
    expect((await listTrash(manager)).map((e) => e.name)).toEqual(["Two"]);
    expect((await refusal(emptyTrash(manager, first.trashId))).kind).toBe("not-found");
    await emptyTrash(manager);
    expect(await listTrash(manager)).toEqual([]);
  });
});
