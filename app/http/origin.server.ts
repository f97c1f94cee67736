import { env } from "~/utils/env.server";

/**
 * The origin links in mail point to: PUBLIC_ORIGIN when set, else the request's own. Behind a
 * proxy PUBLIC_ORIGIN should be set, so a forged Host header cannot put its name into a link
 * Arkiv mails (decision 036).
 */
export function publicOrigin(request: Request): string {
  return env().PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}
