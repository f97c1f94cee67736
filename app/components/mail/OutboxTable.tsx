import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import type { MailMessage } from "~/models/mail/mail.server";
import { muted } from "~/styles/global.css";
import * as css from "./outbox.css";
import { TableScroller } from "~/components/ui/TableScroller";

const STATUS_LABELS: Record<MailMessage["status"], string> = {
  queued: "Queued",
  sent: "Sent",
  kept: "Kept in the outbox",
  failed: "Failed",
};

/*
 * The outbox's messages. Bodies are shown as text (React escapes it): a message's HTML part,
 * when one exists, is never rendered here, so no markup in a message reaches this page.
 */
export type OutboxMessage = Omit<MailMessage, "html"> & { hasHtml: boolean };

export function OutboxTable({ messages }: { messages: OutboxMessage[] }) {
  return (
    <TableScroller label="Messages">
      <table className={css.table} aria-label="Messages">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">To</th>
            <th scope="col">Subject and message</th>
            <th scope="col">Status</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id} data-testid="outbox-message">
              <td>{message.kind}</td>
              <td>{message.to}</td>
              <td>
                <details>
                  <summary>{message.subject}</summary>
                  <pre className={css.body} data-testid="outbox-body">
                    {message.text}
                  </pre>
                  {message.hasHtml ? (
                    <p className={muted}>The message also has an HTML part; its text is shown.</p>
                  ) : null}
                </details>
              </td>
              <td>
                <span
                  className={[css.status, message.status === "failed" ? css.failed : ""].join(" ")}
                >
                  {STATUS_LABELS[message.status]}
                </span>
                {message.error ? <p className={muted}>{message.error}</p> : null}
                {message.status === "failed" ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={message.id} />
                    <Button type="submit" name="intent" value="resend" variant="secondary">
                      Send again
                    </Button>
                  </Form>
                ) : null}
              </td>
              <td>
                <time dateTime={message.sentAt ?? message.createdAt}>
                  {(message.sentAt ?? message.createdAt).replace("T", " ").slice(0, 16)} UTC
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
