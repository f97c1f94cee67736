import { createCookie } from "@remix-run/node";
import { renderMarkdown } from "~/utils/markdown.server";
import { isSecureRequest } from "./http.server";
import { cookiePolicyVersion, getSiteSettings } from "~/models/site/site.server";
import type { SiteSettings } from "~/models/site/site.schema";
import { LINKS } from "~/utils/links";

/* The consent cookie stores the version of the policy text that the visitor accepted. */
function consentCookie(request: Request) {
  return createCookie("arkiv_cookie_consent", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    path: "/",
    maxAge: 365 * 24 * 3600,
  });
}

export async function acceptedVersion(request: Request): Promise<string | null> {
  const value: unknown = await consentCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The banner to show, or null when it was accepted for the current text. */
export async function bannerFor(request: Request, settings: SiteSettings) {
  const version = cookiePolicyVersion(settings);
  if ((await acceptedVersion(request)) === version) return null;
  return {
    title: settings.cookieConsent.title,
    bodyHtml: renderMarkdown(settings.cookieConsent.body),
    version,
  };
}

/** Set-Cookie for accepting the current policy; null when `version` is stale or forged. */
export async function acceptPolicy(request: Request, version: string): Promise<string | null> {
  const settings = await getSiteSettings();
  if (version !== cookiePolicyVersion(settings)) return null;
  return consentCookie(request).serialize(version);
}

/** The API answer of GET /fotoweb/api/privacy/cookie-consent. */
export async function cookieConsentResource() {
  const settings = await getSiteSettings();
  const { title, body, policy } = settings.cookieConsent;
  return {
    banner: { title, body },
    policy: policy ? { body: policy, href: LINKS.cookiePolicy } : null,
    version: cookiePolicyVersion(settings),
  };
}
