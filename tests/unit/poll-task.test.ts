import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  MAX_RETRIES_MESSAGE,
  pollCopyRevision,
  pollTask,
  TaskPollError,
  type PolledTask,
} from "~/components/task/poll-task";

/*
 * The client's polling of a background task (spec 000 §4 and §9): at the frequency the task
 * reports until done or notified, other final states are errors, stopping aborts; and the
 * copy-revision rule: 15 polls one second apart, then "Max retries reached".
 */

function fakeFetch(statuses: (string | number)[], frequency?: number) {
  const calls: number[] = [];
  const fetch = vi.fn(async () => {
    calls.push(Date.now());
    const next = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    if (typeof next === "number") return new Response("{}", { status: next });
    const body: PolledTask = {
      job: { status: next, ...(frequency ? { updates: frequency } : {}) },
    };
    return Response.json(body);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, mock: fetch };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pollTask", () => {
  test("polls at the task's own frequency until done", async () => {
    const { fetch, calls } = fakeFetch(["pending", "inProgress", "inProgress", "done"], 250);
    const seen: string[] = [];
    const result = pollTask("/fotoweb/me/background-tasks/1", {
      fetch,
      onStatus: (t) => seen.push(t.job.status),
    });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toMatchObject({ job: { status: "done" } });
    expect(seen).toEqual(["pending", "inProgress", "inProgress", "done"]);
    expect(calls.slice(1).map((t, i) => t - calls[i]!)).toEqual([250, 250, 250]);
  });

  test("notified is success too; without a frequency it waits a second", async () => {
    const { fetch, calls } = fakeFetch(["pending", "notified"]);
    const result = pollTask("/t", { fetch });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toMatchObject({ job: { status: "notified" } });
    expect(calls[1]! - calls[0]!).toBe(1000);
  });

  test("any other final status is an error carrying the status", async () => {
    const { fetch } = fakeFetch(["pending", "failed"], 100);
    const result = pollTask("/t", { fetch });
    const caught = result.catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = await caught;
    expect(error).toBeInstanceOf(TaskPollError);
    expect((error as TaskPollError).status).toBe("failed");
  });

  test("a refused poll is an error", async () => {
    const { fetch } = fakeFetch([404]);
    await expect(pollTask("/t", { fetch })).rejects.toThrow("(404)");
  });

  test("stopping aborts the pending poll and nothing more is fetched", async () => {
    const { fetch, mock } = fakeFetch(["pending"], 1000);
    const controller = new AbortController();
    const result = pollTask("/t", { fetch, signal: controller.signal });
    const caught = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1500);
    expect(mock).toHaveBeenCalledTimes(2);
    controller.abort();
    await vi.advanceTimersByTimeAsync(5000);
    expect(((await caught) as Error).name).toBe("AbortError");
    expect(mock).toHaveBeenCalledTimes(2);
  });
});

describe("pollCopyRevision", () => {
  test("done within the retries resolves", async () => {
    const { fetch, calls } = fakeFetch(["pending", "pending", "done"]);
    const result = pollCopyRevision("/t", { fetch });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toMatchObject({ job: { status: "done" } });
    expect(calls.slice(1).map((t, i) => t - calls[i]!)).toEqual([1000, 1000]);
  });

  test("15 polls one second apart, then 'Max retries reached'", async () => {
    const { fetch, calls } = fakeFetch(["pending"]);
    const caught = pollCopyRevision("/t", { fetch }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await caught) as Error;
    expect(error.message).toBe(MAX_RETRIES_MESSAGE);
    expect(calls).toHaveLength(15);
    expect(calls.at(-1)! - calls[0]!).toBe(14_000);
  });

  test("a state other than pending or done fails at once", async () => {
    const { fetch, calls } = fakeFetch(["pending", "inProgress"]);
    const caught = pollCopyRevision("/t", { fetch }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect((await caught) as TaskPollError).toMatchObject({ status: "inProgress" });
    expect(calls).toHaveLength(2);
  });
});
