import type { Migration } from "kysely";
import { idColumn, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * The trash can (issue 16, decision 043). Deleting an archive keeps everything it held for a
 * number of days: its row stays, marked with the trash entry and with its name freed, and so do
 * its assets, each marked too, so nothing is copied and a restore is a matter of clearing marks.
 * Assets carry their own mark so single assets can be thrown away the same way later (issue 17):
 * they keep archive and folder, which is where they came from.
 */
export function trashCan(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("trash_entries")
        .addColumn("id", "integer", idColumn(dialect))
        // "archive": a deleted archive with its assets; "assets": assets deleted one by one.
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("archive_id", "integer", (c) => c.notNull())
        // The archive's name when it was deleted: what the trash page shows and a restore takes.
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("asset_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("deleted_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("deleted_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("trash_entries_expires")
        .on("trash_entries")
        .column("expires_at")
        .execute();
      await db.schema.alterTable("archives").addColumn("trash_id", "integer").execute();
      await db.schema.alterTable("assets").addColumn("trash_id", "integer").execute();
      await db.schema.createIndex("assets_trash").on("assets").column("trash_id").execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("assets_trash").execute();
      await db.schema.alterTable("assets").dropColumn("trash_id").execute();
      await db.schema.alterTable("archives").dropColumn("trash_id").execute();
      await db.schema.dropTable("trash_entries").execute();
    },
  };
}
