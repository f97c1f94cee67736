import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import {
  findQueuedMail,
  recordDelivery,
  recordDeliveryFailure,
  type MailMessage,
  type MailPayload,
} from "~/models/mail/mail.server";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";
import type { Job } from "../queue.server";
import { PermanentJobError, type JobContext } from "../worker.server";

/*
 * The mail job (decision 036): delivers one outbox row. With SMTP_URL through nodemailer; without
 * it into the development outbox, DATA_DIR/outbox/<id>.eml, the message exactly as it would have
 * been sent. A failure is recorded on the row and thrown, so the queue tries again after its
 * backoff; the row is failed only when the last attempt fails. Idempotent: a row already
 * delivered is skipped, and each message carries one Message-ID, so a takeover that sends twice
 * is recognisable as one message by the receiving side.
 */

export const mailPayloadSchema = z.object({
  messageId: z.number().int().positive(),
}) satisfies z.ZodType<MailPayload, z.ZodTypeDef, unknown>;

/** Where the development outbox keeps messages. */
export const outboxDir = () => path.join(env().DATA_DIR, "outbox");

/*
 * nodemailer waits two minutes for a silent server by default; a lease is a minute. Shorter
 * limits make a dead server a quick failed attempt, retried later. The URL's own query wins.
 */
const TIMEOUTS = { connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "30000" };

function smtpTransport(url: string): Transporter {
  return singleton(`smtp:${url}`, () => {
    const withTimeouts = new URL(url);
    for (const [name, value] of Object.entries(TIMEOUTS)) {
      if (!withTimeouts.searchParams.has(name)) withTimeouts.searchParams.set(name, value);
    }
    return nodemailer.createTransport(withTimeouts.toString());
  });
}

const outboxTransport = () =>
  singleton("mailOutbox", () =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );

function envelope(message: MailMessage) {
  const from = env().MAIL_FROM;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: `<arkiv-mail-${message.id}@${domain}>`,
    date: new Date(message.createdAt),
    headers: { "X-Arkiv-Mail-Kind": message.kind },
  };
}

/** Writes the message as an .eml file: a temporary name, then a rename, never a half file. */
async function keepInOutbox(message: MailMessage): Promise<void> {
  const info = (await outboxTransport().sendMail(envelope(message))) as { message: Buffer };
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${message.id}.eml`);
  const temporary = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(temporary, info.message);
  await fs.rename(temporary, target);
}

/** Delivers the message now: "sent" through SMTP, or "kept" in the development outbox. */
export async function deliver(message: MailMessage): Promise<"sent" | "kept"> {
  const url = env().SMTP_URL;
  if (!url) {
    await keepInOutbox(message);
    return "kept";
  }
  await smtpTransport(url).sendMail(envelope(message));
  return "sent";
}

function parsePayload(payload: unknown): MailPayload {
  const parsed = mailPayloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError("The mail job's payload is not valid.");
  return parsed.data;
}

const reason = (error: unknown) =>
  error instanceof Error ? error.message || error.name : String(error);

export async function mail(job: Job, _ctx: JobContext): Promise<unknown> {
  const { messageId } = parsePayload(job.payload);
  const message = await findQueuedMail(messageId);
  // Delivered already (a retry after the write), re-sent under another job, or deleted.
  if (!message) return { messageId, skipped: true };
  try {
    const status = await deliver(message);
    await recordDelivery(messageId, status);
    return { messageId, status };
  } catch (error) {
    await recordDeliveryFailure(messageId, reason(error), job.attempts >= job.maxAttempts);
    throw error;
  }
}

/* The worker vanished on the last attempt: the message is failed, for the owner to re-send. */
mail.abandoned = async (job: Job) => {
  const parsed = mailPayloadSchema.safeParse(job.payload);
  if (!parsed.success) return;
  await recordDeliveryFailure(
    parsed.data.messageId,
    "The worker stopped responding on the last attempt",
    true,
  );
};
