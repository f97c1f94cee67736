import { z } from "zod";
import { keyed } from "~/models/locale/keyed";
import type { MessageId } from "~/models/locale/message-id";

/*
 * What an administrator registers for a program (decision 028), one schema for the management
 * page's form and the API's JSON: the form sends the grants as repeated checkboxes and the
 * redirect URIs one per line, the API sends lists; both arrive here as lists.
 */

export const GRANTS = ["client_credentials", "authorization_code", "refresh_token"] as const;
export type Grant = (typeof GRANTS)[number];

const isGrant = (value: string): value is Grant => (GRANTS as readonly string[]).includes(value);

/** Each grant in words, as the registration form offers it. */
export const GRANT_LABELS: Record<Grant, MessageId> = {
  client_credentials: "settings.applications.grant.clientCredentials",
  authorization_code: "settings.applications.grant.authorizationCode",
  refresh_token: "settings.applications.grant.refreshToken",
};

/*
 * The client type (OAuth2's, RFC 6749 section 2.1): a confidential client keeps a secret (FotoWare's
 * "Web App / API" and "Non-interactive/script"); a public one cannot (FotoWare's "Native / mobile",
 * and single-page apps): no secret, the authorization code grant with PKCE only.
 */
export const CLIENT_TYPES = ["confidential", "public"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const CLIENT_TYPE_LABELS: Record<ClientType, MessageId> = {
  confidential: "settings.applications.type.confidential",
  public: "settings.applications.type.public",
};

/** The type in a word, as the list of applications shows it. */
export const CLIENT_TYPE_TERMS: Record<ClientType, MessageId> = {
  confidential: "settings.applications.typeShort.confidential",
  public: "settings.applications.typeShort.public",
};

/** The grants a public client may hold. */
export const PUBLIC_GRANTS: readonly Grant[] = ["authorization_code", "refresh_token"];

/** The user's href, as the API writes user hrefs: /fotoweb/api/users/{id}. */
export const USER_HREF = /^\/fotoweb\/api\/users\/(\d{1,15})\/?$/;
export const userHref = (id: number) => `/fotoweb/api/users/${id}`;

const MAX_REDIRECT_URIS = 10;

const asList = (value: unknown) =>
  value === undefined || value === null
    ? []
    : typeof value === "string"
      ? value.split(/\r?\n/)
      : value;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a redirect URI is refused, or null: absolute https (http only on loopback), no fragment. */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return keyed("settings.validation.uriNotAbsolute", { uri: uri.slice(0, 100) });
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname)))
    return keyed("settings.validation.uriHttps", { uri: uri.slice(0, 100) });
  if (url.hash || uri.includes("#"))
    return keyed("settings.validation.uriFragment", { uri: uri.slice(0, 100) });
  if (url.username || url.password)
    return keyed("settings.validation.uriCredentials", { uri: uri.slice(0, 100) });
  return null;
}

export const applicationInputSchema = z
  .object({
    // A missing name is an empty one, so the rules across fields below still run and every
    // error shows at once (Conform sends an empty field as missing).
    // Left out (a program from before client types), confidential as every application was.
    clientType: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? "confidential" : v),
      z.enum(CLIENT_TYPES, { message: keyed("settings.validation.clientType") }),
    ),
    name: z.preprocess(
      (v) => v ?? "",
      z
        .string({ invalid_type_error: keyed("settings.validation.applicationName") })
        .trim()
        .min(1, keyed("settings.validation.applicationName"))
        .max(100, keyed("validation.text.useAtMost", { max: 100 })),
    ),
    grants: z.preprocess(
      asList,
      z
        .array(z.string({ invalid_type_error: keyed("settings.validation.grantListed") }), {
          invalid_type_error: keyed("settings.validation.grantsList"),
        })
        .min(1, keyed("settings.validation.grantRequired"))
        // Checked on the list, so the message shows by the grants' field, not by one checkbox.
        .refine((grants) => grants.every(isGrant), keyed("settings.validation.grantListed"))
        .transform((grants) => [...new Set(grants.filter(isGrant))]),
    ),
    redirectUris: z.preprocess(
      asList,
      z
        .array(z.string({ invalid_type_error: keyed("settings.validation.uriText") }).max(2000), {
          invalid_type_error: keyed("settings.validation.urisList"),
        })
        .transform((uris) => [...new Set(uris.map((u) => u.trim()).filter(Boolean))])
        .superRefine((uris, ctx) => {
          if (uris.length > MAX_REDIRECT_URIS)
            ctx.addIssue({
              code: "custom",
              message: keyed("settings.validation.urisTooMany", { max: MAX_REDIRECT_URIS }),
            });
          const problem = uris.map(redirectUriProblem).find(Boolean);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ),
    user: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ invalid_type_error: keyed("settings.validation.userHrefType") })
        .regex(USER_HREF, keyed("settings.validation.userHref"))
        .transform((href) => Number(USER_HREF.exec(href)![1]))
        .optional(),
    ),
  })
  .superRefine((input, ctx) => {
    const has = (grant: Grant) => input.grants.includes(grant);
    if (has("client_credentials") && input.user === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["user"],
        message: keyed("settings.validation.applicationUser"),
      });
    if (has("authorization_code") && input.redirectUris.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["redirectUris"],
        message: keyed("settings.validation.redirectUriRequired"),
      });
    if (input.clientType === "public" && input.grants.some((g) => !PUBLIC_GRANTS.includes(g)))
      ctx.addIssue({
        code: "custom",
        path: ["grants"],
        message: keyed("settings.validation.publicGrants"),
      });
    if (has("refresh_token") && !has("authorization_code"))
      ctx.addIssue({
        code: "custom",
        path: ["grants"],
        message: keyed("settings.validation.refreshNeedsCode"),
      });
  });

export type ApplicationInput = z.output<typeof applicationInputSchema>;

/** The management page's row actions. */
export const applicationActionSchema = z.object({
  intent: z.enum(["delete", "token"], { errorMap: () => ({ message: "Unknown action" }) }),
  clientId: z.string().regex(/^[0-9a-f]{32}$/, "Unknown application"),
});
