import type { Migration } from "kysely";
import { idColumn, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * Path archives (issue 16, decision 042): an archive whose files stay in a folder on the server.
 * `indexed_files` is what the scanner last saw of each file (its place below the archive's
 * folder, size, modification time, device and inode, content hash); a revision of such an asset
 * names its indexed file instead of owning a blob of its own. `archive_scans` holds one row per
 * path archive: the lease that keeps two scans of one archive from running at once, and the last
 * scan's job. Stat values are text: nanosecond times and inode numbers overflow a double.
 */

export function pathArchives(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("indexed_files")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("archive_id", "integer", (c) =>
          c.notNull().references("archives.id").onDelete("cascade"),
        )
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("mtime", "text", (c) => c.notNull())
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("inode", "text", (c) => c.notNull())
        .addColumn("hash", "text")
        .addColumn("asset_id", "integer", (c) => c.references("assets.id").onDelete("set null"))
        .addColumn("failure", "text")
        .addColumn("missing_since", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("indexed_files_archive_path", ["archive_id", "path"])
        .execute();
      await db.schema
        .createIndex("indexed_files_asset")
        .on("indexed_files")
        .column("asset_id")
        .execute();
      await db.schema
        .alterTable("revisions")
        .addColumn("indexed_file_id", "integer", (c) =>
          c.references("indexed_files.id").onDelete("set null"),
        )
        .execute();
      await db.schema
        .createTable("archive_scans")
        .addColumn("archive_id", "integer", (c) =>
          c.primaryKey().references("archives.id").onDelete("cascade"),
        )
        .addColumn("job_id", "integer")
        .addColumn("lease_expires_at", "text")
        .addColumn("last_job_id", "integer")
        .addColumn("last_finished_at", "text")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("archive_scans").execute();
      await db.schema.alterTable("revisions").dropColumn("indexed_file_id").execute();
      await db.schema.dropTable("indexed_files").execute();
    },
  };
}
