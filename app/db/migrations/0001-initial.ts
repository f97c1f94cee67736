import type { Migration } from "kysely";
import { idColumn, restartIdentity, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * Users, groups, sessions and site settings, with the built-in rows. The built-in ids are written
 * out rather than imported from the schema: this migration must insert what it inserted the day
 * it first ran.
 */
const EVERYONE_GROUP_ID = 10000;
const REGISTERED_USERS_GROUP_ID = 10001;
const GUEST_USER_ID = 15000;
const GUEST_USERNAME = "Guest";

export function initial(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      const created = new Date().toISOString();
      await db.schema
        .createTable("users")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("username_key", "text", (c) => c.notNull().unique())
        .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("full_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("password_hash", "text")
        .addColumn("is_site_owner", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("force_password_change", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("preferences", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_login_at", "text")
        .execute();

      await db.schema
        .createTable("groups")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("group_members")
        .addColumn("group_id", "integer", (c) =>
          c.notNull().references("groups.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addPrimaryKeyConstraint("group_members_pk", ["group_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("group_members_user")
        .on("group_members")
        .column("user_id")
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("site_settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();

      await db
        .insertInto("groups")
        .values([
          {
            id: EVERYONE_GROUP_ID,
            name: "Everyone",
            description: "Every visitor, guests included",
            created_at: created,
          },
          {
            id: REGISTERED_USERS_GROUP_ID,
            name: "Registered Users",
            description: "Every signed-in user",
            created_at: created,
          },
        ])
        .execute();
      await restartIdentity(db, dialect, "groups", REGISTERED_USERS_GROUP_ID + 1);

      await db
        .insertInto("users")
        .values({
          id: GUEST_USER_ID,
          username: GUEST_USERNAME,
          username_key: GUEST_USERNAME.toLowerCase(),
          full_name: "Guest",
          password_hash: null,
          created_at: created,
        })
        .execute();
      await restartIdentity(db, dialect, "users", GUEST_USER_ID + 1);
    },
  };
}
