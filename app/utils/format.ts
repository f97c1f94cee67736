import { conventionsOf } from "~/models/locale/format";
/** How many assets, as one phrase: "1 asset", "8 assets". */
export const assetCount = (n: number) => (n === 1 ? "1 asset" : `${n} assets`);

/** A byte count as people read it: 512 kB, 3.4 MB, 4 GB (binary multiples). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}

/**
 * An instant as the pending sign-ups table writes it (spec 002: 'DD MMM, HH:mm' plus '(YYYY)'),
 * in the reader's language and time zone, which it names (issue 32): "07 Mar, 10:05 CET (2026)".
 * "" for what is not a date.
 */
export function formatSignupDate(language: string, timeZone: string, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(conventionsOf(language), { ...options, timeZone }).format(date);
  const day = part({ day: "2-digit", month: "short" });
  const time = part({
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });
  return `${day}, ${time} (${part({ year: "numeric" })})`;
}
