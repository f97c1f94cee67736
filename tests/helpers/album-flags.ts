import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";

/** Sets album rights (create, share, public links …) on Registered Users, keeping the others. */
export async function setAlbumFlags(flags: Record<string, boolean>) {
  const row = await db()
    .selectFrom("groups")
    .select("permissions")
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .executeTakeFirstOrThrow();
  const permissions = JSON.parse(row.permissions) as { albums?: Record<string, boolean> };
  await db()
    .updateTable("groups")
    .set({
      permissions: JSON.stringify({ ...permissions, albums: { ...permissions.albums, ...flags } }),
    })
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .execute();
}
