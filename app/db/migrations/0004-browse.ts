import { sql, type Migration } from "kysely";
import { type AnyDb, type MigrationDialect } from "./helpers";
import { searchDocument, searchableRow, type SearchableColumns } from "./0004-search-document";

/*
 * Browsing and search (issue 4, decision 014): each asset's search document, kept in an FTS5
 * index on SQLite and a stored tsvector with GIN on PostgreSQL; a manual position; pins; covers;
 * and the keyset indexes of the sort orders.
 */
export function browse(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      const real = dialect === "postgres" ? "double precision" : "real";
      await db.schema
        .alterTable("assets")
        .addColumn("search_doc", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("assets")
        .addColumn("position", sql.raw(real), (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update assets set position = id`.execute(db);
      await db.schema
        .alterTable("archives")
        .addColumn("poster_asset_id", "integer", (c) =>
          c.references("assets.id").onDelete("set null"),
        )
        .execute();

      // Keyset paging: one index per indexed sort order, the id as the tie-breaker.
      await db.schema.dropIndex("assets_archive_state_created").execute();
      const sortIndexes: Record<string, string[]> = {
        assets_sort_added: ["archive_id", "state", "id"],
        assets_sort_name: ["archive_id", "state", "file_name", "id"],
        assets_sort_modified: ["archive_id", "state", "modified_date", "id"],
        assets_sort_captured: ["archive_id", "state", "camera_date", "id"],
        assets_sort_manual: ["archive_id", "state", "position", "id"],
      };
      for (const [name, columns] of Object.entries(sortIndexes)) {
        await db.schema.createIndex(name).on("assets").columns(columns).execute();
      }

      // Filled before the index exists: FTS5's update trigger deletes the old words from the index,
      // and deleting words an external-content index never held corrupts it ("database disk image
      // is malformed"), which failed this migration on every SQLite database that had assets.
      await backfillSearchDocuments(db);
      if (dialect === "postgres") {
        await sql`alter table assets add column search_vector tsvector
          generated always as (to_tsvector('simple', search_doc)) stored`.execute(db);
        await sql`create index assets_search on assets using gin (search_vector)`.execute(db);
      } else {
        // External content: the words live once, in assets.search_doc; triggers keep the index.
        await sql`create virtual table assets_fts using fts5(search_doc, content='assets',
          content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
        await sql`insert into assets_fts(assets_fts) values ('rebuild')`.execute(db);
        await sql`create trigger assets_fts_insert after insert on assets begin
          insert into assets_fts(rowid, search_doc) values (new.id, new.search_doc); end`.execute(
          db,
        );
        await sql`create trigger assets_fts_delete after delete on assets begin
          insert into assets_fts(assets_fts, rowid, search_doc)
            values ('delete', old.id, old.search_doc); end`.execute(db);
        await sql`create trigger assets_fts_update after update of search_doc on assets begin
          insert into assets_fts(assets_fts, rowid, search_doc)
            values ('delete', old.id, old.search_doc);
          insert into assets_fts(rowid, search_doc) values (new.id, new.search_doc); end`.execute(
          db,
        );
      }

      await db.schema
        .createTable("asset_pins")
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("asset_id", "integer", (c) =>
          c.notNull().references("assets.id").onDelete("cascade"),
        )
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("asset_pins_pk", ["user_id", "asset_id"])
        .execute();
      await db.schema
        .createIndex("asset_pins_user_created")
        .on("asset_pins")
        .columns(["user_id", "created_at"])
        .execute();
    },
  };
}

async function backfillSearchDocuments(db: AnyDb) {
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom("assets")
      .select(["id", "file_name", "title", "description", "tags", "notes", "status", "metadata"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute()) as (SearchableColumns & { id: number })[];
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .updateTable("assets")
        .set({ search_doc: searchDocument(searchableRow(row)) })
        .where("id", "=", row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
