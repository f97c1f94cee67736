import { json } from "@remix-run/node";
import { forgotPasswordSchema, resetPasswordSchema } from "~/models/auth/auth.schema";
import {
  checkResetLink,
  findResettableAccounts,
  issuePasswordReset,
  resetPassword,
  type ResetLinkState,
} from "~/models/auth/password-reset.server";
import type { MessageId } from "~/models/locale/message-id";
import { getSiteSettings } from "~/models/site/site.server";
import { LINKS } from "~/utils/links";
import { HttpError } from "../http.server";
import { publicOrigin } from "../origin.server";
import { countResetRequest } from "../rate-limit.server";
import { translatorFor } from "../locale/locale.server";
import { startUserSession } from "../session.server";
import { formReply, readSubmission } from "../submission.server";
import { redirectWithToast } from "../toast.server";

/*
 * The forgotten-password pages (decision 036). The request always gets the same answer, whether
 * an account matched or not; the link's page refuses an unknown, used or expired link clearly.
 */

export const FORGOT_SENT_PATH = `${LINKS.forgotPassword}?sent=1`;

export async function requestResetLink(request: Request) {
  const submission = await readSubmission(request, forgotPasswordSchema, { json: false });
  if (!submission.ok) return formReply(request, submission);
  const accounts = await findResettableAccounts(submission.data.identifier);
  const { siteName } = await getSiteSettings();
  const linkBase = publicOrigin(request) + LINKS.resetPassword;
  for (const account of accounts) {
    if (await countResetRequest(account.id)) {
      await issuePasswordReset(account, { linkBase, siteName });
    }
  }
  const t = await translatorFor(request);
  return redirectWithToast(request, FORGOT_SENT_PATH, {
    kind: "info",
    message: t("auth.toast.linkOnItsWay"),
  });
}

type Refusal = Exclude<ResetLinkState, { ok: true }>;

export const RESET_LINK_MESSAGES = {
  unknown: "auth.reset.refused.unknown",
  used: "auth.reset.refused.used",
  expired: "auth.reset.refused.expired",
} as const satisfies Record<Refusal["reason"], MessageId>;

/** The link's page refuses it in the person's language (its error boundary shows the words). */
async function refuse(request: Request, state: Refusal): Promise<never> {
  const t = await translatorFor(request);
  const status = state.reason === "unknown" ? 404 : 410;
  throw new HttpError(status, t(RESET_LINK_MESSAGES[state.reason]), {
    heading: t("auth.reset.refused.heading"),
  });
}

export async function resetLinkData(request: Request, token: string) {
  const state = await checkResetLink(token);
  if (!state.ok) return refuse(request, state);
  return json({ username: state.username }, { headers: { "Cache-Control": "no-store" } });
}

export async function submitNewPassword(request: Request, token: string) {
  const state = await checkResetLink(token);
  if (!state.ok) return refuse(request, state);
  const submission = await readSubmission(request, resetPasswordSchema, { json: false });
  if (!submission.ok) return formReply(request, submission);
  const outcome = await resetPassword(token, submission.data.newPassword);
  if (!outcome.ok) return refuse(request, outcome);
  const cookie = await startUserSession(request, outcome.userId);
  const t = await translatorFor(request);
  return redirectWithToast(request, LINKS.home, { message: t("auth.toast.passwordReset") }, [
    cookie,
  ]);
}
