import "~/components/shell/shell-bundle";
import { readerHeaders } from "~/utils/reader-header";
import { LINKS } from "~/utils/links";

/*
 * Copy revision with JavaScript (spec 000 §4 and §9): a duplicate task of one revision, then up
 * to 15 polls of its location one second apart. A task still pending or in progress is polled
 * again (the spec names pending only; a duplicate that has started is not a failure), done is
 * success, anything else a failure; after the last poll, 'Max retries reached'.
 */

export const COPY_POLLS = 15;
export const COPY_POLL_MS = 1000;

const DUPLICATE_REQUEST = "application/vnd.fotoware.duplicate-request+json";

export interface CopyOutcome {
  ok: boolean;
  /** What happened; the list says it in the page's language. */
  code: "copied" | "notStarted" | "statusUnknown" | "notCopied" | "failed" | "maxRetries";
  /** The server's or the task's reason, where it gave one. */
  detail?: string;
  /** The new asset, when the task reports it. */
  resultHref?: string;
}

async function errorText(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { value?: string };
    return body.value;
  } catch {
    return undefined;
  }
}

export async function copyRevision(
  assetHref: string,
  revision: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<CopyOutcome> {
  const started = await fetch(LINKS.backgroundTasks, {
    method: "POST",
    headers: readerHeaders({ "Content-Type": DUPLICATE_REQUEST, Accept: "application/json" }),
    body: JSON.stringify({ assets: [{ href: assetHref, revision }] }),
  });
  const location = started.headers.get("Location");
  if (started.status !== 201 || !location)
    return { ok: false, code: "notStarted", detail: await errorText(started) };
  for (let poll = 0; poll < COPY_POLLS; poll++) {
    await wait(COPY_POLL_MS);
    const response = await fetch(location, {
      headers: readerHeaders({ Accept: "application/json" }),
    });
    if (!response.ok)
      return { ok: false, code: "statusUnknown", detail: await errorText(response) };
    // TaskStatus (reference): the job's state and its per-asset results.
    const { job: task } = (await response.json()) as {
      job: {
        status?: string;
        result?: { done?: boolean; error?: string; "result-href"?: string }[];
      };
    };
    if (task.status === "done" || task.status === "notified") {
      const item = task.result?.[0];
      if (item && item.done === false) return { ok: false, code: "notCopied", detail: item.error };
      return { ok: true, code: "copied", resultHref: item?.["result-href"] };
    }
    if (task.status !== "pending" && task.status !== "inProgress")
      return { ok: false, code: "failed" };
  }
  return { ok: false, code: "maxRetries" };
}
