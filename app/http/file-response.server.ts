import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Readable } from "node:stream";
import {
  contentDisposition,
  openFile,
  type FileAccess,
  type FileKind,
} from "~/models/rendition/rendition.server";
import { BlobNotFoundError, blobStore } from "~/storage/blob-store.server";
import { IndexedFileError, readOriginal } from "~/models/archive/path-files.server";
import { apiError } from "./http.server";

/*
 * The answer of a file whose access was checked (decision 016): ETag, ranges, HEAD, the headers
 * that keep a file from ever acting as a page. Shared by the archives' file URLs and a public
 * link's (decision 056), which differ only in caching and a few headers.
 */
export async function fileResponse(
  request: Request,
  access: Extract<FileAccess, { ok: true }>,
  file: { revisionId: number; kind: FileKind },
  options: {
    cacheControl: string;
    /** Sent as an attachment whatever the kind (a download button). */
    attachment?: boolean;
    headers?: Record<string, string>;
  },
): Promise<Response> {
  const { revisionId, kind } = file;
  const opened = await openFile(access);
  const etag = `"${access.hash}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": options.cacheControl,
    "Content-Type": opened.mime,
    "Content-Disposition": contentDisposition(
      kind === "original" || options.attachment ? "attachment" : "inline",
      access.fileName,
    ),
    "Accept-Ranges": "bytes",
    // A file is never a page: no script runs from it even if a browser sniffs it as one.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    // Another site's page may show it (a CMS's <img>): its session cookie is SameSite=Lax and is
    // not sent for another site's images, so only what opens without it (the guest's, a large
    // preview's token) loads there (decision 115).
    "Cross-Origin-Resource-Policy": "cross-origin",
    ...options.headers,
  });
  // The archive keeps crawlers out (RobotSettings.AllowIndexing false, decision 043).
  if (access.robots && !headers.has("X-Robots-Tag")) headers.set("X-Robots-Tag", access.robots);
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });

  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("range") ?? "");
  let start = 0;
  let end = opened.size - 1;
  let status = 200;
  if (range && opened.size > 0) {
    start = range[1] ? Number(range[1]) : Math.max(0, opened.size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), opened.size - 1) : opened.size - 1;
    if (start > end || start >= opened.size) {
      headers.set("Content-Range", `bytes */${opened.size}`);
      return new Response(null, { status: 416, headers });
    }
    status = 206;
    headers.set("Content-Range", `bytes ${start}-${end}/${opened.size}`);
  }
  headers.set("Content-Length", String(opened.size === 0 ? 0 : end - start + 1));
  if (request.method === "HEAD" || opened.size === 0)
    return new Response(null, { status, headers });
  let stream;
  try {
    // An original sent as it is may live in a path archive's folder (decision 042); whatever a
    // profile made is a blob of its own.
    stream =
      kind === "original" && opened.blobHash === access.hash
        ? await readOriginal({ revisionId, blobHash: access.hash }, { start, end })
        : await blobStore().read(opened.blobHash, { start, end });
  } catch (error) {
    // A path archive's file changed or vanished on disk since it was indexed (decision 042).
    if (error instanceof IndexedFileError) return apiError(request, 404, error.message);
    // The file's row outlived its blob (storage lost it, or a restore left it out): it is
    // missing, which is the client's 404 to see, not a failure of the server.
    if (error instanceof BlobNotFoundError)
      return apiError(request, 404, "This file is missing from storage.");
    throw error;
  }
  return new Response(createReadableStreamFromReadable(stream as Readable), { status, headers });
}
