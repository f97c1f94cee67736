import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { database, db, GlobalConnectionInTransactionError } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * The transaction rule (decision 072) on the dialect under test: inside a transaction db() is
 * that transaction, a transaction begun inside it joins it, and a query that takes a connection
 * of its own while one is open fails at once instead of waiting (on SQLite, forever).
 */

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.destroy();
});

const guestName = async () =>
  (
    await db()
      .selectFrom("users")
      .select("full_name")
      .where("id", "=", GUEST_USER_ID)
      .executeTakeFirstOrThrow()
  ).full_name;

const rename = (name: string) =>
  db().updateTable("users").set({ full_name: name }).where("id", "=", GUEST_USER_ID).execute();

describe("a transaction travels with the async context", () => {
  test("db() inside a transaction is the transaction: it sees what it has not committed", async () => {
    const before = await guestName();
    let seenInside = "";
    await expect(
      db()
        .transaction()
        .execute(async () => {
          await rename("Inside");
          seenInside = await guestName();
          throw new Error("roll back");
        }),
    ).rejects.toThrow("roll back");
    expect(seenInside).toBe("Inside");
    // Both statements ran on the transaction, so the rollback took the rename with it.
    expect(await guestName()).toBe(before);
  });

  test("a transaction begun inside another joins it, and rolls back with it", async () => {
    const before = await guestName();
    await expect(
      db()
        .transaction()
        .execute(async () => {
          await db()
            .transaction()
            .execute(() => rename("Nested"));
          expect(await guestName()).toBe("Nested");
          throw new Error("roll back");
        }),
    ).rejects.toThrow("roll back");
    expect(await guestName()).toBe(before);
  });

  test("a connection taken beside the open transaction is refused at once, not awaited", async () => {
    const global = database().db;
    const outcome = await db()
      .transaction()
      .execute(async () => {
        try {
          await global.selectFrom("users").select("id").execute();
          return "ran";
        } catch (error) {
          return error;
        }
      });
    expect(outcome).toBeInstanceOf(GlobalConnectionInTransactionError);
  });

  test("after the transaction, db() is the process's database again", async () => {
    let inside: unknown;
    await db()
      .transaction()
      .execute(async (trx) => {
        inside = trx;
        expect(db()).toBe(trx);
      });
    expect(db()).not.toBe(inside);
    expect(db()).toBe(database().db);
    await rename("After");
    expect(await guestName()).toBe("After");
  });

  test("transactions of other requests are not joined: each runs on its own", async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        db()
          .transaction()
          .execute(async (trx) => {
            expect(db()).toBe(trx);
            return (await trx.selectFrom("users").select("id").execute()).length + n * 0;
          }),
      ),
    );
    expect(new Set(results).size).toBe(1);
  });
});
