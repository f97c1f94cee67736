import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { invitationsJson } from "~/http/invitation/invitation-api.server";
import { requireInviterApi } from "~/http/invitation/invitation-page.server";
import { apiError, apiHandler, methodNotAllowed } from "~/http/http.server";
import { getInvitation, revokeInvitation } from "~/models/invitation/invitation.server";
import { invitationView } from "~/models/invitation/invitation.view";

/*
 * An invitation's admin href: GET it; REVOKE it (spec 002 section 7). Node's HTTP parser knows no
 * REVOKE method, so the request arrives as POST, with `X-HTTP-Method-Override: REVOKE` or without
 * (decision 037); the body is empty and ignored.
 */

const idOf = (param: string | undefined) => (/^\d{1,10}$/.test(param ?? "") ? Number(param) : -1);

export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const viewer = await requireInviterApi(request);
  return invitationsJson(request, invitationView(await getInvitation(viewer, idOf(params.id))));
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request, params } = args;
  if (request.method !== "POST" && request.method !== "REVOKE") return methodNotAllowed(args);
  const viewer = await requireInviterApi(request);
  const override = request.headers.get("x-http-method-override");
  if (override !== null && override.trim().toUpperCase() !== "REVOKE")
    return apiError(request, 400, "An invitation answers REVOKE only; send no other override.");
  await revokeInvitation(viewer, idOf(params.id));
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
