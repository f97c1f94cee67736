import type { Migration } from "kysely";
import type { AnyDb } from "./helpers";

/*
 * One undo per task (issue 29, decision 070): the task an undo undoes records that undo's job,
 * set by a conditional update that only one of simultaneous requests can win.
 */
export function undoClaim(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("jobs").addColumn("undone_by", "integer").execute();
    },
  };
}
