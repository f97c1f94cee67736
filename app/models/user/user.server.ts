import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { Transaction } from "kysely";
import { db, now } from "~/db/connection.server";
import {
  EVERYONE_GROUP_ID,
  GUEST_USER_ID,
  GUEST_USERNAME,
  REGISTERED_USERS_GROUP_ID,
  type Database,
  type UserRow,
} from "~/db/schema";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { reserveSeat } from "~/models/user/license.server";
import {
  MAX_PREFERENCES_BYTES,
  preferencesSchema,
  type Preferences,
  type PreferencesPatch,
  type Viewer,
} from "./user.schema";

// Verified against when the user does not exist, so a wrong name costs what a wrong password does.
let dummyHash: Promise<string> | undefined;

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export function hashPassword(password: string) {
  return hash(password);
}

function parsePreferences(json: string): Preferences {
  try {
    return preferencesSchema.parse(JSON.parse(json));
  } catch {
    return preferencesSchema.parse({});
  }
}

export function toViewer(row: UserRow): Viewer {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name || row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    isGuest: row.id === GUEST_USER_ID,
    isSiteOwner: row.is_site_owner === 1,
    forcePasswordChange: row.force_password_change === 1,
    preferences: parsePreferences(row.preferences),
  };
}

/**
 * Whether an account may act at all: enabled and not past its expiry (spec 002 "access: enabled
 * and expiry"). Every way in (sign-in, session, token) asks this of the stored row.
 */
export function isActiveAccount(
  row: Pick<UserRow, "is_enabled" | "expires_at">,
  at: string = now(),
): boolean {
  return row.is_enabled === 1 && (row.expires_at === null || row.expires_at > at);
}

export async function findUserById(id: number): Promise<Viewer | null> {
  const row = await db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  return row && isActiveAccount(row) ? toViewer(row) : null;
}

/** The guest account every visitor browses as when guests are let in. */
export const findGuest = () => findUserById(GUEST_USER_ID);

/**
 * Whether the id names an enabled account of its own: what a program's token may act as, and what
 * an application may be registered for. The guest is shared by every visitor, so never one.
 */
export async function isEnabledAccount(id: number): Promise<boolean> {
  if (id === GUEST_USER_ID) return false;
  const row = await db()
    .selectFrom("users")
    .select(["is_enabled", "expires_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined && isActiveAccount(row);
}

export async function findUserByUsername(username: string): Promise<Viewer | null> {
  const row = await db()
    .selectFrom("users")
    .selectAll()
    .where("username_key", "=", username.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toViewer(row) : null;
}

/** Checks a sign-in. The guest signs in as Guest with an empty password while guests are allowed. */
export async function verifyLogin(
  username: string,
  password: string,
  options: { guestAccess: boolean },
): Promise<Viewer | null> {
  const key = username.trim().toLowerCase();
  if (key === GUEST_USERNAME.toLowerCase()) {
    return options.guestAccess && password === "" ? findUserById(GUEST_USER_ID) : null;
  }
  const row = await db()
    .selectFrom("users")
    .selectAll()
    .where("username_key", "=", key)
    .executeTakeFirst();
  if (!row || !row.password_hash || !isActiveAccount(row)) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(row.password_hash, password).catch(() => false);
  if (!ok) return null;
  await db().updateTable("users").set({ last_login_at: now() }).where("id", "=", row.id).execute();
  return toViewer(row);
}

export interface NewUser {
  username: string;
  /** The first password; or passwordHash, already hashed (a sign-up's, chosen at sign-up). */
  password?: string;
  passwordHash?: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  isSiteOwner?: boolean;
  forcePasswordChange?: boolean;
}

/**
 * Creates a user and makes them a member of Everyone and Registered Users; inside the caller's
 * transaction when given one (an approval creates the account, its groups and its mail at once).
 */
export async function createUser(
  input: NewUser,
  executor?: Transaction<Database>,
): Promise<Viewer> {
  if (input.passwordHash === undefined && input.password === undefined)
    throw new Error("createUser needs a password or a password hash");
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password!));
  const write = async (trx: Transaction<Database>) => {
    // A new account holds a seat (enabled, the default license level): taken with the insert.
    await reserveSeat(trx);
    const { id } = await trx
      .insertInto("users")
      .values({
        username: input.username.trim(),
        username_key: input.username.trim().toLowerCase(),
        first_name: input.firstName ?? "",
        last_name: input.lastName ?? "",
        full_name: input.fullName ?? input.username.trim(),
        email: input.email ?? "",
        password_hash: passwordHash,
        is_site_owner: input.isSiteOwner ? 1 : 0,
        force_password_change: input.forcePasswordChange ? 1 : 0,
        created_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("group_members")
      .values([
        { group_id: EVERYONE_GROUP_ID, user_id: id },
        { group_id: REGISTERED_USERS_GROUP_ID, user_id: id },
      ])
      .execute();
    const row = await trx
      .selectFrom("users")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return toViewer(row);
  };
  return executor ? write(executor) : db().transaction().execute(write);
}

export type ChangePasswordResult =
  { ok: true } | { ok: false; field: "currentPassword"; message: string };

/** Replaces a password after checking the current one; clears the forced-change flag. */
export async function changePassword(
  userId: number,
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordResult> {
  const row = await db()
    .selectFrom("users")
    .selectAll()
    .where("id", "=", userId)
    .executeTakeFirst();
  if (
    !row?.password_hash ||
    !(await verify(row.password_hash, currentPassword).catch(() => false))
  ) {
    return { ok: false, field: "currentPassword", message: "The current password is not correct" };
  }
  await db()
    .updateTable("users")
    .set({ password_hash: await hashPassword(newPassword), force_password_change: 0 })
    .where("id", "=", userId)
    .execute();
  return { ok: true };
}

/**
 * Merges each group of the change into the stored preferences (the API's PATCH). Refused as
 * too large when the result would weigh more than MAX_PREFERENCES_BYTES; nothing is stored then.
 */
export async function patchPreferences(userId: number, patch: PreferencesPatch) {
  return updatePreferences(userId, (current) => {
    const next = { ...current };
    for (const group of ["intranet", "shared", "pro", "public"] as const) {
      const change = patch[group];
      if (change) next[group] = { ...current[group], ...change } as never;
    }
    if (Buffer.byteLength(JSON.stringify(next)) > MAX_PREFERENCES_BYTES)
      throw new Problem(
        "too-large",
        keyed("people.refusal.preferencesTooLarge", { max: MAX_PREFERENCES_BYTES / 1024 }),
      );
    return next;
  });
}

export async function updatePreferences(userId: number, change: (p: Preferences) => Preferences) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("users")
        .select("preferences")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      const next = preferencesSchema.parse(change(parsePreferences(row.preferences)));
      await trx
        .updateTable("users")
        .set({ preferences: JSON.stringify(next) })
        .where("id", "=", userId)
        .execute();
      return next;
    });
}

/** The site owner's id (there is exactly one once the site has started). */
export async function siteOwnerId(): Promise<number | undefined> {
  const row = await db()
    .selectFrom("users")
    .select("id")
    .where("is_site_owner", "=", 1)
    .executeTakeFirst();
  return row?.id;
}

/**
 * The first start creates the site owner. Without ADMIN_PASSWORD a password is generated, returned
 * for printing once, and must be changed at the first sign-in.
 */
export async function ensureSiteOwner(username: string, password?: string) {
  if ((await siteOwnerId()) !== undefined) return { created: false as const };
  const generated = password ? undefined : crypto.randomBytes(12).toString("base64url");
  const user = await createUser({
    username,
    password: password ?? generated!,
    fullName: "Site owner",
    isSiteOwner: true,
    forcePasswordChange: !password,
  });
  return { created: true as const, user, generatedPassword: generated };
}
