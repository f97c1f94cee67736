import type { ListPaging } from "~/utils/paging";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { albumsListHref, parseAlbumFilter } from "~/models/album/album-list.view";
import { canPin, isOwnAccount } from "~/models/access/access.server";
import { sharingRights } from "~/models/access/album-access.server";
import { albumEntryFor } from "~/models/album/album-entry.server";
import {
  albumListPage,
  MAX_ALBUM_PAGE,
  purgeAlbum,
  toggleAlbumPin,
  type AlbumListKind,
} from "~/models/album/album-list.server";
import { albumCreateSchema, ALBUM_FILTERS, type AlbumFilter } from "~/models/album/album.schema";
import { changeAlbumStatus, createAlbum } from "~/models/album/album.server";
import { albumCollection } from "~/models/album/album.view";
import { requireAlbum } from "~/models/access/album-access.server";
import { COLLECTION_LIST_TYPE, COLLECTION_TYPE } from "~/models/collection/collection-list.server";
import type { Viewer } from "~/models/user/user.schema";
import { albumHref, LINKS } from "~/utils/links";
import { asHttpError } from "../error.server";
import { apiError, apiJson, HttpError } from "../http.server";
import { acceptsType, JSON_PREFIX } from "../negotiate";
import { getBrowsingViewer, requireViewer } from "../session.server";
import { checkSubmission, formReply, readBody } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { keyedResolverFor, translatorFor } from "../locale/locale.server";
import { keyed } from "~/models/locale/keyed";

/*
 * The album lists' HTTP side (decision 052): the CollectionLists of /fotoweb/albums/ and
 * /fotoweb/me/albums/..., the POST that creates an album, and the albums page's loader and form
 * posts (create, pin, unarchive, undelete, delete forever). The rules are the models'.
 */

export const MAX_ALBUM_QUERY = 500;

const listParamsSchema = z.object({
  q: z
    .string()
    .max(MAX_ALBUM_QUERY, keyed("album.validation.searchTooLong", { max: MAX_ALBUM_QUERY }))
    .optional()
    .default(""),
  p: z.coerce
    .number({ message: keyed("album.refusal.pageNotWhole") })
    .int(keyed("album.refusal.pageNotWhole"))
    .min(0, keyed("album.refusal.pageNegative"))
    .max(MAX_ALBUM_PAGE, keyed("album.refusal.pageAtMost", { max: MAX_ALBUM_PAGE }))
    .optional()
    .default(0),
});

function listParams(url: URL): { q: string; page: number } {
  const parsed = listParamsSchema.safeParse({
    q: url.searchParams.get("q") ?? undefined,
    p: url.searchParams.get("p") || undefined,
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
  return { q: parsed.data.q, page: parsed.data.p };
}

/**
 * The list's Paging, one page too (clients read paging.next unchecked): prev and next null at the
 * ends; last known only on the last page (the list is read a page and one more at a time).
 */
function pagingOf(url: URL, page: number, more: boolean): ListPaging {
  const at = (p: number) => {
    const params = new URLSearchParams(url.searchParams);
    if (p === 0) params.delete("p");
    else params.set("p", String(p));
    const query = params.toString();
    return query ? `${url.pathname}?${query}` : url.pathname;
  };
  return {
    first: at(0),
    last: more ? null : at(page),
    prev: page > 0 ? at(page - 1) : null,
    next: more ? at(page + 1) : null,
  };
}

/** Which list a /fotoweb/me/albums/... path answers. */
export const ME_LISTS: Record<string, AlbumListKind> = {
  [LINKS.apiAlbums]: "all",
  [LINKS.apiAlbumsOwn]: "own",
  [LINKS.apiAlbumsShared]: "shared",
  [LINKS.apiAlbumsArchived]: "archived",
  [LINKS.apiAlbumsDeleted]: "deleted",
  [LINKS.apiAlbumsContribute]: "contribute",
};

/** GET of an album list as the reference's CollectionList. */
export async function albumListResponse(request: Request, kind: AlbumListKind): Promise<Response> {
  const viewer =
    kind === "public"
      ? await requireViewer(request, { browsing: true })
      : await requireViewer(request, { allowGuest: false });
  const url = new URL(request.url);
  // The JSON twin is mounted under /_json; links name the URL the client asked for.
  url.pathname = url.pathname.replace(new RegExp(`^${JSON_PREFIX}(?=/)`), "");
  const { q, page } = listParams(url);
  const found = await albumListPage(viewer, kind, { q, page });
  const type = acceptsType(request, COLLECTION_LIST_TYPE)
    ? COLLECTION_LIST_TYPE
    : "application/json";
  return apiJson(
    {
      data: found.entries.map(albumCollection),
      paging: pagingOf(url, found.page, found.more),
      searchURL: `${url.pathname}{?q}`,
    },
    type,
  );
}

/**
 * POST {name, description} to /fotoweb/me/albums/: 201 with the album's href in Location and the
 * album as its collection; 400 with the field errors; 403 without albums.create.
 */
export async function createAlbumResponse(request: Request): Promise<Response> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const body = await readBody(request);
  if (!(await sharingRights(viewer)).create)
    return apiError(request, 403, "You do not have permission to create albums.");
  const submission = await checkSubmission(body, albumCreateSchema);
  if (!submission.ok) return formReply(request, submission);
  const album = await createAlbum(viewer, submission.data);
  const entry = await albumEntryFor(viewer, await requireAlbum(viewer, album.id, "view"), 0);
  return apiJson(albumCollection(entry), COLLECTION_TYPE, {
    status: 201,
    headers: { Location: entry.href },
  });
}

/** A non-JSON GET of /fotoweb/me/albums/...: the albums page under the matching filter. */
export function albumsPageFor(kind: AlbumListKind): string {
  return albumsListHref(
    (ALBUM_FILTERS as readonly string[]).includes(kind) ? (kind as AlbumFilter) : null,
  );
}

/* ---------- the albums page ---------- */

export interface AlbumsPageViewer {
  signedIn: boolean;
  canCreate: boolean;
  canPin: boolean;
}

/** The albums page's data: the viewer's list under the filter, or the public albums. */
export async function albumsPageData(request: Request) {
  const viewer = await getBrowsingViewer(request);
  const url = new URL(request.url);
  const signedIn = isOwnAccount(viewer);
  const parsedFilter = parseAlbumFilter(url.searchParams.get("filter"));
  const filter = parsedFilter.ok ? parsedFilter.filter : null;
  const rawQ = url.searchParams.get("q");
  // An empty search (the form sent without JavaScript) is the list without one, at its clean URL.
  if (parsedFilter.ok && rawQ !== null && rawQ.trim() === "")
    throw redirect(albumsListHref(filter));
  const t = await translatorFor(request);
  let error: string | null = parsedFilter.ok ? null : t("album.error.noFilter");
  let params = { q: "", page: 0 };
  try {
    params = listParams(url);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    error ??= (await keyedResolverFor(request))(e.message);
  }
  const found =
    viewer && !error
      ? await albumListPage(viewer, signedIn ? (filter ?? "all") : "public", params)
      : { entries: [], page: 0, more: false };
  const rights = await sharingRights(viewer);
  const purgeId = Number(url.searchParams.get("purge"));
  const at = (p: number) => {
    const next = new URLSearchParams(url.searchParams);
    next.delete("purge");
    next.delete("create");
    if (p === 0) next.delete("p");
    else next.set("p", String(p));
    return `${LINKS.albums}?${next.toString()}`;
  };
  return json(
    {
      viewer: {
        signedIn,
        canCreate: signedIn && rights.create,
        canPin: canPin(viewer),
      } satisfies AlbumsPageViewer,
      filter,
      q: params.q,
      albums: found.entries,
      prevHref: found.page > 0 ? at(found.page - 1) : null,
      nextHref: found.more ? at(found.page + 1) : null,
      createOpen: signedIn && rights.create && url.searchParams.get("create") === "1",
      purge: found.entries.find((e) => e.id === purgeId && e.status === "deleted") ?? null,
      error,
    },
    { status: error ? 400 : 200 },
  );
}

const id = z.coerce.number().int().positive().max(2_147_483_647);
const filterField = z
  .string()
  .optional()
  .transform((f) => {
    const parsed = parseAlbumFilter(f);
    return parsed.ok ? parsed.filter : null;
  });
const pageIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pin"), href: z.string().max(2000), filter: filterField }),
  z.object({ intent: z.literal("unarchive"), album: id, filter: filterField }),
  z.object({ intent: z.literal("undelete"), album: id, filter: filterField }),
  z.object({ intent: z.literal("purge"), album: id, filter: filterField }),
]);

/** The albums page's form posts, each answered by a redirect with a toast or a 4xx. */
export async function albumsPageAction(request: Request): Promise<Response> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const values = await readBody(request, { json: false });
  if (values.intent === "create") return createFromPage(request, viewer, values);
  const t = await translatorFor(request);
  const parsed = pageIntentSchema.safeParse(values);
  if (!parsed.success) return json({ error: t("album.error.requestInvalid") }, { status: 400 });
  const input = parsed.data;
  const back = albumsListHref(input.filter);
  try {
    switch (input.intent) {
      case "pin": {
        const { name, pinned } = await toggleAlbumPin(viewer, input.href);
        return redirectWithToast(request, back, {
          message: pinned ? t("album.toast.pinned", { name }) : t("album.toast.unpinned", { name }),
        });
      }
      case "unarchive":
      case "undelete": {
        const album = await changeAlbumStatus(viewer, input.album, input.intent);
        return redirectWithToast(request, back, {
          message:
            input.intent === "unarchive"
              ? t("album.toast.unarchivedName", { name: album!.name })
              : t("album.toast.undeletedName", { name: album!.name }),
        });
      }
      case "purge": {
        const name = await purgeAlbum(viewer, input.album);
        return redirectWithToast(request, back, {
          message: t("album.toast.purgedName", { name }),
        });
      }
    }
  } catch (error) {
    const refusal = asHttpError(error);
    if (refusal)
      return json(
        { error: (await keyedResolverFor(request))(refusal.message) },
        { status: refusal.status },
      );
    throw error;
  }
}

async function createFromPage(
  request: Request,
  viewer: Viewer,
  values: Record<string, unknown>,
): Promise<Response> {
  const t = await translatorFor(request);
  if (!(await sharingRights(viewer)).create)
    return json({ error: t("album.error.noCreate") }, { status: 403 });
  const submission = await checkSubmission(values, albumCreateSchema);
  if (!submission.ok) return formReply(request, submission);
  const album = await createAlbum(viewer, submission.data);
  return redirectWithToast(request, albumHref(album.owner_id, album.id), {
    message: t("album.toast.created", { name: album.name }),
  });
}
