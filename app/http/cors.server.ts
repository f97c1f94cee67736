import { getSiteSettings } from "~/models/site/site.server";
import { ANY_ORIGIN } from "~/models/site/site.schema";
import { API_TOKEN_HEADER } from "./session.server";
import { matchesAny, NEVER_A_PAGE_PATHS, OAUTH_CLIENT_PATHS } from "./paths";
import { isJsonType, parseAccept } from "./negotiate";

/*
 * Cross-origin calls from programs running in other sites' pages (decision 110): an image picker
 * inside a CMS asks for a token, reads the API and loads files. The site setting "Origins allowed
 * to call the API" names who may. The one rule of what such a request is answered with lives
 * here; server/app.ts applies it to every request before anything else reads it.
 *
 * Allowing an origin lets its pages read answers; it never lets a cookie authenticate a write
 * from there: server/app.ts refuses cross-site writes unless a valid token (or the client's own
 * credentials at the token endpoint) decides them.
 */

/** Methods and request headers a preflight may ask for. */
const ALLOW_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
const ALLOW_HEADERS = [
  "Authorization",
  API_TOKEN_HEADER,
  "Content-Type",
  "Accept",
  "Accept-Language",
  "X-Requested-With",
  "Range",
].join(", ");
/** Headers a cross-origin program reads: where a new thing is, a file's name, a task's wait. */
const EXPOSE_HEADERS = [
  "Location",
  "Content-Disposition",
  "Content-Length",
  "Content-Range",
  "ETag",
  "Retry-After",
  "WWW-Authenticate",
  "X-Request-Id",
].join(", ");
/** How long a browser may keep a preflight's answer, in seconds. */
const MAX_AGE = "600";

/** Where CORS answers: the API, the OAuth2 endpoints programs call, and files. */
const CORS_PATHS: readonly RegExp[] = [
  ...NEVER_A_PAGE_PATHS,
  ...OAUTH_CLIENT_PATHS,
  /^\/fotoweb\/files\//i,
];
const FOTOWEB = /^\/fotoweb(\/|$)/i;
/** Pages (the views, the widget) are not called by programs: no CORS even for JSON there. */
const PAGES = /^\/fotoweb\/(views|widgets)(\/|$)/i;

export interface CorsRequest {
  method: string;
  path: string;
  origin: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  /** Access-Control-Request-Method: present on a preflight only. */
  requestMethod: string | undefined;
}

export interface CorsAnswer {
  /** Headers to add to the answer (none when the origin is not allowed). */
  headers: Record<string, string>;
  /** A preflight: answer 204 with the headers at once. */
  preflight: boolean;
  /** The origin is allowed here: a token may decide a write from it. */
  allowed: boolean;
}

const isJson = (value: string | undefined) =>
  parseAccept(value).some((range) => range.q > 0 && isJsonType(range.type));

/** Whether a request to this path is one CORS answers: preflights ask for any /fotoweb/ path. */
function answersHere(request: CorsRequest, preflight: boolean): boolean {
  if (!FOTOWEB.test(request.path) || PAGES.test(request.path)) return false;
  if (preflight || matchesAny(CORS_PATHS, request.path)) return true;
  return isJson(request.accept) || isJson(request.contentType?.split(";")[0]);
}

/** The origins the site allows, read from its settings. */
export async function allowedApiOrigins(): Promise<readonly string[]> {
  return (await getSiteSettings()).apiOrigins;
}

/**
 * The origins that may frame the widgets, as CSP's frame-ancestors lists them: the exact ones
 * allowed to call the API. "*" is no invitation to frame: anyone could then overlay the page.
 */
export async function widgetFrameAncestors(): Promise<string[]> {
  return (await allowedApiOrigins()).filter((origin) => origin !== ANY_ORIGIN);
}

/** Whether pages of this origin may call the API. */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return allowed.includes(origin) || allowed.includes(ANY_ORIGIN);
}

/** The CORS answer for a request: its headers, and whether it is a preflight to answer now. */
export async function corsAnswer(request: CorsRequest): Promise<CorsAnswer> {
  const preflight = request.method === "OPTIONS" && request.requestMethod !== undefined;
  const none = { headers: {}, preflight, allowed: false };
  if (!answersHere(request, preflight)) return none;
  const vary = preflight
    ? "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"
    : "Origin";
  // Every answer here varies by Origin, asked with one or not: a file cached from an <img> must
  // not stand in for the CORS answer a script asks for next.
  const origin = request.origin;
  if (!origin || origin === "null") return { ...none, headers: { Vary: vary } };
  const allowed = await allowedApiOrigins();
  const exact = allowed.includes(origin);
  if (!exact && !allowed.includes(ANY_ORIGIN)) return { ...none, headers: { Vary: vary } };
  const headers: Record<string, string> = {
    // "*" answers as "*": the browser then sends no cookies and reads no credentialed answer.
    "Access-Control-Allow-Origin": exact ? origin : ANY_ORIGIN,
    Vary: vary,
    ...(exact ? { "Access-Control-Allow-Credentials": "true" } : {}),
  };
  if (preflight) {
    headers["Access-Control-Allow-Methods"] = ALLOW_METHODS;
    headers["Access-Control-Allow-Headers"] = ALLOW_HEADERS;
    headers["Access-Control-Max-Age"] = MAX_AGE;
  } else {
    headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS;
  }
  return { headers, preflight, allowed: true };
}
