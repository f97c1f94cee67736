import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/* Findings of the security review (issue 29) about what a request may claim to be. */

const PUBLIC_TYPE = "application/vnd.fotoware.api-descriptor+json";

let server: TestServer;
let owner: Client;

const client = () => new Client(server.url);

async function siteName() {
  const response = await client().getJson("/fotoweb/", PUBLIC_TYPE);
  return ((await readApiJson(response)) as { server: string }).server;
}

const settingsForm = (name: string) => ({
  siteName: name,
  darkModeEnabled: "on",
  guestAccess: "on",
  cookieTitle: "Cookies on this site",
  cookieBody: "Text",
  cookiePolicy: "",
});

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  owner = client();
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
});

afterAll(async () => {
  await server?.close();
});

describe("a token header skips the same-origin check only when it holds a valid token", () => {
  test("an empty FWAPITOKEN beside the session cookie is refused cross-site", async () => {
    const response = await owner.post("/fotoweb/views/management", settingsForm("Hijacked"), {
      origin: "https://evil.example",
      fwapitoken: "",
    });
    expect(response.status).toBe(403);
    expect(await siteName()).toBe("Arkiv");
  });

  test("so is an unknown token, and a Bearer scheme without one", async () => {
    const tokens: Record<string, string>[] = [
      { fwapitoken: "not-a-token" },
      { authorization: "Bearer" },
      { authorization: "Bearer not-a-token" },
    ];
    for (const headers of tokens) {
      const response = await owner.post("/fotoweb/views/management", settingsForm("Hijacked"), {
        "sec-fetch-site": "cross-site",
        ...headers,
      });
      expect(response.status).toBe(403);
    }
    expect(await siteName()).toBe("Arkiv");
  });
});

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

describe("JSON nested very deep", () => {
  const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
  const patchPreferences = (shared: string) =>
    owner.request("/fotoweb/me/user-preferences/", {
      method: "PATCH",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: `{"data":{"shared":{"x":${shared}}}}`,
    });

  test("200 000 levels answer 400 in the error shape, and nothing is stored", async () => {
    const body = await expectErrorShape(await patchPreferences(deep(200_000)), 400);
    expect(body.value).toMatch(/nested deeper/);
    const stored = await owner.getJson("/fotoweb/me/user-preferences/");
    expect(JSON.stringify(await readApiJson(stored))).not.toContain("[[[");
  });

  test("brackets inside strings do not count, and a modest depth is kept", async () => {
    const response = await patchPreferences(`{"text":"${"[".repeat(500)}","list":${deep(20)}}`);
    expect(response.status).toBe(200);
  });
});

describe("an Origin that names another host than X-Forwarded-Host", () => {
  test("without TRUST_PROXY the forwarded host is dropped, never Remix's 500", async () => {
    const response = await client().post(
      "/fotoweb/views/login",
      { mode: "guest" },
      { origin: server.url, "x-forwarded-host": "evil.example" },
    );
    expect(response.status).toBe(302);
  });
});
