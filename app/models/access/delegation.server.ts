import { db } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import { archiveAccess, memberEntriesOfPrincipals } from "~/models/archive/archive.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import {
  CAPABILITIES,
  grantedCapabilities,
  parseGroupPermissions,
  type Capability,
} from "~/models/group/group.schema";
import {
  capabilitiesFromGroups,
  groupsContaining,
  groupsOfUser,
} from "~/models/group/membership.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import type { Decision } from "./access.server";

/*
 * The delegation rule (decision 071): no one gives a right he does not hold, by any path. A right
 * is a capability (a group flag) or a permission in an archive, with the search filter that
 * narrows it. Every path that gives or takes rights weighs what it touches as Rights and asks
 * delegationDecision: an application's user, an invitation's and an approval's groups, a
 * group's members and member-of, a group's or a person's edit, removal, disabling or deletion.
 * Only the site owner is above it. Whoever holds no more than the manager cannot be used to
 * gain more, and whoever holds more cannot be taken over (his password reset, his account
 * deleted) nor stripped by someone below him.
 */

/** Per archive, the filters each permission is held under; null when held unfiltered. */
type ArchiveRights = Map<number, Map<ArchivePermission, string[] | null>>;

export interface Rights {
  /** The site owner's: every right, everywhere. */
  all: boolean;
  capabilities: ReadonlySet<Capability>;
  archives: ArchiveRights;
}

const ALL_RIGHTS: Rights = { all: true, capabilities: new Set(CAPABILITIES), archives: new Map() };

function addEntry(
  archives: ArchiveRights,
  entry: { archiveId: number; permissions: ArchivePermission[]; autoSearch: string },
) {
  const held = archives.get(entry.archiveId) ?? new Map<ArchivePermission, string[] | null>();
  for (const permission of entry.permissions) {
    const known = held.has(permission) ? held.get(permission)! : [];
    held.set(
      permission,
      known === null || entry.autoSearch === "" ? null : [...known, entry.autoSearch],
    );
  }
  archives.set(entry.archiveId, held);
}

async function capabilitiesOfGroups(groupIds: readonly number[]): Promise<Set<Capability>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db()
    .selectFrom("groups")
    .select("permissions")
    .where("id", "in", [...groupIds])
    .execute();
  return new Set(rows.flatMap((r) => grantedCapabilities(parseGroupPermissions(r.permissions))));
}

async function rightsOfPrincipals(userIds: number[], groupIds: number[]): Promise<Rights> {
  const [capabilities, entries] = await Promise.all([
    capabilitiesOfGroups(groupIds),
    memberEntriesOfPrincipals({ userIds, groupIds }),
  ]);
  const archives: ArchiveRights = new Map();
  for (const entry of entries) addEntry(archives, entry);
  return { all: false, capabilities, archives };
}

/** What the viewer holds: every right of the site owner, else his groups' and his entries'. */
export async function rightsHeldBy(viewer: Viewer): Promise<Rights> {
  if (viewer.isSiteOwner) return ALL_RIGHTS;
  const [capabilities, access] = await Promise.all([
    capabilitiesFromGroups(viewer),
    archiveAccess(viewer),
  ]);
  const archives: ArchiveRights = new Map();
  for (const [id, a] of access) archives.set(id, new Map(a.filtersOf));
  return { all: false, capabilities, archives };
}

/** What a person holds (the one an application acts as, or one being changed or removed). */
export async function rightsOfAccount(userId: number): Promise<Rights> {
  const row = await db()
    .selectFrom("users")
    .select("is_site_owner")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return { all: false, capabilities: new Set(), archives: new Map() };
  if (row.is_site_owner === 1) return ALL_RIGHTS;
  const groups = await groupsOfUser({ id: userId, isGuest: userId === GUEST_USER_ID });
  return rightsOfPrincipals([userId], groups);
}

/**
 * What membership of these groups gives: their flags and archive entries, and those of every
 * group they are inside, since a member of a group is a member of the groups holding it.
 */
export async function rightsThroughGroups(groupIds: readonly number[]): Promise<Rights> {
  const around = await Promise.all(groupIds.map((id) => groupsContaining(id)));
  const groups = [...new Set([...groupIds, ...around.flat()])];
  return rightsOfPrincipals([], groups);
}

/** Rights made of capabilities alone (a group's flags about to be turned on). */
export const capabilityRights = (capabilities: Iterable<Capability>): Rights => ({
  all: false,
  capabilities: new Set(capabilities),
  archives: new Map(),
});

/** Is a permission held under these filters covered by one held under those? */
function covers(held: string[] | null | undefined, wanted: string[] | null): boolean {
  if (held === undefined) return false;
  if (held === null) return true;
  if (wanted === null) return false;
  return wanted.every((filter) => held.includes(filter));
}

/** The rights in `wanted` that `held` lacks: capability names, and whether archive access is. */
export function lacking(
  held: Rights,
  wanted: Rights,
): { capabilities: Capability[]; archiveAccess: boolean } {
  if (held.all) return { capabilities: [], archiveAccess: false };
  if (wanted.all)
    return {
      capabilities: CAPABILITIES.filter((c) => !held.capabilities.has(c)),
      archiveAccess: true,
    };
  const capabilities = [...wanted.capabilities].filter((c) => !held.capabilities.has(c)).sort();
  let archiveAccess = false;
  for (const [archiveId, permissions] of wanted.archives) {
    const mine = held.archives.get(archiveId);
    for (const [permission, filters] of permissions)
      if (!covers(mine?.get(permission), filters)) archiveAccess = true;
  }
  return { capabilities, archiveAccess };
}

export const GRANT_REFUSAL = keyed("people.refusal.grant");

/**
 * The refusal's words: what was refused (`reason`, keyed), then what is lacking: capability ids
 * as the API names them, archive access named only as such (no archive's name leaks).
 */
function describe(
  reason: string,
  missing: { capabilities: Capability[]; archiveAccess: boolean },
): string {
  const capabilities = missing.capabilities.join(", ");
  if (!missing.archiveAccess) return keyed("people.refusal.lacking", { reason, capabilities });
  return capabilities
    ? keyed("people.refusal.lackingBoth", { reason, capabilities })
    : keyed("people.refusal.lackingArchiveAccess", { reason });
}

/**
 * The one delegation rule: may the viewer give, change or take away what `touched` holds? The
 * site owner may; anyone else only when he holds every one of those rights himself. `refusal`
 * says what was refused; the rights lacking are named after it.
 */
export async function delegationDecision(
  viewer: Viewer,
  touched: Rights | readonly Rights[],
  refusal: string = GRANT_REFUSAL,
): Promise<Decision<Viewer>> {
  if (viewer.isSiteOwner) return { allowed: true, value: viewer };
  const held = await rightsHeldBy(viewer);
  const capabilities = new Set<Capability>();
  let archiveAccess = false;
  for (const rights of Array.isArray(touched) ? touched : [touched as Rights]) {
    const missing = lacking(held, rights);
    for (const c of missing.capabilities) capabilities.add(c);
    archiveAccess ||= missing.archiveAccess;
  }
  if (capabilities.size === 0 && !archiveAccess) return { allowed: true, value: viewer };
  return {
    allowed: false,
    problem: new Problem(
      "forbidden",
      describe(refusal, { capabilities: [...capabilities].sort(), archiveAccess }),
    ),
  };
}

/**
 * May the viewer let a program act as this account? Only as himself, or as someone whose every
 * right he holds: a token would otherwise carry rights its registrar does not.
 */
export async function mayActAs(viewer: Viewer, userId: number): Promise<boolean> {
  if (viewer.id === userId) return true;
  return (await delegationDecision(viewer, await rightsOfAccount(userId))).allowed;
}

/** delegationDecision, throwing its Problem when refused. */
export async function assertMayDelegate(
  viewer: Viewer,
  touched: Rights | readonly Rights[],
  refusal?: string,
): Promise<void> {
  const decision = await delegationDecision(viewer, touched, refusal);
  if (!decision.allowed) throw decision.problem;
}

export const OWN_MEMBERSHIPS = keyed("people.refusal.ownMemberships");

/**
 * Nobody but the site owner changes his own memberships, by whichever list: through a group's
 * member list as through his own member-of, he would otherwise pick his rights himself.
 */
export function assertNotOwnMemberships(viewer: Viewer, userIds: readonly number[]): void {
  if (!viewer.isSiteOwner && userIds.includes(viewer.id))
    throw new Problem("forbidden", OWN_MEMBERSHIPS);
}

/**
 * Does this account, as it is now, still hold every one of these rights? For what one person
 * set up and another completes later (an invitation redeemed after its sender lost a right):
 * a sender who is gone or disabled holds nothing.
 */
export async function accountStillHolds(
  accountId: number | null,
  touched: Rights | readonly Rights[],
): Promise<boolean> {
  if (accountId === null) return false;
  const row = await db()
    .selectFrom("users")
    .select("is_enabled")
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!row || row.is_enabled !== 1) return false;
  const held = await rightsOfAccount(accountId);
  return (Array.isArray(touched) ? touched : [touched as Rights]).every((rights) => {
    const missing = lacking(held, rights);
    return missing.capabilities.length === 0 && !missing.archiveAccess;
  });
}
