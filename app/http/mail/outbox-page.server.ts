import { json } from "@remix-run/node";
import { z } from "zod";
import { listMail, resendMail } from "~/models/mail/mail.server";
import { keyed } from "~/models/locale/keyed";
import { LINKS } from "~/utils/links";
import { formReply, readSubmission } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { requireSiteSettingsPermission } from "../site-permission.server";

/*
 * The outbox page (decision 036): every message Arkiv queued, for the site owner (manageSettings),
 * so a newcomer without SMTP sees what would have been sent, and a failed one can be sent again.
 */

const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function outboxPageData(request: Request) {
  await requireSiteSettingsPermission(request);
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const { messages, more } = await listMail(page);
  // The HTML part never reaches the page, not even as data: the text part is what is shown.
  const shown = messages.map(({ html, ...message }) => ({ ...message, hasHtml: html !== null }));
  return json({ messages: shown, page, more }, { headers: { "Cache-Control": "no-store" } });
}

const resendSchema = z.object({
  intent: z.literal("resend", { message: keyed("settings.outbox.validation.intent") }),
  id: z.coerce
    .number({ message: keyed("settings.outbox.validation.message") })
    .int()
    .positive(keyed("settings.outbox.validation.message")),
});

export async function outboxPageAction(request: Request) {
  await requireSiteSettingsPermission(request);
  const submission = await readSubmission(request, resendSchema, { json: false });
  if (!submission.ok) return formReply(request, submission);
  const message = await resendMail(submission.data.id);
  return redirectWithToast(request, LINKS.adminOutbox, {
    message: keyed("settings.outbox.queuedAgain", { id: message.id, to: message.to }),
  });
}
