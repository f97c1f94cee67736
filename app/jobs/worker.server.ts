import crypto from "node:crypto";
import os from "node:os";
import {
  claimNext,
  complete,
  DEFAULT_LEASE_MS,
  DEFAULT_RETRY_BASE_MS,
  fail,
  renewLease,
  reportProgress,
  type Job,
} from "./queue.server";

/*
 * A worker polls the queue for the job types it has handlers for and runs up to `concurrency` of
 * them at once, inside the server or in a process of its own (decision 008).
 *
 * Handlers MUST be idempotent. A job runs again after a failure (up to max_attempts), and when its
 * lease expires (worker crashed, hung, or lost the database for longer than the lease) another
 * worker takes it over while the first run may still be going: write results so that running twice
 * leaves the same state (upserts, content-addressed files, "skip if already there"), and stop as
 * soon as `ctx.signal` is aborted or `ctx.progress` throws LeaseLostError.
 */

export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId}: this worker no longer holds its lease`);
    this.name = "LeaseLostError";
  }
}

/** Thrown by a handler when running again cannot help (a broken file): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

export interface JobContext {
  /** Records progress 0..100 and renews the lease; throws LeaseLostError if the lease is gone. */
  progress(percent: number): Promise<void>;
  /** Aborted when the lease is lost: the job now belongs to someone else. */
  signal: AbortSignal;
  workerId: string;
}

export interface JobHandler {
  (job: Job, ctx: JobContext): Promise<unknown>;
  /**
   * Runs once when a job of this type fails for good because its worker vanished (crash, kill,
   * hang) on the last attempt: the handler's own failure path never ran, so what it would have
   * recorded (an asset's failed state) is recorded here.
   */
  abandoned?: (job: Job) => Promise<void>;
}

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  /** Jobs run at once; default 1. */
  concurrency?: number;
  /** Wait between polls when the queue is empty; default 1000 ms. */
  pollMs?: number;
  /** Lease length; renewed automatically every third of it while a handler runs. */
  leaseMs?: number;
  /** First retry delay, doubled on each further attempt. */
  retryBaseMs?: number;
  workerId?: string;
  onError?: (error: unknown) => void;
}

export interface Worker {
  workerId: string;
  stop(): Promise<void>;
}

const message = (error: unknown) =>
  error instanceof Error ? error.message || error.name : String(error);

export function startWorker(options: WorkerOptions): Worker {
  const types = Object.keys(options.handlers);
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const onError =
    options.onError ?? ((error: unknown) => console.error("[jobs] worker error:", error));

  const running = new Set<Promise<void>>();
  let stopped = false;
  let wake: (() => void) | undefined;

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function run(job: Job) {
    const handler = options.handlers[job.type]!;
    const controller = new AbortController();
    const lost = () => {
      if (!controller.signal.aborted) controller.abort(new LeaseLostError(job.id));
    };
    const heartbeat = setInterval(
      () => {
        renewLease(job.id, workerId, leaseMs).then(
          (held) => held || lost(),
          (error: unknown) => onError(error),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    const ctx: JobContext = {
      workerId,
      signal: controller.signal,
      async progress(percent) {
        if (!(await reportProgress(job.id, workerId, percent, leaseMs))) {
          lost();
          throw new LeaseLostError(job.id);
        }
      },
    };
    try {
      let result: unknown;
      try {
        result = await handler(job, ctx);
      } catch (error) {
        clearInterval(heartbeat);
        // A refused fail() means the job is someone else's now; nothing more to record.
        await fail(job.id, workerId, message(error), {
          retryBaseMs,
          permanent: error instanceof PermanentJobError,
        });
        return;
      }
      clearInterval(heartbeat);
      await complete(job.id, workerId, result);
    } catch (error) {
      onError(error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function loop() {
    while (!stopped) {
      while (!stopped && running.size < concurrency) {
        let job: Job | null;
        try {
          job = await claimNext(workerId, types, leaseMs, async (gone) => {
            await options.handlers[gone.type]?.abandoned?.(gone).catch(onError);
          });
        } catch (error) {
          onError(error);
          break;
        }
        if (!job) break;
        const task: Promise<void> = run(job).finally(() => {
          running.delete(task);
          wake?.(); // a slot is free: look for more work at once
        });
        running.add(task);
      }
      if (!stopped) await sleep(pollMs);
    }
  }

  const looping = types.length > 0 ? loop() : Promise.resolve();

  return {
    workerId,
    async stop() {
      stopped = true;
      wake?.();
      await looping;
      await Promise.allSettled([...running]);
    },
  };
}
