import { afterAll, beforeAll, expect, test } from "vitest";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Behind a trusted proxy the rate limit counts the address the proxy saw. A client that writes
 * its own X-Forwarded-For must not become a new address with each request.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true", LOGIN_RATE_LIMIT: "2" });
});

afterAll(async () => {
  await server?.close();
});

test("a forged X-Forwarded-For chain does not reset the sign-in limit", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    // The client forges the first entry; the proxy (played by the test) appends the peer it saw.
    const response = await new Client(server.url).post(
      "/fotoweb/views/login",
      { mode: "guest" },
      { "x-forwarded-for": `10.0.0.${i}, 192.0.2.7` },
    );
    statuses.push(response.status);
  }
  expect(statuses).toEqual([302, 302, 429, 429]);
});
