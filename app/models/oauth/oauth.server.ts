import OAuth2Server, {
  type AuthorizationCode,
  type AuthorizationCodeModel,
  type Client,
  type ClientCredentialsModel,
  type RefreshToken,
  type RefreshTokenModel,
  type Token,
  type User,
} from "@node-oauth/oauth2-server";
import { db } from "~/db/connection.server";
import { isEnabledAccount } from "~/models/user/user.server";
import {
  authenticateApplication,
  findApplicationByClientId,
  type Application,
} from "~/models/application/application.server";
import {
  deleteCredential,
  findLiveCredential,
  newCredential,
  saveCredential,
} from "./credential.server";

/*
 * The storage @node-oauth/oauth2-server asks of us (decision 028): the library runs the protocol
 * (grants, PKCE, error codes), these functions keep and find clients, codes and tokens. A token
 * carries only its user's id: what it may do is asked of the access module on every request, so a
 * user who loses a right loses it for every token at once.
 */

/** The scope given when none is asked for: whatever the token's user may do, never more. */
export const FULL_ACCESS = "full_access";

/**
 * The scopes a client may ask for (decision 108). FotoWare's `fotoweb.me` is an application
 * acting for the signed-in person: everything that person may do, which is what full_access
 * means here; a token echoes the one it was granted, each means the same.
 */
export const SCOPES: readonly string[] = [FULL_ACCESS, "fotoweb.me"];

export const UNKNOWN_SCOPE_MESSAGE = `Unknown scope. The accepted scopes are ${SCOPES.join(" and ")}.`;

/** The scope granted for the one asked (empty: full_access); null when it names an unknown one. */
export function grantedScope(asked: readonly string[] | undefined): string[] | null {
  if (!asked || asked.length === 0) return [FULL_ACCESS];
  return asked.every((s) => SCOPES.includes(s)) ? [...new Set(asked)] : null;
}

export interface OAuthClient extends Client {
  id: string;
  grants: string[];
  redirectUris: string[];
  application: Application;
}

const toClient = (application: Application): OAuthClient => ({
  id: String(application.id),
  grants: application.grants,
  redirectUris: application.redirectUris,
  application,
});

/** Enabled users of their own; the guest never holds a token. */
async function tokenUser(id: number): Promise<User | null> {
  return (await isEnabledAccount(id)) ? { id } : null;
}

const scopeText = (scope: string[] | undefined) => (scope ?? [FULL_ACCESS]).join(" ");
const scopeList = (scope: string) => (scope ? scope.split(" ") : [FULL_ACCESS]);

export const oauthModel: AuthorizationCodeModel & ClientCredentialsModel & RefreshTokenModel = {
  /*
   * With a secret: the client authenticating at the token endpoint. Without one (null): the
   * authorization endpoint naming its client; the token endpoint never gets here without a
   * secret (app/http/oauth.server.ts refuses first), so no grant runs for a public client.
   */
  async getClient(clientId: string, clientSecret: string | null) {
    const application =
      clientSecret === null || clientSecret === undefined
        ? await findApplicationByClientId(clientId)
        : await authenticateApplication(clientId, clientSecret);
    return application ? toClient(application) : null;
  },

  generateAccessToken: async () => newCredential(),
  generateRefreshToken: async () => newCredential(),
  generateAuthorizationCode: async () => newCredential(),

  async validateScope(_user: User, _client: Client, scope?: string[]) {
    const granted = grantedScope(scope);
    // Thrown rather than false, so the answer names the scopes there are.
    if (!granted) throw new OAuth2Server.InvalidScopeError(UNKNOWN_SCOPE_MESSAGE);
    return granted;
  },

  async saveToken(token: Token, client: Client, user: User) {
    const { application } = client as OAuthClient;
    const scope = scopeText(token.scope);
    await saveCredential({
      kind: "access",
      value: token.accessToken,
      applicationId: application.id,
      userId: user.id as number,
      expiresAt: token.accessTokenExpiresAt ?? null,
      scope,
    });
    // The authorization code grant always makes one; it is kept only for clients allowed to use it.
    const refresh = token.refreshToken && application.grants.includes("refresh_token");
    if (refresh) {
      await saveCredential({
        kind: "refresh",
        value: token.refreshToken!,
        applicationId: application.id,
        userId: user.id as number,
        expiresAt: token.refreshTokenExpiresAt ?? null,
        scope,
      });
    }
    return {
      accessToken: token.accessToken,
      accessTokenExpiresAt: token.accessTokenExpiresAt,
      ...(refresh
        ? { refreshToken: token.refreshToken, refreshTokenExpiresAt: token.refreshTokenExpiresAt }
        : {}),
      scope: token.scope,
      client,
      user,
    };
  },

  // The library's bearer authentication is not used: requests resolve tokens in findTokenUser.
  async getAccessToken() {
    return null;
  },

  async getRefreshToken(refreshToken: string): Promise<RefreshToken | null> {
    const row = await findLiveCredential(["refresh"], refreshToken);
    if (!row) return null;
    const user = await tokenUser(row.user_id);
    if (!user) return null;
    return {
      refreshToken,
      refreshTokenExpiresAt: row.expires_at ? new Date(row.expires_at) : undefined,
      scope: scopeList(row.scope),
      client: { id: String(row.application_id), grants: [] },
      user,
    };
  },

  revokeToken: (token: RefreshToken) => deleteCredential(["refresh"], token.refreshToken),

  async saveAuthorizationCode(code, client: Client, user: User) {
    const { application } = client as OAuthClient;
    await saveCredential({
      kind: "code",
      value: code.authorizationCode,
      applicationId: application.id,
      userId: user.id as number,
      expiresAt: code.expiresAt,
      scope: scopeText(code.scope),
      redirectUri: code.redirectUri,
      codeChallenge: code.codeChallenge ?? null,
      codeChallengeMethod: code.codeChallengeMethod ?? null,
    });
    return { ...code, client, user };
  },

  async getAuthorizationCode(authorizationCode: string): Promise<AuthorizationCode | null> {
    const row = await findLiveCredential(["code"], authorizationCode);
    if (!row) return null;
    const user = await tokenUser(row.user_id);
    if (!user) return null;
    return {
      authorizationCode,
      expiresAt: new Date(row.expires_at!),
      redirectUri: row.redirect_uri ?? "",
      scope: scopeList(row.scope),
      client: { id: String(row.application_id), grants: [] },
      user,
      ...(row.code_challenge
        ? { codeChallenge: row.code_challenge, codeChallengeMethod: row.code_challenge_method! }
        : {}),
    };
  },

  revokeAuthorizationCode: (code: AuthorizationCode) =>
    deleteCredential(["code"], code.authorizationCode),

  async getUserFromClient(client: Client) {
    const { application } = client as OAuthClient;
    return application.user ? tokenUser(application.user.id) : null;
  },
};

export type PresentedToken = { kind: "bearer" | "api"; value: string };

/**
 * The user id a presented access token or API token stands for; null when it is unknown,
 * expired, revoked, tampered with, or its user can no longer act.
 */
export async function findTokenUserId(token: PresentedToken): Promise<number | null> {
  const row = await findLiveCredential([token.kind === "api" ? "api" : "access"], token.value);
  if (!row) return null;
  return (await tokenUser(row.user_id)) ? row.user_id : null;
}

/**
 * RFC 7009: the client revokes one of its own tokens. Revoking a refresh token also revokes the
 * access tokens this client holds for the same user, as the RFC asks for tokens of the same grant
 * (we do not track grants more finely). A token of another client, or an unknown one, is left
 * alone and answered the same.
 */
export async function revokeClientToken(application: Application, value: string): Promise<void> {
  const row = await findLiveCredential(["access", "refresh"], value);
  if (!row || row.application_id !== application.id) return;
  await deleteCredential([row.kind], value);
  if (row.kind === "refresh") {
    await db()
      .deleteFrom("oauth_credentials")
      .where("application_id", "=", application.id)
      .where("user_id", "=", row.user_id)
      .where("kind", "=", "access")
      .execute();
  }
}
