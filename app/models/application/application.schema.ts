import { z } from "zod";

/*
 * What an administrator registers for a program (decision 028), one schema for the management
 * page's form and the API's JSON: the form sends the grants as repeated checkboxes and the
 * redirect URIs one per line, the API sends lists; both arrive here as lists.
 */

export const GRANTS = ["client_credentials", "authorization_code", "refresh_token"] as const;
export type Grant = (typeof GRANTS)[number];

const isGrant = (value: string): value is Grant => (GRANTS as readonly string[]).includes(value);

export const GRANT_LABELS: Record<Grant, string> = {
  client_credentials: "Client credentials (a program acting as one user)",
  authorization_code: "Authorization code with PKCE (people sign in and approve)",
  refresh_token: "Refresh tokens (with authorization code)",
};

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
    return `"${uri.slice(0, 100)}" is not an absolute URL`;
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname)))
    return `"${uri.slice(0, 100)}" must use https (http only for localhost)`;
  if (url.hash || uri.includes("#")) return `"${uri.slice(0, 100)}" must not have a fragment`;
  if (url.username || url.password) return `"${uri.slice(0, 100)}" must not carry credentials`;
  return null;
}

export const applicationInputSchema = z
  .object({
    // A missing name is an empty one, so the rules across fields below still run and every
    // error shows at once (Conform sends an empty field as missing).
    name: z.preprocess(
      (v) => v ?? "",
      z
        .string({ invalid_type_error: "Enter a name" })
        .trim()
        .min(1, "Enter a name")
        .max(100, "Use at most 100 characters"),
    ),
    grants: z.preprocess(
      asList,
      z
        .array(z.string({ invalid_type_error: "Choose from the listed grants" }), {
          invalid_type_error: "Give the grants as a list",
        })
        .min(1, "Choose at least one grant")
        // Checked on the list, so the message shows by the grants' field, not by one checkbox.
        .refine((grants) => grants.every(isGrant), "Choose from the listed grants")
        .transform((grants) => [...new Set(grants.filter(isGrant))]),
    ),
    redirectUris: z.preprocess(
      asList,
      z
        .array(z.string({ invalid_type_error: "Give each redirect URI as text" }).max(2000), {
          invalid_type_error: "Give the redirect URIs as a list",
        })
        .transform((uris) => [...new Set(uris.map((u) => u.trim()).filter(Boolean))])
        .superRefine((uris, ctx) => {
          if (uris.length > MAX_REDIRECT_URIS)
            ctx.addIssue({ code: "custom", message: `Give at most ${MAX_REDIRECT_URIS} URIs` });
          const problem = uris.map(redirectUriProblem).find(Boolean);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ),
    user: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string({ invalid_type_error: "Give the user as a user href" })
        .regex(USER_HREF, "Give the user as a user href, /fotoweb/api/users/{id}")
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
        message: "Choose the user whose rights the program's tokens carry",
      });
    if (has("authorization_code") && input.redirectUris.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["redirectUris"],
        message: "Give at least one redirect URI for the authorization code grant",
      });
    if (has("refresh_token") && !has("authorization_code"))
      ctx.addIssue({
        code: "custom",
        path: ["grants"],
        message: "Refresh tokens come with the authorization code grant; choose it too",
      });
  });

export type ApplicationInput = z.output<typeof applicationInputSchema>;

/** The management page's row actions. */
export const applicationActionSchema = z.object({
  intent: z.enum(["delete", "token"], { errorMap: () => ({ message: "Unknown action" }) }),
  clientId: z.string().regex(/^[0-9a-f]{32}$/, "Unknown application"),
});
