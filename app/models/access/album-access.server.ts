import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { db } from "~/db/connection.server";
import {
  EVERYONE_GROUP_ID,
  REGISTERED_USERS_GROUP_ID,
  type AlbumRow,
  type AssetRow,
  type Database,
  type ShareLinkRow,
} from "~/db/schema";
import {
  ALBUM_NOT_FOUND,
  LINK_EXPIRED,
  LINK_NOT_FOUND,
  LINK_REVOKED,
  type AlbumRole,
  type ShareAccess,
} from "~/models/album/album.schema";
import { LINK_EXPIRED_HEADING, LINK_REVOKED_HEADING } from "~/models/album/link-ends";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { groupsOfUser } from "~/models/group/membership.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { findUserById } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import {
  assetPermissions,
  capabilitiesOf,
  visibleArchives,
  visibleCondition,
  type Decision,
} from "./access.server";

/*
 * Album permissions (issue 18, decision 051), beside the archive rules in this folder and nowhere
 * else. Three questions:
 *  - Who may see or change an album: its owner (and holders of manageAlbums, acting as owner),
 *    the users and groups it is shared with (view or contribute). To anyone else it does not
 *    exist; a deleted album exists only for its owner (the bin).
 *  - What an album shows: the assets its OWNER may see now, by the owner's archive rights. A share
 *    lends the owner's view, never more; an asset the owner loses sight of leaves the album for
 *    everyone, and a contributor may add only what both they and the owner see.
 *  - What a file may be served as: a thumbnail for whatever is shown; a preview with the owner's
 *    Preview; an original with the owner's Download and, for anyone but the owner, a share or
 *    link that carries downloads and the owner's delegateDownloads flag, all checked per request.
 */

export type AlbumAction = "view" | "contribute" | "manage";

export interface AlbumGrant {
  album: AlbumRow;
  role: AlbumRole;
  /** The album's owner: the person whose archive rights decide what the album shows. */
  owner: Viewer;
  /** Originals may be downloaded through this grant (still per asset by the owner's rights). */
  delegatedDownload: boolean;
}

const albumNotFound = () => new Problem("not-found", ALBUM_NOT_FOUND);
const RANK: Record<AlbumRole, number> = { view: 1, contribute: 2, owner: 3 };

/** The strongest share of the album the viewer holds through themselves or their groups. */
async function shareOf(
  viewer: Viewer,
  albumId: number,
): Promise<{ access: ShareAccess; download: boolean } | null> {
  const groups = await groupsOfUser(viewer);
  const rows = await db()
    .selectFrom("album_shares")
    .select(["access", "download"])
    .where("album_id", "=", albumId)
    .where((eb) =>
      eb.or([
        eb.and([eb("principal_type", "=", "user"), eb("principal_id", "=", viewer.id)]),
        ...(groups.length > 0
          ? [eb.and([eb("principal_type", "=", "group"), eb("principal_id", "in", groups)])]
          : []),
      ]),
    )
    .execute();
  if (rows.length === 0) return null;
  return {
    access: rows.some((r) => r.access === "contribute") ? "contribute" : "view",
    download: rows.some((r) => r.download === 1),
  };
}

/**
 * May the viewer do this with the album? Missing, another's private album, or (for all but its
 * owner) a deleted one: not-found with one message. `ownerId` is the user id of the album's URL:
 * an album asked for under another user answers as missing too.
 */
export async function albumDecision(
  viewer: Viewer | null,
  albumId: number | null,
  action: AlbumAction,
  ownerId?: number,
): Promise<Decision<AlbumGrant>> {
  const notFound = { allowed: false as const, problem: albumNotFound() };
  if (albumId === null || !Number.isSafeInteger(albumId) || albumId <= 0) return notFound;
  if (!viewer || viewer.isGuest) return notFound;
  const album = await db()
    .selectFrom("albums")
    .selectAll()
    .where("id", "=", albumId)
    .executeTakeFirst();
  if (!album || (ownerId !== undefined && album.owner_id !== ownerId)) return notFound;
  const capabilities = await capabilitiesOf(viewer);
  let role: AlbumRole | null = null;
  let shareDownload = false;
  if (album.owner_id === viewer.id || capabilities.has("manageAlbums")) role = "owner";
  else {
    const share = await shareOf(viewer, album.id);
    if (share) {
      role = share.access;
      shareDownload = share.download;
    }
  }
  if (role === null) return notFound;
  if (album.status === "deleted" && role !== "owner") return notFound;
  const owner = album.owner_id === viewer.id ? viewer : await findUserById(album.owner_id);
  // A disabled or expired owner's albums are closed: nobody's rights stand in for theirs.
  if (!owner) return notFound;
  const ownerCapabilities = owner === viewer ? capabilities : await capabilitiesOf(owner);
  const grant: AlbumGrant = {
    album,
    role,
    owner,
    delegatedDownload:
      role === "owner" || (shareDownload && ownerCapabilities.has("albums.delegateDownloads")),
  };
  if (action === "view") return { allowed: true, value: grant };
  if (action === "manage" && RANK[role] < RANK.owner)
    return {
      allowed: false,
      problem: new Problem("forbidden", keyed("album.refusal.ownerOnly")),
    };
  if (action === "contribute") {
    if (RANK[role] < RANK.contribute)
      return {
        allowed: false,
        problem: new Problem("forbidden", keyed("album.refusal.viewOnly")),
      };
    if (album.status !== "active")
      return {
        allowed: false,
        problem: new Problem(
          "conflict",
          album.status === "archived"
            ? keyed("album.refusal.archivedUnarchive")
            : keyed("album.refusal.binBeforeLink"),
        ),
      };
  }
  return { allowed: true, value: grant };
}

/** albumDecision, throwing its Problem when refused. */
export async function requireAlbum(
  viewer: Viewer | null,
  albumId: number | null,
  action: AlbumAction,
  ownerId?: number,
): Promise<AlbumGrant> {
  const decision = await albumDecision(viewer, albumId, action, ownerId);
  if (!decision.allowed) throw decision.problem;
  return decision.value;
}

/**
 * The albums a viewer may see, as a condition on `albums`: their own (every status), and those
 * shared with them or their groups that are not in the owner's bin. Holders of manageAlbums see
 * every album through albumDecision, but lists stay personal: this condition is what lists use.
 */
export async function visibleAlbumsCondition(
  viewer: Viewer,
): Promise<(eb: ExpressionBuilder<Database, "albums">) => Expression<SqlBool>> {
  const groups = viewer.isGuest ? [] : await groupsOfUser(viewer);
  return (eb) => {
    if (viewer.isGuest) return sql<SqlBool>`1 = 0`;
    const shared = eb.exists(
      eb
        .selectFrom("album_shares")
        .select(sql`1`.as("one"))
        .whereRef("album_shares.album_id", "=", "albums.id")
        .where((s) =>
          s.or([
            s.and([
              s("album_shares.principal_type", "=", "user"),
              s("album_shares.principal_id", "=", viewer.id),
            ]),
            ...(groups.length > 0
              ? [
                  s.and([
                    s("album_shares.principal_type", "=", "group"),
                    s("album_shares.principal_id", "in", groups),
                  ]),
                ]
              : []),
          ]),
        ),
    );
    return eb.or([
      eb("albums.owner_id", "=", viewer.id),
      eb.and([eb("albums.status", "!=", "deleted"), shared]),
    ]);
  };
}

/** The album flags (group capabilities) that govern sharing, as the viewer holds them. */
export interface SharingRights {
  create: boolean;
  shareWithUsers: boolean;
  shareWithGroups: boolean;
  shareWithGuests: boolean;
  restrictToFriends: boolean;
  delegateDownloads: boolean;
  showOnHomepage: boolean;
  comment: boolean;
}

export async function sharingRights(viewer: Viewer | null): Promise<SharingRights> {
  const held = viewer && !viewer.isGuest ? await capabilitiesOf(viewer) : new Set();
  return {
    create: held.has("albums.create"),
    shareWithUsers: held.has("albums.shareWithUsers"),
    shareWithGroups: held.has("albums.shareWithGroups"),
    shareWithGuests: held.has("albums.shareWithGuests"),
    // The site owner holds every flag; restricting them to friends would be a loss, not a rule.
    restrictToFriends: held.has("albums.restrictToFriends") && !viewer?.isSiteOwner,
    delegateDownloads: held.has("albums.delegateDownloads"),
    showOnHomepage: held.has("albums.showOnHomepage"),
    comment: held.has("albums.comment"),
  };
}

/** The built-in groups everybody is in: sharing them is sharing with the whole site. */
const WHOLE_SITE = new Set([EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]);

/**
 * May the sharer share with this user or group (spec 002 group flags)? shareWithUsers or
 * shareWithGroups must be held; with restrictToFriends a user must share a group with the sharer
 * (the whole-site groups do not count) and a group must be one the sharer is in. A target that does
 * not exist, or the guest, is not-found; one outside the sharer's friends is refused alike, so
 * sharing cannot be used to learn who is on the site.
 */
export async function shareTargetDecision(
  sharer: Viewer,
  target: { type: "user" | "group"; id: number },
): Promise<Decision<{ type: "user" | "group"; id: number; name: string }>> {
  const rights = await sharingRights(sharer);
  const notFound = {
    allowed: false as const,
    problem: new Problem(
      "not-found",
      target.type === "user"
        ? keyed("album.refusal.noSuchUser")
        : keyed("album.refusal.noSuchGroup"),
    ),
  };
  if (target.type === "user" && !rights.shareWithUsers)
    return {
      allowed: false,
      problem: new Problem("forbidden", keyed("album.refusal.usersForbidden")),
    };
  if (target.type === "group" && !rights.shareWithGroups)
    return {
      allowed: false,
      problem: new Problem("forbidden", keyed("album.refusal.groupsForbidden")),
    };
  if (!Number.isSafeInteger(target.id) || target.id <= 0) return notFound;
  const sharerGroups = (await groupsOfUser(sharer)).filter((g) => !WHOLE_SITE.has(g));
  if (target.type === "user") {
    if (target.id === sharer.id) return notFound;
    const user = await findUserById(target.id);
    if (!user || user.isGuest) return notFound;
    if (rights.restrictToFriends) {
      const theirs = new Set(await groupsOfUser(user));
      if (!sharerGroups.some((g) => theirs.has(g))) return notFound;
    }
    return {
      allowed: true,
      value: { type: "user", id: user.id, name: user.fullName || user.username },
    };
  }
  const group = await db()
    .selectFrom("groups")
    .select(["id", "name"])
    .where("id", "=", target.id)
    .executeTakeFirst();
  if (!group) return notFound;
  if (rights.restrictToFriends && !sharerGroups.includes(group.id)) return notFound;
  return { allowed: true, value: { type: "group", id: group.id, name: group.name } };
}

/**
 * Whom the sharer may share with, as the people search lists them (the same rules as
 * shareTargetDecision): users when shareWithUsers, groups when shareWithGroups; with
 * restrictToFriends `friendGroups` holds the sharer's own groups (never the whole-site ones) and
 * `friendUserGroups` those and every group inside them, where a friend's direct membership lies.
 * Null means no restriction.
 */
export interface ShareScope {
  users: boolean;
  groups: boolean;
  friendGroups: number[] | null;
  friendUserGroups: number[] | null;
}

export async function shareScope(sharer: Viewer): Promise<ShareScope> {
  const rights = await sharingRights(sharer);
  if (sharer.isGuest)
    return { users: false, groups: false, friendGroups: [], friendUserGroups: [] };
  if (!rights.restrictToFriends)
    return {
      users: rights.shareWithUsers,
      groups: rights.shareWithGroups,
      friendGroups: null,
      friendUserGroups: null,
    };
  const own = (await groupsOfUser(sharer)).filter((g) => !WHOLE_SITE.has(g));
  const inside = new Set(own);
  if (own.length > 0) {
    // A friend may be a direct member of one of the sharer's groups or of a group inside one.
    const { rows } = await sql<{ id: number }>`
      with recursive inside(id) as (
        select member_group_id as id from group_groups where group_id in (${sql.join(own)})
        union
        select gg.member_group_id from group_groups gg join inside i on gg.group_id = i.id
      )
      select id from inside`.execute(db());
    for (const row of rows) inside.add(Number(row.id));
  }
  return {
    users: rights.shareWithUsers,
    groups: rights.shareWithGroups,
    friendGroups: own,
    friendUserGroups: [...inside],
  };
}

/** What one asset of an album may be served as, through a grant or a link. */
export interface AlbumAssetRights {
  /** Shown in the album (thumbnail): the owner sees it. */
  view: boolean;
  /** Large previews: the owner holds Preview. */
  preview: boolean;
  /** Preview-sized downloads (public links with previews or originals). */
  downloadPreview: boolean;
  /** The original file. */
  downloadOriginal: boolean;
}

export type AlbumChannel =
  { kind: "grant"; grant: AlbumGrant } | { kind: "link"; link: ShareLinkRow; owner: Viewer };

/**
 * The rights on these assets of an album, as the channel lends them: the owner's archive rights
 * now (visibility, Preview, Download), narrowed by what the share or link carries and, for anyone
 * but the owner, by the owner's delegateDownloads flag. Assets not in the map are not to be shown.
 */
export async function albumAssetRights(
  channel: AlbumChannel,
  rows: readonly Pick<AssetRow, "id" | "archive_id">[],
): Promise<Map<number, AlbumAssetRights>> {
  const owner = channel.kind === "grant" ? channel.grant.owner : channel.owner;
  const result = new Map<number, AlbumAssetRights>();
  if (rows.length === 0) return result;
  const archiveIds = [...new Set(rows.map((r) => r.archive_id))];
  const access = await visibleArchives(owner, archiveIds);
  const ids = rows.map((r) => r.id);
  const visible = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const seen = await db()
      .selectFrom("assets")
      .select("id")
      .where("id", "in", ids.slice(i, i + 5000))
      .where((eb) => visibleCondition(eb, access))
      .execute();
    for (const { id } of seen) visible.add(id);
  }
  const held = await assetPermissions(
    access,
    rows.filter((r) => visible.has(r.id)),
  );
  const delegates =
    channel.kind === "grant" && channel.grant.role === "owner"
      ? true
      : (await capabilitiesOf(owner)).has("albums.delegateDownloads");
  for (const row of rows) {
    if (!visible.has(row.id)) continue;
    const perms = held.get(row.id) ?? new Set<ArchivePermission>();
    const preview = perms.has("Preview");
    const download = perms.has("Download");
    if (channel.kind === "grant") {
      const own = channel.grant.role === "owner";
      result.set(row.id, {
        view: true,
        preview,
        downloadPreview: preview,
        downloadOriginal: download && (own || (channel.grant.delegatedDownload && delegates)),
      });
    } else {
      const right = channel.link.download;
      result.set(row.id, {
        view: true,
        preview,
        downloadPreview: preview && right !== "none",
        downloadOriginal: download && right === "originals" && delegates,
      });
    }
  }
  return result;
}

export type LinkState = "open" | "expired" | "revoked";

export function linkState(
  link: Pick<ShareLinkRow, "expires_at" | "revoked_at">,
  now: Date,
): LinkState {
  if (link.revoked_at !== null) return "revoked";
  if (link.expires_at !== null && link.expires_at <= now.toISOString()) return "expired";
  return "open";
}

export interface LinkGrant {
  link: ShareLinkRow;
  album: AlbumRow;
  owner: Viewer;
}

/**
 * A public link by its token, for a visitor with no account: missing, its album deleted, or its
 * owner gone or no longer allowed to share with guests is not-found; expired and revoked are
 * gone (410) with their own words. The password is checked by the caller (it needs the request).
 */
export async function linkDecision(token: string, now: Date): Promise<Decision<LinkGrant>> {
  const notFound = { allowed: false as const, problem: new Problem("not-found", LINK_NOT_FOUND) };
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return notFound;
  const link = await db()
    .selectFrom("share_links")
    .selectAll()
    .where("token", "=", token)
    .executeTakeFirst();
  if (!link) return notFound;
  const album = await db()
    .selectFrom("albums")
    .selectAll()
    .where("id", "=", link.album_id)
    .executeTakeFirst();
  if (!album || album.status === "deleted") return notFound;
  const owner = await findUserById(album.owner_id);
  if (!owner || !(await sharingRights(owner)).shareWithGuests) return notFound;
  const state = linkState(link, now);
  if (state !== "open")
    return {
      allowed: false,
      problem: new Problem("gone", state === "expired" ? LINK_EXPIRED : LINK_REVOKED, {
        heading: state === "expired" ? LINK_EXPIRED_HEADING : LINK_REVOKED_HEADING,
      }),
    };
  return { allowed: true, value: { link, album, owner } };
}
