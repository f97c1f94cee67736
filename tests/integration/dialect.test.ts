import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { lockRowForUpdate } from "~/db/dialect.server";
import { GUEST_USER_ID } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * The dialect module's row lock on the dialect under test (decision 025): writers that read,
 * think, and write back the same row must not lose each other's update.
 */

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.destroy();
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Reads a counter from the row, waits, and writes it back one higher, all in one transaction. */
async function increment(lock: boolean) {
  await db()
    .transaction()
    .execute(async (trx) => {
      if (lock) await lockRowForUpdate(trx, "users", GUEST_USER_ID);
      const row = await trx
        .selectFrom("users")
        .select("preferences")
        .where("id", "=", GUEST_USER_ID)
        .executeTakeFirstOrThrow();
      const count = Number((JSON.parse(row.preferences) as { n?: number }).n ?? 0);
      // Another transaction's read lands here unless the lock keeps it waiting.
      await pause();
      await trx
        .updateTable("users")
        .set({ preferences: JSON.stringify({ n: count + 1 }) })
        .where("id", "=", GUEST_USER_ID)
        .execute();
    });
}

async function counter() {
  const row = await db()
    .selectFrom("users")
    .select("preferences")
    .where("id", "=", GUEST_USER_ID)
    .executeTakeFirstOrThrow();
  return Number((JSON.parse(row.preferences) as { n?: number }).n ?? 0);
}

describe("lockRowForUpdate", () => {
  test("four writers of one row at once each see the one before", async () => {
    await db()
      .updateTable("users")
      .set({ preferences: "{}" })
      .where("id", "=", GUEST_USER_ID)
      .execute();
    await Promise.all([increment(true), increment(true), increment(true), increment(true)]);
    expect(await counter()).toBe(4);
  });
});
