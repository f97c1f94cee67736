import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { db } from "~/db/connection.server";
import type { AssetRow, Database } from "~/db/schema";
import {
  archiveAccess,
  listArchives,
  uploadTargets as archiveUploadTargets,
  type Archive,
  type ArchiveAccess,
} from "~/models/archive/archive.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { archiveIdsOfAssets, assetColumns } from "~/models/asset/asset-rows.server";
import { CAPABILITIES, type Capability } from "~/models/group/group.schema";
import { capabilitiesFromGroups } from "~/models/group/membership.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { delegationDecision, rightsOfAccount, rightsThroughGroups } from "./delegation.server";
import { compileNode } from "~/models/search/search-compile.server";
import { parseSearchExpression } from "~/models/search/search-expression";
import type { Viewer } from "~/models/user/user.schema";

/*
 * Every permission rule in one place (decision 026). Two questions are answered here and nowhere
 * else: may this viewer do this action on this archive or asset, and which assets may they see at
 * all (the visibility condition every query of assets carries). Writes ask the same visibility
 * question as reads, so an asset hidden by a member's search filter can no more be written than
 * read. What the viewer may not see is refused exactly as what does not exist: the same Problem
 * kind and the same message, so no name, count or id leaks through a refusal.
 */

/** An action on an archive or an asset, named as the archive member permissions name it. */
export type AccessAction = ArchivePermission;

/** A site-wide action, held through the capability SITE_ACTION_CAPABILITY names. */
export type SiteAction =
  "ManageSettings" | "SetPosterAsset" | "ManageApplications" | "ManageArchives";

/*
 * Refusals are keyed (decision 106): a page reads them in its reader's language, the API (its
 * error body) in English, and whoever stores or shows one otherwise resolves it where it is read.
 */
export const ARCHIVE_NOT_FOUND = keyed("grid.refusal.archiveNotFound");
export const ASSET_NOT_FOUND = keyed("asset.refusal.notFound");
export const LOG_ON = keyed("grid.access.logOn");

export type Decision<T> = { allowed: true; value: T } | { allowed: false; problem: Problem };

type AssetsEb = ExpressionBuilder<Database, "assets">;

const FALSE = sql<SqlBool>`1 = 0`;

/**
 * What the viewer may do in each archive, as the member entries grant it, with one capability
 * over it (decision 035): UploadFile needs uploadToUploadArea too, so an archive's upload
 * permission reaches only people whose groups allow uploading at all.
 */
export async function archiveAccessOf(
  viewer: Viewer | null,
  archiveIds?: number[],
): Promise<Map<number, ArchiveAccess>> {
  const [access, mayUpload, archives] = await Promise.all([
    archiveAccess(viewer, archiveIds),
    viewer ? hasCapability(viewer, "uploadToUploadArea") : false,
    listArchives(),
  ]);
  if (!mayUpload)
    for (const a of access.values()) {
      a.permissions.delete("UploadFile");
      a.filtersOf.delete("UploadFile");
    }
  for (const archive of archives) {
    const a = access.get(archive.id);
    const filter = archive.config.AutoSearch.trim();
    if (a && filter !== "") a.archiveFilter = filter;
  }
  return access;
}

/** Archives the viewer may upload to (the descriptor's upload_to, the upload page's choices). */
export async function uploadTargets(viewer: Viewer | null): Promise<Archive[]> {
  if (!viewer || !(await hasCapability(viewer, "uploadToUploadArea"))) return [];
  return archiveUploadTargets(viewer);
}

/**
 * What the viewer may do in each archive they may see (all of them, or those of archiveIds):
 * archives where they hold View, hidden archives left out for all but the site owner.
 */
export async function visibleArchives(
  viewer: Viewer | null,
  archiveIds?: number[],
): Promise<Map<number, ArchiveAccess>> {
  if (viewer?.isSiteOwner) return archiveAccessOf(viewer, archiveIds);
  const [access, archives] = await Promise.all([
    archiveAccessOf(viewer, archiveIds),
    listArchives(),
  ]);
  for (const archive of archives) if (archive.isHidden) access.delete(archive.id);
  for (const [id, a] of access) if (!a.permissions.has("View")) access.delete(id);
  return access;
}

/** The archive's auto-search filter; one that no longer parses shows nothing, as a member's. */
function archiveFilterCondition(eb: AssetsEb, filter: string): Expression<SqlBool> {
  const parsed = parseSearchExpression(filter);
  return parsed.ok ? compileNode(eb as never, parsed.node) : FALSE;
}

function memberFilter(eb: AssetsEb, filters: string[]): Expression<SqlBool> {
  // A filter that no longer parses shows nothing rather than everything.
  const nodes = filters.flatMap((f) => {
    const parsed = parseSearchExpression(f);
    return parsed.ok ? [parsed.node] : [];
  });
  if (nodes.length === 0) return FALSE;
  return eb.or(nodes.map((n) => compileNode(eb as never, n)));
}

/**
 * The assets the viewer may see, as a condition on `assets`: ready assets of the archives they
 * hold View in (via themselves, their groups, Everyone and Registered Users), narrowed by the
 * search filters of those member entries, ORed, and by the archive's own auto-search filter.
 * Assets in the trash can are seen by nobody. Every query of assets carries it.
 */
export function visibleCondition<DB extends Database, TB extends "assets">(
  eb: ExpressionBuilder<DB, TB>,
  access: Map<number, ArchiveAccess>,
): Expression<SqlBool> {
  const e = eb as unknown as AssetsEb;
  const open: number[] = [];
  const narrowed: Expression<SqlBool>[] = [];
  for (const [archiveId, a] of access) {
    if (!a.permissions.has("View")) continue;
    if (a.filters !== null && a.filters.length === 0) continue;
    if (a.filters === null && a.archiveFilter === undefined) {
      open.push(archiveId);
      continue;
    }
    narrowed.push(
      e.and([
        e("assets.archive_id", "=", archiveId),
        ...(a.filters === null ? [] : [memberFilter(e, a.filters)]),
        ...(a.archiveFilter === undefined ? [] : [archiveFilterCondition(e, a.archiveFilter)]),
      ]),
    );
  }
  const parts = [...(open.length > 0 ? [e("assets.archive_id", "in", open)] : []), ...narrowed];
  if (parts.length === 0) return FALSE;
  return e.and([e("assets.state", "=", "ready"), e("assets.trash_id", "is", null), e.or(parts)]);
}

/**
 * What the viewer may do with each of these assets (rows of archives in `access`): every member
 * entry grants its permissions on the assets its search filter selects, so a permission held only
 * through filtered entries applies to the assets those filters match (decision 039). One query per
 * distinct set of filters in an archive, none when no permission is filtered.
 */
export async function assetPermissions(
  access: Map<number, ArchiveAccess>,
  rows: readonly Pick<AssetRow, "id" | "archive_id">[],
): Promise<Map<number, Set<ArchivePermission>>> {
  const result = new Map<number, Set<ArchivePermission>>();
  const byArchive = new Map<number, number[]>();
  for (const row of rows)
    byArchive.set(row.archive_id, [...(byArchive.get(row.archive_id) ?? []), row.id]);
  for (const [archiveId, ids] of byArchive) {
    const granted = access.get(archiveId);
    const open = new Set<ArchivePermission>();
    const filtered = new Map<string, { filters: string[]; permissions: ArchivePermission[] }>();
    for (const [permission, filters] of granted?.filtersOf ?? []) {
      if (filters === null) open.add(permission);
      else if (filters.length > 0) {
        const key = JSON.stringify([...filters].sort());
        const entry = filtered.get(key) ?? { filters, permissions: [] };
        entry.permissions.push(permission);
        filtered.set(key, entry);
      }
    }
    for (const id of ids) result.set(id, new Set(open));
    for (const { filters, permissions } of filtered.values()) {
      const matching = await db()
        .selectFrom("assets")
        .select("id")
        .where("id", "in", ids)
        .where((eb) => memberFilter(eb, filters))
        .execute();
      for (const { id } of matching) for (const p of permissions) result.get(id)!.add(p);
    }
  }
  return result;
}

/** One asset, if the viewer may see it; null otherwise, exactly as for a missing one. */
export async function findVisibleAsset(
  viewer: Viewer | null,
  assetId: number,
): Promise<AssetRow | null> {
  if (!Number.isSafeInteger(assetId)) return null;
  const row = await assetColumns(assetId, ["archive_id"]);
  if (!row) return null;
  const access = await visibleArchives(viewer, [row.archive_id]);
  return (
    (await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .where((eb) => visibleCondition(eb, access))
      .executeTakeFirst()) ?? null
  );
}

/** The archive and what the viewer may do in it, if they may see it; null exactly as if missing. */
export async function viewableArchive(
  viewer: Viewer | null,
  archiveId: number | null,
): Promise<{ archive: Archive; access: ArchiveAccess } | null> {
  if (archiveId === null || !Number.isSafeInteger(archiveId) || !viewer) return null;
  // Both reads at once; the whole list, not the one archive: the request keeps it for the
  // listing's visibility check that usually comes next.
  const [archives, access] = await Promise.all([
    listArchives(),
    archiveAccessOf(viewer, [archiveId]),
  ]);
  const archive = archives.find((a) => a.id === archiveId);
  if (!archive || (archive.isHidden && !viewer.isSiteOwner)) return null;
  const granted = access.get(archiveId);
  return granted?.permissions.has("View") ? { archive, access: granted } : null;
}

function refusal(action: AccessAction, name: string): Problem {
  const what: Partial<Record<AccessAction, string>> = {
    UploadFile: keyed("grid.refusal.upload", { name }),
    EditText: keyed("grid.refusal.edit", { name }),
    Download: keyed("grid.refusal.download", { name }),
    Preview: keyed("grid.refusal.preview", { name }),
  };
  return new Problem("forbidden", what[action] ?? keyed("grid.refusal.other", { name }));
}

/** What changes an archive's content or settings; guests, whatever their groups grant, do none. */
const CHANGES: ReadonlySet<AccessAction> = new Set<AccessAction>([
  "UploadFile",
  "EditText",
  "EditFile",
  "CropRotate",
  "CropFile",
  "CopyTo",
  "CopyFrom",
  "MoveTo",
  "MoveFrom",
  "Rename",
  "Delete",
  "DuplicateFile",
  "EditSmartFolders",
  "MngVideo",
  "HistoryRollback",
  "HistoryManage",
]);

function needsSignIn(viewer: Viewer | null, action: AccessAction): boolean {
  return CHANGES.has(action) && (!viewer || viewer.isGuest);
}

/**
 * Whether permissions held in an archive (its visible entry's) let the viewer do the action
 * there: the rule assetsDecision applies to each asset, asked of the archive before any asset is
 * chosen. A permission some filtered member entry grants counts, though it reaches only the assets
 * that filter selects; the action names the others as refused.
 */
export function holds(
  viewer: Viewer | null,
  granted: ReadonlySet<ArchivePermission>,
  action: AccessAction,
): boolean {
  return granted.has(action) && !needsSignIn(viewer, action);
}

/**
 * May the viewer do this action on the archive? An archive they may not see is refused as
 * not-found with the message of a missing one; a visible one without the permission as forbidden.
 */
export async function archiveDecision(
  viewer: Viewer | null,
  archiveId: number | null,
  action: AccessAction,
): Promise<Decision<Archive>> {
  const notFound = {
    allowed: false as const,
    problem: new Problem("not-found", ARCHIVE_NOT_FOUND),
  };
  if (archiveId === null || !Number.isSafeInteger(archiveId) || !viewer) return notFound;
  // archiveAccessOf reads every archive (their filters) once per request: the archive is taken
  // from that read rather than read again.
  const [archives, access] = await Promise.all([
    listArchives(),
    archiveAccessOf(viewer, [archiveId]),
  ]);
  const archive = archives.find((a) => a.id === archiveId);
  const granted = access.get(archiveId)?.permissions;
  // Known to the viewer: an archive they may view, or one they hold this very permission in (an
  // upload-only drop box); anything else answers as if it did not exist.
  const known = granted && (granted.has("View") || granted.has(action));
  if (!archive || !known || (archive.isHidden && !viewer.isSiteOwner)) return notFound;
  if (needsSignIn(viewer, action) || !granted.has(action))
    return { allowed: false, problem: refusal(action, archive.name) };
  return { allowed: true, value: archive };
}

/**
 * May the viewer do this action on the asset? One they may not see (another archive, outside
 * their members' filters, not ready) is refused as not-found exactly like a missing one.
 */
export async function assetDecision(
  viewer: Viewer | null,
  assetId: number | null,
  action: AccessAction,
): Promise<Decision<{ asset: AssetRow; archive: Archive }>> {
  const notFound = {
    allowed: false as const,
    problem: new Problem("not-found", ASSET_NOT_FOUND),
  };
  const asset = assetId === null ? null : await findVisibleAsset(viewer, assetId);
  if (!asset) return notFound;
  const found = await viewableArchive(viewer, asset.archive_id);
  if (!found) return notFound;
  const held = (await assetPermissions(new Map([[asset.archive_id, found.access]]), [asset])).get(
    asset.id,
  );
  if (needsSignIn(viewer, action) || !held?.has(action))
    return { allowed: false, problem: refusal(action, found.archive.name) };
  return { allowed: true, value: { asset, archive: found.archive } };
}

/**
 * assetDecision for many assets at once (a background task's selection, decision 044): one
 * visibility query and one permission pass for all of them. Each id gets its own decision: not
 * found (missing, or not the viewer's to see), forbidden (seen, but without the action), or the
 * asset with its archive. Ids that are not safe integers are not found.
 */
export async function assetsDecision(
  viewer: Viewer | null,
  assetIds: readonly number[],
  action: AccessAction,
): Promise<Map<number, Decision<{ asset: AssetRow; archive: Archive }>>> {
  const result = new Map<number, Decision<{ asset: AssetRow; archive: Archive }>>();
  const notFound = {
    allowed: false as const,
    problem: new Problem("not-found", ASSET_NOT_FOUND),
  };
  const ids = [...new Set(assetIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  for (const id of assetIds) result.set(id, notFound);
  if (!viewer || ids.length === 0) return result;
  const rows: AssetRow[] = [];
  // Bounded IN lists: SQLite allows 32 766 variables, PostgreSQL 65 535; chunks stay far below.
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const archiveIds = await archiveIdsOfAssets(chunk);
    if (archiveIds.length === 0) continue;
    const access = await visibleArchives(viewer, archiveIds);
    if (access.size === 0) continue;
    rows.push(
      ...(await db()
        .selectFrom("assets")
        .selectAll()
        .where("id", "in", chunk)
        .where((eb) => visibleCondition(eb, access))
        .execute()),
    );
  }
  if (rows.length === 0) return result;
  const archiveIds = [...new Set(rows.map((r) => r.archive_id))];
  const [access, archives] = await Promise.all([
    visibleArchives(viewer, archiveIds),
    listArchives(),
  ]);
  const held = await assetPermissions(access, rows);
  const archiveById = new Map(archives.map((a) => [a.id, a]));
  for (const asset of rows) {
    const archive = archiveById.get(asset.archive_id);
    if (!archive) continue;
    result.set(
      asset.id,
      needsSignIn(viewer, action) || !held.get(asset.id)?.has(action)
        ? { allowed: false, problem: refusal(action, archive.name) }
        : { allowed: true, value: { asset, archive } },
    );
  }
  return result;
}

/** Whether permissions held in an archive let the viewer change its manual order (relocate). */
export function mayReorder(viewer: Viewer | null, granted: ReadonlySet<ArchivePermission>) {
  return holds(viewer, granted, "EditText");
}

/**
 * May the viewer change the archive's manual order (relocate)? Members with View and EditText,
 * and the site owner; guests never.
 */
export async function relocateDecision(
  viewer: Viewer | null,
  archiveId: number,
): Promise<Decision<{ archive: Archive; access: ArchiveAccess }>> {
  const found = await viewableArchive(viewer, archiveId);
  if (!found) return { allowed: false, problem: new Problem("not-found", ARCHIVE_NOT_FOUND) };
  if (!mayReorder(viewer, found.access.permissions))
    return {
      allowed: false,
      problem: new Problem("forbidden", keyed("grid.refusal.reorder")),
    };
  return { allowed: true, value: found };
}

/** Whether a decision allows: for a control shown or hidden by the same rule the action checks. */
export async function allows<T>(decision: Promise<Decision<T>> | Decision<T>): Promise<boolean> {
  return (await decision).allowed;
}

export function decided<T>(decision: Decision<T>): T {
  if (!decision.allowed) throw decision.problem;
  return decision.value;
}

/** archiveDecision, throwing its Problem when refused. */
export async function requireArchive(
  viewer: Viewer | null,
  archiveId: number | null,
  action: AccessAction,
): Promise<Archive> {
  return decided(await archiveDecision(viewer, archiveId, action));
}

/** assetDecision, throwing its Problem when refused. */
export async function requireAsset(
  viewer: Viewer | null,
  assetId: number | null,
  action: AccessAction,
): Promise<{ asset: AssetRow; archive: Archive }> {
  return decided(await assetDecision(viewer, assetId, action));
}

/**
 * A capability (a group flag, issue 15): the site owner holds every one; anyone else holds what
 * the groups they are in grant, transitively, Everyone's flags reaching the guest too.
 */
export async function capabilitiesOf(viewer: Viewer | null): Promise<ReadonlySet<Capability>> {
  if (!viewer) return new Set();
  if (viewer.isSiteOwner) return new Set(CAPABILITIES);
  return capabilitiesFromGroups(viewer);
}

export async function hasCapability(
  viewer: Viewer | null,
  capability: Capability,
): Promise<boolean> {
  return (await capabilitiesOf(viewer)).has(capability);
}

/** What is refused without a capability, in words a person understands. */
const CAPABILITY_REFUSALS: Partial<Record<Capability, string>> = {
  manageUsers: keyed("grid.access.capability.manageUsers"),
  manageArchives: keyed("grid.access.capability.manageArchives"),
  manageSettings: keyed("grid.access.capability.manageSettings"),
  inviteUsers: keyed("grid.access.capability.inviteUsers"),
  approvePendingSignups: keyed("grid.access.capability.approvePendingSignups"),
  manageTaxonomies: keyed("grid.access.capability.manageTaxonomies"),
  approveOrders: keyed("grid.access.capability.approveOrders"),
  api: keyed("grid.access.capability.api"),
  uploadToUploadArea: keyed("grid.access.capability.uploadToUploadArea"),
  "albums.create": keyed("grid.access.capability.createAlbums"),
};

/**
 * May the viewer use a capability? Nobody signed out does; the refusal names the capability.
 * Callers whose whole area must look absent to those without it answer their own not-found.
 */
export async function capabilityDecision(
  viewer: Viewer | null,
  capability: Capability,
): Promise<Decision<Viewer>> {
  if (!viewer || viewer.isGuest)
    return { allowed: false, problem: new Problem("unauthenticated", LOG_ON) };
  if (!(await hasCapability(viewer, capability))) {
    const message = CAPABILITY_REFUSALS[capability] ?? keyed("grid.access.capability.other");
    return { allowed: false, problem: new Problem("forbidden", message) };
  }
  return { allowed: true, value: viewer };
}

/** What a person without the capability of an area that hides itself is told: nothing is here. */
export const AREA_NOT_FOUND = keyed("common.error.notFound");

/**
 * May the viewer create, list and revoke invitations (inviteUsers)? To anyone signed in without
 * the capability the area does not exist: the refusal is the not-found of an unknown address.
 */
export async function invitationDecision(viewer: Viewer | null): Promise<Decision<Viewer>> {
  const decision = await capabilityDecision(viewer, "inviteUsers");
  if (decision.allowed || decision.problem.kind === "unauthenticated") return decision;
  return { allowed: false, problem: new Problem("not-found", AREA_NOT_FOUND) };
}

/** Site-wide actions and the capability each needs. */
const SITE_ACTION_CAPABILITY: Record<SiteAction, Capability> = {
  ManageSettings: "manageSettings",
  SetPosterAsset: "manageArchives",
  ManageApplications: "manageSettings",
  ManageArchives: "manageArchives",
};

const SITE_ACTION_REFUSALS: Record<SiteAction, string> = {
  ManageSettings: keyed("grid.access.capability.manageSettings"),
  SetPosterAsset: keyed("grid.refusal.setCover"),
  ManageApplications: keyed("grid.access.site.manageApplications"),
  ManageArchives: keyed("grid.access.site.manageArchives"),
};

const HIDDEN_SITE_AREAS: ReadonlySet<SiteAction> = new Set([
  "ManageSettings",
  "ManageApplications",
  "ManageArchives",
]);

export async function siteDecision(
  viewer: Viewer | null,
  action: SiteAction,
): Promise<Decision<Viewer>> {
  const decision = await capabilityDecision(viewer, SITE_ACTION_CAPABILITY[action]);
  if (decision.allowed || decision.problem.kind === "unauthenticated") return decision;
  // Administration areas answer as absent to those without the capability, as everywhere else;
  // only an action on something the viewer sees (an archive's cover) is refused as such.
  if (HIDDEN_SITE_AREAS.has(action))
    return { allowed: false, problem: new Problem("not-found", AREA_NOT_FOUND) };
  return { allowed: false, problem: new Problem("forbidden", SITE_ACTION_REFUSALS[action]) };
}

/** The can* keys of a collection (reference Collection): what this viewer may do with it. */
export interface CollectionAbilities {
  canCopyTo: boolean;
  canMoveTo: boolean;
  canUploadTo: boolean;
  canCreateFolders: boolean;
  canCreateAlerts: boolean;
}

/**
 * What a viewer holding these permissions in an archive (its visible entry's) may do with the
 * archive as a collection. Guests change nothing, and an alert belongs to a signed-in person.
 */
export function collectionAbilities(
  viewer: Viewer | null,
  granted: ReadonlySet<ArchivePermission>,
): CollectionAbilities {
  const can = (action: AccessAction) => holds(viewer, granted, action);
  const signedIn = viewer !== null && !viewer.isGuest;
  return {
    canCopyTo: can("CopyTo"),
    canMoveTo: can("MoveTo"),
    canUploadTo: can("UploadFile"),
    // An upload that names a folder gets it made when missing (folderFromFields).
    canCreateFolders: can("UploadFile"),
    canCreateAlerts: signedIn && granted.has("Alert"),
  };
}

/** Whether the viewer holds the permission in the archive and may see it (no Problem needed). */
export async function may(
  viewer: Viewer | null,
  archiveId: number,
  action: AccessAction,
): Promise<boolean> {
  return (await archiveDecision(viewer, archiveId, action)).allowed;
}

/** What only an own account keeps: the guest user is shared by every visitor. */
export type AccountAction =
  "Pins" | "Preferences" | "BackgroundTasks" | "UploadTargets" | "ChangePassword";

const GUEST_REFUSALS: Record<AccountAction, string> = {
  Pins: keyed("grid.access.guest.pins"),
  Preferences: keyed("grid.access.guest.preferences"),
  BackgroundTasks: keyed("grid.access.guest.backgroundTasks"),
  UploadTargets: keyed("grid.access.guest.uploadTargets"),
  ChangePassword: keyed("grid.access.guest.changePassword"),
};

/** May the viewer use what belongs to an own account (pins, preferences, tasks, uploads)? */
export function accountDecision(viewer: Viewer | null, action: AccountAction): Decision<Viewer> {
  if (!viewer) return { allowed: false, problem: new Problem("unauthenticated", LOG_ON) };
  if (viewer.isGuest)
    return { allowed: false, problem: new Problem("forbidden", GUEST_REFUSALS[action]) };
  return { allowed: true, value: viewer };
}

/**
 * Someone signed in with an account of their own: what belongs to a person (pins, alerts, albums,
 * tasks, preferences) is theirs alone, and the guest account is shared by every visitor. The one
 * rule for "not the guest" everywhere.
 */
export function isOwnAccount(viewer: Viewer | null): viewer is Viewer {
  return viewer !== null && !viewer.isGuest;
}

/**
 * Pins (of assets, archives, folders, smart folders and taxonomy items) belong to signed-in
 * people: the guest's preferences are shared by every visitor. The one rule every pin uses.
 */
export function canPin(viewer: Viewer | null): viewer is Viewer {
  return isOwnAccount(viewer);
}

/** Pinning, with the refusal a person reads: the guest's pins would be every visitor's. */
export function pinDecision(viewer: Viewer | null): Decision<Viewer> {
  if (!canPin(viewer))
    return {
      allowed: false,
      problem: new Problem("forbidden", GUEST_REFUSALS.Pins),
    };
  return { allowed: true, value: viewer };
}

/**
 * Upload is checked like any action: an archive the viewer may not see is refused exactly as a
 * missing one; a new revision needs the asset itself visible, and in the archive uploaded to.
 */
export async function uploadDecision(
  viewer: Viewer | null,
  archiveId: number,
  assetId?: number,
): Promise<Decision<Archive>> {
  if (assetId === undefined) return archiveDecision(viewer, archiveId, "UploadFile");
  const decision = await assetDecision(viewer, assetId, "UploadFile");
  if (!decision.allowed) return decision;
  if (decision.value.asset.archive_id !== archiveId)
    return { allowed: false, problem: new Problem("not-found", ASSET_NOT_FOUND) };
  return { allowed: true, value: decision.value.archive };
}

/**
 * May this viewer read archives at all? Someone signed in may, and so may the guest while the
 * site allows guests (the caller resolves an anonymous visitor to the guest or to null).
 */
export function browseDecision(viewer: Viewer | null): Decision<Viewer> {
  if (!viewer) return { allowed: false, problem: new Problem("unauthenticated", LOG_ON) };
  return { allowed: true, value: viewer };
}

/*
 * People administration (issue 15, decision 035): the users and groups areas belong to holders
 * of manageUsers. To anyone else they answer as if they did not exist (404), so nobody learns
 * which groups or people the site has by being refused.
 */
export const NOTHING_HERE = AREA_NOT_FOUND;

export async function peopleDecision(viewer: Viewer | null): Promise<Decision<Viewer>> {
  // One gate for the users and the groups areas (decisions 034 and 035).
  return userAdministrationDecision(viewer);
}

/** peopleDecision, throwing its Problem when refused. */
export async function requirePeopleManager(viewer: Viewer | null): Promise<Viewer> {
  return decided(await peopleDecision(viewer));
}

/** The action flags of a group (spec 002 §3 Group.actions, §6). */
export interface GroupActions {
  delete: boolean;
  update: boolean;
  updateMemberships: boolean;
  updateMembers: boolean;
  updateSAMLGroupName: boolean;
}

/**
 * What a holder of manageUsers may do with a group: everything, except that the built-in
 * Everyone and Registered Users are never deleted and hold their members implicitly, so they
 * have no member lists or memberships to change (and no SAML group to map).
 */
export function groupActions(manager: boolean, group: { isBuiltIn: boolean }): GroupActions {
  const editable = manager && !group.isBuiltIn;
  return {
    delete: editable,
    update: manager,
    updateMemberships: editable,
    updateMembers: editable,
    updateSAMLGroupName: editable,
  };
}

/**
 * May a program act for this viewer (a request carrying an OAuth2 bearer or an API token)? Only
 * for a holder of the api capability; the site owner holds it always. A refused program is told
 * so (403), never answered as the guest.
 */
export async function apiDecision(viewer: Viewer): Promise<Decision<Viewer>> {
  if (await hasCapability(viewer, "api")) return { allowed: true, value: viewer };
  return { allowed: false, problem: new Problem("forbidden", CAPABILITY_REFUSALS.api!) };
}

/*
 * People administration (spec 002 "Users", decision 034). The whole area exists only for holders
 * of manageUsers: to anyone else it answers exactly as an address that does not exist. Inside it,
 * what may be done to each person is decided by userActions, whose flags the grid, the editor and
 * the API all follow; nobody raises their own rights through it.
 */

export const USERS_AREA_NOT_FOUND = NOTHING_HERE;

/** May the viewer administer people at all? Refused as not-found, never as forbidden. */
export async function userAdministrationDecision(viewer: Viewer | null): Promise<Decision<Viewer>> {
  const decision = await capabilityDecision(viewer, "manageUsers");
  if (decision.allowed) return decision;
  return { allowed: false, problem: new Problem("not-found", AREA_NOT_FOUND) };
}

/** What anyone without manageArchives is told at every archive-administration address. */
export const ARCHIVE_AREA_NOT_FOUND = AREA_NOT_FOUND;

/**
 * May the viewer administer archives and their configuration lists (manageArchives; issue 16)?
 * Nobody signed in is asked to log on; to anyone else without the capability the area does not
 * exist: every page and call of it answers the not-found of an unknown address.
 */
export async function archiveAdministrationDecision(
  viewer: Viewer | null,
): Promise<Decision<Viewer>> {
  const decision = await capabilityDecision(viewer, "manageArchives");
  if (decision.allowed || decision.problem.kind === "unauthenticated") return decision;
  return { allowed: false, problem: new Problem("not-found", AREA_NOT_FOUND) };
}

/** archiveAdministrationDecision, throwing its Problem when refused. */
export async function requireArchiveAdministration(viewer: Viewer | null): Promise<Viewer> {
  return decided(await archiveAdministrationDecision(viewer));
}

/**
 * Who may read the people directory (the pickers' /fotoweb/api/users/public/all and
 * /groups/public/all; decision 039): those who choose people for something, namely archive
 * managers (access lists), people managers, and those who may share albums with users or
 * groups. Nobody signed in is asked to log on; to anyone else the directory does not exist, so
 * the site's people cannot be listed by whoever has an account.
 */
const DIRECTORY_CAPABILITIES: readonly Capability[] = [
  "manageArchives",
  "manageUsers",
  "albums.shareWithUsers",
  "albums.shareWithGroups",
];

export async function peopleDirectoryDecision(viewer: Viewer | null): Promise<Decision<Viewer>> {
  if (!viewer || viewer.isGuest)
    return { allowed: false, problem: new Problem("unauthenticated", LOG_ON) };
  const held = await capabilitiesOf(viewer);
  if (DIRECTORY_CAPABILITIES.some((c) => held.has(c))) return { allowed: true, value: viewer };
  return { allowed: false, problem: new Problem("not-found", AREA_NOT_FOUND) };
}

/**
 * How much of the directory the viewer reads: managers of people or archives choose among
 * everyone and see each row whole; someone who may only share albums reads what a share picker
 * needs (enabled accounts, their names), so holding the sharing flags, as Registered Users do by
 * default, does not open the site's accounts, organizations and descriptions to every account.
 */
export type DirectoryScope = "full" | "picker";

/** peopleDirectoryDecision, throwing its Problem when refused; answers the viewer's scope. */
export async function requirePeopleDirectory(viewer: Viewer | null): Promise<DirectoryScope> {
  const allowed = decided(await peopleDirectoryDecision(viewer));
  const held = await capabilitiesOf(allowed);
  return held.has("manageUsers") || held.has("manageArchives") ? "full" : "picker";
}

/** The action flags of one user for this viewer (spec 002 sections 3 and 6). */
export interface UserActions {
  update: boolean;
  updateAccountStatus: boolean;
  updateLicense: boolean;
  delete: boolean;
  setNewSiteOwner: boolean;
  updateMemberships: boolean;
  resetDeviceTokens: boolean;
  updatePassword: boolean;
}

const NO_USER_ACTIONS: UserActions = {
  update: false,
  updateAccountStatus: false,
  updateLicense: false,
  delete: false,
  setNewSiteOwner: false,
  updateMemberships: false,
  resetDeviceTokens: false,
  updatePassword: false,
};

export interface UserTarget {
  id: number;
  isSiteOwner: boolean;
  isGuest: boolean;
  /** Enabled and not expired: only such an account may become the site owner. */
  isActive: boolean;
}

/**
 * What the viewer may do to the target. A manager who is not the site owner may not touch the
 * site owner, nor anyone holding a capability they lack (setting that person's password would
 * hand them those rights), nor their own status, license or memberships. The site owner may do
 * all but delete or disable themselves. The guest is shared by every visitor: its names and
 * groups may change, never its password, status or license, so it cannot become an account.
 */
export async function userActions(viewer: Viewer, target: UserTarget): Promise<UserActions> {
  if (!(await userAdministrationDecision(viewer)).allowed) return NO_USER_ACTIONS;
  const self = viewer.id === target.id;
  if (target.isGuest) return { ...NO_USER_ACTIONS, update: true, updateMemberships: true };
  if (target.isSiteOwner) {
    if (!viewer.isSiteOwner) return NO_USER_ACTIONS;
    return {
      ...NO_USER_ACTIONS,
      update: true,
      updateLicense: true,
      updateMemberships: true,
      resetDeviceTokens: true,
      updatePassword: true,
    };
  }
  if (viewer.isSiteOwner)
    return {
      update: true,
      updateAccountStatus: !self,
      updateLicense: true,
      delete: !self,
      setNewSiteOwner: target.isActive,
      updateMemberships: true,
      resetDeviceTokens: true,
      updatePassword: true,
    };
  if (self)
    return {
      ...NO_USER_ACTIONS,
      update: true,
      resetDeviceTokens: true,
      updatePassword: true,
    };
  // The delegation rule: whoever holds a right the manager lacks is beyond his reach.
  if (!(await delegationDecision(viewer, await rightsOfAccount(target.id))).allowed)
    return NO_USER_ACTIONS;
  return {
    update: true,
    updateAccountStatus: true,
    updateLicense: true,
    delete: true,
    setNewSiteOwner: false,
    updateMemberships: true,
    resetDeviceTokens: true,
    updatePassword: true,
  };
}

/**
 * May the viewer put someone into these groups? The delegation rule: only into groups whose
 * rights (their flags, their archive access, and those of the groups around them) the viewer
 * holds. The refusal names the first such group (the viewer may see every group's name here).
 */
export async function grantMembershipsDecision(
  viewer: Viewer,
  groups: readonly { id: number; name: string }[],
): Promise<Decision<Viewer>> {
  for (const group of groups) {
    const decision = await delegationDecision(
      viewer,
      await rightsThroughGroups([group.id]),
      keyed("people.refusal.addToGroup", { group: group.name }),
    );
    if (!decision.allowed) return decision;
  }
  return { allowed: true, value: viewer };
}
