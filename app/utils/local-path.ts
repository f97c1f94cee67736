import { LINKS } from "./links";

export const HOME_PATH = LINKS.home;

/**
 * A same-origin path for a `to` return address, or the fallback. Refuses absolute and
 * protocol-relative URLs (`//evil.example`, `/\evil.example`), schemes (`javascript:`), and
 * control characters, which browsers strip before deciding where a URL goes.
 */
export function safeRedirect(to: unknown, fallback: string = HOME_PATH): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const base = "http://arkiv.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    const path = url.pathname + url.search + url.hash;
    // Resolving dot segments can turn "/.//evil.example" into "//evil.example": check again.
    return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
  } catch {
    return fallback;
  }
}
