import type { ActionFunctionArgs } from "@remix-run/node";
import {
  currentSessionId,
  noContent,
  requireUserManagerApi,
  userIdParam,
} from "~/http/user/users-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { resetDeviceTokens } from "~/models/user/users-admin.server";

/*
 * A user's deviceTokensHref (spec 002 "reset device tokens"): DELETE revokes every OAuth
 * credential issued to them and ends their sessions but the caller's own.
 */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  await resetDeviceTokens(viewer, userIdParam(params), await currentSessionId(request));
  return noContent();
});
