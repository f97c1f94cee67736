import { useLocale } from "~/components/locale/locale-context";
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

const TYPE_LABELS = { user: "User", organization: "Organization", link: "Link" } as const;
const STATE_LABELS = { active: "", used: " (used)", expired: " (expired)" } as const;

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
  const { language, timeZone } = useLocale();
  const dateOf = (iso: string) => formatDate(language, timeZone, iso);
  if (invitations.length === 0)
    return (
      <p className={muted} data-testid="invitations-empty">
        No invitations yet. <Link to={LINKS.adminInvite}>Invite people</Link> to add some.
      </p>
    );
  return (
    <TableScroller label="Invitations">
      <table className={css.table} aria-label="Invitations">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Issued to</th>
            <th scope="col">Sign-up link</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span>Revoke</span>
            </th>
          </tr>
        </thead>
        {invitations.map((invitation) => (
          <tbody key={invitation.id} data-testid="invitation-row">
            <tr>
              <td>
                <span className={css.typeCell}>
                  <TypeIcon type={invitation.type} />
                  {TYPE_LABELS[invitation.type]}
                </span>
              </td>
              <td>
                {invitation.issuedTo}
                {STATE_LABELS[invitation.state]}
              </td>
              <td>
                {invitation.link ? (
                  <CopyLink
                    link={invitation.link}
                    label={`Sign-up link for ${invitation.issuedTo}`}
                  />
                ) : (
                  <span className={muted}>Not retrievable</span>
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
                    aria-label={`Revoke the invitation to ${invitation.issuedTo}…`}
                  >
                    Revoke…
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
                    aria-label={`Revoke ${invitation.issuedTo}`}
                  >
                    <p role="alert">
                      {`Revoke the invitation to ${invitation.issuedTo}? Its link stops working at once.`}
                    </p>
                    <input type="hidden" name="id" value={invitation.id} />
                    <div className={css.actions}>
                      <Button type="submit" name="intent" value="revoke">
                        Revoke invitation
                      </Button>
                      <Link to={LINKS.adminInvitations} className={css.link}>
                        Cancel
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
                    {`Details of the invitation to ${invitation.issuedTo}`}
                  </summary>
                  <dl className={css.facts}>
                    <dt>Description</dt>
                    <dd>{invitation.description || "none"}</dd>
                    <dt>Expires</dt>
                    <dd>{invitation.expires ? dateOf(invitation.expires) : "never"}</dd>
                  </dl>
                  <table
                    className={css.table}
                    aria-label={`Groups of the invitation to ${invitation.issuedTo}`}
                  >
                    <thead>
                      <tr>
                        <th scope="col">User groups</th>
                      </tr>
                    </thead>
                    <tbody>
                      {invitation.groupNames.length === 0 ? (
                        <tr>
                          <td className={muted}>Registered Users only</td>
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
                    aria-label={`People who used the invitation to ${invitation.issuedTo}`}
                  >
                    <thead>
                      <tr>
                        <th scope="col">Id</th>
                        <th scope="col">Name</th>
                        <th scope="col">User name</th>
                      </tr>
                    </thead>
                    <tbody>
                      {invitation.redeemedBy.length === 0 ? (
                        <tr>
                          <td colSpan={3} className={muted}>
                            Nobody has used it yet
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
        ))}
      </table>
    </TableScroller>
  );
}
