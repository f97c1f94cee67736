import type { Translate } from "~/models/locale/message-id";
import { renderMarkdown } from "~/utils/markdown.server";
import { LINKS } from "~/utils/links";
import { cookiePolicyVersion } from "./site.server";
import type { SiteSettings } from "./site.schema";

/*
 * The cookie banner's rules: a visitor sees the banner until they accept the current text; an
 * acceptance counts only for the version now shown. The cookie that remembers it is app/http's.
 * A text the site owner left empty is the built-in one, in the reader's language (decision 116).
 */

/** The banner's and the policy's words as `t`'s reader reads them (Markdown). */
export function cookieTexts(settings: SiteSettings, t: Translate) {
  const { title, body, policy } = settings.cookieConsent;
  return {
    title: title || t("common.cookies.defaultTitle"),
    body: body || t("common.cookies.defaultBody", { path: LINKS.cookiePolicy }),
    policy: policy || t("common.cookies.defaultPolicy"),
  };
}

/** The banner to show a visitor who accepted `accepted` (null: never), or null for none. */
export function cookieBanner(settings: SiteSettings, accepted: string | null, t: Translate) {
  const version = cookiePolicyVersion(settings);
  if (accepted === version) return null;
  const { title, body } = cookieTexts(settings, t);
  return { title, bodyHtml: renderMarkdown(body), version };
}

/** Whether `version` is the policy shown now: a stale or forged one is not accepted. */
export const isCurrentPolicy = (settings: SiteSettings, version: string) =>
  version === cookiePolicyVersion(settings);

/** The cookie-consent resource of the API, in `t`'s language. */
export function cookieConsentOf(settings: SiteSettings, t: Translate) {
  const { title, body, policy } = cookieTexts(settings, t);
  return {
    banner: { title, body },
    policy: { body: policy, href: LINKS.cookiePolicy },
    version: cookiePolicyVersion(settings),
  };
}
