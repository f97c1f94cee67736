import OAuth2Server from "@node-oauth/oauth2-server";
import { keyed } from "~/models/locale/keyed";
import { redirect } from "@remix-run/node";
import {
  authenticateApplication,
  findApplicationByClientId,
  findPublicApplication,
  type Application,
} from "~/models/application/application.server";
import {
  grantedScope,
  oauthModel,
  revokeClientToken,
  UNKNOWN_SCOPE_MESSAGE,
} from "~/models/oauth/oauth.server";
import type { Viewer } from "~/models/user/user.schema";
import { env } from "~/utils/env.server";
import { HttpError, requestIdOf } from "./http.server";
import { mediaTypeOf } from "./negotiate";
import { tooManyFieldsMessage, urlencodedFieldCount } from "./submission.server";
import { countTokenFailure, tokenFailureWait } from "./rate-limit.server";
import { clientAddressOf } from "./link-cookie.server";
import { loggable } from "./log-safe.server";

/*
 * The HTTP side of OAuth2 (decision 028). @node-oauth/oauth2-server runs the protocol: it checks
 * the grant, the client's grants, the code, PKCE's verifier and the redirect URI, and names each
 * error as RFC 6749 does. Here: reading the form, authenticating every client with its secret,
 * the per-client rate limit, the revocation endpoint (RFC 7009, which the library has not), and
 * answering in OAuth's JSON error shape, `{ error, error_description }`.
 */

const { Request: OAuthRequest, Response: OAuthResponse, OAuthError } = OAuth2Server;

/** How long an authorization code lives: long enough to follow a redirect, no more. */
const AUTHORIZATION_CODE_SECONDS = 120;

const server = () =>
  new OAuth2Server({
    model: oauthModel,
    accessTokenLifetime: env().OAUTH_ACCESS_TOKEN_SECONDS,
    refreshTokenLifetime: env().OAUTH_REFRESH_TOKEN_SECONDS,
    authorizationCodeLifetime: AUTHORIZATION_CODE_SECONDS,
    allowEmptyState: true,
    allowBearerTokensInQueryString: false,
    // A public client refreshes with its client id alone; a confidential one is authenticated
    // with its secret here first (authenticatedClient), whatever the library asks.
    requireClientAuthentication: { refresh_token: false },
  });

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

/** An answer in OAuth's error shape (RFC 6749 section 5.2). */
export function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { error, error_description: description },
    { status, headers: { ...NO_STORE, ...headers } },
  );
}

/** A library error as its answer; anything unexpected is logged and answered as server_error. */
function answerOf(request: Request, error: unknown, response?: OAuth2Server.Response): Response {
  if (error instanceof OAuthError && error.code < 500) {
    const headers: Record<string, string> = {};
    const challenge = response?.get("WWW-Authenticate") as string | undefined;
    if (challenge) headers["WWW-Authenticate"] = challenge;
    return oauthError(error.code, error.name, error.message, headers);
  }
  console.error(`[${requestIdOf(request) ?? ""}]`, loggable(error));
  return oauthError(500, "server_error", "The server could not complete the request.");
}

const FORM = "application/x-www-form-urlencoded";

/** The endpoint's form; OAuth forbids a parameter twice. Throws the OAuth answer otherwise. */
async function readOAuthForm(request: Request): Promise<Record<string, string>> {
  if (mediaTypeOf(request) !== FORM)
    throw oauthError(400, "invalid_request", `Send the parameters as ${FORM}.`);
  const text = await request.text();
  if (urlencodedFieldCount(text) > env().MAX_FORM_FIELDS)
    throw oauthError(413, "invalid_request", tooManyFieldsMessage());
  const form = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(form, name))
      throw oauthError(400, "invalid_request", `"${name}" is given more than once.`);
    form[name] = value;
  }
  return form;
}

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Sent with HTTP Basic: a failure answers 401 with a challenge (RFC 6749 section 5.2). */
  basic: boolean;
}

function clientCredentials(request: Request, form: Record<string, string>): ClientCredentials {
  const match = /^basic[ \t]+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(
    request.headers.get("authorization") ?? "",
  );
  if (match) {
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0) {
      const part = (s: string) => {
        try {
          return decodeURIComponent(s.replace(/\+/g, " "));
        } catch {
          return s;
        }
      };
      return {
        clientId: part(decoded.slice(0, colon)),
        clientSecret: part(decoded.slice(colon + 1)),
        basic: true,
      };
    }
  }
  return { clientId: form.client_id ?? "", clientSecret: form.client_secret ?? "", basic: false };
}

const invalidClient = (basic: boolean) =>
  oauthError(
    401,
    "invalid_client",
    "Client authentication failed: give the application's client id and secret (a public client: its client id alone).",
    basic ? { "WWW-Authenticate": 'Basic realm="Arkiv"' } : {},
  );

/*
 * A confidential client is authenticated with its secret before anything else, PKCE included
 * (the library would let a PKCE request through on its client id alone). A public client
 * (migration 0020) has no secret: its client id names it, and what it may do is narrowed in
 * tokenResponse. A secret given for a public client, or none for a confidential one, fails.
 */
async function authenticatedClient(
  request: Request,
  form: Record<string, string>,
): Promise<{ credentials: ClientCredentials; application: Application }> {
  const credentials = clientCredentials(request, form);
  if (!credentials.clientId) throw invalidClient(credentials.basic);
  const address = clientAddressOf(request);
  const wait = await tokenFailureWait(address);
  if (wait !== null)
    throw oauthError(
      429,
      "temporarily_unavailable",
      "Too many failed token requests from this address. Wait a few minutes and try again.",
      { "Retry-After": String(wait) },
    );
  const application = credentials.clientSecret
    ? await authenticateApplication(credentials.clientId, credentials.clientSecret)
    : await findPublicApplication(credentials.clientId);
  if (!application) {
    await countTokenFailure(address);
    throw invalidClient(credentials.basic);
  }
  return { credentials, application };
}

/*
 * A public client holds no secret, so whoever has its client id could ask in its name: it gets
 * tokens only for a person who approved it, through a code bound to its PKCE challenge (the
 * library checks the verifier against it), or by refreshing one of those tokens.
 */
function publicClientRefusal(form: Record<string, string>): Response | null {
  if (form.grant_type !== "authorization_code" && form.grant_type !== "refresh_token")
    return oauthError(
      400,
      "unauthorized_client",
      "A public client may use only the authorization_code grant with PKCE, and refresh_token.",
    );
  if (form.grant_type === "authorization_code" && !form.code_verifier)
    return oauthError(
      400,
      "invalid_request",
      "A public client must give the code_verifier of its PKCE challenge.",
    );
  return null;
}

/** POST /fotoweb/oauth2/token: every grant, answered by the library. */
export async function tokenResponse(request: Request): Promise<Response> {
  try {
    const form = await readOAuthForm(request);
    const { credentials, application } = await authenticatedClient(request, form);
    if (application.clientType === "public") {
      const refusal = publicClientRefusal(form);
      if (refusal) return refusal;
    }
    const secret = credentials.clientSecret ? { client_secret: credentials.clientSecret } : {};
    const body = new URLSearchParams(form).toString();
    const oauthRequest = new OAuthRequest({
      method: "POST",
      query: {},
      headers: {
        ...Object.fromEntries(request.headers),
        // A public client named in Basic with an empty secret is named by its id alone.
        ...(credentials.clientSecret ? {} : { authorization: "" }),
        "content-type": FORM,
        "content-length": String(Buffer.byteLength(body)),
      },
      body: { ...form, client_id: credentials.clientId, ...secret },
    });
    const response = new OAuthResponse();
    try {
      await server().token(oauthRequest, response);
    } catch (error) {
      return answerOf(request, error, response);
    }
    return Response.json(response.body, { status: response.status, headers: NO_STORE });
  } catch (answer) {
    if (answer instanceof Response) return answer;
    return answerOf(request, answer);
  }
}

/** POST /fotoweb/oauth2/revoke (RFC 7009): 200 whether or not the token was live. */
export async function revocationResponse(request: Request): Promise<Response> {
  try {
    const form = await readOAuthForm(request);
    const { application } = await authenticatedClient(request, form);
    if (!form.token) return oauthError(400, "invalid_request", 'Give the "token" to revoke.');
    await revokeClientToken(application, form.token);
    return new Response(null, { status: 200, headers: NO_STORE });
  } catch (answer) {
    if (answer instanceof Response) return answer;
    return answerOf(request, answer);
  }
}

/** What the consent page asks about, checked before it is shown. */
export interface AuthorizationRequest {
  application: Application;
  params: {
    client_id: string;
    redirect_uri: string;
    response_type: string;
    state: string;
    scope: string;
    code_challenge: string;
    code_challenge_method: string;
  };
}

export const AUTHORIZATION_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
] as const;

/** The client's redirect URI with an OAuth error (RFC 6749 section 4.1.2.1). */
function errorRedirect(redirectUri: string, error: string, description: string, state: string) {
  const url = new URL(redirectUri);
  url.searchParams.set("error", error);
  url.searchParams.set("error_description", description);
  if (state) url.searchParams.set("state", state);
  return redirect(url.toString(), { headers: NO_STORE });
}

/**
 * Checks an authorization request. An unknown client or a redirect URI not registered for it is
 * shown to the person (400), never followed; other faults go back to the client's redirect URI.
 * Arkiv asks every client for PKCE with S256.
 */
export async function checkAuthorizationRequest(
  values: Record<string, unknown>,
): Promise<AuthorizationRequest> {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const application = await findApplicationByClientId(text("client_id"));
  if (!application || !application.grants.includes("authorization_code"))
    throw new HttpError(400, keyed("auth.oauth.unknownApplication"), {
      heading: "Unknown application",
    });
  const given = text("redirect_uri");
  const redirectUri =
    given || (application.redirectUris.length === 1 ? application.redirectUris[0]! : "");
  if (!application.redirectUris.includes(redirectUri))
    throw new HttpError(400, keyed("auth.oauth.unknownReturnAddress"), {
      heading: "Unknown return address",
    });
  const state = text("state");
  if (text("response_type") !== "code")
    throw errorRedirect(redirectUri, "unsupported_response_type", "Use response_type=code.", state);
  if (
    !/^[A-Za-z0-9_-]{43}$/.test(text("code_challenge")) ||
    text("code_challenge_method") !== "S256"
  )
    throw errorRedirect(
      redirectUri,
      "invalid_request",
      "PKCE is required: give code_challenge with code_challenge_method=S256.",
      state,
    );
  const scope = text("scope");
  if (scope && !grantedScope(scope.split(" ")))
    throw errorRedirect(redirectUri, "invalid_scope", UNKNOWN_SCOPE_MESSAGE, state);
  return {
    application,
    params: {
      client_id: application.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      state,
      scope,
      code_challenge: text("code_challenge"),
      code_challenge_method: "S256",
    },
  };
}

/**
 * The person's answer on the consent page: the library makes the code (or the access_denied
 * error) and the redirect to the client carrying it.
 */
export async function authorizationRedirect(
  request: Request,
  viewer: Viewer,
  checked: AuthorizationRequest,
  allowed: boolean,
): Promise<Response> {
  const oauthRequest = new OAuthRequest({
    method: "POST",
    query: {},
    headers: { "content-type": FORM },
    body: { ...checked.params, allowed: allowed ? "true" : "false" },
  });
  const response = new OAuthResponse();
  try {
    await server().authorize(oauthRequest, response, {
      authenticateHandler: { handle: async () => ({ id: viewer.id }) },
    });
  } catch (error) {
    const location = response.get("Location") as string | undefined;
    if (!location) return answerOf(request, error);
  }
  return redirect(response.get("Location") as string, { headers: NO_STORE });
}
