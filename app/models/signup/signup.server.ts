import crypto from "node:crypto";
import { sql } from "kysely";
import { db, now } from "~/db/connection.server";
import {
  EVERYONE_GROUP_ID,
  GUEST_USER_ID,
  REGISTERED_USERS_GROUP_ID,
  type SignupRow,
} from "~/db/schema";
import { joinGroups } from "~/models/group/membership.server";
import { queueMail } from "~/models/mail/mail.server";
import { mailLocaleIn, mailLocaleOf } from "~/models/locale/recipient.server";
import { assertMayDelegate, rightsThroughGroups } from "~/models/access/delegation.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { getSiteSettings } from "~/models/site/site.server";
import { assertSeatsAvailable } from "~/models/user/license.server";
import { createUser, hashPassword } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import {
  checkUserData,
  groupIdOf,
  type SignupDetails,
  type SignupInput,
  type SignupPatch,
  type UserDataEntry,
} from "./signup.schema";
import { readIds, readList } from "~/db/json-column";

/*
 * Sign-ups (spec 002, decision 036): a visitor asks for an account; someone holding
 * approvePendingSignups approves it (the account is created, in groups when the site lets the
 * approver choose them) or rejects it, and the visitor is told by mail. Who may call these is
 * the access module's decision, taken by the callers in app/http.
 */

export const SIGNUP_NOT_FOUND = keyed("people.refusal.signupNotFound");
export const USERNAME_TAKEN = "This user name is taken. Choose another.";
export const ACCOUNT_EXISTS = keyed("people.refusal.accountExists");

export interface Signup {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  userData: UserDataEntry[];
  groups: number[];
  createdAt: string;
}

function toSignup(row: SignupRow): Signup {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    userData: readList(row.user_data) as UserDataEntry[],
    groups: readIds(row.groups),
    createdAt: row.created_at,
  };
}

export interface MailContext {
  siteName: string;
  /** The log-on page's absolute address, for the approval mail. */
  loginLink: string;
  /** The forgotten-password page's, for the mail to an address that has an account. */
  forgotLink: string;
  /** The language of the request: a sign-up keeps it for the mail that answers it. */
  language: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function usernameTaken(username: string): Promise<boolean> {
  const key = username.trim().toLowerCase();
  const [user, pending] = await Promise.all([
    db().selectFrom("users").select("id").where("username_key", "=", key).executeTakeFirst(),
    db()
      .selectFrom("signups")
      .select("id")
      .where("status", "=", "pending")
      .where(sql`lower(username)`, "=", key)
      .executeTakeFirst(),
  ]);
  return Boolean(user || pending);
}

async function accountWithEmail(emailKey: string) {
  return db()
    .selectFrom("users")
    .select(["id", "username"])
    .where("id", "!=", GUEST_USER_ID)
    .where(sql`lower(email)`, "=", emailKey)
    .executeTakeFirst();
}

/**
 * A visitor's sign-up. The answer never tells whether an e-mail address has an account: that
 * address is mailed instead (a reminder of the account and the forgotten-password page), and a
 * second sign-up for an address already pending adds nothing. A user name must be free, as it
 * must be for any account, and the form says so.
 */
export async function submitSignup(
  input: SignupInput,
  mail: MailContext,
): Promise<{ ok: true } | { ok: false; fieldErrors: Record<string, string> }> {
  if (await usernameTaken(input.username))
    return { ok: false, fieldErrors: { username: USERNAME_TAKEN } };
  const emailKey = input.email.toLowerCase();
  const existing = await accountWithEmail(emailKey);
  if (existing) {
    const { t } = await mailLocaleOf(existing.id);
    await queueMail({
      kind: "signup-existing-account",
      to: input.email,
      subject: t("mail.signup.existingSubject", { siteName: mail.siteName }),
      text: [
        t("mail.signup.existingIntro", { siteName: mail.siteName }),
        t("mail.signup.existingTaken", { username: existing.username }),
        mail.loginLink,
        "",
        t("mail.signup.existingForgot"),
        mail.forgotLink,
      ].join("\n"),
    });
    return { ok: true };
  }
  const pending = await db()
    .selectFrom("signups")
    .select("id")
    .where("status", "=", "pending")
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
  if (pending) return { ok: true };
  await db()
    .insertInto("signups")
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      email_key: emailKey,
      username: input.username,
      first_name: input.firstName,
      last_name: input.lastName,
      user_data: JSON.stringify(input.userData),
      password_hash: await hashPassword(input.password),
      created_at: now(),
      language: mail.language,
    })
    .execute();
  return { ok: true };
}

/** Pending sign-ups, oldest first (the order they were asked). */
export async function listPendingSignups(): Promise<Signup[]> {
  const rows = await db()
    .selectFrom("signups")
    .selectAll()
    .where("status", "=", "pending")
    .orderBy("created_at")
    .orderBy("id")
    .limit(1000)
    .execute();
  return rows.map(toSignup);
}

export async function pendingSignupCount(): Promise<number> {
  const row = await db()
    .selectFrom("signups")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A pending sign-up by its guid; 404 for anything else (decided, unknown, malformed). */
export async function getPendingSignup(id: string): Promise<Signup> {
  if (!GUID.test(id)) throw new Problem("not-found", SIGNUP_NOT_FOUND);
  const row = await db()
    .selectFrom("signups")
    .selectAll()
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!row) throw new Problem("not-found", SIGNUP_NOT_FOUND);
  return toSignup(row);
}

/** The approver's edit of a pending sign-up's details (the e-mail address stays). */
export async function updateSignupDetails(
  id: string,
  change: SignupPatch | SignupDetails,
): Promise<Signup> {
  const signup = await getPendingSignup(id);
  const { fields } = (await getSiteSettings()).signups;
  let userData = signup.userData;
  if (change.userData) {
    // A PATCH names the fields it changes; the others keep their values.
    const merged = new Map<string, unknown>(signup.userData.map((e) => [e.id, e.value]));
    for (const entry of change.userData) merged.set(entry.id, entry.value);
    const known = [...merged].filter(([fieldId]) => fields.some((f) => f.id === fieldId));
    const unknown = change.userData
      .filter((e) => !fields.some((f) => f.id === e.id))
      .map((e) => ({ id: e.id, value: e.value as unknown }));
    const checked = checkUserData(fields, [
      ...known.map(([fieldId, value]) => ({ id: fieldId, value })),
      ...unknown,
    ]);
    if (!checked.ok)
      throw new Problem("invalid", keyed("people.refusal.signupFields"), {
        messages: Object.values(checked.errors),
      });
    userData = checked.userData;
  }
  const updated = await db()
    .updateTable("signups")
    .set({
      first_name: change.firstName ?? signup.firstName,
      last_name: change.lastName ?? signup.lastName,
      user_data: JSON.stringify(userData),
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new Problem("not-found", SIGNUP_NOT_FOUND);
  return toSignup(updated);
}

export interface AssignableGroup {
  id: number;
  name: string;
}

/** The groups an approver may put a new account in: all but the two every account is in. */
export async function assignableGroups(): Promise<AssignableGroup[]> {
  const rows = await db()
    .selectFrom("groups")
    .select(["id", "name"])
    .where("id", "not in", [EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID])
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The group references as ids, each an existing group; 400 naming what is not. */
async function resolveGroups(references: readonly (string | number)[]): Promise<number[]> {
  const ids = references.map((reference) => ({ reference, id: groupIdOf(reference) }));
  const bad = ids.filter((r) => r.id === null).map((r) => String(r.reference));
  const wanted = [...new Set(ids.flatMap((r) => (r.id === null ? [] : [r.id])))];
  const found = new Set(
    wanted.length === 0
      ? []
      : (await db().selectFrom("groups").select("id").where("id", "in", wanted).execute()).map(
          (r) => Number(r.id),
        ),
  );
  const missing = [...bad, ...wanted.filter((id) => !found.has(id)).map(String)];
  if (missing.length > 0)
    throw new Problem("invalid", keyed("people.refusal.signupGroups"), {
      messages: missing.map((m) =>
        keyed("people.refusal.signupNoSuchGroup", { group: m.slice(0, 100) }),
      ),
    });
  return wanted;
}

const fullName = (s: Pick<Signup, "firstName" | "lastName" | "username">) =>
  `${s.firstName} ${s.lastName}`.trim() || s.username;

/**
 * Approves a pending sign-up: the account (with the password chosen at sign-up), its groups and
 * the mail are one transaction, after the checks: the groups exist (400), the site lets the
 * approver choose groups (400), the user name and e-mail address are still free (409), a seat is
 * free (409 out_of_licenses). A sign-up decided meanwhile is 404.
 */
export async function approveSignup(
  approver: Viewer,
  id: string,
  groupReferences: readonly (string | number)[],
  mail: MailContext,
): Promise<{ userId: number }> {
  const signup = await getPendingSignup(id);
  const { t } = await signupMailLocale(id);
  const settings = (await getSiteSettings()).signups;
  if (groupReferences.length > 0 && !settings.adminCanAssignGroups)
    throw new Problem("invalid", keyed("people.refusal.signupNoGroupChoice"));
  const groups = await resolveGroups(groupReferences);
  // The delegation rule: an approver gives only groups whose rights he holds himself.
  await assertMayDelegate(approver, await rightsThroughGroups(groups));
  const taken = await db()
    .selectFrom("users")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("username_key", "=", signup.username.toLowerCase()),
        eb(sql`lower(email)`, "=", signup.email.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (taken) throw new Problem("conflict", ACCOUNT_EXISTS);
  await assertSeatsAvailable(1);
  const row = await db()
    .selectFrom("signups")
    .select("password_hash")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  try {
    return await db()
      .transaction()
      .execute(async (trx) => {
        const claimed = await trx
          .updateTable("signups")
          .set({
            status: "approved",
            decided_by: approver.id,
            decided_at: now(),
            groups: JSON.stringify(groups),
          })
          .where("id", "=", id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw new Problem("not-found", SIGNUP_NOT_FOUND);
        const user = await createUser(
          {
            username: signup.username,
            // A sign-up without a password (an API-made one) gets one nobody knows: the
            // forgotten-password link sets a real one.
            passwordHash:
              row.password_hash ??
              (await hashPassword(crypto.randomBytes(24).toString("base64url"))),
            firstName: signup.firstName,
            lastName: signup.lastName,
            fullName: fullName(signup),
            email: signup.email,
          },
          trx,
        );
        await joinGroups(user.id, groups, trx);
        await trx
          .updateTable("signups")
          .set({ user_id: user.id, password_hash: null })
          .where("id", "=", id)
          .execute();
        await queueMail(
          {
            kind: "signup-approved",
            to: signup.email,
            subject: t("mail.signup.approvedSubject", { siteName: mail.siteName }),
            text: [
              t("mail.signup.hello", { name: fullName(signup) }),
              "",
              t("mail.signup.approvedBody", {
                siteName: mail.siteName,
                username: signup.username,
              }),
              mail.loginLink,
            ].join("\n"),
          },
          trx,
        );
        return { userId: user.id };
      });
  } catch (error) {
    if (error instanceof Problem) throw error;
    // The unique user name index: an account of that name was made meanwhile.
    if (await usernameTaken(signup.username)) throw new Problem("conflict", ACCOUNT_EXISTS);
    throw error;
  }
}

/** The language a pending sign-up was made in (for the mail that answers it). */
async function signupMailLocale(id: string) {
  const row = await db()
    .selectFrom("signups")
    .select("language")
    .where("id", "=", id)
    .executeTakeFirst();
  return mailLocaleIn(row?.language);
}

/** Rejects a pending sign-up and tells the visitor; 404 once it is decided. */
export async function rejectSignup(approver: Viewer, id: string, mail: MailContext) {
  const signup = await getPendingSignup(id);
  const { t } = await signupMailLocale(id);
  await db()
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable("signups")
        .set({
          status: "rejected",
          decided_by: approver.id,
          decided_at: now(),
          password_hash: null,
        })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new Problem("not-found", SIGNUP_NOT_FOUND);
      await queueMail(
        {
          kind: "signup-rejected",
          to: signup.email,
          subject: t("mail.signup.rejectedSubject", { siteName: mail.siteName }),
          text: [
            t("mail.signup.hello", { name: fullName(signup) }),
            "",
            t("mail.signup.rejectedBody", { siteName: mail.siteName }),
          ].join("\n"),
        },
        trx,
      );
    });
}
