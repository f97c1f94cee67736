/*
 * Wall clocks of time zones (decisions 105 and 117): what instant a calendar date and time of
 * day names in a zone, and what a zone's clock reads at an instant. Pure, for the models and the
 * browser alike; the conversions go through Intl.DateTimeFormat.
 */

/** Date.UTC reads years 0 to 99 as 1900 to 1999; setUTCFullYear does not. */
export function utc(year: number, month: number, day: number, h = 0, m = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(h, m, s, ms);
  return date.getTime();
}

/** A calendar date and time of day, as written, to the instant it names in the reader's zone. */
export type WallClock = (
  year: number,
  month: number,
  day: number,
  h?: number,
  m?: number,
  s?: number,
  ms?: number,
) => number;

/** The wall clock of a time zone; UTC's when there is none or the runtime does not know it. */
export function zoneClock(timeZone: string | undefined): WallClock {
  if (!timeZone || timeZone === "UTC") return utc;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    return utc;
  }
  // How far the zone's clock is ahead of UTC at an instant (whole seconds: zones have no less).
  const offset = (time: number) => {
    const part: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(time)) part[type] = Number(value);
    const seconds = Math.floor(time / 1000) * 1000;
    return (
      utc(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - seconds
    );
  };
  return (year, month, day, h = 0, m = 0, s = 0, ms = 0) => {
    const written = utc(year, month, day, h, m, s, ms);
    // Two steps find the offset in force at the instant itself, across a change to summer time.
    const guess = written - offset(written);
    return written - offset(guess);
  };
}

/** What a zone's clock reads at an instant, as a datetime-local field writes it: 2026-12-31T18:00. */
export function wallTime(timeZone: string, iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(time);
  } catch {
    return new Date(time).toISOString().slice(0, 16);
  }
  const part = Object.fromEntries(parts.map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/**
 * A date or date and time as a person writes it, read on the zone's clock: a day alone is the
 * end of that day there; a written Z or offset keeps its meaning. Null when it is neither.
 */
export function readWallTime(timeZone: string, text: string): Date | null {
  const written = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (written) {
    const [year, month, day] = [+written[1]!, +written[2]! - 1, +written[3]!];
    const calendar = new Date(utc(year, month, day));
    const [h, m, s] = [+(written[4] ?? 0), +(written[5] ?? 0), +(written[6] ?? 0)];
    if (calendar.getUTCMonth() !== month || calendar.getUTCDate() !== day) return null;
    if (h > 23 || m > 59 || s > 59) return null;
    const clock = zoneClock(timeZone);
    // A day alone ends on the zone's clock at its last millisecond.
    return new Date(
      written[4] ? clock(year, month, day, h, m, s) : clock(year, month, day, 23, 59, 59, 999),
    );
  }
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? null : new Date(time);
}
