import { sql, type Migration } from "kysely";
import { idColumn, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * Organize and follow (issue 19, decision 058). A taxonomy is a tree of terms kept per metadata
 * field; its items are ordered by REAL positions as albums' are, carry an ACL (Navigate, Query,
 * Set) and a value that is what the field stores. Smart folders are named search expressions of
 * one archive, in a manual order. An alert is one person's saved search on one archive, fired at
 * its interval; alert_reports remembers what each alert has mailed, so nothing is reported twice,
 * and checked_until is the end of the last window a run finished, so a restart misses nothing.
 */
export function organize(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      const real = dialect === "postgres" ? "double precision" : "real";
      await db.schema
        .createTable("taxonomies")
        // No reference to metadata_fields: built-in fields (25 Keywords, ...) are not rows there.
        .addColumn("field_id", "integer", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("plural_name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("taxonomy_items")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("field_id", "integer", (c) =>
          c.notNull().references("taxonomies.field_id").onDelete("cascade"),
        )
        // Null at the root; deleting an item deletes its subtree.
        .addColumn("parent_id", "integer", (c) =>
          c.references("taxonomy_items.id").onDelete("cascade"),
        )
        .addColumn("name", "text", (c) => c.notNull())
        // What the field stores and searches find (stored as text, never as markup).
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        // A search expression used instead of field:value when set.
        .addColumn("custom_search", "text", (c) => c.notNull().defaultTo(""))
        // Comma-separated subset of Navigate,Query,Set,Hint.
        .addColumn("acl", "text", (c) => c.notNull().defaultTo("Navigate,Query,Set"))
        .addColumn("position", sql.raw(real), (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("taxonomy_items_tree")
        .on("taxonomy_items")
        .columns(["field_id", "parent_id", "position"])
        .execute();
      await db.schema
        .createIndex("taxonomy_items_value")
        .on("taxonomy_items")
        .columns(["field_id", "value"])
        .execute();

      await db.schema
        .createTable("smart_folders")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("archive_id", "integer", (c) =>
          c.notNull().references("archives.id").onDelete("cascade"),
        )
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("expression", "text", (c) => c.notNull())
        .addColumn("position", sql.raw(real), (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("smart_folders_order")
        .on("smart_folders")
        .columns(["archive_id", "position"])
        .execute();

      await db.schema
        .createTable("alerts")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("archive_id", "integer", (c) =>
          c.notNull().references("archives.id").onDelete("cascade"),
        )
        // immediate, every_hour, every_6_hours, every_day, every_week, every_month.
        .addColumn("interval", "text", (c) => c.notNull())
        .addColumn("search_string", "text", (c) => c.notNull())
        // The end of the last window a run finished: assets that arrived or changed after it
        // are the next run's candidates.
        .addColumn("checked_until", "text", (c) => c.notNull())
        // When the next run is due (checked_until plus the interval).
        .addColumn("next_run_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("alerts_user").on("alerts").column("user_id").execute();
      await db.schema.createIndex("alerts_due").on("alerts").column("next_run_at").execute();

      await db.schema
        .createTable("alert_reports")
        .addColumn("alert_id", "integer", (c) =>
          c.notNull().references("alerts.id").onDelete("cascade"),
        )
        .addColumn("asset_id", "integer", (c) =>
          c.notNull().references("assets.id").onDelete("cascade"),
        )
        .addColumn("reported_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("alert_reports_pk", ["alert_id", "asset_id"])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        "alert_reports",
        "alerts",
        "smart_folders",
        "taxonomy_items",
        "taxonomies",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
