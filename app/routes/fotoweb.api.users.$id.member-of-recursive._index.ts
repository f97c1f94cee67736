import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUserManagerApi, userIdParam } from "~/http/user/users-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { allGroups } from "~/models/user/users-admin.server";
import { memberGroupView } from "~/models/user/user.view";

/* Every group the user is in, directly or through others (reference User_GetRecursiveUserMemberships). */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const groups = await allGroups(viewer, userIdParam(params));
  return apiJson(groups.map(memberGroupView), "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = methodNotAllowed;
