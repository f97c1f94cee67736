import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getSiteSettings } from "~/models/site/site.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { checkRawAnswer, readApiJson } from "../helpers/api-contract";

/* Malformed and hostile requests: each gets a 4xx with a message and changes nothing. */

let server: TestServer;
let owner: Client;
let member: Client;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "member", password: "member-password-1", fullName: "Member" });
  owner = new Client(server.url);
  member = new Client(server.url);
  await Promise.all([
    owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password),
    member.signIn("member", "member-password-1"),
  ]);
});

afterAll(async () => {
  await server?.close();
});

/** A GET whose path is sent byte for byte (fetch would resolve its dot segments first). */
function rawGet(path: string, accept = "application/json") {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.request({ hostname, port, path, headers: { accept } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        const answer = {
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"]),
          body,
        };
        checkRawAnswer({
          method: "GET",
          url: path,
          ...answer,
          contentType: answer.type,
          text: body,
        });
        resolve(answer);
      });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the internal JSON twins cannot be addressed directly", () => {
  for (const path of [
    "/_json/fotoweb/",
    "/_JSON/fotoweb/",
    "/%5Fjson/fotoweb/",
    "/%5fjson/fotoweb/me/",
    "/fotoweb/../_json/fotoweb/",
    "/fotoweb/%2E%2E/_json/fotoweb/",
    "/./_json/fotoweb/",
  ]) {
    test(`${path} is 404`, async () => {
      const response = await rawGet(path);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain("services");
    });
  }
});

describe("unknown addresses in the API-only areas answer in the error shape", () => {
  for (const [path, accept] of [
    ["/fotoweb/api/nothing", "application/json"],
    ["/fotoweb/api/nothing", "text/html"],
    ["/fotoweb/services/nothing", "application/json"],
    ["/fotoweb/API/privacy/nothing", "*/*"],
  ] as const) {
    test(`${path} with Accept ${accept}`, async () => {
      const response = await new Client(server.url).get(path, { accept });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await readApiJson(response)) as { status: number; requestId: string };
      expect(body.status).toBe(404);
      expect(body.requestId).toBe(response.headers.get("x-request-id"));
    });
  }
});

describe("actions refuse bodies that are not forms", () => {
  const bodies = [
    ["application/json", JSON.stringify({ mode: "guest" })],
    ["text/plain", "mode=guest"],
    ["application/xml", "<mode>guest</mode>"],
  ] as const;

  for (const [type, body] of bodies) {
    test(`log-on with ${type} is 415 and starts no session`, async () => {
      const c = new Client(server.url);
      const response = await c.request("/fotoweb/views/login", {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      expect(response.status).toBe(415);
      expect(c.cookies.has("arkiv_session")).toBe(false);
    });
  }

  test("a body without a content type is 415", async () => {
    const response = await new Client(server.url).request("/fotoweb/views/login", {
      method: "POST",
      body: new Uint8Array([1, 2, 3]),
    });
    expect(response.status).toBe(415);
  });

  test("site settings posted as text change nothing", async () => {
    const before = await getSiteSettings();
    const response = await owner.request("/fotoweb/views/management", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "siteName=Hacked",
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("application/x-www-form-urlencoded");
    expect(await getSiteSettings()).toEqual(before);
  });

  test("a password change posted as text changes nothing", async () => {
    const response = await member.request("/fotoweb/views/change-password", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "currentPassword=member-password-1&newPassword=x&confirmPassword=x",
    });
    expect(response.status).toBe(415);
    const again = new Client(server.url);
    await again.signIn("member", "member-password-1");
  });

  test("an interface style posted as text changes nothing", async () => {
    const before = (await findUserByUsername("member"))?.preferences;
    const response = await member.request("/fotoweb/me/interface-style", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "style=dark",
    });
    expect(response.status).toBe(415);
    expect((await findUserByUsername("member"))?.preferences).toEqual(before);
  });

  test("a cookie consent posted as text is refused in the error shape", async () => {
    const c = new Client(server.url);
    const response = await c.request("/fotoweb/api/privacy/cookie-consent", {
      method: "POST",
      headers: { "content-type": "text/plain", accept: "application/json" },
      body: "version=1",
    });
    expect(response.status).toBe(415);
    expect(((await readApiJson(response)) as { status: number }).status).toBe(415);
    expect(c.cookies.has("arkiv_cookie_consent")).toBe(false);
  });

  test("a multipart form that cannot be parsed is 400", async () => {
    const response = await new Client(server.url).request("/fotoweb/views/login", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: "this is not multipart",
    });
    expect(response.status).toBe(400);
  });
});

describe("multipart bodies are bounded like any other", () => {
  test("a multipart post over MAX_FORM_BYTES is 413 before it is read", async () => {
    const form = new FormData();
    form.set("mode", "guest");
    form.set("pad", new Blob([new Uint8Array(server.env.MAX_FORM_BYTES + 1024)]), "pad.bin");
    const c = new Client(server.url);
    const response = await c.request("/fotoweb/views/login", { method: "POST", body: form });
    expect(response.status).toBe(413);
    expect(c.cookies.has("arkiv_session")).toBe(false);
  });

  test("a small multipart form still works", async () => {
    const form = new FormData();
    form.set("mode", "guest");
    const response = await new Client(server.url).request("/fotoweb/views/login", {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(302);
  });
});
