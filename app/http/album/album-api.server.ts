import { z } from "zod";
import { requireAlbum, type AlbumGrant } from "~/models/access/album-access.server";
import { albumAssetPage } from "~/models/album/album-page.server";
import { albumEntryFor } from "~/models/album/album-entry.server";
import { albumCollection } from "~/models/album/album.view";
import {
  addAlbumAssets,
  changeAlbumStatus,
  moveAlbumAssets,
  removeAlbumAssets,
  setAlbumCover,
  setAlbumOnHomepage,
  updateAlbum,
  type AlbumStatusChange,
} from "~/models/album/album.server";
import { albumUpdateSchema, MAX_ALBUM_BATCH, type LinkDownload } from "~/models/album/album.schema";
import { shareLinkSchema } from "~/models/album/share-link.schema";
import { createShareLink } from "~/models/album/share-link.server";
import {
  API_PAGE_SIZE,
  ASSETLIST_TYPE,
  COLLECTION_TYPE,
  COLLECTIONINFO_TYPE,
} from "~/models/collection/collection-page.server";
import { assetIdFromHref } from "~/models/pin/pin.server";
import { englishOf } from "~/models/locale/catalog.server";
import type { Viewer } from "~/models/user/user.schema";
import { sharedAlbumHref } from "~/utils/links";
import { apiError, apiJson, HttpError } from "../http.server";
import { acceptsAnything, mediaTypeOf, preferredType } from "../negotiate";
import { checkSubmission, formReply, readJsonBody } from "../submission.server";
import { overriddenMethod } from "../methods";

/*
 * One album as the API (decision 054): GET it (CollectionInfo / Collection with its first page of
 * assets, by Accept), PATCH (rename, describe, cover, remove assets), POST asset links to add
 * them (per-asset result), DELETE (to the bin; again: for good), and the custom methods ARCHIVE,
 * UNARCHIVE, UNDELETE, ORDERPATCH and SHARE sent as POST with X-HTTP-Method-Override or
 * ?method=. Who may do what is the access module's (requireAlbum); this reads and answers.
 */

export const ASSETLINKLIST_TYPE = "application/vnd.fotoware.assetlinklist+json";
export const SHARING_LINK_LIST_TYPE = "application/vnd.fotoware.sharing-link-list+json";
export const ALBUM_ADD_RESULT_TYPE = "application/json";

const REPRESENTATIONS = [ASSETLIST_TYPE, COLLECTIONINFO_TYPE, COLLECTION_TYPE, "application/json"];

/** The methods a POST may name in X-HTTP-Method-Override or ?method=. */
export const ALBUM_CUSTOM_METHODS = [
  "ARCHIVE",
  "UNARCHIVE",
  "UNDELETE",
  "ORDERPATCH",
  "SHARE",
  "PATCH",
  "DELETE",
] as const;

/** The ids in an album's URL; anything that is not one reads as a missing album. */
export function albumAddress(params: { user?: string; album?: string }) {
  const id = (s: string | undefined) => (s && /^\d{1,10}$/.test(s) ? Number(s) : null);
  return { ownerId: id(params.user) ?? -1, albumId: id(params.album) };
}

type Address = ReturnType<typeof albumAddress>;

/** The album as the API shows it to this viewer, in the representation Accept asks for. */
export async function albumAnswer(
  request: Request,
  viewer: Viewer,
  grant: AlbumGrant,
  init: ResponseInit = {},
): Promise<Response> {
  const type =
    preferredType(request, REPRESENTATIONS) ?? (acceptsAnything(request) ? COLLECTION_TYPE : null);
  // A change is answered with the album as the collection, whatever JSON the client accepts.
  const chosen = request.method === "GET" || request.method === "HEAD" ? type : COLLECTION_TYPE;
  if (!chosen)
    return apiError(
      request,
      406,
      `An album is answered as ${REPRESENTATIONS.join(", ")}: ask for one of them.`,
    );
  const url = new URL(request.url);
  const listing = request.method === "GET" ? url : new URL(url.pathname, url);
  const page = await albumAssetPage(grant, listing, API_PAGE_SIZE);
  if (chosen === ASSETLIST_TYPE)
    return apiJson({ data: page.assets, paging: page.paging }, ASSETLIST_TYPE, init);
  const collection = albumCollection(await albumEntryFor(viewer, grant));
  if (chosen === COLLECTIONINFO_TYPE)
    return apiJson({ ...collection, ancestors: [] }, COLLECTIONINFO_TYPE, init);
  return apiJson(
    { ...collection, assets: { data: page.assets, paging: page.paging } },
    chosen,
    init,
  );
}

export async function getAlbum(request: Request, viewer: Viewer, at: Address) {
  const grant = await requireAlbum(viewer, at.albumId, "view", at.ownerId);
  return albumAnswer(request, viewer, grant);
}

/** A JSON object body; 415 for another type, 400 when it is not JSON or not an object. */
async function jsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new HttpError(400, "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

const href = z.string().max(4000);
const hrefList = z.array(href, { message: "Give a list of asset hrefs." });
const linkList = z.array(z.object({ href }), { message: "Give a list of {href} objects." });

function assetIdsOf(hrefs: string[]): number[] {
  if (hrefs.length > MAX_ALBUM_BATCH)
    throw new HttpError(400, `Name at most ${MAX_ALBUM_BATCH} assets at once.`);
  return hrefs.map((h) => {
    const id = assetIdFromHref(h);
    if (id === null) throw new HttpError(400, `Not the address of an asset: ${h.slice(0, 200)}`);
    return id;
  });
}

const patchSchema = albumUpdateSchema
  .extend({
    poster_asset: href.nullable().optional(),
    showOnHomepage: z.boolean({ message: "showOnHomepage is true or false." }).optional(),
    assets: z.object({ delete: hrefList.optional() }).strict().optional(),
  })
  .strict();

/**
 * PATCH: {name?, description?} renames and describes, {poster_asset: href|""|null} sets or clears
 * the cover, {assets: {delete: [href]}} removes assets (the pins API's and the reference's
 * album-update shape). The owner only; answers the album.
 */
export async function patchAlbum(request: Request, viewer: Viewer, at: Address) {
  const grant = await requireAlbum(viewer, at.albumId, "manage", at.ownerId);
  const checked = await checkSubmission(await jsonObject(request), patchSchema);
  if (!checked.ok)
    return formReply(request, {
      fieldErrors: checked.fieldErrors,
      formError:
        checked.formError ??
        (Object.keys(checked.fieldErrors).length === 0
          ? "Send {name, description}, {poster_asset}, {showOnHomepage} or {assets: {delete: [href]}}."
          : undefined),
    });
  const { name, description, poster_asset: poster, assets, showOnHomepage } = checked.data;
  const removing = assets?.delete ? assetIdsOf(assets.delete) : [];
  let coverId: number | null | undefined;
  if (poster !== undefined) {
    coverId = poster === null || poster === "" ? null : assetIdFromHref(poster);
    if (coverId === null && poster)
      throw new HttpError(400, "poster_asset is not the address of an asset.");
  }
  // The steps that can refuse (the cover not in the album, the home page flag not held) go
  // first, so a refused PATCH has changed nothing.
  if (coverId !== undefined) await setAlbumCover(viewer, grant.album.id, coverId);
  if (showOnHomepage !== undefined)
    await setAlbumOnHomepage(viewer, grant.album.id, showOnHomepage);
  if (name !== undefined || description !== undefined)
    await updateAlbum(viewer, grant.album.id, { name, description });
  if (removing.length > 0) await removeAlbumAssets(viewer, grant.album.id, removing);
  return albumAnswer(request, viewer, await requireAlbum(viewer, grant.album.id, "view"));
}

const addSchema = z.object({ data: linkList });

export interface AlbumAddResult {
  added: { href: string }[];
  present: { href: string }[];
  refused: { href: string; reason: string }[];
}

/**
 * Adds the assets an asset link list names. Each is answered for itself: added, already in the
 * album, or refused with its reason (an href that names no asset, one the viewer or the album's
 * owner does not see); only more than MAX_ALBUM_BATCH links refuse the whole request.
 */
export async function addAssetsByHref(
  viewer: Viewer,
  albumId: number,
  hrefs: string[],
): Promise<AlbumAddResult> {
  if (hrefs.length > MAX_ALBUM_BATCH)
    throw new HttpError(400, `Add at most ${MAX_ALBUM_BATCH} assets at once.`);
  const hrefOf = new Map<number, string>();
  const refused: AlbumAddResult["refused"] = [];
  for (const h of hrefs) {
    const id = assetIdFromHref(h);
    if (id === null) refused.push({ href: h, reason: "This is not the address of an asset." });
    else if (!hrefOf.has(id)) hrefOf.set(id, h);
  }
  const outcome = await addAlbumAssets(viewer, albumId, [...hrefOf.keys()]);
  const linkOf = (id: number) => ({ href: hrefOf.get(id)! });
  return {
    added: outcome.added.map(linkOf),
    present: outcome.present.map(linkOf),
    refused: [
      ...outcome.refused.map((r) => ({ ...linkOf(r.id), reason: englishOf(r.reason) })),
      ...refused,
    ],
  };
}

export async function postAssets(request: Request, viewer: Viewer, at: Address) {
  const grant = await requireAlbum(viewer, at.albumId, "contribute", at.ownerId);
  const type = mediaTypeOf(request);
  if (type !== "application/json" && type !== ASSETLINKLIST_TYPE)
    throw new HttpError(
      415,
      `Send the asset links as ${ASSETLINKLIST_TYPE} (or application/json): {data: [{href}]}.`,
    );
  const parsed = addSchema.safeParse(await jsonObject(request));
  if (!parsed.success) throw new HttpError(400, "The body must be {data: [{href}]}.");
  const result = await addAssetsByHref(
    viewer,
    grant.album.id,
    parsed.data.data.map((d) => d.href),
  );
  return apiJson(result, ALBUM_ADD_RESULT_TYPE);
}

/** DELETE: to the bin; an album already there is removed for good. No content either way. */
export async function deleteAlbum(_request: Request, viewer: Viewer, at: Address) {
  const grant = await requireAlbum(viewer, at.albumId, "manage", at.ownerId);
  await changeAlbumStatus(viewer, grant.album.id, "delete");
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

const orderSchema = z.union([
  z.object({ data: linkList, after: href.nullable().optional() }),
  z.object({ assets: hrefList, after: href.nullable().optional() }),
]);

/**
 * ORDERPATCH: {data: [{href}], after: href|null} (or {assets: [href], after}) moves the assets,
 * keeping their order among themselves, to just after `after`, or to the top when it is null or
 * absent. An anchor no longer in the album is 409 and moves nothing.
 */
async function orderPatch(request: Request, viewer: Viewer, grant: AlbumGrant) {
  const parsed = orderSchema.safeParse(await jsonObject(request));
  if (!parsed.success)
    throw new HttpError(
      400,
      'Send {"data": [{"href": asset}], "after": asset href or null} to move assets.',
    );
  const hrefs = "data" in parsed.data ? parsed.data.data.map((d) => d.href) : parsed.data.assets;
  const assetIds = assetIdsOf(hrefs);
  const anchor = parsed.data.after ?? null;
  const after = anchor === null ? null : assetIdFromHref(anchor);
  if (anchor !== null && after === null)
    throw new HttpError(400, "after is not the address of an asset.");
  await moveAlbumAssets(viewer, grant.album.id, { assetIds, after });
}

/** What a public link lets a visitor do, as the reference's acl words. */
const aclOf = (download: LinkDownload) =>
  download === "none" ? ["view", "preview"] : ["view", "preview", "download"];

/** SHARE: a new public link with the default settings, as the reference's SharingLinkList. */
async function share(request: Request, viewer: Viewer, grant: AlbumGrant) {
  const link = await createShareLink(viewer, grant.album.id, shareLinkSchema.parse({}));
  const origin = new URL(request.url).origin;
  return apiJson(
    {
      addedShares: [
        {
          type: "everyone",
          acl: aclOf(link.download),
          sharedHREF: new URL(sharedAlbumHref(link.token), origin).href,
        },
      ],
    },
    SHARING_LINK_LIST_TYPE,
  );
}

const STATUS_CHANGES: Record<string, AlbumStatusChange> = {
  ARCHIVE: "archive",
  UNARCHIVE: "unarchive",
  UNDELETE: "undelete",
};

/** A POST: asset links to add, or the method it names in the override header or ?method=. */
export async function postAlbum(request: Request, viewer: Viewer, at: Address) {
  const method = overriddenMethod(request);
  if (!method || method === "POST") return postAssets(request, viewer, at);
  if (method === "PATCH") return patchAlbum(request, viewer, at);
  if (method === "DELETE") return deleteAlbum(request, viewer, at);
  const change = STATUS_CHANGES[method];
  if (!change && method !== "ORDERPATCH" && method !== "SHARE")
    throw new HttpError(
      405,
      `An album answers POST with X-HTTP-Method-Override ${ALBUM_CUSTOM_METHODS.join(", ")}.`,
      { headers: { Allow: "GET, HEAD, PATCH, POST, DELETE" } },
    );
  const grant = await requireAlbum(viewer, at.albumId, "manage", at.ownerId);
  if (change) {
    const changed = await changeAlbumStatus(viewer, grant.album.id, change);
    return albumAnswer(request, viewer, { ...grant, album: changed ?? grant.album });
  }
  if (method === "SHARE") return share(request, viewer, grant);
  await orderPatch(request, viewer, grant);
  return albumAnswer(request, viewer, grant);
}
