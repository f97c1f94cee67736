import type { ActionFunctionArgs } from "@remix-run/node";
import { noContent, requireUserManagerApi } from "~/http/actions/users-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { formReply, readSubmission } from "~/http/submission.server";
import { siteOwnerSchema } from "~/models/user/user-admin.schema";
import { setSiteOwner } from "~/models/user/users-admin.server";

/*
 * PUT {user: href} hands the site to another person (spec 002 section 7); only the site owner
 * may, and loses ownership in the same transaction.
 */

export const allowedMethods = ["PUT"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "PUT") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  const submission = await readSubmission(request, siteOwnerSchema);
  if (!submission.ok) return formReply(request, submission);
  await setSiteOwner(viewer, submission.data.user);
  return noContent();
});
