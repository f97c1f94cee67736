import crypto from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The token endpoint counts failed client authentications per client address (issue 29): a
 * client id someone else knows cannot lock the real program out, and a new client id each time
 * does not escape the limit. Behind the trusted proxy, the address is the one the proxy saw.
 */

let server: TestServer;
let app: { clientId: string; clientSecret: string };

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

async function token(id: string, secret: string, address: string) {
  const response = await new Client(server.url).request("/fotoweb/oauth2/token", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: basic(id, secret),
      "x-forwarded-for": address,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  await readApiJson(response);
  return response.status;
}

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "true", TOKEN_RATE_LIMIT: "5" });
  const robot = await createUser({ username: "robot", password: "robot-password-1" });
  const owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  const response = await owner.request("/fotoweb/api/config/applications", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({
      name: "Nightly sync",
      grants: ["client_credentials"],
      redirectUris: [],
      user: `/fotoweb/api/users/${robot.id}`,
    }),
  });
  expect(response.status).toBe(201);
  app = await readApiJson(response);
});

afterAll(async () => {
  await server?.close();
});

test("wrong secrets for a known client id do not lock the real program out", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) statuses.push(await token(app.clientId, "wrong", "203.0.113.1"));
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  // The program, from its own address, still gets its token.
  expect(await token(app.clientId, app.clientSecret, "198.51.100.2")).toBe(200);
  // Successes are never counted against the address.
  for (let i = 0; i < 6; i++)
    expect(await token(app.clientId, app.clientSecret, "198.51.100.2")).toBe(200);
});

test("a new client id each time is limited all the same", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const id = crypto.randomBytes(16).toString("hex");
    statuses.push(await token(id, "x", "203.0.113.9"));
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
});
