import { afterAll, beforeAll, expect, test } from "vitest";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/* Behind a trusted TLS-terminating proxy (TRUST_PROXY=true): HTTPS as the browser sees it. */

const HTTPS = { "x-forwarded-proto": "https" };

let server: TestServer;

const client = () => new Client(server.url);
const httpsOrigin = () => `https://${new URL(server.url).host}`;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true", LOGIN_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await server?.close();
});

test("over HTTPS the log-on view has no insecure-connection warning", async () => {
  const response = await client().get("/fotoweb/views/login", HTTPS);
  expect(response.status).toBe(200);
  expect(withoutMessages(await response.text())).not.toContain("This connection is not secure.");
});

test("over plain HTTP through the proxy the warning stays", async () => {
  const response = await client().get("/fotoweb/views/login", { "x-forwarded-proto": "http" });
  expect(withoutMessages(await response.text())).toContain("This connection is not secure.");
});

test("HSTS is sent in production behind the proxy", async () => {
  const response = await client().get("/fotoweb/", HTTPS);
  expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
});

test("the session and toast cookies are Secure over HTTPS", async () => {
  const c = client();
  const response = await c.post(
    "/fotoweb/views/login",
    { mode: "user", username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    { ...HTTPS, origin: httpsOrigin() },
  );
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie();
  expect(cookies.find((l) => l.startsWith("arkiv_session="))).toMatch(/; Secure/);
  expect(cookies.find((l) => l.startsWith("arkiv_toast="))).toMatch(/; Secure/);
  const meHttps = await c.request("/fotoweb/me/", {
    headers: { ...HTTPS, accept: "application/vnd.fotoware.full-api-descriptor+json" },
  });
  expect(meHttps.status).toBe(200);
});

test("the Origin check compares against the HTTPS origin", async () => {
  const downgraded = await client().post(
    "/fotoweb/views/login",
    { mode: "guest" },
    { ...HTTPS, origin: server.url },
  );
  expect(downgraded.status).toBe(403);
  const own = await client().post(
    "/fotoweb/views/login",
    { mode: "guest" },
    { ...HTTPS, origin: httpsOrigin() },
  );
  expect(own.status).toBe(302);
});

test("a post whose X-Forwarded-Host differs from its Origin is 403, not Remix's 500", async () => {
  const response = await client().post(
    "/fotoweb/views/login",
    { mode: "guest" },
    { ...HTTPS, origin: httpsOrigin(), "x-forwarded-host": "other.example" },
  );
  expect(response.status).toBe(403);
  expect(await response.text()).toContain("Requests from other sites are not accepted.");
  const renamed = await client().post(
    "/fotoweb/views/login",
    { mode: "guest" },
    { ...HTTPS, origin: "https://other.example", "x-forwarded-host": "other.example" },
  );
  expect(renamed.status).toBe(302);
});
