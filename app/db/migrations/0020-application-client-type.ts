import type { Migration } from "kysely";
import type { AnyDb } from "./helpers";

/*
 * An application's client type (issue 33): "confidential" (a secret, as every application was
 * before) or "public" (native, mobile or single-page: no secret, the authorization code grant
 * with PKCE only). Existing applications stay confidential.
 */
export function applicationClientType(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable("applications")
        .addColumn("client_type", "text", (c) => c.notNull().defaultTo("confidential"))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable("applications").dropColumn("client_type").execute();
    },
  };
}
