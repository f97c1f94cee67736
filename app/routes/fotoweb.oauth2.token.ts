import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/http/http.server";
import { tokenResponse } from "~/http/oauth.server";

/* POST /fotoweb/oauth2/token: OAuth2's token endpoint (decision 028). */
export const loader = methodNotAllowed;

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return tokenResponse(args.request);
}
