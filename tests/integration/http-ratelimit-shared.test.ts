import { afterAll, beforeAll, expect, test } from "vitest";
import { createChildSite, type ChildServer, type ChildSite } from "../helpers/child-server";
import { Client } from "../helpers/server";

/*
 * Rate limits are counted in the database (issue 29, decision 068): two server processes over
 * one database together reach the limit at the configured count, not at twice it.
 */

let site: ChildSite;
let first: ChildServer;
let second: ChildServer;

beforeAll(async () => {
  site = await createChildSite();
  [first, second] = await Promise.all([
    site.start({ LOGIN_RATE_LIMIT: "4", TOKEN_RATE_LIMIT: "4" }),
    site.start({ LOGIN_RATE_LIMIT: "4", TOKEN_RATE_LIMIT: "4" }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.kill(), second?.kill()]);
  await site?.destroy();
});

test("two processes share the sign-in limit", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    const server = i % 2 === 0 ? first : second;
    const response = await new Client(server.url).post("/fotoweb/views/login", { mode: "guest" });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([302, 302, 302, 302, 429, 429, 429, 429]);
});

test("and the token endpoint's limit of failures", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const server = i % 2 === 0 ? first : second;
    const response = await fetch(new URL("/fotoweb/oauth2/token", server.url), {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`client-${i}:wrong`).toString("base64")}`,
      },
      body: "grant_type=client_credentials",
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
});
