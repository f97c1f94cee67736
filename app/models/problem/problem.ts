/*
 * The one way a model refuses: a Problem names what kind of refusal it is, in the domain's terms,
 * and app/http maps each kind to its status and the one error body in one place. Models never
 * choose an HTTP status, so the same rule answers a page, a form and the API alike.
 */

export type ProblemKind =
  /** The input breaks a rule (400). */
  | "invalid"
  /** Not signed in (401). */
  | "unauthenticated"
  /** Signed in and visible, but this action is not allowed (403). Never for what the viewer may not see. */
  | "forbidden"
  /** Does not exist, or the viewer may not see it (404): the two answer alike. */
  | "not-found"
  /** The state has moved on: a duplicate, a finished upload, a claimed chunk (409). */
  | "conflict"
  /** Over a size limit (413). */
  | "too-large"
  /** A type the action does not take (415). */
  | "unsupported"
  /** Well-formed but not processable, e.g. a file whose content is not what it claims (422). */
  | "unprocessable"
  /** Over a count or rate limit (429). */
  | "too-many"
  /** Was here and has ended: an expired or revoked share link (410). */
  | "gone";

export interface ProblemDetails {
  /** A heading in the spec's words, e.g. InvalidSearchExpression. */
  heading?: string;
  /** Several messages shown as a list. */
  messages?: string[];
  /** A machine-readable code some clients read, e.g. pinLimit. */
  code?: string;
}

export class Problem extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    readonly details: ProblemDetails = {},
  ) {
    super(message);
    this.name = "Problem";
  }
}

export const isProblem = (error: unknown): error is Problem => error instanceof Problem;
