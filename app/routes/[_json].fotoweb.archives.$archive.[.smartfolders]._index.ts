import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  smartFolderListGet,
  smartFolderListPost,
} from "~/http/smart-folder/smart-folder-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * An archive's smart folders as JSON (spec 000 §7, decision 061): GET the list with its add and
 * reorder descriptors, POST to create one (201), ORDERPATCH {childPath, relativePosition} as POST
 * with X-HTTP-Method-Override.
 */

export const allowedMethods = ["GET", "HEAD", "POST"];

const answerGet = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  smartFolderListGet(await requireViewer(request, { browsing: true }), params),
);

export function loader(args: LoaderFunctionArgs) {
  return answerGet(args);
}

const answerPost = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  return smartFolderListPost(request, await requireViewer(request), params);
});

export function action(args: ActionFunctionArgs) {
  return answerPost(args);
}
