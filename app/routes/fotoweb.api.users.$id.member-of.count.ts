import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUserManagerApi, userIdParam } from "~/http/user/users-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { directGroups } from "~/models/user/users-admin.server";

/* How many groups the user is directly in (reference User_CountUserDirectMemberships). */

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const groups = await directGroups(viewer, userIdParam(params));
  return apiJson({ value: groups.length }, "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = methodNotAllowed;
