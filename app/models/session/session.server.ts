import { db, now } from "~/db/connection.server";
import type { UserRow } from "~/db/schema";

/* Server-side session records; the cookie carries only the random id. */

export async function insertSession(
  id: string,
  userId: number | null,
  data: unknown,
  expires: Date,
) {
  await db()
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      data: JSON.stringify(data),
      expires_at: expires.toISOString(),
      created_at: now(),
    })
    .execute();
}

/** Whether a session read is usable: found and not expired. An expired one is removed. */
async function live(id: string, expiresAt: string | undefined): Promise<boolean> {
  if (expiresAt === undefined) return false;
  if (expiresAt > now()) return true;
  await deleteSession(id);
  return false;
}

export async function readSession(id: string): Promise<Record<string, unknown> | null> {
  const row = await db()
    .selectFrom("sessions")
    .select(["data", "expires_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || !(await live(id, row.expires_at))) return null;
  try {
    return JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The user of a live session, read with the session in one statement (a page's first read: on
 * PostgreSQL a round trip saved on every request). null for no session, an expired one (which is
 * removed, as readSession does) or one without a user.
 */
export async function readSessionUser(id: string): Promise<UserRow | null> {
  const row = await db()
    .selectFrom("sessions")
    .leftJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select("sessions.expires_at as session_expires_at")
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row || !(await live(id, row.session_expires_at))) return null;
  const { session_expires_at: _, ...user } = row;
  return user.id === null ? null : (user as UserRow);
}

export async function updateSession(
  id: string,
  userId: number | null,
  data: unknown,
  expires: Date,
) {
  await db()
    .updateTable("sessions")
    .set({ user_id: userId, data: JSON.stringify(data), expires_at: expires.toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function deleteSession(id: string) {
  await db().deleteFrom("sessions").where("id", "=", id).execute();
}

/** Ends every session of a user (password change elsewhere, account disabled). */
export async function deleteUserSessions(userId: number, exceptId?: string) {
  let query = db().deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  await query.execute();
}

export async function purgeExpiredSessions() {
  const result = await db()
    .deleteFrom("sessions")
    .where("expires_at", "<=", now())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
