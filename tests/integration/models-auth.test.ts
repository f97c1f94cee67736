import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import { INVALID_LOGIN_MESSAGE, loginSchema } from "~/models/auth/auth.schema";
import { inEnglish } from "../helpers/keyed";
import { logIn } from "~/models/auth/auth.server";
import { updateSiteSettings } from "~/models/site/site.server";
import { createUser } from "~/models/user/user.server";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/* logIn: the log-on rule over the site settings (guest access) and the user table. */

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await createUser({ username: "nina", password: "nina-password-1" });
});

afterAll(async () => {
  await testDb?.destroy();
});

const asGuest = () => loginSchema.parse({ mode: "guest" });
const asUser = (username: string, password: string) =>
  loginSchema.parse({ mode: "user", username, password });

describe("with guest access on (the default)", () => {
  test("guest mode returns the guest viewer", async () => {
    const outcome = await logIn(asGuest());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.user).toMatchObject({
      id: GUEST_USER_ID,
      username: "Guest",
      isGuest: true,
      isSiteOwner: false,
    });
    // Guest is the log-on form's default mode.
    expect(await logIn(loginSchema.parse({}))).toMatchObject({
      ok: true,
      user: { id: GUEST_USER_ID },
    });
  });

  test("user mode with the right password returns that user, the owner included", async () => {
    const outcome = await logIn(asUser("nina", "nina-password-1"));
    expect(outcome).toMatchObject({ ok: true, user: { username: "nina", isGuest: false } });
    await expect(logIn(asUser(TEST_ADMIN.username, TEST_ADMIN.password))).resolves.toMatchObject({
      ok: true,
      user: { isSiteOwner: true },
    });
  });

  test("user mode with a wrong password gives the one invalid-log-on message", async () => {
    await expect(logIn(asUser("nina", "nina-password-2"))).resolves.toEqual({
      ok: false,
      message: INVALID_LOGIN_MESSAGE,
    });
  });

  test("an unknown or disabled user gets the same message as a wrong password", async () => {
    await expect(logIn(asUser("nobody", "nina-password-1"))).resolves.toEqual({
      ok: false,
      message: INVALID_LOGIN_MESSAGE,
    });
    const user = await createUser({ username: "oscar", password: "oscar-password-1" });
    await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", user.id).execute();
    await expect(logIn(asUser("oscar", "oscar-password-1"))).resolves.toEqual({
      ok: false,
      message: INVALID_LOGIN_MESSAGE,
    });
  });

  test("user mode as Guest with a password is refused like any wrong password", async () => {
    await expect(logIn(asUser("Guest", "some-password"))).resolves.toEqual({
      ok: false,
      message: INVALID_LOGIN_MESSAGE,
    });
  });
});

describe("with guest access turned off in the site settings", () => {
  beforeAll(async () => {
    await updateSiteSettings({ guestAccess: false });
  });

  afterAll(async () => {
    await updateSiteSettings({ guestAccess: true });
  });

  test("guest mode is refused with a message that says so", async () => {
    const outcome = await logIn(asGuest());
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(inEnglish(outcome.message)).toMatch(/guest access is not available/i);
    expect(outcome.message).not.toBe(INVALID_LOGIN_MESSAGE);
  });

  test("users still log on", async () => {
    await expect(logIn(asUser("nina", "nina-password-1"))).resolves.toMatchObject({
      ok: true,
      user: { username: "nina" },
    });
  });

  test("a wrong password still gives the invalid-log-on message", async () => {
    await expect(logIn(asUser("nina", "wrong-password"))).resolves.toEqual({
      ok: false,
      message: INVALID_LOGIN_MESSAGE,
    });
  });

  test("turning guest access back on lets the guest in again", async () => {
    await updateSiteSettings({ guestAccess: true });
    await expect(logIn(asGuest())).resolves.toMatchObject({
      ok: true,
      user: { id: GUEST_USER_ID },
    });
    await updateSiteSettings({ guestAccess: false });
    await expect(logIn(asGuest())).resolves.toMatchObject({ ok: false });
  });
});
