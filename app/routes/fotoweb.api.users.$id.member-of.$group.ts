import type { ActionFunctionArgs } from "@remix-run/node";
import {
  groupIdParam,
  noContent,
  requireUserManagerApi,
  userIdParam,
} from "~/http/user/users-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { leaveGroup } from "~/models/user/users-admin.server";

/* DELETE one membership (reference User_DeleteUserMembership). */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  await leaveGroup(viewer, userIdParam(params), groupIdParam(params));
  return noContent();
});
