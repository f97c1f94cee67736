/*
 * The alert's words the browser needs, kept apart from the schemas so a page that only shows
 * "Create alert" does not ship the validation library.
 */

export const ALERT_TEXT_SHOWN = 50;
export const ALERT_CONFIRMATION_MS = 5000;

export function shortSearchText(text: string, max = ALERT_TEXT_SHOWN): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join("")}…`;
}
