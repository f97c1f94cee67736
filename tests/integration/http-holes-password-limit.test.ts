import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user/user.server";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * Issue 13, hole 9: the password change takes the current password, so it is rate-limited like
 * log-on (LOGIN_RATE_LIMIT posts per 15 minutes), per client address and per user: guessing from
 * many addresses with one account, or with many accounts from one address, both stop.
 */

const CHANGE = "/fotoweb/views/change-password";
const FORCE = "/fotoweb/views/force-change-password";
const LIMIT = 3;

let server: TestServer;

const users = {
  alice: { username: "alice", password: "alice-password-1" },
  bob: { username: "bob", password: "bob-password-1" },
  carol: { username: "carol", password: "carol-password-1" },
  dave: { username: "dave", password: "dave-password-1" },
  erin: { username: "erin", password: "erin-password-1" },
};

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: String(LIMIT), TRUST_PROXY: "true" });
  for (const [name, u] of Object.entries(users))
    await createUser({ ...u, fullName: name, forcePasswordChange: name === "dave" });
});

afterAll(async () => {
  await server?.close();
});

/* Behind the trusted proxy the address is the last X-Forwarded-For entry. */
const from = (address: string) => ({ "x-forwarded-for": address });

async function signedIn(user: { username: string; password: string }, address: string) {
  const c = new Client(server.url);
  const response = await c.post(
    "/fotoweb/views/login",
    { mode: "user", ...user, to: "/fotoweb/" },
    from(address),
  );
  expect([302]).toContain(response.status);
  return c;
}

const guess = (c: Client, path: string, address: string, currentPassword: string) =>
  c.post(
    path,
    {
      currentPassword,
      newPassword: "brand-new-password-9",
      confirmPassword: "brand-new-password-9",
    },
    from(address),
  );

describe("per client address", () => {
  test("the fourth change from one address is 429, even with the right password", async () => {
    const c = await signedIn(users.alice, "192.0.2.10");
    for (let i = 0; i < LIMIT; i++)
      expect((await guess(c, CHANGE, "192.0.2.10", `wrong-${i}-password`)).status).toBe(400);
    const blocked = await guess(c, CHANGE, "192.0.2.10", users.alice.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many password attempts");
    // Another account from the same address is blocked too.
    const other = await signedIn(users.bob, "192.0.2.10");
    expect((await guess(other, CHANGE, "192.0.2.10", "wrong-password-x")).status).toBe(429);
  });

  test("a JSON client gets 429 in the error shape", async () => {
    // Its own address and account: the other test's guesses count for theirs.
    const c = await signedIn(users.erin, "192.0.2.20");
    for (let i = 0; i < LIMIT; i++)
      expect((await guess(c, CHANGE, "192.0.2.20", `wrong-${i}-password`)).status).toBe(400);
    const response = await c.post(
      CHANGE,
      { currentPassword: "x-wrong-password", newPassword: "a", confirmPassword: "a" },
      { ...from("192.0.2.20"), accept: "application/json" },
    );
    expect(response.status).toBe(429);
    expect(await readApiJson(response)).toMatchObject({
      status: 429,
      value: expect.stringContaining("Too many password attempts"),
    });
  });
});

describe("per user", () => {
  test("one account guessed from many addresses is stopped after the limit", async () => {
    const c = await signedIn(users.carol, "198.51.100.1");
    for (let i = 0; i < LIMIT; i++) {
      const response = await guess(c, CHANGE, `198.51.100.${i + 2}`, `wrong-${i}-password`);
      expect(response.status).toBe(400);
    }
    const blocked = await guess(c, CHANGE, "198.51.100.99", users.carol.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many password attempts");
  });

  test("the forced change counts the same way", async () => {
    const c = await signedIn(users.dave, "203.0.113.1");
    for (let i = 0; i < LIMIT; i++) {
      const response = await guess(c, FORCE, `203.0.113.${i + 2}`, `wrong-${i}-password`);
      expect(response.status).toBe(400);
    }
    expect((await guess(c, FORCE, "203.0.113.99", users.dave.password)).status).toBe(429);
  });
});
