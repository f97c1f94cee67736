import type { Migration } from "kysely";
import type { AnyDb } from "./helpers";

/*
 * The language a visitor signed up in (issue 32): the approval or refusal reaches them in it,
 * since they have no account yet whose preference could say. Empty for earlier sign-ups, which
 * get the site's default language.
 */
export function signupLanguage(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("signups").addColumn("language", "text").execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable("signups").dropColumn("language").execute();
    },
  };
}
