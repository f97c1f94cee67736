import crypto from "node:crypto";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { singleton } from "~/utils/singleton.server";
import authDe from "~/locales/de/auth.json";
import commonDe from "~/locales/de/common.json";
import gridDe from "~/locales/de/grid.json";
import mailDe from "~/locales/de/mail.json";
import authEn from "~/locales/en/auth.json";
import commonEn from "~/locales/en/common.json";
import gridEn from "~/locales/en/grid.json";
import mailEn from "~/locales/en/mail.json";
import authNb from "~/locales/nb/auth.json";
import commonNb from "~/locales/nb/common.json";
import gridNb from "~/locales/nb/grid.json";
import mailNb from "~/locales/nb/mail.json";
import assetDe from "~/locales/de/asset.json";
import assetEn from "~/locales/en/asset.json";
import assetNb from "~/locales/nb/asset.json";
import albumDe from "~/locales/de/album.json";
import albumEn from "~/locales/en/album.json";
import albumNb from "~/locales/nb/album.json";
import peopleDe from "~/locales/de/people.json";
import peopleEn from "~/locales/en/people.json";
import peopleNb from "~/locales/nb/people.json";
import settingsDe from "~/locales/de/settings.json";
import settingsEn from "~/locales/en/settings.json";
import settingsNb from "~/locales/nb/settings.json";
import taskDe from "~/locales/de/task.json";
import taskEn from "~/locales/en/task.json";
import taskNb from "~/locales/nb/task.json";
import workDe from "~/locales/de/work.json";
import workEn from "~/locales/en/work.json";
import workNb from "~/locales/nb/work.json";
import validationDe from "~/locales/de/validation.json";
import validationEn from "~/locales/en/validation.json";
import validationNb from "~/locales/nb/validation.json";
import metadataDe from "~/locales/de/metadata.json";
import metadataEn from "~/locales/en/metadata.json";
import metadataNb from "~/locales/nb/metadata.json";
import taxonomyDe from "~/locales/de/taxonomy.json";
import taxonomyEn from "~/locales/en/taxonomy.json";
import taxonomyNb from "~/locales/nb/taxonomy.json";
import { AREAS, LANGUAGES, PSEUDO_LANGUAGE, type Area, type Language } from "./language";
import { formatCompiled, type CompiledMessage } from "./interpret";
import { resolveKeyed } from "./keyed";
import type { MessageId, MessageValues } from "./message-id";

type Source = Record<string, string>;

/** Every catalogue as written (decision 101); a test checks this table against app/locales. */
export const SOURCES: Record<(typeof LANGUAGES)[number], Record<Area, Source>> = {
  en: {
    common: commonEn,
    auth: authEn,
    grid: gridEn,
    mail: mailEn,
    asset: assetEn,
    album: albumEn,
    people: peopleEn,
    settings: settingsEn,
    validation: validationEn,
    work: workEn,
    task: taskEn,
    metadata: metadataEn,
    taxonomy: taxonomyEn,
  },
  nb: {
    common: commonNb,
    auth: authNb,
    grid: gridNb,
    mail: mailNb,
    asset: assetNb,
    album: albumNb,
    people: peopleNb,
    settings: settingsNb,
    validation: validationNb,
    work: workNb,
    task: taskNb,
    metadata: metadataNb,
    taxonomy: taxonomyNb,
  },
  de: {
    common: commonDe,
    auth: authDe,
    grid: gridDe,
    mail: mailDe,
    asset: assetDe,
    album: albumDe,
    people: peopleDe,
    settings: settingsDe,
    validation: validationDe,
    work: workDe,
    task: taskDe,
    metadata: metadataDe,
    taxonomy: taxonomyDe,
  },
};

export type CompiledArea = Record<string, CompiledMessage>;

const ACCENTS: Record<string, string> = Object.fromEntries(
  [..."abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ"].map((c, i) => [
    c,
    [..."åƀçđéğĥíķľñöŕšţüýžÅƁÇĐÉĞĤÍĶĽÑÖŔŠŢÜÝŽ"][i]!,
  ]),
);

/*
 * The pseudo-locale's text: every letter accented and every vowel doubled (about a third
 * longer, as German and Norwegian often are), tags such as <0> left whole.
 */
function pseudoText(text: string) {
  return text
    .split(/(<\/?\d+\s*\/?>)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : [...part]
            .map((c) => (/[aeiouAEIOU]/.test(c) ? c + ACCENTS[c]! : (ACCENTS[c] ?? c)))
            .join(""),
    )
    .join("");
}

function compileArea(source: Source, area: Area, pseudo = false): CompiledArea {
  return Object.fromEntries(
    Object.entries(source).map(([key, message]) => {
      const compiled = pseudo
        ? compileMessageOrThrow(message, pseudoText)
        : compileMessageOrThrow(message);
      // Brackets show where a message was cut or run together with another.
      const marked = pseudo
        ? ["[", ...(Array.isArray(compiled) ? compiled : [compiled]), "]"]
        : compiled;
      return [`${area}.${key}`, marked as CompiledMessage];
    }),
  );
}

interface Catalogue {
  /** Each language's areas, a message missing in a language falling back to English's. */
  areas: Map<Language, Record<Area, CompiledArea>>;
  /** Each language's messages of every area, by id. */
  messages: Map<Language, CompiledArea>;
  version: string;
}

function build(): Catalogue {
  const areas = new Map<Language, Record<Area, CompiledArea>>();
  const english = Object.fromEntries(
    AREAS.map((area) => [area, compileArea(SOURCES.en[area], area)]),
  ) as Record<Area, CompiledArea>;
  for (const language of LANGUAGES) {
    areas.set(
      language,
      Object.fromEntries(
        AREAS.map((area) => [
          area,
          { ...english[area], ...compileArea(SOURCES[language][area], area) },
        ]),
      ) as Record<Area, CompiledArea>,
    );
  }
  areas.set(
    PSEUDO_LANGUAGE,
    Object.fromEntries(
      AREAS.map((area) => [area, compileArea(SOURCES.en[area], area, true)]),
    ) as Record<Area, CompiledArea>,
  );
  const messages = new Map<Language, CompiledArea>();
  for (const [language, byArea] of areas)
    messages.set(language, Object.assign({}, ...Object.values(byArea)) as CompiledArea);
  const version = crypto
    .createHash("sha256")
    .update(JSON.stringify([...areas]))
    .digest("hex")
    .slice(0, 12);
  return { areas, messages, version };
}

const catalogue = () => singleton("localeCatalogue", build);

/** Every message of a language, by id (shared: the process's, not a request's). */
export const messagesFor = (language: Language): CompiledArea =>
  catalogue().messages.get(language)!;

/** A message in a language, for words made on the server (toasts, mail, page titles). */
export const translate = (language: Language, id: MessageId, values?: MessageValues) =>
  formatCompiled(messagesFor(language)[id] ?? id, values ?? {}, language);

/** The compiled messages of these areas in a language, as a page or a fetch sends them. */
export function messagesOf(
  language: Language,
  areas: Iterable<Area>,
): Partial<Record<Area, CompiledArea>> {
  const all = catalogue().areas.get(language)!;
  return Object.fromEntries([...new Set(areas)].map((area) => [area, all[area]]));
}

/** Changes whenever a message does, so the browser may keep a fetched area for good. */
export const catalogueVersion = () => catalogue().version;

/** A keyed text (decision 104) in English, for what stays English: the API, stored reports. */
export const englishOf = (text: string) =>
  resolveKeyed(text, (id, values) => translate("en", id, values));
