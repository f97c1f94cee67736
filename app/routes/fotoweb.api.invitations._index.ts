import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createInvitationsFromApi, invitationsJson } from "~/http/invitation/invitation-api.server";
import { requireInviterApi } from "~/http/invitation/invitation-page.server";
import { apiHandler, methodNotAllowed } from "~/http/http.server";
import { listInvitations } from "~/models/invitation/invitation.server";
import { invitationView } from "~/models/invitation/invitation.view";
import { LINKS } from "~/utils/links";
import { onePage } from "~/utils/paging";

/* /fotoweb/api/invitations/: the invitations not revoked (GET) and new ones (POST), spec 002. */

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await requireInviterApi(request);
  const invitations = await listInvitations(viewer);
  return invitationsJson(request, {
    data: invitations.map(invitationView),
    paging: onePage(LINKS.apiInvitations),
  });
});

export const action = apiHandler(async (args: ActionFunctionArgs) => {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed(args);
  return createInvitationsFromApi(request, await requireInviterApi(request));
});
