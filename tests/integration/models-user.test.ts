import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import {
  EVERYONE_GROUP_ID,
  GUEST_USER_ID,
  GUEST_USERNAME,
  REGISTERED_USERS_GROUP_ID,
} from "~/db/schema";
import { preferencesSchema } from "~/models/user/user.schema";
import {
  changePassword,
  createUser,
  findUserById,
  findUserByUsername,
  hashPassword,
  updatePreferences,
  verifyLogin,
} from "~/models/user/user.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/* The user model: hashing, creation, look-up, sign-in checks, password change, preferences. */

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.destroy();
});

const ON = { guestAccess: true };
const OFF = { guestAccess: false };

async function row(id: number) {
  return db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function usersNamed(key: string) {
  return db().selectFrom("users").select("id").where("username_key", "=", key).execute();
}

describe("hashPassword", () => {
  test("produces argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane)", async () => {
    const hashed = await hashPassword("correct horse battery");
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hashed).not.toContain("correct horse battery");
  });

  test("salts every hash, and each one verifies the password and nothing else", async () => {
    const [a, b] = await Promise.all([
      hashPassword("same-password"),
      hashPassword("same-password"),
    ]);
    expect(a).not.toBe(b);
    expect(await verify(a, "same-password")).toBe(true);
    expect(await verify(b, "same-password")).toBe(true);
    expect(await verify(a, "Same-password")).toBe(false);
  });
});

describe("createUser", () => {
  test("creates a user with an argon2id hash and the given details", async () => {
    const user = await createUser({
      username: "  Alice  ",
      password: "alice-password-1",
      firstName: "Alice",
      lastName: "Liddell",
      fullName: "Alice Liddell",
      email: "alice@example.test",
    });
    expect(user).toMatchObject({
      username: "Alice",
      fullName: "Alice Liddell",
      firstName: "Alice",
      lastName: "Liddell",
      email: "alice@example.test",
      isGuest: false,
      isSiteOwner: false,
      forcePasswordChange: false,
    });
    expect(user.id).toBeGreaterThan(GUEST_USER_ID);
    expect(user).not.toHaveProperty("password_hash");
    expect(user).not.toHaveProperty("passwordHash");
    const stored = await row(user.id);
    expect(stored.username_key).toBe("alice");
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(stored.password_hash!, "alice-password-1")).toBe(true);
    expect(stored.is_enabled).toBe(1);
    expect(stored.last_login_at).toBeNull();
    expect(Number.isNaN(Date.parse(stored.created_at))).toBe(false);
  });

  test("makes the new user a member of Everyone and Registered Users only", async () => {
    const user = await createUser({ username: "member-check", password: "member-check-1" });
    const groups = await db()
      .selectFrom("group_members")
      .select("group_id")
      .where("user_id", "=", user.id)
      .orderBy("group_id")
      .execute();
    expect(groups.map((g) => g.group_id)).toEqual([EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]);
  });

  test("without details: the user name as full name, no flags, the default preferences", async () => {
    const user = await createUser({ username: "nofullname", password: "nofullname-1" });
    expect(user).toMatchObject({
      fullName: "nofullname",
      firstName: "",
      lastName: "",
      email: "",
      isSiteOwner: false,
      forcePasswordChange: false,
    });
    expect((await row(user.id)).full_name).toBe("nofullname");
    expect(user.preferences).toEqual(preferencesSchema.parse({}));
    expect(user.preferences.intranet.interfaceStyle).toBe("auto");
  });

  test("stores the site-owner and forced-change flags", async () => {
    const user = await createUser({
      username: "flagged",
      password: "flagged-password",
      isSiteOwner: true,
      forcePasswordChange: true,
    });
    expect(user).toMatchObject({ isSiteOwner: true, forcePasswordChange: true });
    expect(await row(user.id)).toMatchObject({ is_site_owner: 1, force_password_change: 1 });
    await db().deleteFrom("users").where("id", "=", user.id).execute();
  });

  test("refuses a user name that exists in another case, by throwing, and leaves no trace", async () => {
    await createUser({ username: "Bob", password: "bob-password-1" });
    const memberships = await db().selectFrom("group_members").select("user_id").execute();
    await expect(createUser({ username: "bob", password: "other-password-1" })).rejects.toThrow();
    await expect(createUser({ username: " BOB ", password: "other-password-1" })).rejects.toThrow();
    expect(await usersNamed("bob")).toHaveLength(1);
    expect(await db().selectFrom("group_members").select("user_id").execute()).toHaveLength(
      memberships.length,
    );
    // The first account is untouched.
    expect(await verifyLogin("Bob", "bob-password-1", ON)).not.toBeNull();
    expect(await verifyLogin("Bob", "other-password-1", ON)).toBeNull();
  });

  test("refuses the built-in Guest user's name in any case", async () => {
    await expect(createUser({ username: "guest", password: "guest-password-1" })).rejects.toThrow();
    expect(await usersNamed("guest")).toEqual([{ id: GUEST_USER_ID }]);
  });
});

describe("findUserByUsername and findUserById", () => {
  test("finds a user ignoring case and surrounding spaces, and nobody else", async () => {
    const created = await createUser({ username: "Carol.Case", password: "carol-password-1" });
    for (const name of ["Carol.Case", "carol.case", "CAROL.CASE", "  carol.Case "]) {
      expect((await findUserByUsername(name))?.id).toBe(created.id);
    }
    expect((await findUserByUsername("carol.case"))?.username).toBe("Carol.Case");
    expect(await findUserByUsername("nobody-here")).toBeNull();
    expect(await findUserByUsername("")).toBeNull();
  });

  test("finds the built-in Guest user as a guest", async () => {
    const guest = await findUserByUsername("guest");
    expect(guest).toMatchObject({
      id: GUEST_USER_ID,
      username: GUEST_USERNAME,
      isGuest: true,
      isSiteOwner: false,
    });
  });

  test("findUserById returns enabled users and null for unknown or disabled ones", async () => {
    const user = await createUser({ username: "dora", password: "dora-password-1" });
    expect((await findUserById(user.id))?.username).toBe("dora");
    expect(await findUserById(987_654)).toBeNull();
    await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", user.id).execute();
    expect(await findUserById(user.id)).toBeNull();
  });
});

describe("verifyLogin", () => {
  let erin: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    erin = await createUser({ username: "Erin", password: "Erin-Password-1" });
  });

  test("accepts the right password, with the user name in any case", async () => {
    const viewer = await verifyLogin("Erin", "Erin-Password-1", ON);
    expect(viewer).toMatchObject({ id: erin.id, username: "Erin", isGuest: false });
    expect((await verifyLogin(" ERIN ", "Erin-Password-1", OFF))?.id).toBe(erin.id);
  });

  test("records the time of a successful sign-in", async () => {
    await db()
      .updateTable("users")
      .set({ last_login_at: null })
      .where("id", "=", erin.id)
      .execute();
    const before = new Date().toISOString();
    await verifyLogin("erin", "Erin-Password-1", ON);
    const stamp = (await row(erin.id)).last_login_at;
    expect(stamp).not.toBeNull();
    expect(stamp! >= before).toBe(true);
  });

  test("refuses a wrong password, compares passwords case-sensitively, records nothing", async () => {
    await db()
      .updateTable("users")
      .set({ last_login_at: null })
      .where("id", "=", erin.id)
      .execute();
    expect(await verifyLogin("erin", "wrong-password", ON)).toBeNull();
    expect(await verifyLogin("erin", "erin-password-1", ON)).toBeNull();
    expect(await verifyLogin("erin", "", ON)).toBeNull();
    expect((await row(erin.id)).last_login_at).toBeNull();
  });

  test("refuses an unknown user", async () => {
    expect(await verifyLogin("no-such-user", "Erin-Password-1", ON)).toBeNull();
  });

  test("refuses a disabled user even with the right password", async () => {
    const frank = await createUser({ username: "frank", password: "frank-password-1" });
    await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", frank.id).execute();
    expect(await verifyLogin("frank", "frank-password-1", ON)).toBeNull();
    await db().updateTable("users").set({ is_enabled: 1 }).where("id", "=", frank.id).execute();
    expect((await verifyLogin("frank", "frank-password-1", ON))?.id).toBe(frank.id);
  });

  test("signs the guest in with an empty password while guests are allowed", async () => {
    const guest = await verifyLogin("Guest", "", ON);
    expect(guest).toMatchObject({ id: GUEST_USER_ID, isGuest: true, username: "Guest" });
    expect((await verifyLogin("  gUeSt ", "", ON))?.id).toBe(GUEST_USER_ID);
  });

  test("refuses the guest while guests are not allowed, or with any password", async () => {
    expect(await verifyLogin("Guest", "", OFF)).toBeNull();
    expect(await verifyLogin("Guest", "anything-at-all", ON)).toBeNull();
    expect(await verifyLogin("Guest", " ", ON)).toBeNull();
  });
});

describe("changePassword", () => {
  test("refuses a wrong current password on the currentPassword field and keeps the hash", async () => {
    const user = await createUser({ username: "gina", password: "gina-password-1" });
    const before = (await row(user.id)).password_hash;
    const result = await changePassword(user.id, "not-the-password", "gina-password-2");
    expect(result).toEqual({
      ok: false,
      field: "currentPassword",
      message: expect.stringMatching(/current password/i),
    });
    expect((await row(user.id)).password_hash).toBe(before);
    expect(await verifyLogin("gina", "gina-password-2", ON)).toBeNull();
  });

  test("replaces the password and clears the forced-change flag", async () => {
    const user = await createUser({
      username: "hank",
      password: "hank-password-1",
      forcePasswordChange: true,
    });
    const before = (await row(user.id)).password_hash;
    await expect(changePassword(user.id, "hank-password-1", "hank-password-2")).resolves.toEqual({
      ok: true,
    });
    const after = await row(user.id);
    expect(after.force_password_change).toBe(0);
    expect(after.password_hash).not.toBe(before);
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(after.password_hash!, "hank-password-2")).toBe(true);
    expect(await verifyLogin("hank", "hank-password-1", ON)).toBeNull();
    expect(await verifyLogin("hank", "hank-password-2", ON)).toMatchObject({
      id: user.id,
      forcePasswordChange: false,
    });
  });

  test("refuses the guest, who has no password, and an unknown user id", async () => {
    const result = await changePassword(GUEST_USER_ID, "", "guest-password-1");
    expect(result).toMatchObject({ ok: false, field: "currentPassword" });
    expect((await row(GUEST_USER_ID)).password_hash).toBeNull();
    await expect(changePassword(987_654, "x", "new-password-1")).resolves.toMatchObject({
      ok: false,
      field: "currentPassword",
    });
  });
});

describe("updatePreferences", () => {
  test("stores the change as JSON that reads back the same", async () => {
    const user = await createUser({ username: "ivy", password: "ivy-password-1" });
    const next = await updatePreferences(user.id, (p) => ({
      ...p,
      intranet: { ...p.intranet, interfaceStyle: "dark", archivePinned: ["a1", "a2"] },
    }));
    expect(next.intranet.interfaceStyle).toBe("dark");
    expect(next.intranet.archivePinned).toEqual(["a1", "a2"]);
    const stored = JSON.parse((await row(user.id)).preferences) as unknown;
    expect(stored).toEqual(next);
    expect((await findUserById(user.id))?.preferences).toEqual(next);
  });

  test("keeps earlier changes and unknown keys across updates", async () => {
    const user = await createUser({ username: "jack", password: "jack-password-1" });
    await updatePreferences(user.id, (p) => ({
      ...p,
      shared: { language: "nb" },
      futureFeature: { on: true },
    }));
    const next = await updatePreferences(user.id, (p) => ({
      ...p,
      intranet: { ...p.intranet, markersAlwaysDisplay: true },
    }));
    expect(next.shared).toEqual({ language: "nb" });
    expect((next as Record<string, unknown>).futureFeature).toEqual({ on: true });
    expect(next.intranet.markersAlwaysDisplay).toBe(true);
    expect((await findUserById(user.id))?.preferences).toEqual(next);
  });

  test("invalid stored JSON reads as the defaults, and the next update starts from them", async () => {
    const user = await createUser({ username: "kim", password: "kim-password-1" });
    await db()
      .updateTable("users")
      .set({ preferences: "{not json" })
      .where("id", "=", user.id)
      .execute();
    expect((await findUserById(user.id))?.preferences).toEqual(preferencesSchema.parse({}));
    const next = await updatePreferences(user.id, (p) => p);
    expect(next).toEqual(preferencesSchema.parse({}));
    expect(JSON.parse((await row(user.id)).preferences)).toEqual(next);
  });

  test("a stored field of the wrong type falls back to its default alone", async () => {
    const user = await createUser({ username: "lee", password: "lee-password-1" });
    await db()
      .updateTable("users")
      .set({
        preferences: JSON.stringify({
          intranet: { interfaceStyle: "neon", archivePinned: ["kept"] },
          shared: "not an object",
        }),
      })
      .where("id", "=", user.id)
      .execute();
    const prefs = (await findUserById(user.id))!.preferences;
    expect(prefs.intranet.interfaceStyle).toBe("auto");
    expect(prefs.intranet.archivePinned).toEqual(["kept"]);
    expect(prefs.shared).toEqual({});
  });

  test("an invalid value from the change is stored as the default, never as given", async () => {
    const user = await createUser({ username: "max", password: "max-password-1" });
    const next = await updatePreferences(user.id, (p) => ({
      ...p,
      intranet: { ...p.intranet, interfaceStyle: "purple" as "dark" },
    }));
    expect(next.intranet.interfaceStyle).toBe("auto");
    expect((await row(user.id)).preferences).not.toContain("purple");
  });

  test("fails for an unknown user and writes nothing", async () => {
    await expect(updatePreferences(987_654, (p) => p)).rejects.toThrow();
    expect(await findUserById(987_654)).toBeNull();
  });
});
