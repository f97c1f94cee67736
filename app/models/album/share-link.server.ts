import { randomBytes } from "node:crypto";
import { db, now } from "~/db/connection.server";
import type { ShareLinkLogRow, ShareLinkRow } from "~/db/schema";
import {
  albumAssetRights,
  requireAlbum,
  sharingRights,
  type LinkGrant,
} from "~/models/access/album-access.server";
import { assetRowsByIds } from "~/models/asset/asset-rows.server";
import { currentRevisionId, findAsset } from "~/models/asset/asset.server";
import type { AssetView } from "~/models/asset/asset-view.server";
import { accessFileVia, fileUrl } from "~/models/rendition/rendition.server";
import { albumAssetViews, channelFileUrl } from "./album-page.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { hashPassword } from "~/models/user/user.server";
import { verify } from "@node-rs/argon2";
import type { Viewer } from "~/models/user/user.schema";
import {
  ACCESS_LOG_PAGE_SIZE,
  LINK_GUESS_LIMIT,
  LINK_GUESS_WINDOW_MINUTES,
  LINK_GUESSES_EXHAUSTED,
  LINK_PASSWORD_WRONG,
  MAX_LINKS_PER_ALBUM,
  type LinkDownload,
} from "./album.schema";
import type { ShareLinkInput } from "./share-link.schema";

/*
 * Public links of an album (decision 051): any number, each with its own expiry, password
 * (argon2id), download right and access log. No HTTP here: the visitor's address comes from the
 * caller. Who may make or see links is the access module's (requireAlbum manage, sharingRights).
 */

/** Refusals the links page shows by their field (expiry, download), so matched by identity. */
export const EXPIRY_PAST = keyed("album.refusal.expiryPast");
export const LINK_ORIGINALS_FORBIDDEN = keyed("album.refusal.linkOriginals");

/** What the owner sees of a link: never the password or its hash, only whether there is one. */
export interface ShareLinkView {
  id: number;
  token: string;
  label: string;
  expiresAt: string | null;
  hasPassword: boolean;
  download: LinkDownload;
  createdAt: string;
  revokedAt: string | null;
}

/** A share link as stored, for the HTTP layer, which reads no database types of its own. */
export type ShareLink = ShareLinkRow;

export function shareLinkView(row: ShareLinkRow): ShareLinkView {
  return {
    id: row.id,
    token: row.token,
    label: row.label,
    expiresAt: row.expires_at,
    hasPassword: row.password_hash !== null,
    download: row.download,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/** 24 random bytes as 32 base64url characters. */
export function newLinkToken(): string {
  return randomBytes(24).toString("base64url");
}

/** May this person make public links with this download right? Throws forbidden when not. */
async function assertMayLink(viewer: Viewer, download: LinkDownload) {
  const rights = await sharingRights(viewer);
  if (!rights.shareWithGuests) throw new Problem("forbidden", keyed("album.error.noGuests"));
  if (download === "originals" && !rights.delegateDownloads)
    throw new Problem("forbidden", LINK_ORIGINALS_FORBIDDEN);
}

/** A new public link of the album (owner, shareWithGuests). The expiry must lie ahead. */
export async function createShareLink(
  viewer: Viewer | null,
  albumId: number,
  input: ShareLinkInput,
): Promise<ShareLinkRow> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  await assertMayLink(viewer!, input.download);
  if (album.status === "deleted")
    throw new Problem("conflict", keyed("album.refusal.binBeforeLink"));
  if (input.expires !== null && input.expires <= new Date().toISOString())
    throw new Problem("invalid", EXPIRY_PAST, { messages: [EXPIRY_PAST] });
  const count = await db()
    .selectFrom("share_links")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("album_id", "=", album.id)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_LINKS_PER_ALBUM)
    throw new Problem("too-many", keyed("album.refusal.linksAtMost", { max: MAX_LINKS_PER_ALBUM }));
  return db()
    .insertInto("share_links")
    .values({
      album_id: album.id,
      token: newLinkToken(),
      label: input.label,
      expires_at: input.expires,
      password_hash: input.password === "" ? null : await hashPassword(input.password),
      download: input.download,
      created_by: viewer!.id,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A link of the album (owner), or not-found exactly as a missing one. */
export async function getShareLink(
  viewer: Viewer | null,
  albumId: number,
  linkId: number,
): Promise<ShareLinkRow> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  const link = Number.isSafeInteger(linkId)
    ? await db()
        .selectFrom("share_links")
        .selectAll()
        .where("id", "=", linkId)
        .where("album_id", "=", album.id)
        .executeTakeFirst()
    : undefined;
  if (!link) throw new Problem("not-found", keyed("album.refusal.linkNotFound"));
  return link;
}

/** The album's links, newest first, revoked ones included (their log stays readable). */
export async function listShareLinks(
  viewer: Viewer | null,
  albumId: number,
): Promise<ShareLinkRow[]> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  return db()
    .selectFrom("share_links")
    .selectAll()
    .where("album_id", "=", album.id)
    .orderBy("id", "desc")
    .execute();
}

/**
 * Changes a link's label, expiry, download right and password (an empty password keeps the one
 * set unless `clearPassword`). A revoked link stays revoked.
 */
export async function updateShareLink(
  viewer: Viewer | null,
  albumId: number,
  linkId: number,
  input: ShareLinkInput & { clearPassword?: boolean },
): Promise<ShareLinkRow> {
  const link = await getShareLink(viewer, albumId, linkId);
  await assertMayLink(viewer!, input.download);
  if (link.revoked_at !== null) throw new Problem("conflict", keyed("album.refusal.linkRevoked"));
  if (input.expires !== null && input.expires <= new Date().toISOString())
    throw new Problem("invalid", EXPIRY_PAST);
  const password_hash =
    input.password !== ""
      ? await hashPassword(input.password)
      : input.clearPassword
        ? null
        : link.password_hash;
  return db()
    .updateTable("share_links")
    .set({ label: input.label, expires_at: input.expires, download: input.download, password_hash })
    .where("id", "=", link.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes one link (idempotent: revoking a revoked link changes nothing). */
export async function revokeShareLink(
  viewer: Viewer | null,
  albumId: number,
  linkId: number,
): Promise<ShareLinkRow> {
  const link = await getShareLink(viewer, albumId, linkId);
  if (link.revoked_at !== null) return link;
  return db()
    .updateTable("share_links")
    .set({ revoked_at: now() })
    .where("id", "=", link.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes every open link of the album (the reference's removeShares with everyone). */
export async function revokeAllShareLinks(viewer: Viewer | null, albumId: number): Promise<number> {
  const { album } = await requireAlbum(viewer, albumId, "manage");
  const result = await db()
    .updateTable("share_links")
    .set({ revoked_at: now() })
    .where("album_id", "=", album.id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type LinkLogAction = ShareLinkLogRow["action"];

/** One line of a link's access log. The address is cut to 100 characters (it is untrusted). */
export async function logLinkAccess(
  linkId: number,
  address: string,
  action: LinkLogAction,
  assetId: number | null = null,
  detail = "",
): Promise<void> {
  await db()
    .insertInto("share_link_log")
    .values({
      link_id: linkId,
      at: now(),
      address: address.slice(0, 100),
      action,
      asset_id: assetId,
      detail: detail.slice(0, 500),
    })
    .execute();
}

/**
 * Checks a visitor's password for a protected link: at most LINK_GUESS_LIMIT wrong ones per
 * address in LINK_GUESS_WINDOW_MINUTES, counted in the log so every process sees them. A wrong
 * guess is logged; too many answer too-many before the password is even compared.
 */
export async function checkLinkPassword(
  grant: LinkGrant,
  address: string,
  password: string,
): Promise<void> {
  const hash = grant.link.password_hash;
  if (hash === null) return;
  const since = new Date(Date.now() - LINK_GUESS_WINDOW_MINUTES * 60_000).toISOString();
  const failures = await db()
    .selectFrom("share_link_log")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("link_id", "=", grant.link.id)
    .where("action", "=", "password-failed")
    .where("address", "=", address.slice(0, 100))
    .where("at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(failures.n) >= LINK_GUESS_LIMIT)
    throw new Problem("too-many", LINK_GUESSES_EXHAUSTED, { heading: "Too many attempts" });
  const ok = password.length > 0 && (await verify(hash, password).catch(() => false));
  if (!ok) {
    await logLinkAccess(grant.link.id, address, "password-failed");
    throw new Problem("unauthenticated", LINK_PASSWORD_WRONG, { heading: "Password required" });
  }
  await logLinkAccess(grant.link.id, address, "password-ok");
}

export interface LinkLogPage {
  entries: (Pick<ShareLinkLogRow, "id" | "at" | "address" | "action" | "asset_id" | "detail"> & {
    fileName: string | null;
  })[];
  /** The id to pass as `before` for the next (older) page, or null at the end. */
  before: number | null;
}

/** A link's access log for its owner, newest first, ACCESS_LOG_PAGE_SIZE at a time. */
export async function linkAccessLog(
  viewer: Viewer | null,
  albumId: number,
  linkId: number,
  before?: number,
): Promise<LinkLogPage> {
  const link = await getShareLink(viewer, albumId, linkId);
  let query = db()
    .selectFrom("share_link_log")
    .leftJoin("assets", "assets.id", "share_link_log.asset_id")
    .select([
      "share_link_log.id",
      "share_link_log.at",
      "share_link_log.address",
      "share_link_log.action",
      "share_link_log.asset_id",
      "share_link_log.detail",
      "assets.file_name as fileName",
    ])
    .where("share_link_log.link_id", "=", link.id);
  if (before !== undefined && Number.isSafeInteger(before))
    query = query.where("share_link_log.id", "<", before);
  const rows = await query
    .orderBy("share_link_log.id", "desc")
    .limit(ACCESS_LOG_PAGE_SIZE + 1)
    .execute();
  const entries = rows.slice(0, ACCESS_LOG_PAGE_SIZE);
  return {
    entries,
    before: rows.length > ACCESS_LOG_PAGE_SIZE ? entries[entries.length - 1]!.id : null,
  };
}

/** How many times each link was opened (its "open" log lines), for the owner's list. */
export async function linkOpenCounts(linkIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (linkIds.length === 0) return counts;
  const rows = await db()
    .selectFrom("share_link_log")
    .select(["link_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("link_id", "in", [...linkIds])
    .where("action", "=", "open")
    .groupBy("link_id")
    .execute();
  for (const row of rows) counts.set(row.link_id, Number(row.n));
  return counts;
}

export interface LinkAssetFiles {
  view: AssetView;
  /** The large preview, shown inline. */
  preview: string | null;
  /** The preview as an attachment, when the link lets visitors download previews. */
  previewDownload: string | null;
  /** The original (as the archive delivers it), when the link lets visitors download it. */
  originalDownload: string | null;
}

/**
 * One asset of a link's album as the visitor's preview page shows it, with the file URLs the
 * link's rights allow (checked again by the file route on every request), or not-found exactly as
 * an asset that is not in the album.
 */
export async function linkAssetFiles(grant: LinkGrant, assetId: number): Promise<LinkAssetFiles> {
  const notFound = new Problem("not-found", keyed("album.refusal.sharedAssetNotFound"));
  if (!Number.isSafeInteger(assetId)) throw notFound;
  const channel = { kind: "link" as const, link: grant.link, owner: grant.owner };
  const inAlbum = await db()
    .selectFrom("album_assets")
    .select("asset_id")
    .where("album_id", "=", grant.album.id)
    .where("asset_id", "=", assetId)
    .executeTakeFirst();
  const row = inAlbum ? await findAsset(assetId) : null;
  if (!row || row.state !== "ready") throw notFound;
  const [view] = await albumAssetViews(channel, [row]);
  if (!view) throw notFound;
  const rights = (await albumAssetRights(channel, [row])).get(row.id);
  const largest = view.previews.find((p) => p.href.includes("/preview/")) ?? view.previews.at(-1);
  const preview = rights?.preview && largest ? largest.href : null;
  const originalDownload = (await linkOriginalDownloads(grant, [row.id])).get(row.id) ?? null;
  return {
    view,
    preview,
    previewDownload: preview && rights?.downloadPreview ? `${preview}?download=1` : null,
    originalDownload,
  };
}

/**
 * The original download URLs a link offers for these assets (its right is originals, the owner
 * may download each and still holds delegateDownloads), by asset id. The URL names the file as
 * the archive delivers it (a processing profile's file has its own hash), as the file route checks.
 */
export async function linkOriginalDownloads(
  grant: LinkGrant,
  assetIds: readonly number[],
): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  if (grant.link.download !== "originals" || assetIds.length === 0) return result;
  const channel = { kind: "link" as const, link: grant.link, owner: grant.owner };
  const rows = await assetRowsByIds(assetIds, ["id", "archive_id"]);
  const rights = await albumAssetRights(channel, rows);
  for (const row of rows) {
    if (!rights.get(row.id)?.downloadOriginal) continue;
    const revisionId = await currentRevisionId(row.id);
    if (revisionId === null) continue;
    const access = await accessFileVia(channel, revisionId, "original");
    if (access.ok)
      result.set(
        row.id,
        channelFileUrl(channel, fileUrl(revisionId, "original", access.hash, access.fileName)),
      );
  }
  return result;
}
