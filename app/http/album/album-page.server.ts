import { json } from "@remix-run/node";
import { z } from "zod";
import { errorResponse } from "~/http/http.server";
import { gridAction } from "~/http/grid-action.server";
import { safeRedirect } from "~/http/redirect";
import { requireViewer } from "~/http/session.server";
import { checkSubmission, formReply, readBody } from "~/http/submission.server";
import { redirectWithToast } from "~/http/toast.server";
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
  try {
    const ownerId = idOf(params["user"]);
    const grant = await requireAlbum(viewer, idOf(params["album"]), "view", ownerId ?? -1);
    return { viewer, grant };
  } catch (error) {
    throw errorResponse(request, error);
  }
}

export async function albumPageLoader(
  request: Request,
  params: Record<string, string | undefined>,
) {
  const { viewer, grant } = await grantFor(request, params);
  const owner = grant.role === "owner";
  const [album, grid, shares, rights] = await Promise.all([
    albumEntryFor(viewer, grant),
    albumGridData(viewer, grant, new URL(request.url), HTML_PAGE_SIZE).catch((error: unknown) => {
      throw errorResponse(request, error);
    }),
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

const assetIds = z
  .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(MAX_ALBUM_BATCH, `Select at most ${MAX_ALBUM_BATCH} assets at once.`);

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename") }),
  z.object({ intent: z.literal("remove"), asset: assetIds.min(1, "Select the assets first.") }),
  z.object({
    intent: z.literal("cover"),
    asset: assetIds.length(1, "Select one asset to make the cover."),
  }),
  z.object({ intent: z.literal("clear-cover") }),
  z.object({
    intent: z.literal("move"),
    asset: assetIds.min(1, "Select the assets to move first."),
    // "top", an asset's id (after it), or "before:" and an asset's id.
    after: z
      .string({ message: "Choose where to move them." })
      .regex(/^(top|(before:)?\d{1,15})$/, "Choose where to move them."),
  }),
  z.object({
    intent: z.literal("homepage"),
    show: z.enum(["1", "0"], { message: "Choose whether to show the album on the home page." }),
  }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("unarchive") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("undelete") }),
  z.object({
    intent: z.literal("purge"),
    confirm: z.literal("on", { message: "Tick the box to delete the album for good." }),
  }),
]);

/** An id no asset has: moving after it is the model's stale-anchor conflict. */
const MISSING_ANCHOR = Number.MAX_SAFE_INTEGER;

export const PIN_INTENTS = new Set(["pin", "pin-selected", "unpin-selected", "clear-pins"]);

const list = (value: unknown) =>
  value === undefined || value === "" ? [] : (Array.isArray(value) ? value : [value]).map(String);

const plural = (n: number) => (n === 1 ? "1 asset" : `${n} assets`);

export async function albumPageAction(
  request: Request,
  params: Record<string, string | undefined>,
) {
  const { viewer, grant } = await grantFor(request, params);
  const intent = String((await readBody(request, { json: false }))["intent"] ?? "");
  if (PIN_INTENTS.has(intent)) {
    // Pins are the owner's own (a pin needs the asset visible to the pinner).
    if (grant.owner.id !== viewer.id)
      return formReply(request, { formError: "Only the album's owner pins here.", status: 403 });
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
      return formReply(request, { formError: "Choose one of the album's actions.", values });
    return formReply(request, {
      formError: issue?.message ?? "The form is not valid.",
      fieldErrors: typeof field === "string" ? { [field]: issue!.message } : {},
      values,
    });
  }
  try {
    return await perform(request, viewer, grant, parsed.data, values);
  } catch (error) {
    // The album gone meanwhile is the 404 page; any other refusal (a stale move, an asset no
    // longer in the album, a status already changed) is the form's message with its status.
    if (isProblem(error) && error.message !== ALBUM_NOT_FOUND) {
      const status = errorResponse(request, error).status;
      return formReply(request, { formError: error.message, status, values });
    }
    throw errorResponse(request, error);
  }
}

async function perform(
  request: Request,
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
      return done("Album saved.");
    }
    case "remove": {
      const removed = await removeAlbumAssets(viewer, id, data.asset);
      return done(`${plural(removed)} removed from the album.`);
    }
    case "cover":
      await setAlbumCover(viewer, id, data.asset[0]!);
      return done("Cover set.");
    case "clear-cover":
      await setAlbumCover(viewer, id, null);
      return done("Cover cleared: the first asset is the cover.");
    case "move": {
      let after: number | null = null;
      if (data.after.startsWith("before:")) {
        const anchor = await anchorBefore(grant, Number(data.after.slice(7)), data.asset);
        // The asset to go before has left the album: the model's conflict, nothing moves.
        after = anchor === undefined ? MISSING_ANCHOR : anchor;
      } else if (data.after !== "top") after = Number(data.after);
      const moved = await moveAlbumAssets(viewer, id, { assetIds: data.asset, after });
      return done(`${plural(moved)} moved.`);
    }
    case "homepage":
      await setAlbumOnHomepage(viewer, id, data.show === "1");
      return done(
        data.show === "1"
          ? "The album is shown on the home page."
          : "The album is no longer shown on the home page.",
      );
    case "archive":
      await changeAlbumStatus(viewer, id, "archive");
      return done("Album archived.");
    case "unarchive":
      await changeAlbumStatus(viewer, id, "unarchive");
      return done("Album unarchived.");
    case "delete":
      if (grant.album.status === "deleted")
        return formReply(request, {
          formError: "The album is in the bin already. Delete it forever instead.",
          status: 409,
        });
      await changeAlbumStatus(viewer, id, "delete");
      return done("Album moved to the bin. Undelete it from My deleted albums.", albumsPageHref());
    case "undelete":
      await changeAlbumStatus(viewer, id, "undelete");
      return done("Album restored.");
    case "purge":
      if (grant.album.status !== "deleted")
        return formReply(request, {
          formError: "Move the album to the bin first.",
          status: 409,
        });
      await changeAlbumStatus(viewer, id, "delete");
      return done("Album deleted for good.", albumsPageHref("deleted"));
  }
}
