import { createCookie } from "@remix-run/node";
import { isSecureRequest } from "./http.server";
import {
  cookieBanner,
  cookieConsentOf,
  isCurrentPolicy,
} from "~/models/site/cookie-consent.server";
import { getSiteSettings } from "~/models/site/site.server";
import type { SiteSettings } from "~/models/site/site.schema";

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
  return cookieBanner(settings, await acceptedVersion(request));
}

/** Set-Cookie for accepting the current policy; null when `version` is stale or forged. */
export async function acceptPolicy(request: Request, version: string): Promise<string | null> {
  if (!isCurrentPolicy(await getSiteSettings(), version)) return null;
  return consentCookie(request).serialize(version);
}

/** The API answer of GET /fotoweb/api/privacy/cookie-consent. */
export async function cookieConsentResource() {
  return cookieConsentOf(await getSiteSettings());
}
