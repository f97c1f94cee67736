import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/http/http.server";
import { revocationResponse } from "~/http/oauth.server";

/* POST /fotoweb/oauth2/revoke: token revocation, RFC 7009 (decision 028). */
export const loader = methodNotAllowed;

export async function action(args: ActionFunctionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return revocationResponse(args.request);
}
