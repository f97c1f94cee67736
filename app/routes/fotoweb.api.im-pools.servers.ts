import type { LoaderFunctionArgs } from "@remix-run/node";
import { indexServersApi } from "~/http/archive/path-archives.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* GET /fotoweb/api/im-pools/servers: spec 001 section 7, for manageArchives only (decision 042). */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => indexServersApi(request));

export const action = methodNotAllowed;
