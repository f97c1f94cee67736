import { json } from "@remix-run/node";
import { findAssetBySegments } from "~/models/asset/asset-details.server";
import { previewFor, type AssetView } from "~/models/asset/asset-view.server";
import { collectionPage } from "~/models/collection/collection-page.server";
import { InvalidSearchExpressionError } from "~/models/search/search.server";
import { HttpError } from "../http.server";
import { visibleArchives } from "~/models/collection/collection-list.server";
import type { Viewer } from "~/models/user/user.schema";
import { allowedApiOrigins } from "../cors.server";
import { currentPath, loginPath } from "../redirect";
import { ACCESS_TOKEN_PARAMETER, getViewer } from "../session.server";
import { readBody } from "../submission.server";

/*
 * The selection widget (decision 110): a page an integrator embeds in an iframe, where the person
 * browses or searches the archives they may see and picks assets; the page then hands the chosen
 * assets' API JSON to its parent (with JavaScript) or lists their links (without). It reads the
 * grid's own models, so it shows exactly what the person may see.
 *
 * In another site's iframe the session cookie (SameSite=Lax) is not sent: an integrator opens the
 * widget with ?access_token= (as FotoWare's widgets take it), and the page carries it on in its
 * links, forms and thumbnails.
 */

const PAGE_SIZE = 24;
const MAX_CHOSEN = 50;

/** The token the page was opened with, to carry on; empty when it runs on the session. */
const tokenOf = (url: URL) => url.searchParams.get(ACCESS_TOKEN_PARAMETER) ?? "";

const withToken = (href: string, token: string) => {
  if (!token) return href;
  const url = new URL(href, "http://arkiv.invalid");
  url.searchParams.set(ACCESS_TOKEN_PARAMETER, token);
  return url.pathname + url.search;
};

/** A signed-in person with an own account, or null (nobody, or the guest). */
async function widgetViewer(request: Request): Promise<Viewer | null> {
  const viewer = await getViewer(request);
  return viewer && !viewer.isGuest ? viewer : null;
}

const signInAnswer = (request: Request) =>
  json(
    { signedIn: false as const, signIn: loginPath(currentPath(request)) },
    { status: 401, headers: { "Cache-Control": "no-store" } },
  );

export async function selectionWidgetData(request: Request) {
  const viewer = await widgetViewer(request);
  if (!viewer) return signInAnswer(request);
  const url = new URL(request.url);
  const token = tokenOf(url);
  const archives = (await visibleArchives(viewer)).map(({ archive }) => ({
    id: archive.id,
    name: archive.name,
  }));
  const wanted = Number(url.searchParams.get("archive"));
  const chosen = archives.find((a) => a.id === wanted) ?? archives[0] ?? null;
  const q = (url.searchParams.get("q") ?? "").slice(0, 500);
  const pageNumber = Math.max(
    0,
    Math.min(10_000, Math.floor(Number(url.searchParams.get("p"))) || 0),
  );
  let assets: { href: string; title: string; thumbnail: string | null }[] = [];
  let paging = { prev: null as string | null, next: null as string | null };
  if (chosen) {
    const listing = new URL("http://arkiv.invalid/");
    if (q) listing.searchParams.set("q", q);
    listing.searchParams.set(";p", String(pageNumber));
    const page = await collectionPage(viewer, chosen.id, listing, PAGE_SIZE).catch((error) => {
      // A search that cannot be read is the person's to correct: 400 with its message.
      if (error instanceof InvalidSearchExpressionError)
        throw new HttpError(400, error.message, { heading: "InvalidSearchExpression" });
      throw error;
    });
    assets = page.assets.map((asset) => {
      const thumbnail = previewFor(asset, 200);
      return {
        href: asset.href,
        title: asset.title || asset.filename,
        thumbnail: thumbnail ? withToken(thumbnail.href, token) : null,
      };
    });
    const pageLink = (p: number) => {
      const link = new URL(url);
      link.searchParams.set("archive", String(chosen.id));
      link.searchParams.set("p", String(p));
      return link.pathname + link.search;
    };
    paging = {
      prev: page.paging.prev ? pageLink(pageNumber - 1) : null,
      next: page.paging.next ? pageLink(pageNumber + 1) : null,
    };
  }
  return json(
    {
      signedIn: true as const,
      token,
      archives,
      archiveId: chosen?.id ?? null,
      q,
      assets,
      paging,
      // postMessage goes to exact origins only, never "*" (decision 110).
      origins: (await allowedApiOrigins()).filter((origin) => origin !== "*"),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The asset an href of ours names, as the API gives it, when the viewer may see it. */
async function assetOfHref(viewer: Viewer, href: string): Promise<AssetView | null> {
  const match = /^\/fotoweb\/archives\/([^/]+)\/([^/]+)$/.exec(href);
  if (!match) return null;
  try {
    const found = await findAssetBySegments(
      viewer,
      decodeURIComponent(match[1]!),
      decodeURIComponent(match[2]!),
    );
    return found?.view ?? null;
  } catch {
    return null;
  }
}

/** "Select": the chosen assets' API JSON, which the page hands on or lists. */
export async function selectionWidgetAction(request: Request) {
  const viewer = await widgetViewer(request);
  if (!viewer) return signInAnswer(request);
  const body = await readBody(request, { json: false });
  const given = body.asset;
  const hrefs = (Array.isArray(given) ? given : given === undefined ? [] : [given])
    .filter((v): v is string => typeof v === "string")
    .slice(0, MAX_CHOSEN);
  const selected: AssetView[] = [];
  for (const href of new Set(hrefs)) {
    const asset = await assetOfHref(viewer, href);
    if (asset) selected.push(asset);
  }
  return json(
    { selected, noneChosen: selected.length === 0 },
    { status: selected.length === 0 ? 400 : 200, headers: { "Cache-Control": "no-store" } },
  );
}
