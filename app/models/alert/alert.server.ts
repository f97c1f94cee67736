import { db } from "~/db/connection.server";
import type { AlertInterval, AlertRow } from "~/db/schema";
import {
  alertArchives,
  alertCreateDecision,
  requireAlert,
} from "~/models/access/organize-access.server";
import { decided, isOwnAccount } from "~/models/access/access.server";
import { listArchives, type Archive } from "~/models/archive/archive.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { parseSearchExpression } from "~/models/search/search-expression";
import type { Viewer } from "~/models/user/user.schema";
import { alertHref } from "~/utils/links";
import type { AlertInput, AlertView } from "./alert.schema";

/*
 * A person's alerts (issue 19, decision 062): saved searches on one archive, mailed as a digest at
 * their interval (alert-run.server.ts). Each is its owner's alone; the rules are the access
 * module's (alertCreateDecision, requireAlert).
 */

export const INVALID_SEARCH_HEADING = "InvalidSearchExpression";

/** "now" for the model: a parameter, so tests move the clock without touching the real one. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The instant after `from` when an alert of this interval is next due (immediate: a minute). */
export function nextRunAfter(from: Date, interval: AlertInterval): Date {
  const next = new Date(from.getTime());
  switch (interval) {
    case "immediate":
      next.setUTCMinutes(next.getUTCMinutes() + 1);
      break;
    case "every_hour":
      next.setUTCHours(next.getUTCHours() + 1);
      break;
    case "every_6_hours":
      next.setUTCHours(next.getUTCHours() + 6);
      break;
    case "every_day":
      next.setUTCDate(next.getUTCDate() + 1);
      break;
    case "every_week":
      next.setUTCDate(next.getUTCDate() + 7);
      break;
    case "every_month":
      next.setUTCMonth(next.getUTCMonth() + 1);
      break;
  }
  return next;
}

/** The search must read as the archive search reads it, or the alert is refused. */
export function checkAlertSearch(searchString: string): void {
  const parsed = parseSearchExpression(searchString);
  if (!parsed.ok)
    throw new Problem("invalid", parsed.message, {
      heading: INVALID_SEARCH_HEADING,
      code: "searchString",
    });
}

export function toAlertView(row: AlertRow, archive: Pick<Archive, "href" | "name">): AlertView {
  return {
    id: String(row.id),
    href: alertHref(row.id),
    collection: archive.href,
    archiveName: archive.name,
    interval: row.interval,
    dtSearchString: row.search_string,
    created: row.created_at,
    modified: row.updated_at,
  };
}

async function viewOf(row: AlertRow): Promise<AlertView> {
  const archive = (await listArchives()).find((a) => a.id === row.archive_id);
  return toAlertView(row, archive ?? { href: "", name: "" });
}

/** The viewer's alerts, oldest first; signed out or the guest have none. */
export async function listAlerts(viewer: Viewer | null): Promise<AlertView[]> {
  if (!isOwnAccount(viewer)) return [];
  const [rows, archives] = await Promise.all([
    db()
      .selectFrom("alerts")
      .selectAll()
      .where("user_id", "=", viewer.id)
      .orderBy("id", "asc")
      .execute(),
    listArchives(),
  ]);
  const byId = new Map(archives.map((a) => [a.id, a] as const));
  return rows.flatMap((row) => {
    const archive = byId.get(row.archive_id);
    return archive ? [toAlertView(row, archive)] : [];
  });
}

export async function findAlert(viewer: Viewer | null, id: number): Promise<AlertView> {
  return viewOf(await requireAlert(viewer, id));
}

/** Creates an alert: Alert on the archive, a readable search; due first after one interval. */
export async function createAlert(
  viewer: Viewer | null,
  input: AlertInput,
  clock: Clock = systemClock,
): Promise<AlertView> {
  const archive = decided(await alertCreateDecision(viewer, input.archiveId));
  checkAlertSearch(input.searchString);
  const at = clock();
  const row = await db()
    .insertInto("alerts")
    .values({
      user_id: viewer!.id,
      archive_id: archive.id,
      interval: input.interval,
      search_string: input.searchString,
      // Only what arrives from now on is reported.
      checked_until: at.toISOString(),
      next_run_at: nextRunAfter(at, input.interval).toISOString(),
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAlertView(row, archive);
}

/**
 * Changes an alert's interval, search and archive; a new archive needs Alert as creating does.
 * The window it has checked stays; the next run follows the new interval from its end.
 */
export async function updateAlert(
  viewer: Viewer | null,
  id: number,
  input: AlertInput,
  clock: Clock = systemClock,
): Promise<AlertView> {
  const current = await requireAlert(viewer, id);
  const archive = decided(await alertCreateDecision(viewer, input.archiveId));
  checkAlertSearch(input.searchString);
  const row = await db()
    .updateTable("alerts")
    .set({
      archive_id: archive.id,
      interval: input.interval,
      search_string: input.searchString,
      next_run_at: nextRunAfter(new Date(current.checked_until), input.interval).toISOString(),
      updated_at: clock().toISOString(),
    })
    .where("id", "=", current.id)
    .where("user_id", "=", viewer!.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw await missing(viewer, id);
  return toAlertView(row, archive);
}

export async function deleteAlert(viewer: Viewer | null, id: number): Promise<void> {
  const current = await requireAlert(viewer, id);
  await db()
    .deleteFrom("alerts")
    .where("id", "=", current.id)
    .where("user_id", "=", viewer!.id)
    .execute();
}

/* Gone between the check and the write: the same answer as any missing alert. */
async function missing(viewer: Viewer | null, id: number): Promise<unknown> {
  try {
    await requireAlert(viewer, id);
  } catch (error) {
    return error;
  }
  return new Problem("conflict", keyed("grid.refusal.alertChanged"));
}

export { alertArchives };
