/*
 * Dates, times, numbers, sizes and durations in a language and time zone (decision 101), through
 * Intl. Every time shown names its zone, since a page may be read in another. One function each,
 * so a page's scripts carry only those it uses.
 */

type Moment = string | number | Date;

/*
 * The conventions dates and numbers follow in a language: English as British English writes
 * them (day before month, 24-hour clock), as the specification's formats do; the others as they
 * are, and the pseudo-locale as English.
 */
export const conventionsOf = (language: string) =>
  language === "en" || language === "en-XA" ? "en-GB" : language;

const valid = (value: Moment) => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "27 Nov 2026, 18:50 CET": a moment, with its zone; "" for what is not one. */
export function formatDateTime(language: string, timeZone: string, value: Moment) {
  const d = valid(value);
  return d
    ? new Intl.DateTimeFormat(conventionsOf(language), {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      }).format(d)
    : "";
}

/** Without the zone, where the page says the zone once (a table's heading). */
export function formatDateTimeBare(language: string, timeZone: string, value: Moment) {
  const d = valid(value);
  return d
    ? new Intl.DateTimeFormat(conventionsOf(language), {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone,
      }).format(d)
    : "";
}

export function formatDate(language: string, timeZone: string, value: Moment) {
  const d = valid(value);
  return d
    ? new Intl.DateTimeFormat(conventionsOf(language), { dateStyle: "medium", timeZone }).format(d)
    : "";
}

/** A byte count in binary multiples, as file managers show it: 512 kB, 3.4 MB. */
export function formatSize(language: string, bytes: number) {
  const units = ["kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(conventionsOf(language), {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(unit === 0 ? Math.max(1, Math.ceil(value)) : value);
}

/** A duration in seconds: "1 hr 5 min", "42 sec". */
export function formatDuration(language: string, seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const parts: [number, "hour" | "minute" | "second"][] = [
    [Math.floor(s / 3600), "hour"],
    [Math.floor((s % 3600) / 60), "minute"],
    [s % 60, "second"],
  ];
  const shown = parts.filter(([n]) => n > 0);
  return (shown.length ? shown : [parts[2]!])
    .map(([n, unit]) =>
      new Intl.NumberFormat(conventionsOf(language), {
        style: "unit",
        unit,
        unitDisplay: "short",
      }).format(n),
    )
    .join(" ");
}

/** All of them for one language and zone (components: useFormat). */
export function formatters(language: string, timeZone: string) {
  return {
    dateTime: (value: Moment) => formatDateTime(language, timeZone, value),
    dateTimeBare: (value: Moment) => formatDateTimeBare(language, timeZone, value),
    date: (value: Moment) => formatDate(language, timeZone, value),
    number: (value: number) => new Intl.NumberFormat(conventionsOf(language)).format(value),
    bytes: (bytes: number) => formatSize(language, bytes),
    duration: (seconds: number) => formatDuration(language, seconds),
  };
}

export type Formatters = ReturnType<typeof formatters>;
