import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import {
  deleteSession,
  deleteUserSessions,
  insertSession,
  purgeExpiredSessions,
  readSession,
  readSessionUser,
  updateSession,
} from "~/models/session/session.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/* Server-side session records: the cookie carries only the id, the data lives here. */

let testDb: TestDatabase;
let ownerId: number;
let otherId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ownerId = (await findUserByUsername(TEST_ADMIN.username))!.id;
  otherId = (await createUser({ username: "sam", password: "sam-password-1" })).id;
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await db().deleteFrom("sessions").execute();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function sessionIds() {
  const rows = await db().selectFrom("sessions").select("id").orderBy("id").execute();
  return rows.map((r) => r.id);
}

async function sessionRow(id: string) {
  return db().selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

describe("insertSession and readSession", () => {
  test("stores the data as JSON and reads it back", async () => {
    const data = { userId: ownerId, nested: { list: [1, "two", null] }, flag: true };
    const expires = inMinutes(30);
    await insertSession("s-roundtrip", ownerId, data, expires);
    expect(await readSession("s-roundtrip")).toEqual(data);
    const stored = await sessionRow("s-roundtrip");
    expect(stored).toMatchObject({
      id: "s-roundtrip",
      user_id: ownerId,
      expires_at: expires.toISOString(),
    });
    expect(JSON.parse(stored!.data)).toEqual(data);
    expect(Number.isNaN(Date.parse(stored!.created_at))).toBe(false);
  });

  test("keeps sessions without a user and guest sessions", async () => {
    await insertSession("s-anon", null, { note: "anonymous" }, inMinutes(5));
    expect(await readSession("s-anon")).toEqual({ note: "anonymous" });
    expect((await sessionRow("s-anon"))?.user_id).toBeNull();
    await insertSession("s-guest", GUEST_USER_ID, { userId: GUEST_USER_ID }, inMinutes(5));
    expect(await readSession("s-guest")).toEqual({ userId: GUEST_USER_ID });
  });

  test("returns null for an unknown id", async () => {
    expect(await readSession("no-such-session")).toBeNull();
  });

  test("returns null for an expired session and removes it", async () => {
    await insertSession("s-expired", ownerId, { userId: ownerId }, inMinutes(-1));
    expect(await readSession("s-expired")).toBeNull();
    expect(await sessionRow("s-expired")).toBeUndefined();
  });

  test("returns null for a session whose stored data is not JSON", async () => {
    await insertSession("s-garbled", ownerId, {}, inMinutes(5));
    await db()
      .updateTable("sessions")
      .set({ data: "{oops" })
      .where("id", "=", "s-garbled")
      .execute();
    expect(await readSession("s-garbled")).toBeNull();
  });

  test("refuses a second session with the same id, or one for a user that does not exist", async () => {
    await insertSession("s-dup", ownerId, { a: 1 }, inMinutes(5));
    await expect(insertSession("s-dup", otherId, { a: 2 }, inMinutes(5))).rejects.toThrow();
    expect(await readSession("s-dup")).toEqual({ a: 1 });
    await expect(insertSession("s-ghost", 987_654, {}, inMinutes(5))).rejects.toThrow();
    expect(await sessionRow("s-ghost")).toBeUndefined();
  });
});

describe("updateSession", () => {
  test("replaces the data, the user and the expiry", async () => {
    await insertSession("s-update", null, { step: 1 }, inMinutes(5));
    const expires = inMinutes(60);
    await updateSession("s-update", otherId, { step: 2, userId: otherId }, expires);
    expect(await readSession("s-update")).toEqual({ step: 2, userId: otherId });
    expect(await sessionRow("s-update")).toMatchObject({
      user_id: otherId,
      expires_at: expires.toISOString(),
    });
  });

  test("can revive a session by moving its expiry forward", async () => {
    await insertSession("s-revive", ownerId, { userId: ownerId }, inMinutes(-5));
    await updateSession("s-revive", ownerId, { userId: ownerId }, inMinutes(5));
    expect(await readSession("s-revive")).toEqual({ userId: ownerId });
  });

  test("does nothing for an unknown id", async () => {
    await updateSession("s-missing", ownerId, { x: 1 }, inMinutes(5));
    expect(await sessionIds()).toEqual([]);
  });
});

describe("deleteSession and deleteUserSessions", () => {
  test("deleteSession removes one session and tolerates an unknown id", async () => {
    await insertSession("s-a", ownerId, {}, inMinutes(5));
    await insertSession("s-b", ownerId, {}, inMinutes(5));
    await deleteSession("s-a");
    await deleteSession("s-never-existed");
    expect(await sessionIds()).toEqual(["s-b"]);
    expect(await readSession("s-a")).toBeNull();
  });

  test("deleteUserSessions ends every session of that user and no one else's", async () => {
    await insertSession("o-1", ownerId, {}, inMinutes(5));
    await insertSession("o-2", ownerId, {}, inMinutes(5));
    await insertSession("x-1", otherId, {}, inMinutes(5));
    await insertSession("n-1", null, {}, inMinutes(5));
    await deleteUserSessions(ownerId);
    expect(await sessionIds()).toEqual(["n-1", "x-1"]);
  });

  test("deleteUserSessions keeps the excepted session", async () => {
    await insertSession("o-1", ownerId, {}, inMinutes(5));
    await insertSession("o-2", ownerId, {}, inMinutes(5));
    await insertSession("o-3", ownerId, {}, inMinutes(5));
    await insertSession("x-1", otherId, {}, inMinutes(5));
    await deleteUserSessions(ownerId, "o-2");
    expect(await sessionIds()).toEqual(["o-2", "x-1"]);
  });

  test("an excepted id of another user protects nothing of this user", async () => {
    await insertSession("o-1", ownerId, {}, inMinutes(5));
    await insertSession("x-1", otherId, {}, inMinutes(5));
    await deleteUserSessions(ownerId, "x-1");
    expect(await sessionIds()).toEqual(["x-1"]);
  });

  test("deleting a user deletes their sessions", async () => {
    const temp = await createUser({ username: "temp", password: "temp-password-1" });
    await insertSession("t-1", temp.id, {}, inMinutes(5));
    await insertSession("x-1", otherId, {}, inMinutes(5));
    await db().deleteFrom("users").where("id", "=", temp.id).execute();
    expect(await sessionIds()).toEqual(["x-1"]);
  });
});

describe("purgeExpiredSessions", () => {
  test("removes expired sessions, keeps live ones, and returns how many it removed", async () => {
    await insertSession("dead-1", ownerId, {}, inMinutes(-60));
    await insertSession("dead-2", null, {}, inMinutes(-1));
    await insertSession("dead-3", otherId, {}, new Date(Date.now() - 1000));
    await insertSession("live-1", ownerId, {}, inMinutes(1));
    await insertSession("live-2", null, {}, inMinutes(60 * 24));
    await expect(purgeExpiredSessions()).resolves.toBe(3);
    expect(await sessionIds()).toEqual(["live-1", "live-2"]);
  });

  test("returns 0 when nothing has expired", async () => {
    await insertSession("live-1", ownerId, {}, inMinutes(10));
    await expect(purgeExpiredSessions()).resolves.toBe(0);
    expect(await sessionIds()).toEqual(["live-1"]);
  });
});

describe("readSessionUser", () => {
  test("reads a live session's user with the session", async () => {
    await insertSession("live", otherId, { userId: otherId }, inMinutes(10));
    const user = await readSessionUser("live");
    expect(user?.id).toBe(otherId);
    expect(user?.username).toBe("sam");
  });

  test("null for an unknown id, and for a session without a user", async () => {
    expect(await readSessionUser("nobody")).toBeNull();
    await insertSession("anonymous", null, {}, inMinutes(10));
    expect(await readSessionUser("anonymous")).toBeNull();
  });

  test("null for an expired session, which it removes", async () => {
    await insertSession("old", ownerId, { userId: ownerId }, inMinutes(-1));
    expect(await readSessionUser("old")).toBeNull();
    expect(await sessionIds()).toEqual([]);
  });

  test("the guest's session reads the guest", async () => {
    await insertSession("guest", GUEST_USER_ID, { userId: GUEST_USER_ID }, inMinutes(10));
    expect((await readSessionUser("guest"))?.id).toBe(GUEST_USER_ID);
  });
});
