import { json } from "@remix-run/node";
import { z } from "zod";
import {
  albumDecision,
  linkState,
  sharingRights,
  type AlbumGrant,
} from "~/models/access/album-access.server";
import { ALBUM_NOT_FOUND } from "~/models/album/album.schema";
import { shareLinkSchemaIn } from "~/models/album/share-link.schema";
import {
  createShareLink,
  EXPIRY_PAST,
  getShareLink,
  LINK_ORIGINALS_FORBIDDEN,
  linkAccessLog,
  linkOpenCounts,
  listShareLinks,
  revokeAllShareLinks,
  revokeShareLink,
  shareLinkView,
  updateShareLink,
} from "~/models/album/share-link.server";
import type { ShareLink } from "~/models/album/share-link.server";
import { isProblem, Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { albumHref, albumSharesHref, shareLinkAdminHref, sharedAlbumHref } from "~/utils/links";
import { requireViewer } from "../session.server";
import { checkSubmission, formReply, readBody, type SubmittedValues } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { publicOrigin } from "../origin.server";
import { localeOf, translatorFor } from "../locale/locale.server";

/*
 * The owner's pages of an album's public links (decision 056): the list with the create form and
 * "revoke all", and one link's settings, revoke and access log. Anyone but the owner (or a holder
 * of manageAlbums) gets the album's 404, a sharee too: the pages never confirm the album exists.
 */

const NO_STORE = { "Cache-Control": "no-store" };

const idOf = (value: string | undefined) =>
  /^\d{1,12}$/.test(value ?? "") ? Number(value) : Number.NaN;

async function requireOwner(
  request: Request,
  params: { user?: string; album?: string },
): Promise<{ viewer: Viewer; grant: AlbumGrant }> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const decision = await albumDecision(viewer, idOf(params.album), "manage", idOf(params.user));
  if (!decision.allowed) throw new Problem("not-found", ALBUM_NOT_FOUND);
  return { viewer, grant: decision.value };
}

function linkRow(request: Request, grant: AlbumGrant, row: ShareLink, opens: number) {
  const view = shareLinkView(row);
  return {
    ...view,
    url: `${publicOrigin(request)}${sharedAlbumHref(row.token)}`,
    state: linkState(row, new Date()),
    opens,
    href: shareLinkAdminHref(grant.album.owner_id, grant.album.id, row.id),
  };
}
export type ShareLinkRowView = ReturnType<typeof linkRow>;

function albumSummary(grant: AlbumGrant) {
  return {
    name: grant.album.name,
    href: albumHref(grant.album.owner_id, grant.album.id),
    sharesHref: albumSharesHref(grant.album.owner_id, grant.album.id),
    linksHref: `${albumSharesHref(grant.album.owner_id, grant.album.id)}links/`,
  };
}

async function linkRights(viewer: Viewer) {
  const rights = await sharingRights(viewer);
  return { shareWithGuests: rights.shareWithGuests, delegateDownloads: rights.delegateDownloads };
}

export async function shareLinksPageData(
  request: Request,
  params: { user?: string; album?: string },
) {
  const { viewer, grant } = await requireOwner(request, params);
  const rows = await listShareLinks(viewer, grant.album.id);
  const opens = await linkOpenCounts(rows.map((r) => r.id));
  const url = new URL(request.url);
  return json(
    {
      album: albumSummary(grant),
      rights: await linkRights(viewer),
      links: rows.map((row) => linkRow(request, grant, row, opens.get(row.id) ?? 0)),
      confirmRevokeAll: url.searchParams.get("revoke") === "all",
    },
    { headers: NO_STORE },
  );
}

/** A model's refusal of a form: by its field when it names one, else the form's (403, 409, 429). */
function refusal(request: Request, error: unknown, values: SubmittedValues) {
  if (!isProblem(error)) throw error;
  if (error.message === EXPIRY_PAST)
    return formReply(request, { fieldErrors: { expires: error.message }, values });
  if (error.message === LINK_ORIGINALS_FORBIDDEN)
    return formReply(request, { status: 403, fieldErrors: { download: error.message }, values });
  return formReply(request, {
    status: STATUS_OF[error.kind] ?? 400,
    formError: error.message,
    values,
  });
}

const STATUS_OF: Partial<Record<Problem["kind"], number>> = {
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-many": 429,
  invalid: 400,
};

const intentOf = (values: SubmittedValues) =>
  typeof values.intent === "string" ? values.intent : "";

export async function shareLinksPageAction(
  request: Request,
  params: { user?: string; album?: string },
) {
  const { viewer, grant } = await requireOwner(request, params);
  const t = await translatorFor(request);
  const values = await readBody(request, { json: false });
  const intent = intentOf(values);
  const back = albumSummary(grant).linksHref;
  if (intent === "revoke-all") {
    const count = await revokeAllShareLinks(viewer, grant.album.id);
    return redirectWithToast(request, back, {
      message:
        count === 0 ? t("album.toast.noLinksToRevoke") : t("album.toast.linksRevoked", { count }),
    });
  }
  if (intent !== "create")
    return formReply(request, { formError: t("album.error.createOrRevoke"), values });
  const rights = await linkRights(viewer);
  if (!rights.shareWithGuests)
    return formReply(request, {
      status: 403,
      formError: t("album.error.noGuests"),
      values,
    });
  // The expiry is read on the person's clock, as the form shows it (decision 117).
  const { timeZone } = await localeOf(request);
  const submission = await checkSubmission(values, shareLinkSchemaIn(timeZone));
  if (!submission.ok) return formReply(request, submission);
  let created: ShareLink;
  try {
    created = await createShareLink(viewer, grant.album.id, submission.data);
  } catch (error) {
    return refusal(request, error, values);
  }
  return redirectWithToast(
    request,
    shareLinkAdminHref(grant.album.owner_id, grant.album.id, created.id),
    { message: t("album.toast.linkCreated") },
  );
}

async function requireLink(
  request: Request,
  params: { user?: string; album?: string; link?: string },
) {
  const owner = await requireOwner(request, params);
  const link = await getShareLink(owner.viewer, owner.grant.album.id, idOf(params.link));
  return { ...owner, link };
}

export async function shareLinkPageData(
  request: Request,
  params: { user?: string; album?: string; link?: string },
) {
  const { viewer, grant, link } = await requireLink(request, params);
  const url = new URL(request.url);
  const before = url.searchParams.get("before");
  const log = await linkAccessLog(
    viewer,
    grant.album.id,
    link.id,
    before === null ? undefined : idOf(before),
  );
  const opens = await linkOpenCounts([link.id]);
  const href = shareLinkAdminHref(grant.album.owner_id, grant.album.id, link.id);
  return json(
    {
      album: albumSummary(grant),
      rights: await linkRights(viewer),
      link: linkRow(request, grant, link, opens.get(link.id) ?? 0),
      log: {
        entries: log.entries,
        older: log.before === null ? null : `${href}?before=${log.before}`,
        newest: before === null ? null : href,
      },
      confirmRevoke: url.searchParams.get("revoke") === "1",
    },
    { headers: NO_STORE },
  );
}

/** "Set" without a password: named by its message's id, said in the reader's words. */
const NEW_PASSWORD = "album.error.newPassword";

/** The change form: the link's settings, and what to do with its password. */
const linkChangeSchema = (timeZone: string) =>
  shareLinkSchemaIn(timeZone)
    .extend({ passwordChange: z.enum(["keep", "set", "remove"]).default("keep") })
    .superRefine((value, ctx) => {
      if (value.passwordChange === "set" && value.password === "")
        ctx.addIssue({ code: "custom", path: ["password"], message: NEW_PASSWORD });
    });

export async function shareLinkPageAction(
  request: Request,
  params: { user?: string; album?: string; link?: string },
) {
  const { viewer, grant, link } = await requireLink(request, params);
  const t = await translatorFor(request);
  const values = await readBody(request, { json: false });
  const intent = intentOf(values);
  const href = shareLinkAdminHref(grant.album.owner_id, grant.album.id, link.id);
  if (intent === "revoke") {
    await revokeShareLink(viewer, grant.album.id, link.id);
    return redirectWithToast(request, href, {
      message: t("album.toast.linkRevoked"),
    });
  }
  if (intent !== "update")
    return formReply(request, { formError: t("album.error.saveOrRevoke"), values });
  const { timeZone } = await localeOf(request);
  const submission = await checkSubmission(values, linkChangeSchema(timeZone));
  if (!submission.ok) {
    const { password } = submission.fieldErrors;
    if (password === NEW_PASSWORD) submission.fieldErrors.password = t("album.error.newPassword");
    return formReply(request, submission);
  }
  const { passwordChange, ...input } = submission.data;
  try {
    await updateShareLink(viewer, grant.album.id, link.id, {
      ...input,
      password: passwordChange === "set" ? input.password : "",
      clearPassword: passwordChange === "remove",
    });
  } catch (error) {
    return refusal(request, error, values);
  }
  return redirectWithToast(request, href, { message: t("album.toast.linkSaved") });
}
