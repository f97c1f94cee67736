import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import {
  copyRevision,
  compareRevisions,
  deleteRevision,
  findRevision,
  listRevisions,
  parseRevisionNumber,
  rollbackRevision,
  rollbackToRevision,
  type AssetRef,
  type RevisionEntry,
} from "~/models/asset/revision-history.server";
import { isProblem } from "~/models/problem/problem";
import { apiJson, readableErrorResponse } from "../http.server";
import { isJsonType, mediaTypeOf } from "../negotiate";
import { requireViewer } from "../session.server";
import { readBody } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { taskHref, taskPagePath } from "~/utils/links";
import { translatorFor } from "../locale/locale.server";
import type { Translate } from "~/models/locale/message-id";

/*
 * The revision calls of spec 000 §7 on an asset's href (decision 049): the list, one revision,
 * rollback, rollback-to, delete and compare. Each mutation answers JSON to a JSON body (the API,
 * and the page's fetchers) and, to a plain form, redirects back to the list with a toast.
 */

export const REVISION_JSON = "application/json";

const refOf = (params: Params): AssetRef => ({ archive: params.archive, asset: params.asset });

/** Where a plain form returns: the revision list of the asset the URL names. */
function listPath(request: Request): string {
  const path = new URL(request.url).pathname;
  const at = path.indexOf("/__revisions/");
  return at < 0 ? path : path.slice(0, at + "/__revisions/".length);
}

const isJsonPost = (request: Request) => isJsonType(mediaTypeOf(request));

/**
 * A refusal of a plain form's mutation: a rule (the current revision, permission) comes back as
 * an error toast on the list, so the person sees why; what does not exist stays a 404. The
 * refusals are keyed (decision 106): the toast reads them in the page's language.
 */
async function formFailure(request: Request, error: unknown): Promise<Response> {
  if (isProblem(error) && (error.kind === "conflict" || error.kind === "forbidden"))
    return redirectWithToast(request, listPath(request), { kind: "error", message: error.message });
  return readableErrorResponse(request, error);
}

async function mutation(
  request: Request,
  run: (
    values: Record<string, unknown>,
    t: Translate,
  ) => Promise<{ json: unknown; message: string }>,
): Promise<Response> {
  const json = isJsonPost(request);
  const values = await readBody(request);
  const t = await translatorFor(request);
  try {
    const done = await run(values, t);
    if (json) return apiJson(done.json, REVISION_JSON);
    return redirectWithToast(request, listPath(request), { message: done.message });
  } catch (error) {
    // The page's fetchers read a refusal in their reader's language, programs in English.
    if (json) return readableErrorResponse(request, error);
    return formFailure(request, error);
  }
}

export async function revisionListJson(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  const list = await listRevisions(viewer, refOf(params), {
    page: new URL(request.url).searchParams.get("p"),
  });
  return apiJson(list, REVISION_JSON);
}

export async function revisionListPage(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  const url = new URL(request.url);
  const list = await listRevisions(viewer, refOf(params), { page: url.searchParams.get("p") });
  // Rollback-to without JavaScript opens the list asking to confirm (?rollbackTo=N) first.
  const asked = url.searchParams.get("rollbackTo");
  let rollbackTo: RevisionEntry | null = null;
  if (asked !== null && list.allowed.rollback && list.allowed.manage) {
    try {
      rollbackTo = await findRevision(viewer, refOf(params), asked);
    } catch (error) {
      // An unknown number asks nothing: the list shows as it is.
      if (!isProblem(error) || error.kind !== "not-found") throw error;
    }
  }
  return { ...list, rollbackTo: rollbackTo?.current ? null : rollbackTo };
}

export async function revisionJson(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  return apiJson(await findRevision(viewer, refOf(params), params.number), REVISION_JSON);
}

/** DELETE {revision}, or a plain form posting intent=delete to it. */
export async function revisionDeleteAction(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  if (request.method === "DELETE") {
    try {
      await deleteRevision(viewer, refOf(params), params.number);
    } catch (error) {
      // The list's fetcher deletes too: its toast reads the refusal in the page's language.
      return readableErrorResponse(request, error);
    }
    return new Response(null, { status: 204 });
  }
  return mutation(request, async (_values, t) => {
    const done = await deleteRevision(viewer, refOf(params), params.number);
    return { json: done, message: t("asset.revisions.toast.deleted", { number: done.number }) };
  });
}

export async function rollbackAction(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  return mutation(request, async (values, t) => {
    const done = await rollbackRevision(viewer, refOf(params), params.number, values.rollbackType);
    return {
      json: { number: done.number, previous: done.previous },
      message: t("asset.revisions.toast.restoredAs", {
        number: params.number ?? "",
        created: done.number,
      }),
    };
  });
}

export async function rollbackToAction(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  return mutation(request, async (values, t) => {
    // The list's form sends its rollback choice with every button; rollback-to is always whole.
    const type = isJsonPost(request) ? values.rollbackType : "full";
    const done = await rollbackToRevision(viewer, refOf(params), params.number, type);
    return {
      json: done,
      message: t("asset.revisions.toast.currentAgain", {
        number: done.number,
        deleted: done.deleted,
      }),
    };
  });
}

/**
 * Copy revision without JavaScript: starts the duplicate task and goes to its page, which
 * refreshes itself until the task is done. To a JSON body: 201 with the task's location, as
 * POST /fotoweb/me/background-tasks/ answers.
 */
export async function copyRevisionAction(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  const json = isJsonPost(request);
  await readBody(request);
  try {
    const { jobId, number } = await copyRevision(viewer, refOf(params), params.number);
    if (json)
      return apiJson({ location: taskHref(jobId) }, REVISION_JSON, {
        status: 201,
        headers: { Location: taskHref(jobId) },
      });
    const t = await translatorFor(request);
    return redirectWithToast(request, taskPagePath(jobId), {
      kind: "info",
      message: t("asset.revisions.toast.copying", { number }),
    });
  } catch (error) {
    if (json) return readableErrorResponse(request, error);
    return formFailure(request, error);
  }
}

/** The compare page's data, from ?left=&right=. */
export async function comparePage(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  const query = new URL(request.url).searchParams;
  return compareRevisions(viewer, refOf(params), query.get("left"), query.get("right"));
}

export async function compareJson(request: Request, params: Params) {
  return apiJson(await comparePage(request, params), REVISION_JSON);
}

/** POST {compare link} with leftRevision and rightRevision (spec 000 §7). */
export async function compareAction(request: Request, params: Params) {
  const viewer = await requireViewer(request, { browsing: true });
  const values = await readBody(request);
  // The list's form ticks two check boxes named revision; the API names them.
  const ticked = Array.isArray(values.revision) ? values.revision : [];
  const left = values.leftRevision ?? ticked[0];
  const right = values.rightRevision ?? ticked[1];
  if (isJsonPost(request))
    return apiJson(await compareRevisions(viewer, refOf(params), left, right), REVISION_JSON);
  const l = parseRevisionNumber(left);
  const r = parseRevisionNumber(right);
  if (l === null || r === null || l === r)
    return redirectWithToast(request, listPath(request), {
      kind: "error",
      message: (await translatorFor(request))("asset.revisions.tickTwo"),
    });
  // The list's check boxes give the two in either order: older on the left.
  const [older, newer] = l < r ? [l, r] : [r, l];
  return redirect(`${listPath(request)}compare?left=${older}&right=${newer}`, 303);
}
