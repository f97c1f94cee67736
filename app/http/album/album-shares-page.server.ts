import { linkState, requireAlbum, sharingRights } from "~/models/access/album-access.server";
import {
  addAlbumShares,
  listAlbumShares,
  removeAlbumShares,
  searchPeople,
  ShareEntryProblem,
  type Person,
} from "~/models/album/album-shares.server";
import {
  peopleQuerySchema,
  shareFormSchema,
  shareRemoveSchema,
} from "~/models/album/album-shares.schema";
import { SHARE_FAILED } from "~/models/album/album.schema";
import { listShareLinks } from "~/models/album/share-link.server";
import { isProblem } from "~/models/problem/problem";
import { albumHref, albumSharesHref, LINKS } from "~/utils/links";
import { publicOrigin } from "../origin.server";
import { requireViewer } from "../session.server";
import { checkSubmission, formReply, readBody } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { translatorFor } from "../locale/locale.server";
import { albumParams } from "./album-shares-api.server";

/*
 * The sharing page of an album (decision 055), owner only: its shares with users and groups, a
 * form to add or change one (a people search as a plain GET without JavaScript), removal, and how
 * many public links are open. Every change is a plain post with an intent.
 */

export async function albumSharesPageData(request: Request, params: object) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const { ownerId, albumId } = albumParams(params);
  const { grant, shares } = await listAlbumShares(viewer, albumId, ownerId);
  const rights = await sharingRights(viewer);
  const at = new Date();
  const links = await listShareLinks(viewer, grant.album.id);
  const url = new URL(request.url);
  const asked = url.searchParams.get("people");
  let people: Person[] | null = null;
  let peopleError: string | null = null;
  if (asked !== null) {
    const query = peopleQuerySchema.safeParse({ q: asked });
    if (query.success) people = (await searchPeople(viewer, query.data.q, 0)).people;
    else peopleError = query.error.issues[0]!.message;
  }
  const sharesHref = albumSharesHref(grant.album.owner_id, grant.album.id);
  return {
    album: {
      id: grant.album.id,
      name: grant.album.name,
      status: grant.album.status,
      href: albumHref(grant.album.owner_id, grant.album.id),
    },
    sharesHref,
    linksHref: `${sharesHref}links/`,
    peopleApi: LINKS.apiPeople,
    shares,
    rights: {
      users: rights.shareWithUsers,
      groups: rights.shareWithGroups,
      guests: rights.shareWithGuests,
      delegateDownloads: rights.delegateDownloads,
    },
    openLinks: links.filter((l) => linkState(l, at) === "open").length,
    peopleQuery: asked ?? "",
    people,
    peopleError,
  };
}

export async function albumSharesPageAction(request: Request, params: object) {
  const viewer = await requireViewer(request, { allowGuest: false });
  const { ownerId, albumId } = albumParams(params);
  const grant = await requireAlbum(viewer, albumId, "manage", ownerId);
  const t = await translatorFor(request);
  const back = albumSharesHref(grant.album.owner_id, grant.album.id);
  const values = await readBody(request, { json: false });
  if (values.intent === "remove-share") {
    const submission = await checkSubmission(values, shareRemoveSchema);
    if (!submission.ok) return formReply(request, { ...submission, values });
    const removed = await removeAlbumShares(viewer, albumId, [submission.data.target], ownerId);
    return redirectWithToast(request, back, {
      message: removed > 0 ? t("album.toast.shareRemoved") : t("album.toast.shareGone"),
    });
  }
  if (values.intent !== "add-share")
    return formReply(request, { formError: t("album.error.unknownAction"), values });
  const submission = await checkSubmission(values, shareFormSchema);
  if (!submission.ok) return formReply(request, { ...submission, values });
  const { target, access, download, messageTitle, messageBody } = submission.data;
  try {
    const [share] = await addAlbumShares(viewer, albumId, [{ ...target, access, download }], {
      ownerId,
      message: { title: messageTitle, body: messageBody },
      origin: publicOrigin(request),
    });
    return redirectWithToast(request, back, {
      message: share
        ? t("album.toast.shared", { album: grant.album.name, name: share.name })
        : t("album.toast.sharedThem", { album: grant.album.name }),
    });
  } catch (error) {
    if (error instanceof ShareEntryProblem)
      return formReply(request, {
        fieldErrors: { [error.field]: error.message },
        values,
      });
    if (isProblem(error)) throw error;
    // A failure of ours, not of the input: the spec's words, and the details in the log.
    console.error("album share failed", error);
    return formReply(request, { formError: SHARE_FAILED, values, status: 500 });
  }
}
