import { createCookie } from "@remix-run/node";
import { translate } from "~/models/locale/catalog.server";
import {
  isLanguage,
  isTimeZone,
  negotiateLanguage,
  PSEUDO_LANGUAGE,
  type Language,
} from "~/models/locale/language";
import { resolveKeyed } from "~/models/locale/keyed";
import type { MessageId, MessageValues, Translate } from "~/models/locale/message-id";
import { getSiteSettings } from "~/models/site/site.server";
import { env } from "~/utils/env.server";
import { perRequest } from "~/utils/request-scope.server";
import { isSecureRequest } from "../http.server";
import { isProgramRequest } from "../negotiate";
import { getViewer } from "../session.server";

/** The language and time zone one request is answered in (decision 101). */
export interface Locale {
  language: Language;
  timeZone: string;
}

/** Whether en-XA may be chosen: in development, or where PSEUDO_LOCALE says so. */
export const pseudoLocaleOn = () => env().PSEUDO_LOCALE ?? env().NODE_ENV === "development";

/*
 * A choice made without an account (or before signing in): the language and time zone, kept a
 * year. Not httpOnly-sensitive, but nothing in the browser needs to read it.
 */
function localeCookie(request: Request) {
  return createCookie("arkiv_locale", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    path: "/",
    maxAge: 365 * 24 * 3600,
  });
}

const allowed = (language: unknown): language is Language =>
  isLanguage(language) && (language !== PSEUDO_LANGUAGE || pseudoLocaleOn());

async function cookieChoice(request: Request): Promise<Partial<Locale>> {
  const value: unknown = await localeCookie(request).parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return {};
  const { language, timeZone } = value as Record<string, unknown>;
  return {
    language: allowed(language) ? language : undefined,
    timeZone: isTimeZone(timeZone) ? timeZone : undefined,
  };
}

/**
 * The person's saved choice, else the cookie's, else the browser's Accept-Language, else the
 * site's default; the time zone likewise without the browser's (it does not send one).
 */
export function localeOf(request: Request): Promise<Locale> {
  return perRequest("locale", async () => {
    const [viewer, settings, cookie] = await Promise.all([
      getViewer(request),
      getSiteSettings(),
      cookieChoice(request),
    ]);
    const saved = viewer && !viewer.isGuest ? viewer.preferences.intranet : null;
    const language =
      (saved && allowed(saved.language) ? saved.language : undefined) ??
      cookie.language ??
      negotiateLanguage(request.headers.get("Accept-Language")) ??
      settings.defaultLanguage;
    const timeZone =
      (saved && saved.timeZone !== "auto" ? saved.timeZone : undefined) ??
      cookie.timeZone ??
      settings.timeZone;
    return { language, timeZone };
  });
}

/** Translates into the request's language: toasts, validation messages, page titles. */
export async function translatorFor(request: Request) {
  const { language } = await localeOf(request);
  return (id: MessageId, values?: MessageValues) => translate(language, id, values);
}

/**
 * Keyed texts (decision 104) in the reader's words: the person's language on a page's path,
 * English for the API (its twin routes under JSON_PREFIX), whose programs read stable text.
 */
export async function keyedResolverFor(request: Request): Promise<(text: string) => string> {
  const t = await readerTranslatorFor(request);
  return (text) => resolveKeyed(text, t);
}

/** Translates for whoever reads the answer: English for a program, else the person's language. */
export async function readerTranslatorFor(request: Request): Promise<Translate> {
  const language = isProgramRequest(request) ? "en" : (await localeOf(request)).language;
  return (id, values) => translate(language, id, values);
}

/** Set-Cookie keeping a choice for someone without an account to save it in. */
export function rememberLocale(request: Request, choice: Partial<Locale>) {
  return localeCookie(request).serialize(choice);
}

export { allowed as isLanguageOffered };

/** A page's search refusal (heading and message) with its message in the reader's words. */
export async function readableSearchError<E extends { heading: string; value: string } | null>(
  request: Request,
  error: E,
): Promise<E> {
  if (!error) return error;
  return { ...error, value: (await keyedResolverFor(request))(error.value) };
}
