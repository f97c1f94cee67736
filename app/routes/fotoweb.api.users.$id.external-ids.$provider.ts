import type { ActionFunctionArgs } from "@remix-run/node";
import { noContent, requireUserManagerApi, userIdParam } from "~/http/user/users-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { Problem } from "~/models/problem/problem";
import { getManagedUser, updateManagedUser } from "~/models/user/users-admin.server";

/* DELETE the user's id from one SSO provider (reference User_DeleteUserExternalIdsFromProvider). */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  const id = userIdParam(params);
  const { record } = await getManagedUser(viewer, id);
  const kept = record.externalIds.filter((e) => e.provider !== params.provider);
  if (kept.length === record.externalIds.length)
    throw new Problem("not-found", "This user has no external id from this provider.");
  await updateManagedUser(viewer, id, { externalIds: kept });
  return noContent();
});
