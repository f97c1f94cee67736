import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  groupCreateResponse,
  groupListResponse,
  requireGroupsApi,
} from "~/http/group/group-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* /fotoweb/api/groups: every group (search q, sortfield, sortdir), and POST a new one (035). */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) =>
  groupListResponse(request, await requireGroupsApi(request)),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return groupCreateResponse(args.request, await requireGroupsApi(args.request));
});
