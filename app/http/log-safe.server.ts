import { inspect } from "node:util";

/*
 * An access token may travel in a URL's query (access_token=, the way some FotoWare clients send
 * it). The request log hides it (server/app.ts, loggedUrl); an error logged on the way may carry
 * the URL too (a fetch's, a router's message), so what is logged passes through here first.
 */

const TOKEN_IN_TEXT = /(access_token(?:=|%3D))[^&\s"'<>#]+/gi;

/** The text with every access_token value in it hidden. */
export function hideQueryTokens(text: string): string {
  return text.replace(TOKEN_IN_TEXT, "$1[hidden]");
}

/** What to log for an error: itself, or its text with access tokens hidden when it holds one. */
export function loggable(error: unknown): unknown {
  const text = typeof error === "string" ? error : inspect(error);
  TOKEN_IN_TEXT.lastIndex = 0;
  return TOKEN_IN_TEXT.test(text) ? hideQueryTokens(text) : error;
}
