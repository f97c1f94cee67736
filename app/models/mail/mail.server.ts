import type { Kysely } from "kysely";
import { db, now } from "~/db/connection.server";
import type { Database, MailMessageRow, MailStatus } from "~/db/schema";
import { enqueue } from "~/jobs/queue.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";

/** A message as the features that send mail write it; delivery is the mail job's business. */
export interface OutgoingMail {
  /** What the message is for: invitation, signup-approved, signup-rejected, password-reset, ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The job that delivers one outbox row (app/jobs/handlers/mail.server.ts). */
export const MAIL_JOB = "mail";

/*
 * With the worker's backoff (30 s doubling, capped at an hour) eight attempts span about an hour
 * and a quarter: a mail server restarted or briefly unreachable loses nothing, and one that stays
 * down leaves the message failed, where the site owner sees it and sends it again.
 */
export const MAIL_MAX_ATTEMPTS = 8;

export interface MailPayload {
  messageId: number;
}

type Executor = Kysely<Database>;

/*
 * Mail is written to the outbox table first, in the caller's request (and its transaction when
 * given), with the job that delivers it (issue 15: a mail server that is down delays mail, it
 * never fails the request or loses the message). The outbox row is the message: delivery reads
 * it from there.
 */
export async function queueMail(mail: OutgoingMail, executor?: Executor): Promise<{ id: number }> {
  const write = async (trx: Executor) => {
    const { id } = await trx
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
    await enqueue<MailPayload>(
      MAIL_JOB,
      { messageId: Number(id) },
      { executor: trx, maxAttempts: MAIL_MAX_ATTEMPTS },
    );
    return { id: Number(id) };
  };
  return executor ? write(executor) : db().transaction().execute(write);
}

export interface MailMessage {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: MailStatus;
  attempts: number;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

function toMessage(row: MailMessageRow): MailMessage {
  return {
    id: Number(row.id),
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status,
    attempts: Number(row.attempts),
    error: row.error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** The message while it still waits for delivery; null once delivered, failed or gone. */
export async function findQueuedMail(id: number): Promise<MailMessage | null> {
  const row = await db()
    .selectFrom("mail_messages")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}

/** Delivered: sent through SMTP, or kept in the development outbox. */
export async function recordDelivery(id: number, status: "sent" | "kept"): Promise<void> {
  await db()
    .updateTable("mail_messages")
    .set((eb) => ({
      status,
      sent_at: now(),
      error: null,
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "=", id)
    .where("status", "=", "queued")
    .execute();
}

/** A delivery attempt failed; on the last one the message is failed, else it stays queued. */
export async function recordDeliveryFailure(
  id: number,
  error: string,
  final: boolean,
): Promise<void> {
  await db()
    .updateTable("mail_messages")
    .set((eb) => ({
      status: final ? "failed" : "queued",
      error: error.slice(0, 2000),
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "=", id)
    .where("status", "=", "queued")
    .execute();
}

export const OUTBOX_PAGE_SIZE = 50;

/** The outbox, newest first, a page at a time; `more` when older messages follow. */
export async function listMail(page = 1): Promise<{ messages: MailMessage[]; more: boolean }> {
  const rows = await db()
    .selectFrom("mail_messages")
    .selectAll()
    .orderBy("id", "desc")
    .limit(OUTBOX_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * OUTBOX_PAGE_SIZE)
    .execute();
  return {
    messages: rows.slice(0, OUTBOX_PAGE_SIZE).map(toMessage),
    more: rows.length > OUTBOX_PAGE_SIZE,
  };
}

export const NO_FAILED_MESSAGE = keyed("mail.refusal.noFailedMessage");

/** A failed message goes back in the queue with a fresh run of attempts. */
export async function resendMail(id: number): Promise<MailMessage> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .updateTable("mail_messages")
        .set({ status: "queued", error: null })
        .where("id", "=", id)
        .where("status", "=", "failed")
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new Problem("not-found", NO_FAILED_MESSAGE);
      await enqueue<MailPayload>(
        MAIL_JOB,
        { messageId: id },
        { executor: trx, maxAttempts: MAIL_MAX_ATTEMPTS },
      );
      return toMessage(row);
    });
}
