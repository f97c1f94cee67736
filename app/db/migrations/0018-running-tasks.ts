import type { Migration } from "kysely";
import type { AnyDb } from "./helpers";

/*
 * The header's running-work indicator (issue 31, decision 090) counts a person's unfinished
 * tasks on every page: an index on owner and status finds them without reading the person's
 * finished jobs, which grow with every upload and task.
 */
export function runningTasks(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex("jobs_owner_status")
        .on("jobs")
        .columns(["owner_id", "status"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("jobs_owner_status").execute();
    },
  };
}
