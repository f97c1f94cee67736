import type { LoaderFunctionArgs } from "@remix-run/node";
import { poolsApi } from "~/http/archive/path-archives.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* GET /fotoweb/api/pools: spec 001 section 7, for manageArchives only (decision 042). */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => poolsApi(request));

export const action = methodNotAllowed;
