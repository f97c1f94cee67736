import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import morgan from "morgan";
import type { Env } from "../app/utils/env.server";
import { formatBytes } from "../app/utils/format";
import { inRequestScope } from "../app/utils/request-scope.server";
import { errorBodyFor, errorBodyOf, methodNotAllowedMessage } from "../app/http/error.server";
import type { FormReplyBody } from "../app/http/error";
import { METHODS_REMIX_ANSWERS } from "../app/http/methods";
import { precompressed } from "./precompressed";
import {
  isJsonType,
  JSON_PREFIX,
  jsonTwinPath,
  parseAccept,
  prefersJson,
} from "../app/http/negotiate";
import {
  API_ONLY_PATHS,
  isUploadPath,
  IMAGE_FORM_BYTES,
  IMAGE_FORM_PATHS,
  matchesAny,
  OAUTH_AUTHORIZE_PATHS,
  OAUTH_CLIENT_PATHS,
  RATE_LIMIT_WINDOW_MS,
  RATE_LIMITED_FORMS,
  SECRET_SEGMENT_PATHS,
  CLIENT_ADDRESS_HEADER,
  FRAMEABLE_PATHS,
} from "../app/http/paths";
import { matrixToQuery } from "../app/http/matrix";
import { folderPathToQuery } from "../app/http/folder-path";
import { ACCESS_TOKEN_PARAMETER, holdsValidToken } from "../app/http/session.server";
import { isLoopbackHost, siteOrigin, SITE_ORIGIN_HEADER } from "../app/http/origin.server";
import { DatabaseStore } from "../app/http/rate-limit.server";
import { loggable } from "../app/http/log-safe.server";
import { corsAnswer, widgetFrameAncestors } from "../app/http/cors.server";
import { localeOf } from "../app/http/locale/locale.server";
import { translate } from "../app/models/locale/catalog.server";
import type { MessageId, MessageValues } from "../app/models/locale/message-id";
import { allowedMethodsOf, routeOf } from "./routes";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** The methods the matched route answers, for the Allow header of its 405s. */
    allowedMethods?: string[];
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Multipart boundaries and the form's other fields, beside the file itself. */
const UPLOAD_OVERHEAD_BYTES = 1024 * 1024;

/* Whether a refusal is JSON: in the API-only areas, for a JSON twin, or when JSON is accepted. */
function wantsJson(req: Request, res: Response) {
  return (
    matchesAny(API_ONLY_PATHS, req.originalUrl.split("?")[0]!) ||
    res.locals.jsonTwin === true ||
    parseAccept(req.get("accept")).some((range) => range.q > 0 && isJsonType(range.type))
  );
}

/**
 * Sends a refusal in the one error body (JSON) or as a short page, by what the client accepts.
 * `body` is the error body of what was thrown, or of a refusal made here.
 */
/** How a page's refusal reads for its reader: their language, and the page's own words. */
interface RefusalPage {
  language: string;
  heading: string;
  requestId: string;
  back: string;
}

function refuseWith(
  req: Request,
  res: Response,
  body: ReturnType<typeof errorBodyFor>,
  page?: RefusalPage,
) {
  const { status, heading, value } = body;
  const requestId = String(res.locals.requestId ?? "");
  res.setHeader("Cache-Control", "no-store");
  if (typeof req.query._data === "string") {
    // A form posted by the scripted page (Remix's ?_data= request) reads a refusal only when it
    // is marked as Remix's own: anything else becomes a bare "An error occurred". As a form reply
    // the page shows the message by its form, as the page without JavaScript shows it.
    const reply: FormReplyBody = { ...body, fieldErrors: {}, formError: value };
    res.status(status).setHeader("X-Remix-Response", "yes").json(reply);
    return;
  }
  if (wantsJson(req, res)) {
    res.status(status).json(body);
    return;
  }
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const words = page ?? {
    language: "en",
    heading,
    requestId: `Request ID: ${requestId}`,
    back: "Back to Arkiv",
  };
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="${escape(words.language)}"><head><meta charset="utf-8">` +
        `<title>${escape(words.heading)} | Arkiv</title>` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"></head><body>` +
        `<main><h1>${escape(words.heading)}</h1><p>${escape(value)}</p><p>${escape(words.requestId)}</p>` +
        `<p><a href="/fotoweb/">${escape(words.back)}</a></p></main></body></html>`,
    );
}

function refuse(req: Request, res: Response, status: number, heading: string, value: string) {
  refuseWith(
    req,
    res,
    errorBodyFor(status, value, String(res.locals.requestId ?? ""), { heading }),
  );
}

/** The page's own rule for its reader's language (locale.server), for a refusal before Remix. */
async function readerLanguage(req: Request) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  return (
    await localeOf(new Request(new URL(req.originalUrl, "http://arkiv.invalid"), { headers }))
  ).language;
}

/**
 * A refusal a person meets on a page (too many attempts), in their language; a program reads
 * the English heading and message, as the API always says them.
 */
async function refuseInWords(
  req: Request,
  res: Response,
  status: number,
  english: { heading: string; message: string },
  words: { heading: MessageId; message: MessageId },
) {
  const requestId = String(res.locals.requestId ?? "");
  const body = errorBodyFor(status, english.message, requestId, { heading: english.heading });
  if (wantsJson(req, res) && typeof req.query._data !== "string") return refuseWith(req, res, body);
  // An unreadable session or settings table must not turn a refusal into a failure.
  const language = await readerLanguage(req).catch(() => "en" as const);
  const t = (id: MessageId, values?: MessageValues) => translate(language, id, values);
  refuseWith(
    req,
    res,
    { ...body, value: t(words.message) },
    {
      language,
      heading: t(words.heading),
      requestId: t("auth.rateLimit.requestId", { id: requestId }),
      back: t("auth.rateLimit.back"),
    },
  );
}

function isInternalPath(url: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, "http://arkiv.invalid").pathname);
  } catch {
    return true;
  }
  const normalized = path.posix.normalize(pathname).toLowerCase();
  return normalized === JSON_PREFIX || normalized.startsWith(`${JSON_PREFIX}/`);
}

/*
 * A request that authenticates with a token (Authorization: Bearer, FWAPITOKEN, or the
 * access_token query parameter) is decided by the
 * token alone, never by a cookie riding along (app/http/session.server.ts), and a cross-site page
 * cannot add these headers without the browser asking first (CORS), which Arkiv allows only for
 * the origins the site names (decision 110). So
 * these requests, and the OAuth2 endpoints that authenticate the client itself, skip the
 * same-origin check, as programs on other machines must. The token must be valid: an empty or
 * unknown one would leave the cookie to decide (issue 29).
 */
async function authenticatesWithoutCookie(req: Request): Promise<boolean> {
  if (matchesAny(OAUTH_CLIENT_PATHS, req.path)) return true;
  if (!presentsToken(req)) return false;
  return holdsValidToken(req.get("fwapitoken"), req.get("authorization"), accessTokensOf(req));
}

const accessTokensOf = (req: Request) =>
  new URL(req.originalUrl, "http://arkiv.invalid").searchParams.getAll(ACCESS_TOKEN_PARAMETER);

/** Whether the request carries a token where programs put one (valid or not). */
function presentsToken(req: Request): boolean {
  return (
    req.get("fwapitoken") !== undefined ||
    /^bearer(?:[ \t]|$)/i.test(req.get("authorization") ?? "") ||
    accessTokensOf(req).length > 0
  );
}

/** The host the request was sent to, as the trust proxy setting reads it (and Remix after it). */
function requestHost(req: Request): string {
  const forwarded = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || (req.get("host") ?? "");
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

const refuseCrossSite = (req: Request, res: Response) =>
  refuse(req, res, 403, "Forbidden", "Requests from other sites are not accepted.");

/*
 * The consent page's form is answered with a redirect to the application's redirect URI, which
 * CSP's form-action checks as well: the page allows that one origin besides its own. The action
 * only redirects to a URI registered for the client, whatever this allows.
 */
function consentFormTarget(req: Request): string {
  if (!matchesAny(OAUTH_AUTHORIZE_PATHS, req.path)) return "";
  const uri = req.query.redirect_uri;
  if (typeof uri !== "string") return "";
  try {
    const url = new URL(uri);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : "";
  } catch {
    return "";
  }
}

/** The request's path and query for the log, with the values of credential-like parameters hidden. */
export function loggedUrl(logged: string): string {
  const secret = SECRET_SEGMENT_PATHS.find((re) => re.test(logged));
  const url = secret ? logged.replace(secret, "$1[hidden]") : logged;
  const index = url.indexOf("?");
  if (index < 0) return url;
  const params = new URLSearchParams(url.slice(index + 1));
  for (const name of new Set(params.keys())) {
    if (/token|secret|code|password|assertion/i.test(name)) params.set(name, "[hidden]");
  }
  return `${url.slice(0, index)}?${params.toString()}`;
}

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  env: Env;
  /** Folder holding build/ and public/ (the project root). */
  root: string;
}

export function createApp({ build, env, root }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // One hop, never "any": with `true` Express would take the left-most X-Forwarded-For address,
  // which the client writes, and the sign-in rate limit could be dodged by changing it.
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);

  /*
   * Fingerprinted bundles never change under their name. Served before the page headers: a page
   * loads some forty of them, and the policy headers, which govern documents, cost a kilobyte on
   * each (the CSP's nonce makes it differ every time). A script keeps the two headers that
   * protect it (decision 027).
   */
  app.use(
    "/build",
    precompressed(path.join(root, "public/build")),
    compression(),
    express.static(path.join(root, "public/build"), {
      immutable: true,
      maxAge: "1y",
      // Never revalidated under an immutable name: validators would only add bytes.
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      },
    }),
  );

  app.use((req, res, next) => {
    // The id is ours alone: a client's own X-Request-Id is replaced, never trusted.
    const id = crypto.randomUUID();
    req.headers["x-request-id"] = id;
    // The client's address as trust proxy reads it, for what the app logs per address (a public
    // link's access log); a client's own header of that name is replaced, never trusted.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    res.locals.requestId = id;
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", id);
    next();
  });

  // The widgets' pages may be framed by the origins allowed to call the API (decision 110).
  app.use(async (req, res, next) => {
    if (!matchesAny(FRAMEABLE_PATHS, req.path)) return next();
    try {
      const origins = await widgetFrameAncestors();
      if (origins.length > 0) res.locals.frameAncestors = origins.join(" ");
      next();
    } catch (error) {
      next(error);
    }
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          // The nonce lets react-aria's one injected <style> in (it reads <meta name="csp-nonce">).
          styleSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          // react-aria positions popovers and hides text visually with style attributes.
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          frameAncestors: [
            "'self'",
            (_req, res) => String((res as Response).locals.frameAncestors ?? ""),
          ],
          formAction: ["'self'", (req) => consentFormTarget(req as Request)],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
      strictTransportSecurity: env.NODE_ENV === "production" && env.TRUST_PROXY ? undefined : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // A file may be shown by another site's page; the file's own answer says so (decision 115).
  app.use((req, res, next) => {
    if (/^\/fotoweb\/files\//i.test(req.path)) res.removeHeader("Cross-Origin-Resource-Policy");
    next();
  });
  // X-Frame-Options cannot name origins; where CSP allows framers, it would only contradict it.
  app.use((_req, res, next) => {
    if (res.locals.frameAncestors) res.removeHeader("X-Frame-Options");
    next();
  });
  app.use(compression());

  // Cross-origin calls from the allowed origins' pages (decision 110): the rule is in cors.server.
  app.use(async (req, res, next) => {
    try {
      const cors = await corsAnswer({
        method: req.method,
        path: req.path,
        origin: req.get("origin"),
        accept: req.get("accept"),
        contentType: req.get("content-type"),
        requestMethod: req.get("access-control-request-method"),
      });
      for (const [name, value] of Object.entries(cors.headers))
        if (name === "Vary") res.append(name, value);
        else res.setHeader(name, value);
      res.locals.corsAllowed = cors.allowed;
      // A preflight is answered here, allowed or not: a refused one simply lacks the headers.
      if (cors.preflight) return res.status(204).end();
      next();
    } catch (error) {
      next(error);
    }
  });

  /*
   * Everything else in public/ may change under its name (bundles are served above). Only the
   * names public/ holds reach the static handler: otherwise every page and API call paid a file
   * system stat for an index.html that is never there (issue 31, "Server time").
   */
  const publicDir = path.join(root, "public");
  const publicNames = new Set(
    fs.existsSync(publicDir) ? fs.readdirSync(publicDir).filter((name) => name !== "build") : [],
  );
  const servePublic = express.static(publicDir, { maxAge: "1h" });
  app.use((req, res, next) =>
    publicNames.has(req.path.split("/", 2)[1] ?? "") ? servePublic(req, res, next) : next(),
  );

  if (env.LOG_REQUESTS) {
    morgan.token("id", (_req, res) => String((res as Response).locals.requestId));
    // Tokens in headers are never logged; one in the query (access_token) is hidden in the line.
    morgan.token("safe-url", (req) => loggedUrl((req as Request).originalUrl));
    app.use(
      morgan(":date[iso] :id :method :safe-url :status :res[content-length] - :response-time ms"),
    );
  }

  // The JSON twins are internal. Check the path as Remix will see it: decoded, dot segments
  // resolved and in any case, so "/%5Fjson/" or "/fotoweb/../_JSON/" cannot reach them either.
  app.use((req, res, next) => {
    if (!isInternalPath(req.originalUrl)) return next();
    refuse(req, res, 404, "Not found", "There is nothing at this address.");
  });

  // X-Forwarded-Host is the proxy's word only when the proxy is trusted. Remix's own origin check
  // reads it whatever the setting, so an untrusted one is dropped: both checks see one host.
  app.use((req, _res, next) => {
    if (!env.TRUST_PROXY) delete req.headers["x-forwarded-host"];
    next();
  });

  // The site's origin (decision 067), for links in mail, and the one host mutations may name:
  // a forged Host can neither change a mailed link nor post to the site under another name.
  // Requests naming this machine (loopback: a local install, health checks, tests on their own
  // ports) are let through; the links they cause still use the recorded origin.
  app.use(async (req, res, next) => {
    try {
      const host = requestHost(req);
      const requestOrigin = `${req.protocol}://${host}`;
      const site = await siteOrigin(requestOrigin);
      const siteHost = hostOf(site) ?? "";
      const local = isLoopbackHost(host);
      req.headers[SITE_ORIGIN_HEADER] = local && isLoopbackHost(siteHost) ? requestOrigin : site;
      if (
        UNSAFE_METHODS.has(req.method) &&
        !local &&
        !isLoopbackHost(siteHost) &&
        host !== siteHost
      )
        return refuse(
          req,
          res,
          421,
          "Misdirected request",
          `This site answers at ${site}; send the request there.`,
        );
      next();
    } catch (error) {
      next(error);
    }
  });

  // Cross-origin form posts are refused: the Origin (or, failing that, Sec-Fetch-Site) must be ours.
  app.use(async (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const host = requestHost(req);
    try {
      // An Origin naming another host than the request's fails Remix's own check with a 500, token
      // or not (issue 29): refused here as what it is. A program in a page of an origin allowed
      // to call the API (decision 110) goes on when its token decides, never its cookie; Remix
      // then no longer needs to see the Origin this check has judged.
      if (origin && origin !== "null" && hostOf(origin) !== host) {
        if (!res.locals.corsAllowed || !(await authenticatesWithoutCookie(req)))
          return refuseCrossSite(req, res);
        delete req.headers.origin;
        return next();
      }
      if (await authenticatesWithoutCookie(req)) return next();
    } catch (error) {
      return next(error);
    }
    const ours = env.PUBLIC_ORIGIN ?? `${req.protocol}://${host}`;
    const site = req.get("sec-fetch-site");
    if (
      (origin && origin !== "null" && origin !== ours) ||
      origin === "null" ||
      site === "cross-site"
    ) {
      return refuseCrossSite(req, res);
    }
    next();
  });

  // Bodies of forms and JSON are bounded before anything reads them.
  app.use((req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    // Upload routes take files up to MAX_UPLOAD_BYTES; the file store counts the bytes again.
    const upload = isUploadPath(req.method, req.path);
    const imageForm = req.method === "POST" && matchesAny(IMAGE_FORM_PATHS, req.path);
    const limit = upload
      ? env.MAX_UPLOAD_BYTES + UPLOAD_OVERHEAD_BYTES
      : imageForm
        ? Math.max(IMAGE_FORM_BYTES, env.MAX_FORM_BYTES)
        : env.MAX_FORM_BYTES;
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding")) {
      return refuse(
        req,
        res,
        411,
        "Length required",
        "Send the request with a Content-Length header.",
      );
    }
    if (Number(length ?? 0) > limit) {
      return refuse(
        req,
        res,
        413,
        "Too large",
        upload
          ? `The upload is larger than the limit of ${formatBytes(env.MAX_UPLOAD_BYTES)}.`
          : `The request is larger than the limit of ${Math.round(limit / 1024)} kB.`,
      );
    }
    next();
  });

  // The forms that take a password, counted per client address (the password changes are also
  // counted per user, in their action).
  for (const form of RATE_LIMITED_FORMS) {
    app.use(
      form.path,
      rateLimit({
        windowMs: RATE_LIMIT_WINDOW_MS,
        limit: env.LOGIN_RATE_LIMIT,
        // Counted in the database, so every process of the site shares the count (decision 068).
        store: new DatabaseStore(`form:${form.path}:`),
        skip: (req) => req.method !== "POST",
        standardHeaders: "draft-7",
        legacyHeaders: false,
        handler: (req, res) => void refuseInWords(req, res, 429, form, form.words),
      }),
    );
  }

  // A folder's URL and an asset's under its folder path, the FotoWare way, are served by the
  // archive's and the asset's own routes (decision 114); a browser is sent there, as below.
  app.use((req, res, next) => {
    const rewritten = folderPathToQuery(
      req.path,
      req.url.slice(req.path.length).replace(/^\?/, ""),
    );
    if (rewritten === null) return next();
    const target = rewritten.split("?")[0]!;
    const forJson = jsonTwinPath(
      req.method,
      target,
      { accept: req.get("accept"), "content-type": req.get("content-type") },
      { token: presentsToken(req) },
    );
    // A matrix segment is the next step's to move; a page is sent to the form it shows.
    if (!forJson && !target.includes(";") && (req.method === "GET" || req.method === "HEAD"))
      return res.redirect(302, rewritten);
    req.url = rewritten;
    req.originalUrl = rewritten;
    next();
  });

  // A collection's matrix parameters (;p=2;o=name) travel on in the query, to the collection's
  // own route (decision 030). A browser is sent to that form instead: its client-side router
  // would take the matrix segment for an asset's name and fail to hydrate the page.
  app.use((req, res, next) => {
    const rewritten = matrixToQuery(req.path, req.url.slice(req.path.length).replace(/^\?/, ""));
    if (rewritten === null) return next();
    const target = rewritten.split("?")[0]!;
    // An API path has no page to hydrate: it is served where it is (the taxonomies' ;p=).
    const forJson =
      matchesAny(API_ONLY_PATHS, target) ||
      jsonTwinPath(
        req.method,
        target,
        { accept: req.get("accept"), "content-type": req.get("content-type") },
        { token: presentsToken(req) },
      );
    if (!forJson && (req.method === "GET" || req.method === "HEAD"))
      return res.redirect(302, rewritten);
    req.url = rewritten;
    req.originalUrl = rewritten;
    next();
  });

  app.use(async (req, res, next) => {
    try {
      const headers = { accept: req.get("accept"), "content-type": req.get("content-type") };
      let twin = jsonTwinPath(req.method, req.path, headers);
      // A program's token without HTML in Accept reads JSON, where a JSON twin answers: files,
      // event streams and pages without a twin stay what they are.
      if (!twin && presentsToken(req)) {
        const byToken = jsonTwinPath(req.method, req.path, headers, { token: true });
        const current = typeof build === "function" ? await build() : build;
        const route = byToken ? routeOf(current, byToken) : null;
        if (route && !route.isCatchAll && !route.id.endsWith("/[_json].$")) twin = byToken;
      }
      if (twin) {
        res.locals.jsonTwin = true;
        // The Remix adapter reads originalUrl, so both change.
        req.url = twin + req.url.slice(req.path.length);
        req.originalUrl = req.url;
      }
      next();
    } catch (error) {
      next(error);
    }
  });

  // Before Remix: which route answers the path, so a 405 can say what the path allows, a method
  // Remix cannot take is refused here instead of failing inside it, a JSON request that only
  // the catch-all page would answer gets the JSON 404 of the twins' catch-all instead, and one
  // that only a page answers (a view, a page without a twin) gets a JSON 406: a client that
  // prefers JSON never receives HTML.
  app.use(async (req, res, next) => {
    try {
      const current = typeof build === "function" ? await build() : build;
      const route = routeOf(current, req.path);
      const jsonRequest = parseAccept(req.get("accept")).some(
        (range) => range.q > 0 && isJsonType(range.type),
      );
      if (route?.isCatchAll && jsonRequest && !res.locals.jsonTwin) {
        res.locals.jsonTwin = true;
        req.url = JSON_PREFIX + req.url;
        req.originalUrl = req.url;
      }
      const allowed = allowedMethodsOf(current, req.path);
      res.locals.allowedMethods = allowed;
      if (!METHODS_REMIX_ANSWERS.has(req.method)) {
        res.setHeader("Allow", allowed.join(", "));
        return refuse(
          req,
          res,
          405,
          "Method not allowed",
          methodNotAllowedMessage(req.method, allowed),
        );
      }
      if (route?.isPage && !res.locals.jsonTwin && prefersJson(req.get("accept"))) {
        return refuse(
          req,
          res,
          406,
          "Not acceptable",
          "This address is a page for browsers and has no JSON representation. Ask for text/html, or follow the API's links from /fotoweb/.",
        );
      }
      next();
    } catch (error) {
      next(error);
    }
  });

  // The loaders of one GET share what they read (decision 019).
  app.use((req, _res, next) => inRequestScope(req.method, next));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (_req, res) => ({
        cspNonce: res.locals.cspNonce,
        requestId: res.locals.requestId,
        allowedMethods: res.locals.allowedMethods ?? ["GET", "HEAD"],
      }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const requestId = String(res.locals.requestId ?? "");
    if (res.headersSent) {
      console.error(`[${requestId}]`, loggable(error));
      return res.end();
    }
    // Express's body and URL errors carry a 4xx status: the request could not be read.
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500)
      return refuse(req, res, status, "Bad request", "The request could not be read.");
    refuseWith(req, res, errorBodyOf(error, requestId));
  });

  return app;
}
