import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  APPLICATION_TYPE,
  registerApplication,
  requireSignedIn,
} from "~/http/application/application-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { decided, siteDecision } from "~/models/access/access.server";
import { listApplications } from "~/models/application/application.server";
import { applicationView } from "~/models/application/application.view";

/* /fotoweb/api/config/applications: the registered programs (decision 028), administrators only. */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await requireSignedIn(request);
  const applications = await listApplications(viewer);
  return apiJson({ data: applications.map(applicationView) }, APPLICATION_TYPE);
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  const viewer = decided(await siteDecision(await requireSignedIn(request), "ManageApplications"));
  return registerApplication(request, viewer);
});
