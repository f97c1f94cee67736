import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { isProblem } from "~/models/problem/problem";
import { OUT_OF_LICENSES, seatsInUse } from "~/models/user/license.server";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Seats under concurrency (issue 29, decision 070): the count and the insert are one serialised
 * step, so simultaneous creations never hand out more seats than the site has. Both dialects.
 */

const API = "/fotoweb/api/users";
const SEATS = 4;
let server: TestServer;
let owner: Client;

const send = (body: unknown) =>
  owner.request(API, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });

const newUser = (username: string) => ({
  username,
  address: { givenName: "G", surname: "S", email: `${username}@example.com` },
});

/** Disables every licensed account but the owner's, so each test starts with 1 of 4 used. */
async function oneSeatUsed() {
  await db()
    .updateTable("users")
    .set({ is_enabled: 0 })
    .where("username", "!=", TEST_ADMIN.username)
    .execute();
  expect(await seatsInUse()).toBe(1);
}

beforeAll(async () => {
  server = await startTestServer({ LICENSE_SEATS: String(SEATS) });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

test("12 simultaneous creations through the API with 1 of 4 seats used: 3 made, 9 refused 409", async () => {
  await oneSeatUsed();
  const responses = await Promise.all(
    Array.from({ length: 12 }, (_, i) => send(newUser(`rush${i}`))),
  );
  const statuses = responses.map((r) => r.status).sort();
  expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(409)]);
  for (const response of responses.filter((r) => r.status === 409))
    expect((await readApiJson<{ value: string }>(response)).value).toMatch(/^out_of_licenses/);
  for (const response of responses.filter((r) => r.status === 200)) await readApiJson(response);
  expect(await seatsInUse()).toBe(SEATS);
});

test("12 simultaneous accounts made by invitation or sign-up approval (createUser): 3 made", async () => {
  await oneSeatUsed();
  const outcomes = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) =>
      createUser({ username: `invited${i}`, passwordHash: "x" }),
    ),
  );
  expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
  for (const o of outcomes)
    if (o.status === "rejected") {
      expect(isProblem(o.reason)).toBe(true);
      expect((o.reason as Error).message).toBe(OUT_OF_LICENSES);
    }
  expect(await seatsInUse()).toBe(SEATS);
});

test("6 simultaneous enables, one by one and in bulk, with 1 of 4 seats used: 4 in use after", async () => {
  await oneSeatUsed();
  // Six licensed accounts of its own, disabled one by one so each fits the one free seat it takes.
  const disabled: { id: number }[] = [];
  for (let i = 0; i < 6; i++) {
    const user = await createUser({ username: `enable${i}`, password: `enable-password-${i}` });
    await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", user.id).execute();
    disabled.push({ id: user.id });
  }
  expect(await seatsInUse()).toBe(1);
  const patch = (path: string, body: unknown) =>
    owner.request(path, {
      method: "PATCH",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  const responses = await Promise.all(
    disabled.map(({ id }, i) =>
      i % 2 === 0
        ? patch(`${API}/${id}`, { account: { isEnabled: true } })
        : patch(API, { data: { account: { isEnabled: true } }, users: [`${API}/${id}`] }),
    ),
  );
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 409)).toHaveLength(3);
  expect(statuses.filter((s) => s !== 409).every((s) => s >= 200 && s < 300)).toBe(true);
  for (const response of responses) if (response.status !== 204) await readApiJson(response);
  expect(await seatsInUse()).toBe(SEATS);
});
