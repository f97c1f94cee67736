import { keyed } from "~/models/locale/keyed";
import { INVALID_LOGIN_MESSAGE, type LoginInput } from "./auth.schema";
import { getSiteSettings } from "~/models/site/site.server";
import { verifyLogin } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";

export type LoginOutcome = { ok: true; user: Viewer } | { ok: false; message: string };

/** The log-on rule: a guest session when allowed, otherwise a user's name and password. */
export async function logIn(input: LoginInput): Promise<LoginOutcome> {
  const { guestAccess } = await getSiteSettings();
  if (input.mode === "guest") {
    if (!guestAccess) return { ok: false, message: keyed("auth.logOn.refused.guestOff") };
    const guest = await verifyLogin("Guest", "", { guestAccess });
    return guest
      ? { ok: true, user: guest }
      : { ok: false, message: keyed("auth.logOn.refused.guestUnavailable") };
  }
  const user = await verifyLogin(input.username, input.password, { guestAccess });
  return user ? { ok: true, user } : { ok: false, message: INVALID_LOGIN_MESSAGE };
}
