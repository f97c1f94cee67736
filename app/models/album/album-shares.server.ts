import { sql } from "kysely";
import { db, now } from "~/db/connection.server";
import { containsText } from "~/db/like";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import {
  requireAlbum,
  shareScope,
  shareTargetDecision,
  sharingRights,
  type AlbumGrant,
} from "~/models/access/album-access.server";
import { groupsInside } from "~/models/group/group.server";
import { queueMail } from "~/models/mail/mail.server";
import { mailLocaleOf } from "~/models/locale/recipient.server";
import type { Translate } from "~/models/locale/message-id";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { albumHref } from "~/utils/links";
import type { ShareAccess } from "./album.schema";
import {
  MAX_SHARE_ENTRIES,
  MAX_SHARE_MAIL_RECIPIENTS,
  PEOPLE_PAGE_SIZE,
  type ShareMessage,
  type ShareTargetType,
} from "./album-shares.schema";

/*
 * An album's shares with users and groups (decision 055): listed, added or changed, removed, by
 * the album's owner only (requireAlbum manage). Whom one may share with is the access module's
 * (shareTargetDecision, shareScope); this module never decides it alone. No HTTP here: the
 * origin mailed links are made with comes from the caller.
 */

export interface AlbumShare {
  type: ShareTargetType;
  id: number;
  name: string;
  /** A user's username or a group's name, as the people search shows it. */
  uniqueName: string;
  access: ShareAccess;
  download: boolean;
  created: string;
}

export interface ShareRequest {
  type: ShareTargetType;
  id: number;
  access: ShareAccess;
  download: boolean;
}

/** The album's shares, users first, each by name. */
export async function listAlbumShares(
  viewer: Viewer | null,
  albumId: number,
  ownerId?: number,
): Promise<{ grant: AlbumGrant; shares: AlbumShare[] }> {
  const grant = await requireAlbum(viewer, albumId, "manage", ownerId);
  return { grant, shares: await sharesOf(grant.album.id) };
}

async function sharesOf(albumId: number): Promise<AlbumShare[]> {
  const rows = await db()
    .selectFrom("album_shares")
    .leftJoin("users", (join) =>
      join
        .onRef("users.id", "=", "album_shares.principal_id")
        .on("album_shares.principal_type", "=", "user"),
    )
    .leftJoin("groups", (join) =>
      join
        .onRef("groups.id", "=", "album_shares.principal_id")
        .on("album_shares.principal_type", "=", "group"),
    )
    .select([
      "album_shares.principal_type as type",
      "album_shares.principal_id as id",
      "album_shares.access",
      "album_shares.download",
      "album_shares.created_at",
      "users.username",
      "users.full_name",
      "groups.name as group_name",
    ])
    .where("album_shares.album_id", "=", albumId)
    .execute();
  return rows
    .map((r) => {
      const name =
        r.type === "user" ? r.full_name || r.username || `User ${r.id}` : r.group_name || "";
      return {
        type: r.type,
        id: Number(r.id),
        name: name || `Group ${r.id}`,
        uniqueName: (r.type === "user" ? r.username : r.group_name) ?? "",
        access: r.access,
        download: Number(r.download) === 1,
        created: r.created_at,
      };
    })
    .sort(
      (a, b) =>
        (a.type === b.type ? 0 : a.type === "user" ? -1 : 1) ||
        a.name.localeCompare(b.name, "en", { sensitivity: "base" }) ||
        a.id - b.id,
    );
}

/** A refusal of one entry of a request, with its place and the part refused so the caller can name it. */
export class ShareEntryProblem extends Problem {
  constructor(
    readonly index: number,
    problem: Problem,
    readonly field: "target" | "download" = "target",
  ) {
    super(problem.kind, problem.message, problem.details);
  }
}

/**
 * Checks every request before anything is stored: the owner may manage the album, it is not in
 * the bin, each target is one the sharer may share with (never themselves or the album's owner),
 * and downloads are delegated only with delegateDownloads. The first bad entry is thrown as a
 * ShareEntryProblem; nothing is stored.
 */
export async function checkShareRequests(
  viewer: Viewer | null,
  albumId: number,
  requests: readonly ShareRequest[],
  ownerId?: number,
): Promise<{ grant: AlbumGrant; targets: (ShareRequest & { name: string })[] }> {
  const grant = await requireAlbum(viewer, albumId, "manage", ownerId);
  if (grant.album.status === "deleted")
    throw new Problem("conflict", keyed("album.refusal.binBeforeSharing"));
  if (requests.length > MAX_SHARE_ENTRIES)
    throw new Problem("invalid", keyed("album.refusal.shareAtMost", { max: MAX_SHARE_ENTRIES }));
  const rights = await sharingRights(viewer);
  const targets: (ShareRequest & { name: string })[] = [];
  for (const [index, request] of requests.entries()) {
    const refuse = (kind: Problem["kind"], message: string, field?: "download") =>
      new ShareEntryProblem(index, new Problem(kind, message), field);
    if (request.type === "user" && request.id === viewer!.id)
      throw refuse("invalid", keyed("album.refusal.shareWithSelf"));
    if (request.type === "user" && request.id === grant.album.owner_id)
      throw refuse("invalid", keyed("album.refusal.shareWithOwner"));
    if (request.download && !rights.delegateDownloads)
      throw refuse("forbidden", keyed("album.refusal.shareDownloads"), "download");
    const decision = await shareTargetDecision(viewer!, { type: request.type, id: request.id });
    if (!decision.allowed) throw new ShareEntryProblem(index, decision.problem);
    targets.push({ ...request, name: decision.value.name });
  }
  return { grant, targets };
}

/**
 * Adds the shares, or changes the access and download of those that exist (one transaction);
 * with a message, mails the people reached (a group's members, transitively, up to
 * MAX_SHARE_MAIL_RECIPIENTS) a link to the album. `origin` makes that link absolute.
 */
export async function addAlbumShares(
  viewer: Viewer | null,
  albumId: number,
  requests: readonly ShareRequest[],
  options: { ownerId?: number; message?: ShareMessage | null; origin?: string } = {},
): Promise<AlbumShare[]> {
  const { grant, targets } = await checkShareRequests(viewer, albumId, requests, options.ownerId);
  const at = now();
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const target of targets) {
        await trx
          .insertInto("album_shares")
          .values({
            album_id: grant.album.id,
            principal_type: target.type,
            principal_id: target.id,
            access: target.access,
            download: target.download ? 1 : 0,
            created_by: viewer!.id,
            created_at: at,
          })
          .onConflict((oc) =>
            oc
              .columns(["album_id", "principal_type", "principal_id"])
              .doUpdateSet({ access: target.access, download: target.download ? 1 : 0 }),
          )
          .execute();
      }
    });
  const message = options.message;
  if (message && (message.title !== "" || message.body !== "") && targets.length > 0)
    await mailShares(viewer!, grant, targets, message, options.origin ?? "");
  const added = new Set(targets.map((t) => `${t.type}:${t.id}`));
  return (await sharesOf(grant.album.id)).filter((s) => added.has(`${s.type}:${s.id}`));
}

/** Removes these shares of the album; those that do not exist are skipped. Returns how many. */
export async function removeAlbumShares(
  viewer: Viewer | null,
  albumId: number,
  targets: readonly { type: ShareTargetType; id: number }[],
  ownerId?: number,
): Promise<number> {
  const grant = await requireAlbum(viewer, albumId, "manage", ownerId);
  if (targets.length > MAX_SHARE_ENTRIES)
    throw new Problem(
      "invalid",
      keyed("album.refusal.removeSharesAtMost", { max: MAX_SHARE_ENTRIES }),
    );
  let removed = 0;
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const target of targets) {
        const result = await trx
          .deleteFrom("album_shares")
          .where("album_id", "=", grant.album.id)
          .where("principal_type", "=", target.type)
          .where("principal_id", "=", target.id)
          .executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
    });
  return removed;
}

/* ---------------------------------------------------------------- mail */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The enabled accounts with an address a share reaches, the sharer left out, capped. */
async function recipientsOf(
  sharer: Viewer,
  targets: readonly { type: ShareTargetType; id: number }[],
): Promise<{ id: number; email: string }[]> {
  const userIds = targets.filter((t) => t.type === "user").map((t) => t.id);
  const groupIds = targets.filter((t) => t.type === "group").map((t) => t.id);
  const wholeSite = groupIds.some(
    (g) => g === EVERYONE_GROUP_ID || g === REGISTERED_USERS_GROUP_ID,
  );
  const reached = new Set(groupIds);
  for (const group of groupIds) for (const inner of await groupsInside(group)) reached.add(inner);
  const rows = await db()
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "!=", sharer.id)
    .where("id", "!=", GUEST_USER_ID)
    .where("is_enabled", "=", 1)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now())]))
    .where("email", "!=", "")
    .where((eb) => {
      if (wholeSite) return sql<boolean>`1 = 1`;
      const ors = [];
      if (userIds.length > 0) ors.push(eb("id", "in", userIds));
      if (reached.size > 0)
        ors.push(
          eb.exists(
            eb
              .selectFrom("group_members")
              .select("group_members.user_id")
              .whereRef("group_members.user_id", "=", "users.id")
              .where("group_members.group_id", "in", [...reached]),
          ),
        );
      return ors.length > 0 ? eb.or(ors) : sql<boolean>`1 = 0`;
    })
    .orderBy("id")
    .limit(MAX_SHARE_MAIL_RECIPIENTS)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), email: r.email }));
}

/**
 * The share's mail, in the recipient's language: plain text, and the same escaped in HTML (the
 * message is untrusted).
 */
export function shareMail(
  parts: {
    to: string;
    sharer: string;
    albumName: string;
    link: string;
    message: ShareMessage;
  },
  { t }: { t: Translate },
) {
  const names = { sharer: parts.sharer, album: parts.albumName };
  const subject = (parts.message.title || t("mail.share.subject", names))
    .replace(/[\r\n]+/g, " ")
    .slice(0, 200);
  const lines = [
    t("mail.share.intro", names),
    ...(parts.message.title ? ["", parts.message.title] : []),
    ...(parts.message.body ? ["", parts.message.body] : []),
    "",
    t("mail.share.open"),
    parts.link,
  ];
  const html = [
    `<p>${escapeHtml(t("mail.share.intro", names))}</p>`,
    ...(parts.message.title ? [`<p><strong>${escapeHtml(parts.message.title)}</strong></p>`] : []),
    ...(parts.message.body
      ? [`<p style="white-space:pre-line">${escapeHtml(parts.message.body)}</p>`]
      : []),
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(t("mail.share.openLink"))}</a></p>`,
  ].join("\n");
  return { kind: "album-share", to: parts.to, subject, text: lines.join("\n"), html };
}

async function mailShares(
  sharer: Viewer,
  grant: AlbumGrant,
  targets: readonly { type: ShareTargetType; id: number }[],
  message: ShareMessage,
  origin: string,
) {
  const link = `${origin}${albumHref(grant.album.owner_id, grant.album.id)}`;
  for (const recipient of await recipientsOf(sharer, targets)) {
    if (recipient.id === grant.album.owner_id) continue;
    await queueMail(
      shareMail(
        {
          to: recipient.email,
          sharer: sharer.fullName || sharer.username,
          albumName: grant.album.name,
          link,
          message,
        },
        await mailLocaleOf(recipient.id),
      ),
    );
  }
}

/* ---------------------------------------------------------------- the people search */

const PEOPLE_READ_LIMIT = 500;

export interface Person {
  type: ShareTargetType;
  id: number;
  displayName: string;
  uniqueName: string;
}

export interface PeoplePage {
  people: Person[];
  more: boolean;
}

/**
 * The users and groups the viewer may share with whose name matches q (username and full name
 * for users, name for groups), by name, one page. Never the viewer, the guest, a disabled
 * account, or anyone outside the viewer's friends under restrictToFriends.
 */
export async function searchPeople(
  viewer: Viewer,
  q: string,
  page = 0,
  pageSize = PEOPLE_PAGE_SIZE,
): Promise<PeoplePage> {
  const scope = await shareScope(viewer);
  // Each kind is read in its own order and merged by name here; PEOPLE_READ_LIMIT keeps that
  // merge exact for every page a person would page through.
  const want = Math.max((page + 1) * pageSize + 1, PEOPLE_READ_LIMIT);
  const users: Person[] = [];
  const groups: Person[] = [];
  if (scope.users && (scope.friendUserGroups === null || scope.friendUserGroups.length > 0)) {
    const friends = scope.friendUserGroups;
    const rows = await db()
      .selectFrom("users")
      .select(["id", "username", "full_name"])
      .where("id", "!=", viewer.id)
      .where("id", "!=", GUEST_USER_ID)
      .where("is_enabled", "=", 1)
      .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now())]))
      .where((eb) => eb.or([containsText("username", q), containsText("full_name", q)]))
      .$if(friends !== null, (qb) =>
        qb.where((eb) =>
          eb.exists(
            eb
              .selectFrom("group_members")
              .select("group_members.user_id")
              .whereRef("group_members.user_id", "=", "users.id")
              .where("group_members.group_id", "in", friends!),
          ),
        ),
      )
      .orderBy("username_key")
      .limit(want)
      .execute();
    for (const r of rows)
      users.push({
        type: "user",
        id: Number(r.id),
        displayName: r.full_name || r.username,
        uniqueName: r.username,
      });
  }
  if (scope.groups && (scope.friendGroups === null || scope.friendGroups.length > 0)) {
    const own = scope.friendGroups;
    const rows = await db()
      .selectFrom("groups")
      .select(["id", "name"])
      .where(containsText("name", q))
      .$if(own !== null, (qb) => qb.where("id", "in", own!))
      .orderBy("name")
      .orderBy("id")
      .limit(want)
      .execute();
    for (const r of rows)
      groups.push({ type: "group", id: Number(r.id), displayName: r.name, uniqueName: r.name });
  }
  const all = [...users, ...groups].sort(
    (a, b) =>
      a.displayName.localeCompare(b.displayName, "en", { sensitivity: "base" }) ||
      (a.type === b.type ? a.id - b.id : a.type === "user" ? -1 : 1),
  );
  const start = page * pageSize;
  return { people: all.slice(start, start + pageSize), more: all.length > start + pageSize };
}
