import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { db, now } from "~/db/connection.server";
import { claimFirstJob } from "~/db/dialect.server";
import type { Database, JobRow, JobStatus } from "~/db/schema";

/*
 * The background job queue (decision 008): one `jobs` table on both dialects. A worker claims a
 * due job, which gives it a lease (lease_owner, lease_expires_at); every later write by that
 * worker is conditional on still holding an unexpired lease. A job whose lease expired (the worker
 * crashed or hung) is due again and another worker takes it over, so handlers must be idempotent:
 * a job may run more than once, and a run may be cut off at any point.
 */

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_RETRY_BASE_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

export interface Job<Payload = unknown, Result = unknown> {
  id: number;
  type: string;
  payload: Payload;
  status: JobStatus;
  progress: number;
  result: Result | null;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  runAfter: string;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  ownerId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface EnqueueOptions {
  ownerId?: number | null;
  maxAttempts?: number;
  /** Not taken before this instant. */
  runAfter?: Date;
  /** Enqueue inside the caller's transaction, so the job exists exactly when its rows do. */
  executor?: Kysely<Database>;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const toJson = (value: unknown) => JSON.stringify(value ?? null);

function toJob(row: JobRow): Job {
  return {
    id: Number(row.id),
    type: row.type,
    payload: parseJson(row.payload),
    status: row.status,
    progress: Number(row.progress),
    result: parseJson(row.result),
    error: row.error,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAfter: row.run_after,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    ownerId: row.owner_id === null ? null : Number(row.owner_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

export async function enqueue<Payload>(
  type: string,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<Job<Payload>> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error("maxAttempts must be a positive integer");
  }
  const at = now();
  const row = await (options.executor ?? db())
    .insertInto("jobs")
    .values({
      type,
      payload: toJson(payload),
      status: "pending",
      max_attempts: maxAttempts,
      run_after: options.runAfter ? options.runAfter.toISOString() : at,
      owner_id: options.ownerId ?? null,
      result: null,
      error: null,
      lease_owner: null,
      lease_expires_at: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toJob(row) as Job<Payload>;
}

export async function getJob(id: number): Promise<Job | null> {
  const row = await db().selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toJob(row) : null;
}

/** A user's jobs, newest first (the owner index serves it). */
export async function jobsOwnedBy(ownerId: number, limit: number): Promise<Job[]> {
  const rows = await db()
    .selectFrom("jobs")
    .selectAll()
    .where("owner_id", "=", ownerId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toJob);
}

/** Due: pending and past run_after, or in progress with an expired lease and attempts left. */
function isDue(eb: ExpressionBuilder<Database, "jobs">, types: string[], at: string) {
  return eb.and([
    eb("type", "in", types),
    eb.or([
      eb.and([eb("status", "=", "pending"), eb("run_after", "<=", at)]),
      eb.and([
        eb("status", "=", "inProgress"),
        eb("lease_expires_at", "<=", at),
        eb("attempts", "<", eb.ref("max_attempts")),
      ]),
    ]),
  ]);
}

/**
 * A job in progress whose lease expired on its last attempt is not run again: it failed. Run
 * before each claim so such jobs do not stay "in progress" for ever.
 */
async function failAbandoned(types: string[], at: string): Promise<Job[]> {
  const rows = await db()
    .updateTable("jobs")
    .set({
      status: "failed",
      error: "The worker stopped responding on the last attempt",
      lease_owner: null,
      lease_expires_at: null,
      updated_at: at,
    })
    .where("type", "in", types)
    .where("status", "=", "inProgress")
    .where("lease_expires_at", "<=", at)
    .where((eb) => eb("attempts", ">=", eb.ref("max_attempts")))
    .returningAll()
    .execute();
  return rows.map(toJob);
}

/**
 * Atomically takes one due job of the given types for `workerId`: it becomes inProgress with a
 * lease of `leaseMs` and one more attempt. Null when nothing is due.
 */
export async function claimNext(
  workerId: string,
  types: string[],
  leaseMs: number = DEFAULT_LEASE_MS,
  /** Told of each job this call failed for good because its worker vanished on the last try. */
  onAbandoned?: (job: Job) => Promise<void>,
): Promise<Job | null> {
  if (types.length === 0) return null;
  const at = now();
  // The UPDATE ... RETURNING hands each abandoned job to exactly one claimer.
  for (const job of await failAbandoned(types, at)) await onAbandoned?.(job);
  const claim = {
    status: "inProgress" as const,
    lease_owner: workerId,
    lease_expires_at: later(leaseMs),
    attempts: sql<number>`attempts + 1`,
    updated_at: at,
  };

  const row = await claimFirstJob((eb) => isDue(eb, types, at), claim);
  return row ? toJob(row) : null;
}

/** Rows this worker may still write: in progress, leased to it, lease not expired. */
function heldBy(eb: ExpressionBuilder<Database, "jobs">, id: number, workerId: string) {
  return eb.and([
    eb("id", "=", id),
    eb("status", "=", "inProgress"),
    eb("lease_owner", "=", workerId),
    eb("lease_expires_at", ">", now()),
  ]);
}

/** Extends the lease; false when the lease is no longer this worker's. */
export async function renewLease(
  id: number,
  workerId: string,
  leaseMs: number = DEFAULT_LEASE_MS,
): Promise<boolean> {
  const result = await db()
    .updateTable("jobs")
    .set({ lease_expires_at: later(leaseMs), updated_at: now() })
    .where((eb) => heldBy(eb, id, workerId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records progress (0..100) and renews the lease; false when the lease is not this worker's. */
export async function reportProgress(
  id: number,
  workerId: string,
  progress: number,
  leaseMs: number = DEFAULT_LEASE_MS,
): Promise<boolean> {
  const value = Math.min(100, Math.max(0, Math.round(Number.isFinite(progress) ? progress : 0)));
  const result = await db()
    .updateTable("jobs")
    .set({ progress: value, lease_expires_at: later(leaseMs), updated_at: now() })
    .where((eb) => heldBy(eb, id, workerId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the job done with its result; false when the lease is not this worker's. */
export async function complete(id: number, workerId: string, result: unknown): Promise<boolean> {
  const updated = await db()
    .updateTable("jobs")
    .set({
      status: "done",
      progress: 100,
      result: toJson(result),
      error: null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now(),
    })
    .where((eb) => heldBy(eb, id, workerId))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Delay before attempt `attempts + 1`: base, 2 × base, 4 × base, ... capped at an hour. */
export function retryDelay(attempts: number, baseMs: number = DEFAULT_RETRY_BASE_MS) {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records a failed attempt: the job is pending again after an exponential backoff while attempts
 * remain, otherwise failed. False when the lease is not this worker's.
 */
export async function fail(
  id: number,
  workerId: string,
  error: string,
  options: { retryBaseMs?: number; permanent?: boolean } = {},
): Promise<boolean> {
  const row = await db()
    .selectFrom("jobs")
    .select(["attempts", "max_attempts"])
    .where((eb) => heldBy(eb, id, workerId))
    .executeTakeFirst();
  if (!row) return false;
  const attempts = Number(row.attempts);
  const retry = !options.permanent && attempts < Number(row.max_attempts);
  const message = error.slice(0, 4000);
  const updated = await db()
    .updateTable("jobs")
    .set({
      status: retry ? "pending" : "failed",
      error: message,
      ...(retry ? { run_after: later(retryDelay(attempts, options.retryBaseMs)) } : {}),
      lease_owner: null,
      lease_expires_at: null,
      updated_at: now(),
    })
    .where((eb) => heldBy(eb, id, workerId))
    .where("attempts", "=", attempts)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The owner has been told of the outcome: done or failed becomes notified. */
export async function markNotified(id: number): Promise<boolean> {
  const updated = await db()
    .updateTable("jobs")
    .set({ status: "notified", updated_at: now() })
    .where("id", "=", id)
    .where("status", "in", ["done", "failed"])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
