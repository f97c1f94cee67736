import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { deferredScriptsMarkup } from "./utils/deferred-scripts.server";
import { textBody } from "./http/http.server";
import { NonceContext } from "./utils/nonce";
// User patterns (sign-up fields, metadata validation) run on RE2 on the server (decision 069).
import "./models/validation/pattern.server";

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(`[${request.headers.get("x-request-id") ?? "-"}]`, error);
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
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control"))
    responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(textBody(`<!DOCTYPE html>${deferredScriptsMarkup(html)}`), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
