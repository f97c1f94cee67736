import type { LoginInput } from "./auth.schema";
import { getSiteSettings } from "~/models/site/site.server";
import { verifyLogin } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";

export type LoginOutcome = { ok: true; user: Viewer } | { ok: false; message: string };

/** The log-on rule: a guest session when allowed, otherwise a user's name and password. */
export async function logIn(input: LoginInput): Promise<LoginOutcome> {
  const { guestAccess } = await getSiteSettings();
  if (input.mode === "guest") {
    if (!guestAccess)
      return {
        ok: false,
        message: "Guest access is not available on this site. Log on as a user.",
      };
    const guest = await verifyLogin("Guest", "", { guestAccess });
    return guest
      ? { ok: true, user: guest }
      : { ok: false, message: "Guest access is not available on this site." };
  }
  const user = await verifyLogin(input.username, input.password, { guestAccess });
  return user ? { ok: true, user } : { ok: false, message: "Invalid user name or password." };
}
