import type { ActionFunctionArgs } from "@remix-run/node";
import {
  currentSessionId,
  noContent,
  requireUserManagerApi,
  userIdParam,
} from "~/http/user/users-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { updateManagedUser } from "~/models/user/users-admin.server";

/* DELETE a user's password (reference User_DeleteUserPassword): they then sign in by SSO or a reset. */

export const allowedMethods = ["DELETE"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  await updateManagedUser(
    viewer,
    userIdParam(params),
    { deletePassword: true },
    { keepSessionId: await currentSessionId(request) },
  );
  return noContent();
});
