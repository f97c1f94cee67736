import type { Migration } from "kysely";
import type { AnyDb, MigrationDialect } from "./helpers";

/*
 * Archive administration (issue 16): a revision on each archive, so two administrators saving the
 * same archive cannot silently overwrite each other, and the configuration lists the archive
 * dialog picks from (spec 001 section 7): processing profiles and their sets, watermarks, quick
 * rendition sets and crop profile sets. Profile and set ids are GUID strings as the API shows
 * them; each list's own settings are JSON text its model validates.
 */

export function archiveAdministration(_dialect: MigrationDialect): Migration {
  const namedList = (db: AnyDb, table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull().unique())
      .addColumn("settings", "text", (c) => c.notNull().defaultTo("{}"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable("archives")
        .addColumn("revision", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await namedList(db, "processing_profiles");
      await namedList(db, "processing_profile_sets");
      await namedList(db, "rendition_sets");
      await namedList(db, "crop_profile_sets");
      await db.schema
        .createTable("watermarks")
        .addColumn("file_name", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("blob_hash", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        "watermarks",
        "crop_profile_sets",
        "rendition_sets",
        "processing_profile_sets",
        "processing_profiles",
      ])
        await db.schema.dropTable(table).execute();
      await db.schema.alterTable("archives").dropColumn("revision").execute();
    },
  };
}
