import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Dialect } from "./connection.server";
import { migrationTableSchema } from "./dialect.server";
import { initial } from "./migrations/0001-initial";
import { jobs } from "./migrations/0002-jobs";
import { assets } from "./migrations/0003-assets";
import { browse } from "./migrations/0004-browse";
import { assetResolution } from "./migrations/0005-asset-resolution";
import { applications } from "./migrations/0006-applications";
import { people } from "./migrations/0007-people";
import { metadataViews } from "./migrations/0008-metadata-views";
import { archiveAdministration } from "./migrations/0009-archive-administration";
import { processingLists } from "./migrations/0010-processing-lists";
import { pathArchives } from "./migrations/0011-path-archives";
import { trashCan } from "./migrations/0012-trash-can";
import { editing } from "./migrations/0013-editing";
import { albums } from "./migrations/0014-albums";
import { organize } from "./migrations/0015-organize";
import { undoClaim } from "./migrations/0016-undo-claim";
import { rateLimits } from "./migrations/0017-rate-limits";
import { runningTasks } from "./migrations/0018-running-tasks";
import { signupLanguage } from "./migrations/0019-signup-language";
import { applicationClientType } from "./migrations/0020-application-client-type";

/*
 * The migrations, in the order they run (decision 025). Each lives in app/db/migrations/ and is
 * frozen: once released it never changes, and it imports no model code. The keys are the names
 * Kysely's Migrator records in kysely_migration on every existing database, so they never change
 * either; a new migration is a new file and a new key that sorts after the last.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
    "0002_jobs": jobs(dialect),
    "0003_assets": assets(dialect),
    "0004_browse": browse(dialect),
    "0005_asset_resolution": assetResolution(dialect),
    "0006_applications": applications(dialect),
    "0007_people": people(dialect),
    "0008_metadata_views": metadataViews(dialect),
    "0009_archive_administration": archiveAdministration(dialect),
    "0010_processing_lists": processingLists(dialect),
    "0011_path_archives": pathArchives(dialect),
    "0012_trash_can": trashCan(dialect),
    "0013_editing": editing(dialect),
    "0014_albums": albums(dialect),
    "0015_organize": organize(dialect),
    "0016_undo_claim": undoClaim(),
    "0017_rate_limits": rateLimits(dialect),
    "0018_running_tasks": runningTasks(),
    "0019_signup_language": signupLanguage(),
    "0020_application_client_type": applicationClientType(),
  };
}

/** Runs the migrations not yet recorded, in order; answers the names it ran. */
export async function migrateToLatest(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  dialect: Dialect,
  list: Record<string, Migration> = migrations(dialect),
) {
  const provider: MigrationProvider = { getMigrations: async () => list };
  // Kysely looks for its bookkeeping tables in every visible schema unless told which: name ours,
  // so a database shared with other schemas (other deployments, parallel tests) migrates cleanly.
  const schema = await migrationTableSchema(db, dialect);
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
