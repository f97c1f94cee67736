import { db, now } from "~/db/connection.server";

/** A message as the features that send mail write it; delivery is the mail job's business. */
export interface OutgoingMail {
  /** What the message is for: invitation, signup-approved, signup-rejected, password-reset, ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/*
 * Mail is written to the outbox table first, in the caller's request, and delivered later
 * (issue 15: a mail server that is down delays mail, it never fails the request or loses the
 * message). The outbox row is the message: delivery reads it from there.
 */
export async function queueMail(mail: OutgoingMail): Promise<{ id: number }> {
  return db()
    .insertInto("mail_messages")
    .values({
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      created_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}
