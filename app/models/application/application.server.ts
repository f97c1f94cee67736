import crypto from "node:crypto";
import { db, now } from "~/db/connection.server";
import { GUEST_USER_ID, type ApplicationRow } from "~/db/schema";
import { decided, siteDecision } from "~/models/access/access.server";
import { mayActAs } from "~/models/access/delegation.server";
import {
  hashCredential,
  matchesHash,
  newCredential,
  saveCredential,
} from "~/models/oauth/credential.server";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { isEnabledAccount } from "~/models/user/user.server";
import { GRANTS, type ApplicationInput, type ClientType, type Grant } from "./application.schema";
import { readStrings } from "~/db/json-column";

/*
 * Applications: programs an administrator registers (decision 028). The secret is shown once,
 * when the application is made, and kept only as its SHA-256.
 */

export const APPLICATION_NOT_FOUND = keyed("auth.application.notFound");

export interface Application {
  id: number;
  clientId: string;
  name: string;
  /** public: no secret, authorization code with PKCE only (migration 0020). */
  clientType: ClientType;
  grants: Grant[];
  redirectUris: string[];
  /** The user whose rights client-credentials and API tokens carry. */
  user: { id: number; username: string; fullName: string } | null;
  createdAt: string;
}

type Row = ApplicationRow & {
  username: string | null;
  full_name: string | null;
};

function toApplication(row: Row): Application {
  return {
    id: row.id,
    clientId: row.client_id,
    name: row.name,
    clientType: row.client_type === "public" ? "public" : "confidential",
    grants: readStrings(row.grants).filter((g): g is Grant =>
      (GRANTS as readonly string[]).includes(g),
    ),
    redirectUris: readStrings(row.redirect_uris),
    user:
      row.user_id !== null && row.username !== null
        ? { id: row.user_id, username: row.username, fullName: row.full_name || row.username }
        : null,
    createdAt: row.created_at,
  };
}

const selectApplications = () =>
  db()
    .selectFrom("applications")
    .leftJoin("users", "users.id", "applications.user_id")
    .selectAll("applications")
    .select(["users.username", "users.full_name"]);

export async function listApplications(viewer: Viewer | null): Promise<Application[]> {
  decided(await siteDecision(viewer, "ManageApplications"));
  const rows = await selectApplications()
    .orderBy("applications.name")
    .orderBy("applications.id")
    .execute();
  return rows.map(toApplication);
}

/** The application with this client id; a Problem (not-found) when there is none. */
export async function getApplication(
  viewer: Viewer | null,
  clientId: string,
): Promise<Application> {
  decided(await siteDecision(viewer, "ManageApplications"));
  const found = await findApplicationByClientId(clientId);
  if (!found) throw new Problem("not-found", APPLICATION_NOT_FOUND);
  return found;
}

/** No permission check: the token endpoint finds the client it authenticates. */
export async function findApplicationByClientId(clientId: string): Promise<Application | null> {
  if (!/^[0-9a-f]{32}$/.test(clientId)) return null;
  const row = await selectApplications()
    .where("applications.client_id", "=", clientId)
    .executeTakeFirst();
  return row ? toApplication(row) : null;
}

/**
 * The confidential application whose client id and secret these are, compared in constant time;
 * or null. A public client has no secret to give.
 */
export async function authenticateApplication(
  clientId: string,
  secret: string,
): Promise<Application | null> {
  if (!/^[0-9a-f]{32}$/.test(clientId)) return null;
  const row = await db()
    .selectFrom("applications")
    .select(["secret_hash", "client_type"])
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  // A missing client costs the same hash as a wrong secret.
  const ok = matchesHash(secret, row?.secret_hash ?? hashCredential(""));
  return row && ok && row.client_type !== "public" ? findApplicationByClientId(clientId) : null;
}

/** The public application (no secret) with this client id, or null. */
export async function findPublicApplication(clientId: string): Promise<Application | null> {
  const application = await findApplicationByClientId(clientId);
  return application?.clientType === "public" ? application : null;
}

/**
 * Users a program registered by this viewer may act as: enabled accounts of their own (never the
 * guest) whose every right the viewer holds (the delegation rule; the site owner may pick anyone).
 */
export async function applicationUsers(
  viewer: Viewer,
): Promise<{ id: number; username: string; fullName: string }[]> {
  const rows = await db()
    .selectFrom("users")
    .select(["id", "username", "full_name"])
    .where("is_enabled", "=", 1)
    .where("id", "!=", GUEST_USER_ID)
    .orderBy("username_key")
    .execute();
  const choosable = [];
  for (const r of rows)
    if (await mayActAs(viewer, r.id))
      choosable.push({ id: r.id, username: r.username, fullName: r.full_name || r.username });
  return choosable;
}

export const ACTS_ABOVE_YOU = keyed("auth.application.actsAboveYou");

export type CreateApplicationResult =
  /** clientSecret: null for a public client, which has none. */
  | { ok: true; application: Application; clientSecret: string | null }
  | { ok: false; fieldErrors: Record<string, string> };

export async function createApplication(
  viewer: Viewer | null,
  // Without a client type (callers from before migration 0020): confidential.
  input: Omit<ApplicationInput, "clientType"> & { clientType?: ClientType },
): Promise<CreateApplicationResult> {
  const manager = decided(await siteDecision(viewer, "ManageApplications"));
  if (input.user !== undefined && !(await isEnabledAccount(input.user)))
    return {
      ok: false,
      fieldErrors: { user: "There is no such user (the guest cannot be chosen)" },
    };
  // Otherwise a client-credentials token would carry rights its registrar does not hold.
  if (input.user !== undefined && !(await mayActAs(manager, input.user)))
    return { ok: false, fieldErrors: { user: ACTS_ABOVE_YOU } };
  const clientId = crypto.randomBytes(16).toString("hex");
  // A public client gets a secret nobody is told, so no secret authenticates it either.
  const clientSecret = newCredential();
  const clientType = input.clientType ?? "confidential";
  const isPublic = clientType === "public";
  await db()
    .insertInto("applications")
    .values({
      client_id: clientId,
      name: input.name,
      client_type: clientType,
      secret_hash: hashCredential(clientSecret),
      grants: JSON.stringify(input.grants),
      redirect_uris: JSON.stringify(input.redirectUris),
      user_id: input.user ?? null,
      created_by: manager.id,
      created_at: now(),
    })
    .execute();
  const application = (await findApplicationByClientId(clientId))!;
  return { ok: true, application, clientSecret: isPublic ? null : clientSecret };
}

/** Removes the application; every token and code issued to it goes with it. */
export async function deleteApplication(
  viewer: Viewer | null,
  clientId: string,
): Promise<Application> {
  const application = await getApplication(viewer, clientId);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .deleteFrom("oauth_credentials")
        .where("application_id", "=", application.id)
        .execute();
      await trx.deleteFrom("applications").where("id", "=", application.id).execute();
    });
  return application;
}

export const NO_TOKEN_USER_MESSAGE = keyed("auth.application.noTokenUser");

export const DISABLED_TOKEN_USER_MESSAGE = keyed("auth.application.disabledTokenUser");

/** An API token (FWAPITOKEN) for the application, carrying its user's rights; shown once. */
export async function issueApiToken(viewer: Viewer | null, clientId: string): Promise<string> {
  const application = await getApplication(viewer, clientId);
  if (!application.user) throw new Problem("conflict", NO_TOKEN_USER_MESSAGE);
  if (!(await isEnabledAccount(application.user.id)))
    throw new Problem("conflict", DISABLED_TOKEN_USER_MESSAGE);
  if (!(await mayActAs(viewer!, application.user.id)))
    throw new Problem("forbidden", keyed("auth.application.tokensAboveYou"));
  const token = newCredential();
  await saveCredential({
    kind: "api",
    value: token,
    applicationId: application.id,
    userId: application.user.id,
    expiresAt: null,
  });
  return token;
}

/** API tokens issued to the application and not revoked. */
export async function countApiTokens(applicationId: number): Promise<number> {
  const row = await db()
    .selectFrom("oauth_credentials")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("application_id", "=", applicationId)
    .where("kind", "=", "api")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
