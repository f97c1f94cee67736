import type { LoaderFunctionArgs } from "@remix-run/node";
import { isFileKind } from "~/models/rendition/rendition.server";
import { fileResponse } from "~/http/file-response.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";
import { getBrowsingViewer } from "~/http/session.server";
import { fileRequestAccess } from "~/http/album/album-files.server";

/*
 * A file by content: the URL names the revision, the kind and the hash, so a response never
 * changes and is cached as immutable. Permission is checked on every request all the same.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  // Anonymous visitors browse as the guest, so the previews their pages show must load too.
  const viewer = await getBrowsingViewer(request);
  if (!viewer) return apiError(request, 401, "Sign in to see this file.");
  const revisionId = /^\d{1,12}$/.test(params.revisionId ?? "") ? Number(params.revisionId) : NaN;
  const kind = params.kind ?? "";
  if (!Number.isInteger(revisionId) || !isFileKind(kind))
    return apiError(request, 404, "There is no file at this address.");
  // The viewer's own rights, or through an album shared with them (`?album=`, decision 053).
  const { access, attachment } = await fileRequestAccess(
    viewer,
    new URL(request.url),
    revisionId,
    kind,
  );
  if (!access.ok) return apiError(request, access.status, access.message);
  if (access.hash !== params.hash)
    return apiError(request, 404, "There is no file at this address.");
  return fileResponse(
    request,
    access,
    { revisionId, kind },
    { cacheControl: "private, max-age=31536000, immutable", attachment },
  );
});

export const action = methodNotAllowed;
