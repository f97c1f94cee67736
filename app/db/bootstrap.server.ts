import { ensureSiteOwner } from "~/models/user/user.server";
import type { Env } from "~/utils/env.server";
import { useDatabase, type DatabaseHandle } from "./connection.server";
import { migrateToLatest } from "./migrations.server";

/** Migrates, makes the handle the process's database, and creates the site owner on first start. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  env: Pick<Env, "ADMIN_USERNAME" | "ADMIN_PASSWORD">,
) {
  await migrateToLatest(handle.db, handle.dialect);
  useDatabase(handle);
  return ensureSiteOwner(env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
}
