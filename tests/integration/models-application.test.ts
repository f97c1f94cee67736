import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import {
  authenticateApplication,
  createApplication,
  deleteApplication,
  issueApiToken,
  listApplications,
} from "~/models/application/application.server";
import { applicationInputSchema } from "~/models/application/application.schema";
import {
  findLiveCredential,
  hashCredential,
  purgeExpiredCredentials,
  saveCredential,
} from "~/models/oauth/credential.server";
import { findTokenUserId } from "~/models/oauth/oauth.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/* The application and credential models on the dialect under test (decision 028). */

let database: TestDatabase;
let owner: Viewer;
let member: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  member = await createUser({ username: "member", password: "member-password-1" });
});

afterAll(async () => {
  await database?.destroy();
});

const input = (extra: Record<string, unknown> = {}) =>
  applicationInputSchema.parse({
    name: "Sync",
    grants: ["client_credentials"],
    user: `/fotoweb/api/users/${member.id}`,
    ...extra,
  });

describe("applications", () => {
  test("the secret authenticates, is stored only hashed, and a wrong one fails", async () => {
    const made = await createApplication(owner, input());
    if (!made.ok || made.clientSecret === null) throw new Error("not made");
    const row = await db()
      .selectFrom("applications")
      .selectAll()
      .where("client_id", "=", made.application.clientId)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashCredential(made.clientSecret));
    expect(JSON.stringify(row)).not.toContain(made.clientSecret);
    expect(
      (await authenticateApplication(made.application.clientId, made.clientSecret))?.name,
    ).toBe("Sync");
    expect(await authenticateApplication(made.application.clientId, "wrong")).toBeNull();
    expect(await authenticateApplication("not-an-id", made.clientSecret)).toBeNull();
  });

  test("only the site owner manages them; the guest cannot be their user", async () => {
    await expect(listApplications(member)).rejects.toMatchObject({ kind: "not-found" });
    await expect(createApplication(null, input())).rejects.toMatchObject({
      kind: "unauthenticated",
    });
    const guest = await createApplication(
      owner,
      input({ user: `/fotoweb/api/users/${GUEST_USER_ID}` }),
    );
    expect(guest.ok).toBe(false);
  });

  test("deleting one removes its tokens", async () => {
    const made = await createApplication(owner, input({ name: "Gone" }));
    if (!made.ok || made.clientSecret === null) throw new Error("not made");
    const token = await issueApiToken(owner, made.application.clientId);
    expect(await findTokenUserId({ kind: "api", value: token })).toBe(member.id);
    await deleteApplication(owner, made.application.clientId);
    expect(await findTokenUserId({ kind: "api", value: token })).toBeNull();
    const left = await db()
      .selectFrom("oauth_credentials")
      .select("hash")
      .where("hash", "=", hashCredential(token))
      .execute();
    expect(left).toEqual([]);
  });
});

describe("credentials", () => {
  test("expired ones are not live, and the sweep removes only them", async () => {
    const made = await createApplication(owner, input({ name: "Clock" }));
    if (!made.ok || made.clientSecret === null) throw new Error("not made");
    const base = { kind: "access" as const, applicationId: made.application.id, userId: member.id };
    await saveCredential({ ...base, value: "old-one", expiresAt: new Date(Date.now() - 1000) });
    await saveCredential({ ...base, value: "new-one", expiresAt: new Date(Date.now() + 60_000) });
    expect(await findLiveCredential(["access"], "old-one")).toBeNull();
    expect(await findLiveCredential(["access"], "new-one")).not.toBeNull();
    // The kind matters: an access token is not an API token.
    expect(await findLiveCredential(["api"], "new-one")).toBeNull();
    expect(await purgeExpiredCredentials()).toBeGreaterThanOrEqual(1);
    expect(await findLiveCredential(["access"], "new-one")).not.toBeNull();
  });
});
