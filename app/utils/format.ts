/** How many assets, as one phrase: "1 asset", "8 assets". */
export const assetCount = (n: number) => (n === 1 ? "1 asset" : `${n} assets`);

/** A byte count as people read it: 512 kB, 3.4 MB, 4 GB (binary multiples). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} kB`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * An instant as the pending sign-ups table writes it (spec 002: 'DD MMM, HH:mm' plus '(YYYY)'),
 * in UTC so the server's page and the browser's agree; "" for what is not a date.
 */
export function formatSignupDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    `${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]}, ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())} (${date.getUTCFullYear()})`
  );
}
