import { sql, type Kysely } from "kysely";
import { db } from "~/db/connection.server";
import type { Database } from "~/db/schema";
import { taskOperationRegistry } from "~/models/background-task/task-engine.server";
import type {
  ItemContext,
  ItemOutcome,
  TaskOperation,
  TaskOperationName,
} from "~/models/background-task/task.schema";

/*
 * A stand-in operation for the task engine's tests (decision 047): each item it applies or
 * undoes writes one row into task_test_effects inside ItemContext.commit, so a test counts how
 * often each item was really applied. Registered under a real operation's name and restored after.
 */

export const EFFECTS_TABLE = "task_test_effects";

export async function createEffectsTable(executor: Kysely<Database> = db()) {
  await sql`create table if not exists task_test_effects (job_id integer not null, seq integer not null, asset_id integer, kind text not null)`.execute(
    executor,
  );
}

export interface Effect {
  job_id: number;
  seq: number;
  asset_id: number | null;
  kind: string;
}

export async function effects(jobId?: number): Promise<Effect[]> {
  const rows = await sql<Effect>`select job_id, seq, asset_id, kind from task_test_effects ${
    jobId === undefined ? sql`` : sql`where job_id = ${jobId}`
  } order by job_id, seq`.execute(db());
  return rows.rows.map((r) => ({
    job_id: Number(r.job_id),
    seq: Number(r.seq),
    asset_id: r.asset_id === null ? null : Number(r.asset_id),
    kind: r.kind,
  }));
}

export interface FakeOptions {
  /** Throws (an outage) when it reaches this seq, on the first `times` tries. */
  outageAt?: { seq: number; times: number };
  /** Waits this long in each item before committing. */
  delayMs?: number;
  /** Fails (refuses, without commit) the items whose href contains this text. */
  refuse?: string;
}

export function fakeOperation(options: FakeOptions = {}): TaskOperation<unknown> {
  let outages = 0;
  const effect = (ctx: ItemContext<unknown>, kind: string) =>
    ctx.commit(async (trx): Promise<ItemOutcome> => {
      await sql`insert into task_test_effects (job_id, seq, asset_id, kind) values (${ctx.jobId}, ${ctx.seq}, ${ctx.assetId}, ${kind})`.execute(
        trx,
      );
      return {
        status: "done",
        result: { href: ctx.href, done: true, "result-filename": `${kind}-${ctx.seq}` },
        beforeRevision: 1,
        afterRevision: 2,
      };
    });
  return {
    permission: "EditText",
    async apply(ctx) {
      if (
        options.outageAt &&
        ctx.seq === options.outageAt.seq &&
        outages < options.outageAt.times
      ) {
        outages++;
        throw new Error("The database went away");
      }
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      if (options.refuse && ctx.href.includes(options.refuse))
        return {
          status: "failed",
          result: { href: ctx.href, done: false, error: "Refused here." },
        };
      return effect(ctx, "apply");
    },
    async undo(ctx, item) {
      if (item.afterRevision !== 2) throw new Error("the undone item's revisions did not arrive");
      return effect(ctx, "undo");
    },
  };
}

/** Puts `operation` in the registry under `name`; the returned function restores what was there. */
export function registerFake(
  name: Exclude<TaskOperationName, "undo">,
  operation: TaskOperation<unknown>,
): () => void {
  const registry = taskOperationRegistry();
  const before = registry[name];
  registry[name] = operation as never;
  return () => {
    if (before) registry[name] = before;
    else delete registry[name];
  };
}

/** Takes `name` out of the registry (as on a server without it); the returned function restores it. */
export function unregister(name: Exclude<TaskOperationName, "undo">): () => void {
  const registry = taskOperationRegistry();
  const before = registry[name];
  delete registry[name];
  return () => {
    if (before) registry[name] = before;
  };
}
