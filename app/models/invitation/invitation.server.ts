import { keyed } from "~/models/locale/keyed";
import crypto from "node:crypto";
import { sql } from "kysely";
import { db, now } from "~/db/connection.server";
import { containsText } from "~/db/like";
import { lockRowForUpdate } from "~/db/dialect.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID, type InvitationRow } from "~/db/schema";
import {
  decided,
  grantMembershipsDecision,
  invitationDecision,
} from "~/models/access/access.server";
import { accountStillHolds, rightsThroughGroups } from "~/models/access/delegation.server";
import { joinGroups } from "~/models/group/membership.server";
import { queueMail } from "~/models/mail/mail.server";
import { siteMailLocale, type MailLocale } from "~/models/locale/recipient.server";
import { hashCredential } from "~/models/oauth/credential.server";
import { Problem } from "~/models/problem/problem";
import { storedSessionSecrets } from "~/models/site/site.server";
import { assertSeatsAvailable } from "~/models/user/license.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { env } from "~/utils/env.server";
import { LINKS } from "~/utils/links";
import {
  groupHref,
  INVITATION_TOKEN,
  type InvitationInput,
  type InvitationKind,
  type RedeemInput,
} from "./invitation.schema";
import { readIds } from "~/db/json-column";

/*
 * Invitations (spec 002, decision 037): an inviter holding inviteUsers invites people by e-mail
 * (one invitation per address, mailed), by organization domain or by a shareable link; whoever
 * redeems makes an account and joins the invitation's groups. The link's secret is never stored:
 * the row keeps its SHA-256 (as decision 028 keeps credentials), and the secret is an HMAC of the
 * row's id and creation time under the site's signing secret, so the manager can show the link
 * again while a copy of the database alone gives no usable link.
 */

const INVITATION_NOT_FOUND = keyed("people.invite.problem.notFound");
const INVITATION_LINK_NOT_FOUND = keyed("people.invite.problem.linkNotFound");
const TOO_MANY_INVITATIONS = keyed("people.invite.problem.tooMany");

/** Invitations one inviter may create in an hour (addresses, domains and links alike). */
export const INVITATIONS_PER_HOUR = 100;
const HOUR_MS = 60 * 60_000;

export interface InvitationRedeemer {
  id: number;
  name: string;
  username: string;
}

export interface Invitation {
  id: number;
  kind: InvitationKind;
  email: string | null;
  organizationDomain: string | null;
  description: string;
  message: string;
  groups: { id: number; name: string }[];
  /** The path of the sign-up link; null when the signing secret it was made with is gone. */
  linkPath: string | null;
  createdAt: string;
  expiresAt: string | null;
  createdBy: { id: number; name: string } | null;
  redeemedBy: InvitationRedeemer[];
  /** active, used (a user invitation redeemed) or expired. */
  state: "active" | "used" | "expired";
}

const INVITATION_OUTGROWN = keyed("people.invite.problem.outgrown");

/* ---------- the link's secret ---------- */

/** The site's signing secrets, newest first (SESSION_SECRETS, or those kept in the database). */
async function signingSecrets(): Promise<string[]> {
  return env().SESSION_SECRETS ?? (await storedSessionSecrets());
}

function linkSecret(secret: string, id: number, createdAt: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`arkiv invitation link\n${id}\n${createdAt}`)
    .digest("base64url");
}

/** The link's secret again, under whichever signing secret made it; null when none did. */
function regenerateSecret(
  secrets: readonly string[],
  row: Pick<InvitationRow, "id" | "created_at" | "token_hash">,
): string | null {
  for (const secret of secrets) {
    const token = linkSecret(secret, row.id, row.created_at);
    if (hashCredential(token) === row.token_hash) return token;
  }
  return null;
}

export const invitationPath = (token: string) => `${LINKS.invitation}/${token}`;

/* ---------- groups ---------- */

const BUILT_IN_GROUPS = [EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID];

/** Groups an invitation may name: every group but the built-in ones everybody is in anyway. */
export async function invitableGroups(
  viewer: Viewer | null,
  query: string,
): Promise<{ id: number; name: string; href: string }[]> {
  decided(await invitationDecision(viewer));
  const q = query.trim().toLowerCase().slice(0, 100);
  if (q === "") return [];
  const rows = await db()
    .selectFrom("groups")
    .select(["id", "name"])
    .where("id", "not in", BUILT_IN_GROUPS)
    .where(containsText("name", q))
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .limit(20)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, href: groupHref(r.id) }));
}

/** The named groups that exist (never the built-in ones), by id. */
async function groupNames(ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id) => !BUILT_IN_GROUPS.includes(id));
  if (wanted.length === 0) return new Map();
  const rows = await db()
    .selectFrom("groups")
    .select(["id", "name"])
    .where("id", "in", wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Groups by id, in the order given, for the wizard's chosen list. */
export async function chosenGroups(
  viewer: Viewer | null,
  ids: readonly number[],
): Promise<{ id: number; name: string; href: string }[]> {
  decided(await invitationDecision(viewer));
  const names = await groupNames(ids);
  return ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name, href: groupHref(id) }];
  });
}

/* ---------- creating ---------- */

export type CreateInvitationsResult =
  | { ok: false; fieldErrors: Record<string, string> }
  | {
      ok: true;
      kind: InvitationKind;
      /** One per address for users; one for an organization or a link. */
      invitations: { id: number; email: string | null; linkPath: string }[];
    };

async function sentInLastHour(inviterId: number): Promise<number> {
  const row = await db()
    .selectFrom("invitations")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("created_by", "=", inviterId)
    .where("created_at", ">", new Date(Date.now() - HOUR_MS).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Creates the invitations and queues a mail to each invited address. `origin` makes the mailed
 * link absolute (PUBLIC_ORIGIN or the request's). Unknown or built-in groups are field errors;
 * more than INVITATIONS_PER_HOUR in an hour is refused (too-many) and nothing is created.
 */
export async function createInvitations(
  viewer: Viewer | null,
  input: InvitationInput,
  origin: string,
): Promise<CreateInvitationsResult> {
  const inviter = decided(await invitationDecision(viewer));
  const names = await groupNames(input.groupIds);
  const missing = input.groupIds.filter((id) => !names.has(id));
  if (missing.length > 0)
    return {
      ok: false,
      fieldErrors: {
        groups: BUILT_IN_GROUPS.includes(missing[0]!)
          ? keyed("people.invite.validation.builtInGroup")
          : keyed("people.invite.validation.noSuchGroup", { href: groupHref(missing[0]!) }),
      },
    };
  // The delegation rule: an inviter invites only into groups whose rights he holds himself.
  const grant = await grantMembershipsDecision(
    inviter,
    input.groupIds.map((id) => ({ id, name: names.get(id)! })),
  );
  if (!grant.allowed) return { ok: false, fieldErrors: { groups: grant.problem.message } };
  const addresses: (string | null)[] = input.kind === "user" ? input.emails : [null];
  if ((await sentInLastHour(inviter.id)) + addresses.length > INVITATIONS_PER_HOUR)
    throw new Problem("too-many", TOO_MANY_INVITATIONS);

  const [secret] = await signingSecrets();
  const createdAt = now();
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      const made: { id: number; email: string | null; linkPath: string }[] = [];
      for (const email of addresses) {
        const { id } = await trx
          .insertInto("invitations")
          .values({
            // Replaced below, once the id the secret is made from is known.
            token_hash: `pending-${crypto.randomBytes(16).toString("hex")}`,
            kind: input.kind,
            email,
            organization_domain: input.organizationDomain,
            description: input.description,
            message: input.message,
            groups: JSON.stringify(input.groupIds),
            created_by: inviter.id,
            created_at: createdAt,
            expires_at: input.expiresAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const token = linkSecret(secret!, id, createdAt);
        await trx
          .updateTable("invitations")
          .set({ token_hash: hashCredential(token) })
          .where("id", "=", id)
          .execute();
        made.push({ id, email, linkPath: invitationPath(token) });
      }
      return made;
    });

  const locale = await siteMailLocale();
  for (const invitation of created) {
    if (invitation.email === null) continue;
    await queueMail(
      invitationMail(
        {
          to: invitation.email,
          inviter: inviter.fullName,
          message: input.message,
          link: new URL(invitation.linkPath, origin).href,
          expiresAt: input.expiresAt,
        },
        locale,
      ),
    );
  }
  return { ok: true, kind: input.kind, invitations: created };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * The invitation as mailed, in the site's language (the person has no account yet): plain text,
 * and the same escaped in HTML.
 */
export function invitationMail(
  parts: {
    to: string;
    inviter: string;
    message: string;
    link: string;
    expiresAt: string | null;
  },
  { t, date }: Pick<MailLocale, "t" | "date">,
) {
  const until = parts.expiresAt
    ? t("mail.invitation.until", { date: date(parts.expiresAt) })
    : null;
  const intro = t("mail.invitation.intro", { inviter: parts.inviter });
  const lines = [
    intro,
    ...(parts.message ? ["", parts.message] : []),
    "",
    t("mail.invitation.make"),
    parts.link,
    ...(until ? ["", until] : []),
  ];
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...(parts.message ? [`<p style="white-space:pre-line">${escapeHtml(parts.message)}</p>`] : []),
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(t("mail.invitation.makeLink"))}</a></p>`,
    ...(until ? [`<p>${escapeHtml(until)}</p>`] : []),
  ].join("\n");
  return {
    kind: "invitation",
    to: parts.to,
    subject: t("mail.invitation.subject", { inviter: parts.inviter }).slice(0, 200),
    text: lines.join("\n"),
    html,
  };
}

/* ---------- listing and revoking ---------- */

function stateOf(row: InvitationRow, redemptions: number, at: string): Invitation["state"] {
  if (row.kind === "user" && redemptions > 0) return "used";
  if (row.expires_at !== null && row.expires_at <= at) return "expired";
  return "active";
}

async function toInvitations(rows: InvitationRow[]): Promise<Invitation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [redemptions, names, secrets, inviters] = await Promise.all([
    db()
      .selectFrom("invitation_redemptions")
      .innerJoin("users", "users.id", "invitation_redemptions.user_id")
      .select([
        "invitation_redemptions.invitation_id",
        "users.id",
        "users.username",
        "users.full_name",
      ])
      .where("invitation_redemptions.invitation_id", "in", ids)
      .orderBy("invitation_redemptions.created_at")
      .orderBy("users.id")
      .execute(),
    groupNames([...new Set(rows.flatMap((r) => readIds(r.groups)))]),
    signingSecrets(),
    db()
      .selectFrom("users")
      .select(["id", "username", "full_name"])
      .where("id", "in", [
        ...new Set(rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by]))),
        -1,
      ])
      .execute(),
  ]);
  const at = now();
  return rows.map((row) => {
    const redeemedBy = redemptions
      .filter((r) => r.invitation_id === row.id)
      .map((r) => ({ id: r.id, name: r.full_name || r.username, username: r.username }));
    const inviter = inviters.find((u) => u.id === row.created_by);
    const token = regenerateSecret(secrets, row);
    return {
      id: row.id,
      kind: row.kind,
      email: row.email,
      organizationDomain: row.organization_domain,
      description: row.description,
      message: row.message,
      groups: readIds(row.groups).flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
      linkPath: token === null ? null : invitationPath(token),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      createdBy: inviter ? { id: inviter.id, name: inviter.full_name || inviter.username } : null,
      redeemedBy,
      state: stateOf(row, redeemedBy.length, at),
    };
  });
}

/** Invitations not revoked, newest first (a revoked one leaves the list, spec 002 section 4). */
export async function listInvitations(viewer: Viewer | null): Promise<Invitation[]> {
  decided(await invitationDecision(viewer));
  const rows = await db()
    .selectFrom("invitations")
    .selectAll()
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return toInvitations(rows);
}

/** One invitation not revoked; a Problem (not-found, "invite not found") otherwise. */
export async function getInvitation(viewer: Viewer | null, id: number): Promise<Invitation> {
  decided(await invitationDecision(viewer));
  const row = Number.isSafeInteger(id)
    ? await db()
        .selectFrom("invitations")
        .selectAll()
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new Problem("not-found", INVITATION_NOT_FOUND);
  return (await toInvitations([row]))[0]!;
}

/** Revokes an invitation: its link stops working at once and it leaves the list. */
export async function revokeInvitation(viewer: Viewer | null, id: number): Promise<Invitation> {
  const invitation = await getInvitation(viewer, id);
  const result = await db()
    .updateTable("invitations")
    .set({ revoked_at: now() })
    .where("id", "=", invitation.id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new Problem("not-found", INVITATION_NOT_FOUND);
  return invitation;
}

/* ---------- redeeming ---------- */

export interface RedeemableInvitation {
  id: number;
  kind: InvitationKind;
  email: string | null;
  organizationDomain: string | null;
  message: string;
  /** Null when the inviter has since been removed. */
  inviter: string | null;
}

const linkNotFound = () => new Problem("not-found", INVITATION_LINK_NOT_FOUND);

type Executor = Parameters<typeof lockRowForUpdate>[0];

/** The row behind a link while it may still be redeemed; undefined for every other case alike. */
async function redeemableRow(executor: Executor, token: string) {
  if (!INVITATION_TOKEN.test(token)) return undefined;
  const row = await executor
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", hashCredential(token))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_at !== null && row.expires_at <= now()) return undefined;
  if (row.kind === "user") {
    const used = await executor
      .selectFrom("invitation_redemptions")
      .select("user_id")
      .where("invitation_id", "=", row.id)
      .executeTakeFirst();
    if (used) return undefined;
  }
  return row;
}

/**
 * What the redeem page shows: who invited and the message. Revoked, expired, used and unknown
 * links are one and the same not-found, so a link's history cannot be probed.
 */
export async function findRedeemableInvitation(token: string): Promise<RedeemableInvitation> {
  const row = await redeemableRow(db(), token);
  if (!row) throw linkNotFound();
  const inviter =
    row.created_by === null
      ? undefined
      : await db()
          .selectFrom("users")
          .select(["username", "full_name"])
          .where("id", "=", row.created_by)
          .executeTakeFirst();
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    organizationDomain: row.organization_domain,
    message: row.message,
    // null: an administrator since removed.
    inviter: inviter ? inviter.full_name || inviter.username : null,
  };
}

export type RedeemResult =
  { ok: true; user: Viewer } | { ok: false; fieldErrors: Record<string, string> };

const USERNAME_TAKEN = keyed("people.redeem.validation.usernameTaken");

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

async function takenFields(username: string, email: string): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const byName = await db()
    .selectFrom("users")
    .select("id")
    .where("username_key", "=", username.toLowerCase())
    .executeTakeFirst();
  if (byName) errors.username = USERNAME_TAKEN;
  const byEmail = await db()
    .selectFrom("users")
    .select("id")
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .executeTakeFirst();
  if (byEmail) errors.email = keyed("people.redeem.validation.emailExists");
  return errors;
}

/**
 * Makes the invited person's account and joins the invitation's groups, in one transaction with
 * the record of the redemption. A user invitation's address is the account's, whatever is posted;
 * an organization invitation takes addresses in its domain only. A full site refuses with 409
 * (out_of_licenses) before anything is written.
 */
export async function redeemInvitation(token: string, input: RedeemInput): Promise<RedeemResult> {
  const invitation = await findRedeemableInvitation(token);
  const email = invitation.kind === "user" ? invitation.email! : input.email;
  const fieldErrors: Record<string, string> = {};
  if (
    invitation.kind === "organization" &&
    domainOf(email) !== invitation.organizationDomain?.toLowerCase()
  )
    fieldErrors.email = keyed("people.redeem.validation.useDomain", {
      domain: invitation.organizationDomain ?? "",
    });
  Object.assign(fieldErrors, await takenFields(input.username, email), fieldErrors);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  try {
    const user = await db()
      .transaction()
      .execute(async (trx) => {
        await lockRowForUpdate(trx, "invitations", invitation.id);
        // Again under the lock: a single-use link redeemed meanwhile, or revoked, is gone.
        const row = await redeemableRow(trx, token);
        if (!row) throw linkNotFound();
        await assertSeatsAvailable(1, undefined, trx);
        const created = await createUser(
          {
            username: input.username,
            password: input.password,
            firstName: input.firstName,
            lastName: input.lastName,
            fullName: `${input.firstName} ${input.lastName}`,
            email,
          },
          trx,
        );
        const groupIds = readIds(row.groups);
        const existing =
          groupIds.length === 0
            ? []
            : (
                await trx.selectFrom("groups").select("id").where("id", "in", groupIds).execute()
              ).map((g) => g.id);
        // Again at redemption: a sender who has since lost a right the groups give (or left)
        // cannot pass it on through a link made before.
        if (
          existing.length > 0 &&
          !(await accountStillHolds(row.created_by, await rightsThroughGroups(existing)))
        )
          throw new Problem("forbidden", INVITATION_OUTGROWN);
        await joinGroups(created.id, existing, trx);
        await trx
          .insertInto("invitation_redemptions")
          .values({ invitation_id: row.id, user_id: created.id, created_at: now() })
          .execute();
        return created;
      });
    return { ok: true, user };
  } catch (error) {
    // Two people choosing the same name at the same moment: the unique key decides.
    if (error instanceof Problem) throw error;
    if (/unique|duplicate/i.test(String((error as Error).message)))
      return { ok: false, fieldErrors: { username: USERNAME_TAKEN } };
    throw error;
  }
}
