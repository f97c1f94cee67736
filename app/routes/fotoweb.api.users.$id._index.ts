import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  currentSessionId,
  ifMatchRevision,
  noContent,
  readUserBody,
  requireUserManagerApi,
  userAnswer,
  userIdParam,
} from "~/http/user/users-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import {
  deleteManagedUser,
  getManagedUser,
  updateManagedUser,
} from "~/models/user/users-admin.server";

/*
 * One user (reference User_GetUserById, User_UpdateUser, User_DeleteUser): GET, PUT the whole
 * record, PATCH only the changed fields (the spec's editor), DELETE. A revision in the body or in
 * If-Match that is not the stored one is a 409: someone saved in between.
 */

export const allowedMethods = ["GET", "HEAD", "PUT", "PATCH", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  return userAnswer(await getManagedUser(viewer, userIdParam(params)));
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (!["PUT", "PATCH", "DELETE"].includes(request.method)) return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  const id = userIdParam(params);
  if (request.method === "DELETE") {
    await deleteManagedUser(viewer, id);
    return noContent();
  }
  // Known first: a body sent to a user that does not exist is a 404, not a 400.
  await getManagedUser(viewer, id);
  const body = await readUserBody(request, request.method === "PUT" ? "replace" : "patch");
  if (!body.ok) return body.response;
  await updateManagedUser(viewer, id, body.changes, {
    revision: body.revision ?? ifMatchRevision(request),
    keepSessionId: await currentSessionId(request),
  });
  return noContent();
});
