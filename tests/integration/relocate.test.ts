import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { relocateAssets } from "~/models/asset/relocate.server";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { GUEST_USER_ID } from "~/db/schema";
import { insertReadyAssets } from "../helpers/grid-assets";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/* Manual order on the dialect under test: every direction, midpoints, renumbering, permission. */

let testDb: TestDatabase;
let archive: Archive;
let other: Archive;
let editor: Viewer;
let reader: Viewer;
let ids: number[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  editor = await createUser({ username: "editor", password: "editor-password-1", fullName: "E" });
  reader = await createUser({ username: "reader", password: "reader-password-1", fullName: "R" });
  archive = await createArchive({
    name: "Order",
    members: [
      { type: "user", id: editor.id, permissions: ["View", "EditText"], autoSearch: "" },
      { type: "group", id: REGISTERED_USERS_GROUP_ID, permissions: ["View"], autoSearch: "" },
    ],
  });
  other = await createArchive({ name: "Other", members: [] });
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await db().deleteFrom("assets").execute();
  ids = (await insertReadyAssets(archive.id, 6)).map((a) => a.id);
  // A clean manual order: 1..6 in id order.
  for (const [i, id] of ids.entries())
    await db()
      .updateTable("assets")
      .set({ position: i + 1 })
      .where("id", "=", id)
      .execute();
});

async function order(): Promise<number[]> {
  const rows = await db()
    .selectFrom("assets")
    .select("id")
    .where("archive_id", "=", archive.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

const at = (...indexes: number[]) => indexes.map((i) => ids[i]!);

describe("directions", () => {
  test("top keeps the selection's own order, before the first asset", async () => {
    expect(await relocateAssets(editor, archive.id, at(4, 2), "top")).toBe(2);
    expect(await order()).toEqual(at(2, 4, 0, 1, 3, 5));
  });

  test("bottom puts them after the last asset", async () => {
    expect(await relocateAssets(editor, archive.id, at(0, 3), "bottom")).toBe(2);
    expect(await order()).toEqual(at(1, 2, 4, 5, 0, 3));
  });

  test("left passes the neighbour before the first selected", async () => {
    expect(await relocateAssets(editor, archive.id, at(2, 3), "left")).toBe(2);
    expect(await order()).toEqual(at(0, 2, 3, 1, 4, 5));
  });

  test("right passes the neighbour after the last selected", async () => {
    expect(await relocateAssets(editor, archive.id, at(2, 3), "right")).toBe(2);
    expect(await order()).toEqual(at(0, 1, 4, 2, 3, 5));
  });

  test("left of the first and right of the last move nothing", async () => {
    expect(await relocateAssets(editor, archive.id, at(0), "left")).toBe(0);
    expect(await relocateAssets(editor, archive.id, at(5), "right")).toBe(0);
    expect(await order()).toEqual(ids);
  });

  test("a selection with a gap closes up around the neighbour", async () => {
    expect(await relocateAssets(editor, archive.id, at(1, 3), "left")).toBe(2);
    expect(await order()).toEqual(at(1, 3, 0, 2, 4, 5));
  });
});

describe("positions", () => {
  test("a move writes only the moved assets, at midpoints between their new neighbours", async () => {
    await relocateAssets(editor, archive.id, at(4, 5), "left");
    const rows = await db()
      .selectFrom("assets")
      .select(["id", "position"])
      .where("archive_id", "=", archive.id)
      .execute();
    const position = new Map(rows.map((r) => [r.id, Number(r.position)]));
    expect(at(0, 1, 2, 3).map((id) => position.get(id))).toEqual([1, 2, 3, 4]);
    expect(position.get(ids[4]!)).toBeCloseTo(3 + 1 / 3);
    expect(position.get(ids[5]!)).toBeCloseTo(3 + 2 / 3);
  });

  test("renumbering keeps the order exactly", async () => {
    await db().updateTable("assets").set({ position: 1 }).where("id", "in", at(0, 1)).execute();
    await db()
      .updateTable("assets")
      .set({ position: 1 + 1e-9 })
      .where("id", "=", ids[2]!)
      .execute();
    const before = await order();
    // Two assets between positions 1 and 1+1e-9 need a renumber first.
    await relocateAssets(editor, archive.id, at(4, 5), "left");
    await relocateAssets(editor, archive.id, at(4, 5), "left");
    const after = await order();
    expect(after).toEqual([before[0], before[1], ids[4], ids[5], before[2], ids[3]]);
  });
});

describe("who may", () => {
  test("a reader, the guest and nobody may not reorder; nothing changes", async () => {
    const guest = await findUserById(GUEST_USER_ID);
    // The reader sees the archive and is refused the action; the guest and nobody cannot see it,
    // so it answers as missing.
    const refusals = [
      [reader, "forbidden"],
      [guest, "not-found"],
      [null, "not-found"],
    ] as const;
    for (const [viewer, kind] of refusals) {
      await expect(relocateAssets(viewer, archive.id, at(1), "top")).rejects.toMatchObject({
        kind,
      });
    }
    expect(await order()).toEqual(ids);
  });

  test("assets of another archive are refused and nothing moves", async () => {
    const [foreign] = await insertReadyAssets(other.id, 1);
    await expect(
      relocateAssets(editor, archive.id, [ids[1]!, foreign!.id], "top"),
    ).rejects.toBeInstanceOf(Problem);
    expect(await order()).toEqual(ids);
  });
});
