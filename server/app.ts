import crypto from "node:crypto";
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
import { JSON_PREFIX, jsonTwinPath } from "../app/http/negotiate";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Multipart boundaries and the form's other fields, beside the file itself. */
const UPLOAD_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The routes that take files: the upload view (forms), an archive's or asset's URL (the API's
 * multipart upload) and the chunks of the chunked upload API.
 */
export function isUploadPath(method: string, path: string): boolean {
  if (method !== "POST") return false;
  return (
    /^\/fotoweb\/views\/upload\/?$/i.test(path) ||
    /^\/fotoweb\/archives\/[^/]+\/(?:[^/]+\.info\/?)?$/i.test(path) ||
    /^\/fotoweb\/api\/uploads\/[^/]+\/chunks\/[^/]+\/?$/i.test(path)
  );
}

function wantsJson(req: Request, res: Response) {
  return (
    /^\/fotoweb\/(api|services)(\/|$)/i.test(req.originalUrl) ||
    res.locals.jsonTwin === true ||
    /json/.test(req.get("accept") ?? "")
  );
}

/** Sends a refusal in the API's error shape or as a short page, by what the client accepts. */
function refuse(req: Request, res: Response, status: number, heading: string, value: string) {
  const requestId = String(res.locals.requestId ?? "");
  if (wantsJson(req, res)) {
    res.status(status).json({ status, heading, value, requestId, date: new Date().toISOString() });
    return;
  }
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(heading)} | Arkiv</title>` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"></head><body>` +
        `<main><h1>${escape(heading)}</h1><p>${escape(value)}</p><p>Request ID: ${escape(requestId)}</p>` +
        `<p><a href="/fotoweb/">Back to Arkiv</a></p></main></body></html>`,
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
    res.locals.requestId = id;
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", id);
    next();
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
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
      strictTransportSecurity: env.NODE_ENV === "production" && env.TRUST_PROXY ? undefined : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());

  // Everything else in public/ may change under its name (bundles are served above).
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

  if (env.LOG_REQUESTS) {
    morgan.token("id", (_req, res) => String((res as Response).locals.requestId));
    app.use(morgan(":date[iso] :id :method :url :status :res[content-length] - :response-time ms"));
  }

  // The JSON twins are internal. Check the path as Remix will see it: decoded, dot segments
  // resolved and in any case, so "/%5Fjson/" or "/fotoweb/../_JSON/" cannot reach them either.
  app.use((req, res, next) => {
    if (!isInternalPath(req.originalUrl)) return next();
    refuse(req, res, 404, "Not found", "There is nothing at this address.");
  });

  // Cross-origin form posts are refused: the Origin (or, failing that, Sec-Fetch-Site) must be ours.
  app.use((req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const ours = env.PUBLIC_ORIGIN ?? `${req.protocol}://${req.get("host")}`;
    const site = req.get("sec-fetch-site");
    if (
      (origin && origin !== "null" && origin !== ours) ||
      origin === "null" ||
      site === "cross-site"
    ) {
      return refuse(req, res, 403, "Forbidden", "Requests from other sites are not accepted.");
    }
    next();
  });

  // Bodies of forms and JSON are bounded before anything reads them.
  app.use((req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    // Upload routes take files up to MAX_UPLOAD_BYTES; the file store counts the bytes again.
    const upload = isUploadPath(req.method, req.path);
    const limit = upload ? env.MAX_UPLOAD_BYTES + UPLOAD_OVERHEAD_BYTES : env.MAX_FORM_BYTES;
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
          : `The request is larger than the limit of ${Math.round(env.MAX_FORM_BYTES / 1024)} kB.`,
      );
    }
    next();
  });

  app.use(
    "/fotoweb/views/login",
    rateLimit({
      windowMs: 15 * 60_000,
      limit: env.LOGIN_RATE_LIMIT,
      skip: (req) => req.method !== "POST",
      standardHeaders: "draft-7",
      legacyHeaders: false,
      handler: (req, res) =>
        refuse(
          req,
          res,
          429,
          "Too many sign-in attempts",
          "Too many sign-in attempts from this address. Wait a few minutes and try again.",
        ),
    }),
  );

  app.use((req, res, next) => {
    const twin = jsonTwinPath(req.method, req.path, {
      accept: req.get("accept"),
      "content-type": req.get("content-type"),
    });
    if (twin) {
      res.locals.jsonTwin = true;
      // The Remix adapter reads originalUrl, so both change.
      req.url = twin + req.url.slice(req.path.length);
      req.originalUrl = req.url;
    }
    next();
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
      }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    console.error(`[${res.locals.requestId}]`, error);
    if (res.headersSent) return res.end();
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500)
      return refuse(req, res, status, "Bad request", "The request could not be read.");
    refuse(
      req,
      res,
      500,
      "Server error",
      "An error occurred. Please contact your local administrator.",
    );
  });

  return app;
}
