import type { LoaderFunctionArgs } from "@remix-run/node";
import { groupCountResponse, requireGroupsApi } from "~/http/group/group-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* /fotoweb/api/groups/count: how many groups the site has ({value}). */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  groupCountResponse(await requireGroupsApi(request)),
);

export const action = methodNotAllowed;
