import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createAlbum } from "~/models/album/album.server";
import { createUser, findUserById } from "~/models/user/user.server";
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
    const stored = async () =>
      JSON.stringify(await readApiJson(await owner.getJson("/fotoweb/me/user-preferences/")));
    const before = await stored();
    const body = await expectErrorShape(await patchPreferences(deep(200_000)), 400);
    expect(body.value).toMatch(/nested deeper/);
    expect(await stored()).toBe(before);
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

describe("forms with many fields (MAX_FORM_FIELDS, 4000 by default)", () => {
  /** n fields beside the given ones, as a browser sends them. */
  const manyFields = (n: number, fields: Record<string, string> = {}) => {
    const params = new URLSearchParams(fields);
    for (let i = params.size; i < n; i++) params.append(`f${i}`, "x");
    return params;
  };
  const postForm = (path: string, body: URLSearchParams | FormData, accept = "text/html") =>
    client().request(path, { method: "POST", body, headers: { accept } });

  test("the log-on page answers 413 over the cap, and signs in just under it", async () => {
    const login = { mode: "user", username: TEST_ADMIN.username, password: TEST_ADMIN.password };
    const over = await postForm("/fotoweb/views/login", manyFields(4001, login));
    expect(over.status).toBe(413);
    expect(await over.text()).toContain("more than 4000 fields");
    const under = await postForm("/fotoweb/views/login", manyFields(4000, login));
    expect(under.status).toBe(302);
  });

  test("a row numbered past the cap is refused at once, and nothing is stored", async () => {
    // Conform reads a row number as an array index, which it and zod would walk slot by slot.
    const archives = async () =>
      Number(
        (
          await db()
            .selectFrom("archives")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await archives();
    const far = new URLSearchParams({ Name: "Far rows", "Members[50000000].Id": "1" });
    const refused = await owner.request("/fotoweb/views/admin/archives/new", {
      method: "POST",
      body: far,
      headers: { accept: "text/html" },
    });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("row number");
    expect(await archives()).toBe(before);
  });

  test("a multipart form counts its parts the same way", async () => {
    const form = (n: number) => {
      const data = new FormData();
      data.append("mode", "guest");
      for (let i = 1; i < n; i++) data.append(`f${i}`, "x");
      return data;
    };
    expect((await postForm("/fotoweb/views/login", form(4001))).status).toBe(413);
    expect((await postForm("/fotoweb/views/login", form(4000))).status).toBe(302);
  });

  test("a public link's page answers 413 over the cap", async () => {
    const { id } = await db()
      .selectFrom("users")
      .select("id")
      .where("username", "=", TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    const album = await createAlbum((await findUserById(id))!, { name: "Shared", description: "" });
    const created = await owner.post(`/fotoweb/users/${id}/albums/${album.id}/.shares/links/`, {
      intent: "create",
      password: "a-link-password",
    });
    expect(created.status).toBe(302);
    const { token } = await db()
      .selectFrom("share_links")
      .select("token")
      .executeTakeFirstOrThrow();
    const page = `/fotoweb/shared/${token}`;
    const over = await postForm(page, manyFields(4001, { password: "wrong" }));
    expect(over.status).toBe(413);
    const under = await postForm(page, manyFields(3999, { password: "wrong" }));
    expect(under.status).toBeLessThan(500);
    expect(under.status).not.toBe(413);
  });

  test("the token endpoint answers 413 in OAuth's shape", async () => {
    const response = await postForm(
      "/fotoweb/oauth2/token",
      manyFields(4001, { grant_type: "client_credentials" }),
      "application/json",
    );
    expect(response.status).toBe(413);
    expect(await readApiJson(response)).toMatchObject({ error: "invalid_request" });
  });
});

describe("links in mail without PUBLIC_ORIGIN (decision 067)", () => {
  test("use the origin the site was first reached on, never a forged Host", async () => {
    await createUser({
      username: "forgetful",
      password: "forgetful-pass-1",
      email: "f@example.org",
    });
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        new URL("/fotoweb/views/forgot-password", server.url),
        {
          method: "POST",
          headers: { host: "evil.example", "content-type": "application/x-www-form-urlencoded" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end("identifier=forgetful");
    });
    expect(status).toBe(302);
    const mailed = await db()
      .selectFrom("mail_messages")
      .select("text_body")
      .where("kind", "=", "password-reset")
      .executeTakeFirstOrThrow();
    expect(mailed.text_body).not.toContain("evil.example");
    expect(mailed.text_body).toContain(`${server.url}/fotoweb/views/reset-password/`);
  });
});
