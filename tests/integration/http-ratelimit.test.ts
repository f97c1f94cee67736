import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createChildSite, type ChildServer, type ChildSite } from "../helpers/child-server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * The rate limits of sign-in and of the token endpoint: what the limit counts and answers, the
 * address it counts behind a trusted proxy, and two processes sharing one count.
 */

/*
 * The log-on limit, three posts. Each test gets an app of its own over the file's database
 * (`fresh`), so its counter starts at zero: the tests pass alone and in any order.
 */
describe("the sign-in limit", () => {
  let server: TestServer;
  let app: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT: "3" });
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(async () => {
    app = await server.fresh();
  });

  afterEach(async () => {
    await app?.close();
  });

  const logIn = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    new Client(app.url).post("/fotoweb/views/login", fields, headers);

  /** Uses up the limit with guest sign-ins, each of which passes. */
  async function spendTheLimit() {
    for (let i = 0; i < 3; i++) expect((await logIn({ mode: "guest" })).status).toBe(302);
  }

  test("the limit comes from LOGIN_RATE_LIMIT", () => {
    expect(server.env.LOGIN_RATE_LIMIT).toBe(3);
  });

  test("GETs of the log-on view are not counted", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await new Client(app.url).get("/fotoweb/views/login");
      expect(response.status).toBe(200);
    }
    const post = await logIn({ mode: "guest" });
    expect(post.status).toBe(302);
    expect(post.headers.get("ratelimit")).toMatch(/limit=3, remaining=2/);
  });

  test("three posts pass, failed ones included, and say how many remain", async () => {
    const first = await logIn({ mode: "guest" });
    expect(first.status).toBe(302);
    expect(first.headers.get("ratelimit")).toMatch(/limit=3, remaining=2/);
    const failed = await logIn({
      mode: "user",
      username: TEST_ADMIN.username,
      password: "wrong-password",
    });
    expect(failed.status).toBe(400);
    const third = await logIn({ mode: "guest" });
    expect(third.status).toBe(302);
    expect(third.headers.get("ratelimit")).toMatch(/remaining=0/);
  });

  test("the fourth post is 429, even with the right password, and starts no session", async () => {
    await spendTheLimit();
    const c = new Client(app.url);
    const response = await c.post("/fotoweb/views/login", {
      mode: "user",
      username: TEST_ADMIN.username,
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("Too many sign-in attempts");
    expect(c.cookies.has("arkiv_session")).toBe(false);
  });

  test("a JSON client gets 429 in the error shape", async () => {
    await spendTheLimit();
    const response = await logIn({ mode: "guest" }, { accept: "application/json" });
    expect(response.status).toBe(429);
    const body = (await readApiJson(response)) as Record<string, unknown>;
    expect(body).toEqual({
      status: 429,
      heading: "Too many sign-in attempts",
      value: expect.stringContaining("Wait a few minutes"),
      requestId: response.headers.get("x-request-id"),
      date: expect.any(String),
    });
  });

  test("the scripted page's post gets 429 as a form reply it shows by the form", async () => {
    await spendTheLimit();
    const response = await new Client(app.url).post(
      "/fotoweb/views/login?_data=routes%2Ffotoweb.views.login",
      { mode: "guest" },
    );
    expect(response.status).toBe(429);
    // Without this header Remix's client takes the answer for a network failure.
    expect(response.headers.get("x-remix-response")).toBe("yes");
    const body = await readApiJson(response);
    expect(body).toMatchObject({
      status: 429,
      heading: "Too many sign-in attempts",
      fieldErrors: {},
      formError: "Too many sign-in attempts from this address. Wait a few minutes and try again.",
    });
  });

  test("a person reads the refusal in their language, the page and the scripted form alike", async () => {
    await spendTheLimit();
    const NB = { "accept-language": "nb-NO" };
    const page = await logIn({ mode: "guest" }, NB);
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain("<h1>For mange påloggingsforsøk</h1>");
    expect(html).toContain("Vent noen minutter og prøv igjen.");
    expect(html).toContain("Tilbake til Arkiv");
    const scripted = await new Client(app.url).post(
      "/fotoweb/views/login?_data=routes%2Ffotoweb.views.login",
      { mode: "guest" },
      { "accept-language": "de-DE" },
    );
    const body = await readApiJson<{ heading: string; formError: string }>(scripted);
    // The heading stays the API's; the message the form shows is the reader's.
    expect(body.heading).toBe("Too many sign-in attempts");
    expect(body.formError).toBe(
      "Zu viele Anmeldeversuche von dieser Adresse. Warten Sie einige Minuten und versuchen Sie es erneut.",
    );
    const program = await logIn({ mode: "guest" }, { accept: "application/json", ...NB });
    expect((await readApiJson<{ value: string }>(program)).value).toBe(
      "Too many sign-in attempts from this address. Wait a few minutes and try again.",
    );
  });

  test("other forms are not limited by it", async () => {
    await spendTheLimit();
    const response = await new Client(app.url).post("/fotoweb/views/logout", {});
    expect(response.status).toBe(302);
  });
});

/*
 * Behind a trusted proxy the rate limit counts the address the proxy saw. A client that writes
 * its own X-Forwarded-For must not become a new address with each request.
 */
describe("behind a trusted proxy", () => {
  let proxied: TestServer;

  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: "true", LOGIN_RATE_LIMIT: "2" });
  });

  afterAll(async () => {
    await proxied?.close();
  });

  test("a forged X-Forwarded-For chain does not reset the sign-in limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // The client forges the first entry; the proxy (played by the test) appends the peer it saw.
      const response = await new Client(proxied.url).post(
        "/fotoweb/views/login",
        { mode: "guest" },
        { "x-forwarded-for": `10.0.0.${i}, 192.0.2.7` },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([302, 302, 429, 429]);
  });
});

/*
 * Rate limits are counted in the database (issue 29, decision 068): two server processes over
 * one database together reach the limit at the configured count, not at twice it.
 */
describe("two processes over one database", () => {
  let site: ChildSite;
  let first: ChildServer;
  let second: ChildServer;

  beforeAll(async () => {
    site = await createChildSite();
    [first, second] = await Promise.all([
      site.start({ LOGIN_RATE_LIMIT: "4", TOKEN_RATE_LIMIT: "4" }),
      site.start({ LOGIN_RATE_LIMIT: "4", TOKEN_RATE_LIMIT: "4" }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([first?.kill(), second?.kill()]);
    await site?.destroy();
  });

  test("two processes share the sign-in limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const server = i % 2 === 0 ? first : second;
      const response = await new Client(server.url).post("/fotoweb/views/login", { mode: "guest" });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 429, 429, 429, 429]);
  });

  test("and the token endpoint's limit of failures", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? first : second;
      const response = await fetch(new URL("/fotoweb/oauth2/token", server.url), {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`client-${i}:wrong`).toString("base64")}`,
        },
        body: "grant_type=client_credentials",
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
