import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  albumAddress,
  deleteAlbum,
  getAlbum,
  patchAlbum,
  postAlbum,
} from "~/http/album/album-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * One album as JSON (decision 054): GET, PATCH (rename, describe, cover, remove assets), POST
 * asset links to add, DELETE (to the bin, then for good), and ARCHIVE, UNARCHIVE, UNDELETE,
 * ORDERPATCH and SHARE as POST with X-HTTP-Method-Override (or ?method=), since Node refuses
 * unknown methods. Another user's or a missing album answers 404 alike.
 */

export const allowedMethods = ["GET", "HEAD", "PATCH", "POST", "DELETE"];

const answerGet = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  getAlbum(request, await requireViewer(request), albumAddress(params)),
);

export function loader(args: LoaderFunctionArgs) {
  return answerGet(args);
}

const answerChange = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  const handler =
    request.method === "POST"
      ? postAlbum
      : request.method === "PATCH"
        ? patchAlbum
        : request.method === "DELETE"
          ? deleteAlbum
          : null;
  if (!handler) return methodNotAllowed(args);
  return handler(request, await requireViewer(request), albumAddress(params));
});

export function action(args: ActionFunctionArgs) {
  return answerChange(args);
}
