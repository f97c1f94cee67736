import { createCookie } from "@remix-run/node";
import { createHash } from "node:crypto";
import type { ShareLink } from "~/models/album/share-link.server";
import { sharedAlbumHref } from "~/utils/links";
import { isSecureRequest } from "./http.server";
import { CLIENT_ADDRESS_HEADER } from "./paths";
import { sessionSecrets } from "./session.server";

/*
 * A password-protected public link remembers a visitor who typed the right password in a cookie
 * of its own (decision 056): signed with the session secrets, httpOnly, SameSite=Lax and scoped to
 * the link's path, so it rides along only with that link's page and files. Its value names the
 * link and a digest of the link's password hash: a new or removed password ends every old access.
 */

const COOKIE_NAME = "arkiv_link";
const COOKIE_HOURS = 12;

async function linkCookie(request: Request, link: Pick<ShareLink, "token">) {
  return createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    path: sharedAlbumHref(link.token),
    maxAge: COOKIE_HOURS * 3600,
    secrets: await sessionSecrets(),
  });
}

function passwordStamp(link: Pick<ShareLink, "id" | "password_hash">): string {
  return createHash("sha256")
    .update(`${link.id}:${link.password_hash ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The Set-Cookie of a visitor who typed the link's right password. */
export async function unlockedLinkCookie(
  request: Request,
  link: Pick<ShareLink, "id" | "token" | "password_hash">,
): Promise<string> {
  return (await linkCookie(request, link)).serialize({ l: link.id, s: passwordStamp(link) });
}

/** Whether the visitor may see the link: it has no password, or their cookie holds its current one. */
export async function linkUnlocked(
  request: Request,
  link: Pick<ShareLink, "id" | "token" | "password_hash">,
): Promise<boolean> {
  if (link.password_hash === null) return true;
  const value: unknown = await (
    await linkCookie(request, link)
  ).parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return false;
  const { l, s } = value as { l?: unknown; s?: unknown };
  return l === link.id && s === passwordStamp(link);
}

/** The client's address as server/ read it (trust proxy applied), for the access log. */
export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "";
}
