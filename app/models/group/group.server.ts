import { sql, type Selectable, type Transaction } from "kysely";
import { db, now } from "~/db/connection.server";
import { containsText } from "~/db/like";
import {
  EVERYONE_GROUP_ID,
  GUEST_USER_ID,
  REGISTERED_USERS_GROUP_ID,
  type Database,
  type GroupsTable,
} from "~/db/schema";
import { requirePeopleManager } from "~/models/access/access.server";
import {
  assertMayDelegate,
  assertNotOwnMemberships,
  capabilityRights,
  rightsOfAccount,
  rightsThroughGroups,
} from "~/models/access/delegation.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { LICENSE_LEVELS, LICENSE_MODES } from "~/models/user/license";
import type { Viewer } from "~/models/user/user.schema";
import {
  applyPermissionRules,
  grantedCapabilities,
  groupPermissionsSchema,
  mergePermissions,
  NAME_REQUIRED,
  parseGroupPermissions,
  type ExternalId,
  type GroupInput,
  type GroupListQuery,
  type GroupPermissions,
  type GroupProperty,
} from "./group.schema";
import { groupsContaining } from "./membership.server";
import { readList } from "~/db/json-column";

/*
 * Groups (spec 002 "Groups tab", "Group editor"; the reference's Group Management): the list with
 * search, sort and paging, the group's fields and flags, its members (users and groups, direct
 * and through other groups) and the groups it is in. Every function answers only a holder of
 * manageUsers (the access module's peopleDecision); to anyone else the area does not exist.
 */

export const GROUP_NOT_FOUND = keyed("people.refusal.groupNotFound");
export const GROUP_EXISTS = "group already exists";
export const BUILT_IN_UNDELETABLE = keyed("people.refusal.builtInUndeletable");
export const BUILT_IN_MEMBERS = keyed("people.refusal.builtInMembers");
export const BUILT_IN_CHOSEN = keyed("people.refusal.builtInChosen");
export const STALE_REVISION = keyed("people.refusal.staleGroup");
export const CIRCULAR_MEMBERS = "circular group members";
export const CIRCULAR_MEMBER_OF = "circular member-of";

export interface Group {
  id: number;
  name: string;
  description: string;
  samlGroupName: string;
  permissions: GroupPermissions;
  licenseLevel: number;
  licenseMode: number;
  properties: GroupProperty[];
  externalIds: ExternalId[];
  revision: number;
  createdAt: string;
  updatedAt: string | null;
  isEveryone: boolean;
  isRegisteredUsers: boolean;
  isBuiltIn: boolean;
}

type GroupRow = Selectable<GroupsTable>;

const isProperty = (v: unknown): v is GroupProperty =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as GroupProperty).key === "string" &&
  typeof (v as GroupProperty).value === "string";
const isExternalId = (v: unknown): v is ExternalId =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as ExternalId).provider === "string" &&
  typeof (v as ExternalId).id === "string";

export const isBuiltInGroup = (id: number) =>
  id === EVERYONE_GROUP_ID || id === REGISTERED_USERS_GROUP_ID;

function toGroup(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    samlGroupName: row.saml_group_name,
    permissions: parseGroupPermissions(row.permissions),
    licenseLevel: Number(row.license_level),
    licenseMode: Number(row.license_mode),
    properties: readList(row.properties).filter(isProperty),
    externalIds: readList(row.external_ids).filter(isExternalId),
    revision: Number(row.revision),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isEveryone: row.id === EVERYONE_GROUP_ID,
    isRegisteredUsers: row.id === REGISTERED_USERS_GROUP_ID,
    isBuiltIn: isBuiltInGroup(row.id),
  };
}

const selectGroups = (executor: Transaction<Database> | ReturnType<typeof db> = db()) =>
  executor.selectFrom("groups").selectAll();

export interface GroupPage {
  groups: Group[];
  count: number;
  page: number;
  pages: number;
  pageSize: number;
}

/** The groups matching q (in name or description), sorted, one page of them. */
export async function listGroups(
  viewer: Viewer | null,
  query: GroupListQuery,
  pageSize: number,
): Promise<GroupPage> {
  await requirePeopleManager(viewer);
  const matching = () => {
    let q = db().selectFrom("groups");
    if (query.q)
      q = q.where((eb) =>
        eb.or([containsText("name", query.q), containsText("description", query.q)]),
      );
    return q;
  };
  const { n } = await matching()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const count = Number(n);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const page = Math.min(query.p, pages - 1);
  const sortColumn =
    query.sortfield === "id" ? "id" : query.sortfield === "description" ? "description" : "name";
  const rows = await matching()
    .selectAll()
    // Text sorts ignoring case; the id, an integer, sorts by itself.
    .orderBy(
      sortColumn === "id" ? sql.ref("id") : sql`lower(${sql.ref(sortColumn)})`,
      query.sortdir,
    )
    .orderBy("id", query.sortdir)
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  return { groups: rows.map(toGroup), count, page, pages, pageSize };
}

export async function countGroups(viewer: Viewer | null): Promise<number> {
  await requirePeopleManager(viewer);
  const { n } = await db()
    .selectFrom("groups")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function findGroup(
  id: number,
  executor: Transaction<Database> | ReturnType<typeof db> = db(),
): Promise<Group | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await selectGroups(executor).where("id", "=", id).executeTakeFirst();
  return row ? toGroup(row) : null;
}

export async function getGroup(viewer: Viewer | null, id: number): Promise<Group> {
  await requirePeopleManager(viewer);
  const group = await findGroup(id);
  if (!group) throw new Problem("not-found", GROUP_NOT_FOUND);
  return group;
}

/** Groups by id (for the editor's member-of choices), in the order of the ids found. */
async function groupsByIds(ids: readonly number[]): Promise<Group[]> {
  if (ids.length === 0) return [];
  const rows = await selectGroups()
    .where("id", "in", [...ids])
    .execute();
  return rows.map((r) => toGroup(r));
}

async function assertNameFree(
  name: string,
  exceptId: number | null,
  executor: Transaction<Database>,
): Promise<void> {
  let q = executor
    .selectFrom("groups")
    .select("id")
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== null) q = q.where("id", "!=", exceptId);
  if (await q.executeTakeFirst())
    throw new Problem("conflict", GROUP_EXISTS, { heading: "GroupAlreadyExists" });
}

const EMPTY_PERMISSIONS = groupPermissionsSchema.parse({});

export async function createGroup(viewer: Viewer | null, input: GroupInput): Promise<Group> {
  const manager = await requirePeopleManager(viewer);
  if (input.name === undefined)
    throw new Problem("invalid", NAME_REQUIRED, { messages: [NAME_REQUIRED] });
  const permissions = applyPermissionRules(
    EMPTY_PERMISSIONS,
    mergePermissions(EMPTY_PERMISSIONS, input.permissions),
  );
  await assertMayDelegate(manager, capabilityRights(grantedCapabilities(permissions)));
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      await assertNameFree(input.name!, null, trx);
      const created = await trx
        .insertInto("groups")
        .values({
          name: input.name!,
          description: input.description ?? "",
          saml_group_name: input.samlGroupName ?? "",
          permissions: JSON.stringify(permissions),
          license_level: LICENSE_LEVELS[input.license?.level ?? "None"],
          license_mode: LICENSE_MODES[input.license?.mode ?? "Named"],
          properties: JSON.stringify(input.properties ?? []),
          external_ids: JSON.stringify(input.externalIds ?? []),
          created_at: now(),
          updated_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return created.id;
    });
  return (await findGroup(id))!;
}

/**
 * Changes the fields given (a PATCH), or replaces the group's writable fields (a PUT: what is
 * not given takes its default). A revision that is not the stored one is refused (409), so a save
 * made from a stale copy never undoes another manager's change unseen.
 */
export async function updateGroup(
  viewer: Viewer | null,
  id: number,
  input: GroupInput,
  mode: "change" | "replace" = "change",
): Promise<Group> {
  const manager = await requirePeopleManager(viewer);
  if (mode === "replace" && input.name === undefined)
    throw new Problem("invalid", NAME_REQUIRED, { messages: [NAME_REQUIRED] });
  await db()
    .transaction()
    .execute(async (trx) => {
      const group = await findGroup(id, trx);
      if (!group) throw new Problem("not-found", GROUP_NOT_FOUND);
      if (input.revision !== undefined && input.revision !== group.revision)
        throw new Problem("conflict", STALE_REVISION, { heading: "StaleRevision" });
      const base = mode === "replace" ? EMPTY_PERMISSIONS : group.permissions;
      const permissions = applyPermissionRules(
        group.permissions,
        mergePermissions(base, input.permissions),
      );
      // The group as it stands and as it will be: nobody changes a group above himself.
      await assertMayDelegate(manager, [
        await rightsThroughGroups([id]),
        capabilityRights(grantedCapabilities(permissions)),
      ]);
      if (input.name !== undefined) await assertNameFree(input.name, id, trx);
      if (
        group.isBuiltIn &&
        input.samlGroupName !== undefined &&
        input.samlGroupName !== group.samlGroupName
      )
        throw new Problem("forbidden", keyed("people.refusal.builtInSaml"));
      const pick = <T>(given: T | undefined, stored: T, fallback: T) =>
        given !== undefined ? given : mode === "replace" ? fallback : stored;
      const level = input.license?.level;
      const licenseMode = input.license?.mode;
      await trx
        .updateTable("groups")
        .set({
          name: input.name ?? group.name,
          description: pick(input.description, group.description, ""),
          saml_group_name: pick(input.samlGroupName, group.samlGroupName, ""),
          permissions: JSON.stringify(permissions),
          license_level:
            level !== undefined
              ? LICENSE_LEVELS[level]
              : mode === "replace"
                ? 0
                : group.licenseLevel,
          license_mode:
            licenseMode !== undefined
              ? LICENSE_MODES[licenseMode]
              : mode === "replace"
                ? 0
                : group.licenseMode,
          properties: JSON.stringify(pick(input.properties, group.properties, [])),
          external_ids: JSON.stringify(pick(input.externalIds, group.externalIds, [])),
          revision: group.revision + 1,
          updated_at: now(),
        })
        .where("id", "=", id)
        .where("revision", "=", group.revision)
        .executeTakeFirst()
        .then((result) => {
          // Another save landed between the read and this write.
          if (Number(result.numUpdatedRows) !== 1)
            throw new Problem("conflict", STALE_REVISION, { heading: "StaleRevision" });
        });
    });
  return (await findGroup(id))!;
}

/** Removes the group, its memberships and its entries in archive access lists. */
export async function deleteGroup(viewer: Viewer | null, id: number): Promise<Group> {
  const group = await getGroup(viewer, id);
  if (group.isBuiltIn) throw new Problem("forbidden", BUILT_IN_UNDELETABLE);
  await assertMayDelegate(viewer!, await rightsThroughGroups([id]));
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .deleteFrom("archive_members")
        .where("member_type", "=", "group")
        .where("member_id", "=", id)
        .execute();
      await trx.deleteFrom("group_members").where("group_id", "=", id).execute();
      await trx
        .deleteFrom("group_groups")
        .where((eb) => eb.or([eb("group_id", "=", id), eb("member_group_id", "=", id)]))
        .execute();
      await trx.deleteFrom("groups").where("id", "=", id).execute();
    });
  return group;
}

/** Changes only the group's custom properties or external ids (the reference's DELETEs). */
export async function removeGroupProperties(
  viewer: Viewer | null,
  id: number,
  key?: string,
): Promise<void> {
  const group = await changeableGroup(viewer, id);
  const kept =
    key === undefined
      ? []
      : group.properties.filter((p) => p.key.toLowerCase() !== key.toLowerCase());
  await saveFields(id, { properties: JSON.stringify(kept) });
}

export async function removeGroupExternalIds(
  viewer: Viewer | null,
  id: number,
  provider?: string,
): Promise<void> {
  const group = await changeableGroup(viewer, id);
  const kept =
    provider === undefined
      ? []
      : group.externalIds.filter((e) => e.provider.toLowerCase() !== provider.toLowerCase());
  await saveFields(id, { external_ids: JSON.stringify(kept) });
}

/** The group, when the viewer may change it: he holds every right it gives. */
async function changeableGroup(viewer: Viewer | null, id: number): Promise<Group> {
  const group = await getGroup(viewer, id);
  await assertMayDelegate(viewer!, await rightsThroughGroups([id]));
  return group;
}

async function saveFields(id: number, fields: { properties?: string; external_ids?: string }) {
  await db()
    .updateTable("groups")
    .set((eb) => ({ ...fields, revision: eb("revision", "+", 1), updated_at: now() }))
    .where("id", "=", id)
    .execute();
}

/* ---------------------------------------------------------------- members and member-of */

/** The groups inside a group, directly or through others (not the group itself). */
export async function groupsInside(groupId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive inside(id) as (
      select member_group_id as id from group_groups where group_id = ${groupId}
      union
      select gg.member_group_id from group_groups gg join inside i on gg.group_id = i.id
    )
    select id from inside`.execute(db());
  return rows.map((r) => Number(r.id));
}

export interface MemberUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  organization: string;
  licenseLevel: number;
  licenseMode: number;
  isEnabled: boolean;
  isSiteOwner: boolean;
  isGuest: boolean;
  expiresAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string | null;
  revision: number;
}

export interface MemberPage<T> {
  items: T[];
  count: number;
}

export interface MemberQuery {
  recursive?: boolean;
  /** One page of pageSize from page (0-based); everything when pageSize is absent. */
  page?: number;
  pageSize?: number;
  sortdir?: "asc" | "desc";
  q?: string;
}

/** The user ids whose membership reaches the group: the built-in groups hold every account. */
function memberUserQuery(group: Group, ids: readonly number[]) {
  let q = db().selectFrom("users");
  if (group.isRegisteredUsers) q = q.where("users.id", "!=", GUEST_USER_ID);
  else if (!group.isEveryone)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("group_members")
          .select("group_members.user_id")
          .whereRef("group_members.user_id", "=", "users.id")
          .where("group_members.group_id", "in", [...ids]),
      ),
    );
  return q;
}

/** The users in the group (directly, or also through the groups inside it). */
export async function userMembers(
  viewer: Viewer | null,
  id: number,
  query: MemberQuery = {},
): Promise<MemberPage<MemberUser>> {
  const group = await getGroup(viewer, id);
  const ids = query.recursive ? [id, ...(await groupsInside(id))] : [id];
  let matching = memberUserQuery(group, ids);
  if (query.q)
    matching = matching.where((eb) =>
      eb.or([
        containsText("username", query.q!),
        containsText("full_name", query.q!),
        containsText("email", query.q!),
      ]),
    );
  const { n } = await matching
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  let rows = matching.selectAll("users").orderBy("users.username_key", query.sortdir ?? "asc");
  if (query.pageSize) rows = rows.limit(query.pageSize).offset((query.page ?? 0) * query.pageSize);
  return {
    count: Number(n),
    items: (await rows.execute()).map((u) => ({
      id: u.id,
      username: u.username,
      firstName: u.first_name,
      lastName: u.last_name,
      fullName: u.full_name || u.username,
      email: u.email,
      organization: u.organization,
      licenseLevel: Number(u.license_level),
      licenseMode: Number(u.license_mode),
      isEnabled: Boolean(u.is_enabled),
      isSiteOwner: Boolean(u.is_site_owner),
      isGuest: u.id === GUEST_USER_ID,
      expiresAt: u.expires_at,
      lastLoginAt: u.last_login_at,
      createdAt: u.created_at,
      updatedAt: u.updated_at,
      revision: Number(u.revision),
    })),
  };
}

function pageOf<T>(items: T[], query: MemberQuery): MemberPage<T> {
  const sorted = query.sortdir === "desc" ? [...items].reverse() : items;
  if (!query.pageSize) return { items: sorted, count: items.length };
  const start = (query.page ?? 0) * query.pageSize;
  return { items: sorted.slice(start, start + query.pageSize), count: items.length };
}

const byName = (a: Group, b: Group) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id - b.id;

/** The groups inside the group (directly, or also through others). */
export async function groupMembers(
  viewer: Viewer | null,
  id: number,
  query: MemberQuery = {},
): Promise<MemberPage<Group>> {
  await getGroup(viewer, id);
  const ids = query.recursive
    ? await groupsInside(id)
    : (
        await db()
          .selectFrom("group_groups")
          .select("member_group_id")
          .where("group_id", "=", id)
          .execute()
      ).map((r) => r.member_group_id);
  return pageOf((await groupsByIds(ids)).sort(byName), query);
}

/** The groups the group is in (directly, or also through others); never the built-in ones. */
export async function memberOf(
  viewer: Viewer | null,
  id: number,
  query: MemberQuery = {},
): Promise<MemberPage<Group>> {
  await getGroup(viewer, id);
  const ids = query.recursive
    ? await groupsContaining(id)
    : (
        await db()
          .selectFrom("group_groups")
          .select("group_id")
          .where("member_group_id", "=", id)
          .execute()
      ).map((r) => r.group_id);
  return pageOf((await groupsByIds(ids)).sort(byName), query);
}

/** Groups whose name or description matches, for the editor's member-of and members search. */
export async function searchGroups(
  viewer: Viewer | null,
  q: string,
  exclude: readonly number[],
  limit = 20,
): Promise<Group[]> {
  const page = await listGroups(
    viewer,
    { q, sortfield: "name", sortdir: "asc", p: 0 },
    limit + exclude.length + 2,
  );
  const skip = new Set(exclude);
  return page.groups.filter((g) => !g.isBuiltIn && !skip.has(g.id)).slice(0, limit);
}

/** Accounts (never the guest) whose name or e-mail matches, for the add-users dialog. */
export async function searchUsers(
  viewer: Viewer | null,
  q: string,
  exclude: readonly number[],
  limit = 20,
): Promise<MemberUser[]> {
  await requirePeopleManager(viewer);
  const registered = await userMembers(viewer, REGISTERED_USERS_GROUP_ID, {
    q,
    pageSize: limit + exclude.length,
  });
  const skip = new Set(exclude);
  return registered.items.filter((u) => !skip.has(u.id)).slice(0, limit);
}

export interface MemberChange {
  add?: readonly number[];
  remove?: readonly number[];
}

async function editableGroup(viewer: Viewer | null, id: number): Promise<Group> {
  const group = await getGroup(viewer, id);
  if (group.isBuiltIn) throw new Problem("forbidden", BUILT_IN_MEMBERS);
  return group;
}

async function assertUsersExist(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await db()
        .selectFrom("users")
        .select("id")
        .where("id", "in", [...ids])
        .execute()
    ).map((r) => r.id),
  );
  const missing = ids.filter((id) => !found.has(id) || id === GUEST_USER_ID);
  if (missing.length > 0)
    throw new Problem(
      "invalid",
      keyed("people.refusal.noUsersToAdd", { ids: missing.slice(0, 5).join(", ") }),
    );
}

async function assertGroupsChoosable(ids: readonly number[]): Promise<void> {
  if (ids.some(isBuiltInGroup)) throw new Problem("invalid", BUILT_IN_CHOSEN);
  if (ids.length === 0) return;
  const found = new Set((await groupsByIds(ids)).map((g) => g.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new Problem(
      "invalid",
      keyed("people.refusal.noSuchGroups", { ids: missing.slice(0, 5).join(", ") }),
    );
}

const unique = (ids: readonly number[] | undefined) => [...new Set(ids ?? [])];

/**
 * Adds and removes user members, only the difference (spec 002 §4): an id both added and removed
 * is neither. Adding needs the manager to hold what the group gives.
 */
export async function changeUserMembers(
  viewer: Viewer | null,
  id: number,
  change: MemberChange,
): Promise<void> {
  const manager = await requirePeopleManager(viewer);
  await editableGroup(manager, id);
  const remove = unique(change.remove);
  const add = unique(change.add).filter((u) => !remove.includes(u));
  await assertUsersExist(add);
  // Adding gives what the group gives; removing takes from people all they hold through it.
  assertNotOwnMemberships(manager, [...add, ...remove]);
  await assertMayDelegate(manager, [
    ...(add.length > 0 ? [await rightsThroughGroups([id])] : []),
    ...(await Promise.all(remove.map((u) => rightsOfAccount(u)))),
  ]);
  await db()
    .transaction()
    .execute(async (trx) => {
      if (remove.length > 0)
        await trx
          .deleteFrom("group_members")
          .where("group_id", "=", id)
          .where("user_id", "in", remove)
          .execute();
      if (add.length === 0) return;
      const held = new Set(
        (
          await trx
            .selectFrom("group_members")
            .select("user_id")
            .where("group_id", "=", id)
            .where("user_id", "in", add)
            .execute()
        ).map((r) => r.user_id),
      );
      const missing = add.filter((u) => !held.has(u));
      if (missing.length > 0)
        await trx
          .insertInto("group_members")
          .values(missing.map((user_id) => ({ group_id: id, user_id })))
          .execute();
    });
}

/** Replaces the user members with exactly these (the reference's PUT). */
export async function replaceUserMembers(
  viewer: Viewer | null,
  id: number,
  userIds: readonly number[],
): Promise<void> {
  await editableGroup(viewer, id);
  const current = (
    await db().selectFrom("group_members").select("user_id").where("group_id", "=", id).execute()
  ).map((r) => r.user_id);
  const wanted = unique(userIds);
  await changeUserMembers(viewer, id, {
    add: wanted.filter((u) => !current.includes(u)),
    remove: current.filter((u) => !wanted.includes(u)),
  });
}

/** Adds and removes edges "outer contains inner", refusing a cycle with 409. */
async function changeEdges(
  manager: Viewer,
  edges: { add: [number, number][]; remove: [number, number][] },
  circular: string,
): Promise<void> {
  // An edge gives the outer group's rights to the inner one's members and changes both groups.
  const touched = [...new Set([...edges.add, ...edges.remove].flat())];
  await assertMayDelegate(manager, await Promise.all(touched.map((g) => rightsThroughGroups([g]))));
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const [outer, inner] of edges.remove)
        await trx
          .deleteFrom("group_groups")
          .where("group_id", "=", outer)
          .where("member_group_id", "=", inner)
          .execute();
      for (const [outer, inner] of edges.add) {
        // A cycle: the inner group already holds the outer one (or is it).
        const { rows } = await sql<{ id: number }>`
          with recursive inside(id) as (
            select member_group_id as id from group_groups where group_id = ${inner}
            union
            select gg.member_group_id from group_groups gg join inside i on gg.group_id = i.id
          )
          select id from inside where id = ${outer}`.execute(trx);
        if (outer === inner || rows.length > 0)
          throw new Problem("conflict", keyed("people.refusal.circular", { code: circular }), {
            heading: circular === CIRCULAR_MEMBERS ? "CircularGroupMembers" : "CircularMemberOf",
          });
        const exists = await trx
          .selectFrom("group_groups")
          .select("group_id")
          .where("group_id", "=", outer)
          .where("member_group_id", "=", inner)
          .executeTakeFirst();
        if (!exists)
          await trx
            .insertInto("group_groups")
            .values({ group_id: outer, member_group_id: inner })
            .execute();
      }
    });
}

/**
 * A group's edges to other groups, seen from the group: "members" are the groups it contains
 * (edges group → other), "memberOf" the groups that contain it (edges other → group).
 */
export type GroupEdgeDirection = "members" | "memberOf";

const EDGES = {
  members: {
    edge: (id: number, other: number): [number, number] => [id, other],
    self: "group_id",
    other: (row: { group_id: number; member_group_id: number }) => row.member_group_id,
    circular: CIRCULAR_MEMBERS,
  },
  memberOf: {
    edge: (id: number, other: number): [number, number] => [other, id],
    self: "member_group_id",
    other: (row: { group_id: number; member_group_id: number }) => row.group_id,
    circular: CIRCULAR_MEMBER_OF,
  },
} as const;

/**
 * Adds and removes a group's group members, or the groups it is a member of (only the
 * difference): an id both added and removed is neither. Every edge changed passes the delegation
 * check of `changeEdges`; a built-in group is never added either way, nor is a group taken out of
 * one (their members are everyone, or every registered user).
 */
export async function changeGroupEdges(
  viewer: Viewer | null,
  id: number,
  direction: GroupEdgeDirection,
  change: MemberChange,
): Promise<void> {
  const manager = await requirePeopleManager(viewer);
  await editableGroup(manager, id);
  const remove = unique(change.remove);
  const add = unique(change.add).filter((g) => !remove.includes(g));
  if (direction === "memberOf" && remove.some(isBuiltInGroup))
    throw new Problem("invalid", BUILT_IN_CHOSEN);
  await assertGroupsChoosable(add);
  const { edge, circular } = EDGES[direction];
  await changeEdges(
    manager,
    { add: add.map((g) => edge(id, g)), remove: remove.map((g) => edge(id, g)) },
    circular,
  );
}

/** Replaces a group's group members, or the groups it is a member of, with exactly these. */
export async function replaceGroupEdges(
  viewer: Viewer | null,
  id: number,
  direction: GroupEdgeDirection,
  groupIds: readonly number[],
): Promise<void> {
  await editableGroup(viewer, id);
  const { self, other } = EDGES[direction];
  const current = (
    await db()
      .selectFrom("group_groups")
      .select(["group_id", "member_group_id"])
      .where(self, "=", id)
      .execute()
  ).map(other);
  const wanted = unique(groupIds);
  await changeGroupEdges(viewer, id, direction, {
    add: wanted.filter((g) => !current.includes(g)),
    remove: current.filter((g) => !wanted.includes(g)),
  });
}
