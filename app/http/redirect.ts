import { safeRedirect } from "~/utils/local-path";
import { LINKS, loginReturningTo } from "~/utils/links";

// The path check is pure and shared with models (the advanced search's return address).
export { HOME_PATH, safeRedirect } from "~/utils/local-path";

/** The path and query of a request, for carrying as a `to` parameter. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function loginPath(to?: string): string {
  const safe = to ? safeRedirect(to, "") : "";
  return safe ? loginReturningTo(safe) : LINKS.login;
}
