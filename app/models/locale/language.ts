/*
 * The languages Arkiv speaks and the areas its messages are kept in (decision 101). Client-safe:
 * the browser reads the same lists.
 */

export const LANGUAGES = ["en", "nb", "de"] as const;
/** Accented, lengthened English for layout checks; offered only where PSEUDO_LOCALE is on. */
export const PSEUDO_LANGUAGE = "en-XA";
export type Language = (typeof LANGUAGES)[number] | typeof PSEUDO_LANGUAGE;
export const DEFAULT_LANGUAGE: Language = "en";

/*
 * Each language by its own name (an endonym), as language pickers show them, so a person who
 * cannot read the current language still finds theirs.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  nb: "Norsk bokmål",
  de: "Deutsch",
  "en-XA": "[Ƥşēűđō]",
};

/** Where a message lives: `app/locales/<language>/<area>.json`. */
export const AREAS = [
  "common",
  "auth",
  "grid",
  "mail",
  "asset",
  "album",
  "people",
  "settings",
  "validation",
  "work",
  "task",
  "metadata",
  "taxonomy",
] as const;
export type Area = (typeof AREAS)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" &&
  ((LANGUAGES as readonly string[]).includes(value) || value === PSEUDO_LANGUAGE);

export const isArea = (value: unknown): value is Area =>
  typeof value === "string" && (AREAS as readonly string[]).includes(value);

/** The area of a message id (`grid.sortLabel` is in `grid`). */
export const areaOf = (id: string) => id.slice(0, id.indexOf("."));

/** True for an IANA time zone this runtime knows ("Europe/Oslo", "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every time zone a person may choose, by IANA name. */
export function timeZones(): string[] {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = known ? known("timeZone") : [];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/**
 * The first supported language of an Accept-Language header, by weight, then order. Norwegian in
 * any form (no, nb, nn and their regions) is answered in Bokmål, the one written form Arkiv has.
 */
export function negotiateLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const wanted = header
    .slice(0, 1000)
    .split(",")
    .slice(0, 50)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((w) => w.weight > 0 && w.tag.length > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    const primary = tag.split("-")[0]!;
    if (primary === "no" || primary === "nb" || primary === "nn") return "nb";
    if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
  }
  return null;
}
