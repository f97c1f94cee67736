import { isProblem, type ProblemKind } from "~/models/problem/problem";
import { DEFAULT_ERROR_MESSAGE, headingForStatus, type ApiErrorBody } from "./error";
import { englishOf } from "~/models/locale/catalog.server";
import { loggable } from "./log-safe.server";

/*
 * The one mapping from what a handler throws to the one error body (decision 023). Pages (through
 * their ErrorBoundary), the JSON twins and the API (apiHandler) and server/app.ts's own refusals
 * all answer through errorBodyOf, so a status, heading and message read the same everywhere.
 * No Remix imports: server/app.ts uses it before Remix runs.
 */

export interface HttpErrorDetails {
  heading?: string;
  description?: string;
  /** Several messages shown as a list. */
  messages?: string[];
  /** Headers the answer carries, e.g. Allow for a 405. */
  headers?: Record<string, string>;
}

/** A refusal that already knows its status: thrown by app/http and routes, never by models. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: HttpErrorDetails = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Each kind of model refusal and its status, in one place. */
export const PROBLEM_STATUS: Record<ProblemKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  unsupported: 415,
  unprocessable: 422,
  "too-many": 429,
  gone: 410,
};

export function errorBodyFor(
  status: number,
  value: string,
  requestId: string | undefined,
  extra: Partial<Omit<ApiErrorBody, "status" | "value">> = {},
): ApiErrorBody {
  return {
    requestId,
    date: new Date().toISOString(),
    ...extra,
    ...(extra.messages ? { messages: extra.messages.map(englishOf) } : {}),
    status,
    heading: extra.heading ?? headingForStatus(status),
    // A keyed message (decision 104) that reaches an error body unresolved is read in English.
    value: englishOf(value),
  };
}

/** An HttpError or a Problem as an HttpError; anything else is not a refusal (undefined). */
export function asHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (isProblem(error))
    return new HttpError(PROBLEM_STATUS[error.kind], error.message, {
      heading: error.details.heading,
      messages: error.details.messages,
    });
  return undefined;
}

/**
 * The error body of anything thrown: an HttpError or a Problem keeps its status and message;
 * anything else is a 500 with the generic message, logged with the request id, its details
 * never shown. (A thrown Response is already an answer: errorResponse passes it through.)
 */
export function errorBodyOf(error: unknown, requestId: string | undefined): ApiErrorBody {
  const refusal = asHttpError(error);
  if (refusal) {
    const { heading, description, messages } = refusal.details;
    return errorBodyFor(refusal.status, refusal.message, requestId, {
      ...(heading ? { heading } : {}),
      ...(description ? { description } : {}),
      ...(messages ? { messages } : {}),
    });
  }
  console.error(`[${requestId ?? "-"}]`, loggable(error));
  return errorBodyFor(500, DEFAULT_ERROR_MESSAGE, requestId);
}

/** The headers an error answer carries beside its body. */
export function errorHeadersOf(error: unknown): Record<string, string> {
  return { "Cache-Control": "no-store", ...(asHttpError(error)?.details.headers ?? {}) };
}

/** A 405's message: "PUT is not supported here; use GET, POST or PATCH." (HEAD goes with GET). */
export function methodNotAllowedMessage(method: string, allowed: readonly string[]): string {
  const named = allowed.filter((m) => m !== "HEAD" || !allowed.includes("GET"));
  if (named.length === 0) return `${method} is not supported here.`;
  const list =
    named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} or ${named.at(-1)}`;
  return `${method} is not supported here; use ${list}.`;
}
