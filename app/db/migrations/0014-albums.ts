import { sql, type Migration } from "kysely";
import { idColumn, type AnyDb, type MigrationDialect } from "./helpers";

/*
 * Albums and sharing (issue 18, decision 051). An album belongs to one user and holds links to
 * assets of any archive in its own manual order (positions are REAL, moved by midpoints as the
 * archives' are). It is shared with users and groups (view or contribute) and through public
 * links, any number per album, each with its own expiry, password (hashed), download right and
 * access log. The log also counts failed password guesses, so the limit on guesses holds across
 * processes.
 */
export function albums(dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      const real = dialect === "postgres" ? "double precision" : "real";
      await db.schema
        .createTable("albums")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("owner_id", "integer", (c) =>
          c.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
        // active, archived, deleted (in the owner's bin; undelete brings it back).
        .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
        .addColumn("cover_asset_id", "integer", (c) =>
          c.references("assets.id").onDelete("set null"),
        )
        // Listed on the home page for everyone who may see it (the showOnHomepage flag).
        .addColumn("show_on_homepage", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("archived_at", "text")
        .addColumn("deleted_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("albums_owner")
        .on("albums")
        .columns(["owner_id", "status"])
        .execute();

      await db.schema
        .createTable("album_assets")
        .addColumn("album_id", "integer", (c) =>
          c.notNull().references("albums.id").onDelete("cascade"),
        )
        .addColumn("asset_id", "integer", (c) =>
          c.notNull().references("assets.id").onDelete("cascade"),
        )
        .addColumn("position", sql.raw(real), (c) => c.notNull())
        .addColumn("added_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("added_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("album_assets_pk", ["album_id", "asset_id"])
        .execute();
      await db.schema
        .createIndex("album_assets_order")
        .on("album_assets")
        .columns(["album_id", "position", "asset_id"])
        .execute();
      await db.schema
        .createIndex("album_assets_asset")
        .on("album_assets")
        .column("asset_id")
        .execute();

      await db.schema
        .createTable("album_shares")
        .addColumn("album_id", "integer", (c) =>
          c.notNull().references("albums.id").onDelete("cascade"),
        )
        // user or group; principal_id is the user's or the group's id.
        .addColumn("principal_type", "text", (c) => c.notNull())
        .addColumn("principal_id", "integer", (c) => c.notNull())
        // view or contribute (contribute includes view).
        .addColumn("access", "text", (c) => c.notNull())
        // Downloads of originals delegated by the owner (delegateDownloads).
        .addColumn("download", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("album_shares_pk", ["album_id", "principal_type", "principal_id"])
        .execute();
      await db.schema
        .createIndex("album_shares_principal")
        .on("album_shares")
        .columns(["principal_type", "principal_id"])
        .execute();

      await db.schema
        .createTable("share_links")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("album_id", "integer", (c) =>
          c.notNull().references("albums.id").onDelete("cascade"),
        )
        // The URL's secret part (random, 32 base64url characters). Kept as it is so the owner can
        // copy the link again; a password, when set, is the part that is hashed.
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("expires_at", "text")
        .addColumn("password_hash", "text")
        // none, previews, originals.
        .addColumn("download", "text", (c) => c.notNull().defaultTo("none"))
        .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema
        .createIndex("share_links_album")
        .on("share_links")
        .column("album_id")
        .execute();

      await db.schema
        .createTable("share_link_log")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("link_id", "integer", (c) =>
          c.notNull().references("share_links.id").onDelete("cascade"),
        )
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull())
        // open, preview, download, password-failed, password-ok, refused.
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("asset_id", "integer")
        .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .createIndex("share_link_log_link")
        .on("share_link_log")
        .columns(["link_id", "at"])
        .execute();
      await db.schema
        .createIndex("share_link_log_guesses")
        .on("share_link_log")
        .columns(["link_id", "action", "address", "at"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("share_link_log").execute();
      await db.schema.dropTable("share_links").execute();
      await db.schema.dropTable("album_shares").execute();
      await db.schema.dropTable("album_assets").execute();
      await db.schema.dropTable("albums").execute();
    },
  };
}
