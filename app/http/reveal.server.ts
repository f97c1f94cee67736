import { createCookieSessionStorage } from "@remix-run/node";
import { z } from "zod";
import { isSecureRequest } from "./http.server";
import { sessionSecrets } from "./session.server";

/*
 * A secret shown once after post/redirect/get (decision 028): the new application's client secret
 * or an API token rides to the next page in a signed, httpOnly cookie that only the page it is
 * shown on receives, lives a minute, and is cleared by that page's first read. The server keeps
 * no copy: after that the value exists only where the administrator put it.
 */

export const revealSchema = z.object({
  // siteOwnerChanged: the notice after handing the site over (decision 034), name the new owner.
  kind: z.enum(["clientSecret", "apiToken", "siteOwnerChanged"]),
  clientId: z.string(),
  name: z.string(),
  value: z.string(),
});
export type Reveal = z.infer<typeof revealSchema>;

async function revealStorage(request: Request, path: string) {
  return createCookieSessionStorage({
    cookie: {
      name: "arkiv_reveal",
      httpOnly: true,
      sameSite: "strict",
      secure: isSecureRequest(request),
      path,
      maxAge: 60,
      secrets: await sessionSecrets(),
    },
  });
}

/** The Set-Cookie that carries the value to the page at path. */
export async function revealCookie(request: Request, path: string, reveal: Reveal) {
  const storage = await revealStorage(request, path);
  const session = await storage.getSession();
  session.flash("reveal", reveal);
  return storage.commitSession(session);
}

/** The value to show once, and the Set-Cookie that clears it. */
export async function readReveal(
  request: Request,
  path: string,
): Promise<{ reveal: Reveal | null; setCookie: string | null }> {
  if (!/(?:^|;\s*)arkiv_reveal=/.test(request.headers.get("Cookie") ?? ""))
    return { reveal: null, setCookie: null };
  const storage = await revealStorage(request, path);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = revealSchema.safeParse(session.get("reveal"));
  return {
    reveal: parsed.success ? parsed.data : null,
    setCookie: await storage.destroySession(session),
  };
}
