import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from "express-rate-limit";
import { countHit, forgetHits, hitCount, uncountHit } from "~/models/rate-limit/rate-limit.server";
import { env } from "~/utils/env.server";
import { HttpError } from "./error.server";
import { PASSWORD_ATTEMPTS_MESSAGE, RATE_LIMIT_WINDOW_MS } from "./paths";

/*
 * Every rate limit counts in the database (decision 068), so the processes of a scaled-out site
 * share one count: N processes allow the limit once, not N times (issue 29). server/'s limits per
 * client address use express-rate-limit with the store below; the counts per user, per client
 * address at the token endpoint, and per account for reset links call the model directly.
 */

/** express-rate-limit's store over the shared counts; `prefix` keeps each limiter's keys apart. */
export class DatabaseStore implements Store {
  windowMs = RATE_LIMIT_WINDOW_MS;
  // Not local: express-rate-limit must not assume one store per process sees every hit.
  localKeys = false;

  constructor(readonly prefix: string) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo> {
    const { count, resetAt } = await hitCount(this.prefix + key, this.windowMs);
    return { totalHits: count, resetTime: resetAt };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { count, resetAt } = await countHit(this.prefix + key, this.windowMs);
    return { totalHits: count, resetTime: resetAt };
  }

  async decrement(key: string): Promise<void> {
    await uncountHit(this.prefix + key, this.windowMs);
  }

  async resetKey(key: string): Promise<void> {
    await forgetHits(this.prefix + key);
  }
}

/*
 * The password changes' count per user, beside server/'s count per client address
 * (LOGIN_RATE_LIMIT posts per window), so one account guessed at from many addresses stops too.
 */
export async function countPasswordAttempt(userId: number): Promise<void> {
  const { count } = await countHit(`password-change:user:${userId}`, RATE_LIMIT_WINDOW_MS);
  if (count > env().LOGIN_RATE_LIMIT)
    throw new HttpError(429, PASSWORD_ATTEMPTS_MESSAGE, { heading: "Too many password attempts" });
}

/*
 * The token endpoint (decision 028, issue 29): TOKEN_RATE_LIMIT failed client authentications
 * per window from one client address. Counted per address, not per claimed client id: counting
 * by the id let anyone who knew it lock the real program out, and a new id each time was never
 * limited. Only failures count, so a program that authenticates is never slowed by the limit.
 */
const tokenKey = (address: string) => `token-failure:address:${address}`;

/** The seconds to wait when the address is over the limit, else null. */
export async function tokenFailureWait(address: string): Promise<number | null> {
  const { count, resetAt } = await hitCount(tokenKey(address), RATE_LIMIT_WINDOW_MS);
  if (count < env().TOKEN_RATE_LIMIT) return null;
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

export async function countTokenFailure(address: string): Promise<void> {
  await countHit(tokenKey(address), RATE_LIMIT_WINDOW_MS);
}

/*
 * Reset links mailed to one account (decision 036): a few per window whoever asks, so nobody
 * fills a person's mailbox from many addresses. Over the limit the request is answered as
 * always and nothing is sent, so the answer never tells whether the account exists.
 */
export const RESET_LINKS_PER_ACCOUNT = 5;

/** Counts a reset link for the account; false once over the limit (send nothing then). */
export async function countResetRequest(userId: number): Promise<boolean> {
  const { count } = await countHit(`reset-link:user:${userId}`, RATE_LIMIT_WINDOW_MS);
  return count <= RESET_LINKS_PER_ACCOUNT;
}
