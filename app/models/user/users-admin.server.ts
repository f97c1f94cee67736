import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import { db, now } from "~/db/connection.server";
import { containsText } from "~/db/like";
import {
  EVERYONE_GROUP_ID,
  GUEST_USER_ID,
  REGISTERED_USERS_GROUP_ID,
  type Database,
  type GroupRow,
  type UserRow,
  type UserUpdate,
} from "~/db/schema";
import {
  decided,
  grantMembershipsDecision,
  type UserActions,
  userActions,
  userAdministrationDecision,
} from "~/models/access/access.server";
import { groupsOfUser } from "~/models/group/membership.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { deleteUserSessions } from "~/models/session/session.server";
import { assertSeatsAvailable, reserveSeat } from "./license.server";
import { LICENSE_LEVELS, LICENSE_MODES, NEW_USER_LICENSE_LEVEL } from "./license";
import {
  GENERATED_PASSWORD_LENGTH,
  type AddressDetails,
  type BulkChanges,
  type Commerce,
  type ExternalId,
  type Property,
  type UserChanges,
  type UserCountQuery,
  type UserListQuery,
  type UserRecord,
} from "./user-admin.schema";
import type { Viewer } from "./user.schema";
import { hashPassword, isActiveAccount } from "./user.server";
import { readList, readObject } from "~/db/json-column";

/*
 * People administration (spec 002, decision 034): the list, one person's whole record, creating,
 * saving only what changed, deleting, bulk edits, the site owner's transfer, device tokens and
 * group memberships. Every function asks the access module first: the area answers as missing to
 * whoever lacks manageUsers, and each change needs its action flag for that person.
 */

export const USER_NOT_FOUND = keyed("people.refusal.userNotFound");
export const USER_EXISTS = keyed("people.validation.userExists");
export const STALE_USER = keyed("people.error.staleUser");

export interface ManagedUser {
  record: UserRecord;
  actions: UserActions;
}

type Executor = Kysely<Database> | Transaction<Database>;

const str = (v: unknown) => (typeof v === "string" ? v : "");

export function recordOf(row: UserRow): UserRecord {
  const a = readObject(row.address);
  const c = readObject(row.commerce);
  const address: AddressDetails = {
    title: str(a.title),
    middleName: str(a.middleName),
    profession: str(a.profession),
    businessType: str(a.businessType),
    streetAddress: Array.isArray(a.streetAddress) ? a.streetAddress.map(str) : [],
    city: str(a.city),
    state: str(a.state),
    zipCode: str(a.zipCode),
    country: str(a.country),
    phone: str(a.phone),
    fax: str(a.fax),
    homepage: str(a.homepage),
  };
  const commerce: Commerce = {
    accountId: str(c.accountId),
    paymentMethod: typeof c.paymentMethod === "number" ? c.paymentMethod : 1,
    category: str(c.category),
    discount: typeof c.discount === "number" ? c.discount : 0,
  };
  const list = <T>(json: string) => readList(json) as T[];
  return {
    id: row.id,
    username: row.username,
    description: row.description,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name || row.username,
    email: row.email,
    organization: row.organization,
    address,
    commerce,
    licenseLevel: row.license_level,
    licenseMode: row.license_mode,
    isEnabled: row.is_enabled === 1,
    expires: row.expires_at,
    lastLoginDate: row.last_login_at,
    hasPassword: Boolean(row.password_hash),
    forcePasswordChange: row.force_password_change === 1,
    properties: list<Property>(row.properties),
    externalIds: list<ExternalId>(row.external_ids),
    revision: row.revision,
    created: row.created_at,
    modified: row.updated_at,
    isSiteOwner: row.is_site_owner === 1,
    isGuest: row.id === GUEST_USER_ID,
  };
}

const targetOf = (record: UserRecord) => ({
  id: record.id,
  isSiteOwner: record.isSiteOwner,
  isGuest: record.isGuest,
  isActive: isActiveAccount({
    is_enabled: record.isEnabled ? 1 : 0,
    expires_at: record.expires,
  }),
});

async function managed(viewer: Viewer, row: UserRow): Promise<ManagedUser> {
  const record = recordOf(row);
  return { record, actions: await userActions(viewer, targetOf(record)) };
}

async function findRow(id: number, executor: Executor = db()): Promise<UserRow | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  return executor.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

// --- reading -----------------------------------------------------------------------------------

const SORT_COLUMNS = {
  id: "id",
  username: "username_key",
  // The full-name column sorts by first name (spec 002 section 7).
  fullName: "first_name",
  firstName: "first_name",
  lastName: "last_name",
  licenseLevel: "license_level",
  company: "organization",
  expires: "expires_at",
  lastLogin: "last_login_at",
  enabled: "is_enabled",
  email: "email",
} as const;

function searched(q: string) {
  let query = db().selectFrom("users");
  if (q !== "") {
    query = query.where((eb) =>
      eb.or(
        (
          ["username_key", "first_name", "last_name", "full_name", "email", "organization"] as const
        ).map((column) => containsText(column, q)),
      ),
    );
  }
  return query;
}

export interface UserPage {
  count: number;
  users: ManagedUser[];
  /** 0-based page number and the last one (0 when there are none). */
  page: number;
  lastPage: number;
  query: UserListQuery;
}

/** One page of the list: search (username, names, e-mail, company), sort by any column. */
export async function listUsers(viewer: Viewer | null, query: UserListQuery): Promise<UserPage> {
  const manager = decided(await userAdministrationDecision(viewer));
  const counted = await searched(query.q)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .executeTakeFirstOrThrow();
  const count = Number(counted.n);
  const lastPage = Math.max(0, Math.ceil(count / query.n) - 1);
  const page = Math.min(query.p, lastPage);
  const column = SORT_COLUMNS[query.sortfield];
  const rows = await searched(query.q)
    .selectAll()
    // Empty values last in either direction would surprise nobody; nulls sort as the dialect does,
    // so they are put last explicitly, then the id keeps pages stable.
    .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
    .orderBy(sql.ref(column), query.sortdir)
    .orderBy("id", query.sortdir)
    .limit(query.n)
    .offset(page * query.n)
    .execute();
  const users = await Promise.all(rows.map((row) => managed(manager, row)));
  return { count, users, page, lastPage, query };
}

/** Every user matching the search, in its order (the reference's GET /fotoweb/api/users). */
export async function allUsers(
  viewer: Viewer | null,
  query: UserListQuery,
): Promise<ManagedUser[]> {
  const manager = decided(await userAdministrationDecision(viewer));
  const column = SORT_COLUMNS[query.sortfield];
  const rows = await searched(query.q)
    .selectAll()
    .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
    .orderBy(sql.ref(column), query.sortdir)
    .orderBy("id", query.sortdir)
    .limit(10_000)
    .execute();
  return Promise.all(rows.map((row) => managed(manager, row)));
}

/** The reference's count, with its filters. */
export async function countUsers(viewer: Viewer | null, filter: UserCountQuery): Promise<number> {
  decided(await userAdministrationDecision(viewer));
  let query = db().selectFrom("users");
  if (filter.licenseLevel)
    query = query.where("license_level", "=", LICENSE_LEVELS[filter.licenseLevel]);
  if (filter.licenseMode)
    query = query.where("license_mode", "=", LICENSE_MODES[filter.licenseMode]);
  const sso = filter.isSso === "true" || filter.ssoProvider !== undefined;
  if (sso) query = query.where("external_ids", "!=", "[]");
  if (filter.isSso === "false") query = query.where("external_ids", "=", "[]");
  if (filter.ssoProvider !== undefined) {
    // Few users and a small JSON list each: the provider is matched in the model.
    const rows = await query.select("external_ids").execute();
    return rows.filter((r) =>
      (readList(r.external_ids) as ExternalId[]).some((e) => e?.provider === filter.ssoProvider),
    ).length;
  }
  const row = await query
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One user and what the viewer may do to them; missing ids are not-found. */
export async function getManagedUser(viewer: Viewer | null, id: number): Promise<ManagedUser> {
  const manager = decided(await userAdministrationDecision(viewer));
  const row = await findRow(id);
  if (!row) throw new Problem("not-found", USER_NOT_FOUND);
  return managed(manager, row);
}

/** Several users by id (the bulk dialogs' list), unknown ids left out, in the order given. */
export async function managedUsers(viewer: Viewer | null, ids: number[]): Promise<ManagedUser[]> {
  const manager = decided(await userAdministrationDecision(viewer));
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (valid.length === 0) return [];
  const rows = await db().selectFrom("users").selectAll().where("id", "in", valid).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    valid.flatMap((id) => (byId.has(id) ? [managed(manager, byId.get(id)!)] : [])),
  );
}

// --- writing -----------------------------------------------------------------------------------

/** A seat is held by an enabled, unexpired account other than the guest with a level. */
function holdsSeat(r: Pick<UserRecord, "isGuest" | "isEnabled" | "expires" | "licenseLevel">) {
  return (
    !r.isGuest &&
    r.licenseLevel > 0 &&
    isActiveAccount({ is_enabled: r.isEnabled ? 1 : 0, expires_at: r.expires })
  );
}

export function generatePassword(): string {
  // base64url of 24 random bytes is exactly 32 characters.
  return crypto.randomBytes((GENERATED_PASSWORD_LENGTH * 3) / 4).toString("base64url");
}

const fullNameOf = (first: string, last: string) => `${first} ${last}`.trim();

async function usernameTaken(username: string, exceptId?: number, executor: Executor = db()) {
  let query = executor
    .selectFrom("users")
    .select("id")
    .where("username_key", "=", username.trim().toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The changes that differ from the record: a field sent back as it was is dropped. */
export function changedFields(record: UserRecord, changes: UserChanges): UserChanges {
  const out: UserChanges = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const key of [
    "username",
    "description",
    "firstName",
    "lastName",
    "email",
    "organization",
    "licenseLevel",
    "licenseMode",
    "isEnabled",
    "expires",
    "forcePasswordChange",
    "properties",
    "externalIds",
  ] as const) {
    if (changes[key] !== undefined && !same(changes[key], record[key]))
      (out as Record<string, unknown>)[key] = changes[key];
  }
  if (changes.address) {
    const diff = Object.fromEntries(
      Object.entries(changes.address).filter(
        ([k, v]) => !same(v, record.address[k as keyof AddressDetails]),
      ),
    );
    if (Object.keys(diff).length > 0) out.address = diff;
  }
  if (changes.commerce) {
    const diff = Object.fromEntries(
      Object.entries(changes.commerce).filter(
        ([k, v]) => !same(v, record.commerce[k as keyof Commerce]),
      ),
    );
    if (Object.keys(diff).length > 0) out.commerce = diff;
  }
  if (changes.password) out.password = changes.password;
  if (changes.deletePassword && record.hasPassword) out.deletePassword = true;
  return out;
}

/** Which flag each change needs, and the part of the account it is (a select in the refusal). */
const NEEDS: [keyof UserChanges, keyof UserActions, string][] = [
  ["username", "update", "information"],
  ["description", "update", "information"],
  ["firstName", "update", "information"],
  ["lastName", "update", "information"],
  ["email", "update", "information"],
  ["organization", "update", "information"],
  ["address", "update", "details"],
  ["commerce", "update", "details"],
  ["properties", "update", "properties"],
  ["externalIds", "update", "externalIds"],
  ["isEnabled", "updateAccountStatus", "access"],
  ["expires", "updateAccountStatus", "access"],
  ["licenseLevel", "updateLicense", "license"],
  ["licenseMode", "updateLicense", "license"],
  ["password", "updatePassword", "password"],
  ["deletePassword", "updatePassword", "password"],
  ["forcePasswordChange", "updatePassword", "password"],
];

function assertAllowed(record: UserRecord, actions: UserActions, changes: UserChanges) {
  for (const [key, action, part] of NEEDS) {
    if (changes[key] === undefined || actions[action]) continue;
    if (record.isGuest)
      throw new Problem("forbidden", keyed("people.refusal.guestChange", { part }));
    if (record.isSiteOwner && (key === "isEnabled" || key === "expires"))
      throw new Problem("forbidden", keyed("people.refusal.ownerAccess"));
    throw new Problem(
      "forbidden",
      keyed("people.refusal.change", { part, username: record.username }),
    );
  }
}

function rowChanges(record: UserRecord, changes: UserChanges, passwordHash?: string | null) {
  const set: UserUpdate = {};
  if (changes.username !== undefined) {
    set.username = changes.username;
    set.username_key = changes.username.toLowerCase();
  }
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.firstName !== undefined) set.first_name = changes.firstName;
  if (changes.lastName !== undefined) set.last_name = changes.lastName;
  if (changes.firstName !== undefined || changes.lastName !== undefined)
    set.full_name = fullNameOf(
      changes.firstName ?? record.firstName,
      changes.lastName ?? record.lastName,
    );
  if (changes.email !== undefined) set.email = changes.email;
  if (changes.organization !== undefined) set.organization = changes.organization;
  if (changes.address) set.address = JSON.stringify({ ...record.address, ...changes.address });
  if (changes.commerce) set.commerce = JSON.stringify({ ...record.commerce, ...changes.commerce });
  if (changes.licenseLevel !== undefined) set.license_level = changes.licenseLevel;
  if (changes.licenseMode !== undefined) set.license_mode = changes.licenseMode;
  if (changes.isEnabled !== undefined) set.is_enabled = changes.isEnabled ? 1 : 0;
  if (changes.expires !== undefined) set.expires_at = changes.expires;
  if (changes.forcePasswordChange !== undefined)
    set.force_password_change = changes.forcePasswordChange ? 1 : 0;
  if (changes.properties !== undefined) set.properties = JSON.stringify(changes.properties);
  if (changes.externalIds !== undefined) set.external_ids = JSON.stringify(changes.externalIds);
  if (passwordHash !== undefined) set.password_hash = passwordHash;
  return set;
}

/**
 * Creates a person with the spec's new-user defaults (enabled, no expiry, payment 1, discount 0,
 * license 35 named) and a generated 32-character password when none is given.
 */
export async function createManagedUser(
  viewer: Viewer | null,
  changes: UserChanges,
): Promise<ManagedUser> {
  const manager = decided(await userAdministrationDecision(viewer));
  const username = (changes.username ?? "").trim();
  if (await usernameTaken(username)) throw new Problem("conflict", USER_EXISTS);
  const blank = recordOf({
    address: "{}",
    commerce: '{"paymentMethod":1,"discount":0}',
    properties: "[]",
    external_ids: "[]",
  } as UserRow);
  const next = {
    ...blank,
    isGuest: false,
    isEnabled: changes.isEnabled ?? true,
    expires: changes.expires ?? null,
    licenseLevel: changes.licenseLevel ?? NEW_USER_LICENSE_LEVEL,
  };
  if (holdsSeat(next)) await assertSeatsAvailable(1);
  const passwordHash = await hashPassword(changes.password ?? generatePassword());
  const firstName = changes.firstName ?? "";
  const lastName = changes.lastName ?? "";
  const row = await db()
    .transaction()
    .execute(async (trx) => {
      // The check above answers early; this one, serialised with every other, is the rule.
      if (holdsSeat(next)) await reserveSeat(trx);
      // Checked again inside: two creations of one name race to the unique index otherwise.
      if (await usernameTaken(username, undefined, trx)) throw new Problem("conflict", USER_EXISTS);
      const { id } = await trx
        .insertInto("users")
        .values({
          username,
          username_key: username.toLowerCase(),
          first_name: firstName,
          last_name: lastName,
          full_name: fullNameOf(firstName, lastName) || username,
          email: changes.email ?? "",
          organization: changes.organization ?? "",
          description: changes.description ?? "",
          address: JSON.stringify({ ...blank.address, ...changes.address }),
          commerce: JSON.stringify({ ...blank.commerce, ...changes.commerce }),
          license_level: next.licenseLevel,
          license_mode: changes.licenseMode ?? 0,
          is_enabled: next.isEnabled ? 1 : 0,
          expires_at: next.expires,
          force_password_change: changes.forcePasswordChange ? 1 : 0,
          properties: JSON.stringify(changes.properties ?? []),
          external_ids: JSON.stringify(changes.externalIds ?? []),
          password_hash: passwordHash,
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
      return trx.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    })
    .catch((error: unknown) => {
      if (error instanceof Problem) throw error;
      // The unique index caught a race the check above could not see.
      if (/unique|duplicate/i.test(String(error))) throw new Problem("conflict", USER_EXISTS);
      throw error;
    });
  return managed(manager, row);
}

export interface SaveOptions {
  /** The revision the editor opened; a save over a newer one is refused. */
  revision?: number;
  /** Ends the target's sessions except this one when their password changes. */
  keepSessionId?: string;
}

/** Saves only what changed; refuses what the action flags do not allow, and stale saves. */
export async function updateManagedUser(
  viewer: Viewer | null,
  id: number,
  changes: UserChanges,
  options: SaveOptions = {},
): Promise<ManagedUser> {
  const manager = decided(await userAdministrationDecision(viewer));
  const current = await getManagedUser(manager, id);
  const { record, actions } = current;
  if (options.revision !== undefined && options.revision !== record.revision)
    throw new Problem("conflict", STALE_USER);
  const diff = changedFields(record, changes);
  // A password request is refused where passwords may not be set, even when it changes nothing.
  assertAllowed(record, actions, {
    ...diff,
    ...(changes.deletePassword ? { deletePassword: true } : {}),
  });
  if (Object.keys(diff).length === 0) return current;
  if (diff.username !== undefined && (await usernameTaken(diff.username, id)))
    throw new Problem("conflict", USER_EXISTS);
  const after = {
    ...record,
    isEnabled: diff.isEnabled ?? record.isEnabled,
    expires: diff.expires !== undefined ? diff.expires : record.expires,
    licenseLevel: diff.licenseLevel ?? record.licenseLevel,
  };
  const gainsSeat = !holdsSeat(record) && holdsSeat(after);
  if (gainsSeat) await assertSeatsAvailable(1, id);
  const passwordHash = diff.password
    ? await hashPassword(diff.password)
    : diff.deletePassword
      ? null
      : undefined;
  const updated = await db()
    .transaction()
    .execute(async (trx) => {
      // The check above answers early; this one, serialised with every other, is the rule.
      if (gainsSeat) await reserveSeat(trx, 1, id);
      return trx
        .updateTable("users")
        .set({
          ...rowChanges(record, diff, passwordHash),
          revision: sql<number>`revision + 1`,
          updated_at: now(),
        })
        .where("id", "=", id)
        .where("revision", "=", record.revision)
        .executeTakeFirst();
    });
  // Another save landed between the read and this write.
  if (Number(updated.numUpdatedRows) === 0) throw new Problem("conflict", STALE_USER);
  if (passwordHash !== undefined && id !== manager.id)
    await deleteUserSessions(id, options.keepSessionId);
  return getManagedUser(manager, id);
}

/** Deletes a person; never the site owner, the guest or oneself (the delete flag says so). */
export async function deleteManagedUser(viewer: Viewer | null, id: number): Promise<UserRecord> {
  const manager = decided(await userAdministrationDecision(viewer));
  const { record, actions } = await getManagedUser(manager, id);
  if (!actions.delete) throw new Problem("forbidden", deleteRefusal(record, manager));
  await db().deleteFrom("users").where("id", "=", id).where("is_site_owner", "=", 0).execute();
  return record;
}

function deleteRefusal(record: UserRecord, viewer: Viewer) {
  if (record.isSiteOwner) return keyed("people.refusal.deleteOwner");
  if (record.isGuest) return keyed("people.refusal.deleteGuest");
  if (record.id === viewer.id) return keyed("people.refusal.deleteSelf");
  return keyed("people.refusal.delete", { username: record.username });
}

export interface BulkResult {
  changed: UserRecord[];
  /** Chosen, but not open to this change for this viewer (or no longer there). */
  skipped: number[];
}

/** Company, license, access or expiry for several people: only those whose flags allow it. */
export async function bulkEditUsers(
  viewer: Viewer | null,
  ids: number[],
  changes: BulkChanges,
): Promise<BulkResult> {
  const manager = decided(await userAdministrationDecision(viewer));
  const users = await managedUsers(manager, ids);
  const needs: (keyof UserActions)[] = [];
  if (changes.organization !== undefined) needs.push("update");
  if (changes.licenseLevel !== undefined || changes.licenseMode !== undefined)
    needs.push("updateLicense");
  if (changes.isEnabled !== undefined || changes.expires !== undefined)
    needs.push("updateAccountStatus");
  const open = users.filter((u) => needs.every((n) => u.actions[n]));
  const gaining = open.filter(({ record }) => {
    const after = {
      ...record,
      isEnabled: changes.isEnabled ?? record.isEnabled,
      expires: changes.expires !== undefined ? changes.expires : record.expires,
      licenseLevel: changes.licenseLevel ?? record.licenseLevel,
    };
    return !holdsSeat(record) && holdsSeat(after);
  }).length;
  await assertSeatsAvailable(gaining);
  const openIds = open.map((u) => u.record.id);
  if (openIds.length > 0) {
    const status = changes.isEnabled !== undefined || changes.expires !== undefined;
    const set: UserUpdate = {};
    if (changes.organization !== undefined) set.organization = changes.organization;
    if (changes.licenseLevel !== undefined) set.license_level = changes.licenseLevel;
    if (changes.licenseMode !== undefined) set.license_mode = changes.licenseMode;
    if (changes.isEnabled !== undefined) set.is_enabled = changes.isEnabled ? 1 : 0;
    if (changes.expires !== undefined) set.expires_at = changes.expires;
    await db()
      .transaction()
      .execute(async (trx) => {
        await reserveSeat(trx, gaining);
        let update = trx
          .updateTable("users")
          .set({ ...set, revision: sql<number>`revision + 1`, updated_at: now() })
          .where("id", "in", openIds);
        // Never the owner's or the guest's access, whatever a flag said a moment ago.
        if (status) update = update.where("is_site_owner", "=", 0).where("id", "!=", GUEST_USER_ID);
        await update.execute();
      });
  }
  const changed = (await managedUsers(manager, openIds)).map((u) => u.record);
  return { changed, skipped: ids.filter((id) => !openIds.includes(id)) };
}

/** Deletes several people: only those the viewer may delete. */
export async function bulkDeleteUsers(viewer: Viewer | null, ids: number[]): Promise<BulkResult> {
  const manager = decided(await userAdministrationDecision(viewer));
  const users = await managedUsers(manager, ids);
  const open = users.filter((u) => u.actions.delete);
  const openIds = open.map((u) => u.record.id);
  if (openIds.length > 0)
    await db()
      .deleteFrom("users")
      .where("id", "in", openIds)
      .where("is_site_owner", "=", 0)
      .where("id", "!=", GUEST_USER_ID)
      .execute();
  return { changed: open.map((u) => u.record), skipped: ids.filter((id) => !openIds.includes(id)) };
}

/** Hands the site over: the old owner loses ownership in the same transaction. */
export async function setSiteOwner(viewer: Viewer | null, id: number): Promise<UserRecord> {
  const manager = decided(await userAdministrationDecision(viewer));
  const { record, actions } = await getManagedUser(manager, id);
  if (!actions.setNewSiteOwner) {
    if (!manager.isSiteOwner) throw new Problem("forbidden", keyed("people.error.onlySiteOwner"));
    if (record.isSiteOwner)
      throw new Problem(
        "conflict",
        keyed("people.refusal.alreadyOwner", { username: record.username }),
      );
    throw new Problem(
      "forbidden",
      record.isGuest
        ? keyed("people.refusal.guestOwner")
        : keyed("people.refusal.disabledOwner", { username: record.username }),
    );
  }
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ is_site_owner: 0 })
        .where("is_site_owner", "=", 1)
        .execute();
      await trx
        .updateTable("users")
        .set({ is_site_owner: 1, revision: sql<number>`revision + 1`, updated_at: now() })
        .where("id", "=", id)
        .execute();
    });
  return { ...record, isSiteOwner: true };
}

/** Revokes every OAuth credential of the person and ends their other sessions. */
export async function resetDeviceTokens(
  viewer: Viewer | null,
  id: number,
  keepSessionId?: string,
): Promise<UserRecord> {
  const manager = decided(await userAdministrationDecision(viewer));
  const { record, actions } = await getManagedUser(manager, id);
  if (!actions.resetDeviceTokens)
    throw new Problem(
      "forbidden",
      keyed("people.refusal.deviceTokens", { username: record.username }),
    );
  await db().deleteFrom("oauth_credentials").where("user_id", "=", id).execute();
  await deleteUserSessions(id, keepSessionId);
  return record;
}

// --- memberships -------------------------------------------------------------------------------

const BUILT_IN = new Set([EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]);

/** The groups the person is directly in, the built-in ones left out (they hold everyone). */
export async function directGroups(viewer: Viewer | null, id: number): Promise<GroupRow[]> {
  await getManagedUser(viewer, id);
  return db()
    .selectFrom("groups")
    .selectAll()
    .where("id", "in", (eb) =>
      eb.selectFrom("group_members").select("group_id").where("user_id", "=", id),
    )
    .where("id", "not in", [...BUILT_IN])
    .orderBy("name")
    .execute();
}

/** Every group the person is in, directly or through other groups, the built-in ones included. */
export async function allGroups(viewer: Viewer | null, id: number): Promise<GroupRow[]> {
  const { record } = await getManagedUser(viewer, id);
  const ids = await groupsOfUser({ id, isGuest: record.isGuest });
  if (ids.length === 0) return [];
  return db().selectFrom("groups").selectAll().where("id", "in", ids).orderBy("name").execute();
}

/**
 * Changes the person's direct memberships: replace (PUT), add (POST), or remove some. The
 * built-in groups are never sent and never changed; unknown groups are refused with their ids.
 */
export async function changeMemberships(
  viewer: Viewer | null,
  id: number,
  change: { replace?: number[]; add?: number[]; remove?: number[] },
  options: { dryRun?: boolean } = {},
): Promise<void> {
  const manager = decided(await userAdministrationDecision(viewer));
  const { record, actions } = await getManagedUser(manager, id);
  if (!actions.updateMemberships)
    throw new Problem(
      "forbidden",
      manager.id === id
        ? keyed("people.refusal.ownMemberships")
        : keyed("people.refusal.memberships", { username: record.username }),
    );
  const named = [...(change.replace ?? []), ...(change.add ?? [])].filter((g) => !BUILT_IN.has(g));
  const wanted = [...new Set(named)];
  const groups = await knownGroups(wanted);
  const held = new Set(
    (
      await db().selectFrom("group_members").select("group_id").where("user_id", "=", id).execute()
    ).map((r) => r.group_id),
  );
  const adding = groups.filter((g) => !held.has(g.id));
  const grant = await grantMembershipsDecision(manager, adding);
  if (!grant.allowed) throw grant.problem;
  const removing = change.replace
    ? [...held].filter((g) => !BUILT_IN.has(g) && !wanted.includes(g))
    : (change.remove ?? []).filter((g) => !BUILT_IN.has(g));
  if (options.dryRun) return;
  await db()
    .transaction()
    .execute(async (trx) => {
      if (removing.length > 0)
        await trx
          .deleteFrom("group_members")
          .where("user_id", "=", id)
          .where("group_id", "in", removing)
          .execute();
      if (adding.length > 0)
        await trx
          .insertInto("group_members")
          .values(adding.map((g) => ({ group_id: g.id, user_id: id })))
          .execute();
    });
}

/** Removes one membership; the built-in ones hold every account and cannot be left. */
export async function leaveGroup(viewer: Viewer | null, id: number, groupId: number) {
  if (BUILT_IN.has(groupId))
    throw new Problem("conflict", keyed("people.refusal.builtInMembership"));
  await changeMemberships(viewer, id, { remove: [groupId] });
}

/** The groups a person may be put in by the editor: every group but the built-in ones. */
export async function groupChoices(viewer: Viewer | null): Promise<{ id: number; name: string }[]> {
  decided(await userAdministrationDecision(viewer));
  return db()
    .selectFrom("groups")
    .select(["id", "name"])
    .where("id", "not in", [...BUILT_IN])
    .orderBy("name")
    .limit(1000)
    .execute();
}

async function knownGroups(ids: number[]) {
  const groups =
    ids.length === 0
      ? []
      : await db()
          .selectFrom("groups")
          .select(["id", "name", "permissions"])
          .where("id", "in", ids)
          .execute();
  const missing = ids.filter((g) => !groups.some((row) => row.id === g));
  if (missing.length > 0)
    throw new Problem("invalid", keyed("people.refusal.noSuchGroups", { ids: missing.join(", ") }));
  return groups;
}

/** Refuses, before anything is written, memberships the viewer may not give (a new person's). */
export async function assertGrantable(viewer: Viewer | null, groupIds: number[]): Promise<void> {
  const manager = decided(await userAdministrationDecision(viewer));
  const groups = await knownGroups([...new Set(groupIds)].filter((g) => !BUILT_IN.has(g)));
  const grant = await grantMembershipsDecision(manager, groups);
  if (!grant.allowed) throw grant.problem;
}
