import { keyed } from "~/models/locale/keyed";
import { localeOf } from "../locale/locale.server";
import { capabilityDecision } from "~/models/access/access.server";
import { getSiteSettings } from "~/models/site/site.server";
import type { MailContext } from "~/models/signup/signup.server";
import type { Viewer } from "~/models/user/user.schema";
import { LINKS } from "~/utils/links";
import { HttpError, NO_RESOURCE_MESSAGE } from "../http.server";
import { wantsJson } from "../negotiate";
import { publicOrigin } from "../origin.server";
import { requireViewer } from "../session.server";

/* What the sign-up pages and the sign-up API share (decision 036). */

export const NOTHING_HERE = keyed("common.error.notFound");

/**
 * Someone who may approve sign-ups (approvePendingSignups, the access module's decision). For
 * anyone else signed in the whole area answers as if it did not exist: the same 404 as an
 * address where nothing is.
 */
export async function requireSignupApprover(request: Request): Promise<Viewer> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const decision = await capabilityDecision(viewer, "approvePendingSignups");
  if (!decision.allowed) {
    const api = new URL(request.url).pathname.startsWith("/fotoweb/api/") || wantsJson(request);
    throw new HttpError(404, api ? NO_RESOURCE_MESSAGE : NOTHING_HERE);
  }
  return decision.value;
}

/** The public sign-up page exists only while the site allows sign-ups. */
export async function requireSignupsOpen() {
  const settings = await getSiteSettings();
  if (!settings.signups.enabled) throw new HttpError(404, NOTHING_HERE);
  return settings;
}

export async function mailContext(request: Request): Promise<MailContext> {
  const origin = publicOrigin(request);
  return {
    siteName: (await getSiteSettings()).siteName,
    language: (await localeOf(request)).language,
    loginLink: origin + LINKS.login,
    forgotLink: origin + LINKS.forgotPassword,
  };
}
