import crypto from "node:crypto";
import { db, now } from "~/db/connection.server";
import type { CredentialKind } from "~/db/schema";

/*
 * Every credential handed to a program is an opaque random string kept only as its SHA-256
 * (decision 028): a copy of the database gives no usable token. The values carry 256 random bits,
 * so a fast hash is enough (a password hash protects guessable values, which these are not).
 */

export function newCredential(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashCredential(value: string): string {
  return crypto.createHash("sha256").update(value, "utf8").digest("hex");
}

/** Constant-time comparison of a presented value with a stored hash. */
export function matchesHash(value: string, hash: string): boolean {
  const presented = Buffer.from(hashCredential(value), "hex");
  const stored = Buffer.from(hash, "hex");
  return stored.length === presented.length && crypto.timingSafeEqual(presented, stored);
}

export interface NewCredential {
  kind: CredentialKind;
  value: string;
  applicationId: number;
  userId: number;
  expiresAt: Date | null;
  scope?: string;
  redirectUri?: string | null;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
}

export async function saveCredential(credential: NewCredential) {
  await db()
    .insertInto("oauth_credentials")
    .values({
      hash: hashCredential(credential.value),
      kind: credential.kind,
      application_id: credential.applicationId,
      user_id: credential.userId,
      scope: credential.scope ?? "",
      expires_at: credential.expiresAt?.toISOString() ?? null,
      redirect_uri: credential.redirectUri ?? null,
      code_challenge: credential.codeChallenge ?? null,
      code_challenge_method: credential.codeChallengeMethod ?? null,
      created_at: now(),
    })
    .execute();
}

/**
 * A credential of one of the kinds that is live: not expired, its application still registered
 * (deleting one deletes its credentials). null for anything else, tampered values included.
 */
export async function findLiveCredential(kinds: CredentialKind[], value: string) {
  if (value.length === 0 || value.length > 512) return null;
  const row = await db()
    .selectFrom("oauth_credentials")
    .innerJoin("applications", "applications.id", "oauth_credentials.application_id")
    .selectAll("oauth_credentials")
    .select("applications.client_id")
    .where("oauth_credentials.hash", "=", hashCredential(value))
    .where("oauth_credentials.kind", "in", kinds)
    .executeTakeFirst();
  if (!row) return null;
  if (row.expires_at !== null && row.expires_at <= now()) return null;
  return row;
}

/** Removes a credential; whether one was there (a code or refresh token is spent only once). */
export async function deleteCredential(kinds: CredentialKind[], value: string): Promise<boolean> {
  const result = await db()
    .deleteFrom("oauth_credentials")
    .where("hash", "=", hashCredential(value))
    .where("kind", "in", kinds)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Expired credentials, swept with the sessions. */
export async function purgeExpiredCredentials(): Promise<number> {
  const result = await db()
    .deleteFrom("oauth_credentials")
    .where("expires_at", "is not", null)
    .where("expires_at", "<=", now())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
