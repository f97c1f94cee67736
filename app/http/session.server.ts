import crypto from "node:crypto";
import {
  createCookie,
  type Cookie,
  createSessionStorage,
  redirect,
  type Session,
  type SessionStorage,
} from "@remix-run/node";
import {
  deleteSession,
  insertSession,
  readSession,
  readSessionUser,
  updateSession,
} from "~/models/session/session.server";
import { getSiteSettings, storedSessionSecrets } from "~/models/site/site.server";
import { findGuest, findUserById, isActiveAccount, toViewer } from "~/models/user/user.server";
import { apiDecision, type Decision } from "~/models/access/access.server";
import type { Viewer } from "~/models/user/user.schema";
import { env } from "~/utils/env.server";
import { apiError, errorResponse, HttpError, isSecureRequest } from "./http.server";
import { findTokenUserId, type PresentedToken } from "~/models/oauth/oauth.server";
import { LINKS } from "~/utils/links";
import { currentPath, loginPath } from "./redirect";
import { perRequest } from "~/utils/request-scope.server";
import { wantsJson } from "./negotiate";
import { matchesAny, NEVER_A_PAGE_PATHS } from "./paths";
import { singleton } from "~/utils/singleton.server";

/*
 * The one session helper. Sessions live in the database; the cookie holds a signed random id.
 * SESSION_SECRETS rotates by putting the new secret first: the first signs, all verify.
 */

export const SESSION_COOKIE = "arkiv_session";

type SessionData = { userId: number };
type Storage = SessionStorage<SessionData, SessionData>;

const storages = () => singleton("sessionStorages", () => new Map<string, Promise<SessionParts>>());

export async function sessionSecrets(): Promise<string[]> {
  return env().SESSION_SECRETS ?? storedSessionSecrets();
}

interface SessionParts {
  /** The signed cookie holding the session's id. */
  cookie: Cookie;
  storage: Storage;
}

function sessionParts(request: Request): Promise<SessionParts> {
  const secure = isSecureRequest(request);
  const key = secure ? "secure" : "plain";
  let parts = storages().get(key);
  if (!parts) {
    parts = (async () => {
      const cookie = createCookie(SESSION_COOKIE, {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        secrets: await sessionSecrets(),
        maxAge: env().SESSION_IDLE_MINUTES * 60,
      });
      const storage = createSessionStorage<SessionData, SessionData>({
        cookie,
        async createData(data, expires) {
          const id = crypto.randomBytes(32).toString("base64url");
          await insertSession(id, data.userId ?? null, data, expires ?? idleExpiry());
          return id;
        },
        readData: (id) => readSession(id) as Promise<SessionData | null>,
        updateData: (id, data, expires) =>
          updateSession(id, data.userId ?? null, data, expires ?? idleExpiry()),
        deleteData: deleteSession,
      });
      return { cookie, storage };
    })();
    parts.catch(() => storages().delete(key));
    storages().set(key, parts);
  }
  return parts;
}

async function sessionStorage(request: Request): Promise<Storage> {
  return (await sessionParts(request)).storage;
}

function idleExpiry() {
  return new Date(Date.now() + env().SESSION_IDLE_MINUTES * 60_000);
}

export async function getSession(request: Request): Promise<Session<SessionData, SessionData>> {
  return (await sessionStorage(request)).getSession(request.headers.get("Cookie"));
}

/** The header a program's API token travels in, as the FotoWare API names it. */
export const API_TOKEN_HEADER = "FWAPITOKEN";

/** The query parameter some clients put their OAuth2 access token in (RFC 6750 section 2.3). */
export const ACCESS_TOKEN_PARAMETER = "access_token";

/**
 * The token a program presents: an OAuth2 access token (`Authorization: Bearer`) or an API token
 * (`FWAPITOKEN`), or failing both an access token in the `access_token` query parameter, where
 * FotoWare clients (enonic's app-fotoware) put it. Another Authorization scheme is not a token and
 * leaves the session to decide.
 */
export function presentedToken(request: Request): PresentedToken | null {
  return tokenOf(
    request.headers.get(API_TOKEN_HEADER),
    request.headers.get("authorization"),
    new URL(request.url).searchParams.getAll(ACCESS_TOKEN_PARAMETER),
  );
}

function tokenOf(
  api: string | null,
  authorization: string | null,
  query: readonly string[],
): PresentedToken | null {
  if (api !== null) return { kind: "api", value: api.trim() };
  const match = /^bearer(?:[ \t]+(.*))?$/i.exec(authorization ?? "");
  if (match) return { kind: "bearer", value: (match[1] ?? "").trim() };
  if (query.length === 0) return null;
  // Given twice, it is no one token: it fails as an empty one does, never falling to the cookie.
  return { kind: "bearer", value: query.length === 1 ? query[0]!.trim() : "" };
}

/**
 * Whether the request's token (headers, then the query parameter) is one that authenticates:
 * only then may server/ skip the same-origin check. An empty or unknown token proves nothing; an
 * empty header is even dropped on its way into Remix, which would then let the session cookie
 * decide.
 */
export async function holdsValidToken(
  api: string | undefined,
  authorization: string | undefined,
  query: readonly string[] = [],
): Promise<boolean> {
  // As Remix's adapter sees the headers: an empty one is not there.
  const token = tokenOf(api || null, authorization || null, query);
  if (!token || token.value === "") return false;
  return (await findTokenUserId(token)) !== null;
}

export const INVALID_TOKEN_MESSAGE =
  "The access token is not valid: it is unknown, expired or revoked. Get a new one and try again.";

/**
 * A presented token decides alone: its user, or 401 in the error body when it is not valid. It
 * never falls back to the session cookie or to the guest, so a program learns at once that its
 * token stopped working, and a cookie riding along changes nothing (which is why token requests
 * skip the same-origin check in server/).
 */
async function tokenViewer(request: Request, token: PresentedToken): Promise<Viewer> {
  const userId = await findTokenUserId(token);
  const viewer = userId === null ? null : await findUserById(userId);
  if (viewer) {
    // A program acts only for someone holding the api capability (decision 035); browsers'
    // cookie requests are not programs and are never refused by it.
    const decision = await apiDecision(viewer);
    if (!decision.allowed) throw errorResponse(request, decision.problem);
    return viewer;
  }
  const challenge =
    token.kind === "bearer"
      ? 'Bearer realm="Arkiv", error="invalid_token"'
      : 'FWAPITOKEN realm="Arkiv"';
  throw errorResponse(
    request,
    new HttpError(401, INVALID_TOKEN_MESSAGE, { headers: { "WWW-Authenticate": challenge } }),
  );
}

/**
 * The viewer: the user of a presented token (or 401 when it is not valid), else the signed-in
 * user (the guest included), else null for an anonymous visitor.
 */
export function getViewer(request: Request): Promise<Viewer | null> {
  return perRequest("viewer", async () => {
    const token = presentedToken(request);
    if (token) return tokenViewer(request, token);
    // The session's id from its signed cookie, then the session and its user in one read.
    const id: unknown = await (
      await sessionParts(request)
    ).cookie.parse(request.headers.get("Cookie"));
    if (typeof id !== "string" || id === "") return null;
    const user = await readSessionUser(id);
    return user && isActiveAccount(user) ? toViewer(user) : null;
  });
}

/**
 * Who browses: the signed-in user, or for an anonymous visitor the guest user while the site
 * allows guests, so public archives read the same with and without a guest session (the API's
 * public archive list needs no credentials). null when guests are turned off.
 */
export async function getBrowsingViewer(request: Request): Promise<Viewer | null> {
  const viewer = await getViewer(request);
  if (viewer) return viewer;
  return (await getSiteSettings()).guestAccess ? perRequest("guest", findGuest) : null;
}

export const NOT_SIGNED_IN_MESSAGE =
  "Access is denied due to invalid credentials. Sign in and try again.";

export interface ViewerOptions {
  /** false: the guest is refused too (own accounts only). */
  allowGuest?: boolean;
  /** Browse as the guest when nobody is signed in and the site allows guests. */
  browsing?: boolean;
}

/** Whether the request is answered as an API resource: JSON twins, API paths, JSON clients. */
function isJsonRequest(request: Request): boolean {
  return matchesAny(NEVER_A_PAGE_PATHS, new URL(request.url).pathname) || wantsJson(request);
}

/**
 * The one check of who may go on (decision 023): the viewer, or for nobody signed in a thrown
 * answer by what was asked: a page gets a redirect to the log-on view that returns here, JSON
 * gets 401 in the error body. On pages, a user who must change the password is sent to that
 * view first.
 */
export async function requireViewer(request: Request, options: ViewerOptions = {}) {
  const viewer = options.browsing ? await getBrowsingViewer(request) : await getViewer(request);
  const json = isJsonRequest(request);
  if (!viewer || (viewer.isGuest && options.allowGuest === false)) {
    if (json) throw apiError(request, 401, NOT_SIGNED_IN_MESSAGE);
    throw redirect(loginPath(currentPath(request)));
  }
  if (
    !json &&
    viewer.forcePasswordChange &&
    new URL(request.url).pathname !== LINKS.forceChangePassword
  ) {
    throw redirect(LINKS.forceChangePassword);
  }
  return viewer;
}

/**
 * Someone signed in with an own account whom the access module's decision allows; a refusal is
 * answered in the one error shape (administration areas answer as absent, decision 035). Every
 * guard of an area is this, with the area's decision.
 */
export async function requireAllowed(
  request: Request,
  decide: (viewer: Viewer) => Promise<Decision<unknown>>,
): Promise<Viewer> {
  const viewer = await requireViewer(request, { allowGuest: false });
  const decision = await decide(viewer);
  if (!decision.allowed) throw errorResponse(request, decision.problem);
  return viewer;
}

/** Starts a fresh session for the user (never reusing the old id) and returns its cookie. */
export async function startUserSession(request: Request, userId: number): Promise<string> {
  const storage = await sessionStorage(request);
  const old = await storage.getSession(request.headers.get("Cookie"));
  if (old.id) await storage.destroySession(old);
  const session = await storage.getSession();
  session.set("userId", userId);
  return storage.commitSession(session);
}

/** Ends the session on the server and returns the cookie that clears it in the browser. */
export async function endSession(request: Request): Promise<string> {
  const storage = await sessionStorage(request);
  return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
}

/** Extends an existing session's idle expiry (keepalive); null when there is none. */
export async function touchSession(request: Request): Promise<string | null> {
  const storage = await sessionStorage(request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (!session.id || typeof session.get("userId") !== "number") return null;
  return storage.commitSession(session);
}
