import { Link } from "@remix-run/react";
import type { InvitationRowView } from "~/models/invitation/invitation.view";
import { LINKS } from "~/utils/links";
import { CopyLink } from "./CopyLink";
import * as css from "./invitations.css";
import { useT } from "~/components/locale/locale-context";

/** The wizard's last step for an organization or a link: the link to pass on, and OK. */
export function InviteDone({ invitation }: { invitation: InvitationRowView }) {
  const t = useT();
  const who =
    invitation.type === "organization"
      ? t("people.invite.done.organization", { organization: invitation.organization ?? "" })
      : t("people.invite.done.link");
  return (
    <section className={css.done} aria-labelledby="done-title">
      <h2 id="done-title">{t("people.invite.done.title")}</h2>
      <p>{who}</p>
      {invitation.link ? (
        <CopyLink link={invitation.link} label={t("people.invite.done.linkLabel")} />
      ) : (
        <p>{t("people.invite.done.gone")}</p>
      )}
      <div className={css.actions}>
        <Link to={LINKS.adminInvitations} className={css.link}>
          {t("people.invite.done.ok")}
        </Link>
      </div>
    </section>
  );
}
