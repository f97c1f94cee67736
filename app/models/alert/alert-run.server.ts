import { sql } from "kysely";
import { db } from "~/db/connection.server";
import type { AlertRow } from "~/db/schema";
import { enqueue } from "~/jobs/queue.server";
import { alertCreateDecision } from "~/models/access/organize-access.server";
import { assetViews, previewFor } from "~/models/asset/asset-view.server";
import { queueMail } from "~/models/mail/mail.server";
import { mailLocaleOf } from "~/models/locale/recipient.server";
import {
  DEFAULT_SORT,
  listAssets,
  parseQueries,
  type ListedAsset,
  type PageRequest,
} from "~/models/search/search.server";
import { findUserById } from "~/models/user/user.server";
import { env } from "~/utils/env.server";
import { alertHref } from "~/utils/links";
import { nextRunAfter, systemClock, type Clock } from "./alert.server";
import { alertDigest, type DigestAsset } from "./alert.view";
import { searchTimeZoneOf } from "~/models/search/search-zone.server";

/*
 * Alerts fire (issue 19, decision 062). A scheduler tick queues one job per due alert; the job
 * looks at the window (checked_until, now]: the assets of the alert's archive that arrived or
 * changed in it, that match the search and that the OWNER sees now (members' filters, hidden
 * archives, lost permissions and the trash can all apply), and that the alert never reported.
 * The reports, the queued mail and the window's new end are written in one transaction, guarded
 * by the window's old end: a run cut off before it repeats the window, a run repeated after it
 * finds nothing due. Nothing reported twice (the reports' primary key), nothing missed.
 */

export const ALERT_JOB = "alert";

export interface AlertPayload {
  alertId: number;
}

/** Most assets one run reports (a mass import); past it the digest says how many it shows. */
export const MAX_ALERT_ASSETS = 10_000;
const PAGE = 500;
/** Most assets one mail shows with a thumbnail; the mail links the search for the rest. */
export const MAX_DIGEST_ROWS = 50;

/**
 * Queues a job for each alert due at `at` that has none waiting or running. Runs on a timer in
 * server/index.ts; `at` is a parameter so tests move the clock.
 */
export async function queueDueAlerts(at: Date = new Date()): Promise<number> {
  const due = await db()
    .selectFrom("alerts")
    .select("id")
    .where("next_run_at", "<=", at.toISOString())
    .orderBy("next_run_at")
    .limit(1000)
    .execute();
  if (due.length === 0) return 0;
  const waiting = await db()
    .selectFrom("jobs")
    .select("payload")
    .where("type", "=", ALERT_JOB)
    .where("status", "in", ["pending", "inProgress"])
    .execute();
  const queued = new Set(
    waiting.flatMap((row) => {
      try {
        return [Number((JSON.parse(row.payload) as AlertPayload).alertId)];
      } catch {
        return [];
      }
    }),
  );
  let count = 0;
  for (const { id } of due) {
    if (queued.has(id)) continue;
    await enqueue<AlertPayload>(ALERT_JOB, { alertId: id }, { maxAttempts: 5 });
    count++;
  }
  return count;
}

/** Where links in alert mail point: PUBLIC_ORIGIN, else this server's own address. */
export function mailOrigin(): string {
  const { PUBLIC_ORIGIN, PORT } = env();
  return PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? `http://localhost:${PORT}`;
}

export interface AlertRunResult {
  alertId: number;
  /** Why nothing ran: the alert is gone or not due. */
  skipped?: "missing" | "not-due" | "moved-on";
  reported: number;
  mailId: number | null;
  checkedUntil?: string;
}

/** The new assets the owner sees in the window, not yet reported, oldest first. */
async function candidates(
  alert: AlertRow,
  viewer: NonNullable<Awaited<ReturnType<typeof findUserById>>>,
  until: string,
): Promise<ListedAsset[]> {
  let search;
  try {
    search = parseQueries([alert.search_string], { timeZone: await searchTimeZoneOf(viewer) });
  } catch {
    // A search that no longer reads (the parser grew stricter) reports nothing.
    return [];
  }
  const found: ListedAsset[] = [];
  let page: PageRequest = { from: "first" };
  // Page by page: a burst of arrivals is reported whole, never cut at a page's end.
  for (;;) {
    const result = await listAssets({
      viewer,
      archiveId: alert.archive_id,
      search,
      changedWithin: { after: alert.checked_until, until },
      sort: { key: DEFAULT_SORT.key, descending: false },
      page,
      limit: PAGE,
    });
    found.push(...result.assets);
    if (!result.next || found.length >= MAX_ALERT_ASSETS) break;
    page = { from: "after", cursor: result.next };
  }
  if (found.length === 0) return [];
  const reported = await db()
    .selectFrom("alert_reports")
    .select("asset_id")
    .where("alert_id", "=", alert.id)
    .where(
      "asset_id",
      "in",
      found.map((a) => a.id),
    )
    .execute();
  const seen = new Set(reported.map((r) => r.asset_id));
  return found.filter((a) => !seen.has(a.id));
}

/**
 * Runs one alert at `clock()`: reports what newly matches and moves its window on. An owner who
 * lost Alert or View on the archive (or the account) gets nothing; the window still moves.
 */
export async function runAlert(
  alertId: number,
  clock: Clock = systemClock,
): Promise<AlertRunResult> {
  const at = clock();
  const alert = await db()
    .selectFrom("alerts")
    .selectAll()
    .where("id", "=", alertId)
    .executeTakeFirst();
  if (!alert) return { alertId, skipped: "missing", reported: 0, mailId: null };
  if (alert.next_run_at > at.toISOString())
    return { alertId, skipped: "not-due", reported: 0, mailId: null };
  const until = at.toISOString();
  const owner = await findUserById(alert.user_id);
  const allowed = owner !== null && (await alertCreateDecision(owner, alert.archive_id)).allowed;
  let found: ListedAsset[] = [];
  if (owner && allowed && owner.email.trim() !== "") {
    found = await candidates(alert, owner, until);
  }
  let mail: { to: string; subject: string; text: string; html: string } | null = null;
  if (owner && found.length > 0) {
    // Thumbnails and links for the first rows; the count and the search link cover the rest.
    const views = await assetViews(owner, found.slice(0, MAX_DIGEST_ROWS));
    const origin = mailOrigin();
    const assets: DigestAsset[] = views.map((view) => ({
      name: view.filename,
      title: view.builtinFields.find((f) => f.field === "title")?.value.toString() ?? "",
      href: new URL(view.href, origin).href,
      thumbnail: (() => {
        const preview = previewFor(view, 200);
        return preview ? new URL(preview.href, origin).href : null;
      })(),
    }));
    const archiveView = views[0];
    if (archiveView)
      mail = {
        to: owner.email,
        ...alertDigest(
          {
            searchString: alert.search_string,
            archiveName: archiveView.archiveName,
            searchHref: new URL(
              `${archiveView.archiveHREF}?${new URLSearchParams({ q: alert.search_string })}`,
              origin,
            ).href,
            manageHref: new URL(alertHref(alert.id), origin).href,
            assets,
            total: found.length,
          },
          (await mailLocaleOf(owner.id)).t,
        ),
      };
  }
  const nextRun = nextRunAfter(new Date(until), alert.interval).toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      // Guarded by the window's old end: another run that finished it first wins, this one ends.
      const moved = await trx
        .updateTable("alerts")
        .set({ checked_until: until, next_run_at: nextRun })
        .where("id", "=", alert.id)
        .where("checked_until", "=", alert.checked_until)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0)
        return { alertId, skipped: "moved-on" as const, reported: 0, mailId: null };
      if (found.length === 0 || !mail)
        return { alertId, reported: 0, mailId: null, checkedUntil: until };
      const reportedAt = at.toISOString();
      await trx
        .insertInto("alert_reports")
        .values(found.map((a) => ({ alert_id: alert.id, asset_id: a.id, reported_at: reportedAt })))
        .onConflict((oc) => oc.columns(["alert_id", "asset_id"]).doNothing())
        .execute();
      const { id } = await queueMail({ kind: "alert", ...mail }, trx);
      return { alertId, reported: found.length, mailId: id, checkedUntil: until };
    });
}

/** How many assets an alert has reported (the list shows nothing of it; tests and admins do). */
export async function reportedAssets(alertId: number): Promise<number[]> {
  const rows = await db()
    .selectFrom("alert_reports")
    .select("asset_id")
    .where("alert_id", "=", alertId)
    .orderBy(sql`asset_id`)
    .execute();
  return rows.map((r) => r.asset_id);
}
