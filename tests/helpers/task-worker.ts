/*
 * A worker process for the background task crash test (tests/integration/task-crash.test.ts):
 * runs `task` jobs with the stand-in operation (tests/helpers/fake-operation.ts, each item a
 * little slow) on the test's database, with a short lease so that another worker takes over
 * soon after this one is killed with SIGKILL. Prints "ready" once it polls the queue.
 *
 *   node --import tsx tests/helpers/task-worker.ts <url> <dataDir> <pgSchema or -> <delayMs> <leaseMs>
 */
import { createDatabase, useDatabase } from "~/db/connection.server";
import { task } from "~/jobs/handlers/task.server";
import { startWorker } from "~/jobs/worker.server";
import { TASK_JOB } from "~/models/background-task/task.schema";
import { fakeOperation, registerFake } from "./fake-operation";

const [url, dataDir, schema, delayMs, leaseMs] = process.argv.slice(2);
const handle = createDatabase({
  url: url!,
  dataDir: dataDir!,
  ...(schema && schema !== "-" ? { pgSchema: schema } : {}),
});
useDatabase(handle);
registerFake("rotate", fakeOperation({ delayMs: Number(delayMs) }));
startWorker({
  handlers: { [TASK_JOB]: task },
  pollMs: 50,
  leaseMs: Number(leaseMs),
  retryBaseMs: 50,
  onError: (error) => console.error("[task-worker]", error),
});
console.log("ready");
