import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/* The page shell's services: keepalive, cookie consent and the interface style. */

const FULL_TYPE = "application/vnd.fotoware.full-api-descriptor+json";
const KEEPALIVE = "/fotoweb/services/keepalive";
const CONSENT = "/fotoweb/api/privacy/cookie-consent";
const STYLE = "/fotoweb/me/interface-style";

let server: TestServer;

const client = () => new Client(server.url);

async function expectErrorShape(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await readApiJson(response)) as Record<string, unknown>;
  expect(body).toEqual({
    status,
    heading: expect.any(String),
    value: expect.any(String),
    requestId: response.headers.get("x-request-id"),
    date: expect.any(String),
  });
  return body as { status: number; heading: string; value: string };
}

function setCookie(response: Response, name: string) {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

const themeOf = (html: string) => html.match(/<html[^>]*data-theme="([^"]*)"/)?.[1];
const hasBanner = (html: string) => html.includes('data-testid="cookie-banner"');
const toastOf = (html: string) => html.match(/data-testid="toast"[^>]*>([^<]*)</)?.[1] ?? null;

async function currentVersion() {
  const response = await client().getJson(CONSENT);
  return ((await readApiJson(response)) as { version: string }).version;
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "bystander", password: "bystander-password-1" });
});

afterAll(async () => {
  await server?.close();
});

describe("keepalive", () => {
  test("is 401 in the error shape without a session", async () => {
    const response = await client().getJson(KEEPALIVE);
    await expectErrorShape(response, 401);
  });

  test("extends a signed-in user's session without caching", async () => {
    const c = client();
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const session = c.cookies.get("arkiv_session");
    const response = await c.getJson(KEEPALIVE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await readApiJson(response)).toEqual({ alive: true });
    const renewed = setCookie(response, "arkiv_session");
    expect(renewed).toMatch(/Max-Age=7200/);
    expect(renewed).toMatch(/HttpOnly/);
    // Same session, later expiry: the id is kept.
    expect(c.cookies.get("arkiv_session")).toBe(session);
    expect((await c.getJson("/fotoweb/me/", FULL_TYPE)).status).toBe(200);
  });

  test("works for the guest's session too", async () => {
    const c = client();
    await c.signInAsGuest();
    const response = await c.getJson(KEEPALIVE);
    expect(response.status).toBe(200);
    expect(await readApiJson(response)).toEqual({ alive: true });
  });

  test("is announced in the page only to signed-in users", async () => {
    const c = client();
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const signedIn = await (await c.get("/fotoweb/")).text();
    expect(signedIn).toContain('"keepalive":{"href":"/fotoweb/services/keepalive","interval":300}');
    const anonymous = await (await client().get("/fotoweb/")).text();
    expect(anonymous).toContain('"keepalive":null');
  });

  test("only answers GET", async () => {
    const c = client();
    await c.signInAsGuest();
    const response = await c.request(KEEPALIVE, { method: "POST" });
    await expectErrorShape(response, 405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("cookie consent", () => {
  test("GET describes the banner, the policy and its version", async () => {
    const response = await client().getJson(CONSENT);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await readApiJson(response)) as Record<string, unknown>;
    expect(body).toEqual({
      banner: {
        title: "Cookies on this site",
        body: expect.stringContaining("strictly necessary"),
      },
      policy: {
        body: expect.stringContaining("# Cookie policy"),
        href: "/fotoweb/views/cookie-policy",
      },
      version: expect.stringMatching(/^[\w-]{22}$/),
    });
  });

  test("the banner in the page offers the same version", async () => {
    const html = await (await client().get("/fotoweb/")).text();
    expect(hasBanner(html)).toBe(true);
    expect(html).toContain(`name="version" value="${await currentVersion()}"`);
  });

  test("a program accepting a stale version is 409 in English and sets nothing", async () => {
    const response = await client().post(
      CONSENT,
      { version: "an-older-version-00000" },
      { accept: "application/json", "accept-language": "nb" },
    );
    const body = await expectErrorShape(response, 409);
    expect(body.heading).toBe("Conflict");
    expect(body.value).toMatch(/^The cookie policy has changed/);
    expect(setCookie(response, "arkiv_cookie_consent")).toBeUndefined();
  });

  test("a program's form without a version is 400", async () => {
    const response = await client().post(CONSENT, {}, { accept: "application/json" });
    await expectErrorShape(response, 400);
  });

  test("the banner's own post hears a stale version in the person's language", async () => {
    const response = await client().post(
      `${CONSENT}?_data=routes%2Ffotoweb.api.privacy.cookie-consent`,
      { version: "an-older-version-00000", _fetch: "1" },
      { accept: "*/*", "accept-language": "nb" },
    );
    const body = await expectErrorShape(response, 409);
    expect(body.value).toMatch(/^Retningslinjene for informasjonskapsler er endret/);
    expect(setCookie(response, "arkiv_cookie_consent")).toBeUndefined();
  });

  test("a plain form post of a stale version goes back to its page with the refusal", async () => {
    const c = client();
    const nb = { "accept-language": "nb" };
    const response = await c.post(
      CONSENT,
      { version: "an-older-version-00000", to: "/fotoweb/albums/" },
      nb,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/albums/");
    expect(setCookie(response, "arkiv_cookie_consent")).toBeUndefined();
    const html = await (await c.get("/fotoweb/albums/", nb)).text();
    expect(toastOf(html)).toMatch(/^Retningslinjene for informasjonskapsler er endret/);
    expect(hasBanner(html)).toBe(true);
  });

  test("the built-in banner and policy are in the reader's language", async () => {
    const c = client();
    const nb = { "accept-language": "nb" };
    const page = await (await c.get("/fotoweb/", nb)).text();
    expect(page).toContain("Informasjonskapsler på dette nettstedet");
    expect(page).toContain('<a href="/fotoweb/views/cookie-policy">retningslinjene');
    const policy = await (await c.get("/fotoweb/views/cookie-policy", nb)).text();
    expect(policy).toMatch(/<title>Retningslinjer for informasjonskapsler \| Arkiv<\/title>/);
    expect(policy).toContain("arkiv_locale");
    const de = await (await c.get("/fotoweb/", { "accept-language": "de" })).text();
    expect(de).toContain("Cookies auf dieser Website");
    // One version for every language: accepting in one is accepting the text in all; the API
    // gives programs the English.
    const api = (await readApiJson(await client().getJson(CONSENT))) as {
      version: string;
      banner: { title: string };
    };
    expect(api.banner.title).toBe("Cookies on this site");
    expect(page).toContain(`name="version" value="${api.version}"`);
    expect(de).toContain(`name="version" value="${api.version}"`);
  });

  test("a plain form post sets the cookie and goes back to its page", async () => {
    const response = await client().post(CONSENT, {
      version: await currentVersion(),
      to: "/fotoweb/albums/",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/fotoweb/albums/");
    const cookie = setCookie(response, "arkiv_cookie_consent");
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  test("an off-site return address is ignored", async () => {
    const response = await client().post(CONSENT, {
      version: await currentVersion(),
      to: "//evil.com/",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/fotoweb/");
  });

  test("a script's post gets JSON", async () => {
    const response = await client().post(
      CONSENT,
      { version: await currentVersion() },
      { accept: "application/json" },
    );
    expect(response.status).toBe(200);
    expect(await readApiJson(response)).toEqual({ accepted: true });
    expect(setCookie(response, "arkiv_cookie_consent")).toBeDefined();
  });

  test("once accepted, the banner is gone for that browser only", async () => {
    const c = client();
    expect(hasBanner(await (await c.get("/fotoweb/")).text())).toBe(true);
    await c.post(CONSENT, { version: await currentVersion(), to: "/fotoweb/" });
    expect(hasBanner(await (await c.get("/fotoweb/")).text())).toBe(false);
    expect(hasBanner(await (await c.get("/fotoweb/albums/")).text())).toBe(false);
    expect(hasBanner(await (await client().get("/fotoweb/")).text())).toBe(true);
  });

  test("a forged consent cookie does not hide the banner", async () => {
    const c = client();
    c.cookies.set("arkiv_cookie_consent", encodeURIComponent(btoa(JSON.stringify("forged"))));
    expect(hasBanner(await (await c.get("/fotoweb/")).text())).toBe(true);
  });

  test("signed-in users are not shown the banner", async () => {
    const c = client();
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(hasBanner(await (await c.get("/fotoweb/")).text())).toBe(false);
  });

  test("other methods are 405", async () => {
    const response = await client().request(CONSENT, { method: "PUT" });
    await expectErrorShape(response, 405);
  });
});

describe("interface style", () => {
  // Each test has a stylist of its own, on auto, signed in (decision 075).
  let stylist: Client;
  let stylistName: string;
  let serial = 0;

  beforeEach(async () => {
    stylistName = `stylist${++serial}`;
    await createUser({ username: stylistName, password: "stylist-password-1" });
    stylist = client();
    await stylist.signIn(stylistName, "stylist-password-1");
  });

  test("visitors get the light theme; a user starts on auto", async () => {
    expect(themeOf(await (await client().get("/fotoweb/")).text())).toBe("light");
    expect(themeOf(await (await stylist.get("/fotoweb/")).text())).toBe("auto");
  });

  test("choosing dark changes data-theme on <html> and the descriptor", async () => {
    const response = await stylist.post(STYLE, { style: "dark", to: "/fotoweb/albums/" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/albums/");
    const html = await (await stylist.get("/fotoweb/albums/")).text();
    expect(toastOf(html)).toBe("Interface style saved.");
    expect(themeOf(html)).toBe("dark");
    expect(html).toContain('<meta name="color-scheme" content="dark"/>');
    const descriptor = (await readApiJson(await stylist.getJson("/fotoweb/me/", FULL_TYPE))) as {
      darkMode: { user: string };
    };
    expect(descriptor.darkMode.user).toBe("dark");
  });

  test("the choice is the user's own, in every session of theirs and nobody else's", async () => {
    await stylist.post(STYLE, { style: "dark" });
    const again = client();
    await again.signIn(stylistName, "stylist-password-1");
    expect(themeOf(await (await again.get("/fotoweb/")).text())).toBe("dark");
    const other = client();
    await other.signIn("bystander", "bystander-password-1");
    expect(themeOf(await (await other.get("/fotoweb/")).text())).toBe("auto");
  });

  test("choosing light goes back to light", async () => {
    await stylist.post(STYLE, { style: "light" });
    expect(themeOf(await (await stylist.get("/fotoweb/")).text())).toBe("light");
  });

  test("an unknown style is refused with an error toast and changes nothing", async () => {
    await stylist.post(STYLE, { style: "light" });
    const response = await stylist.post(STYLE, { style: "purple", to: "/fotoweb/" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    const html = await (await stylist.get("/fotoweb/")).text();
    expect(toastOf(html)).toBe("Choose light, dark or auto.");
    expect(html).toMatch(/data-kind="error"/);
    expect(themeOf(html)).toBe("light");
  });

  test("an off-site return address is ignored", async () => {
    await stylist.post(STYLE, { style: "light" });
    const response = await stylist.post(STYLE, { style: "auto", to: "https://evil.com/" });
    expect(response.headers.get("location")).toBe("/fotoweb/");
    expect(themeOf(await (await stylist.get("/fotoweb/")).text())).toBe("auto");
  });

  test("GET changes nothing", async () => {
    const response = await stylist.get(`${STYLE}?style=dark`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    expect(themeOf(await (await stylist.get("/fotoweb/")).text())).toBe("auto");
  });

  test("visitors and the guest are sent to log on", async () => {
    const anonymous = await client().post(STYLE, { style: "dark" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/fotoweb\/views\/login/);
    const g = client();
    await g.signInAsGuest();
    const guest = await g.post(STYLE, { style: "dark" });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/fotoweb\/views\/login/);
    expect(themeOf(await (await g.get("/fotoweb/")).text())).toBe("light");
  });
});
