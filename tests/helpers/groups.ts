import { db } from "~/db/connection.server";

/** A group made straight in the database, with these site permissions; its id. */
export async function insertGroup(name: string, permissions: object = {}): Promise<number> {
  const row = await db()
    .insertInto("groups")
    .values({
      name,
      created_at: new Date().toISOString(),
      permissions: JSON.stringify(permissions),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
