import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import type { MailMessage } from "~/models/mail/mail.server";
import { muted } from "~/styles/global.css";
import * as css from "./outbox.css";
import { TableScroller } from "~/components/ui/TableScroller";
import { useLocale, useT } from "~/components/locale/locale-context";
import { formatDateTime } from "~/models/locale/format";
import type { MessageId } from "~/models/locale/message-id";

const STATUS_LABELS: Record<MailMessage["status"], MessageId> = {
  queued: "settings.outbox.status.queued",
  sent: "settings.outbox.status.sent",
  kept: "settings.outbox.status.kept",
  failed: "settings.outbox.status.failed",
};

/* The kinds of mail Arkiv sends; a kind not listed is shown as its code. */
const KIND_LABELS: Record<string, MessageId> = {
  invitation: "settings.outbox.kind.invitation",
  "album-share": "settings.outbox.kind.albumShare",
  alert: "settings.outbox.kind.alert",
  "password-reset": "settings.outbox.kind.passwordReset",
  "signup-existing-account": "settings.outbox.kind.signupExistingAccount",
  "signup-approved": "settings.outbox.kind.signupApproved",
  "signup-rejected": "settings.outbox.kind.signupRejected",
};

/*
 * The outbox's messages. Bodies are shown as text (React escapes it): a message's HTML part,
 * when one exists, is never rendered here, so no markup in a message reaches this page.
 */
export type OutboxMessage = Omit<MailMessage, "html"> & { hasHtml: boolean };

export function OutboxTable({ messages }: { messages: OutboxMessage[] }) {
  const t = useT();
  const { language, timeZone } = useLocale();
  const kindOf = (kind: string) => (KIND_LABELS[kind] ? t(KIND_LABELS[kind]) : kind);
  return (
    <TableScroller label={t("settings.outbox.messages")}>
      <table className={css.table} aria-label={t("settings.outbox.messages")}>
        <thead>
          <tr>
            <th scope="col">{t("settings.outbox.column.kind")}</th>
            <th scope="col">{t("settings.outbox.column.to")}</th>
            <th scope="col">{t("settings.outbox.column.subject")}</th>
            <th scope="col">{t("settings.outbox.column.status")}</th>
            <th scope="col">{t("settings.outbox.column.time")}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id} data-testid="outbox-message">
              <td>{kindOf(message.kind)}</td>
              <td>{message.to}</td>
              <td>
                {/* A message as it was sent: in its recipient's language, whoever reads the list. */}
                <details>
                  <summary translate="no">{message.subject}</summary>
                  <pre className={css.body} data-testid="outbox-body" translate="no">
                    {message.text}
                  </pre>
                  {message.hasHtml ? <p className={muted}>{t("settings.outbox.hasHtml")}</p> : null}
                </details>
              </td>
              <td>
                <span
                  className={[css.status, message.status === "failed" ? css.failed : ""].join(" ")}
                >
                  {t(STATUS_LABELS[message.status])}
                </span>
                {message.error ? (
                  <p className={muted} translate="no">
                    {message.error}
                  </p>
                ) : null}
                {message.status === "failed" ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={message.id} />
                    <Button type="submit" name="intent" value="resend" variant="secondary">
                      {t("settings.outbox.sendAgain")}
                    </Button>
                  </Form>
                ) : null}
              </td>
              <td>
                <time dateTime={message.sentAt ?? message.createdAt}>
                  {formatDateTime(language, timeZone, message.sentAt ?? message.createdAt)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
