import {
  Migrator,
  sql,
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from "kysely";
import {
  searchableRow,
  searchDocument,
  type SearchableColumns,
} from "~/models/search/search-document";
import type { Dialect } from "./connection.server";
import {
  EVERYONE_GROUP_ID,
  GUEST_USER_ID,
  GUEST_USERNAME,
  REGISTERED_USERS_GROUP_ID,
} from "./schema";

/* Migrations take the dialect: ids are identities on PostgreSQL and AUTOINCREMENT on SQLite. */
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function idColumn(dialect: Dialect) {
  return (c: ColumnDefinitionBuilder) =>
    dialect === "postgres"
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
}

async function restartIdentity(db: AnyDb, dialect: Dialect, table: string, next: number) {
  if (dialect === "postgres") {
    await sql`alter table ${sql.table(table)} alter column id restart with ${sql.lit(next)}`.execute(
      db,
    );
  }
  // SQLite's AUTOINCREMENT continues after the highest id already inserted.
}

function initial(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      const created = new Date().toISOString();
      await db.schema
        .createTable("users")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("username_key", "text", (c) => c.notNull().unique())
        .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("full_name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("password_hash", "text")
        .addColumn("is_site_owner", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_enabled", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("force_password_change", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("preferences", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_login_at", "text")
        .execute();

      await db.schema
        .createTable("groups")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("group_members")
        .addColumn("group_id", "integer", (c) =>
          c.notNull().references("groups.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addPrimaryKeyConstraint("group_members_pk", ["group_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("group_members_user")
        .on("group_members")
        .column("user_id")
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("site_settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();

      await db
        .insertInto("groups")
        .values([
          {
            id: EVERYONE_GROUP_ID,
            name: "Everyone",
            description: "Every visitor, guests included",
            created_at: created,
          },
          {
            id: REGISTERED_USERS_GROUP_ID,
            name: "Registered Users",
            description: "Every signed-in user",
            created_at: created,
          },
        ])
        .execute();
      await restartIdentity(db, dialect, "groups", REGISTERED_USERS_GROUP_ID + 1);

      await db
        .insertInto("users")
        .values({
          id: GUEST_USER_ID,
          username: GUEST_USERNAME,
          username_key: GUEST_USERNAME.toLowerCase(),
          full_name: "Guest",
          password_hash: null,
          created_at: created,
        })
        .execute();
      await restartIdentity(db, dialect, "users", GUEST_USER_ID + 1);
    },
  };
}

function jobs(dialect: Dialect): Migration {
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

/* Archives, their members, folders, assets, revisions, renditions and chunked uploads (issue 3). */
function assets(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("archives")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull().unique())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("config", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("is_hidden", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      // Archive ids start at 5000, as the API shows them.
      if (dialect === "postgres") await restartIdentity(db, dialect, "archives", 5000);
      else await sql`insert into sqlite_sequence (name, seq) values ('archives', 4999)`.execute(db);

      await db.schema
        .createTable("archive_members")
        .addColumn("archive_id", "integer", (c) =>
          c.notNull().references("archives.id").onDelete("cascade"),
        )
        .addColumn("member_type", "text", (c) => c.notNull())
        .addColumn("member_id", "integer", (c) => c.notNull())
        .addColumn("permissions", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("auto_search", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("archive_members_pk", ["archive_id", "member_type", "member_id"])
        .execute();

      await db.schema
        .createTable("folders")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("archive_id", "integer", (c) =>
          c.notNull().references("archives.id").onDelete("cascade"),
        )
        .addColumn("parent_id", "integer", (c) => c.references("folders.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("folders_archive_path", ["archive_id", "path"])
        .execute();

      await db.schema
        .createTable("assets")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("archive_id", "integer", (c) =>
          c.notNull().references("archives.id").onDelete("cascade"),
        )
        .addColumn("folder_id", "integer", (c) => c.references("folders.id").onDelete("set null"))
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().defaultTo("processing"))
        .addColumn("failure", "text")
        .addColumn("current_revision", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("doc_type", "text", (c) => c.notNull().defaultTo("generic"))
        .addColumn("mime", "text", (c) => c.notNull().defaultTo("application/octet-stream"))
        .addColumn("extension", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("file_size", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("color_space", "text")
        .addColumn("orientation", "integer")
        .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("status", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("rating", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("metadata", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("placeholder", "text")
        .addColumn("modified_date", "text")
        .addColumn("iptc_date", "text")
        .addColumn("release_date", "text")
        .addColumn("camera_date", "text")
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("assets_archive_state_created")
        .on("assets")
        .columns(["archive_id", "state", "created_at"])
        .execute();
      await db.schema.createIndex("assets_folder").on("assets").column("folder_id").execute();

      await db.schema
        .createTable("revisions")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("asset_id", "integer", (c) =>
          c.notNull().references("assets.id").onDelete("cascade"),
        )
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("blob_hash", "text", (c) => c.notNull())
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("file_size", "bigint", (c) => c.notNull())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("metadata", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("revisions_asset_number", ["asset_id", "number"])
        .execute();
      await db.schema.createIndex("revisions_blob").on("revisions").column("blob_hash").execute();

      await db.schema
        .createTable("renditions")
        .addColumn("revision_id", "integer", (c) =>
          c.notNull().references("revisions.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("blob_hash", "text", (c) => c.notNull())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("width", "integer", (c) => c.notNull())
        .addColumn("height", "integer", (c) => c.notNull())
        .addColumn("file_size", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("renditions_pk", ["revision_id", "kind"])
        .execute();
      await db.schema.createIndex("renditions_blob").on("renditions").column("blob_hash").execute();

      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("owner_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("archive_id", "integer", (c) =>
          c.notNull().references("archives.id").onDelete("cascade"),
        )
        .addColumn("folder", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("asset_id", "integer", (c) => c.references("assets.id").onDelete("cascade"))
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("file_size", "bigint", (c) => c.notNull())
        .addColumn("chunk_size", "integer", (c) => c.notNull())
        .addColumn("num_chunks", "integer", (c) => c.notNull())
        .addColumn("received_chunks", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("received_bytes", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("metadata", "text", (c) => c.notNull().defaultTo("{}"))
        .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("awaitingData"))
        .addColumn("job_id", "integer", (c) => c.references("jobs.id").onDelete("set null"))
        .addColumn("error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("uploads_owner").on("uploads").column("owner_id").execute();
    },
  };
}

/*
 * Browsing and search (issue 4, decision 014): each asset's search document, kept in an FTS5
 * index on SQLite and a stored tsvector with GIN on PostgreSQL; a manual position; pins; covers;
 * and the keyset indexes of the sort orders.
 */
function browse(dialect: Dialect): Migration {
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

      if (dialect === "postgres") {
        await sql`alter table assets add column search_vector tsvector
          generated always as (to_tsvector('simple', search_doc)) stored`.execute(db);
        await sql`create index assets_search on assets using gin (search_vector)`.execute(db);
      } else {
        // External content: the words live once, in assets.search_doc; triggers keep the index.
        await sql`create virtual table assets_fts using fts5(search_doc, content='assets',
          content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
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
      await backfillSearchDocuments(db);

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

export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
    "0002_jobs": jobs(dialect),
    "0003_assets": assets(dialect),
    "0004_browse": browse(dialect),
  };
}

export async function migrateToLatest(db: AnyDb, dialect: Dialect) {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  // Kysely looks for its bookkeeping tables in every visible schema unless told which: name ours,
  // so a database shared with other schemas (other deployments, parallel tests) migrates cleanly.
  const schema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
  return results?.map((r) => r.migrationName) ?? [];
}
