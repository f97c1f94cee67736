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

/*
 * The token endpoint's count per client (decision 028): TOKEN_RATE_LIMIT requests per window for
 * each client id presented, the same limiter's store as the password changes.
 */
const tokenRequests = () =>
  singleton("tokenRequests", () => {
    const store = new MemoryStore();
    store.init({ windowMs: RATE_LIMIT_WINDOW_MS } as Options);
    return store;
  });

/** Counts a token request by the client; the seconds to wait once over the limit, else null. */
export async function countTokenRequest(clientId: string): Promise<number | null> {
  const { totalHits, resetTime } = await tokenRequests().increment(`client:${clientId}`);
  if (totalHits <= env().TOKEN_RATE_LIMIT) return null;
  return Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now()) - Date.now()) / 1000));
}

/*
 * Reset links mailed to one account (decision 036): a few per window whoever asks, so nobody
 * fills a person's mailbox from many addresses. Over the limit the request is answered as
 * always and nothing is sent, so the answer never tells whether the account exists.
 */
export const RESET_LINKS_PER_ACCOUNT = 5;

const resetRequests = () =>
  singleton("resetRequests", () => {
    const store = new MemoryStore();
    store.init({ windowMs: RATE_LIMIT_WINDOW_MS } as Options);
    return store;
  });

/** Counts a reset link for the account; false once over the limit (send nothing then). */
export async function countResetRequest(userId: number): Promise<boolean> {
  const { totalHits } = await resetRequests().increment(`user:${userId}`);
  return totalHits <= RESET_LINKS_PER_ACCOUNT;
}
