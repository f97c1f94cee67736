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
