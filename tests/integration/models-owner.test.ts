import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { ensureSiteOwner, findUserByUsername, verifyLogin } from "~/models/user/user.server";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/*
 * ensureSiteOwner: the first start creates the site owner (with the configured password, or a
 * generated one that must be changed); every later start leaves the owner alone.
 */

let testDb: TestDatabase;

// Each test its own first start: several remove the owner or make another.
beforeEach(async () => {
  testDb = await createTestDatabase();
});

afterEach(async () => {
  await testDb?.destroy();
});

async function owners() {
  return db()
    .selectFrom("users")
    .select(["id", "username", "password_hash", "force_password_change"])
    .where("is_site_owner", "=", 1)
    .execute();
}

async function groupsOf(userId: number) {
  const rows = await db()
    .selectFrom("group_members")
    .select("group_id")
    .where("user_id", "=", userId)
    .orderBy("group_id")
    .execute();
  return rows.map((r) => r.group_id);
}

async function userCount() {
  const rows = await db().selectFrom("users").select("id").execute();
  return rows.length;
}

/** Removes the owner so the next ensureSiteOwner behaves as on a first start. */
async function removeOwners() {
  await db().deleteFrom("users").where("is_site_owner", "=", 1).execute();
}

describe("with a configured password", () => {
  test("the first start created exactly one owner with that password", async () => {
    const rows = await owners();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: TEST_ADMIN.username, force_password_change: 0 });
    expect(rows[0]!.id).not.toBe(GUEST_USER_ID);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    const viewer = await verifyLogin(TEST_ADMIN.username, TEST_ADMIN.password, {
      guestAccess: true,
    });
    expect(viewer).toMatchObject({
      username: TEST_ADMIN.username,
      fullName: "Site owner",
      isSiteOwner: true,
      isGuest: false,
      forcePasswordChange: false,
    });
  });

  test("the owner belongs to Everyone and Registered Users", async () => {
    const owner = await findUserByUsername(TEST_ADMIN.username);
    expect(owner).not.toBeNull();
    expect(await groupsOf(owner!.id)).toEqual([EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]);
  });

  test("a second call with the same settings creates nothing and changes nothing", async () => {
    const before = await owners();
    const users = await userCount();
    await expect(ensureSiteOwner(TEST_ADMIN.username, TEST_ADMIN.password)).resolves.toEqual({
      created: false,
    });
    expect(await owners()).toEqual(before);
    expect(await userCount()).toBe(users);
  });

  test("a later start with another name and password does not replace the owner", async () => {
    const before = await owners();
    await expect(ensureSiteOwner("new-admin", "another-password-1")).resolves.toEqual({
      created: false,
    });
    expect(await owners()).toEqual(before);
    expect(await findUserByUsername("new-admin")).toBeNull();
    expect(
      await verifyLogin(TEST_ADMIN.username, "another-password-1", { guestAccess: true }),
    ).toBeNull();
  });

  test("a later start without a password neither generates one nor flags the owner", async () => {
    const result = await ensureSiteOwner(TEST_ADMIN.username);
    expect(result).toEqual({ created: false });
    expect((await owners())[0]!.force_password_change).toBe(0);
  });
});

describe("on a first start", () => {
  test("with a password: creates the owner without a forced change", async () => {
    await removeOwners();
    const result = await ensureSiteOwner("chief", "chief-password-1");
    expect(result.created).toBe(true);
    if (!result.created) return;
    expect(result.generatedPassword).toBeUndefined();
    expect(result.user).toMatchObject({
      username: "chief",
      isSiteOwner: true,
      forcePasswordChange: false,
      isGuest: false,
    });
    expect(result.user.id).toBeGreaterThan(GUEST_USER_ID);
    expect(await groupsOf(result.user.id)).toEqual([EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]);
    expect((await verifyLogin("chief", "chief-password-1", { guestAccess: false }))?.id).toBe(
      result.user.id,
    );
  });

  test("without a password: generates one, returns it once, and forces a change", async () => {
    await removeOwners();
    const result = await ensureSiteOwner("keeper");
    expect(result.created).toBe(true);
    if (!result.created) return;
    const generated = result.generatedPassword;
    // 12 random bytes in base64url.
    expect(generated).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(result.user).toMatchObject({
      username: "keeper",
      isSiteOwner: true,
      forcePasswordChange: true,
    });
    expect(await groupsOf(result.user.id)).toEqual([EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]);
    const row = await db()
      .selectFrom("users")
      .select(["password_hash", "force_password_change"])
      .where("id", "=", result.user.id)
      .executeTakeFirstOrThrow();
    expect(row.force_password_change).toBe(1);
    expect(row.password_hash).not.toContain(generated!);
    const viewer = await verifyLogin("keeper", generated!, { guestAccess: true });
    expect(viewer).toMatchObject({ id: result.user.id, forcePasswordChange: true });

    // The next start keeps this owner and says nothing about passwords.
    await expect(ensureSiteOwner("keeper")).resolves.toEqual({ created: false });
    expect(await owners()).toHaveLength(1);
  });

  test("generated passwords differ from one first start to another", async () => {
    await removeOwners();
    const first = await ensureSiteOwner("gen-one");
    await removeOwners();
    const second = await ensureSiteOwner("gen-two");
    expect(first.created && second.created).toBe(true);
    if (!first.created || !second.created) return;
    expect(first.generatedPassword).not.toBe(second.generatedPassword);
  });
});
