import { db, now } from "~/db/connection.server";
import type { Kysely, Transaction } from "kysely";
import { serialiseSeatChanges } from "~/db/dialect.server";
import { GUEST_USER_ID, type Database } from "~/db/schema";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { env } from "~/utils/env.server";

/** The message the spec's client looks for (002 section 8: "out_of_licenses" gives its text). */
export const OUT_OF_LICENSES = keyed("people.refusal.outOfLicenses");

/** Accounts holding a seat: enabled, not expired, not the guest, with a level above None. */
export async function seatsInUse(
  exceptUserId?: number,
  executor: Kysely<Database> | Transaction<Database> = db(),
): Promise<number> {
  let query = executor
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("id", "!=", GUEST_USER_ID)
    .where("is_enabled", "=", 1)
    .where("license_level", ">", 0)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now())]));
  if (exceptUserId !== undefined) query = query.where("id", "!=", exceptUserId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Refuses with a 409 conflict when `adding` more accounts would need seats the site has not got.
 * exceptUserId leaves out an account whose own seat is being changed (so re-saving a licensed
 * user on a full site is allowed). Inside a transaction pass it as the executor: on SQLite a read
 * through db() would wait for the transaction's own connection for ever.
 */
export async function assertSeatsAvailable(
  adding = 1,
  exceptUserId?: number,
  executor: Kysely<Database> | Transaction<Database> = db(),
): Promise<void> {
  const seats = env().LICENSE_SEATS;
  if (seats === 0 || adding <= 0) return;
  if ((await seatsInUse(exceptUserId, executor)) + adding > seats) {
    throw new Problem("conflict", OUT_OF_LICENSES);
  }
}

/**
 * Takes `adding` seats inside the transaction that gives them out, or refuses with 409
 * out_of_licenses: writers that give out seats wait for each other here (serialiseSeatChanges),
 * so the count and the insert or update after it are one step. Call it before the write.
 */
export async function reserveSeat(
  trx: Transaction<Database>,
  adding = 1,
  exceptUserId?: number,
): Promise<void> {
  if (env().LICENSE_SEATS === 0 || adding <= 0) return;
  await serialiseSeatChanges(trx);
  await assertSeatsAvailable(adding, exceptUserId, trx);
}
