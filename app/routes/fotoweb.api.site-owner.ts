import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { noContent, requireUserManagerApi, userAnswer } from "~/http/user/users-api.server";
import { apiHandler, HttpError, methodNotAllowed } from "~/http/http.server";
import { formReply, readSubmission } from "~/http/submission.server";
import { siteOwnerSchema } from "~/models/user/user-admin.schema";
import { getManagedUser, setSiteOwner } from "~/models/user/users-admin.server";
import { siteOwnerId } from "~/models/user/user.server";

/*
 * The descriptor's userManagement.siteOwner: GET answers the site owner as a User; PUT {user:
 * href} hands the site to another person (spec 002 section 7); only the site owner may, and
 * loses ownership in the same transaction.
 */

export const allowedMethods = ["GET", "HEAD", "PUT"];

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const id = await siteOwnerId();
  if (id === undefined) throw new HttpError(404, "The site has no owner yet.");
  return userAnswer(await getManagedUser(viewer, id));
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "PUT") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  const submission = await readSubmission(request, siteOwnerSchema);
  if (!submission.ok) return formReply(request, submission);
  await setSiteOwner(viewer, submission.data.user);
  return noContent();
});
