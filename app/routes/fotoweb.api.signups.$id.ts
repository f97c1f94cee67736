import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  decideSignupAnswer,
  patchSignupAnswer,
  signupAnswer,
} from "~/http/signup/signup-api.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { overriddenMethod } from "~/http/methods";

/*
 * A sign-up's href (decision 036): GET it, PATCH its details, and APPROVE or REJECT it, sent as
 * POST with X-HTTP-Method-Override (or ?method=) because Node refuses unknown methods.
 */

export const allowedMethods = ["GET", "HEAD", "PATCH", "POST"];

export const loader = apiHandler(({ request, params }: LoaderFunctionArgs) =>
  signupAnswer(request, params.id ?? ""),
);

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  const id = params.id ?? "";
  if (request.method === "PATCH") return patchSignupAnswer(request, id);
  const method = request.method === "POST" ? overriddenMethod(request) : undefined;
  if (!method) return methodNotAllowed(args);
  return decideSignupAnswer(request, id, method);
});
