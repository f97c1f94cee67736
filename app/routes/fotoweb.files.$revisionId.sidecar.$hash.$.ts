import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import type { Readable } from "node:stream";
import { accessSidecar, contentDisposition } from "~/models/rendition/rendition.server";
import { blobStore } from "~/storage/blob-store.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";
import { getBrowsingViewer } from "~/http/session.server";

/*
 * A revision's XMP sidecar (decision 050), next to its original: write-back makes one where the
 * metadata cannot go into the file. Named by content like every file URL, so it is cached as
 * immutable; Download is checked on every request, as for the original.
 */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await getBrowsingViewer(request);
  if (!viewer) return apiError(request, 401, "Sign in to see this file.");
  const revisionId = /^\d{1,12}$/.test(params.revisionId ?? "") ? Number(params.revisionId) : NaN;
  if (!Number.isInteger(revisionId))
    return apiError(request, 404, "There is no file at this address.");
  const access = await accessSidecar(viewer, revisionId);
  if (!access.ok) return apiError(request, access.status, access.message);
  if (access.hash !== params.hash)
    return apiError(request, 404, "There is no file at this address.");
  const etag = `"${access.hash}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": "private, max-age=31536000, immutable",
    "Content-Type": access.mime,
    "Content-Disposition": contentDisposition("attachment", access.fileName),
    "Content-Length": String(access.size),
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (access.robots) headers.set("X-Robots-Tag", access.robots);
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  if (request.method === "HEAD") return new Response(null, { headers });
  const stream = await blobStore().read(access.hash);
  return new Response(createReadableStreamFromReadable(stream as Readable), { headers });
});

export const action = methodNotAllowed;
