import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { endSession, requireViewer } from "~/http/session.server";

/*
 * The descriptor's services.logout: a program ends its session with POST (the browser's page is
 * /fotoweb/views/logout). 204: nothing is left to describe.
 */
export const allowedMethods = ["POST"];

export const loader = methodNotAllowed;

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  await requireViewer(request);
  const cookie = await endSession(request);
  return new Response(null, {
    status: 204,
    headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" },
  });
});
