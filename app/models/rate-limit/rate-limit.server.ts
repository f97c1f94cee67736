import { sql } from "kysely";
import { db } from "~/db/connection.server";

/*
 * Counters that guard something, kept in the database so every process counts the same hits
 * (issue 29, decision 068). Fixed windows: a key's count starts again in each window of
 * `windowMs`. One upsert per hit, which both dialects write as INSERT ... ON CONFLICT.
 */

export interface HitCount {
  count: number;
  /** When the window ends and the count starts again. */
  resetAt: Date;
}

const windowOf = (windowMs: number, at = Date.now()) => Math.floor(at / windowMs);

/** Counts one hit of the key; answers the window's count, this hit included. */
export async function countHit(key: string, windowMs: number): Promise<HitCount> {
  const window = windowOf(windowMs);
  const resetAt = new Date((window + 1) * windowMs);
  const row = await db()
    .insertInto("rate_limit_hits")
    .values({ key, window_number: window, count: 1, expires_at: resetAt.toISOString() })
    .onConflict((oc) =>
      oc
        .columns(["key", "window_number"])
        .doUpdateSet({ count: sql<number>`rate_limit_hits.count + 1` }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt };
}

/** The key's count in the current window, without counting. */
export async function hitCount(key: string, windowMs: number): Promise<HitCount> {
  const window = windowOf(windowMs);
  const row = await db()
    .selectFrom("rate_limit_hits")
    .select("count")
    .where("key", "=", key)
    .where("window_number", "=", window)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), resetAt: new Date((window + 1) * windowMs) };
}

/** Takes one hit back (a request the limiter chose not to count after all). */
export async function uncountHit(key: string, windowMs: number): Promise<void> {
  await db()
    .updateTable("rate_limit_hits")
    .set({ count: sql<number>`count - 1` })
    .where("key", "=", key)
    .where("window_number", "=", windowOf(windowMs))
    .where("count", ">", 0)
    .execute();
}

/** Forgets the key's counts. */
export async function forgetHits(key: string): Promise<void> {
  await db().deleteFrom("rate_limit_hits").where("key", "=", key).execute();
}

/** Sweeps windows that have ended. */
export async function purgeExpiredHits(): Promise<void> {
  await db()
    .deleteFrom("rate_limit_hits")
    .where("expires_at", "<", new Date().toISOString())
    .execute();
}
