import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { noContent, requireUserManagerApi, userIdParam } from "~/http/user/users-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { getManagedUser, updateManagedUser } from "~/models/user/users-admin.server";

/* A user's custom properties (reference User_GetUserPropertyBag, User_DeleteAllUserProperties). */

export const allowedMethods = ["GET", "HEAD", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const { record } = await getManagedUser(viewer, userIdParam(params));
  return apiJson(record.properties, "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  await updateManagedUser(viewer, userIdParam(params), { properties: [] });
  return noContent();
});
