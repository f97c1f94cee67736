import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { seatsInUse } from "~/models/user/license.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Seats (decision 033, 034): with LICENSE_SEATS full, whatever would give one more account a
 * seat is refused with 409 out_of_licenses (create, enable, expiry extension, license raise, on
 * one user or several) and changes nothing; what needs no new seat still works.
 */

const API = "/fotoweb/api/users";
const SEATS = 3;
let server: TestServer;
let owner: Client;

const send = (method: string, path: string, body: unknown) =>
  owner.request(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });

const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  address: { givenName: "G", surname: "S", email: `${username}@example.com` },
  ...extra,
});

async function create(username: string, extra: Record<string, unknown> = {}) {
  const response = await send("POST", API, newUser(username, extra));
  expect(response.status, username).toBe(200);
  return readApiJson<{ id: number; href: string }>(response);
}

beforeAll(async () => {
  server = await startTestServer({ LICENSE_SEATS: String(SEATS) });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

test("out_of_licenses on create, enable, expiry extension and license raise", async () => {
  const idle = await create("idle", { license: { level: "None" } });
  const off = await create("off", { account: { isEnabled: false, externalIds: [] } });
  const expired = await create("expired", { account: { expires: "2001-01-01", externalIds: [] } });
  while ((await seatsInUse()) < SEATS) await create(`filler${await seatsInUse()}`);
  const before = await db().selectFrom("users").selectAll().orderBy("id").execute();
  const attempts: [string, string, unknown][] = [
    ["POST", API, newUser("one-too-many")],
    ["PUT", `/fotoweb/api/users/${off.id}/enabled`, { value: true }],
    ["PATCH", off.href, { account: { isEnabled: true } }],
    ["PATCH", expired.href, { account: { expires: null } }],
    ["PATCH", idle.href, { license: { level: "Standard" } }],
    ["PATCH", API, { data: { license: { level: "Pro" } }, users: [idle.href] }],
    ["PATCH", API, { data: { account: { isEnabled: true } }, users: [off.href] }],
  ];
  for (const [method, path, body] of attempts) {
    const response = await send(method, path, body);
    expect(response.status, `${method} ${path}`).toBe(409);
    expect((await readApiJson<{ value: string }>(response)).value).toMatch(/^out_of_licenses/);
  }
  expect(await db().selectFrom("users").selectAll().orderBy("id").execute()).toEqual(before);
  // What needs no new seat still works.
  expect((await send("PATCH", off.href, { description: "still off" })).status).toBe(204);
  expect(
    (await send("POST", API, newUser("unlicensed", { license: { level: "None" } }))).status,
  ).toBe(200);
  expect(await seatsInUse()).toBe(SEATS);
});
