import type { MessageId } from "~/models/locale/message-id";
/*
 * The one table of the paths the server treats specially (decision 023): the routes that take
 * files and so a larger body, the areas that are one representation whatever Accept says, and
 * the forms that are rate-limited. server/app.ts reads it, and so do the routes concerned, so a
 * renamed route and its special treatment change in one place. Paths are matched as Remix
 * matches routes: in any case, with or without the trailing slash.
 */

/** The routes that take files: their body limit is MAX_UPLOAD_BYTES, not MAX_FORM_BYTES. */
export const UPLOAD_PATHS: readonly RegExp[] = [
  // The upload view's form.
  /^\/fotoweb\/views\/upload\/?$/i,
  // An archive's or asset's URL: the API's multipart upload.
  /^\/fotoweb\/archives\/[^/]+\/(?:[^/]+\.info\/?)?$/i,
  // The chunks of the chunked upload API.
  /^\/fotoweb\/api\/uploads\/[^/]+\/chunks\/[^/]+\/?$/i,
];

/*
 * OAuth2 (decision 028). The token and revocation endpoints are called by programs with their
 * client credentials, never with the session cookie: they answer JSON only and need no
 * same-origin check. The authorization endpoint is a page for the signed-in person.
 */
export const OAUTH_TOKEN_PATH = "/fotoweb/oauth2/token";
export const OAUTH_REVOKE_PATH = "/fotoweb/oauth2/revoke";
export const OAUTH_AUTHORIZE_PATH = "/fotoweb/oauth2/authorize";
export const OAUTH_CLIENT_PATHS: readonly RegExp[] = [/^\/fotoweb\/oauth2\/(token|revoke)\/?$/i];
export const OAUTH_AUTHORIZE_PATHS: readonly RegExp[] = [/^\/fotoweb\/oauth2\/authorize\/?$/i];

/*
 * JSON twins with no page at their address: answered as JSON whatever Accept says, so a program
 * that sends none (issue 33) hears JSON, as on the API-only paths.
 */
export const JSON_ONLY_PATHS: readonly RegExp[] = [
  /^\/fotoweb\/me\/(archives|copy-to|move-to|people|upload-to|user-preferences)(\/|$)/i,
  // A task's status; its event stream (…/events) is no JSON.
  /^\/fotoweb\/me\/background-tasks\/([^/]+\/?)?$/i,
];

/*
 * FotoWare's embeddable widgets (decision 110): pages other sites frame. server/ lets the origins
 * allowed to call the API frame them; every other page refuses frames.
 */
export const FRAMEABLE_PATHS: readonly RegExp[] = [/^\/fotoweb\/widgets\/selection\/?$/i];

/** Paths that are always one representation: never rewritten to their JSON twin. */
export const SINGLE_REPRESENTATION_PATHS: readonly RegExp[] = [
  /^\/fotoweb\/oauth2(\/|$)/i,
  /^\/fotoweb\/api(\/|$)/i,
  /^\/fotoweb\/views(\/|$)/i,
  /^\/fotoweb\/services(\/|$)/i,
  // A public link's pages and files have no JSON twin (decision 056).
  /^\/fotoweb\/shared(\/|$)/i,
  // A rendition href is a redirect to its file whatever the client accepts (decision 016).
  /^\/fotoweb\/archives\/[^/]+\/[^/]+\/__renditions(\/|$)/i,
  // One revision and its rollbacks answer JSON, or a plain form's redirect (decision 049).
  /^\/fotoweb\/archives\/[^/]+\/[^/]+\/__revisions\/\d+(\/rollback(-to)?|\/copy)?\/?$/i,
];

/** API-only namespaces: every answer there, refusals included, is JSON. */
export const API_ONLY_PATHS: readonly RegExp[] = [
  /^\/fotoweb\/(api|services)(\/|$)/i,
  ...OAUTH_CLIENT_PATHS,
];

/** Resources that are never pages: a missing session is 401, not a log-on redirect. */
export const NEVER_A_PAGE_PATHS: readonly RegExp[] = [
  ...API_ONLY_PATHS,
  /^\/_json(\/|$)/i,
  /^\/fotoweb\/archives\/[^/]+\/[^/]+\/__renditions(\/|$)/i,
];

/*
 * Collection URLs whose last segment may hold matrix parameters, as the reference's clients send
 * them (`/fotoweb/archives/5000-Name/;p=2;o=-modified`): group 1 is the collection's URL, group 2
 * the parameters. server/ moves them into the query as `;p` and `;o` (decision 030).
 */
export const MATRIX_PATHS: readonly RegExp[] = [
  /^(\/fotoweb\/archives\/[^/;]+\/);([^/]*?)\/?$/i,
  /^(\/fotoweb\/me\/pins\/);([^/]*?)\/?$/i,
  // The taxonomies, a taxonomy's root items and an item's children (decision 059).
  /^(\/fotoweb\/api\/taxonomies\/(?:\d+\/){0,2});([^/]*?)\/?$/i,
];

export interface RateLimitedForm {
  /** The path's mount point (Express matches it in any case, with or without the slash). */
  path: string;
  /** In English, as the API says them. */
  heading: string;
  message: string;
  /** The same for a page's reader, in their language (decision 101). */
  words: { heading: MessageId; message: MessageId };
}

/*
 * The forms that take a password: their POSTs count against LOGIN_RATE_LIMIT per 15 minutes, per
 * client address here in server/, and the password changes also per user in their action.
 */
export const LOG_ON_PATH = "/fotoweb/views/login";
export const PASSWORD_CHANGE_PATHS = [
  "/fotoweb/views/change-password",
  "/fotoweb/views/force-change-password",
] as const;
export const RATE_LIMIT_WINDOW_MS = 15 * 60_000;
export const PASSWORD_ATTEMPTS_MESSAGE =
  "Too many password attempts. Wait a few minutes and try again.";

/** Where a mailed or shared link's secret is the last path segment. */
export const INVITATION_PATH = "/fotoweb/views/invitation";

/*
 * Paths whose last segment is a secret (an invitation link, a password reset link): the request
 * log writes "[hidden]" in its place, as it does for credentials in the query.
 */
export const SECRET_SEGMENT_PATHS: readonly RegExp[] = [
  /^(\/fotoweb\/views\/(?:invitation|reset-password)\/)[^/?#]+/i,
  // A public link's token (decision 056).
  /^(\/fotoweb\/shared\/)[^/?#]+/i,
];

/** The request header server/ sets to the client's address (trust proxy applied). */
export const CLIENT_ADDRESS_HEADER = "x-arkiv-client-address";

/*
 * Forms a visitor without an account posts (decision 036): counted per client address like the
 * log-on, so nobody floods mailboxes with reset links or the approvers with sign-ups.
 */
export const FORGOT_PASSWORD_PATH = "/fotoweb/views/forgot-password";
export const RESET_PASSWORD_PATH = "/fotoweb/views/reset-password";
export const SIGNUP_PATH = "/fotoweb/views/signup";

const PASSWORD_ATTEMPTS_WORDS: RateLimitedForm["words"] = {
  heading: "auth.password.tooMany.heading",
  message: "auth.password.tooMany.message",
};

export const RATE_LIMITED_FORMS: readonly RateLimitedForm[] = [
  {
    path: LOG_ON_PATH,
    heading: "Too many sign-in attempts",
    message: "Too many sign-in attempts from this address. Wait a few minutes and try again.",
    words: { heading: "auth.rateLimit.signIn.heading", message: "auth.rateLimit.signIn.message" },
  },
  ...PASSWORD_CHANGE_PATHS.map((path) => ({
    path,
    heading: "Too many password attempts",
    message: PASSWORD_ATTEMPTS_MESSAGE,
    words: PASSWORD_ATTEMPTS_WORDS,
  })),
  // Redeeming an invitation sets a password and is the only use of a link's secret.
  {
    path: INVITATION_PATH,
    heading: "Too many attempts",
    message: "Too many attempts from this address. Wait a few minutes and try again.",
    words: {
      heading: "auth.rateLimit.invitation.heading",
      message: "auth.rateLimit.invitation.message",
    },
  },
  {
    path: FORGOT_PASSWORD_PATH,
    heading: "Too many requests",
    message:
      "Too many password reset requests from this address. Wait a few minutes and try again.",
    words: {
      heading: "auth.rateLimit.resetRequest.heading",
      message: "auth.rateLimit.resetRequest.message",
    },
  },
  {
    // Express matches the mount point as a prefix: every link's page counts here.
    path: RESET_PASSWORD_PATH,
    heading: "Too many password attempts",
    message: PASSWORD_ATTEMPTS_MESSAGE,
    words: PASSWORD_ATTEMPTS_WORDS,
  },
  {
    path: SIGNUP_PATH,
    heading: "Too many sign-ups",
    message: "Too many sign-ups from this address. Wait a few minutes and try again.",
    words: { heading: "auth.rateLimit.signup.heading", message: "auth.rateLimit.signup.message" },
  },
];

export const matchesAny = (paths: readonly RegExp[], path: string) =>
  paths.some((re) => re.test(path));

/*
 * Forms that carry one small image (a watermark, decision 040): bounded at 10 MB and a margin for
 * the form around it, not at the upload limit, so the body read into memory stays small.
 */
export const IMAGE_FORM_PATHS: readonly RegExp[] = [
  /^\/fotoweb\/api\/config\/watermarks\/?$/i,
  /^\/fotoweb\/views\/admin\/watermarks(?:\/new)?\/?$/i,
];
export const IMAGE_FORM_BYTES = 11 * 1024 * 1024;

/** Whether a request carries files, and so gets the upload body limit. */
export function isUploadPath(method: string, path: string): boolean {
  return method === "POST" && matchesAny(UPLOAD_PATHS, path);
}
