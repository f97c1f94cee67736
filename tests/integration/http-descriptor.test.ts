import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user/user.server";
import { dialectUnderTest, TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * The API entry points over HTTP: the public descriptor at /fotoweb/, the full descriptor at
 * /fotoweb/me/, content negotiation between page and JSON twin, and the error shape.
 */

const PUBLIC_TYPE = "application/vnd.fotoware.api-descriptor+json";
const FULL_TYPE = "application/vnd.fotoware.full-api-descriptor+json";

let server: TestServer;
let owner: Client;
let guest: Client;
let member: Client;

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
  expect(Number.isNaN(Date.parse(String(body.date)))).toBe(false);
  return body as {
    status: number;
    heading: string;
    value: string;
    requestId: string;
    date: string;
  };
}

beforeAll(async () => {
  server = await startTestServer({ KEEPALIVE_SECONDS: "120", LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "member", password: "member-password-1", fullName: "Mia Member" });
  owner = new Client(server.url);
  guest = new Client(server.url);
  member = new Client(server.url);
  await Promise.all([
    owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password),
    guest.signInAsGuest(),
    member.signIn("member", "member-password-1"),
  ]);
});

afterAll(async () => {
  await server?.close();
});

test("the server under test runs on this file's database", () => {
  const store = (globalThis as { __arkiv?: Map<string, unknown> }).__arkiv;
  expect((store?.get("database") as { current?: unknown }).current).toBe(server.database.handle);
  expect(server.database.handle.dialect).toBe(dialectUnderTest());
});

describe("public descriptor at /fotoweb/", () => {
  test("answers the vendor media type with the public entry point", async () => {
    const response = await new Client(server.url).getJson("/fotoweb/", PUBLIC_TYPE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(`${PUBLIC_TYPE}; charset=utf-8`);
    expect(response.headers.get("vary")).toMatch(/Accept/);
    const body = (await readApiJson(response)) as Record<string, unknown>;
    // Guests are allowed: an anonymous client browses as the guest, and is offered to.
    expect(body).toEqual({
      href: "/fotoweb/",
      server: "Arkiv",
      utc_offset: expect.any(Number),
      archives: "/fotoweb/archives/",
      searchURL: "/fotoweb/archives/{?q}",
      taxonomies: "/fotoweb/api/taxonomies/",
      albums: "/fotoweb/albums/",
      services: {
        login: "/fotoweb/views/login",
        search: "/fotoweb/search/",
        rendition_request: "/fotoweb/services/renditions",
      },
    });
  });

  test("is the same for a signed-in user: it never carries user data", async () => {
    const response = await owner.getJson("/fotoweb/", PUBLIC_TYPE);
    expect(response.status).toBe(200);
    const body = (await readApiJson(response)) as Record<string, unknown>;
    expect(body).not.toHaveProperty("user");
    expect(body.href).toBe("/fotoweb/");
  });

  test("plain application/json gets the same document as application/json", async () => {
    const response = await new Client(server.url).getJson("/fotoweb/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await readApiJson(response)).toMatchObject({
      href: "/fotoweb/",
      services: { login: "/fotoweb/views/login" },
    });
  });

  test("a browser's Accept gets the start page", async () => {
    const response = await new Client(server.url).get("/fotoweb/", {
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("Welcome to Arkiv");
  });

  test("HTML preferred by quality over JSON gets the page", async () => {
    const response = await new Client(server.url).get("/fotoweb/", {
      accept: `${PUBLIC_TYPE};q=0.5, text/html`,
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  test("HEAD answers the descriptor's headers", async () => {
    const response = await new Client(server.url).request("/fotoweb/", {
      method: "HEAD",
      headers: { accept: PUBLIC_TYPE },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(`${PUBLIC_TYPE}; charset=utf-8`);
  });

  test("asking for the full descriptor here is 406 in the error shape", async () => {
    const response = await owner.getJson("/fotoweb/", FULL_TYPE);
    const body = await expectErrorShape(response, 406);
    expect(body.heading).toBe("Not acceptable");
    expect(body.value).toContain("/fotoweb/me/");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("POST to the descriptor is 405 with Allow", async () => {
    const response = await owner.request("/fotoweb/", {
      method: "POST",
      headers: { accept: PUBLIC_TYPE, "content-type": "application/json" },
      body: "{}",
    });
    const body = await expectErrorShape(response, 405);
    expect(body.heading).toBe("Method not allowed");
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("full descriptor at /fotoweb/me/", () => {
  test("is 401 in the error shape without a session", async () => {
    const response = await new Client(server.url).getJson("/fotoweb/me/", FULL_TYPE);
    const body = await expectErrorShape(response, 401);
    expect(body.heading).toBe("Not signed in");
  });

  test("asking for the public descriptor here is 406", async () => {
    const response = await owner.getJson("/fotoweb/me/", PUBLIC_TYPE);
    await expectErrorShape(response, 406);
  });

  test("describes the signed-in site owner", async () => {
    const response = await owner.getJson("/fotoweb/me/", FULL_TYPE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(`${FULL_TYPE}; charset=utf-8`);
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const body = (await readApiJson(response)) as Record<string, unknown>;
    expect(body).toMatchObject({
      href: "/fotoweb/me",
      server: "Arkiv",
      utc_offset: expect.any(Number),
      user: {
        userId: expect.any(Number),
        userName: "owner",
        fullName: "Site owner",
        isGuest: false,
        isForcePasswordChangeSet: false,
      },
      permissions: {
        hasManageArchivesPermission: true,
        hasManageSettingsPermission: true,
        hasManageServicesPermission: true,
        hasAuditPermission: true,
        albums: expect.any(Object),
      },
      services: {
        logout: "/fotoweb/services/logout",
        keepalive: { href: "/fotoweb/services/keepalive", interval: 120 },
      },
      darkMode: { site: true, user: "auto" },
    });
  });

  test("never exposes a password hash", async () => {
    const text = await (await owner.getJson("/fotoweb/me/", FULL_TYPE)).text();
    expect(text).not.toMatch(/argon2|password_hash|passwordHash/i);
  });

  test("describes a user without site permissions", async () => {
    const body = (await readApiJson(await member.getJson("/fotoweb/me/", FULL_TYPE))) as {
      user: Record<string, unknown>;
      permissions: Record<string, unknown>;
    };
    expect(body.user).toMatchObject({ userName: "member", fullName: "Mia Member", isGuest: false });
    expect(body.permissions).toMatchObject({
      hasManageArchivesPermission: false,
      hasManageSettingsPermission: false,
      hasManageServicesPermission: false,
      hasAuditPermission: false,
    });
  });

  test("describes the guest, with the keepalive service", async () => {
    const response = await guest.getJson("/fotoweb/me/", FULL_TYPE);
    expect(response.status).toBe(200);
    const body = (await readApiJson(response)) as {
      user: Record<string, unknown>;
      permissions: Record<string, unknown>;
      services: { keepalive: { href: string; interval: number } };
    };
    expect(body.user).toMatchObject({ userId: 15000, userName: "Guest", isGuest: true });
    expect(body.permissions.hasManageSettingsPermission).toBe(false);
    expect(body.services.keepalive).toEqual({ href: "/fotoweb/services/keepalive", interval: 120 });
  });

  test("plain application/json is answered as application/json", async () => {
    const response = await owner.getJson("/fotoweb/me/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  test("its services answer their methods: keepalive GET, logout POST only", async () => {
    const body = (await readApiJson(await owner.getJson("/fotoweb/me/", FULL_TYPE))) as {
      services: { logout: string; keepalive: { href: string } };
    };
    expect((await owner.getJson(body.services.keepalive.href)).status).toBe(200);
    const logout = await owner.getJson(body.services.logout);
    await expectErrorShape(logout, 405);
    expect(logout.headers.get("allow")).toBe("POST");
  });

  test("answers the same without the trailing slash", async () => {
    const response = await owner.getJson("/fotoweb/me", FULL_TYPE);
    expect(response.status).toBe(200);
    expect(((await readApiJson(response)) as { href: string }).href).toBe("/fotoweb/me");
  });

  test("POST is 405", async () => {
    const response = await owner.request("/fotoweb/me/", {
      method: "POST",
      headers: { accept: FULL_TYPE, "content-type": "application/json" },
      body: "{}",
    });
    await expectErrorShape(response, 405);
  });

  test("an HTML request without a session goes to the log-on view and back", async () => {
    const response = await new Client(server.url).get("/fotoweb/me/", { accept: "text/html" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/views/login?to=%2Ffotoweb%2Fme%2F");
  });

  test("an HTML request with a session goes to the start page", async () => {
    const response = await owner.get("/fotoweb/me/", { accept: "text/html" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
  });
});

describe("unknown addresses", () => {
  test("a JSON request for a path without a resource is 404 in the error shape", async () => {
    const response = await owner.getJson("/fotoweb/no-such-resource/");
    const body = await expectErrorShape(response, 404);
    expect(body.heading).toBe("Not found");
  });

  test("an HTML request for an unknown page is a 404 page in the shell", async () => {
    const response = await new Client(server.url).get("/fotoweb/no-such-page", {
      accept: "text/html",
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<title>Page not found | Arkiv</title>");
    expect(html).toContain("There is nothing at this address.");
  });

  test("the internal JSON twins cannot be requested directly", async () => {
    const page = await owner.get("/_json/fotoweb/", { accept: "text/html" });
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).not.toContain('"href"');
    const api = await owner.getJson("/_json/fotoweb/me/", FULL_TYPE);
    const body = await expectErrorShape(api, 404);
    expect(body.value).toBe("There is nothing at this address.");
  });
});
