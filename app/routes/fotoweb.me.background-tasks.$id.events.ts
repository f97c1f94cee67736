import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { findTask, TASK_NOT_FOUND } from "~/models/background-task/task-engine.server";
import { isFinalTaskStatus, taskProgressSince } from "~/models/background-task/task-status.server";
import { apiError, apiHandler } from "~/http/http.server";
import { keyedResolverFor } from "~/http/locale/locale.server";
import { requireViewer } from "~/http/session.server";

/*
 * GET /fotoweb/me/background-tasks/{id}/events: a task's progress as server-sent events
 * (decision 047), for its owner only. The stream reads the database every POLL_MS (no memory
 * shared between requests, so any server instance answers), sends a `status` event whenever
 * something changed and a `heartbeat` every HEARTBEAT_MS, and ends when the task has finished.
 */
const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireViewer(request);
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const first = await findTask(viewer, id);
  if (!first) return apiError(request, 404, TASK_NOT_FOUND);
  // The task page's stream: its items' stored refusals in the page's language.
  const read = await keyedResolverFor(request);

  const response = eventStream(request.signal, (send, close) => {
    let since = new Date(0).toISOString();
    let last = "";
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let quietSince = Date.now();
    const tick = async () => {
      try {
        const job = await findTask(viewer, id);
        if (stopped) return;
        if (!job) return close();
        const event = await taskProgressSince(job, since, read);
        since = event.at;
        const key = JSON.stringify([event.status, event.counts]);
        if (key !== last || event.results.length > 0) {
          last = key;
          quietSince = Date.now();
          send({ event: "status", data: JSON.stringify(event) });
        } else if (Date.now() - quietSince >= HEARTBEAT_MS) {
          quietSince = Date.now();
          send({ event: "heartbeat", data: "" });
        }
        if (isFinalTaskStatus(event.status)) return close();
      } catch {
        return close();
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  });
  // no-transform: the compression middleware must not hold events back in its buffer.
  response.headers.set("Cache-Control", "no-cache, no-transform");
  return response;
});
