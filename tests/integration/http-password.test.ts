import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user/user.server";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/* The forced password change (spec 000 §4, login status) and the voluntary one. */

const FULL_TYPE = "application/vnd.fotoware.full-api-descriptor+json";
const FORCE = "/fotoweb/views/force-change-password";
const CHANGE = "/fotoweb/views/change-password";

const FIRST_PASSWORD = "first-password-1";
const NEW_PASSWORD = "second-password-2";
const PLAIN = { username: "plain", password: "plain-password-1" };

let server: TestServer;

const client = () => new Client(server.url);

function mainOf(html: string) {
  const start = html.indexOf("<main");
  return html.slice(start, html.indexOf("</main>", start));
}

async function descriptorUser(c: Client) {
  const response = await c.getJson("/fotoweb/me/", FULL_TYPE);
  if (response.status !== 200) return null;
  return (
    (await readApiJson(response)) as {
      user: { userName: string; isForcePasswordChangeSet: boolean };
    }
  ).user;
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ ...PLAIN, fullName: "Paul Plain" });
});

afterAll(async () => {
  await server?.close();
});

describe("a user who must change the password", () => {
  // Each test has a flagged user of its own (decision 075): a change by one test would clear
  // another's flag.
  let FORCED: { username: string; password: string };
  let flagged: Client;
  let elsewhere: Client;
  let serial = 0;

  beforeEach(async () => {
    FORCED = { username: `flagged${++serial}`, password: FIRST_PASSWORD };
    await createUser({ ...FORCED, fullName: "Flora Flagged", forcePasswordChange: true });
    flagged = client();
    await flagged.signIn(FORCED.username, FORCED.password);
    elsewhere = client();
    await elsewhere.signIn(FORCED.username, FORCED.password);
  });

  /** The valid change the later tests start from. */
  async function changeNow() {
    const response = await flagged.post(FORCE, {
      currentPassword: FORCED.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(302);
  }

  test("is sent to the change view at sign-in, whatever `to` says", async () => {
    flagged = client();
    const response = await flagged.post("/fotoweb/views/login", {
      mode: "user",
      username: FORCED.username,
      password: FORCED.password,
      to: "/fotoweb/albums/",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(FORCE);
    expect(flagged.cookies.has("arkiv_session")).toBe(true);
  });

  test.each([
    "/fotoweb/",
    "/fotoweb/albums/",
    "/fotoweb/archives/",
    "/fotoweb/me/pins/",
    CHANGE,
    "/fotoweb/views/management",
    "/fotoweb/no-such-page",
  ])("is redirected from %s to the change view", async (path) => {
    const response = await flagged.get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(FORCE);
  });

  test("sees the change view", async () => {
    const response = await flagged.get(FORCE);
    expect(response.status).toBe(200);
    const main = mainOf(await response.text());
    expect(main).toContain("Change your password");
    expect(main).toContain("You must choose a new password before you go on.");
    expect(main).toContain('name="currentPassword"');
    expect(main).toContain('name="newPassword"');
    expect(main).toContain('name="confirmPassword"');
  });

  test("may still read the cookie policy and log out", async () => {
    expect((await flagged.get("/fotoweb/views/cookie-policy")).status).toBe(200);
    expect((await flagged.get("/fotoweb/views/logout")).status).toBe(200);
  });

  test("is flagged in the full descriptor", async () => {
    expect(await descriptorUser(flagged)).toMatchObject({
      userName: FORCED.username,
      isForcePasswordChangeSet: true,
    });
  });

  test("cannot change another setting first", async () => {
    const response = await flagged.post("/fotoweb/me/interface-style", { style: "dark" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(FORCE);
  });

  test.each([
    [
      "a short password",
      { currentPassword: FIRST_PASSWORD, newPassword: "short", confirmPassword: "short" },
      "Use at least 8 characters",
    ],
    [
      "a mismatched confirmation",
      {
        currentPassword: FIRST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: `${NEW_PASSWORD}x`,
      },
      "The passwords do not match",
    ],
    [
      "a wrong current password",
      {
        currentPassword: "not-my-password",
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      "The current password is not correct",
    ],
    [
      "the current password again",
      {
        currentPassword: FIRST_PASSWORD,
        newPassword: FIRST_PASSWORD,
        confirmPassword: FIRST_PASSWORD,
      },
      "Choose a password other than the current one",
    ],
    [
      "an empty current password",
      { currentPassword: "", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      "Enter your current password",
    ],
    [
      "a password of spaces",
      {
        currentPassword: FIRST_PASSWORD,
        newPassword: "          ",
        confirmPassword: "          ",
      },
      "The password cannot be only spaces",
    ],
  ])("rejects %s with 400 beside the field", async (_label, fields, message) => {
    const response = await flagged.post(FORCE, fields);
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("arkiv_session="))).toBe(
      false,
    );
    expect(mainOf(await response.text())).toContain(message);
    // Still flagged.
    expect((await flagged.get("/fotoweb/")).headers.get("location")).toBe(FORCE);
  });

  test("a valid change clears the flag, renews the session and reaches the start page", async () => {
    const before = flagged.cookies.get("arkiv_session");
    const response = await flagged.post(FORCE, {
      currentPassword: FORCED.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    expect(flagged.cookies.get("arkiv_session")).toBeDefined();
    expect(flagged.cookies.get("arkiv_session")).not.toBe(before);

    const start = await flagged.get("/fotoweb/");
    expect(start.status).toBe(200);
    const html = await start.text();
    expect(html).toContain("Your password was changed.");
    expect(html).toContain("Welcome, Flora Flagged</h1>");
    expect(await descriptorUser(flagged)).toMatchObject({ isForcePasswordChangeSet: false });
    expect((await flagged.get(FORCE)).headers.get("location")).toBe("/fotoweb/");
  });

  test("the user's other sessions have ended", async () => {
    expect(await descriptorUser(elsewhere)).toMatchObject({ isForcePasswordChangeSet: true });
    await changeNow();
    expect(await descriptorUser(elsewhere)).toBeNull();
  });

  test("the old password no longer signs in; the new one does, without the detour", async () => {
    await changeNow();
    const old = await client().post("/fotoweb/views/login", { mode: "user", ...FORCED });
    expect(old.status).toBe(400);
    const fresh = await client().post("/fotoweb/views/login", {
      mode: "user",
      username: FORCED.username,
      password: NEW_PASSWORD,
      to: "/fotoweb/albums/",
    });
    expect(fresh.status).toBe(302);
    expect(fresh.headers.get("location")).toBe("/fotoweb/albums/");
  });
});

describe("the change views for others", () => {
  test("a user without the flag is sent from the forced view to the start page", async () => {
    const c = client();
    await c.signIn(PLAIN.username, PLAIN.password);
    const response = await c.get(FORCE);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
  });

  test("a visitor is sent to the log-on view", async () => {
    const response = await client().get(FORCE);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/fotoweb/views/login?to=${encodeURIComponent(FORCE)}`,
    );
  });

  test("the guest cannot change a password", async () => {
    const c = client();
    await c.signInAsGuest();
    const page = await c.get(CHANGE);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/fotoweb\/views\/login\?to=/);
    const post = await c.post(CHANGE, {
      currentPassword: "",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/fotoweb\/views\/login/);
  });

  test("a voluntary change ends the user's other sessions and keeps this one", async () => {
    // A user of this test's own: the change would leave "plain" with a password others don't know.
    const PLAIN = { username: "voluntary", password: "plain-password-1" };
    await createUser({ ...PLAIN, fullName: "Vera Voluntary" });
    const here = client();
    const there = client();
    await Promise.all([
      here.signIn(PLAIN.username, PLAIN.password),
      there.signIn(PLAIN.username, PLAIN.password),
    ]);
    const wrong = await here.post(CHANGE, {
      currentPassword: "not-my-password",
      newPassword: "plain-password-2",
      confirmPassword: "plain-password-2",
    });
    expect(wrong.status).toBe(400);
    expect(mainOf(await wrong.text())).toContain("The current password is not correct");
    expect(await descriptorUser(there)).not.toBeNull();

    const response = await here.post(CHANGE, {
      currentPassword: PLAIN.password,
      newPassword: "plain-password-2",
      confirmPassword: "plain-password-2",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    expect(await descriptorUser(here)).toMatchObject({ userName: "voluntary" });
    expect(await descriptorUser(there)).toBeNull();
  });
});
