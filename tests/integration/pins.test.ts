import { Problem } from "~/models/problem/problem";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { pinsPage } from "~/models/collection/collection-page.server";
import {
  addPins,
  assetIdFromHref,
  clearPins,
  PIN_LIMIT,
  removePins,
  togglePin,
} from "~/models/pin/pin.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/* Asset pins on the dialect under test: toggle, many, limit, visibility, clear, the pins view. */

let testDb: TestDatabase;
let open: Archive;
let secret: Archive;
let pinner: Viewer;
let other: Viewer;
let ids: number[];
let secretId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  pinner = await createUser({ username: "pinner", password: "pinner-password-1", fullName: "P" });
  other = await createUser({ username: "other", password: "other-password-1", fullName: "O" });
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
  secret = await createArchive({
    name: "Secret",
    members: [{ type: "user", id: other.id, permissions: ["View"], autoSearch: "" }],
  });
  ids = (await insertReadyAssets(open.id, 5)).map((a) => a.id);
  secretId = (await insertReadyAssets(secret.id, 1))[0]!.id;
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await db().deleteFrom("asset_pins").execute();
});

async function pinsOf(userId: number) {
  const rows = await db()
    .selectFrom("asset_pins")
    .select("asset_id")
    .where("user_id", "=", userId)
    .orderBy("asset_id")
    .execute();
  return rows.map((r) => r.asset_id);
}

describe("pins", () => {
  test("toggle adds, then removes", async () => {
    expect(await togglePin(pinner, ids[0]!)).toEqual({ pinned: true });
    expect(await pinsOf(pinner.id)).toEqual([ids[0]]);
    expect(await togglePin(pinner, ids[0]!)).toEqual({ pinned: false });
    expect(await pinsOf(pinner.id)).toEqual([]);
  });

  test("add many skips those already pinned; remove many; clear all", async () => {
    await addPins(pinner, [ids[0]!]);
    expect(await addPins(pinner, ids)).toEqual({ added: 4, noAssetsAdded: false });
    expect(await removePins(pinner, [ids[0]!, ids[1]!])).toBe(2);
    expect(await pinsOf(pinner.id)).toEqual(ids.slice(2));
    await addPins(other, [ids[0]!]);
    expect(await clearPins(pinner)).toBe(3);
    expect(await pinsOf(pinner.id)).toEqual([]);
    // Another user's pins are theirs.
    expect(await pinsOf(other.id)).toEqual([ids[0]]);
  });

  test("an asset the viewer cannot see, or that does not exist, is not found and nothing changes", async () => {
    for (const id of [secretId, 99_999_999]) {
      await expect(togglePin(pinner, id)).rejects.toMatchObject({ kind: "not-found" });
      await expect(addPins(pinner, [ids[0]!, id])).rejects.toMatchObject({ kind: "not-found" });
    }
    expect(await pinsOf(pinner.id)).toEqual([]);
    expect(await togglePin(other, secretId)).toEqual({ pinned: true });
  });

  test("the guest and nobody cannot pin", async () => {
    const guest = await findUserById(GUEST_USER_ID);
    for (const viewer of [guest, null]) {
      await expect(togglePin(viewer, ids[0]!)).rejects.toBeInstanceOf(Problem);
      await expect(clearPins(viewer)).rejects.toMatchObject({ kind: "forbidden" });
    }
  });

  test(`at the limit of ${PIN_LIMIT} nothing is added, and it says so`, async () => {
    const at = now();
    const many = await db()
      .insertInto("assets")
      .values(
        Array.from({ length: PIN_LIMIT }, (_, i) => ({
          archive_id: open.id,
          folder_id: null,
          file_name: `bulk${i}.jpg`,
          state: "ready" as const,
          failure: null,
          width: 10,
          height: 10,
          color_space: null,
          orientation: null,
          placeholder: null,
          modified_date: null,
          iptc_date: null,
          release_date: null,
          camera_date: null,
          created_by: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning("id")
      .execute();
    // One short of the limit: of two new assets only one fits.
    await db()
      .insertInto("asset_pins")
      .values(
        many.slice(0, PIN_LIMIT - 1).map((r) => ({
          user_id: pinner.id,
          asset_id: r.id,
          created_at: at,
        })),
      )
      .execute();
    expect(await addPins(pinner, [ids[0]!, ids[1]!])).toEqual({ added: 1, noAssetsAdded: false });
    expect(await addPins(pinner, [ids[2]!])).toEqual({ added: 0, noAssetsAdded: true });
    await expect(togglePin(pinner, ids[3]!)).rejects.toMatchObject({
      kind: "conflict",
      details: { code: "pinLimit" },
    });
    expect((await pinsOf(pinner.id)).length).toBe(PIN_LIMIT);
    // Unpinning at the limit still works.
    expect(await togglePin(pinner, ids[0]!)).toEqual({ pinned: false });
    await db().deleteFrom("assets").where("file_name", "like", "bulk%").execute();
  });

  test("the pins view lists the viewer's pinned assets they still see", async () => {
    await addPins(pinner, [ids[1]!, ids[3]!]);
    await addPins(other, [secretId]);
    const page = await pinsPage(pinner, new URL("http://x/fotoweb/me/pins/"), 60);
    expect(page.assets.map((a) => a.id).sort()).toEqual([ids[1], ids[3]].sort());
    const theirs = await pinsPage(other, new URL("http://x/fotoweb/me/pins/"), 60);
    expect(theirs.assets.map((a) => a.id)).toEqual([secretId]);
  });
});

describe("asset hrefs", () => {
  test.each([
    ["/fotoweb/archives/5000-Open/42-photo.jpg.info", 42],
    ["http://host/fotoweb/archives/5000-Open/42-a%20b.jpg.info", 42],
    ["/fotoweb/archives/5000-Open/", null],
    ["/fotoweb/archives/5000-Open/42-photo.jpg", null],
    ["/fotoweb/albums/1/42-photo.jpg.info", null],
    ["/fotoweb/archives/5000-Open/x/42-photo.jpg.info", null],
    ["javascript:alert(1)", null],
    ["/fotoweb/archives/5000-Open/%E0%A4%A.info", null],
  ])("%s → %s", (href, id) => {
    expect(assetIdFromHref(href)).toBe(id);
  });
});
