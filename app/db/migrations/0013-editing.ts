import type { Migration } from "kysely";
import type { AnyDb, MigrationDialect } from "./helpers";

/*
 * Editing (issue 17, decision 044). Background tasks keep one row per asset they act on
 * (task_items): the row is what makes a task idempotent (an item done is never applied again
 * after a crash) and what its per-asset results, its progress and its undo read. Revisions say
 * what made them and which task, and carry the state of writing their metadata into the file.
 */
export function editing(_dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("task_items")
        .addColumn("job_id", "integer", (c) =>
          c.notNull().references("jobs.id").onDelete("cascade"),
        )
        .addColumn("seq", "integer", (c) => c.notNull())
        // The href as the request named it, so a result names even an asset that never resolved.
        .addColumn("href", "text", (c) => c.notNull())
        .addColumn("asset_id", "integer")
        // JSON text: what the request said for this asset alone (a rename's new name, a copied
        // revision's number); null when nothing.
        .addColumn("params", "text")
        // pending, done, failed (refused or an error; `error` says which), skipped.
        .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
        // JSON text: the per-asset result the task status shows.
        .addColumn("result", "text")
        .addColumn("error", "text")
        // The asset's current revision number before and after this item, for undo.
        .addColumn("before_revision", "integer")
        .addColumn("after_revision", "integer")
        // An asset the item made (duplicate, copy) or where it went (move), for undo.
        .addColumn("result_asset_id", "integer")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("task_items_pk", ["job_id", "seq"])
        .execute();
      await db.schema
        .createIndex("task_items_status")
        .on("task_items")
        .columns(["job_id", "status"])
        .execute();
      // upload, edit, rename, rotate, rollback, duplicate, copy, move.
      await db.schema
        .alterTable("revisions")
        .addColumn("kind", "text", (c) => c.notNull().defaultTo("upload"))
        .execute();
      await db.schema.alterTable("revisions").addColumn("job_id", "integer").execute();
      // none (nothing to write), pending, done (in the file), sidecar, failed.
      await db.schema
        .alterTable("revisions")
        .addColumn("writeback", "text", (c) => c.notNull().defaultTo("none"))
        .execute();
      await db.schema.alterTable("revisions").addColumn("sidecar_hash", "text").execute();
      await db.schema.alterTable("revisions").addColumn("writeback_error", "text").execute();
      // The file's displayed size and placeholder, so a rollback to another file shows its own.
      await db.schema.alterTable("revisions").addColumn("width", "integer").execute();
      await db.schema.alterTable("revisions").addColumn("height", "integer").execute();
      await db.schema.alterTable("revisions").addColumn("placeholder", "text").execute();
    },
    async down(db: AnyDb) {
      for (const column of [
        "placeholder",
        "height",
        "width",
        "writeback_error",
        "sidecar_hash",
        "writeback",
        "job_id",
        "kind",
      ])
        await db.schema.alterTable("revisions").dropColumn(column).execute();
      await db.schema.dropIndex("task_items_status").execute();
      await db.schema.dropTable("task_items").execute();
    },
  };
}
