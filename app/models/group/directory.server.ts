import { sql } from "kysely";
import { db } from "~/db/connection.server";
import { containsText } from "~/db/like";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { requirePeopleDirectory } from "~/models/access/access.server";
import type { Viewer } from "~/models/user/user.schema";
import type {
  DirectoryGroup,
  DirectoryUser,
  GroupDirectoryQuery,
  UserDirectoryQuery,
} from "./directory.schema";

/*
 * The people directory (decision 039): every user and group as a picker shows them, searched,
 * sorted and paged. Only the access module's peopleDirectoryDecision opens it.
 */

export interface DirectoryRows<T> {
  rows: T[];
  count: number;
  /** 0-based page, clamped to the last one, and the number of pages (at least 1). */
  page: number;
  pages: number;
}

/** A user's name as people read it: the full name, or the username when there is none. */
const userDisplayName = sql<string>`coalesce(nullif(full_name, ''), username)`;

async function pageOf<T>(
  count: number,
  query: { p: number; n: number },
  read: (limit: number, offset: number) => Promise<T[]>,
): Promise<DirectoryRows<T>> {
  const pages = Math.max(1, Math.ceil(count / query.n));
  const page = Math.min(query.p, pages - 1);
  return { rows: await read(query.n, page * query.n), count, page, pages };
}

export async function userDirectory(
  viewer: Viewer | null,
  query: UserDirectoryQuery,
): Promise<DirectoryRows<DirectoryUser>> {
  const scope = await requirePeopleDirectory(viewer);
  const searched =
    scope === "full"
      ? ["username", "full_name", "organization", "description"]
      : ["username", "full_name"];
  const matching = () => {
    let q = db().selectFrom("users");
    if (query.disableGuest || scope === "picker") q = q.where("id", "!=", GUEST_USER_ID);
    if (scope === "picker") q = q.where("is_enabled", "=", 1);
    if (query.q)
      q = q.where((eb) => eb.or(searched.map((column) => containsText(column, query.q))));
    return q;
  };
  const { n } = await matching()
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const column = (field: string) =>
    field === "id"
      ? sql`id`
      : scope === "picker"
        ? sql`lower(${userDisplayName})`
        : field === "organization"
          ? sql`lower(organization)`
          : field === "description"
            ? sql`lower(description)`
            : sql`lower(${userDisplayName})`;
  return pageOf(Number(n), query, async (limit, offset) => {
    let q = matching()
      .select(["id", "organization", "description"])
      .select(userDisplayName.as("name"));
    for (const s of query.sortfields) q = q.orderBy(column(s.field), s.direction);
    // The id last keeps pages stable when names repeat.
    const rows = await q.orderBy("id").limit(limit).offset(offset).execute();
    return rows.map((r) => ({
      id: r.id,
      displayName: r.name,
      organization: scope === "full" ? r.organization : "",
      description: scope === "full" ? r.description : "",
    }));
  });
}

export async function groupDirectory(
  viewer: Viewer | null,
  query: GroupDirectoryQuery,
): Promise<DirectoryRows<DirectoryGroup>> {
  await requirePeopleDirectory(viewer);
  const matching = () => {
    let q = db().selectFrom("groups");
    if (query.disableGuest) q = q.where("id", "!=", EVERYONE_GROUP_ID);
    if (query.disableRegisteredUsers) q = q.where("id", "!=", REGISTERED_USERS_GROUP_ID);
    if (query.q)
      q = q.where((eb) =>
        eb.or([containsText("name", query.q), containsText("description", query.q)]),
      );
    return q;
  };
  const { n } = await matching()
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const column = (field: string) =>
    field === "id" ? sql`id` : field === "description" ? sql`lower(description)` : sql`lower(name)`;
  return pageOf(Number(n), query, async (limit, offset) => {
    let q = matching().select(["id", "name", "description"]);
    for (const s of query.sortfields) q = q.orderBy(column(s.field), s.direction);
    const rows = await q.orderBy("id").limit(limit).offset(offset).execute();
    return rows.map((r) => ({ id: r.id, displayName: r.name, description: r.description }));
  });
}
