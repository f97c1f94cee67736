/*
 * Polling a background task from a client (spec 000 §4 "Job" and "Copy revision", §9): the
 * task's location is fetched again at the frequency the task itself reports until it is done.
 * Browser-safe; the fetch and the clock are injectable for tests and other runtimes.
 */

export const TASK_STATUS_TYPE = "application/vnd.fotoware.task-status+json";
/** Spec 000 §9: a copied revision is polled 15 times, one second apart. */
export const COPY_REVISION_RETRIES = 15;
export const COPY_REVISION_INTERVAL_MS = 1000;
export const MAX_RETRIES_MESSAGE = "Max retries reached";
const DEFAULT_FREQUENCY_MS = 1000;

export interface PolledTask {
  job: { status: string; updates?: number; [key: string]: unknown };
  [key: string]: unknown;
}

export interface PollOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Told of every status read, the last included. */
  onStatus?: (task: PolledTask) => void;
}

/** A task that ended in a state other than done or notified (or a refused poll). */
export class TaskPollError extends Error {
  constructor(
    message: string,
    readonly status: string | null,
    readonly task: PolledTask | null,
  ) {
    super(message);
    this.name = "TaskPollError";
  }
}

function aborted(signal?: AbortSignal): Error {
  return signal?.reason instanceof Error
    ? signal.reason
    : new DOMException("The poll was stopped.", "AbortError");
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(aborted(signal));
    }
    signal?.addEventListener("abort", stop, { once: true });
  });
}

async function read(location: string, options: PollOptions): Promise<PolledTask> {
  const response = await (options.fetch ?? fetch)(location, {
    headers: { Accept: TASK_STATUS_TYPE },
    credentials: "same-origin",
    signal: options.signal,
  });
  if (!response.ok)
    throw new TaskPollError(`The task could not be read (${response.status}).`, null, null);
  const task = (await response.json()) as PolledTask;
  options.onStatus?.(task);
  return task;
}

/**
 * Polls until the task is done or notified (resolves with its last status). pending and
 * inProgress poll again after the task's updates (milliseconds); any other status rejects with a
 * TaskPollError; aborting the signal stops the pending poll and rejects.
 */
export async function pollTask(location: string, options: PollOptions = {}): Promise<PolledTask> {
  for (;;) {
    if (options.signal?.aborted) throw aborted(options.signal);
    const task = await read(location, options);
    const status = task.job?.status;
    if (status === "done" || status === "notified") return task;
    if (status !== "pending" && status !== "inProgress")
      throw new TaskPollError(`The task ended as "${String(status)}".`, String(status), task);
    const frequency = Number(task.job.updates);
    await wait(
      Number.isFinite(frequency) && frequency > 0 ? frequency : DEFAULT_FREQUENCY_MS,
      options.signal,
    );
  }
}

/**
 * The copy-revision rule (spec 000 §4): up to 15 polls one second apart until done; any state
 * other than pending or done is a failure, and after the last poll the error is
 * "Max retries reached".
 */
export async function pollCopyRevision(
  location: string,
  options: PollOptions = {},
): Promise<PolledTask> {
  for (let attempt = 1; attempt <= COPY_REVISION_RETRIES; attempt++) {
    const task = await read(location, options);
    const status = task.job?.status;
    if (status === "done") return task;
    if (status !== "pending")
      throw new TaskPollError(`The copy ended as "${String(status)}".`, String(status), task);
    if (attempt < COPY_REVISION_RETRIES) await wait(COPY_REVISION_INTERVAL_MS, options.signal);
  }
  throw new TaskPollError(MAX_RETRIES_MESSAGE, "pending", null);
}
