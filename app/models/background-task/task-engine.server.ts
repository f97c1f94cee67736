import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { db, now } from "~/db/connection.server";
import type { Database, TaskItemStatus } from "~/db/schema";
import { enqueue, getJob, type Job } from "~/jobs/queue.server";
import {
  accountDecision,
  ASSET_NOT_FOUND,
  assetsDecision,
  isOwnAccount,
} from "~/models/access/access.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { findUserById } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { singleton } from "~/utils/singleton.server";
import { taskOperations } from "./operations.server";
import { OWNER_GONE, taskFailureMessage } from "./task-messages";
import {
  MAX_TASK_ASSETS,
  TASK_JOB,
  TASK_OPERATIONS,
  type ItemContext,
  type ItemOutcome,
  type ItemParams,
  type TaskItemResult,
  type TaskOperation,
  type TaskOperationName,
  type TaskPayload,
  type UndoItem,
  type UndoParams,
} from "./task.schema";
import { readJson } from "~/db/json-column";

/*
 * The background task engine (decision 047 on top of 044). A task is one `task` job and one
 * task_items row per asset, made in one transaction. The job walks the pending items in seq
 * order; an operation applies one item and marks it with its outcome in one transaction
 * (ItemContext.commit), so a run cut off by a crash resumes at the first pending item and nothing
 * is applied twice. No HTTP here: app/http/background-task/background-task-api.server.ts reads requests.
 */

export interface TaskItemInput {
  /** The href as the request named it (results name it even when it never resolved). */
  href: string;
  /** Null when the href names no asset at all: the item fails as a missing asset. */
  assetId: number | null;
  /** The archive the href named, when it named one: an asset elsewhere is not at this address. */
  archiveId?: number;
  itemParams?: ItemParams;
}

/** Items walked per chunk: one read, one permission pass, one progress report. */
export const TASK_CHUNK = 200;
/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-variable limits (9 columns). */
const INSERT_CHUNK = 500;
/** How often a client should poll a task, in milliseconds (TaskStatus job.updates). */
export const TASK_POLL_MS = 1000;

/** What the undo payload keeps beside UndoParams: the undone task's operation and params. */
interface UndoPayloadParams extends UndoParams {
  operation: Exclude<TaskOperationName, "undo">;
  params: unknown;
}

const destination = z.object({
  archiveId: z.number().int().positive().max(2_147_483_647),
  folder: z.string().max(1000),
});
const empty = z.object({}).strip();

/** Each operation's params, as the engine checks them before anything is stored. */
const PARAMS: Record<Exclude<TaskOperationName, "undo">, z.ZodTypeAny> = {
  "metadata-edit": z.object({
    changes: z
      .array(
        z.object({
          field: z.number().int().positive().max(2_147_483_647),
          action: z.enum(["set", "add", "remove", "erase"]),
          value: z.array(z.string().max(100_000)).max(1000),
        }),
      )
      .min(1, "Say which fields to change (job-metadata).")
      .max(500),
  }),
  rename: empty,
  duplicate: empty,
  copy: destination,
  move: destination,
  delete: empty,
  rotate: z.object({ degrees: z.union([z.literal(90), z.literal(180), z.literal(270)]) }),
};

const itemParamsSchema = z
  .object({
    fileName: z.string().min(1).max(255).optional(),
    revision: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();

const undoParamsSchema = z.object({ jobId: z.number().int().positive() });

/**
 * The operations, one object per process: the server entry and the Remix build are separate
 * module graphs (as in tests, where the test's own modules and the built server run side by
 * side), and both must find the same operations, including one a test registers.
 */
export const taskOperationRegistry = () => singleton("taskOperations", () => taskOperations);

export const isTaskOperation = (name: string): name is TaskOperationName =>
  (TASK_OPERATIONS as readonly string[]).includes(name);

function operationOf(name: Exclude<TaskOperationName, "undo">): TaskOperation<unknown> {
  const operation = taskOperationRegistry()[name] as TaskOperation<unknown> | undefined;
  if (!operation) throw new Problem("unsupported", `This server cannot run "${name}" tasks yet.`);
  return operation;
}

const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);

interface NewItem {
  seq: number;
  href: string;
  asset_id: number | null;
  params: string | null;
  status: TaskItemStatus;
  result: string | null;
  error: string | null;
}

function refusedItem(seq: number, href: string, assetId: number | null, error: string): NewItem {
  const result: TaskItemResult = { href, done: false, error };
  return {
    seq,
    href,
    asset_id: assetId,
    params: null,
    status: "failed",
    result: JSON.stringify(result),
    error,
  };
}

/**
 * Starts a task for the viewer: checks the request, then in one transaction enqueues the job and
 * stores one item per asset (seq 0..n-1). Assets the viewer may not act on stay in the task as
 * items that failed at once, named in the results with the reason (one they may not see as a
 * missing one), so a mixed selection reports per asset and never writes partly in silence.
 * For "undo", `items` is ignored: the items are the undone task's done items.
 */
export async function createTask(
  viewer: Viewer | null,
  operation: TaskOperationName,
  items: readonly TaskItemInput[],
  params: unknown,
): Promise<{ jobId: number }> {
  const decision = accountDecision(viewer, "BackgroundTasks");
  if (!decision.allowed) throw decision.problem;
  const owner = decision.value;
  if (!isTaskOperation(operation))
    throw new Problem("unsupported", `There is no "${String(operation)}" task.`);
  if (operation === "undo") return createUndoTask(owner, params);

  const op = operationOf(operation);
  const parsed = PARAMS[operation].safeParse(params);
  if (!parsed.success)
    throw new Problem(
      "invalid",
      parsed.error.issues[0]?.message ?? "The task's settings are not valid.",
    );
  if (items.length === 0) throw new Problem("invalid", "Name at least one asset.");
  if (items.length > MAX_TASK_ASSETS)
    throw new Problem(
      "invalid",
      `A task takes at most ${MAX_TASK_ASSETS.toLocaleString("en")} assets; split the selection.`,
    );
  for (const item of items) {
    if (typeof item.href !== "string" || item.href.length > 2000)
      throw new Problem("invalid", "Each asset's href must be a text of at most 2000 characters.");
    if (item.itemParams !== undefined && !itemParamsSchema.safeParse(item.itemParams).success)
      throw new Problem("invalid", `The settings for ${item.href} are not valid.`);
  }
  if (operation === "rename" && items.some((i) => !i.itemParams?.fileName))
    throw new Problem("invalid", keyed("task.refusal.renameEach"));

  const ids = items.flatMap((i) => (i.assetId === null ? [] : [i.assetId]));
  const decisions = await assetsDecision(owner, ids, op.permission);
  const rows = items.map((item, seq): NewItem => {
    if (item.assetId === null) return refusedItem(seq, item.href, null, ASSET_NOT_FOUND);
    const decided = decisions.get(item.assetId);
    if (
      decided?.allowed &&
      item.archiveId !== undefined &&
      decided.value.archive.id !== item.archiveId
    )
      return refusedItem(seq, item.href, item.assetId, ASSET_NOT_FOUND);
    if (!decided?.allowed)
      return refusedItem(seq, item.href, item.assetId, decided?.problem.message ?? ASSET_NOT_FOUND);
    return {
      seq,
      href: item.href,
      asset_id: item.assetId,
      params: json(item.itemParams),
      status: "pending",
      result: null,
      error: null,
    };
  });
  return insertTask(owner, { operation, params: parsed.data as unknown, count: rows.length }, rows);
}

async function insertTask(
  owner: Viewer,
  payload: TaskPayload,
  rows: NewItem[],
  claim?: (trx: Transaction<Database>, jobId: number) => Promise<void>,
): Promise<{ jobId: number }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const job = await enqueue(TASK_JOB, payload, { executor: trx, ownerId: owner.id });
      if (claim) await claim(trx, job.id);
      const at = now();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await trx
          .insertInto("task_items")
          .values(
            rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, job_id: job.id, updated_at: at })),
          )
          .execute();
      return { jobId: job.id };
    });
}

/**
 * The stored task a viewer may see: their own only (anyone else's answers as a missing one);
 * `siteOwnerToo` lets the site owner reach anyone's (to undo it).
 */
export async function findTask(
  viewer: Viewer | null,
  jobId: number,
  options: { siteOwnerToo?: boolean } = {},
): Promise<(Job & { payload: TaskPayload }) | null> {
  if (!isOwnAccount(viewer) || !Number.isSafeInteger(jobId) || jobId <= 0) return null;
  const job = await getJob(jobId);
  if (!job || job.type !== TASK_JOB) return null;
  if (job.ownerId !== viewer.id && !(options.siteOwnerToo && viewer.isSiteOwner)) return null;
  return job as Job & { payload: TaskPayload };
}

/*
 * Keyed (decision 106), in refusals and in what is stored: the task page reads them in its
 * reader's language when it shows them, the API in English.
 */
export const TASK_NOT_FOUND = keyed("task.refusal.notFound");
export const UNDO_OF_UNDO = keyed("task.refusal.undoOfUndo");
export const ALREADY_UNDONE = keyed("task.refusal.alreadyUndone");

/**
 * Why a task cannot be undone, or null when it can: it must be finished, of an operation that
 * has an undo, not an undo itself, and have at least one done item.
 */
export async function undoRefusal(job: Job & { payload: TaskPayload }): Promise<string | null> {
  const operation = job.payload.operation;
  if (operation === "undo") return UNDO_OF_UNDO;
  if (job.status !== "done" && job.status !== "notified" && job.status !== "failed")
    return keyed("task.refusal.stillRunning");
  if (!taskOperationRegistry()[operation]?.undo) return keyed("task.refusal.cannotUndo");
  const claimed = await db()
    .selectFrom("jobs")
    .select("undone_by")
    .where("id", "=", job.id)
    .executeTakeFirst();
  if (claimed?.undone_by != null) return ALREADY_UNDONE;
  const done = await db()
    .selectFrom("task_items")
    .select("seq")
    .where("job_id", "=", job.id)
    .where("status", "=", "done")
    .limit(1)
    .executeTakeFirst();
  return done ? null : keyed("task.refusal.nothingToUndo");
}

async function createUndoTask(owner: Viewer, params: unknown): Promise<{ jobId: number }> {
  const parsed = undoParamsSchema.safeParse(params);
  if (!parsed.success) throw new Problem("invalid", "Say which task to undo (jobId).");
  const undone = await findTask(owner, parsed.data.jobId, { siteOwnerToo: true });
  if (!undone) throw new Problem("not-found", TASK_NOT_FOUND);
  const refusal = await undoRefusal(undone);
  if (refusal) throw new Problem(refusal === UNDO_OF_UNDO ? "invalid" : "conflict", refusal);
  const done = await db()
    .selectFrom("task_items")
    .select(["seq", "href", "asset_id"])
    .where("job_id", "=", undone.id)
    .where("status", "=", "done")
    .orderBy("seq")
    .execute();
  const rows = done.map((item, seq): NewItem => ({
    seq,
    href: item.href,
    asset_id: item.asset_id,
    // The undone item's seq: the run reads that item's revisions and made assets.
    params: JSON.stringify({ undoneSeq: item.seq }),
    status: "pending",
    result: null,
    error: null,
  }));
  const undoParams: UndoPayloadParams = {
    jobId: undone.id,
    operation: undone.payload.operation as Exclude<TaskOperationName, "undo">,
    params: undone.payload.params,
  };
  // The undo belongs to the undone task's owner, whoever (the site owner) starts it.
  const taskOwner =
    undone.ownerId === owner.id ? owner : ((await findUserById(undone.ownerId ?? 0)) ?? owner);
  return insertTask(
    taskOwner,
    { operation: "undo", params: undoParams, count: rows.length },
    rows,
    // The check above answers most repeats; this claim, which one request alone can make,
    // is the rule: three simultaneous undos of one task were all accepted (issue 29).
    async (trx, undoJobId) => {
      const claimed = await trx
        .updateTable("jobs")
        .set({ undone_by: undoJobId })
        .where("id", "=", undone.id)
        .where("undone_by", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new Problem("conflict", ALREADY_UNDONE);
    },
  );
}

/* ---------- running a task ---------- */

export interface TaskRunContext {
  progress(percent: number): Promise<void>;
  signal: AbortSignal;
}

export interface TaskCounts {
  done: number;
  failed: number;
  skipped: number;
  pending: number;
  total: number;
}

export async function taskCounts(jobId: number): Promise<TaskCounts> {
  const rows = await db()
    .selectFrom("task_items")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .where("job_id", "=", jobId)
    .groupBy("status")
    .execute();
  const counts: TaskCounts = { done: 0, failed: 0, skipped: 0, pending: 0, total: 0 };
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.total += Number(row.n);
  }
  return counts;
}

function outcomeColumns(outcome: ItemOutcome) {
  return {
    status: outcome.status,
    result: JSON.stringify(outcome.result),
    error: outcome.status === "failed" ? (outcome.result.error ?? null) : null,
    before_revision: outcome.beforeRevision ?? null,
    after_revision: outcome.afterRevision ?? null,
    result_asset_id: outcome.resultAssetId ?? null,
    updated_at: now(),
  };
}

type ItemRow = Awaited<ReturnType<typeof storedItem>>;
async function storedItem(executor: Kysely<Database>, jobId: number, seq: number) {
  return executor
    .selectFrom("task_items")
    .selectAll()
    .where("job_id", "=", jobId)
    .where("seq", "=", seq)
    .executeTakeFirst();
}

function outcomeOf(row: NonNullable<ItemRow>): ItemOutcome {
  return {
    status: row.status === "pending" ? "failed" : row.status,
    result: (readJson(row.result) as TaskItemResult | undefined) ?? {
      href: row.href,
      done: row.status === "done",
    },
    beforeRevision: row.before_revision,
    afterRevision: row.after_revision,
    resultAssetId: row.result_asset_id,
  };
}

/**
 * Marks a pending item with an outcome the operation reached without committing (refused, a bad
 * value); an item no longer pending keeps what it has.
 */
async function settle(jobId: number, seq: number, outcome: ItemOutcome) {
  await db()
    .updateTable("task_items")
    .set(outcomeColumns(outcome))
    .where("job_id", "=", jobId)
    .where("seq", "=", seq)
    .where("status", "=", "pending")
    .execute();
}

/** Fails every item still pending with one reason (the owner is gone, the job gave up). */
export async function failPendingItems(jobId: number, error: string) {
  const pending = await db()
    .selectFrom("task_items")
    .select(["seq", "href"])
    .where("job_id", "=", jobId)
    .where("status", "=", "pending")
    .execute();
  for (const item of pending)
    await settle(jobId, item.seq, {
      status: "failed",
      result: { href: item.href, done: false, error },
    });
}

function commitFor(jobId: number, seq: number) {
  return async (write: (trx: Kysely<Database>) => Promise<ItemOutcome>): Promise<ItemOutcome> =>
    db()
      .transaction()
      .execute(async (trx) => {
        // Claiming the pending row locks it: a second run of the job (a lease taken over while
        // the first still runs) waits here and then finds the item no longer pending.
        const claimed = await trx
          .updateTable("task_items")
          .set({ updated_at: now() })
          .where("job_id", "=", jobId)
          .where("seq", "=", seq)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) {
          const row = await storedItem(trx, jobId, seq);
          if (!row) throw new Error(`Task ${jobId} has no item ${seq}`);
          return outcomeOf(row);
        }
        const outcome = await write(trx);
        await trx
          .updateTable("task_items")
          .set(outcomeColumns(outcome))
          .where("job_id", "=", jobId)
          .where("seq", "=", seq)
          .execute();
        return outcome;
      });
}

/**
 * The ItemContext of one stored item, for the engine's run and for tests that drive an
 * operation directly. `committed` says whether commit ran (the engine stores the outcome itself
 * otherwise).
 */
export function itemContext<Params>(
  job: { id: number },
  item: { seq: number; href: string; asset_id: number | null; params: string | null },
  viewer: Viewer,
  params: Params,
  signal: AbortSignal,
): ItemContext<Params> & { committed: () => boolean } {
  let committed = false;
  const commit = commitFor(job.id, item.seq);
  return {
    jobId: job.id,
    seq: item.seq,
    href: item.href,
    assetId: item.asset_id,
    params,
    itemParams: (readJson(item.params) as ItemParams | undefined) ?? null,
    viewer,
    signal,
    commit(write) {
      committed = true;
      return commit(write);
    },
    committed: () => committed,
  };
}

function throwIfAborted(signal: AbortSignal) {
  if (signal.aborted)
    throw signal.reason instanceof Error ? signal.reason : new Error("The task was stopped.");
}

async function undoItemOf(undoneJobId: number, seq: number): Promise<UndoItem | null> {
  const row = await storedItem(db(), undoneJobId, seq);
  if (!row) return null;
  return {
    seq: row.seq,
    href: row.href,
    assetId: row.asset_id,
    status: row.status,
    beforeRevision: row.before_revision,
    afterRevision: row.after_revision,
    resultAssetId: row.result_asset_id,
    result: (readJson(row.result) as TaskItemResult | undefined) ?? null,
  };
}

/**
 * The `task` job: walks the pending items in seq order, TASK_CHUNK at a time. An operation's own
 * refusal of an asset is that item's failure; an exception (an outage) is the job's, and the
 * queue runs it again later from the first pending item. Answers the counts of the items.
 */
/*
 * The worker shares the server's event loop, and SQLite's driver answers synchronously: without
 * a turn of the loop per item, a task of thousands would hold every request until it ends. A turn
 * that took long means requests are being served: the task then steps back a little longer, so a
 * page in progress finishes before the next item rather than between every step of it.
 */
async function yieldToRequests() {
  const started = performance.now();
  await new Promise((resolve) => setImmediate(resolve));
  const busy = performance.now() - started;
  if (busy > 1) await new Promise((resolve) => setTimeout(resolve, Math.min(BACK_OFF_MS, busy)));
}
const BACK_OFF_MS = 10;

export async function runTask(job: Job, ctx: TaskRunContext): Promise<TaskCounts> {
  const payload = job.payload as TaskPayload;
  const isUndo = payload.operation === "undo";
  const undo = isUndo ? (payload.params as UndoPayloadParams) : null;
  const name = (undo ? undo.operation : payload.operation) as Exclude<TaskOperationName, "undo">;
  const operation = taskOperationRegistry()[name] as TaskOperation<unknown> | undefined;
  const params = undo ? undo.params : payload.params;

  const owner = job.ownerId === null ? null : await findUserById(job.ownerId);
  if (!isOwnAccount(owner)) {
    await failPendingItems(job.id, OWNER_GONE);
    return taskCounts(job.id);
  }
  if (!operation || (undo && !operation.undo)) {
    await failPendingItems(job.id, taskFailureMessage(payload.operation));
    return taskCounts(job.id);
  }

  const counts = await taskCounts(job.id);
  let finished = counts.total - counts.pending;
  let lastReport = 0;
  for (;;) {
    throwIfAborted(ctx.signal);
    const chunk = await db()
      .selectFrom("task_items")
      .select(["seq", "href", "asset_id", "params"])
      .where("job_id", "=", job.id)
      .where("status", "=", "pending")
      .orderBy("seq")
      .limit(TASK_CHUNK)
      .execute();
    if (chunk.length === 0) break;
    // Rights are checked again as the items run: an asset deleted, hidden or locked since the
    // task began fails here, named, and the rest go on. Undo's items are checked by the
    // operation's undo, which knows where its assets went.
    const decisions = isUndo
      ? null
      : await assetsDecision(
          owner,
          chunk.flatMap((i) => (i.asset_id === null ? [] : [i.asset_id])),
          operation.permission,
        );
    for (const item of chunk) {
      await yieldToRequests();
      throwIfAborted(ctx.signal);
      const ictx = itemContext(job, item, owner, params, ctx.signal);
      let outcome: ItemOutcome;
      const decided = item.asset_id === null ? null : decisions?.get(item.asset_id);
      if (decisions && !decided?.allowed) {
        const error = decided && !decided.allowed ? decided.problem.message : ASSET_NOT_FOUND;
        outcome = { status: "failed", result: { href: item.href, done: false, error } };
      } else if (undo) {
        const undoneSeq = (readJson(item.params) as { undoneSeq?: number } | undefined)?.undoneSeq;
        const undoItem = undoneSeq === undefined ? null : await undoItemOf(undo.jobId, undoneSeq);
        outcome = undoItem
          ? await operation.undo!({ ...ictx, itemParams: null }, undoItem)
          : { status: "failed", result: { href: item.href, done: false, error: ASSET_NOT_FOUND } };
      } else {
        outcome = await operation.apply(ictx);
      }
      if (!ictx.committed()) await settle(job.id, item.seq, outcome);
      finished++;
    }
    if (Date.now() - lastReport > 500 || finished === counts.total) {
      await ctx.progress((finished / Math.max(1, counts.total)) * 100);
      lastReport = Date.now();
    }
  }
  return taskCounts(job.id);
}

/**
 * Called when the job gave up for good (its last attempt failed, or its worker vanished on the
 * last attempt): the items it never reached fail with the catalogue's sentence.
 */
export async function abandonTask(job: Job): Promise<void> {
  const payload = job.payload as TaskPayload;
  await failPendingItems(job.id, taskFailureMessage(payload.operation ?? "undo"));
}
