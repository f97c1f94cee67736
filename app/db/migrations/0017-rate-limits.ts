import type { Migration } from "kysely";
import type { AnyDb, MigrationDialect } from "./helpers";

/*
 * Rate limits shared by every process (issue 29, decision 068): one row per key and fixed
 * window, counted up with an upsert, so N web processes allow the limit once, not N times.
 * expires_at (ISO text, as every time here) lets old windows be swept.
 */
export function rateLimits(_dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("rate_limit_hits")
        .addColumn("key", "text", (c) => c.notNull())
        // The window's number: the time divided by the limiter's window length.
        .addColumn("window_number", "integer", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("rate_limit_hits_pk", ["key", "window_number"])
        .execute();
      await db.schema
        .createIndex("rate_limit_hits_expiry")
        .on("rate_limit_hits")
        .column("expires_at")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("rate_limit_hits").execute();
    },
  };
}
