import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { groupIdParam, groupResponse, requireGroupsApi } from "~/http/group/group-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";

/* A group's href: GET, PUT (replace), PATCH (changed fields), DELETE (decision 035). */

export const allowedMethods = ["GET", "HEAD", "PUT", "PATCH", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
  groupResponse(request, await requireGroupsApi(request), groupIdParam(params.id)),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (!["PUT", "PATCH", "DELETE"].includes(request.method)) return methodNotAllowed(args);
  return groupResponse(request, await requireGroupsApi(request), groupIdParam(params.id));
});
