import type { AppLoadContext } from "@remix-run/node";
import { DEFAULT_ERROR_MESSAGE, type ApiErrorBody } from "./error";
import { isKeyed } from "~/models/locale/keyed";
import { isProgramRequest } from "./negotiate";
import {
  asHttpError,
  errorBodyFor,
  errorBodyOf,
  errorHeadersOf,
  HttpError,
  methodNotAllowedMessage,
} from "./error.server";

export { HttpError } from "./error.server";

export function requestIdOf(request: Request): string | undefined {
  return request.headers.get("x-request-id") ?? undefined;
}

export function errorBody(
  request: Request,
  status: number,
  value: string,
  extra: Partial<Omit<ApiErrorBody, "status" | "value">> = {},
): ApiErrorBody {
  return errorBodyFor(status, value, requestIdOf(request), extra);
}

/**
 * The answer to anything thrown, in the one error body (decision 023): a thrown Response (a
 * redirect, an answer already made) passes through; HttpError and Problem keep their status;
 * anything else is a logged 500.
 */
export function errorResponse(request: Request, error: unknown): Response {
  if (error instanceof Response) return error;
  const body = errorBodyOf(error, requestIdOf(request));
  return Response.json(body, { status: body.status, headers: errorHeadersOf(error) });
}

/** An API error response in the one error shape. */
export function apiError(
  request: Request,
  status: number,
  value: string,
  extra: Partial<Omit<ApiErrorBody, "status" | "value">> = {},
): Response {
  return errorResponse(request, new HttpError(status, value, extra));
}

/** A JSON representation with its vendor media type. */
const UTF8 = new TextEncoder();

/**
 * A response body from text, as UTF-8 bytes: given a string, the Fetch API's Response first
 * checks it character by character for lone surrogates (webidl's USVString), which took about
 * 3 % of a grid page's or a search's server time; the encoder does the same work natively.
 */
export const textBody = (text: string) => UTF8.encode(text);

export function apiJson(data: unknown, mediaType: string, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", `${mediaType}; charset=utf-8`);
  headers.set("Vary", "Accept, Cookie");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  return new Response(textBody(JSON.stringify(data)), { ...init, headers });
}

/**
 * Wraps an API loader or action: whatever it throws is answered by errorResponse, so an
 * integrator never sees an HTML error page.
 */
export function apiHandler<A extends { request: Request }>(fn: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await fn(args);
    } catch (error) {
      // English for programs; a page script reading for a person hears its language (107).
      return readableErrorResponse(args.request, error);
    }
  };
}

/**
 * Wraps a page's loader or action: a thrown HttpError or Problem becomes a thrown error
 * response, which the page's ErrorBoundary shows with its status and message.
 */
export function pageHandler<A extends { request: Request }, R>(fn: (args: A) => Promise<R>) {
  return async (args: A): Promise<R> => {
    try {
      return await fn(args);
    } catch (error) {
      throw await readableErrorResponse(args.request, error);
    }
  };
}

/**
 * A page's refusal in its reader's language (decision 106): a keyed message (and keyed listed
 * messages) resolved here, so the error panel shows them as they come; a program's request,
 * and anything not keyed, answers as errorResponse does, in English. Also for a resource route
 * that answers a page's fetcher as well as programs.
 */
export async function readableErrorResponse(request: Request, error: unknown): Promise<Response> {
  const refusal = asHttpError(error);
  const keyedText = refusal && [refusal.message, ...(refusal.details.messages ?? [])].some(isKeyed);
  if (!refusal || !keyedText || isProgramRequest(request)) return errorResponse(request, error);
  // Loaded when needed: the locale code imports the session code, which imports this module.
  const { keyedResolverFor } = await import("./locale/locale.server");
  const read = await keyedResolverFor(request);
  const { messages } = refusal.details;
  return errorResponse(
    request,
    new HttpError(refusal.status, read(refusal.message), {
      ...refusal.details,
      ...(messages ? { messages: messages.map(read) } : {}),
    }),
  );
}

export const NO_RESOURCE_MESSAGE = "There is no API resource at this address.";

/**
 * The loader and action of an address where no API resource exists: 404 in the error body, for
 * any JSON request and in the API-only namespaces (/fotoweb/api/, /fotoweb/services/).
 */
export const noApiResource = ({ request }: { request: Request }) =>
  apiError(request, 404, NO_RESOURCE_MESSAGE);

/** Whether the request reached us over HTTPS (directly, or through a trusted proxy). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * A route's loader or action for the methods it does not answer: 405 in the error shape, with
 * the Allow header server/ worked out from the route's exports (context.allowedMethods).
 */
export function methodNotAllowed({
  request,
  context,
}: {
  request: Request;
  context?: Partial<AppLoadContext>;
}): Response {
  const allowed = context?.allowedMethods ?? ["GET", "HEAD"];
  return errorResponse(
    request,
    new HttpError(405, methodNotAllowedMessage(request.method, allowed), {
      headers: { Allow: allowed.join(", ") },
    }),
  );
}
// Marks the export as a refusal, so server/ does not count it among the methods a route answers.
methodNotAllowed.refusesMethod = true;

export { DEFAULT_ERROR_MESSAGE };
