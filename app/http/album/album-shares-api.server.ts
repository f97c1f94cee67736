import { z } from "zod";
import type { ShareLink } from "~/models/album/share-link.server";
import { linkState, sharingRights } from "~/models/access/album-access.server";
import {
  addAlbumShares,
  checkShareRequests,
  listAlbumShares,
  removeAlbumShares,
  searchPeople,
  ShareEntryProblem,
  type AlbumShare,
  type ShareRequest,
} from "~/models/album/album-shares.server";
import {
  MAX_SHARE_ENTRIES,
  PEOPLE_PAGE_SIZE,
  peopleQuerySchema,
  shareMessageSchema,
  type ShareTargetType,
} from "~/models/album/album-shares.schema";
import { MAX_LINKS_PER_ALBUM, type LinkDownload } from "~/models/album/album.schema";
import { shareLinkSchema } from "~/models/album/share-link.schema";
import {
  createShareLink,
  listShareLinks,
  revokeAllShareLinks,
} from "~/models/album/share-link.server";
import { groupHref, groupIdOfHref, userHref } from "~/models/group/group.view";
import { Problem } from "~/models/problem/problem";
import { englishOf } from "~/models/locale/catalog.server";
import type { Viewer } from "~/models/user/user.schema";
import { albumHref, albumSharesHref, LINKS, sharedAlbumHref } from "~/utils/links";
import { apiJson, HttpError } from "../http.server";
import { publicOrigin } from "../origin.server";
import { readJsonBody } from "../submission.server";

/*
 * The reference's "Albums sharing" operations (decision 055): GET the album's Sharing, PATCH a
 * SharingUpdate (users, groups, and public links as the type everyone), and the people search.
 * Every entry of an update is checked before anything changes: one bad entry is a 400 that names
 * it, and nothing is stored.
 */

export const SHARING_TYPE = "application/vnd.fotoware.sharing+json";
export const SHARING_LINK_LIST_TYPE = "application/vnd.fotoware.sharing-link-list+json";
export const PEOPLE_LIST_TYPE = "application/vnd.fotoware.people-list+json";

/** The user and album ids of the URL; anything else answers as a missing album. */
export function albumParams(params: { user?: string; album?: string }) {
  const id = (value: string | undefined) => (/^\d{1,9}$/.test(value ?? "") ? Number(value) : -1);
  return { ownerId: id(params.user), albumId: id(params.album) };
}

/** The reference's acl of a share: view, contribute, and download when delegated. */
const shareAcl = (share: Pick<AlbumShare, "access" | "download">) => [
  "view",
  ...(share.access === "contribute" ? ["contribute"] : []),
  ...(share.download ? ["download"] : []),
];

const LINK_ACL: Record<LinkDownload, string[]> = {
  none: ["view"],
  previews: ["view", "preview"],
  originals: ["view", "preview", "download"],
};

const linkShare = (link: ShareLink, origin: string) => ({
  type: "everyone",
  acl: LINK_ACL[link.download],
  sharedHREF: `${origin}${sharedAlbumHref(link.token)}`,
});

const hrefOf = (type: ShareTargetType, id: number) =>
  type === "user" ? userHref(id) : groupHref(id);

/** GET .shares/: the album's Sharing, owner only (sharees 403, anyone else 404). */
export async function sharingAnswer(request: Request, viewer: Viewer, params: object) {
  const { ownerId, albumId } = albumParams(params);
  const { grant, shares } = await listAlbumShares(viewer, albumId, ownerId);
  const origin = publicOrigin(request);
  const at = new Date();
  const open = (await listShareLinks(viewer, grant.album.id)).filter(
    (l) => linkState(l, at) === "open",
  );
  const album = albumHref(grant.album.owner_id, grant.album.id);
  const newest = open[0];
  return apiJson(
    {
      shares: [
        ...shares.map((s) => ({
          type: s.type,
          href: hrefOf(s.type, s.id),
          name: s.name,
          acl: shareAcl(s),
          sharedHREF: `${origin}${album}`,
        })),
        ...open.map((l) => ({ ...linkShare(l, origin), name: l.label || "Public link" })),
      ],
      ...(newest
        ? {
            showcase: {
              from: newest.created_at,
              ...(newest.expires_at ? { to: newest.expires_at } : {}),
              ...linkShare(newest, origin),
            },
          }
        : {}),
      href: albumSharesHref(grant.album.owner_id, grant.album.id),
      originalHref: album,
    },
    SHARING_TYPE,
  );
}

const entrySchema = z.object({
  type: z.enum(["user", "group", "everyone"], { message: "type is user, group or everyone" }),
  href: z.union([z.string().max(300), z.number()]).optional(),
  acl: z.array(z.string().max(40)).max(10, "acl holds at most 10 rights").optional(),
});

const sharingUpdateSchema = z.object({
  addShares: z
    .array(z.unknown())
    .max(MAX_SHARE_ENTRIES, `Send at most ${MAX_SHARE_ENTRIES} entries in addShares.`)
    .optional()
    .default([]),
  removeShares: z
    .array(z.unknown())
    .max(MAX_SHARE_ENTRIES, `Send at most ${MAX_SHARE_ENTRIES} entries in removeShares.`)
    .optional()
    .default([]),
  message: shareMessageSchema.optional(),
});

const ACL_WORDS = new Set(["view", "preview", "contribute", "download"]);

/** A user's or group's href (the API's, or a bare id) as an id; null when it is neither. */
function targetIdOf(type: ShareTargetType, href: string | number | undefined): number | null {
  if (typeof href === "number") return Number.isSafeInteger(href) && href > 0 ? href : null;
  if (typeof href !== "string") return null;
  const bare = /^\s*(\d{1,9})\s*$/.exec(href);
  if (bare) return Number(bare[1]);
  if (type === "group") return groupIdOfHref(href);
  const match = new RegExp(`^${LINKS.apiUsers}/(\\d{1,9})/?$`).exec(href.trim());
  return match ? Number(match[1]) : null;
}

type Parsed =
  | { kind: "share"; request: ShareRequest; index: number }
  | { kind: "link"; download: LinkDownload; index: number };

/** A refusal naming its entry: one English sentence for programs, a keyed reason read in English. */
const bad = (where: string, message: string) =>
  new HttpError(400, `${where}: ${englishOf(message)}`.slice(0, 400));

/** Reads a SharingUpdate into checked requests, or throws a 400 naming the first bad entry. */
function parseUpdate(body: unknown) {
  const parsed = sharingUpdateSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw bad(issue.path.join(".") || "body", issue.message);
  }
  const adds: Parsed[] = [];
  for (const [index, raw] of parsed.data.addShares.entries()) {
    const where = `addShares[${index}]`;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) throw bad(where, entry.error.issues[0]!.message);
    const acl = entry.data.acl ?? ["view"];
    const unknown = acl.find((word) => !ACL_WORDS.has(word));
    if (unknown !== undefined)
      throw bad(
        where,
        `"${unknown.slice(0, 40)}" is not a right (view, preview, contribute, download).`,
      );
    if (entry.data.type === "everyone") {
      adds.push({
        kind: "link",
        index,
        download: acl.includes("download")
          ? "originals"
          : acl.includes("preview")
            ? "previews"
            : "none",
      });
      continue;
    }
    const id = targetIdOf(entry.data.type, entry.data.href);
    if (id === null) throw bad(where, `href is not a ${entry.data.type}'s href.`);
    adds.push({
      kind: "share",
      index,
      request: {
        type: entry.data.type,
        id,
        access: acl.includes("contribute") ? "contribute" : "view",
        download: acl.includes("download"),
      },
    });
  }
  const removes: { type: ShareTargetType; id: number }[] = [];
  let revokeLinks = false;
  for (const [index, raw] of parsed.data.removeShares.entries()) {
    const where = `removeShares[${index}]`;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) throw bad(where, entry.error.issues[0]!.message);
    if (entry.data.type === "everyone") {
      revokeLinks = true;
      continue;
    }
    const id = targetIdOf(entry.data.type, entry.data.href);
    if (id === null) throw bad(where, `href is not a ${entry.data.type}'s href.`);
    removes.push({ type: entry.data.type, id });
  }
  return { adds, removes, revokeLinks, message: parsed.data.message ?? null };
}

/** PATCH .shares/: applies a SharingUpdate; answers SharingLinkList with what was added. */
export async function sharingUpdate(request: Request, viewer: Viewer, params: object) {
  const { ownerId, albumId } = albumParams(params);
  // Who may manage the album comes before what the body says: a stranger learns nothing from it.
  await listAlbumShares(viewer, albumId, ownerId);
  const body = await readJsonBody(request);
  const update = parseUpdate(body);
  const shareEntries = update.adds.filter((a) => a.kind === "share");
  const requests = shareEntries.map((a) => a.request);
  const links = update.adds.filter((a) => a.kind === "link");
  // Adding anything to an album in the bin is a conflict; removing from it is not.
  if (update.adds.length > 0)
    try {
      await checkShareRequests(viewer, albumId, requests, ownerId);
    } catch (error) {
      if (error instanceof ShareEntryProblem)
        throw bad(`addShares[${shareEntries[error.index]!.index}]`, error.message);
      throw error;
    }
  if (links.length > 0) {
    const at = new Date();
    const open = update.revokeLinks
      ? 0
      : (await listShareLinks(viewer, albumId)).filter((l) => linkState(l, at) === "open").length;
    if (open + links.length > MAX_LINKS_PER_ALBUM)
      throw bad(
        `addShares[${links[0]!.index}]`,
        `An album has at most ${MAX_LINKS_PER_ALBUM} open links.`,
      );
    const rights = await sharingRights(viewer);
    const refused = !rights.shareWithGuests
      ? { entry: links[0]!, message: "You do not have permission to share albums with guests." }
      : links.find((l) => l.download === "originals") && !rights.delegateDownloads
        ? {
            entry: links.find((l) => l.download === "originals")!,
            message: "You do not have permission to let others download originals.",
          }
        : null;
    if (refused) throw bad(`addShares[${refused.entry.index}]`, refused.message);
  }
  const origin = publicOrigin(request);
  if (update.revokeLinks) await revokeAllShareLinks(viewer, albumId);
  if (update.removes.length > 0) await removeAlbumShares(viewer, albumId, update.removes, ownerId);
  const added =
    requests.length > 0
      ? await addAlbumShares(viewer, albumId, requests, {
          ownerId,
          message: update.message,
          origin,
        })
      : [];
  const addedShares: object[] = added.map((s) => ({
    type: s.type,
    href: hrefOf(s.type, s.id),
    acl: shareAcl(s),
    sharedHREF: `${origin}${albumHref(ownerId, albumId)}`,
  }));
  for (const link of links) {
    const row = await createShareLink(
      viewer,
      albumId,
      shareLinkSchema.parse({ download: link.download }),
    );
    addedShares.push(linkShare(row, origin));
  }
  return apiJson({ addedShares }, SHARING_LINK_LIST_TYPE);
}

/** GET /fotoweb/me/people/?q=: whom the viewer may share with (the reference's PeopleList). */
export async function peopleAnswer(request: Request, viewer: Viewer) {
  const url = new URL(request.url);
  const query = peopleQuerySchema.safeParse({
    q: url.searchParams.get("q") ?? undefined,
    p: url.searchParams.get("p") ?? undefined,
  });
  if (!query.success) throw new Problem("invalid", query.error.issues[0]!.message);
  const { q, p } = query.data;
  const page = await searchPeople(viewer, q, p, PEOPLE_PAGE_SIZE);
  const pageHref = (n: number) =>
    `${LINKS.apiPeople}?${new URLSearchParams({ q, ...(n > 0 ? { p: String(n) } : {}) })}`;
  return apiJson(
    {
      data: page.people.map((person) => ({
        type: person.type,
        display_name: person.displayName,
        unique_name: person.uniqueName,
        href: hrefOf(person.type, person.id),
      })),
      paging: {
        first: pageHref(0),
        ...(p > 0 ? { prev: pageHref(p - 1) } : {}),
        ...(page.more ? { next: pageHref(p + 1) } : {}),
      },
    },
    PEOPLE_LIST_TYPE,
  );
}
