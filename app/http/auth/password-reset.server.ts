import { json } from "@remix-run/node";
import { forgotPasswordSchema, resetPasswordSchema } from "~/models/auth/auth.schema";
import {
  checkResetLink,
  findResettableAccounts,
  issuePasswordReset,
  resetPassword,
  type ResetLinkState,
} from "~/models/auth/password-reset.server";
import { getSiteSettings } from "~/models/site/site.server";
import { LINKS } from "~/utils/links";
import { HttpError } from "../http.server";
import { publicOrigin } from "../origin.server";
import { countResetRequest } from "../rate-limit.server";
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
  return redirectWithToast(request, FORGOT_SENT_PATH, {
    kind: "info",
    message: "If the account exists, a link is on its way.",
  });
}

export const RESET_LINK_MESSAGES: Record<Exclude<ResetLinkState, { ok: true }>["reason"], string> =
  {
    unknown:
      "This password reset link is not valid. Check that you copied all of it, or ask for a new one.",
    used: "This password reset link has been used already. Ask for a new one if you need it.",
    expired: "This password reset link has expired. Ask for a new one.",
  };

function refuse(state: Exclude<ResetLinkState, { ok: true }>): never {
  throw new HttpError(state.reason === "unknown" ? 404 : 410, RESET_LINK_MESSAGES[state.reason], {
    heading: "Password reset link",
  });
}

export async function resetLinkData(token: string) {
  const state = await checkResetLink(token);
  if (!state.ok) refuse(state);
  return json({ username: state.username }, { headers: { "Cache-Control": "no-store" } });
}

export async function submitNewPassword(request: Request, token: string) {
  const state = await checkResetLink(token);
  if (!state.ok) refuse(state);
  const submission = await readSubmission(request, resetPasswordSchema, { json: false });
  if (!submission.ok) return formReply(request, submission);
  const outcome = await resetPassword(token, submission.data.newPassword);
  if (!outcome.ok) refuse(outcome);
  const cookie = await startUserSession(request, outcome.userId);
  return redirectWithToast(
    request,
    LINKS.home,
    { message: "Your password was changed, and you are signed in." },
    [cookie],
  );
}
