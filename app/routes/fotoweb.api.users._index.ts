import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  noContent,
  readUserBody,
  requireUserManagerApi,
  USER_LIST_TYPE,
  USER_TYPE,
  userAnswer,
  wantsUserList,
} from "~/http/user/users-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { formReply, readSubmission } from "~/http/submission.server";
import {
  bulkDeleteSchema,
  bulkEditSchema,
  userListQuerySchema,
} from "~/models/user/user-admin.schema";
import {
  allUsers,
  bulkDeleteUsers,
  bulkEditUsers,
  createManagedUser,
  listUsers,
} from "~/models/user/users-admin.server";
import { userListView } from "~/models/user/user.view";
import { userApiView } from "~/models/user/user.view";

/*
 * /fotoweb/api/users (decision 034): GET every user (the reference's array) or, asked for the
 * spec's user-list type, one page {count, data, paging}; POST creates with the new-user defaults;
 * PATCH {data, users} and DELETE {users} act on several, skipping those the flags do not open.
 */

export const allowedMethods = ["GET", "HEAD", "POST", "PATCH", "DELETE"];

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const url = new URL(request.url);
  const query = userListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const headers = { "Cache-Control": "no-store" };
  if (wantsUserList(request))
    return apiJson(userListView(await listUsers(viewer, query)), USER_LIST_TYPE, { headers });
  const users = await allUsers(viewer, query);
  return apiJson(
    users.map((u) => userApiView(u.record, u.actions)),
    USER_TYPE,
    { headers },
  );
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (!["POST", "PATCH", "DELETE"].includes(request.method)) return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  if (request.method === "POST") {
    const body = await readUserBody(request, "create");
    if (!body.ok) return body.response;
    const created = await createManagedUser(viewer, body.changes);
    return userAnswer(created, {
      headers: { Location: `/fotoweb/api/users/${created.record.id}` },
    });
  }
  if (request.method === "PATCH") {
    const submission = await readSubmission(request, bulkEditSchema);
    if (!submission.ok) return formReply(request, submission);
    await bulkEditUsers(viewer, submission.data.userIds, submission.data.changes);
    return noContent();
  }
  const submission = await readSubmission(request, bulkDeleteSchema);
  if (!submission.ok) return formReply(request, submission);
  await bulkDeleteUsers(viewer, submission.data.users);
  return noContent();
});
