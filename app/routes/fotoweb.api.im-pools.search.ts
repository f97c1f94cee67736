import type { ActionFunctionArgs } from "@remix-run/node";
import { indexSearchApi } from "~/http/archive/path-archives.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* POST /fotoweb/api/im-pools/search: the index browser's search (spec 001; decision 042). */
export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return indexSearchApi(args.request);
});
