import type { Migration } from "kysely";
import { idColumn, type AnyDb, type MigrationDialect } from "./helpers";

export function jobs(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("jobs")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("result", "text")
        .addColumn("error", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_attempts", "integer", (c) => c.notNull().defaultTo(3))
        .addColumn("run_after", "text", (c) => c.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_expires_at", "text")
        .addColumn("owner_id", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("jobs_status_run_after")
        .on("jobs")
        .columns(["status", "run_after"])
        .execute();
      await db.schema.createIndex("jobs_owner").on("jobs").column("owner_id").execute();
    },
  };
}
