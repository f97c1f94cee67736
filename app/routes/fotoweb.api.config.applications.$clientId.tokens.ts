import type { ActionFunctionArgs } from "@remix-run/node";
import { APPLICATION_TYPE, requireSignedIn } from "~/http/application/application-api.server";
import { apiHandler, apiJson, methodNotAllowed } from "~/http/http.server";
import { issueApiToken } from "~/models/application/application.server";
import { API_TOKEN_HEADER } from "~/http/session.server";

/* POST an application's href + "tokens": a new API token, answered this once (decision 028). */

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  const viewer = await requireSignedIn(request);
  const token = await issueApiToken(viewer, params.clientId ?? "");
  return apiJson({ token, header: API_TOKEN_HEADER }, APPLICATION_TYPE, {
    status: 201,
    headers: { "Cache-Control": "no-store" },
  });
});
