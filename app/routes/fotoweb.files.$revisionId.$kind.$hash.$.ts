import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  accessPreviewByToken,
  isFileKind,
  PREVIEW_TOKEN_PARAMETER,
  type FileAccess,
  type FileKind,
} from "~/models/rendition/rendition.server";
import { fileResponse } from "~/http/file-response.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";
import { getBrowsingViewer, presentedToken } from "~/http/session.server";
import { fileRequestAccess } from "~/http/album/album-files.server";

/*
 * A file by content: the URL names the revision, the kind and the hash, so a response never
 * changes and is cached as immutable. Permission is checked on every request all the same.
 */

const NO_FILE = "There is no file at this address.";

/** The file once access is decided: the hash in the URL must be the file's own. */
function answer(
  request: Request,
  access: FileAccess,
  file: { revisionId: number; kind: FileKind; hash: string | undefined },
  attachment: boolean,
) {
  if (!access.ok) return apiError(request, access.status, access.message);
  if (access.hash !== file.hash) return apiError(request, 404, NO_FILE);
  return fileResponse(request, access, file, {
    cacheControl: "private, max-age=31536000, immutable",
    attachment,
  });
}

const revisionOf = (value: string | undefined) =>
  /^\d{1,12}$/.test(value ?? "") ? Number(value) : NaN;

/*
 * A bearer that is the asset's previewToken (decision 110, as pyfwapi sends it) opens that
 * revision's previews and nothing else; any other bearer goes on to be judged as an access token.
 * The large preview's href carries it in its query (decision 115), for the CMS that fetches
 * the picked image with nothing else.
 */
async function byPreviewToken({ request, params }: LoaderFunctionArgs) {
  const token = presentedToken(request);
  const inQuery = new URL(request.url).searchParams.get(PREVIEW_TOKEN_PARAMETER);
  const value = token?.kind === "bearer" ? token.value : token ? null : inQuery;
  const revisionId = revisionOf(params.revisionId);
  const kind = params.kind ?? "";
  if (!value || !Number.isInteger(revisionId) || !isFileKind(kind)) return null;
  const access = await accessPreviewByToken(value, revisionId, kind);
  return access ? answer(request, access, { revisionId, kind, hash: params.hash }, false) : null;
}

export function loader(args: LoaderFunctionArgs) {
  return apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
    const previewed = await byPreviewToken({ request, params } as LoaderFunctionArgs);
    if (previewed) return previewed;
    // Anonymous visitors browse as the guest, so the previews their pages show must load too.
    const viewer = await getBrowsingViewer(request);
    if (!viewer) return apiError(request, 401, "Sign in to see this file.");
    const revisionId = revisionOf(params.revisionId);
    const kind = params.kind ?? "";
    if (!Number.isInteger(revisionId) || !isFileKind(kind)) return apiError(request, 404, NO_FILE);
    // The viewer's own rights, or through an album shared with them (`?album=`, decision 053).
    const { access, attachment } = await fileRequestAccess(
      viewer,
      new URL(request.url),
      revisionId,
      kind,
    );
    return answer(request, access, { revisionId, kind, hash: params.hash }, attachment);
  })(args);
}

export const action = methodNotAllowed;
