import type { Migration } from "kysely";
import type { AnyDb, MigrationDialect } from "./helpers";

/*
 * An image's resolution in pixels per inch, as its file states it (issue 14: the API's
 * imageattributes.resolution). Null for files that state none and for assets ingested before.
 */
export function assetResolution(_dialect: MigrationDialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("assets").addColumn("resolution", "integer").execute();
    },
  };
}
