import { expect } from "vitest";
import { withoutMessages, type Client } from "./server";

/* What a test reads of a served page: its language, title, toast and main region. */

export const langOf = (html: string) => html.match(/<html lang="([^"]+)"/)?.[1];
export const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
export const toastOf = (html: string) =>
  html.match(/data-testid="toast"[^>]*>([^<]*)</)?.[1] ?? null;

/** The page's main region (the whole page when it has none), without the messages block. */
export function mainOf(html: string) {
  const start = html.indexOf("<main");
  return withoutMessages(start < 0 ? html : html.slice(start, html.indexOf("</main>", start)));
}

/** The page a redirect leads to, asked with the same headers (the same language). */
export async function landing(c: Client, response: Response, headers: Record<string, string>) {
  expect(response.status).toBe(302);
  return (await c.get(response.headers.get("location")!, headers)).text();
}
