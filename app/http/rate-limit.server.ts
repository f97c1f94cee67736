import { MemoryStore, type Options } from "express-rate-limit";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";
import { HttpError } from "./error.server";
import { PASSWORD_ATTEMPTS_MESSAGE, RATE_LIMIT_WINDOW_MS } from "./paths";

/*
 * The password changes' count per user, beside server/'s count per client address: the same
 * limiter (express-rate-limit's store, LOGIN_RATE_LIMIT posts per window), keyed by the user, so
 * one account guessed at from many addresses stops too.
 */
const passwordAttempts = () =>
  singleton("passwordAttempts", () => {
    const store = new MemoryStore();
    store.init({ windowMs: RATE_LIMIT_WINDOW_MS } as Options);
    return store;
  });

/** Counts a password change by the user; 429 once over the limit. */
export async function countPasswordAttempt(userId: number): Promise<void> {
  const { totalHits } = await passwordAttempts().increment(`user:${userId}`);
  if (totalHits > env().LOGIN_RATE_LIMIT)
    throw new HttpError(429, PASSWORD_ATTEMPTS_MESSAGE, { heading: "Too many password attempts" });
}
