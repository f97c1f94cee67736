import { sql } from "kysely";
import { resourceProps } from "./archive-effects";
import { db, now } from "~/db/connection.server";
import { perRequest } from "~/utils/request-scope.server";
import { EVERYONE_GROUP_ID, type ArchiveRow, type MemberType } from "~/db/schema";
import {
  ARCHIVE_PERMISSIONS,
  archiveConfigSchema,
  archiveNameSchema,
  DEFAULT_MEMBER_PERMISSIONS,
  withPrerequisites,
  type ArchiveConfig,
  type ArchiveConfigInput,
  type ArchivePermission,
} from "./archive.schema";
import type { Viewer } from "~/models/user/user.schema";
import { groupsOfUser } from "~/models/group/membership.server";
import type { CollectionAbilities } from "~/models/access/access.server";
import { LINKS } from "~/utils/links";
import { childrenOf, type FolderRef } from "~/models/collection/folder-collections.server";

export interface Archive {
  id: number;
  name: string;
  description: string;
  isHidden: boolean;
  sortId: number;
  config: ArchiveConfig;
  href: string;
  createdAt: string;
}

export interface ArchiveMember {
  type: MemberType;
  id: number;
  permissions: ArchivePermission[];
  autoSearch: string;
}

export class ArchiveNameTakenError extends Error {
  constructor(name: string) {
    super(`An archive named "${name}" already exists. Choose another name.`);
    this.name = "ArchiveNameTakenError";
  }
}

/** The API's archive URL: id and name, e.g. /fotoweb/archives/5000-Demo%20photographs/. */
export function archiveHref(id: number, name: string): string {
  return `/fotoweb/archives/${id}-${encodeURIComponent(name)}/`;
}

/** The archive id in an href segment like "5000-Name" or "5000"; null when it holds none. */
export function archiveIdFromSegment(segment: string): number | null {
  const match = /^(\d{1,9})(?:-|$)/.exec(segment);
  return match ? Number(match[1]) : null;
}

/*
 * Parsed configurations by their stored text: every page reads the archives, and validating each
 * configuration again cost more than the page's asset query. Frozen, as they are shared.
 */
const parsedConfigs = new Map<string, ArchiveConfig>();
const MAX_PARSED_CONFIGS = 1000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function parseConfig(text: string): ArchiveConfig {
  let config = parsedConfigs.get(text);
  if (!config) {
    config = deepFreeze(validateConfig(text));
    if (parsedConfigs.size >= MAX_PARSED_CONFIGS) parsedConfigs.clear();
    parsedConfigs.set(text, config);
  }
  return config;
}

function validateConfig(text: string): ArchiveConfig {
  let raw: unknown = {};
  try {
    raw = JSON.parse(text);
  } catch {
    // A damaged record falls back to the defaults rather than hiding the archive.
  }
  const parsed = archiveConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : archiveConfigSchema.parse({});
}

export function toArchive(row: ArchiveRow): Archive {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isHidden: row.is_hidden === 1,
    sortId: row.sort_id,
    config: parseConfig(row.config),
    href: archiveHref(row.id, row.name),
    createdAt: row.created_at,
  };
}

export interface NewArchive {
  name: string;
  description?: string;
  isHidden?: boolean;
  config?: ArchiveConfigInput;
  /** Defaults to Everyone with View and Preview (spec 001 section 3). */
  members?: ArchiveMember[];
}

export async function createArchive(input: NewArchive): Promise<Archive> {
  const name = archiveNameSchema.parse(input.name);
  const config = archiveConfigSchema.parse(input.config ?? {});
  const members = input.members ?? [
    {
      type: "group",
      id: EVERYONE_GROUP_ID,
      permissions: DEFAULT_MEMBER_PERMISSIONS,
      autoSearch: "",
    },
  ];
  const at = now();
  return db()
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .selectFrom("archives")
        .select("id")
        .where("name_key", "=", name.toLowerCase())
        .executeTakeFirst();
      if (taken) throw new ArchiveNameTakenError(name);
      const row = await trx
        .insertInto("archives")
        .values({
          name,
          name_key: name.toLowerCase(),
          description: input.description ?? "",
          config: JSON.stringify(config),
          is_hidden: input.isHidden ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (members.length > 0) {
        await trx
          .insertInto("archive_members")
          .values(
            orderMembers(members).map((m, position) => ({
              archive_id: row.id,
              member_type: m.type,
              member_id: m.id,
              // Prerequisites stored with what needs them, whoever the caller (spec 001 section 4).
              permissions: JSON.stringify(withPrerequisites(m.permissions)),
              auto_search: m.autoSearch,
              position,
            })),
          )
          .execute();
      }
      return toArchive(row);
    });
}

/** Everyone (10000) is always kept last (spec 001 section 4). */
function orderMembers(members: ArchiveMember[]): ArchiveMember[] {
  const isEveryone = (m: ArchiveMember) => m.type === "group" && m.id === EVERYONE_GROUP_ID;
  return [...members.filter((m) => !isEveryone(m)), ...members.filter(isEveryone)];
}

/**
 * The archives' order (SortId, decision 043): those an administrator placed (1..n), then those
 * never placed (0: new or restored ones), by name; with none placed, simply by name.
 */
export const UNORDERED_LAST = sql<number>`case when sort_id = 0 then 1 else 0 end`;

export function findArchive(id: number): Promise<Archive | null> {
  return perRequest(`archive:${id}`, async () => {
    const row = await db()
      .selectFrom("archives")
      .selectAll()
      .where("id", "=", id)
      // An archive in the trash can is gone for everyone until restored (decision 043).
      .where("trash_id", "is", null)
      .executeTakeFirst();
    return row ? toArchive(row) : null;
  });
}

export function listArchives(): Promise<Archive[]> {
  return perRequest("archives", async () => {
    const rows = await db()
      .selectFrom("archives")
      .selectAll()
      .where("trash_id", "is", null)
      .orderBy(UNORDERED_LAST)
      .orderBy("sort_id")
      .orderBy("name_key")
      .execute();
    return rows.map(toArchive);
  });
}

export async function countArchives(): Promise<number> {
  const row = await db()
    .selectFrom("archives")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("trash_id", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function archiveMembers(archiveId: number): Promise<ArchiveMember[]> {
  const rows = await db()
    .selectFrom("archive_members")
    .selectAll()
    .where("archive_id", "=", archiveId)
    .orderBy("position")
    .execute();
  return rows.map((r) => ({
    type: r.member_type,
    id: r.member_id,
    permissions: parsePermissions(r.permissions),
    autoSearch: r.auto_search,
  }));
}

/** A stored list, its prerequisites added: an entry written without them still grants them. */
function parsePermissions(text: string): ArchivePermission[] {
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    return withPrerequisites(
      list.filter((p): p is ArchivePermission =>
        (ARCHIVE_PERMISSIONS as readonly string[]).includes(p as string),
      ),
    );
  } catch {
    return [];
  }
}

/**
 * The member entries naming any of these users or groups, in every archive (the delegation rule
 * weighs what a membership or an account would give; decision 071).
 */
export async function memberEntriesOfPrincipals(principals: {
  userIds: readonly number[];
  groupIds: readonly number[];
}): Promise<{ archiveId: number; permissions: ArchivePermission[]; autoSearch: string }[]> {
  const { userIds, groupIds } = principals;
  if (userIds.length === 0 && groupIds.length === 0) return [];
  const rows = await db()
    .selectFrom("archive_members")
    .select(["archive_id", "permissions", "auto_search"])
    .where((eb) =>
      eb.or([
        ...(userIds.length > 0
          ? [eb.and([eb("member_type", "=", "user"), eb("member_id", "in", [...userIds])])]
          : []),
        ...(groupIds.length > 0
          ? [eb.and([eb("member_type", "=", "group"), eb("member_id", "in", [...groupIds])])]
          : []),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    archiveId: r.archive_id,
    permissions: parsePermissions(r.permissions),
    autoSearch: r.auto_search.trim(),
  }));
}

export interface ArchiveAccess {
  permissions: Set<ArchivePermission>;
  /**
   * The search filters of the member entries that grant View (spec 001 "AutoSearch"): the viewer
   * sees an asset that matches any of them. null when one of those entries has no filter.
   */
  filters: string[] | null;
  /**
   * The same for every permission held: the filters of the entries granting it, null when one of
   * them has none. Each entry grants its permissions on the assets its filter selects (decision
   * 039), so a permission from a filtered entry applies to those assets only.
   */
  filtersOf: Map<ArchivePermission, string[] | null>;
  /**
   * The archive's own auto-search filter (config.AutoSearch), set by the access module: it narrows
   * what everyone sees in the archive, the site owner included (decision 043).
   */
  archiveFilter?: string;
}

/**
 * The member entries naming the viewer or one of their groups, in every archive: one read per
 * request however many archives the page asks about (a user's entries are few beside assets).
 */
function memberEntriesOf(viewer: Viewer) {
  return perRequest(`memberEntries:${viewer.id}`, async () => {
    // Every group the viewer is in, transitively, the implicit ones included (issue 15).
    const groups = await groupsOfUser(viewer);
    return db()
      .selectFrom("archive_members")
      .select(["archive_id", "permissions", "auto_search"])
      .where((eb) =>
        eb.or([
          eb.and([eb("member_type", "=", "user"), eb("member_id", "=", viewer.id)]),
          eb.and([eb("member_type", "=", "group"), eb("member_id", "in", groups)]),
        ]),
      )
      .execute();
  });
}

/**
 * What the viewer may do in each archive (all of them, or those of archiveIds): the union of the
 * permissions of every member entry that names the viewer or one of their groups, and the filters
 * that narrow what they see. The site owner may do everything everywhere, unfiltered. Without a
 * session there is no access. The map is the caller's own to change.
 */
export async function archiveAccess(
  viewer: Viewer | null,
  archiveIds?: number[],
): Promise<Map<number, ArchiveAccess>> {
  const result = new Map<number, ArchiveAccess>();
  if (!viewer) return result;
  if (viewer.isSiteOwner) {
    const ids = archiveIds ?? (await listArchives()).map((a) => a.id);
    for (const id of ids)
      result.set(id, {
        permissions: new Set(ARCHIVE_PERMISSIONS),
        filters: null,
        filtersOf: new Map(ARCHIVE_PERMISSIONS.map((p) => [p, null])),
      });
    return result;
  }
  if (archiveIds?.length === 0) return result;
  const wanted = archiveIds ? new Set(archiveIds) : null;
  for (const row of await memberEntriesOf(viewer)) {
    if (wanted && !wanted.has(row.archive_id)) continue;
    const access = result.get(row.archive_id) ?? {
      permissions: new Set(),
      filters: [],
      filtersOf: new Map(),
    };
    const filter = row.auto_search.trim();
    for (const p of parsePermissions(row.permissions)) {
      access.permissions.add(p);
      const known = access.filtersOf.has(p) ? access.filtersOf.get(p)! : [];
      access.filtersOf.set(p, known === null || filter === "" ? null : [...known, filter]);
    }
    result.set(row.archive_id, access);
  }
  for (const access of result.values()) {
    access.filters = access.filtersOf.has("View") ? access.filtersOf.get("View")! : [];
  }
  return result;
}

/** The viewer's permissions in each archive (archiveAccess without the filters). */
export async function archivePermissions(
  viewer: Viewer | null,
  archiveIds?: number[],
): Promise<Map<number, Set<ArchivePermission>>> {
  const access = await archiveAccess(viewer, archiveIds);
  return new Map([...access].map(([id, a]) => [id, a.permissions]));
}

export async function hasArchivePermission(
  viewer: Viewer | null,
  archiveId: number,
  permission: ArchivePermission,
): Promise<boolean> {
  const map = await archivePermissions(viewer, [archiveId]);
  return map.get(archiveId)?.has(permission) ?? false;
}

/** Archives the viewer may upload to: the descriptor's upload_to. Hidden archives are left out. */
export async function uploadTargets(viewer: Viewer | null): Promise<Archive[]> {
  if (!viewer || viewer.isGuest) return [];
  const permissions = await archivePermissions(viewer);
  const archives = await listArchives();
  return archives.filter((a) => !a.isHidden && permissions.get(a.id)?.has("UploadFile"));
}

export interface PosterImage {
  size: number;
  width: number;
  height: number;
  href: string;
  square: boolean;
}

/** What a collection says about one viewer: their permissions, the cover they see, their pin. */
export interface CollectionExtras {
  abilities: CollectionAbilities;
  permissions: string[];
  posterImages: PosterImage[];
  posterAsset: string | null;
  pin: boolean;
  assetCount?: number;
  /** The archive's metadata view as the reference's metadataEditor link (decision 032). */
  metadataEditor: { name: string; href: string };
  /** The archive's top-level folders: its sub collections. */
  folders: readonly FolderRef[];
  /**
   * A search's query (`q=…`, as the listing reads it): the collection is the archive searched,
   * and following its href or data lists the assetCount matches, not the whole archive.
   */
  search?: string;
}

/** The collection with the viewer's side (permissions, cover, pin, matches) filled in. */
export function collectionFor(archive: Archive, extras: CollectionExtras) {
  const href = extras.search ? `${archive.href}?${extras.search}` : archive.href;
  return {
    id: String(archive.id),
    name: archive.name,
    description: archive.description,
    href,
    data: href,
    // Archive pins are keyed by this (spec 000 section 3): the href without a query.
    matchingHref: archive.href,
    type: "archive",
    color: archive.config.Color,
    iconCharacter: archive.config.IconCharacter,
    searchURL: `${archive.href}{?q}`,
    // An archive is searched in place: the collection the search ran in is the archive itself.
    originalURL: archive.href,
    archiveId: archive.id,
    ...extras.abilities,
    // Where an alert on this archive's searches is created (spec 002 "Alert creation", decision 062).
    ...(extras.abilities.canCreateAlerts ? { alertHref: LINKS.alerts } : {}),
    // Archives are made and removed by their configuration, never through their collection (albums are).
    canBeDeleted: false,
    canBeArchived: false,
    canSelect: true,
    isSelectable: true,
    isSearchable: true,
    permissions: extras.permissions,
    posterImages: extras.posterImages,
    posterAsset: extras.posterAsset,
    pin: extras.pin,
    metadataEditor: extras.metadataEditor,
    // The reference's props: which features (comments, annotations) the archive has on.
    props: resourceProps(archive.config),
    ...(extras.assetCount === undefined ? {} : { assetCount: extras.assetCount }),
    canHaveChildren: true,
    ...childrenOf(href, archive.href, extras.folders),
  };
}

export type Collection = ReturnType<typeof collectionFor>;

/** The chosen cover of each archive (archives.poster_asset_id), null where none is set. */
export async function posterAssetIds(archiveIds: number[]): Promise<Map<number, number | null>> {
  if (archiveIds.length === 0) return new Map();
  const rows = await db()
    .selectFrom("archives")
    .select(["id", "poster_asset_id"])
    .where("id", "in", archiveIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.poster_asset_id]));
}

/** Sets (an asset id) or clears (null) an archive's cover. Callers check SetPosterAsset. */
export async function setPosterAssetId(archiveId: number, assetId: number | null) {
  await db()
    .updateTable("archives")
    .set({ poster_asset_id: assetId, updated_at: now() })
    .where("id", "=", archiveId)
    .execute();
}
