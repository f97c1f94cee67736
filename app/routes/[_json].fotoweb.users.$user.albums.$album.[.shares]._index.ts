import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { sharingAnswer, sharingUpdate } from "~/http/album/album-shares-api.server";
import { overriddenMethod } from "~/http/methods";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { requireViewer } from "~/http/session.server";

/*
 * An album's sharing as JSON (reference "Albums sharing"; decision 055): GET the Sharing, PATCH
 * a SharingUpdate (also as POST with X-HTTP-Method-Override: PATCH for clients that cannot send
 * it). Owner only: a sharee is refused, anyone else gets the missing album's 404.
 */

export const allowedMethods = ["GET", "HEAD", "PATCH", "POST"];

export function loader(args: LoaderFunctionArgs) {
  return apiHandler(async ({ request, params }: LoaderFunctionArgs) =>
    sharingAnswer(request, await requireViewer(request, { allowGuest: false }), params),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  const { request } = args;
  const method = request.method === "POST" ? (overriddenMethod(request) ?? "POST") : request.method;
  if (method !== "PATCH") return methodNotAllowed(args);
  return apiHandler(async ({ request, params }: ActionFunctionArgs) =>
    sharingUpdate(request, await requireViewer(request, { allowGuest: false }), params),
  )(args);
}
