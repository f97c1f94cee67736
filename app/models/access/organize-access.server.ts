import { db } from "~/db/connection.server";
import type { AlertRow } from "~/db/schema";
import type { TaxonomyAclEntry } from "~/models/taxonomy/taxonomy-acl";
import { listArchives, type Archive } from "~/models/archive/archive.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import {
  archiveAccessOf,
  archiveDecision,
  AREA_NOT_FOUND,
  capabilityDecision,
  decided,
  hasCapability,
  LOG_ON,
  type Decision,
} from "./access.server";

/*
 * Who may organize and follow (issue 19, decision 058): taxonomies, smart folders and alerts.
 * Every rule of the three lives here; models and routes ask, never decide.
 */

export const TAXONOMY_NOT_FOUND = "There is no taxonomy at this address.";
export const TAXONOMY_ITEM_NOT_FOUND = "There is no taxonomy item at this address.";
/** Keyed (decision 106): pages read them in the reader's language, the API in English. */
export const SMART_FOLDER_NOT_FOUND = keyed("grid.refusal.smartFolderNotFound");
export const ALERT_NOT_FOUND = keyed("grid.refusal.alertNotFound");

/**
 * Editing taxonomies (add, edit, delete, move, import; allowTaxonomyEditing in the descriptor) is
 * the manageTaxonomies capability. Reading a taxonomy needs only a viewer who may browse.
 */
export async function taxonomyEditDecision(viewer: Viewer | null): Promise<Decision<Viewer>> {
  return capabilityDecision(viewer, "manageTaxonomies");
}

export async function requireTaxonomyEditor(viewer: Viewer | null): Promise<Viewer> {
  return decided(await taxonomyEditDecision(viewer));
}

/** allowTaxonomyEditing for this viewer (no Problem needed). */
export async function mayEditTaxonomies(viewer: Viewer | null): Promise<boolean> {
  return !!viewer && !viewer.isGuest && (await hasCapability(viewer, "manageTaxonomies"));
}

/**
 * Spec 002 §6: without edit rights only items that have children or allow Set are shown, and an
 * item is selectable (assignable to a field) only if it allows Set. Editors see every item.
 */
export function taxonomyItemShown(
  item: { acl: readonly TaxonomyAclEntry[]; hasChildren: boolean },
  canEdit: boolean,
): boolean {
  return canEdit || item.hasChildren || item.acl.includes("Set");
}

export function taxonomyItemSelectable(item: { acl: readonly TaxonomyAclEntry[] }): boolean {
  return item.acl.includes("Set");
}

/** Whether a person who cannot edit may open an item's children (Navigate). */
export function taxonomyItemNavigable(
  item: { acl: readonly TaxonomyAclEntry[] },
  canEdit: boolean,
): boolean {
  return canEdit || item.acl.includes("Navigate");
}

/** Whether an item may narrow a search (the navigation pane's taxonomy filters): Query. */
export function taxonomyItemQueryable(item: { acl: readonly TaxonomyAclEntry[] }): boolean {
  return item.acl.includes("Query");
}

/** Reading an archive's smart folders is seeing the archive. */
export async function smartFoldersReadDecision(
  viewer: Viewer | null,
  archiveId: number,
): Promise<Decision<Archive>> {
  return archiveDecision(viewer, archiveId, "View");
}

/** Creating, editing, deleting and reordering smart folders: EditSmartFolders in the archive. */
export async function smartFoldersEditDecision(
  viewer: Viewer | null,
  archiveId: number,
): Promise<Decision<Archive>> {
  return archiveDecision(viewer, archiveId, "EditSmartFolders");
}

export async function requireSmartFolderEditor(
  viewer: Viewer | null,
  archiveId: number,
): Promise<Archive> {
  return decided(await smartFoldersEditDecision(viewer, archiveId));
}

/**
 * Creating an alert (or moving one to another archive): a signed-in person holding Alert in the
 * archive. The guest is shared by every visitor and keeps no alerts.
 */
export async function alertCreateDecision(
  viewer: Viewer | null,
  archiveId: number,
): Promise<Decision<Archive>> {
  if (!viewer) return { allowed: false, problem: new Problem("unauthenticated", LOG_ON) };
  if (viewer.isGuest)
    return {
      allowed: false,
      problem: new Problem("forbidden", keyed("grid.access.guest.alerts")),
    };
  return archiveDecision(viewer, archiveId, "Alert");
}

/**
 * An alert belongs to its owner alone: anyone else's, and a malformed id, answer exactly as a
 * missing one (the same not-found and words).
 */
export async function alertDecision(
  viewer: Viewer | null,
  alertId: number,
): Promise<Decision<AlertRow>> {
  const notFound = { allowed: false as const, problem: new Problem("not-found", ALERT_NOT_FOUND) };
  if (!viewer) return { allowed: false, problem: new Problem("unauthenticated", LOG_ON) };
  if (viewer.isGuest || !Number.isSafeInteger(alertId) || alertId <= 0) return notFound;
  const alert = await db()
    .selectFrom("alerts")
    .selectAll()
    .where("id", "=", alertId)
    .where("user_id", "=", viewer.id)
    .executeTakeFirst();
  return alert ? { allowed: true, value: alert } : notFound;
}

export async function requireAlert(viewer: Viewer | null, alertId: number): Promise<AlertRow> {
  return decided(await alertDecision(viewer, alertId));
}

/*
 * The taxonomy administration pages (decision 059): holders of manageTaxonomies only; to anyone
 * else signed in they answer as an unknown address, like the other admin areas.
 */
export async function taxonomyAdminDecision(viewer: Viewer | null): Promise<Decision<Viewer>> {
  const decision = await taxonomyEditDecision(viewer);
  if (decision.allowed || decision.problem.kind === "unauthenticated") return decision;
  return { allowed: false, problem: new Problem("not-found", AREA_NOT_FOUND) };
}

/** Whether the viewer may set alerts anywhere (the header's alerts menu, spec 000 §5). */
export async function mayCreateAlerts(viewer: Viewer | null): Promise<boolean> {
  return (await alertArchives(viewer)).length > 0;
}

/**
 * The archives a person may set an alert on (the alerts list's archive select, the header's
 * alerts menu): signed in, holding Alert, and seeing the archive (hidden ones only the site owner).
 */
export async function alertArchives(viewer: Viewer | null): Promise<Archive[]> {
  if (!viewer || viewer.isGuest) return [];
  const [access, archives] = await Promise.all([archiveAccessOf(viewer), listArchives()]);
  return archives.filter((archive) => {
    const granted = access.get(archive.id)?.permissions;
    return !!granted && granted.has("Alert") && (!archive.isHidden || viewer.isSiteOwner);
  });
}
