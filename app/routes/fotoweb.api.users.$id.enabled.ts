import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { noContent, requireUserManagerApi, userIdParam } from "~/http/user/users-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { formReply, readSubmission } from "~/http/submission.server";
import { enabledSchema } from "~/models/user/user-admin.schema";
import { getManagedUser, updateManagedUser } from "~/models/user/users-admin.server";

/* GET {value} and PUT {value} (reference User_SetUserEnabled): enable or disable sign-in. */

export const allowedMethods = ["GET", "HEAD", "PUT"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireUserManagerApi(request);
  const { record } = await getManagedUser(viewer, userIdParam(params));
  return apiJson({ value: record.isEnabled }, "application/json", {
    headers: { "Cache-Control": "no-store" },
  });
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "PUT") return methodNotAllowed(args);
  const viewer = await requireUserManagerApi(request);
  const id = userIdParam(params);
  await getManagedUser(viewer, id);
  const submission = await readSubmission(request, enabledSchema);
  if (!submission.ok) return formReply(request, submission);
  await updateManagedUser(viewer, id, { isEnabled: submission.data.value });
  return noContent();
});
