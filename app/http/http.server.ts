import { validationError, type ValidatorError } from "remix-validated-form";
import { headingForStatus, type ApiErrorBody } from "./error";

export function requestIdOf(request: Request): string | undefined {
  return request.headers.get("x-request-id") ?? undefined;
}

export function errorBody(
  request: Request,
  status: number,
  value: string,
  extra: Partial<Omit<ApiErrorBody, "status" | "value">> = {},
): ApiErrorBody {
  return {
    requestId: requestIdOf(request),
    date: new Date().toISOString(),
    ...extra,
    status,
    heading: extra.heading ?? headingForStatus(status),
    value,
  };
}

/** An API error response in the one error shape. */
export function apiError(
  request: Request,
  status: number,
  value: string,
  extra: Partial<Omit<ApiErrorBody, "status" | "value">> = {},
): Response {
  return Response.json(errorBody(request, status, value, extra), {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/** A JSON representation with its vendor media type. */
export function apiJson(data: unknown, mediaType: string, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", `${mediaType}; charset=utf-8`);
  headers.set("Vary", "Accept, Cookie");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** Media types listed in Accept, without parameters, lower-cased. */
export function acceptedTypes(request: Request): string[] {
  return (request.headers.get("accept") ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Wraps an API loader or action: thrown Responses pass through, anything else becomes a 500 in
 * the error shape with the request id, so an integrator never sees an HTML error page.
 */
export function apiHandler<A extends { request: Request }>(fn: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await fn(args);
    } catch (error) {
      if (error instanceof Response) return error;
      console.error(`[${requestIdOf(args.request) ?? "-"}]`, error);
      return apiError(
        args.request,
        500,
        "An error occurred. Please contact your local administrator.",
      );
    }
  };
}

/** Whether the request reached us over HTTPS (directly, or through a trusted proxy). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** A form's field errors with status 400, shown by the same page beside their fields. */
export function invalidForm(error: ValidatorError, repopulateFields?: unknown): Response {
  return validationError(error, repopulateFields, { status: 400 });
}

/** For resources that only answer GET: 405 in the error shape with the Allow header. */
export function methodNotAllowed({ request }: { request: Request }): Response {
  const response = apiError(request, 405, `${request.method} is not supported here; use GET.`);
  response.headers.set("Allow", "GET, HEAD");
  return response;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The posted form of an action. Any other body is refused in the error shape (415, or 400 when
 * it cannot be parsed), so a stray JSON or text post is a client error, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    throw apiError(
      request,
      415,
      "Send this form as application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  try {
    return await request.formData();
  } catch {
    throw apiError(request, 400, "The form could not be read. Reload the page and try again.");
  }
}
