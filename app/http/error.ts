import type { SubmissionResult } from "@conform-to/react";

/**
 * The one error shape of the API, also read by the UI's error dialog. It is safe to import from
 * the browser: no server modules here.
 */
export interface ApiErrorBody {
  status: number;
  heading: string;
  value: string;
  requestId?: string;
  description?: string;
  technicalInfo?: string;
  date?: string;
  /** Several messages shown as a bulleted list. */
  messages?: string[];
}

export const DEFAULT_ERROR_MESSAGE = "An error occurred. Please contact your local administrator.";
export const ACCESS_DENIED_MESSAGE =
  "Access denied. You are not signed in, or your account does not have access to this page.";

const HEADINGS: Record<number, string> = {
  400: "Bad request",
  401: "Not signed in",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  406: "Not acceptable",
  409: "Conflict",
  413: "Too large",
  415: "Unsupported media type",
  429: "Too many requests",
  500: "Server error",
  501: "Not implemented",
  503: "Service unavailable",
};

export function headingForStatus(status: number): string {
  return HEADINGS[status] ?? (status >= 500 ? "Server error" : "Request error");
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).status === "number" &&
    typeof (value as ApiErrorBody).heading === "string"
  );
}

/**
 * The one 400 reply of a form or JSON body that does not pass its schema (decision 023): the
 * error body plus each field's first message by the field's name, and the values to show again.
 * remix-validated-form reads fieldErrors and repopulateFields from the action data as they are;
 * a Conform form takes conformResult(reply); a field shows its message through useFieldError.
 */
export interface FormReplyBody extends ApiErrorBody {
  fieldErrors: Record<string, string>;
  /** A message for the whole form, e.g. a wrong user name or password. */
  formError?: string;
  repopulateFields?: Record<string, unknown>;
  /**
   * Conform's own result, when the server read the form with parseWithZod: its values nest as
   * the form names them ("Sizes[0].Label"), which the flat repopulateFields cannot say.
   */
  lastResult?: SubmissionResult;
}

export function isFormReply(value: unknown): value is FormReplyBody {
  return (
    isApiErrorBody(value) &&
    typeof (value as FormReplyBody).fieldErrors === "object" &&
    (value as FormReplyBody).fieldErrors !== null
  );
}

/** A form reply as Conform's lastResult, so a Conform form shows the same errors by its fields. */
export function conformResult(value: unknown): SubmissionResult | null {
  if (!isFormReply(value)) return null;
  if (value.lastResult) return value.lastResult;
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(value.fieldErrors)) error[name] = [message];
  if (value.formError) error[""] = [value.formError];
  return {
    status: "error" as const,
    error,
    initialValue: (value.repopulateFields ?? {}) as Record<string, string | string[]>,
  };
}
