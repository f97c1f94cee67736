import { sql, type Migration } from "kysely";
import { idColumn, restartIdentity, type AnyDb, type MigrationDialect } from "./helpers";

/* Archives, their members, folders, assets, revisions, renditions and chunked uploads (issue 3). */
export function assets(dialect: MigrationDialect): Migration {
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
