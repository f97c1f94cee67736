import type { ActionFunctionArgs } from "@remix-run/node";
import { scanApi } from "~/http/archive/path-archives.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/*
 * POST /fotoweb/api/config/archives/{id}/scan: a path archive's scan now, answered 202 with its
 * background task (decision 042). `$id_` keeps it out of the archive API's own route.
 */
export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return scanApi(args.request, args.params.id);
});
