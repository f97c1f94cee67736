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
