/*
 * Which HTTP methods a route answers, for the Allow header of every 405 (decision 023). A route
 * module that answers more than its exports say (an action taking PATCH or DELETE besides POST)
 * or fewer (a loader that only refuses) exports `allowedMethods`; otherwise a loader answers GET
 * and HEAD and an action POST. A loader or action that is methodNotAllowed does not count.
 */

export const METHODS_REMIX_ANSWERS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

export interface RouteExports {
  loader?: unknown;
  action?: unknown;
  allowedMethods?: readonly string[];
}

const answers = (handler: unknown) =>
  typeof handler === "function" && (handler as { refusesMethod?: boolean }).refusesMethod !== true;

export function allowedMethods(route: RouteExports): string[] {
  if (route.allowedMethods) return [...route.allowedMethods];
  return [
    ...(answers(route.loader) ? ["GET", "HEAD"] : []),
    ...(answers(route.action) ? ["POST"] : []),
  ];
}

/** The custom method a POST stands for; undefined for a plain POST. */
export function overriddenMethod(request: Request): string | undefined {
  const named =
    request.headers.get("x-http-method-override") ??
    new URL(request.url).searchParams.get("method");
  return named ? named.trim().toUpperCase() : undefined;
}
