import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { smartFolderChange, smartFolderGet } from "~/http/smart-folder/smart-folder-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * One smart folder as JSON (spec 000 §7, decision 061): GET, PATCH {name, expression}, DELETE
 * (also as POST with X-HTTP-Method-Override). Another archive's id answers 404.
 */

export const allowedMethods = ["GET", "HEAD", "PATCH", "POST", "DELETE"];

const answerGet = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  smartFolderGet(await requireViewer(request, { browsing: true }), params),
);

export function loader(args: LoaderFunctionArgs) {
  return answerGet(args);
}

const answerChange = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (!["PATCH", "DELETE", "POST"].includes(request.method)) return methodNotAllowed(args);
  return smartFolderChange(request, await requireViewer(request), params);
});

export function action(args: ActionFunctionArgs) {
  return answerChange(args);
}
