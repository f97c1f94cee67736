/*
 * One claimer of the queue's race test (tests/integration/jobs-queue.test.ts), in a process of its
 * own as a scaled-out worker is: with its own connection to SQLite (better-sqlite3 runs one
 * statement at a time per process, so claims in one process can never overlap) or its own pool
 * on PostgreSQL. It connects and warms up, prints "ready", waits for "go" on stdin so that every
 * claimer starts at once, makes its claims all together, and prints the ids it took as JSON.
 *
 *   node --import tsx tests/helpers/claim-worker.ts <url> <dataDir> <pgSchema or -> <type> <claims>
 */
import readline from "node:readline";
import { sql } from "kysely";
import { createDatabase, useDatabase } from "~/db/connection.server";
import { claimNext } from "~/jobs/queue.server";

const [url, dataDir, schema, type, claims] = process.argv.slice(2);
const handle = createDatabase({
  url: url!,
  dataDir: dataDir!,
  ...(schema && schema !== "-" ? { pgSchema: schema } : {}),
});
useDatabase(handle);
const count = Number(claims);

// Connections opened and statements prepared before the start, so the claims meet in the database.
await Promise.all(Array.from({ length: count }, () => sql`select 1`.execute(handle.db)));
await claimNext(`warm-${process.pid}`, [`${type}-none`], 10_000);
console.log("ready");

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() !== "go") continue;
  const taken = await Promise.all(
    Array.from({ length: count }, (_, i) => claimNext(`p${process.pid}-${i}`, [type!], 10_000)),
  );
  console.log(JSON.stringify(taken.filter((job) => job !== null).map((job) => job.id)));
  break;
}
lines.close();
await handle.destroy();
