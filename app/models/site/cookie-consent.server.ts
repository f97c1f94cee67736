import { renderMarkdown } from "~/utils/markdown.server";
import { LINKS } from "~/utils/links";
import { cookiePolicyVersion } from "./site.server";
import type { SiteSettings } from "./site.schema";

/*
 * The cookie banner's rules: a visitor sees the banner until they accept the current text; an
 * acceptance counts only for the version now shown. The cookie that remembers it is app/http's.
 */

/** The banner to show a visitor who accepted `accepted` (null: never), or null for none. */
export function cookieBanner(settings: SiteSettings, accepted: string | null) {
  const version = cookiePolicyVersion(settings);
  if (accepted === version) return null;
  return {
    title: settings.cookieConsent.title,
    bodyHtml: renderMarkdown(settings.cookieConsent.body),
    version,
  };
}

/** Whether `version` is the policy shown now: a stale or forged one is not accepted. */
export const isCurrentPolicy = (settings: SiteSettings, version: string) =>
  version === cookiePolicyVersion(settings);

/** The cookie-consent resource of the API. */
export function cookieConsentOf(settings: SiteSettings) {
  const { title, body, policy } = settings.cookieConsent;
  return {
    banner: { title, body },
    policy: policy ? { body: policy, href: LINKS.cookiePolicy } : null,
    version: cookiePolicyVersion(settings),
  };
}
