import { recordedSiteOrigin } from "~/models/site/site.server";
import { env } from "~/utils/env.server";

/*
 * The site's origin (issue 29, decision 067): PUBLIC_ORIGIN when set, else the origin the site
 * was first reached on, recorded once in the database so every process agrees. server/ works it
 * out for each request and passes it in SITE_ORIGIN_HEADER (a client's own header of that name
 * is replaced, never trusted), so links in mail never come from a request's Host header.
 */
export const SITE_ORIGIN_HEADER = "x-arkiv-site-origin";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/** Whether a host (with its port) names this machine: a local or test install. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host);
}

/** The site's origin; the first call on a site without one records the request's. */
export async function siteOrigin(requestOrigin: string): Promise<string> {
  const configured = env().PUBLIC_ORIGIN?.replace(/\/+$/, "");
  return configured ?? recordedSiteOrigin(requestOrigin);
}

/**
 * The origin links in mail point to: the site's, as server/ passed it. A request that did not
 * come through server/ (none does in production) has only its own.
 */
export function publicOrigin(request: Request): string {
  return (
    env().PUBLIC_ORIGIN?.replace(/\/+$/, "") ??
    request.headers.get(SITE_ORIGIN_HEADER) ??
    new URL(request.url).origin
  );
}
