import type { Migration } from "kysely";
import { idColumn, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * Programs (issue 14, decision 028): the applications an administrator registers, and every
 * credential issued to them (OAuth2 access and refresh tokens, authorization codes, API tokens),
 * each kept only as the SHA-256 of its value.
 */
export function applications(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("applications")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("client_id", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("secret_hash", "text", (c) => c.notNull())
        .addColumn("grants", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("redirect_uris", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("oauth_credentials")
        .addColumn("hash", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("application_id", "integer", (c) =>
          c.notNull().references("applications.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("scope", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("expires_at", "text")
        .addColumn("redirect_uri", "text")
        .addColumn("code_challenge", "text")
        .addColumn("code_challenge_method", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("oauth_credentials_application")
        .on("oauth_credentials")
        .columns(["application_id", "kind"])
        .execute();
      await db.schema
        .createIndex("oauth_credentials_expiry")
        .on("oauth_credentials")
        .column("expires_at")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("oauth_credentials").execute();
      await db.schema.dropTable("applications").execute();
    },
  };
}
