import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { updateSiteSettings, getSiteSettings } from "~/models/site/site.server";
import { createUser } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { checkJsonResponse, noteRequestMethod, readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * CORS for programs in other sites' pages (decision 110): the allowed origins' answers carry
 * the headers, a preflight is answered, others get nothing; a cookie never authenticates a
 * cross-site write, a token does; the setting is validated on the site settings form.
 */

const CMS = "https://cms.example";
const EVIL = "https://evil.example";
const MANAGEMENT = "/fotoweb/views/management";

let server: TestServer;
let owner: Client;
let app: { clientId: string; clientSecret: string };
let robotId: number;

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, server.url), { ...init, redirect: "manual" });
  noteRequestMethod(response, init.method ?? "GET");
  await checkJsonResponse(response);
  return response;
}

const cookieOf = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

async function token(origin?: string) {
  const response = await send("/fotoweb/oauth2/token", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(origin ? { origin } : {}),
    },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: app.clientId,
      client_secret: app.clientSecret,
    }),
  });
  return response;
}

const SITE_FORM = {
  siteName: "Arkiv",
  darkModeEnabled: "on",
  guestAccess: "on",
  cookieTitle: "Cookies on this site",
  cookieBody: "Strictly necessary cookies only.",
  cookiePolicy: "# Cookie policy",
};

beforeAll(async () => {
  server = await startTestServer();
  robotId = (await createUser({ username: "robot", password: "robot-password-1" })).id;
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  const made = await owner.request("/fotoweb/api/config/applications", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      name: "CMS sync",
      grants: ["client_credentials"],
      user: `/fotoweb/api/users/${robotId}`,
    }),
  });
  expect(made.status).toBe(201);
  app = await readApiJson(made);
  await updateSiteSettings({ apiOrigins: [CMS] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the setting on the site settings form", () => {
  test("refuses what is not an origin, keeps one a line as browsers write them", async () => {
    const bad = await owner.post(MANAGEMENT, {
      ...SITE_FORM,
      apiOrigins: "https://ok.example\nhttps://cms.example/path",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("is not an origin");
    expect((await getSiteSettings()).apiOrigins).toEqual([CMS]);
    for (const wrong of ["ftp://x.example", "https://u:p@x.example", "https://x.example?q", "x"]) {
      const answer = await owner.post(MANAGEMENT, { ...SITE_FORM, apiOrigins: wrong });
      expect(answer.status, wrong).toBe(400);
    }
    const saved = await owner.post(MANAGEMENT, {
      ...SITE_FORM,
      apiOrigins: `${CMS}/\r\nhttp://LOCALHOST:3333\n\n*`,
    });
    expect(saved.status).toBe(302);
    expect((await getSiteSettings()).apiOrigins).toEqual([CMS, "http://localhost:3333", "*"]);
    // Left out of the post, the stored ones stay.
    expect((await owner.post(MANAGEMENT, SITE_FORM)).status).toBe(302);
    expect((await getSiteSettings()).apiOrigins).toHaveLength(3);
    await updateSiteSettings({ apiOrigins: [CMS] });
  });
});

describe("answers to an allowed origin", () => {
  test("the API, the token endpoint and files carry the headers; pages do not", async () => {
    const api = await send("/fotoweb/", {
      headers: { origin: CMS, accept: "application/vnd.fotoware.api-descriptor+json" },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get("access-control-allow-origin")).toBe(CMS);
    expect(api.headers.get("access-control-allow-credentials")).toBe("true");
    expect(api.headers.get("vary")).toMatch(/Origin/);
    expect(api.headers.get("access-control-expose-headers")).toMatch(/Location/);
    expect(api.headers.get("access-control-expose-headers")).toMatch(/Content-Disposition/);

    const granted = await token(CMS);
    expect(granted.status).toBe(200);
    expect(granted.headers.get("access-control-allow-origin")).toBe(CMS);

    const file = await send("/fotoweb/files/1/preview/abc/x.jpg", { headers: { origin: CMS } });
    expect(file.status).toBeGreaterThanOrEqual(400);
    expect(file.headers.get("access-control-allow-origin")).toBe(CMS);

    // Without an Origin too: a cached answer must not serve a later CORS request.
    const plain = await send("/fotoweb/", {
      headers: { accept: "application/vnd.fotoware.api-descriptor+json" },
    });
    expect(plain.headers.get("vary")).toMatch(/Origin/);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();

    const page = await send(MANAGEMENT, { headers: { origin: CMS, cookie: cookieOf(owner) } });
    expect(page.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("a preflight is answered 204 with the methods, headers and max-age", async () => {
    const preflight = await send("/fotoweb/oauth2/token", {
      method: "OPTIONS",
      headers: {
        origin: CMS,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(CMS);
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/POST/);
    const allowed = preflight.headers.get("access-control-allow-headers") ?? "";
    for (const name of ["Authorization", "FWAPITOKEN", "Content-Type", "Accept"])
      expect(allowed).toContain(name);
    expect(Number(preflight.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  test("a token decides a cross-site write; a cookie never does", async () => {
    const bearer = (await readApiJson<{ access_token: string }>(await token(CMS))).access_token;
    const upload = (headers: Record<string, string>) =>
      send("/fotoweb/api/uploads", {
        method: "POST",
        headers: {
          origin: CMS,
          "content-type": "application/json",
          accept: "application/json",
          ...headers,
        },
        body: JSON.stringify({ destination: "/fotoweb/archives/1-Nowhere/", fileSize: 1 }),
      });
    const withToken = await upload({ authorization: `Bearer ${bearer}` });
    expect(withToken.status).toBe(400);
    expect(withToken.headers.get("access-control-allow-origin")).toBe(CMS);
    const withCookie = await upload({ cookie: cookieOf(owner) });
    expect(withCookie.status).toBe(403);
    const withBadToken = await upload({ authorization: "Bearer nope", cookie: cookieOf(owner) });
    expect(withBadToken.status).toBe(403);
    // A page's form from there too.
    const form = await send(MANAGEMENT, {
      method: "POST",
      headers: {
        origin: CMS,
        cookie: cookieOf(owner),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ ...SITE_FORM, siteName: "Hijacked" }),
    });
    expect(form.status).toBe(403);
    expect((await getSiteSettings()).siteName).toBe("Arkiv");
  });
});

describe("answers to any other origin", () => {
  test("carry no CORS headers; a preflight is 204 without them, never 405 or 500", async () => {
    const api = await send("/fotoweb/", {
      headers: { origin: EVIL, accept: "application/vnd.fotoware.api-descriptor+json" },
    });
    expect(api.status).toBe(200);
    expect(api.headers.get("access-control-allow-origin")).toBeNull();
    expect(api.headers.get("vary")).toMatch(/Origin/);
    const preflight = await send("/fotoweb/archives/", {
      method: "OPTIONS",
      headers: { origin: EVIL, "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
    const garbage = await send("/fotoweb/archives/", {
      method: "OPTIONS",
      headers: { origin: "not a url", "access-control-request-method": "GET" },
    });
    expect(garbage.status).toBe(204);
    // The token endpoint refuses the call itself: its client cannot read the answer anyway.
    expect((await token(EVIL)).status).toBe(403);
  });

  test('"*" allows any origin, without credentials', async () => {
    await updateSiteSettings({ apiOrigins: ["*"] });
    try {
      const api = await send("/fotoweb/", {
        headers: { origin: EVIL, accept: "application/vnd.fotoware.api-descriptor+json" },
      });
      expect(api.headers.get("access-control-allow-origin")).toBe("*");
      expect(api.headers.get("access-control-allow-credentials")).toBeNull();
      const granted = await token(EVIL);
      expect(granted.status).toBe(200);
      expect(granted.headers.get("access-control-allow-credentials")).toBeNull();
      const withCookie = await send("/fotoweb/api/uploads", {
        method: "POST",
        headers: {
          origin: EVIL,
          cookie: cookieOf(owner),
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify({ destination: "/fotoweb/archives/1-Nowhere/", fileSize: 1 }),
      });
      expect(withCookie.status).toBe(403);
    } finally {
      await updateSiteSettings({ apiOrigins: [CMS] });
    }
  });
});
