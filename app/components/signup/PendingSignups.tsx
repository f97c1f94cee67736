import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import * as table from "~/components/mail/outbox.css";
import type { Signup } from "~/models/signup/signup.server";
import { muted } from "~/styles/global.css";
import { formatSignupDate } from "~/utils/format";
import { LINKS } from "~/utils/links";
import { TableScroller } from "~/components/ui/TableScroller";
import { useLocale } from "~/components/locale/locale-context";

const nameOf = (s: Signup) => `${s.firstName} ${s.lastName}`.trim() || s.username;

/*
 * The pending sign-ups table (spec 002 "Sign-up screens"): info, reject and approve per row, the
 * date as 'DD MMM, HH:mm (YYYY)', an empty text when none. Info and reject open their forms on
 * this page; approve does too when the approver chooses groups, else it decides at once.
 */
export function PendingSignups({
  pending,
  canAssignGroups,
}: {
  pending: Signup[];
  canAssignGroups: boolean;
}) {
  const { language, timeZone } = useLocale();
  if (pending.length === 0)
    return (
      <p className={muted} data-testid="no-signups">
        There are no pending sign-ups.
      </p>
    );
  return (
    <TableScroller label="Pending sign-ups">
      <table className={table.table} aria-label="Pending sign-ups">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">User name</th>
            <th scope="col">Signed up</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {pending.map((signup) => {
            const name = nameOf(signup);
            const at = (param: string) => `${LINKS.adminSignups}?${param}=${signup.id}`;
            return (
              <tr key={signup.id} data-testid="pending-signup">
                <th scope="row">{name}</th>
                <td>{signup.email}</td>
                <td>{signup.username}</td>
                <td>
                  <time dateTime={signup.createdAt}>
                    {formatSignupDate(language, timeZone, signup.createdAt)}
                  </time>
                </td>
                <td>
                  <div className={table.actions}>
                    <Link to={at("details")} aria-label={`Info about ${name}`}>
                      Info
                    </Link>
                    <Link to={at("reject")} aria-label={`Reject ${name}…`}>
                      Reject…
                    </Link>
                    {canAssignGroups ? (
                      <Link to={at("approve")} aria-label={`Approve ${name}…`}>
                        Approve…
                      </Link>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="id" value={signup.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="approve"
                          variant="secondary"
                          aria-label={`Approve ${name}`}
                        >
                          Approve
                        </Button>
                      </Form>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}

export { nameOf };
