import { json, redirect } from "@remix-run/node";
import { linkDecision, type LinkGrant } from "~/models/access/album-access.server";
import { linkAssetPage } from "~/models/album/album-page.server";
import { linkPasswordSchema, type LinkDownload } from "~/models/album/album.schema";
import {
  checkLinkPassword,
  linkAssetFiles,
  linkOriginalDownloads,
  logLinkAccess,
} from "~/models/album/share-link.server";
import { findRevision } from "~/models/asset/asset.server";
import { isProblem } from "~/models/problem/problem";
import { accessFileVia, isFileKind } from "~/models/rendition/rendition.server";
import { sharedAlbumHref } from "~/utils/links";
import { fileResponse } from "../file-response.server";
import { apiError, errorResponse, readableErrorResponse } from "../http.server";
import { clientAddressOf, linkUnlocked, unlockedLinkCookie } from "../link-cookie.server";
import { checkSubmission, formReply, readBody } from "../submission.server";

/*
 * A public link's visitor (decision 056): no account, no JavaScript needed. Every page and every
 * file asks linkDecision again (a revoked or expired link ends at once, 410), then the link's
 * password cookie, then the link's rights on the asset. What is shown is logged with the address.
 */

/*
 * The headers of every page under a link: the token is in the URL and must not travel to another
 * site. same-origin rather than no-referrer: under no-referrer a browser sends `Origin: null` with
 * the password form's post, which the server's cross-site check refuses (decision 056).
 */
export const LINK_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** Rows a visitor's grid shows per page. */
const SHARED_PAGE_SIZE = 48;

/** The open link, or the page of a missing (404) or ended (410) one in the visitor's words, thrown. */
async function requireLink(request: Request, token: string): Promise<LinkGrant> {
  const decision = await linkDecision(token, new Date());
  if (!decision.allowed) throw await readableErrorResponse(request, decision.problem);
  return decision.value;
}

const channelOf = (grant: LinkGrant) => ({
  kind: "link" as const,
  link: grant.link,
  owner: grant.owner,
});

function albumSummary(grant: LinkGrant) {
  return {
    name: grant.album.name,
    description: grant.album.description,
    ownerName: grant.owner.fullName || grant.owner.username,
    download: grant.link.download as LinkDownload,
    href: sharedAlbumHref(grant.link.token),
  };
}

export type SharedAlbumData =
  | { state: "password"; album: { name: string; href: string } }
  | {
      state: "open";
      album: ReturnType<typeof albumSummary>;
      assets: {
        id: number;
        name: string;
        thumbnail: string | null;
        href: string;
        previewDownload: string | null;
        originalDownload: string | null;
      }[];
      paging: { prev: string | null; next: string | null };
    };

/** The visitor's album page: the password form, or the album's grid (logged as an open). */
export async function sharedAlbumData(request: Request, token: string) {
  const grant = await requireLink(request, token);
  const href = sharedAlbumHref(grant.link.token);
  if (!(await linkUnlocked(request, grant.link)))
    return json<SharedAlbumData>(
      { state: "password", album: { name: grant.album.name, href } },
      { headers: LINK_PAGE_HEADERS },
    );
  const url = new URL(request.url);
  const page = await linkAssetPage(channelOf(grant), url, SHARED_PAGE_SIZE);
  // The first page is an open; paging through is not logged again, so the log stays readable.
  if (url.search === "") await logLinkAccess(grant.link.id, clientAddressOf(request), "open");
  const originals = await linkOriginalDownloads(
    grant,
    page.assets.map((a) => a.id),
  );
  const assets = page.assets.map((asset) => {
    const smallest = asset.previews[0] ?? null;
    const preview = asset.previews.find((p) => p.href.includes("/preview/")) ?? null;
    return {
      id: asset.id,
      name: asset.title || asset.filename,
      thumbnail: smallest?.href ?? null,
      href: `${href}/assets/${asset.id}`,
      previewDownload:
        preview && grant.link.download !== "none" ? `${preview.href}?download=1` : null,
      originalDownload: originals.get(asset.id) ?? null,
    };
  });
  return json<SharedAlbumData>(
    {
      state: "open",
      album: albumSummary(grant),
      assets,
      paging: { prev: page.paging.prev, next: page.paging.next },
    },
    { headers: LINK_PAGE_HEADERS },
  );
}

/**
 * The password form: the right one sets the link's cookie and shows the album (post/redirect/
 * get); a wrong one is 401, too many from one address 429, each logged by the model.
 */
export async function sharedAlbumAction(request: Request, token: string) {
  const grant = await requireLink(request, token);
  const href = sharedAlbumHref(grant.link.token);
  const submission = await checkSubmission(
    await readBody(request, { json: false }),
    linkPasswordSchema,
  );
  if (!submission.ok) return formReply(request, submission);
  try {
    await checkLinkPassword(grant, clientAddressOf(request), submission.data.password);
  } catch (error) {
    if (!isProblem(error)) throw error;
    const status = error.kind === "too-many" ? 429 : 401;
    // The visitor reads the field's message in the page's language; the body's value in English.
    return formReply(request, {
      status,
      fieldErrors: { password: error.message },
      value: error.message,
      heading: error.details.heading,
    });
  }
  return redirect(href, {
    headers: { "Set-Cookie": await unlockedLinkCookie(request, grant.link) },
  });
}

/** One asset's large preview page, with the downloads the link allows. */
export async function sharedAssetData(request: Request, token: string, assetId: string) {
  const grant = await requireLink(request, token);
  const href = sharedAlbumHref(grant.link.token);
  // Without the password the asset page is the album's: the form is there.
  if (!(await linkUnlocked(request, grant.link))) throw redirect(href);
  const files = await linkAssetFiles(grant, /^\d{1,12}$/.test(assetId) ? Number(assetId) : NaN);
  return json(
    {
      album: albumSummary(grant),
      asset: {
        id: files.view.id,
        name: files.view.title || files.view.filename,
        fileName: files.view.filename,
        description: files.view.description,
        preview: files.preview,
        previewDownload: files.previewDownload,
        originalDownload: files.originalDownload,
      },
    },
    { headers: LINK_PAGE_HEADERS },
  );
}

const NO_FILE = "There is no file at this address.";

/**
 * A file through a link, checked on every request: the link is open now, the visitor holds its
 * password, the asset is still in the album and the owner still sees it, and the link's right
 * allows the kind. Never cached by anyone but the visitor's browser for this response alone.
 */
export async function sharedFile(
  request: Request,
  params: { token?: string; revisionId?: string; kind?: string; hash?: string },
) {
  const decision = await linkDecision(params.token ?? "", new Date());
  if (!decision.allowed) return errorResponse(request, decision.problem);
  const grant = decision.value;
  if (!(await linkUnlocked(request, grant.link)))
    return apiError(request, 401, "Type the link's password on its page first.");
  const revisionId = /^\d{1,12}$/.test(params.revisionId ?? "") ? Number(params.revisionId) : NaN;
  const kind = params.kind ?? "";
  if (!Number.isInteger(revisionId) || !isFileKind(kind)) return apiError(request, 404, NO_FILE);
  const attachment = new URL(request.url).searchParams.get("download") === "1";
  const access = await accessFileVia(channelOf(grant), revisionId, kind, { attachment });
  const address = clientAddressOf(request);
  const download = attachment || kind === "original";
  const assetId = async () => (await findRevision(revisionId))?.assetId ?? null;
  if (!access.ok) {
    if (access.status === 403)
      await logLinkAccess(grant.link.id, address, "refused", await assetId(), kind);
    return apiError(request, access.status, access.message);
  }
  if (access.hash !== params.hash) return apiError(request, 404, NO_FILE);
  // Thumbnails belong to the grid, which "open" logs; each preview and download is a line, once
  // per file (a resumed download's later ranges are not).
  const firstBytes = !/^bytes=0*[1-9]/.test(request.headers.get("range") ?? "");
  if ((download || kind === "preview") && request.method !== "HEAD" && firstBytes)
    await logLinkAccess(
      grant.link.id,
      address,
      download ? "download" : "preview",
      await assetId(),
      kind,
    );
  return fileResponse(
    request,
    access,
    { revisionId, kind },
    { cacheControl: "private, no-store", attachment, headers: { "X-Robots-Tag": "noindex" } },
  );
}
