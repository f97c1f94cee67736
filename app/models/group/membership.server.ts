import type { Kysely, Transaction } from "kysely";
import { db } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID, type Database } from "~/db/schema";
import { perRequest } from "~/utils/request-scope.server";
import { grantedCapabilities, parseGroupPermissions, type Capability } from "./group.schema";

/*
 * Membership is transitive (issue 15): a user is a member of the groups that hold them, of the
 * groups holding those, and so on; everyone is in Everyone, every account but the guest in
 * Registered Users. One recursive query answers it on both databases; UNION (not UNION ALL)
 * stops at a group already reached, so even a cycle that slipped in cannot loop.
 */
export function groupsOfUser(user: { id: number; isGuest: boolean }): Promise<number[]> {
  return perRequest(`groupsOfUser:${user.id}`, async () => {
    const implicit = user.isGuest
      ? [EVERYONE_GROUP_ID]
      : [EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID];
    const rows = await db()
      .withRecursive("closure(id)", (qb) =>
        qb
          .selectFrom("group_members")
          .select("group_id as id")
          .where("user_id", "=", user.id)
          .union(qb.selectFrom("groups").select("id").where("id", "in", implicit))
          .union(
            qb
              .selectFrom("group_groups")
              .innerJoin("closure", "closure.id", "group_groups.member_group_id")
              .select("group_groups.group_id as id"),
          ),
      )
      .selectFrom("closure")
      .select("id")
      .execute();
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  });
}

/** The groups a group is inside, directly or through others (not the group itself). */
export async function groupsContaining(groupId: number): Promise<number[]> {
  const rows = await db()
    .withRecursive("closure(id)", (qb) =>
      qb
        .selectFrom("group_groups")
        .select("group_id as id")
        .where("member_group_id", "=", groupId)
        .union(
          qb
            .selectFrom("group_groups")
            .innerJoin("closure", "closure.id", "group_groups.member_group_id")
            .select("group_groups.group_id as id"),
        ),
    )
    .selectFrom("closure")
    .select("id")
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The union of the flags of every group the user is in, transitively. */
export function capabilitiesFromGroups(user: {
  id: number;
  isGuest: boolean;
}): Promise<ReadonlySet<Capability>> {
  return perRequest(`capabilitiesOf:${user.id}`, async () => {
    const ids = await groupsOfUser(user);
    const rows = await db()
      .selectFrom("groups")
      .select("permissions")
      .where("id", "in", ids)
      .execute();
    return new Set(rows.flatMap((r) => grantedCapabilities(parseGroupPermissions(r.permissions))));
  });
}

/**
 * Makes a user a member of these groups (an invitation's, a sign-up approval's, the editor's),
 * skipping the implicit built-in groups and memberships already held. Runs in the caller's
 * transaction when given one, so an account and its groups are created together or not at all.
 */
export async function joinGroups(
  userId: number,
  groupIds: readonly number[],
  executor: Kysely<Database> | Transaction<Database> = db(),
): Promise<void> {
  const wanted = [...new Set(groupIds)].filter(
    (id) => id !== EVERYONE_GROUP_ID && id !== REGISTERED_USERS_GROUP_ID,
  );
  if (wanted.length === 0) return;
  const held = new Set(
    (
      await executor
        .selectFrom("group_members")
        .select("group_id")
        .where("user_id", "=", userId)
        .where("group_id", "in", wanted)
        .execute()
    ).map((r) => r.group_id),
  );
  const missing = wanted.filter((id) => !held.has(id));
  if (missing.length === 0) return;
  await executor
    .insertInto("group_members")
    .values(missing.map((group_id) => ({ group_id, user_id: userId })))
    .execute();
}
