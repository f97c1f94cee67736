import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * The log-on rate limit, with a limit of three posts. Each test gets an app of its own over the
 * file's database (`fresh`), so its counter starts at zero: the tests pass alone and in any order.
 */

let server: TestServer;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "3" });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  app = await server.fresh();
});

afterEach(async () => {
  await app?.close();
});

const logIn = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Client(app.url).post("/fotoweb/views/login", fields, headers);

/** Uses up the limit with guest sign-ins, each of which passes. */
async function spendTheLimit() {
  for (let i = 0; i < 3; i++) expect((await logIn({ mode: "guest" })).status).toBe(302);
}

test("the limit comes from LOGIN_RATE_LIMIT", () => {
  expect(server.env.LOGIN_RATE_LIMIT).toBe(3);
});

test("GETs of the log-on view are not counted", async () => {
  for (let i = 0; i < 5; i++) {
    const response = await new Client(app.url).get("/fotoweb/views/login");
    expect(response.status).toBe(200);
  }
  const post = await logIn({ mode: "guest" });
  expect(post.status).toBe(302);
  expect(post.headers.get("ratelimit")).toMatch(/limit=3, remaining=2/);
});

test("three posts pass, failed ones included, and say how many remain", async () => {
  const first = await logIn({ mode: "guest" });
  expect(first.status).toBe(302);
  expect(first.headers.get("ratelimit")).toMatch(/limit=3, remaining=2/);
  const failed = await logIn({
    mode: "user",
    username: TEST_ADMIN.username,
    password: "wrong-password",
  });
  expect(failed.status).toBe(400);
  const third = await logIn({ mode: "guest" });
  expect(third.status).toBe(302);
  expect(third.headers.get("ratelimit")).toMatch(/remaining=0/);
});

test("the fourth post is 429, even with the right password, and starts no session", async () => {
  await spendTheLimit();
  const c = new Client(app.url);
  const response = await c.post("/fotoweb/views/login", {
    mode: "user",
    username: TEST_ADMIN.username,
    password: TEST_ADMIN.password,
  });
  expect(response.status).toBe(429);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await response.text()).toContain("Too many sign-in attempts");
  expect(c.cookies.has("arkiv_session")).toBe(false);
});

test("a JSON client gets 429 in the error shape", async () => {
  await spendTheLimit();
  const response = await logIn({ mode: "guest" }, { accept: "application/json" });
  expect(response.status).toBe(429);
  const body = (await readApiJson(response)) as Record<string, unknown>;
  expect(body).toEqual({
    status: 429,
    heading: "Too many sign-in attempts",
    value: expect.stringContaining("Wait a few minutes"),
    requestId: response.headers.get("x-request-id"),
    date: expect.any(String),
  });
});

test("other forms are not limited by it", async () => {
  await spendTheLimit();
  const response = await new Client(app.url).post("/fotoweb/views/logout", {});
  expect(response.status).toBe(302);
});
