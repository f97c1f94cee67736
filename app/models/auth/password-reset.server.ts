import crypto from "node:crypto";
import { sql } from "kysely";
import { db, now } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import { queueMail } from "~/models/mail/mail.server";
import { mailLocaleOf } from "~/models/locale/recipient.server";
import { deleteUserSessions } from "~/models/session/session.server";
import { hashPassword, isActiveAccount } from "~/models/user/user.server";

/*
 * A forgotten password (issue 15, decision 036): a mailed link, single use, valid for an hour.
 * Only the SHA-256 of the link's secret is stored, so a copy of the database opens no account.
 * A new link replaces the user's older ones, and a successful reset ends every session.
 */

export const RESET_LINK_LIFETIME_MS = 60 * 60_000;
/** Accounts one request may reach when several share the e-mail address given. */
const MAX_ACCOUNTS_PER_REQUEST = 5;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export interface ResettableAccount {
  id: number;
  username: string;
  email: string;
}

/**
 * The accounts a reset request names: by user name, else by e-mail address; only real accounts
 * that may sign in and have an address to mail (never the guest, a disabled or expired one).
 */
export async function findResettableAccounts(identifier: string): Promise<ResettableAccount[]> {
  const key = identifier.trim().toLowerCase();
  if (key === "") return [];
  const rows = await db()
    .selectFrom("users")
    .select(["id", "username", "email", "is_enabled", "expires_at", "username_key"])
    .where("id", "!=", GUEST_USER_ID)
    .where((eb) => eb.or([eb("username_key", "=", key), eb(sql`lower(email)`, "=", key)]))
    .orderBy("id")
    .limit(MAX_ACCOUNTS_PER_REQUEST + 1)
    .execute();
  const byName = rows.filter((r) => r.username_key === key);
  return (byName.length > 0 ? byName : rows)
    .filter((r) => isActiveAccount(r) && r.email.includes("@"))
    .slice(0, MAX_ACCOUNTS_PER_REQUEST)
    .map((r) => ({ id: Number(r.id), username: r.username, email: r.email }));
}

/** Mails the account a new link (`${linkBase}/${token}`); its older links stop working. */
export async function issuePasswordReset(
  account: ResettableAccount,
  options: { linkBase: string; siteName: string },
): Promise<void> {
  const token = crypto.randomBytes(32).toString("base64url");
  const at = now();
  const link = `${options.linkBase}/${token}`;
  const { t } = await mailLocaleOf(account.id);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .deleteFrom("password_resets")
        .where("user_id", "=", account.id)
        .where("used_at", "is", null)
        .execute();
      await trx
        .insertInto("password_resets")
        .values({
          hash: hashToken(token),
          user_id: account.id,
          expires_at: new Date(Date.now() + RESET_LINK_LIFETIME_MS).toISOString(),
          created_at: at,
        })
        .execute();
      await queueMail(
        {
          kind: "password-reset",
          to: account.email,
          subject: t("mail.passwordReset.subject", { siteName: options.siteName }),
          text: [
            t("mail.passwordReset.intro", {
              username: account.username,
              siteName: options.siteName,
            }),
            "",
            t("mail.passwordReset.open"),
            link,
            "",
            t("mail.passwordReset.once"),
          ].join("\n"),
        },
        trx,
      );
    });
}

export type ResetLinkState =
  | { ok: true; userId: number; username: string }
  | { ok: false; reason: "unknown" | "used" | "expired" };

/** What a link is worth now: its account, or why it no longer opens anything. */
export async function checkResetLink(token: string): Promise<ResetLinkState> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, reason: "unknown" };
  const row = await db()
    .selectFrom("password_resets")
    .innerJoin("users", "users.id", "password_resets.user_id")
    .select([
      "password_resets.user_id",
      "password_resets.used_at",
      "password_resets.expires_at as link_expires_at",
      "users.username",
      "users.is_enabled",
      "users.expires_at",
    ])
    .where("password_resets.hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || Number(row.user_id) === GUEST_USER_ID || !isActiveAccount(row))
    return { ok: false, reason: "unknown" };
  if (row.used_at !== null) return { ok: false, reason: "used" };
  if (row.link_expires_at <= now()) return { ok: false, reason: "expired" };
  return { ok: true, userId: Number(row.user_id), username: row.username };
}

/**
 * Sets the new password through the link, once: the link is claimed in the database first, so
 * two submissions racing cannot both succeed. Every session of the user ends, and every other
 * link of theirs stops working.
 */
export async function resetPassword(token: string, newPassword: string): Promise<ResetLinkState> {
  const state = await checkResetLink(token);
  if (!state.ok) return state;
  const passwordHash = await hashPassword(newPassword);
  const at = now();
  const claimed = await db()
    .transaction()
    .execute(async (trx) => {
      const claim = await trx
        .updateTable("password_resets")
        .set({ used_at: at })
        .where("hash", "=", hashToken(token))
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, force_password_change: 0, updated_at: at })
        .where("id", "=", state.userId)
        .execute();
      await trx
        .deleteFrom("password_resets")
        .where("user_id", "=", state.userId)
        .where("used_at", "is", null)
        .execute();
      return true;
    });
  if (!claimed) return checkResetLink(token);
  await deleteUserSessions(state.userId);
  return state;
}
