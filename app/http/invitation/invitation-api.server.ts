import { createInvitations } from "~/models/invitation/invitation.server";
import { invitationRequestSchema } from "~/models/invitation/invitation.schema";
import { apiJson } from "../http.server";
import { acceptsType } from "../negotiate";
import { formReply, readSubmission } from "../submission.server";
import { publicOrigin } from "../origin.server";
import type { Viewer } from "~/models/user/user.schema";

/*
 * The invitations API (spec 002 section 7; the reference has no invitation operations, so the
 * spec's calls are the API): POST creates, GET lists, REVOKE (sent as POST, see decision 037) on
 * an invitation's admin href revokes.
 */

export const INVITATIONS_TYPE = "application/vnd.fotoware.invitations+json";

/** The spec's "invitations type" when the client names it, else plain JSON. */
export function invitationsJson(request: Request, data: unknown, init: ResponseInit = {}) {
  const type = acceptsType(request, INVITATIONS_TYPE) ? INVITATIONS_TYPE : "application/json";
  return apiJson(data, type, {
    ...init,
    headers: { "Cache-Control": "no-store", ...(init.headers ?? {}) },
  });
}

/** The 400 the spec's client shows as "data validation failed". */
export const DATA_VALIDATION_FAILED = "Data validation failed.";

/** POST: {totalInvitationsCreated} for e-mail invitations, {invitationLink} for the others. */
export async function createInvitationsFromApi(request: Request, viewer: Viewer) {
  const submission = await readSubmission(request, invitationRequestSchema);
  if (!submission.ok)
    return formReply(request, { ...submission, formError: DATA_VALIDATION_FAILED });
  const created = await createInvitations(viewer, submission.data, publicOrigin(request));
  if (!created.ok)
    return formReply(request, {
      fieldErrors: created.fieldErrors,
      formError: DATA_VALIDATION_FAILED,
      values: submission.values,
    });
  const body =
    created.kind === "user"
      ? { totalInvitationsCreated: created.invitations.length }
      : {
          invitationLink: new URL(created.invitations[0]!.linkPath, publicOrigin(request)).href,
        };
  return invitationsJson(request, body, { status: 201 });
}
