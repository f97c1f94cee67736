import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import type { Readable } from "node:stream";
import { contentDisposition, isFileKind, openFile } from "~/models/rendition/rendition.server";
import { blobStore } from "~/storage/blob-store.server";
import { IndexedFileError, readOriginal } from "~/models/archive/path-files.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";
import { getBrowsingViewer } from "~/http/session.server";
import { fileRequestAccess } from "~/http/actions/album-files.server";

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
  const file = await openFile(access);

  const etag = `"${access.hash}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": "private, max-age=31536000, immutable",
    "Content-Type": file.mime,
    "Content-Disposition": contentDisposition(
      attachment ? "attachment" : "inline",
      access.fileName,
    ),
    "Accept-Ranges": "bytes",
    // A file is never a page: no script runs from it even if a browser sniffs it as one.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  // The archive keeps crawlers out (RobotSettings.AllowIndexing false, decision 043).
  if (access.robots) headers.set("X-Robots-Tag", access.robots);
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });

  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  let start = 0;
  let end = file.size - 1;
  let status = 200;
  if (range && file.size > 0) {
    start = range[1] ? Number(range[1]) : Math.max(0, file.size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), file.size - 1) : file.size - 1;
    if (start > end || start >= file.size) {
      headers.set("Content-Range", `bytes */${file.size}`);
      return new Response(null, { status: 416, headers });
    }
    status = 206;
    headers.set("Content-Range", `bytes ${start}-${end}/${file.size}`);
  }
  headers.set("Content-Length", String(file.size === 0 ? 0 : end - start + 1));
  if (request.method === "HEAD" || file.size === 0) return new Response(null, { status, headers });
  let stream;
  try {
    // An original sent as it is may live in a path archive's folder (decision 042); whatever a
    // profile made is a blob of its own.
    stream =
      kind === "original" && file.blobHash === access.hash
        ? await readOriginal({ revisionId, blobHash: access.hash }, { start, end })
        : await blobStore().read(file.blobHash, { start, end });
  } catch (error) {
    // A path archive's file changed or vanished on disk since it was indexed (decision 042).
    if (error instanceof IndexedFileError) return apiError(request, 404, error.message);
    throw error;
  }
  return new Response(createReadableStreamFromReadable(stream as Readable), { status, headers });
});

export const action = methodNotAllowed;
