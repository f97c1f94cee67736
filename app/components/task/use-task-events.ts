import { useEffect, useState } from "react";
import { taskEventsPath } from "~/utils/links";

/*
 * A task's live progress on its page (decision 047): an EventSource on the task's event stream
 * while it runs; each `status` event brings the counts and the items finished since the last
 * one, merged here by seq. Without JavaScript the page refreshes itself instead.
 */

export interface LiveResult {
  seq: number;
  href: string;
  done: boolean;
  status: string;
  error?: string;
  "result-href"?: string;
  "result-filename"?: string;
}

export interface LiveTask {
  status: string;
  progress: number;
  counts: { done: number; failed: number; skipped: number; pending: number; total: number };
  error?: string;
  results: LiveResult[];
}

const FINAL = new Set(["done", "failed", "notified"]);

export function useTaskEvents(jobId: number, initial: LiveTask, onFinished?: () => void): LiveTask {
  const [task, setTask] = useState(initial);
  useEffect(() => setTask(initial), [initial]);
  const running = !FINAL.has(initial.status);
  useEffect(() => {
    if (!running || typeof EventSource === "undefined") return;
    const source = new EventSource(taskEventsPath(jobId));
    source.addEventListener("status", (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LiveTask;
      setTask((current) => {
        const changed = new Map(event.results.map((r) => [r.seq, r]));
        const results = current.results.map((r) => changed.get(r.seq) ?? r);
        return { ...event, results };
      });
      if (FINAL.has(event.status)) {
        source.close();
        onFinished?.();
      }
    });
    return () => source.close();
    // onFinished (the page's revalidate) changes every render: it must not reopen the stream.
  }, [jobId, running]);
  return task;
}
