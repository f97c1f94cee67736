import { createCookie } from "@remix-run/node";
import { isSecureRequest } from "./http.server";
import {
  cookieBanner,
  cookieConsentOf,
  cookieTexts,
  isCurrentPolicy,
} from "~/models/site/cookie-consent.server";
import { getSiteSettings } from "~/models/site/site.server";
import type { SiteSettings } from "~/models/site/site.schema";
import { readerTranslatorFor, translatorFor } from "./locale/locale.server";

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
  return cookieBanner(settings, await acceptedVersion(request), await translatorFor(request));
}

/** Set-Cookie for accepting the current policy; null when `version` is stale or forged. */
export async function acceptPolicy(request: Request, version: string): Promise<string | null> {
  if (!isCurrentPolicy(await getSiteSettings(), version)) return null;
  return consentCookie(request).serialize(version);
}

/** The API answer of GET /fotoweb/api/privacy/cookie-consent, in its reader's language. */
export async function cookieConsentResource(request: Request) {
  return cookieConsentOf(await getSiteSettings(), await readerTranslatorFor(request));
}

/** The cookie policy page's Markdown, in the person's language. */
export async function cookiePolicyText(request: Request) {
  return cookieTexts(await getSiteSettings(), await translatorFor(request)).policy;
}
