import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import * as table from "~/components/mail/outbox.css";
import type { Signup } from "~/models/signup/signup.server";
import { muted } from "~/styles/global.css";
import { formatSignupDate } from "~/utils/format";
import { LINKS } from "~/utils/links";
import { TableScroller } from "~/components/ui/TableScroller";
import { useLocale, useT } from "~/components/locale/locale-context";

/** The query parameter that opens each decision's form on this page. */
const DETAILS = "details";
const REJECT = "reject";
const APPROVE = "approve";

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
  const t = useT();
  if (pending.length === 0)
    return (
      <p className={muted} data-testid="no-signups">
        {t("people.signups.none")}
      </p>
    );
  return (
    <TableScroller label={t("people.signups.meta.title")}>
      <table className={table.table} aria-label={t("people.signups.meta.title")}>
        <thead>
          <tr>
            <th scope="col">{t("people.signups.name")}</th>
            <th scope="col">{t("people.user.field.email")}</th>
            <th scope="col">{t("people.signup.field.username")}</th>
            <th scope="col">{t("people.signups.signedUp")}</th>
            <th scope="col">{t("people.signups.actions")}</th>
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
                    <Link to={at(DETAILS)} aria-label={t("people.signups.infoAbout", { name })}>
                      {t("people.signups.info")}
                    </Link>
                    <Link to={at(REJECT)} aria-label={t("people.signups.rejectName", { name })}>
                      {t("people.signups.reject")}
                    </Link>
                    {canAssignGroups ? (
                      <Link
                        to={at(APPROVE)}
                        aria-label={t("people.signups.approveNameOpen", { name })}
                      >
                        {t("people.signups.approveOpen")}
                      </Link>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="id" value={signup.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="approve"
                          variant="secondary"
                          aria-label={t("people.signups.approveName", { name })}
                        >
                          {t("people.signups.approve")}
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
