import { useLocale, useT, type Translate } from "~/components/locale/locale-context";
import { formatDate } from "~/models/locale/format";
import { Form, Link } from "@remix-run/react";
import type { InvitationRowView } from "~/models/invitation/invitation.view";
import { Button } from "~/components/ui/Button";
import { muted } from "~/styles/global.css";
import { LINKS } from "~/utils/links";
import { CopyLink } from "./CopyLink";
import { TypeIcon } from "./TypeIcon";
import * as css from "./invitations.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { Msg } from "~/components/locale/Msg";

/** Whom an invitation is for, as the grid names it. */
function issuedToOf(t: Translate, invitation: InvitationRowView) {
  if (invitation.type === "user") return invitation.email ?? "";
  if (invitation.type === "organization")
    return t("people.invitations.anyoneAt", { domain: invitation.organization ?? "" });
  return t("people.invitations.anyoneWithLink");
}

const TYPE_LABELS = {
  user: "people.invitations.type.user",
  organization: "people.invitations.type.organization",
  link: "people.invitations.type.link",
} as const;

/*
 * The invitations manager's grid (spec 002): type, issued to, the link to copy, created, revoke;
 * below each row a native disclosure with the description, the groups and who redeemed it, which
 * opens with JavaScript off too (decision 004). Revoking asks first, on the same page.
 */
export function InvitationGrid({
  invitations,
  confirmRevoke,
}: {
  invitations: InvitationRowView[];
  confirmRevoke: number | null;
}) {
  const t = useT();
  const { language, timeZone } = useLocale();
  const dateOf = (iso: string) => formatDate(language, timeZone, iso);
  if (invitations.length === 0)
    return (
      <p className={muted} data-testid="invitations-empty">
        <Msg id="people.invitations.empty" components={{ 0: <Link to={LINKS.adminInvite} /> }} />
      </p>
    );
  return (
    <TableScroller label={t("people.invitations.list")}>
      <table className={css.table} aria-label={t("people.invitations.list")}>
        <thead>
          <tr>
            <th scope="col">{t("people.invitations.column.type")}</th>
            <th scope="col">{t("people.invitations.column.issuedTo")}</th>
            <th scope="col">{t("people.invitations.column.link")}</th>
            <th scope="col">{t("people.invitations.column.created")}</th>
            <th scope="col">
              <span>{t("people.invitations.column.revoke")}</span>
            </th>
          </tr>
        </thead>
        {invitations.map((invitation) => {
          const issuedTo = issuedToOf(t, invitation);
          return (
            <tbody key={invitation.id} data-testid="invitation-row">
              <tr>
                <td>
                  <span className={css.typeCell}>
                    <TypeIcon type={invitation.type} />
                    {t(TYPE_LABELS[invitation.type])}
                  </span>
                </td>
                <td>
                  {invitation.state === "used"
                    ? t("people.invitations.state.used", { issuedTo: issuedTo })
                    : invitation.state === "expired"
                      ? t("people.invitations.state.expired", { issuedTo: issuedTo })
                      : issuedTo}
                </td>
                <td>
                  {invitation.link ? (
                    <CopyLink
                      link={invitation.link}
                      label={t("people.invitations.linkFor", { issuedTo: issuedTo })}
                    />
                  ) : (
                    <span className={muted}>{t("people.invitations.notRetrievable")}</span>
                  )}
                </td>
                <td>
                  <time dateTime={invitation.created}>{dateOf(invitation.created)}</time>
                </td>
                <td>
                  {confirmRevoke === invitation.id ? null : (
                    <Link
                      to={`${LINKS.adminInvitations}?revoke=${invitation.id}`}
                      className={css.link}
                      aria-label={t("people.invitations.revokeLabel", {
                        issuedTo: issuedTo,
                      })}
                    >
                      {t("people.invitations.revokeLink")}
                    </Link>
                  )}
                </td>
              </tr>
              {confirmRevoke === invitation.id ? (
                <tr>
                  <td colSpan={5}>
                    <Form
                      method="post"
                      className={css.confirm}
                      aria-label={t("people.invitations.revokeForm", {
                        issuedTo: issuedTo,
                      })}
                    >
                      <p role="alert">
                        {t("people.invitations.revokeQuestion", { issuedTo: issuedTo })}
                      </p>
                      <input type="hidden" name="id" value={invitation.id} />
                      <div className={css.actions}>
                        <Button type="submit" name="intent" value="revoke">
                          {t("people.invitations.revokeConfirm")}
                        </Button>
                        <Link to={LINKS.adminInvitations} className={css.link}>
                          {t("people.invitations.cancel")}
                        </Link>
                      </div>
                    </Form>
                  </td>
                </tr>
              ) : null}
              <tr className={css.detailRow}>
                <td colSpan={5}>
                  <details className={css.details}>
                    <summary className={css.summary}>
                      {t("people.invitations.details", { issuedTo: issuedTo })}
                    </summary>
                    <dl className={css.facts}>
                      <dt>{t("people.invitations.description")}</dt>
                      <dd>{invitation.description || t("people.invitations.none")}</dd>
                      <dt>{t("people.invitations.expires")}</dt>
                      <dd>
                        {invitation.expires
                          ? dateOf(invitation.expires)
                          : t("people.invitations.never")}
                      </dd>
                    </dl>
                    <table
                      className={css.table}
                      aria-label={t("people.invitations.groupsOf", { issuedTo: issuedTo })}
                    >
                      <thead>
                        <tr>
                          <th scope="col">{t("people.invitations.userGroups")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {invitation.groupNames.length === 0 ? (
                          <tr>
                            <td className={muted}>{t("people.invitations.registeredOnly")}</td>
                          </tr>
                        ) : (
                          invitation.groupNames.map((name) => (
                            <tr key={name}>
                              <td>{name}</td>
                            </tr>
                          ))
                        )}
                      </tbody>
                    </table>
                    <table
                      className={css.table}
                      aria-label={t("people.invitations.usedBy", { issuedTo: issuedTo })}
                    >
                      <thead>
                        <tr>
                          <th scope="col">{t("people.invitations.column.id")}</th>
                          <th scope="col">{t("people.invitations.column.name")}</th>
                          <th scope="col">{t("people.invitations.column.userName")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {invitation.redeemedBy.length === 0 ? (
                          <tr>
                            <td colSpan={3} className={muted}>
                              {t("people.invitations.nobody")}
                            </td>
                          </tr>
                        ) : (
                          invitation.redeemedBy.map((user) => (
                            <tr key={user.id}>
                              <td>{user.id}</td>
                              <td>{user.name}</td>
                              <td>{user.username}</td>
                            </tr>
                          ))
                        )}
                      </tbody>
                    </table>
                  </details>
                </td>
              </tr>
            </tbody>
          );
        })}
      </table>
    </TableScroller>
  );
}
