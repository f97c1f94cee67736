import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/* Log-on, log-out and the session cookie, as a browser without JavaScript uses them. */

const FULL_TYPE = "application/vnd.fotoware.full-api-descriptor+json";
const LOGIN = "/fotoweb/views/login";
const LOGOUT = "/fotoweb/views/logout";

let server: TestServer;

const client = () => new Client(server.url);

function setCookie(response: Response, name: string) {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** The page's own content, without the header's compact log-on form. */
function mainOf(html: string) {
  const start = html.indexOf("<main");
  return html.slice(start, html.indexOf("</main>", start));
}

function toastOf(html: string) {
  return html.match(/data-testid="toast"[^>]*>([^<]*)</)?.[1] ?? null;
}

async function signedInAs(c: Client) {
  const response = await c.getJson("/fotoweb/me/", FULL_TYPE);
  if (response.status !== 200) return null;
  return ((await readApiJson(response)) as { user: { userName: string } }).user.userName;
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await server?.close();
});

describe("the log-on view", () => {
  test("renders with the insecure-connection warning over plain HTTP", async () => {
    const response = await client().get(LOGIN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<title>Log on | Arkiv</title>");
    const main = mainOf(html);
    expect(main).toContain("This connection is not secure.");
    expect(main).toContain('name="username"');
    expect(main).toContain('type="password"');
    expect(main).toMatch(/name="mode"[^>]*value="guest"/);
    expect(main).toContain('name="to" value="/fotoweb/"');
  });

  test("carries a same-origin `to` in the form", async () => {
    const html = await (
      await client().get(`${LOGIN}?to=${encodeURIComponent("/fotoweb/albums/?a=1")}`)
    ).text();
    expect(mainOf(html)).toContain('name="to" value="/fotoweb/albums/?a=1"');
  });

  test("drops an off-site `to` from the form", async () => {
    const html = await (
      await client().get(`${LOGIN}?to=${encodeURIComponent("//evil.com/x")}`)
    ).text();
    const main = mainOf(html);
    expect(main).toContain('name="to" value="/fotoweb/"');
    expect(main).not.toMatch(/name="to" value="[^"]*evil/);
  });
});

describe("signing in as a user", () => {
  test("the site owner gets a 302, a session cookie and a welcome toast", async () => {
    const c = client();
    const response = await c.post(LOGIN, {
      mode: "user",
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    const session = setCookie(response, "arkiv_session");
    expect(session).toBeDefined();
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/; Secure/);
    expect(setCookie(response, "arkiv_toast")).toBeDefined();

    const start = await c.get("/fotoweb/");
    expect(start.status).toBe(200);
    const html = await start.text();
    expect(toastOf(html)).toBe("Welcome, Site owner.");
    expect(html).toContain("Welcome, Site owner</h1>");
    // The toast is shown once.
    expect(toastOf(await (await c.get("/fotoweb/")).text())).toBeNull();
    expect(await signedInAs(c)).toBe("owner");
  });

  test("user names are matched without regard to case", async () => {
    const c = client();
    const response = await c.post(LOGIN, {
      mode: "user",
      username: " OWNER ",
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(302);
    expect(await signedInAs(c)).toBe("owner");
  });

  test("a wrong password is 400 with the invalid-credentials text and no session", async () => {
    const c = client();
    const response = await c.post(LOGIN, {
      mode: "user",
      username: TEST_ADMIN.username,
      password: "wrong-password",
    });
    expect(response.status).toBe(400);
    expect(setCookie(response, "arkiv_session")).toBeUndefined();
    const main = mainOf(await response.text());
    expect(main).toContain("Invalid user name or password.");
    // The user name is kept, the password is not.
    expect(main).toMatch(/name="username"[^>]*value="owner"/);
    expect(main).not.toContain("wrong-password");
    expect(await signedInAs(c)).toBeNull();
  });

  test("an unknown user gets the same answer as a wrong password", async () => {
    const response = await client().post(LOGIN, {
      mode: "user",
      username: "nobody",
      password: "whatever-123",
    });
    expect(response.status).toBe(400);
    expect(setCookie(response, "arkiv_session")).toBeUndefined();
    expect(mainOf(await response.text())).toContain("Invalid user name or password.");
  });

  test("empty fields are 400 with a message beside each field", async () => {
    const response = await client().post(LOGIN, { mode: "user", username: "", password: "" });
    expect(response.status).toBe(400);
    expect(setCookie(response, "arkiv_session")).toBeUndefined();
    const main = mainOf(await response.text());
    expect(main).toContain("Enter your user name");
    expect(main).toContain("Enter your password");
    expect(main).toMatch(
      /name="username"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="username"/,
    );
  });

  test("only the missing field is reported", async () => {
    const response = await client().post(LOGIN, { mode: "user", username: "owner", password: "" });
    expect(response.status).toBe(400);
    const main = mainOf(await response.text());
    expect(main).toContain("Enter your password");
    expect(main).not.toContain("Enter your user name");
  });

  test("an unknown mode is 400", async () => {
    const response = await client().post(LOGIN, {
      mode: "admin",
      username: "owner",
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(400);
    expect(setCookie(response, "arkiv_session")).toBeUndefined();
  });

  test("signing in again replaces the session: the old cookie stops working", async () => {
    const c = client();
    await c.signInAsGuest();
    const first = c.cookies.get("arkiv_session")!;
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(c.cookies.get("arkiv_session")).not.toBe(first);
    const replay = await client().request("/fotoweb/me/", {
      headers: { accept: FULL_TYPE, cookie: `arkiv_session=${first}` },
    });
    expect(replay.status).toBe(401);
    expect(await signedInAs(c)).toBe("owner");
  });
});

describe("signing in as the guest", () => {
  test("guest mode needs no credentials and says so in a toast", async () => {
    const c = client();
    const response = await c.post(LOGIN, { mode: "guest", to: "/fotoweb/" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    expect(setCookie(response, "arkiv_session")).toBeDefined();
    expect(toastOf(await (await c.get("/fotoweb/")).text())).toBe("You are browsing as a guest.");
    expect(await signedInAs(c)).toBe("Guest");
  });

  test("the guest may still open the log-on view to sign in as a user", async () => {
    const c = client();
    await c.signInAsGuest();
    const response = await c.get(LOGIN);
    expect(response.status).toBe(200);
  });
});

describe("the return address `to`", () => {
  test("a same-origin path with its query and hash is honoured", async () => {
    const response = await client().post(LOGIN, {
      mode: "guest",
      to: "/fotoweb/archives/?q=boats#top",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/archives/?q=boats#top");
  });

  test("a user's sign-in honours it too", async () => {
    const response = await client().post(LOGIN, {
      mode: "user",
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
      to: "/fotoweb/albums/",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/albums/");
  });

  test.each([
    "//evil.com",
    "//evil.com/fotoweb/",
    "https://evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
    "/\t/evil.com",
    "http:evil.com",
    "/.//evil.com",
    "/fotoweb/..//evil.com",
  ])("an off-site address %j is ignored", async (to) => {
    const response = await client().post(LOGIN, { mode: "guest", to });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
  });

  test("a signed-in user who opens the log-on view is sent on to `to`", async () => {
    const c = client();
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await c.get(`${LOGIN}?to=${encodeURIComponent("/fotoweb/albums/")}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/albums/");
    const plain = await c.get(LOGIN);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/fotoweb/");
    const evil = await c.get(`${LOGIN}?to=${encodeURIComponent("//evil.com")}`);
    expect(evil.headers.get("location")).toBe("/fotoweb/");
  });
});

describe("logging out", () => {
  let c: Client;
  let oldCookie: string;

  // A session of each test's own (decision 075).
  beforeEach(async () => {
    c = client();
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    oldCookie = c.cookies.get("arkiv_session")!;
  });

  test("GET only offers the logout button and changes nothing", async () => {
    const response = await c.get(LOGOUT);
    expect(response.status).toBe(200);
    expect(setCookie(response, "arkiv_session")).toBeUndefined();
    const main = mainOf(await response.text());
    expect(main).toContain("End your session on this browser?");
    expect(main).toMatch(/<form method="post" action="\/fotoweb\/views\/logout"/);
    expect(await signedInAs(c)).toBe("owner");
  });

  test("GET without a session goes to the start page", async () => {
    const response = await client().get(LOGOUT);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
  });

  test("POST ends the session, clears the cookie and says so", async () => {
    const response = await c.post(LOGOUT, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    expect(setCookie(response, "arkiv_session")).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(c.cookies.has("arkiv_session")).toBe(false);
    expect(toastOf(await (await c.get("/fotoweb/")).text())).toBe("You have logged out.");
    expect(await signedInAs(c)).toBeNull();
  });

  test("the old cookie no longer works when replayed", async () => {
    expect((await c.post(LOGOUT, {})).status).toBe(302);
    const replay = client();
    replay.cookies.set("arkiv_session", oldCookie);
    const api = await replay.getJson("/fotoweb/me/", FULL_TYPE);
    expect(api.status).toBe(401);
    const page = await replay.get("/fotoweb/me/", { accept: "text/html" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/fotoweb\/views\/login/);
    const keepalive = await replay.getJson("/fotoweb/services/keepalive");
    expect(keepalive.status).toBe(401);
  });
});

describe("a tampered session cookie", () => {
  let cookie: string;

  beforeAll(async () => {
    const c = client();
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    cookie = c.cookies.get("arkiv_session")!;
  });

  const flip = (s: string, at: number) =>
    s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);

  test.each([
    ["a changed signature", (v: string) => flip(v, v.length - 3)],
    ["a changed value", (v: string) => flip(v, 3)],
    ["no signature", (v: string) => v.slice(0, v.lastIndexOf("."))],
    ["garbage", () => "not-a-session"],
  ])("with %s counts as signed out", async (_label, tamper) => {
    const c = client();
    c.cookies.set("arkiv_session", tamper(cookie));
    const api = await c.getJson("/fotoweb/me/", FULL_TYPE);
    expect(api.status).toBe(401);
    const page = await c.get("/fotoweb/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Welcome to Arkiv</h1>");
  });

  test("the untouched cookie still works (control)", async () => {
    const c = client();
    c.cookies.set("arkiv_session", cookie);
    expect(await signedInAs(c)).toBe("owner");
  });
});
