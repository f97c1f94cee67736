import { LINKS } from "~/utils/links";

/*
 * Copy revision with JavaScript (spec 000 §4 and §9): a duplicate task of one revision, then up
 * to 15 polls of its location one second apart. A task still pending or in progress is polled
 * again (the spec names pending only; a duplicate that has started is not a failure), done is
 * success, anything else a failure; after the last poll, 'Max retries reached'.
 */

export const COPY_POLLS = 15;
export const COPY_POLL_MS = 1000;
export const MAX_RETRIES_MESSAGE = "Max retries reached";

const DUPLICATE_REQUEST = "application/vnd.fotoware.duplicate-request+json";

export interface CopyOutcome {
  ok: boolean;
  message: string;
  /** The new asset, when the task reports it. */
  resultHref?: string;
}

async function errorText(response: Response, fallback: string) {
  try {
    const body = (await response.json()) as { value?: string };
    return body.value ?? fallback;
  } catch {
    return fallback;
  }
}

export async function copyRevision(
  assetHref: string,
  revision: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<CopyOutcome> {
  const started = await fetch(LINKS.backgroundTasks, {
    method: "POST",
    headers: { "Content-Type": DUPLICATE_REQUEST, Accept: "application/json" },
    body: JSON.stringify({ assets: [{ href: assetHref, revision }] }),
  });
  const location = started.headers.get("Location");
  if (started.status !== 201 || !location)
    return { ok: false, message: await errorText(started, "The copy could not be started.") };
  for (let poll = 0; poll < COPY_POLLS; poll++) {
    await wait(COPY_POLL_MS);
    const response = await fetch(location, { headers: { Accept: "application/json" } });
    if (!response.ok)
      return { ok: false, message: await errorText(response, "The copy's status is unknown.") };
    // TaskStatus (reference): the job's state and its per-asset results.
    const { job: task } = (await response.json()) as {
      job: {
        status?: string;
        result?: { done?: boolean; error?: string; "result-href"?: string }[];
      };
    };
    if (task.status === "done" || task.status === "notified") {
      const item = task.result?.[0];
      if (item && item.done === false)
        return { ok: false, message: item.error ?? "The revision was not copied." };
      return {
        ok: true,
        message: `Revision ${revision} is copied.`,
        resultHref: item?.["result-href"],
      };
    }
    if (task.status !== "pending" && task.status !== "inProgress")
      return { ok: false, message: "The copy failed." };
  }
  return { ok: false, message: MAX_RETRIES_MESSAGE };
}
