import type { ActionFunctionArgs } from "@remix-run/node";
import { noContent, requireUserManagerApi, userIdParam } from "~/http/user/users-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { Problem } from "~/models/problem/problem";
import { getManagedUser, updateManagedUser } from "~/models/user/users-admin.server";

/* DELETE one custom property by its key (reference User_DeleteUserProperties); 404 if absent. */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  const id = userIdParam(params);
  const { record } = await getManagedUser(viewer, id);
  const key = (params.key ?? "").toLowerCase();
  const kept = record.properties.filter((p) => p.key.toLowerCase() !== key);
  if (kept.length === record.properties.length)
    throw new Problem("not-found", "This user has no custom property with this key.");
  await updateManagedUser(viewer, id, { properties: kept });
  return noContent();
});
