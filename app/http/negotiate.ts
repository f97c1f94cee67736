import contentType from "content-type";
import Negotiator from "negotiator";
import { JSON_ONLY_PATHS, matchesAny, SINGLE_REPRESENTATION_PATHS } from "./paths";
import { READER_HEADER, READER_PAGE } from "~/utils/reader-header";

/*
 * Content negotiation, the one place that reads Accept and Content-Type (decision 023): media
 * ranges and types are parsed by `content-type`, preferences ranked by `negotiator`. A request
 * whose Accept prefers a JSON type over HTML (or that sends a JSON body) is served by the JSON
 * twin of the route, mounted internally under JSON_PREFIX. Browsers send text/html first and get
 * the page. Safe for the browser bundle's types only: server code calls it.
 */

export const JSON_PREFIX = "/_json";

interface MediaRange {
  type: string;
  q: number;
}

type HeaderSource = Request | string | null | undefined;

const headerOf = (source: HeaderSource, name: string) =>
  typeof source === "string" || source == null
    ? (source ?? undefined)
    : (source.headers.get(name) ?? undefined);

/** The media type of a Content-Type header, lower-cased and without parameters; "" if none. */
export function mediaTypeOf(source: HeaderSource): string {
  const header = headerOf(source, "content-type");
  if (!header) return "";
  try {
    return contentType.parse(header).type;
  } catch {
    return "";
  }
}

export const isJsonType = (type: string) => /^application\/(?:[\w.+-]+\+)?json$/.test(type);

/** Accept's media ranges with their q-values, in header order; unreadable entries are dropped. */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header) return [];
  return header.split(",").flatMap((part) => {
    let parsed: contentType.ParsedMediaType;
    try {
      parsed = contentType.parse(part.trim());
    } catch {
      return [];
    }
    const raw = parsed.parameters["q"];
    const q = raw === undefined ? 1 : Number(raw);
    return [{ type: parsed.type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 }];
  });
}

/**
 * Whether the client prefers a JSON representation to an HTML one. On a tie HTML wins, so a
 * browser that lists both alike gets the page.
 */
export function prefersJson(accept: string | undefined): boolean {
  const ranges = parseAccept(accept);
  const best = (match: (type: string) => boolean) =>
    Math.max(0, ...ranges.filter((r) => match(r.type)).map((r) => r.q));
  const json = best(isJsonType);
  return json > 0 && json > best((t) => t === "text/html" || t === "application/xhtml+xml");
}

/** Whether the request asks for JSON (for error bodies: JSON for them, a page for browsers). */
export function wantsJson(request: Request): boolean {
  return prefersJson(headerOf(request, "accept"));
}

/**
 * Which of the offered media types the client prefers (negotiator's ranking), among those it
 * names explicitly: a wildcard never picks a vendor representation. undefined if none.
 */
export function preferredType(
  source: HeaderSource,
  offered: readonly string[],
): string | undefined {
  const accept = headerOf(source, "accept");
  if (!accept) return undefined;
  const named = new Set(parseAccept(accept).map((r) => r.type));
  const ranked = new Negotiator({ headers: { accept } }).mediaTypes(
    offered.filter((t) => named.has(t.toLowerCase())),
  );
  return ranked[0];
}

/** Whether Accept takes anything through a wildcard (any type, or any application type). */
export function acceptsAnything(source: HeaderSource): boolean {
  return parseAccept(headerOf(source, "accept")).some(
    (r) => r.q > 0 && (r.type === "*/*" || r.type === "application/*"),
  );
}

/** Whether the client names this media type in Accept (with q above 0). */
export const acceptsType = (source: HeaderSource, type: string) =>
  preferredType(source, [type]) !== undefined;

/** Whether Accept names HTML itself (a wildcard does not): what browsers send for a page. */
const namesHtml = (accept: string | undefined) =>
  parseAccept(accept).some(
    (r) => r.q > 0 && (r.type === "text/html" || r.type === "application/xhtml+xml"),
  );

/**
 * The JSON twin's path for a request, or null for the page. A request carrying a token is a
 * program's (browsers send cookies): without HTML named in its Accept it hears JSON, as a
 * client that sends no Accept at all expects (issue 33).
 */
export function jsonTwinPath(
  method: string,
  path: string,
  headers: { accept?: string; "content-type"?: string },
  options: { token?: boolean } = {},
): string | null {
  if (!path.startsWith("/fotoweb/") && path !== "/fotoweb") return null;
  if (matchesAny(SINGLE_REPRESENTATION_PATHS, path)) return null;
  if (matchesAny(JSON_ONLY_PATHS, path)) return JSON_PREFIX + path;
  const jsonBody =
    method !== "GET" && method !== "HEAD" && isJsonType(mediaTypeOf(headers["content-type"]));
  const program = options.token === true && !namesHtml(headers.accept);
  return prefersJson(headers.accept) || jsonBody || program ? JSON_PREFIX + path : null;
}

/**
 * A program's request, answered in stable English (decision 104): a JSON twin, the /fotoweb/api/
 * routes, or JSON asked for outside Remix's own data requests. Arkiv's own page scripts say they
 * read for a person (READER_HEADER, decision 107), and hear the person's language.
 */
export function isProgramRequest(request: Request): boolean {
  const url = new URL(request.url);
  if (request.headers.get(READER_HEADER) === READER_PAGE) return false;
  return (
    url.pathname.startsWith(`${JSON_PREFIX}/`) ||
    url.pathname.startsWith("/fotoweb/api/") ||
    (wantsJson(request) && !url.searchParams.has("_data"))
  );
}
