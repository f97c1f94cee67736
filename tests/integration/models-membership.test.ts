import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import {
  capabilitiesOf,
  capabilityDecision,
  siteDecision,
  visibleArchives,
} from "~/models/access/access.server";
import { createArchive } from "~/models/archive/archive.server";
import { groupsContaining, groupsOfUser, joinGroups } from "~/models/group/membership.server";
import { assertSeatsAvailable, OUT_OF_LICENSES, seatsInUse } from "~/models/user/license.server";
import { resetEnvCache } from "~/utils/env.server";
import { parseGroupPermissions } from "~/models/group/group.schema";
import { createUser, findUserById, verifyLogin } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * The people foundation (issue 15): membership is transitive for capabilities and for archive
 * access lists, the built-in groups are implicit, and an expired account cannot act.
 */

let testDb: TestDatabase;
let alice: Viewer;
let outer: number;
let inner: number;

async function newGroup(name: string, permissions: object = {}) {
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: JSON.stringify(permissions) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  alice = await createUser({ username: "alice", password: "alice-password-1" });
  outer = await newGroup("Editors", { manageArchives: true, albums: { shareWithGuests: true } });
  inner = await newGroup("Night shift");
  await db()
    .insertInto("group_groups")
    .values({ group_id: outer, member_group_id: inner })
    .execute();
  await db().insertInto("group_members").values({ group_id: inner, user_id: alice.id }).execute();
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("membership", () => {
  test("a user is in the groups holding their groups, and in the built-in ones", async () => {
    expect(await groupsOfUser(alice)).toEqual(
      [inner, outer, EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID].sort((a, b) => a - b),
    );
    expect(await groupsContaining(inner)).toEqual([outer]);
  });

  test("the guest is in Everyone only", async () => {
    const guest = (await findUserById(GUEST_USER_ID))!;
    expect(await groupsOfUser(guest)).toEqual([EVERYONE_GROUP_ID]);
  });

  test("a cycle stored by accident does not loop", async () => {
    const a = await newGroup("Loop A");
    const b = await newGroup("Loop B");
    await db()
      .insertInto("group_groups")
      .values([
        { group_id: a, member_group_id: b },
        { group_id: b, member_group_id: a },
      ])
      .execute();
    expect((await groupsContaining(a)).sort()).toEqual([a, b].sort());
  });
});

describe("capabilities", () => {
  test("flags reach a member through a group inside a group", async () => {
    const held = await capabilitiesOf(alice);
    expect(held.has("manageArchives")).toBe(true);
    expect(held.has("albums.shareWithGuests")).toBe(true);
    expect(held.has("manageUsers")).toBe(false);
    expect((await siteDecision(alice, "SetPosterAsset")).allowed).toBe(true);
    const refused = await siteDecision(alice, "ManageSettings");
    expect(!refused.allowed && refused.problem.kind).toBe("not-found");
  });

  test("Registered Users keeps what every signed-in person could do before", async () => {
    const held = await capabilitiesOf(alice);
    expect(["api", "uploadToUploadArea", "albums.create"].every((c) => held.has(c as never))).toBe(
      true,
    );
    const guest = (await findUserById(GUEST_USER_ID))!;
    expect((await capabilitiesOf(guest)).size).toBe(0);
  });

  test("the guest and nobody are refused before the flag is asked", async () => {
    const guest = (await findUserById(GUEST_USER_ID))!;
    for (const viewer of [guest, null]) {
      const decision = await capabilityDecision(viewer, "api");
      expect(!decision.allowed && decision.problem.kind).toBe("unauthenticated");
    }
  });

  test("unreadable stored flags are all off", () => {
    expect(parseGroupPermissions("not json").manageUsers).toBe(false);
    expect(parseGroupPermissions('{"manageUsers":"yes"}').manageUsers).toBe(false);
    expect(parseGroupPermissions('{"albums":{"create":true}}').albums.create).toBe(true);
  });
});

describe("archive access lists", () => {
  test("an entry for a group reaches the members of groups inside it", async () => {
    const archive = await createArchive({
      name: "Newsroom",
      members: [{ type: "group", id: outer, permissions: ["View", "Preview"], autoSearch: "" }],
    });
    const access = await visibleArchives(alice, [archive.id]);
    expect([...(access.get(archive.id)?.permissions ?? [])].sort()).toEqual(["Preview", "View"]);
    const bob = await createUser({ username: "bob", password: "bob-password-12" });
    expect((await visibleArchives(bob, [archive.id])).has(archive.id)).toBe(false);
  });
});

describe("account expiry", () => {
  test("an expired account cannot sign in or be found as a viewer", async () => {
    const carol = await createUser({ username: "carol", password: "carol-password-1" });
    const off = { guestAccess: false };
    expect(await verifyLogin("carol", "carol-password-1", off)).not.toBeNull();
    await db()
      .updateTable("users")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", carol.id)
      .execute();
    expect(await verifyLogin("carol", "carol-password-1", off)).toBeNull();
    expect(await findUserById(carol.id)).toBeNull();
    await db()
      .updateTable("users")
      .set({ expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where("id", "=", carol.id)
      .execute();
    expect(await findUserById(carol.id)).not.toBeNull();
  });
});

describe("joining groups", () => {
  test("adds the missing memberships once and never stores the implicit groups", async () => {
    const dave = await createUser({ username: "dave", password: "dave-password-12" });
    await joinGroups(dave.id, [inner, inner, EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]);
    await joinGroups(dave.id, [inner, outer]);
    const rows = await db()
      .selectFrom("group_members")
      .select("group_id")
      .where("user_id", "=", dave.id)
      .orderBy("group_id")
      .execute();
    // createUser stores the two built-in rows itself; joinGroups adds only inner and outer.
    expect(rows.map((r) => r.group_id)).toEqual(
      [EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID, inner, outer].sort((a, b) => a - b),
    );
  });
});

describe("licensed seats", () => {
  test("a full site refuses another seat with out_of_licenses, and no limit means none", async () => {
    const inUse = await seatsInUse();
    expect(inUse).toBeGreaterThan(0);
    await expect(assertSeatsAvailable(1000)).resolves.toBeUndefined();
    process.env.LICENSE_SEATS = String(inUse);
    resetEnvCache();
    try {
      await expect(assertSeatsAvailable(1)).rejects.toMatchObject({
        kind: "conflict",
        // Keyed; its English begins with the code the spec's client reads.
        message: OUT_OF_LICENSES,
      });
      // Re-saving an account that already holds a seat takes no new one.
      await expect(assertSeatsAvailable(1, alice.id)).resolves.toBeUndefined();
    } finally {
      delete process.env.LICENSE_SEATS;
      resetEnvCache();
    }
  });
});
