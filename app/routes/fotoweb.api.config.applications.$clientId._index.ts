import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { APPLICATION_TYPE, requireSignedIn } from "~/http/application/application-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { deleteApplication, getApplication } from "~/models/application/application.server";
import { applicationView } from "~/models/application/application.view";

/* An application's href: GET it, DELETE it with every token issued to it (decision 028). */

export const allowedMethods = ["GET", "HEAD", "DELETE"];

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireSignedIn(request);
  const application = await getApplication(viewer, params.clientId ?? "");
  return apiJson(applicationView(application), APPLICATION_TYPE);
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "DELETE") return methodNotAllowed(args);
  const viewer = await requireSignedIn(request);
  await deleteApplication(viewer, params.clientId ?? "");
  return new Response(null, { status: 204 });
});
