import { keyed } from "~/models/locale/keyed";
import { json } from "@remix-run/node";
import { findRedeemableInvitation, redeemInvitation } from "~/models/invitation/invitation.server";
import { redeemSchema } from "~/models/invitation/invitation.schema";
import { LINKS } from "~/utils/links";
import { getViewer, startUserSession } from "../session.server";
import { formReply, readSubmission } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { isOwnAccount } from "~/models/access/access.server";

/*
 * Redeeming an invitation (spec 002, decision 037): a visitor with the link makes an account,
 * joins the invited groups, is signed in and lands on the home page. Every link that cannot be
 * redeemed (unknown, used, revoked, expired) is the same 404.
 */

const NO_STORE = { "Cache-Control": "no-store" };

export async function redeemPageData(request: Request, token: string) {
  const invitation = await findRedeemableInvitation(token);
  const viewer = await getViewer(request);
  return json(
    {
      inviter: invitation.inviter,
      message: invitation.message,
      kind: invitation.kind,
      email: invitation.email,
      organizationDomain: invitation.organizationDomain,
      signedInAs: isOwnAccount(viewer) ? viewer.username : null,
    },
    { headers: NO_STORE },
  );
}

export async function redeemPageAction(request: Request, token: string) {
  // An unusable link is refused before the form is read.
  await findRedeemableInvitation(token);
  const submission = await readSubmission(request, redeemSchema, { json: false });
  if (!submission.ok) return formReply(request, submission);
  const redeemed = await redeemInvitation(token, submission.data);
  if (!redeemed.ok)
    return formReply(request, { fieldErrors: redeemed.fieldErrors, values: submission.values });
  const cookie = await startUserSession(request, redeemed.user.id);
  return redirectWithToast(
    request,
    LINKS.home,
    { message: keyed("people.redeem.welcome", { name: redeemed.user.fullName }) },
    [cookie],
  );
}
