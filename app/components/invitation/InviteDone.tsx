import { Link } from "@remix-run/react";
import type { InvitationRowView } from "~/models/invitation/invitation.view";
import { LINKS } from "~/utils/links";
import { CopyLink } from "./CopyLink";
import * as css from "./invitations.css";

/** The wizard's last step for an organization or a link: the link to pass on, and OK. */
export function InviteDone({ invitation }: { invitation: InvitationRowView }) {
  const who =
    invitation.type === "organization"
      ? `Anyone with an e-mail address at ${invitation.organization} can make an account with this link.`
      : "Anyone with this link can make an account.";
  return (
    <section className={css.done} aria-labelledby="done-title">
      <h2 id="done-title">The invitation is ready</h2>
      <p>{who} Send it to the people you invite.</p>
      {invitation.link ? (
        <CopyLink link={invitation.link} label="The invitation link" />
      ) : (
        <p>The link can no longer be shown.</p>
      )}
      <div className={css.actions}>
        <Link to={LINKS.adminInvitations} className={css.link}>
          OK
        </Link>
      </div>
    </section>
  );
}
