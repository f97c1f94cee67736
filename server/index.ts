import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { prepareDatabase } from "../app/db/bootstrap.server";
import { createDatabase } from "../app/db/connection.server";
import { jobHandlers } from "../app/jobs/handlers.server";
import { startWorker, type Worker } from "../app/jobs/worker.server";
import { endMetadataWriter } from "../app/media/metadata-write.server";
import { sweepUploadLeftovers } from "../app/models/upload/chunked-upload.server";
import { queueDueScans } from "../app/models/archive/path-scan.server";
import { queueDueAlerts } from "../app/models/alert/alert-run.server";
import { ensureDemoArchive } from "../app/models/demo/demo-archive.server";
import { purgeExpiredSessions } from "../app/models/session/session.server";
import { purgeExpiredCredentials } from "../app/models/oauth/credential.server";
import { purgeExpiredTrash } from "../app/models/archive/archive-trash.server";
import { purgeExpiredHits } from "../app/models/rate-limit/rate-limit.server";
import { env as readEnv } from "../app/utils/env.server";
import { createApp } from "./app";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  let env;
  try {
    env = readEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const database = createDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const owner = await prepareDatabase(database, env);
  if (owner.created) {
    console.log(`Created the site owner "${owner.user.username}".`);
    if (owner.generatedPassword) {
      console.log(
        `  Generated password (shown once; it must be changed at first sign-in): ${owner.generatedPassword}`,
      );
    }
  }

  // Temporary files older than an hour belong to writes a crash cut off; swept on the timer too.
  await sweepUploadLeftovers({ startUp: true });
  const worker: Worker | null =
    env.INGEST_CONCURRENCY > 0
      ? startWorker({
          handlers: jobHandlers,
          concurrency: env.INGEST_CONCURRENCY,
          pollMs: 500,
          leaseMs: env.JOB_LEASE_SECONDS * 1000,
        })
      : null;
  if (env.DEMO_CONTENT) {
    // In the background: the server answers while the demo photographs are made.
    void ensureDemoArchive()
      .then((made) => made && console.log(`Created the demo archive with ${made} photographs.`))
      .catch((error: unknown) => console.error("The demo archive could not be made:", error));
  }

  const build = (await import(
    pathToFileURL(path.join(root, "build/index.js")).href
  )) as ServerBuild;
  const app = createApp({ build, env, root });
  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const where = env.DATABASE_URL?.startsWith("postgres")
      ? "PostgreSQL"
      : `SQLite in ${env.DATA_DIR}`;
    console.log(`Arkiv is listening on http://localhost:${port}/ (${where})`);
  });
  /*
   * Longer than the 60 s idle timeout of common load balancers and HTTP clients' pools: were the
   * server first to close an idle kept-alive connection, a request the client sent on it meanwhile
   * would fail with ECONNRESET.
   */
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  const purge = setInterval(() => {
    void purgeExpiredSessions().catch(console.error);
    void purgeExpiredCredentials().catch(console.error);
    void sweepUploadLeftovers().catch(console.error);
    // What lay in the trash can for TRASH_DAYS goes for good (decision 043).
    void purgeExpiredTrash().catch(console.error);
    // Rate-limit windows that have ended (decision 068).
    void purgeExpiredHits().catch(console.error);
  }, 10 * 60_000);
  purge.unref();
  // Path archives are re-scanned every ARCHIVE_RESCAN_MINUTES (decision 042); the queue runs them.
  const rescan = setInterval(() => void queueDueScans().catch(console.error), 60_000);
  rescan.unref();
  // Due alerts get their job every minute (decision 062): "immediate" means the next tick.
  const alerts = setInterval(() => void queueDueAlerts().catch(console.error), 60_000);
  alerts.unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests, then stopping.`);
    clearInterval(purge);
    clearInterval(rescan);
    clearInterval(alerts);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      // Running jobs finish first; one cut off by the forced exit is taken again after restart.
      void (worker?.stop() ?? Promise.resolve())
        // exiftool's perl processes (write-back) end with the jobs that used them.
        .then(() => endMetadataWriter())
        .then(() => database.destroy())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
