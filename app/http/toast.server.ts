import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { isSecureRequest } from "./http.server";
import { keyedResolverFor } from "./locale/locale.server";
import { sessionSecrets } from "./session.server";

/*
 * The one toast helper: a flash message carried across a redirect in its own short-lived signed
 * cookie, so it works for anonymous visitors and after the session has ended.
 */

export const toastSchema = z.object({
  kind: z.enum(["success", "info", "warning", "error"]).default("success"),
  message: z.string().max(500),
});
export type Toast = z.infer<typeof toastSchema>;

async function toastStorage(request: Request) {
  return createCookieSessionStorage({
    cookie: {
      name: "arkiv_toast",
      httpOnly: true,
      sameSite: "lax",
      secure: isSecureRequest(request),
      path: "/",
      maxAge: 60,
      secrets: await sessionSecrets(),
    },
  });
}

/** Redirects with a toast; extra Set-Cookie headers (a new session) may ride along. */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: { kind?: Toast["kind"]; message: string },
  setCookies: string[] = [],
) {
  const storage = await toastStorage(request);
  const session = await storage.getSession();
  session.flash("toast", toastSchema.parse(toast));
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return redirect(to, { headers });
}

/** Reads and clears the pending toast. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("arkiv_toast=")) return { toast: null, setCookie: null };
  const storage = await toastStorage(request);
  const session = await storage.getSession(cookieHeader);
  const parsed = toastSchema.safeParse(session.get("toast"));
  // A keyed message (decision 104) is read in the language of the page that shows it.
  const resolve = parsed.success ? await keyedResolverFor(request) : null;
  return {
    toast: parsed.success ? { ...parsed.data, message: resolve!(parsed.data.message) } : null,
    setCookie: await storage.destroySession(session),
  };
}
