import { sql, type Migration } from "kysely";
import { idColumn, restartIdentity, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * Metadata fields and metadata views (decision 032). Custom fields are numbered from 300, below
 * which the built-in fields (IPTC numbering, and the fixed status, rating and notes) live in
 * code. A metadata view names the fields an archive shows and edits; the default one is seeded
 * here, written out as it was when this migration was made, and every archive uses it unless its
 * configuration's MetadataSetId names another.
 */

const FIRST_CUSTOM_FIELD_ID = 300;

const entry = (field: number) => ({
  Field: field,
  IsWritable: true,
  Required: false,
  TaxonomyOnly: false,
});

const DEFAULT_VIEW = {
  id: "default",
  name: "Default",
  builtinFields: {
    Title: entry(5),
    Description: entry(120),
    Tags: entry(25),
    Status: entry(250),
    Rating: entry(251),
    Notes: entry(230),
  },
  detailRegions: [
    { Name: "Description", Fields: [5, 105, 120, 25, 40, 10, 122].map(entry) },
    { Name: "Location", Fields: [92, 90, 95, 101].map(entry) },
    { Name: "Rights", Fields: [80, 85, 110, 115, 116].map(entry) },
    { Name: "Origin", Fields: [55, 103].map(entry) },
  ],
};

export function metadataViews(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("metadata_fields")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("data_type", "text", (c) => c.notNull().defaultTo("text"))
        .addColumn("multi_instance", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("multiline", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_size", "integer", (c) => c.notNull().defaultTo(1000))
        .addColumn("validation", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("dropdown_values", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("namespace", "text", (c) => c.notNull().defaultTo("custom"))
        .addColumn("field_group", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      if (dialect === "postgres")
        await restartIdentity(db, dialect, "metadata_fields", FIRST_CUSTOM_FIELD_ID);
      // SQLite's AUTOINCREMENT continues after the sequence's value.
      else
        await sql`insert into sqlite_sequence (name, seq) values ('metadata_fields', ${sql.lit(
          FIRST_CUSTOM_FIELD_ID - 1,
        )})`.execute(db);

      await db.schema
        .createTable("metadata_views")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull().unique())
        .addColumn("builtin_fields", "text", (c) => c.notNull())
        .addColumn("detail_regions", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      const at = new Date().toISOString();
      await db
        .insertInto("metadata_views")
        .values({
          id: DEFAULT_VIEW.id,
          name: DEFAULT_VIEW.name,
          name_key: DEFAULT_VIEW.name.toLowerCase(),
          builtin_fields: JSON.stringify(DEFAULT_VIEW.builtinFields),
          detail_regions: JSON.stringify(DEFAULT_VIEW.detailRegions),
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("metadata_views").execute();
      await db.schema.dropTable("metadata_fields").execute();
    },
  };
}
