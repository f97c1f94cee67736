import { json } from "@remix-run/node";
import { z } from "zod";
import { pageHandler } from "~/http/http.server";
import { PROBLEM_STATUS } from "~/http/error.server";
import { gridAction } from "~/http/grid-action.server";
import { safeRedirect } from "~/http/redirect";
import { requireViewer } from "~/http/session.server";
import { checkSubmission, formReply, readBody } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { translatorFor } from "~/http/locale/locale.server";
import { requireAlbum, sharingRights, type AlbumGrant } from "~/models/access/album-access.server";
import { albumEntryFor } from "~/models/album/album-entry.server";
import { albumGridData } from "~/models/album/album-page.server";
import { ALBUM_NOT_FOUND, albumUpdateSchema, MAX_ALBUM_BATCH } from "~/models/album/album.schema";
import {
  changeAlbumStatus,
  moveAlbumAssets,
  removeAlbumAssets,
  setAlbumCover,
  setAlbumOnHomepage,
  updateAlbum,
} from "~/models/album/album.server";
import { albumShareSummary, anchorBefore } from "~/models/album/album-view.server";
import { HTML_PAGE_SIZE } from "~/models/collection/collection-page.server";
import { isProblem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import type { MessageId, Translate } from "~/models/locale/message-id";
import { albumHref, albumSharesHref, albumsPageHref } from "~/utils/links";

/*
 * An album's HTML page (issue 18, decision 053): what the loader shows and the owner's form posts.
 * Each post is a plain form with an intent (post/redirect/get with a toast); a refused one answers
 * with the one form reply (400 for bad input, 409 for a stale move or a status already changed)
 * and the page shows it. Pins go to the grid's own action, as on archive pages.
 */

const idOf = (segment: string | undefined) =>
  /^\d{1,12}$/.test(segment ?? "") ? Number(segment) : null;

async function grantFor(request: Request, params: Record<string, string | undefined>) {
  // Signed-out visitors log on first; after that, missing and private albums answer alike.
  const viewer = await requireViewer(request);
  const ownerId = idOf(params["user"]);
  const grant = await requireAlbum(viewer, idOf(params["album"]), "view", ownerId ?? -1);
  return { viewer, grant };
}

/** The page's loader and action: their refusals read in the reader's language (decision 106). */
export const albumPageLoader = (request: Request, params: Record<string, string | undefined>) =>
  pageHandler(() => loadAlbumPage(request, params))({ request });

export const albumPageAction = (request: Request, params: Record<string, string | undefined>) =>
  pageHandler(() => actOnAlbumPage(request, params))({ request });

async function loadAlbumPage(request: Request, params: Record<string, string | undefined>) {
  const { viewer, grant } = await grantFor(request, params);
  const owner = grant.role === "owner";
  const [album, grid, shares, rights] = await Promise.all([
    albumEntryFor(viewer, grant),
    albumGridData(viewer, grant, new URL(request.url), HTML_PAGE_SIZE),
    owner ? albumShareSummary(grant) : Promise.resolve([]),
    sharingRights(viewer),
  ]);
  return json({
    album,
    grid,
    shares,
    coverAssetId: owner ? grant.album.cover_asset_id : null,
    canManage: owner,
    canContribute: grant.role !== "view" && grant.album.status === "active",
    sharesHref: owner ? albumSharesHref(grant.album.owner_id, grant.album.id) : null,
    // Whether it is on the home page, where the owner may change that (null: not offered).
    homepage:
      owner && (rights.showOnHomepage || album.showOnHomepage) ? album.showOnHomepage : null,
  });
}

/*
 * The intents' refusals name their messages by id (the album catalogue), so the page shows them
 * in the reader's language; the schema's own (a number not a number) stay as zod words them.
 */
const assetIds = z
  .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(MAX_ALBUM_BATCH, "album.error.tooMany");

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename") }),
  z.object({ intent: z.literal("remove"), asset: assetIds.min(1, "album.error.selectFirst") }),
  z.object({
    intent: z.literal("cover"),
    asset: assetIds.length(1, "album.error.selectCover"),
  }),
  z.object({ intent: z.literal("clear-cover") }),
  z.object({
    intent: z.literal("move"),
    asset: assetIds.min(1, "album.error.selectToMove"),
    // "top", an asset's id (after it), or "before:" and an asset's id.
    after: z
      .string({ message: "album.error.chooseWhere" })
      .regex(/^(top|(before:)?\d{1,15})$/, "album.error.chooseWhere"),
  }),
  z.object({
    intent: z.literal("homepage"),
    show: z.enum(["1", "0"], { message: "album.error.chooseHomepage" }),
  }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("unarchive") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("undelete") }),
  z.object({
    intent: z.literal("purge"),
    confirm: z.literal("on", { message: "album.error.tickToPurge" }),
  }),
]);

/** An id no asset has: moving after it is the model's stale-anchor conflict. */
const MISSING_ANCHOR = Number.MAX_SAFE_INTEGER;

export const PIN_INTENTS = new Set(["pin", "pin-selected", "unpin-selected", "clear-pins"]);

/** An intent's refusal in the reader's words: its message id translated, other words as they are. */
const issueText = (t: Translate, message: string) =>
  message.startsWith("album.error.") ? t(message as MessageId, { max: MAX_ALBUM_BATCH }) : message;

const list = (value: unknown) =>
  value === undefined || value === "" ? [] : (Array.isArray(value) ? value : [value]).map(String);

async function actOnAlbumPage(request: Request, params: Record<string, string | undefined>) {
  const { viewer, grant } = await grantFor(request, params);
  const t = await translatorFor(request);
  const intent = String((await readBody(request, { json: false }))["intent"] ?? "");
  if (PIN_INTENTS.has(intent)) {
    // Pins are the owner's own (a pin needs the asset visible to the pinner).
    if (grant.owner.id !== viewer.id)
      return formReply(request, { formError: t("album.error.ownerPins"), status: 403 });
    return gridAction(request, viewer, { back: albumHref(grant.album.owner_id, grant.album.id) });
  }
  const values = await readBody(request, { json: false });
  const parsed = intentSchema.safeParse({
    ...values,
    asset: list(values["asset"]),
    after: values["after"] === "" ? undefined : values["after"],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    if (field === "intent")
      return formReply(request, { formError: t("album.error.chooseAction"), values });
    const message = issue ? issueText(t, issue.message) : t("album.error.formInvalid");
    return formReply(request, {
      formError: message,
      fieldErrors: typeof field === "string" ? { [field]: message } : {},
      values,
    });
  }
  try {
    return await perform(request, t, viewer, grant, parsed.data, values);
  } catch (error) {
    // The album gone meanwhile is the 404 page; any other refusal (a stale move, an asset no
    // longer in the album, a status already changed) is the form's message with its status.
    if (isProblem(error) && error.message !== ALBUM_NOT_FOUND) {
      const status = PROBLEM_STATUS[error.kind];
      return formReply(request, { formError: error.message, status, values });
    }
    throw error;
  }
}

async function perform(
  request: Request,
  t: Translate,
  viewer: Viewer,
  grant: AlbumGrant,
  data: z.infer<typeof intentSchema>,
  values: Record<string, unknown>,
) {
  const id = grant.album.id;
  const back = safeRedirect(values["back"], albumHref(grant.album.owner_id, id));
  const done = (message: string, to = back) =>
    redirectWithToast(request, to, { kind: "success", message });
  switch (data.intent) {
    case "rename": {
      const submission = await checkSubmission(
        { name: values["name"] ?? "", description: values["description"] ?? "" },
        albumUpdateSchema,
      );
      if (!submission.ok) return formReply(request, submission);
      await updateAlbum(viewer, id, submission.data);
      return done(t("album.toast.saved"));
    }
    case "remove": {
      const removed = await removeAlbumAssets(viewer, id, data.asset);
      return done(t("album.toast.removed", { count: removed }));
    }
    case "cover":
      await setAlbumCover(viewer, id, data.asset[0]!);
      return done(t("album.toast.coverSet"));
    case "clear-cover":
      await setAlbumCover(viewer, id, null);
      return done(t("album.toast.coverCleared"));
    case "move": {
      let after: number | null = null;
      if (data.after.startsWith("before:")) {
        const anchor = await anchorBefore(grant, Number(data.after.slice(7)), data.asset);
        // The asset to go before has left the album: the model's conflict, nothing moves.
        after = anchor === undefined ? MISSING_ANCHOR : anchor;
      } else if (data.after !== "top") after = Number(data.after);
      const moved = await moveAlbumAssets(viewer, id, { assetIds: data.asset, after });
      return done(t("album.toast.moved", { count: moved }));
    }
    case "homepage":
      await setAlbumOnHomepage(viewer, id, data.show === "1");
      return done(
        data.show === "1" ? t("album.toast.homepageShown") : t("album.toast.homepageHidden"),
      );
    case "archive":
      await changeAlbumStatus(viewer, id, "archive");
      return done(t("album.toast.archived"));
    case "unarchive":
      await changeAlbumStatus(viewer, id, "unarchive");
      return done(t("album.toast.unarchived"));
    case "delete":
      if (grant.album.status === "deleted")
        return formReply(request, {
          formError: t("album.error.alreadyInBin"),
          status: 409,
        });
      await changeAlbumStatus(viewer, id, "delete");
      return done(t("album.toast.deleted"), albumsPageHref());
    case "undelete":
      await changeAlbumStatus(viewer, id, "undelete");
      return done(t("album.toast.restored"));
    case "purge":
      if (grant.album.status !== "deleted")
        return formReply(request, {
          formError: t("album.error.binFirst"),
          status: 409,
        });
      await changeAlbumStatus(viewer, id, "delete");
      return done(t("album.toast.purged"), albumsPageHref("deleted"));
  }
}
