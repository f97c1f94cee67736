import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/* The site settings view: who may see it, validation, and what a saved setting changes. */

const PUBLIC_TYPE = "application/vnd.fotoware.api-descriptor+json";
const FULL_TYPE = "application/vnd.fotoware.full-api-descriptor+json";
const MANAGEMENT = "/fotoweb/views/management";
const CONSENT = "/fotoweb/api/privacy/cookie-consent";

let server: TestServer;
let owner: Client;
let member: Client;

const client = () => new Client(server.url);

function mainOf(html: string) {
  const start = html.indexOf("<main");
  return html.slice(start, html.indexOf("</main>", start));
}

const toastOf = (html: string) => html.match(/data-testid="toast"[^>]*>([^<]*)</)?.[1] ?? null;
const hasBanner = (html: string) => html.includes('data-testid="cookie-banner"');

const DEFAULTS = {
  siteName: "Arkiv",
  darkModeEnabled: "on",
  guestAccess: "on",
  cookieTitle: "Cookies on this site",
  cookieBody: "Strictly necessary cookies only.",
  cookiePolicy: "# Cookie policy\n\nOnly what is needed.",
};

async function siteName() {
  const response = await client().getJson("/fotoweb/", PUBLIC_TYPE);
  return ((await readApiJson(response)) as { server: string }).server;
}

async function consentVersion() {
  return ((await readApiJson(await client().getJson(CONSENT))) as { version: string }).version;
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "member", password: "member-password-1" });
  owner = client();
  member = client();
  await Promise.all([
    owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password),
    member.signIn("member", "member-password-1"),
  ]);
});

afterAll(async () => {
  await server?.close();
});

describe("access", () => {
  test("a visitor is sent to log on and back", async () => {
    const response = await client().get(MANAGEMENT);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/fotoweb/views/login?to=${encodeURIComponent(MANAGEMENT)}`,
    );
  });

  test("the guest is never shown the view: it is sent to log on as a user", async () => {
    const guest = client();
    await guest.signInAsGuest();
    const response = await guest.get(MANAGEMENT);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/fotoweb/views/login?to=${encodeURIComponent(MANAGEMENT)}`,
    );
    const post = await guest.post(MANAGEMENT, { ...DEFAULTS, siteName: "By guest" });
    expect(post.status).toBe(302);
    expect(await siteName()).toBe("Arkiv");
  });

  test("to a user without the permission the page does not exist (404)", async () => {
    const response = await member.get(MANAGEMENT);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const main = mainOf(await response.text());
    expect(main).toContain("There is nothing at this address.");
    expect(main).not.toContain('name="siteName"');
  });

  test("a user without the permission cannot post either, and nothing is stored", async () => {
    const response = await member.post(MANAGEMENT, { ...DEFAULTS, siteName: "By member" });
    expect(response.status).toBe(404);
    expect(await siteName()).toBe("Arkiv");
  });

  test("the site owner sees the form with the current settings", async () => {
    const response = await owner.get(MANAGEMENT);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Site settings | Arkiv</title>");
    const main = mainOf(html);
    expect(main).toMatch(/name="siteName"[^>]*value="Arkiv"|value="Arkiv"[^>]*name="siteName"/);
    for (const name of [
      "darkModeEnabled",
      "guestAccess",
      "cookieTitle",
      "cookieBody",
      "cookiePolicy",
    ]) {
      expect(main).toContain(`name="${name}"`);
    }
  });
});

describe("validation", () => {
  test("refused fields are 400 with every message at once, and nothing is stored", async () => {
    const response = await owner.post(MANAGEMENT, {
      ...DEFAULTS,
      siteName: "  ",
      cookieTitle: "x".repeat(201),
      cookieBody: "x".repeat(10_001),
    });
    expect(response.status).toBe(400);
    const main = mainOf(await response.text());
    expect(main).toContain("Enter a site name");
    expect(main).toContain("At most 200 characters");
    expect(main).toContain("At most 10,000 characters");
    expect(await siteName()).toBe("Arkiv");
  });

  test("empty cookie texts are saved as the built-in ones, read in each visitor's language", async () => {
    const saved = await owner.post(MANAGEMENT, { ...DEFAULTS, cookieTitle: "", cookieBody: "" });
    expect(saved.status).toBe(302);
    const visitor = new Client(server.url);
    const nb = await (await visitor.get("/fotoweb/", { "accept-language": "nb" })).text();
    expect(nb).toContain("Informasjonskapsler på dette nettstedet");
    const en = await (await visitor.get("/fotoweb/", { "accept-language": "en" })).text();
    expect(en).toContain("Cookies on this site");
  });

  test("an over-long site name is 400 and nothing is stored", async () => {
    const response = await owner.post(MANAGEMENT, { ...DEFAULTS, siteName: "x".repeat(101) });
    expect(response.status).toBe(400);
    expect(mainOf(await response.text())).toContain("At most 100 characters");
    expect(await siteName()).toBe("Arkiv");
  });

  test("a checkbox with a value no browser sends is 400", async () => {
    const response = await owner.post(MANAGEMENT, {
      ...DEFAULTS,
      siteName: "Changed",
      guestAccess: "maybe",
    });
    expect(response.status).toBe(400);
    expect(await siteName()).toBe("Arkiv");
  });
});

describe("saving", () => {
  test("a valid post saves and redirects back with a toast", async () => {
    const response = await owner.post(MANAGEMENT, { ...DEFAULTS, siteName: "  Picture Library  " });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(MANAGEMENT);
    const html = await (await owner.get(MANAGEMENT)).text();
    expect(toastOf(html)).toBe("Site settings saved.");
    expect(mainOf(html)).toMatch(/value="Picture Library"/);
    expect(await siteName()).toBe("Picture Library");
    const footer = await (await client().get("/fotoweb/")).text();
    expect(footer).toContain("Picture Library: digital asset management");
  });

  test("new cookie texts are served and show the banner again to those who accepted the old", async () => {
    const visitor = client();
    await visitor.post(CONSENT, { version: await consentVersion(), to: "/fotoweb/" });
    expect(hasBanner(await (await visitor.get("/fotoweb/")).text())).toBe(false);

    const response = await owner.post(MANAGEMENT, {
      ...DEFAULTS,
      cookieTitle: "About cookies",
      cookieBody: "We now explain *more*.",
    });
    expect(response.status).toBe(302);
    const resource = (await readApiJson(await client().getJson(CONSENT))) as {
      banner: { title: string; body: string };
    };
    expect(resource.banner).toEqual({ title: "About cookies", body: "We now explain *more*." });
    const html = await (await visitor.get("/fotoweb/")).text();
    expect(hasBanner(html)).toBe(true);
    expect(html).toContain("About cookies");
    expect(html).toContain("We now explain <em>more</em>.");
  });

  test("the cookie policy text is rendered as Markdown without raw HTML", async () => {
    await owner.post(MANAGEMENT, {
      ...DEFAULTS,
      cookiePolicy: "# Our policy\n\n<script>alert(1)</script> **bold**",
    });
    const response = await client().get("/fotoweb/views/cookie-policy");
    expect(response.status).toBe(200);
    const main = mainOf(await response.text());
    expect(main).toContain("<h1>Our policy</h1>");
    expect(main).toContain("<strong>bold</strong>");
    expect(main).not.toContain("<script>alert(1)</script>");
  });

  test("turning guest access off refuses guest sign-in and hides the choice", async () => {
    const { guestAccess: _omit, ...withoutGuest } = DEFAULTS;
    expect((await owner.post(MANAGEMENT, withoutGuest)).status).toBe(302);

    const c = client();
    const response = await c.post("/fotoweb/views/login", { mode: "guest" });
    expect(response.status).toBe(400);
    expect(c.cookies.has("arkiv_session")).toBe(false);
    expect(mainOf(await response.text())).toContain("Guest access is not available on this site.");
    const login = mainOf(await (await client().get("/fotoweb/views/login")).text());
    expect(login).toContain('<input type="hidden" name="mode" value="user"/>');
    expect(login).not.toMatch(/value="guest"/);

    expect((await owner.post(MANAGEMENT, DEFAULTS)).status).toBe(302);
    expect((await client().post("/fotoweb/views/login", { mode: "guest" })).status).toBe(302);
  });

  test("turning dark mode off overrides every user's choice", async () => {
    await owner.post("/fotoweb/me/interface-style", { style: "dark" });
    const themeOf = async () =>
      (await (await owner.get("/fotoweb/")).text()).match(/data-theme="([^"]*)"/)?.[1];
    expect(await themeOf()).toBe("dark");

    const { darkModeEnabled: _omit, ...withoutDark } = DEFAULTS;
    expect((await owner.post(MANAGEMENT, withoutDark)).status).toBe(302);
    expect(await themeOf()).toBe("light");
    const descriptor = (await readApiJson(await owner.getJson("/fotoweb/me/", FULL_TYPE))) as {
      darkMode: { site: boolean; user: string };
    };
    expect(descriptor.darkMode).toEqual({ site: false, user: "dark" });

    expect((await owner.post(MANAGEMENT, DEFAULTS)).status).toBe(302);
    expect(await themeOf()).toBe("dark");
  });
});
