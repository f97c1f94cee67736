import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { noContent, requireUserManagerApi, userIdParam } from "~/http/user/users-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { formReply, readSubmission } from "~/http/submission.server";
import { membershipSchema } from "~/models/user/user-admin.schema";
import { changeMemberships, directGroups } from "~/models/user/users-admin.server";
import { memberGroupView } from "~/models/user/user.view";

/*
 * The groups a user is directly in (reference User_GetUserDirectMemberships and the PUT, POST and
 * DELETE beside it). Everyone and Registered Users hold every account: never listed, never changed.
 */

export const allowedMethods = ["GET", "HEAD", "PUT", "POST", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const groups = await directGroups(viewer, userIdParam(params));
  return apiJson(groups.map(memberGroupView), "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (!["PUT", "POST", "DELETE"].includes(request.method)) return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  const id = userIdParam(params);
  if (request.method === "DELETE") {
    await changeMemberships(viewer, id, { replace: [] });
    return noContent();
  }
  await directGroups(viewer, id);
  const submission = await readSubmission(request, membershipSchema);
  if (!submission.ok) return formReply(request, submission);
  const groups = submission.data.groups;
  await changeMemberships(
    viewer,
    id,
    request.method === "PUT" ? { replace: groups } : { add: groups },
  );
  return noContent();
});
