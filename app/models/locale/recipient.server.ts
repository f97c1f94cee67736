import { getSiteSettings } from "~/models/site/site.server";
import { findUserById } from "~/models/user/user.server";
import { translate } from "./catalog.server";
import { formatDate } from "./format";
import { isLanguage, PSEUDO_LANGUAGE, type Language } from "./language";
import type { Translate } from "./message-id";

/** The language and time zone mail to someone is written in, and the words in it. */
export interface MailLocale {
  language: Language;
  timeZone: string;
  t: Translate;
  date: (iso: string) => string;
}

function mailLocale(language: Language, timeZone: string): MailLocale {
  return {
    language,
    timeZone,
    t: (id, values) => translate(language, id, values),
    date: (iso) => formatDate(language, timeZone, iso),
  };
}

/** The site's default language and zone: for people without an account, or without a choice. */
export async function siteMailLocale(): Promise<MailLocale> {
  const settings = await getSiteSettings();
  return mailLocale(settings.defaultLanguage, settings.timeZone);
}

/*
 * Mail to an account goes in the language and zone its owner chose (issue 32), else the site's.
 * The pseudo-locale, a development aid, never reaches anyone's mailbox.
 */
export async function mailLocaleOf(userId: number | null | undefined): Promise<MailLocale> {
  const settings = await getSiteSettings();
  const user = userId ? await findUserById(userId) : null;
  const chosen = user?.preferences.intranet;
  const language =
    chosen && isLanguage(chosen.language) && chosen.language !== PSEUDO_LANGUAGE
      ? chosen.language
      : settings.defaultLanguage;
  const timeZone = chosen && chosen.timeZone !== "auto" ? chosen.timeZone : settings.timeZone;
  return mailLocale(language, timeZone);
}

/** For a language a person used (a sign-up's), with the site's zone. */
export async function mailLocaleIn(language: string | null | undefined): Promise<MailLocale> {
  const settings = await getSiteSettings();
  return mailLocale(
    isLanguage(language) && language !== PSEUDO_LANGUAGE ? language : settings.defaultLanguage,
    settings.timeZone,
  );
}
