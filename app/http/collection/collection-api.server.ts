import { z } from "zod";
import {
  archiveEntry,
  ARCHIVES_SEARCH_URL,
  destinationCollections,
  assetIdFromHref,
  clearCover,
  COLLECTION_LIST_TYPE,
  COLLECTION_TYPE,
  listCollections,
  searchOf,
  setCover,
  setCoverProblem,
  toggleArchivePin,
  visibleArchives,
} from "~/models/collection/collection-list.server";
import type { Archive } from "~/models/archive/archive.server";
import { InvalidSearchExpressionError } from "~/models/search/search.server";
import type { Viewer } from "~/models/user/user.schema";
import { asHttpError } from "../error.server";
import { apiError, apiJson, errorResponse, HttpError, readableErrorResponse } from "../http.server";
import { acceptsType, isJsonType, mediaTypeOf } from "../negotiate";
import { readBody } from "../submission.server";
import {
  accountDecision,
  allows,
  ARCHIVE_NOT_FOUND,
  siteDecision,
} from "~/models/access/access.server";
import { LINKS } from "~/utils/links";
import { keyed } from "~/models/locale/keyed";
import { onePage } from "~/utils/paging";

/*
 * The collections' HTTP side (spec 000 "Collections list", decision 017): the list as JSON, the
 * archive's PATCH, the tiles' form posts, and the answer to what the collection models refuse.
 * The rules are the models'; this module reads requests and writes answers.
 */

/**
 * The answer to what collectionPage, the list and the pin models throw: their Problems by kind,
 * and a search expression that cannot be read as the spec's InvalidSearchExpression.
 */
export async function collectionErrorResponse(request: Request, error: unknown): Promise<Response> {
  if (error instanceof InvalidSearchExpressionError)
    return apiError(request, 400, error.message, {
      heading: "InvalidSearchExpression",
      description: `At position ${error.position} of the expression.`,
    });
  // A page reads a keyed refusal in its reader's language, a program in English (decision 106).
  return readableErrorResponse(request, error);
}

/** The collection list as JSON, searched when the URL asks for a search. */
export async function collectionListResponse(
  request: Request,
  viewer: Viewer | null,
): Promise<Response> {
  const search = searchOf(new URL(request.url).searchParams);
  if (!search.ok)
    return apiError(request, 400, search.message, { heading: "InvalidSearchParameters" });
  try {
    const data = await listCollections(viewer, { queries: search.queries });
    const type = acceptsType(request, COLLECTION_LIST_TYPE)
      ? COLLECTION_LIST_TYPE
      : "application/json";
    // The JSON twin is mounted under /_json; the list's own address is the one the client asked.
    const url = new URL(request.url);
    const self = url.pathname.replace(/^\/_json(?=\/)/, "") + url.search;
    // A search across the archives is one unpaged answer, as the real product gives it: a
    // content sync refuses a paged one (issue 33). The plain list is paged like every list.
    const paging = search.queries.length > 0 ? null : onePage(self);
    return apiJson({ data, paging, searchURL: ARCHIVES_SEARCH_URL }, type);
  } catch (error) {
    if (error instanceof InvalidSearchExpressionError)
      return apiError(request, 400, error.message, { heading: "InvalidSearchExpression" });
    throw error;
  }
}

/**
 * The descriptor's copy_to and move_to (decision 111): the collections the viewer may copy or
 * move assets to, for an own account, which alone runs background tasks.
 */
export async function destinationListResponse(
  viewer: Viewer | null,
  right: "CopyTo" | "MoveTo",
): Promise<Response> {
  const decision = accountDecision(viewer, "BackgroundTasks");
  if (!decision.allowed) throw decision.problem;
  const data = await destinationCollections(decision.value, right);
  const self = right === "CopyTo" ? LINKS.copyTo : LINKS.moveTo;
  return apiJson({ data, paging: onePage(self) }, COLLECTION_LIST_TYPE);
}

const collectionUpdateSchema = z.object({ poster_asset: z.string().max(2000) });

/**
 * PATCH {archive href} with {"poster_asset": "<asset href>"} sets the cover, with "" clears it
 * (spec 000 section 7, application/vnd.fotoware.collection-update+json). Answers the collection.
 */
export async function patchCollection(
  request: Request,
  archive: Archive,
  viewer: Viewer,
): Promise<Response> {
  try {
    const access = (await visibleArchives(viewer)).find((v) => v.archive.id === archive.id);
    if (!access) throw new HttpError(404, ARCHIVE_NOT_FOUND);
    if (!(await allows(siteDecision(viewer, "SetPosterAsset")))) throw setCoverProblem();
    if (!isJsonType(mediaTypeOf(request)))
      throw new HttpError(415, "Send the collection update as JSON.");
    const parsed = collectionUpdateSchema.safeParse(await readBody(request));
    if (!parsed.success)
      throw new HttpError(400, 'Send {"poster_asset": "<asset href>"}, or "" to clear.');
    const href = parsed.data.poster_asset;
    if (href === "") await clearCover(viewer, archive.id);
    else {
      const target = assetIdFromHref(href);
      if (!target) throw new HttpError(400, "poster_asset is not the address of an asset.");
      if (target.archiveId !== archive.id)
        throw new HttpError(400, "The cover must be an asset of the same archive.");
      await setCover(viewer, archive.id, target.assetId);
    }
  } catch (error) {
    return errorResponse(request, error);
  }
  const collection = await archiveEntry(viewer, archive.id);
  if (!collection) return apiError(request, 404, ARCHIVE_NOT_FOUND);
  return apiJson(collection, COLLECTION_TYPE);
}

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const tileActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pin"), href: z.string().max(2000) }),
  z.object({ intent: z.literal("set-cover"), archive: id, asset: id }),
  z.object({ intent: z.literal("clear-cover"), archive: id }),
]);

export type TileActionOutcome =
  { ok: true; message: string } | { ok: false; status: number; message: string };

/**
 * Runs one of the tile's actions (pin, set-cover, clear-cover) posted as a form. Its message,
 * told or refused, may be keyed (decision 106): the page resolves it in its reader's language.
 */
export async function tileAction(
  viewer: Viewer | null,
  values: Record<string, unknown>,
): Promise<TileActionOutcome> {
  const parsed = tileActionSchema.safeParse(values);
  if (!parsed.success)
    return { ok: false, status: 400, message: keyed("validation.request.invalid") };
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "pin": {
        const { archive, pinned } = await toggleArchivePin(viewer, input.href);
        return {
          ok: true,
          message: keyed(pinned ? "grid.toast.pinnedName" : "grid.toast.unpinnedName", {
            name: archive.name,
          }),
        };
      }
      case "set-cover": {
        const archive = await setCover(viewer, input.archive, input.asset);
        return { ok: true, message: keyed("grid.toast.coverSet", { name: archive.name }) };
      }
      case "clear-cover": {
        const archive = await clearCover(viewer, input.archive);
        return { ok: true, message: keyed("grid.toast.coverCleared", { name: archive.name }) };
      }
    }
  } catch (error) {
    const refusal = asHttpError(error);
    if (refusal) return { ok: false, status: refusal.status, message: refusal.message };
    throw error;
  }
}
