import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { deferredScriptsMarkup } from "./utils/deferred-scripts.server";
import { textBody } from "./http/http.server";
import { loggable } from "./http/log-safe.server";
import { NonceContext } from "./utils/nonce";
import { LocaleProvider, type LocaleState } from "./components/locale/locale-context";
import { MESSAGES_MARK, setActiveLocale, type MessagesBlock } from "./components/locale/active";
import { catalogueVersion, messagesFor, messagesOf } from "./models/locale/catalog.server";
import {
  DEFAULT_LANGUAGE,
  isArea,
  isLanguage,
  negotiateLanguage,
  type Area,
} from "./models/locale/language";
// User patterns (sign-up fields, metadata validation) run on RE2 on the server (decision 069).
import "./models/validation/pattern.server";

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(`[${request.headers.get("x-request-id") ?? "-"}]`, loggable(error));
}

/*
 * No loader defers data and nothing suspends, so the whole document is the shell: a stream would
 * send nothing before the last element was rendered, and costs more per page than one string
 * (decision 020). An error thrown here reaches Remix, which renders the error boundary instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const locale = pageLocale(request, remixContext);
  setActiveLocale(locale);
  let html: string;
  try {
    html = renderToString(
      <LocaleProvider value={locale}>
        <NonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </NonceContext.Provider>
      </LocaleProvider>,
    );
  } finally {
    setActiveLocale(null);
  }
  html = withMessages(html, locale, remixContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control"))
    responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(textBody(`<!DOCTYPE html>${deferredScriptsMarkup(html)}`), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/*
 * The root loader chose the language and time zone (app/http/locale); a page whose root loader
 * failed is answered in the browser's language, in UTC.
 */
function pageLocale(request: Request, context: EntryContext): LocaleState {
  const root = context.staticHandlerContext.loaderData["root"] as
    { locale?: { language?: unknown; timeZone?: unknown } } | undefined;
  const chosen = root?.locale;
  const language = isLanguage(chosen?.language)
    ? chosen.language
    : (negotiateLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE);
  const timeZone = typeof chosen?.timeZone === "string" ? chosen.timeZone : "UTC";
  return {
    messages: messagesFor(language),
    language,
    timeZone,
    areas: new Set<Area>(["common"]),
  };
}

/*
 * The page's messages, written into its data block (decision 101): the areas the render used,
 * and those the matched routes name for what renders later (their dialogs).
 */
function withMessages(html: string, locale: LocaleState, context: EntryContext) {
  const named = context.staticHandlerContext.matches.flatMap((match) => {
    const handle = context.routeModules[match.route.id]?.handle as { i18n?: unknown } | undefined;
    return Array.isArray(handle?.i18n) ? handle.i18n.filter(isArea) : [];
  });
  const block: MessagesBlock = {
    language: locale.language,
    timeZone: locale.timeZone,
    version: catalogueVersion(),
    areas: messagesOf(locale.language, [...locale.areas, ...named]),
  };
  // A data block ends at the first "</script"; "<" written as \u003c cannot end it.
  const json = JSON.stringify(block)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  // The block is the body's last element: the loaders' data before it may hold the mark too.
  const at = html.lastIndexOf(MESSAGES_MARK);
  return at < 0 ? html : html.slice(0, at) + json + html.slice(at + MESSAGES_MARK.length);
}
