import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The users API (decision 034) on the real server: every operation of the reference's User
 * Management and the spec's bulk and site-owner calls, in their shapes (the Client checks every
 * JSON answer against the contract); the 404 gate; each error code; hostile input that changes
 * nothing.
 */

const API = "/fotoweb/api/users";
const LIST_TYPE = "application/vnd.fotoware.user-list+json";

let server: TestServer;
let owner: Client;
let manager: Client;
let member: Client;
let managerId: number;
let memberId: number;
let bossId: number;
let ownerId: number;
let managersGroup: number;
let adminsGroup: number;
let plainGroup: number;

interface ApiUser {
  id: number;
  href: string;
  username: string;
  revision: number;
  fullName: string;
  company: string;
  address: Record<string, unknown>;
  license: { level: string; mode: string };
  commerce: { paymentMethod: string; discount: number };
  account: {
    isEnabled: boolean;
    hasPassword: boolean;
    expires?: string;
    forcePasswordChange: boolean;
  };
  properties: { key: string; value: string }[];
  actions: Record<string, boolean>;
  isSiteOwner: boolean;
  deviceTokensHref: string;
}

const send = (
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  accept = "application/json",
) =>
  client.request(path, {
    method,
    headers: { "content-type": "application/json", accept },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });

const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  address: { givenName: "Given", surname: "Surname", email: `${username}@example.com` },
  ...extra,
});

async function create(username: string, extra: Record<string, unknown> = {}) {
  const response = await send(owner, "POST", API, newUser(username, extra));
  expect(response.status, username).toBe(200);
  return readApiJson<ApiUser>(response);
}

async function getUser(id: number) {
  return readApiJson<ApiUser>(await owner.getJson(`/fotoweb/api/users/${id}`));
}

async function newGroup(name: string, permissions: object = {}) {
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: JSON.stringify(permissions) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const userRow = (id: number) =>
  db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

beforeAll(async () => {
  server = await startTestServer();
  ownerId = (
    await db()
      .selectFrom("users")
      .select("id")
      .where("is_site_owner", "=", 1)
      .executeTakeFirstOrThrow()
  ).id;
  managersGroup = await newGroup("Managers", { manageUsers: true });
  adminsGroup = await newGroup("Admins", { manageUsers: true, manageSettings: true });
  plainGroup = await newGroup("Photographers", { uploadToUploadArea: true });
  managerId = (await createUser({ username: "manager", password: "manager-password-1" })).id;
  memberId = (await createUser({ username: "member", password: "member-password-1" })).id;
  bossId = (await createUser({ username: "boss", password: "boss-password-1" })).id;
  await db()
    .insertInto("group_members")
    .values([
      { group_id: managersGroup, user_id: managerId },
      { group_id: adminsGroup, user_id: bossId },
    ])
    .execute();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  manager = new Client(server.url);
  await manager.signIn("manager", "manager-password-1");
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the gate", () => {
  test("without manageUsers every address answers as one that does not exist", async () => {
    const unknown = await readApiJson<{ value: string }>(
      await new Client(server.url).getJson("/fotoweb/api/no-such-thing"),
    );
    const paths = [
      API,
      `/fotoweb/api/users/`,
      `/fotoweb/api/users/count`,
      `/fotoweb/api/users/${memberId}`,
      `/fotoweb/api/users/${ownerId}`,
      `/fotoweb/api/users/999999`,
      `/fotoweb/api/users/${memberId}/member-of`,
      `/fotoweb/api/users/${memberId}/member-of-recursive/count`,
      `/fotoweb/api/users/${memberId}/properties`,
      `/fotoweb/api/users/${memberId}/enabled`,
    ];
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    for (const client of [member, guest, new Client(server.url)]) {
      for (const path of paths) {
        const response = await client.getJson(path);
        expect(response.status, path).toBe(404);
        const body = await readApiJson<{ value: string }>(response);
        expect(body.value).toBe(unknown.value);
      }
      for (const [method, path, body] of [
        ["POST", API, newUser("intruder")],
        ["PATCH", API, { data: { company: "x" }, users: [`/fotoweb/api/users/${memberId}`] }],
        ["DELETE", API, { users: [`/fotoweb/api/users/${memberId}`] }],
        ["PATCH", `/fotoweb/api/users/${memberId}`, { username: "renamed" }],
        ["DELETE", `/fotoweb/api/users/${memberId}`, undefined],
        ["PUT", "/fotoweb/api/site-owner", { user: `/fotoweb/api/users/${memberId}` }],
        ["DELETE", `/fotoweb/api/users/${memberId}/device-tokens`, undefined],
        ["PUT", `/fotoweb/api/users/${memberId}/member-of`, { groups: [adminsGroup] }],
      ] as const) {
        const response = await send(client, method, path, body);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await userRow(memberId)).toMatchObject({ username: "member", organization: "" });
    expect(
      await db()
        .selectFrom("users")
        .select("id")
        .where("username", "=", "intruder")
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await userRow(ownerId))!.is_site_owner).toBe(1);
  });

  test("the pages answer a member 404 like an unknown page", async () => {
    const unknownPage = await member.get("/fotoweb/views/admin/no-such-page");
    for (const path of [
      "/fotoweb/views/admin/users",
      `/fotoweb/views/admin/users/${ownerId}`,
      "/fotoweb/views/admin/users/new",
    ]) {
      const response = await member.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("There is nothing at this address.");
    }
    expect(unknownPage.status).toBe(404);
    const posted = await member.post("/fotoweb/views/admin/users/new", { username: "x" });
    expect(posted.status).toBe(404);
  });
});

describe("create", () => {
  test("new users get the spec's defaults and a generated password", async () => {
    const user = await create("newbie");
    expect(user).toMatchObject({
      username: "newbie",
      fullName: "Given Surname",
      license: { level: "Contributor", mode: "Named" },
      commerce: { paymentMethod: "NoCharge", discount: 0 },
      account: { isEnabled: true, hasPassword: true, forcePasswordChange: false },
      isSiteOwner: false,
    });
    expect(user.account.expires).toBeUndefined();
    expect(user.href).toBe(`/fotoweb/api/users/${user.id}`);
    const row = await userRow(user.id);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const groups = await db()
      .selectFrom("group_members")
      .select("group_id")
      .where("user_id", "=", user.id)
      .execute();
    expect(groups.map((g) => g.group_id)).toContain(REGISTERED_USERS_GROUP_ID);
  });

  test("a given password signs in; names and text are trimmed", async () => {
    const user = await create("  withpass  ", {
      address: {
        givenName: "  Ada ",
        surname: " Byron ",
        email: "ada@example.com",
        organization: " Acme ",
      },
      account: { password: "a-good-password", confirmPassword: "a-good-password", externalIds: [] },
      license: { level: "Pro", mode: "Concurrent" },
      commerce: { paymentMethod: "Invoice", discount: 12.5 },
      properties: [
        { key: "team", value: "north" },
        { key: "", value: "dropped" },
      ],
    });
    expect(user).toMatchObject({
      username: "withpass",
      company: "Acme",
      fullName: "Ada Byron",
      license: { level: "Pro", mode: "Concurrent" },
      commerce: { paymentMethod: "Invoice", discount: 12.5 },
      properties: [{ key: "team", value: "north" }],
    });
    await new Client(server.url).signIn("withpass", "a-good-password");
  });

  test("every invalid field is reported at once with 400, and nothing is stored", async () => {
    const before = await db().selectFrom("users").select("id").execute();
    const response = await send(owner, "POST", API, {
      username: "  ",
      address: { givenName: "", email: "not-an-address" },
      account: { password: "long-enough-1", confirmPassword: "different-1" },
      commerce: { discount: "lots", paymentMethod: 3 },
      license: { level: "Emperor" },
    });
    expect(response.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(
      [
        "username",
        "address.givenName",
        "address.surname",
        "address.email",
        "account.confirmPassword",
        "commerce.discount",
        "commerce.paymentMethod",
        "license.level",
      ].sort(),
    );
    expect(body.fieldErrors.username).toBe("Username is a required field.");
    expect(body.fieldErrors["address.surname"]).toBe("Last name is a required field.");
    expect((await db().selectFrom("users").select("id").execute()).length).toBe(before.length);
  });

  test("an existing username (any case) is 409", async () => {
    await create("twin");
    const response = await send(owner, "POST", API, newUser("TWIN"));
    expect(response.status).toBe(409);
    expect((await readApiJson<{ value: string }>(response)).value).toMatch(/already exists/);
  });

  test("hostile input: huge, scripts, wrong types, wrong media type", async () => {
    const cases: [unknown, number][] = [
      [newUser("x".repeat(300)), 400],
      [{ ...newUser("arr"), address: "nope" }, 400],
      [
        {
          ...newUser("props"),
          properties: Array.from({ length: 101 }, (_, i) => ({ key: `k${i}`, value: "v" })),
        },
        400,
      ],
      [
        {
          ...newUser("dup"),
          properties: [
            { key: "a", value: "1" },
            { key: "A", value: "2" },
          ],
        },
        400,
      ],
      [[1, 2], 400],
      ["{nope", 400],
    ];
    for (const [body, status] of cases) {
      const response = await send(owner, "POST", API, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    const form = await owner.request(API, {
      method: "POST",
      headers: { "content-type": "text/plain", accept: "application/json" },
      body: "username=x",
    });
    expect(form.status).toBe(415);
    const script = await create("scripted", {
      address: { givenName: "<script>alert(1)</script>", surname: "S", email: "s@example.com" },
    });
    expect(script.address.givenName).toBe("<script>alert(1)</script>");
    const page = await (await owner.get(`/fotoweb/views/admin/users?q=scripted`)).text();
    expect(page).not.toContain("<script>alert(1)</script>");
  });
});

describe("read", () => {
  test("the list is the reference's array; the user-list type pages with count and links", async () => {
    for (const name of ["pg-a", "pg-b", "pg-c"]) await create(name);
    const all = await readApiJson<ApiUser[]>(await owner.getJson(`/fotoweb/api/users?q=pg-`));
    expect(all.map((u) => u.username)).toEqual(["pg-a", "pg-b", "pg-c"]);
    const desc = await readApiJson<ApiUser[]>(
      await owner.getJson(`/fotoweb/api/users?q=pg-&sortdir=desc`),
    );
    expect(desc.map((u) => u.username)).toEqual(["pg-c", "pg-b", "pg-a"]);
    const first = await readApiJson<{
      count: number;
      data: ApiUser[];
      paging: Record<string, string | null>;
    }>(await owner.getJson(`/fotoweb/api/users?q=pg-&n=2`, LIST_TYPE));
    expect(first.count).toBe(3);
    expect(first.data.map((u) => u.username)).toEqual(["pg-a", "pg-b"]);
    expect(first.paging.prev).toBeNull();
    const second = await readApiJson<{ data: ApiUser[]; paging: Record<string, string | null> }>(
      await owner.getJson(first.paging.next!, LIST_TYPE),
    );
    expect(second.data.map((u) => u.username)).toEqual(["pg-c"]);
    expect(second.paging.next).toBeNull();
    expect(second.paging.last).toBe(first.paging.last);
  });

  test("search covers names, e-mail and company; every column sorts", async () => {
    await create("srch1", {
      address: {
        givenName: "Zelda",
        surname: "Quux",
        email: "zq@corp.example",
        organization: "Initech",
      },
    });
    for (const q of ["zelda", "QUUX", "zq@corp", "initech", "srch1"]) {
      const found = await readApiJson<ApiUser[]>(
        await owner.getJson(`/fotoweb/api/users?q=${encodeURIComponent(q)}`),
      );
      expect(
        found.map((u) => u.username),
        q,
      ).toEqual(["srch1"]);
    }
    expect(
      await readApiJson<ApiUser[]>(
        await owner.getJson(`/fotoweb/api/users?q=${encodeURIComponent("%")}`),
      ),
    ).toEqual([]);
    for (const field of [
      "id",
      "username",
      "firstName",
      "lastName",
      "fullName",
      "licenseLevel",
      "company",
      "expires",
      "lastLogin",
      "enabled",
      "email",
    ]) {
      const response = await owner.getJson(`/fotoweb/api/users?sortfield=${field}&sortdir=desc`);
      expect(response.status, field).toBe(200);
    }
  });

  test("one user, a missing one, and the count with its filters", async () => {
    const one = await owner.getJson(`/fotoweb/api/users/${memberId}`);
    expect(one.headers.get("etag")).toMatch(/^"\d+"$/);
    expect((await readApiJson<ApiUser>(one)).username).toBe("member");
    for (const path of [
      `/fotoweb/api/users/999999`,
      `/fotoweb/api/users/abc`,
      `/fotoweb/api/users/-1`,
      `/fotoweb/api/users/99999999999999`,
    ]) {
      expect((await owner.getJson(path)).status, path).toBe(404);
    }
    const total = await readApiJson<{ value: number }>(
      await owner.getJson(`/fotoweb/api/users/count`),
    );
    expect(total.value).toBe((await db().selectFrom("users").select("id").execute()).length);
    // One Pro of this test's own; other tests of the file may have made more.
    const { id: proId } = await createUser({ username: "pro-counted", password: "pro-password-1" });
    await db().updateTable("users").set({ license_level: 85 }).where("id", "=", proId).execute();
    const pros = await db()
      .selectFrom("users")
      .select("id")
      .where("license_level", "=", 85)
      .execute();
    const pro = await readApiJson<{ value: number }>(
      await owner.getJson(`/fotoweb/api/users/count?licenseLevel=Pro`),
    );
    expect(pro.value).toBe(pros.length);
    expect(pro.value).toBeGreaterThanOrEqual(1);
    const sso = await readApiJson<{ value: number }>(
      await owner.getJson(`/fotoweb/api/users/count?isSso=true`),
    );
    expect(sso.value).toBe(0);
    expect((await owner.getJson(`/fotoweb/api/users/count?licenseLevel=Emperor`)).status).toBe(400);
  });
});

describe("update", () => {
  test("PATCH saves only what is sent, trims, and bumps the revision; stale saves are 409", async () => {
    const user = await create("editme");
    const patched = await send(owner, "PATCH", user.href, {
      username: " edited ",
      address: { firstName: "Eddie", streetAddress1: "1 Main St" },
      revision: user.revision,
    });
    expect(patched.status).toBe(204);
    const after = await getUser(user.id);
    expect(after).toMatchObject({
      username: "edited",
      fullName: "Eddie Surname",
      revision: user.revision + 1,
    });
    expect(after.address).toMatchObject({
      givenName: "Eddie",
      surname: "Surname",
      streetAddress: ["1 Main St"],
    });
    const stale = await send(owner, "PATCH", user.href, {
      username: "again",
      revision: user.revision,
    });
    expect(stale.status).toBe(409);
    const staleHeader = await owner.request(user.href, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "if-match": `"${user.revision}"`,
      },
      body: JSON.stringify({ description: "x" }),
    });
    expect(staleHeader.status).toBe(409);
    expect((await getUser(user.id)).username).toBe("edited");
    const blank = await send(owner, "PATCH", user.href, { address: { email: "" }, username: "" });
    expect(blank.status).toBe(400);
    const taken = await send(owner, "PATCH", user.href, { username: "MEMBER" });
    expect(taken.status).toBe(409);
  });

  test("PUT needs the whole record's required fields", async () => {
    const user = await create("putme");
    expect((await send(owner, "PUT", user.href, { username: "putme" })).status).toBe(400);
    const put = await send(owner, "PUT", user.href, newUser("putme2", { description: "replaced" }));
    expect(put.status).toBe(204);
    expect(await getUser(user.id)).toMatchObject({ username: "putme2" });
    expect((await send(owner, "PUT", `/fotoweb/api/users/999999`, newUser("ghost"))).status).toBe(
      404,
    );
  });

  test("enabled, password, properties and external ids", async () => {
    const user = await create("flags", {
      properties: [
        { key: "a", value: "1" },
        { key: "b", value: "2" },
      ],
      account: {
        externalIds: [
          { provider: "3f1c", id: "ext-1" },
          { provider: "9a9a", id: "ext-2" },
        ],
      },
    });
    expect(await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/enabled`))).toEqual(
      { value: true },
    );
    expect(
      (await send(owner, "PUT", `/fotoweb/api/users/${user.id}/enabled`, { value: false })).status,
    ).toBe(204);
    expect(await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/enabled`))).toEqual(
      {
        value: false,
      },
    );
    expect(
      (await send(owner, "PUT", `/fotoweb/api/users/${user.id}/enabled`, { value: "yes" })).status,
    ).toBe(400);
    expect((await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/password`)).status).toBe(
      204,
    );
    expect((await getUser(user.id)).account.hasPassword).toBe(false);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/properties`)),
    ).toEqual([
      { key: "a", value: "1" },
      { key: "b", value: "2" },
    ]);
    expect((await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/properties/a`)).status).toBe(
      204,
    );
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/properties/zzz`)).status,
    ).toBe(404);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/properties`)),
    ).toEqual([{ key: "b", value: "2" }]);
    expect((await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/properties`)).status).toBe(
      204,
    );
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/properties`)),
    ).toEqual([]);
    expect(
      (
        await readApiJson<unknown[]>(
          await owner.getJson(`/fotoweb/api/users/${user.id}/external-ids`),
        )
      ).length,
    ).toBe(2);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/external-ids/3f1c`)).status,
    ).toBe(204);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/external-ids/nope`)).status,
    ).toBe(404);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/external-ids`)),
    ).toEqual([{ provider: "9a9a", id: "ext-2" }]);
    expect((await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/external-ids`)).status).toBe(
      204,
    );
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/external-ids`)),
    ).toEqual([]);
  });

  test("the guest cannot become an account; the site owner cannot be disabled", async () => {
    const guest = `/fotoweb/api/users/${GUEST_USER_ID}`;
    for (const [method, path, body] of [
      ["PATCH", guest, { account: { password: "guest-password-1" } }],
      ["PUT", `${guest}/enabled`, { value: false }],
      ["DELETE", `${guest}/password`, undefined],
      ["PATCH", guest, { license: { level: "Pro" } }],
      ["DELETE", guest, undefined],
      ["PUT", `/fotoweb/api/users/${ownerId}/enabled`, { value: false }],
      ["PATCH", `/fotoweb/api/users/${ownerId}`, { account: { expires: "2020-01-01" } }],
      ["DELETE", `/fotoweb/api/users/${ownerId}`, undefined],
    ] as const) {
      const response = await send(owner, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const guestRow = await userRow(GUEST_USER_ID);
    expect(guestRow).toMatchObject({ is_enabled: 1, password_hash: null });
    expect((await userRow(ownerId))!.is_enabled).toBe(1);
    // Its names may change: what visitors see of it is not an account.
    expect((await send(owner, "PATCH", guest, { description: "Every visitor" })).status).toBe(204);
  });
});

describe("a manager who is not the site owner", () => {
  test("manages ordinary people but never the site owner, a stronger admin, or their own rights", async () => {
    const user = await create("managed");
    expect((await send(manager, "PATCH", user.href, { description: "by manager" })).status).toBe(
      204,
    );
    const self = await readApiJson<ApiUser>(
      await manager.getJson(`/fotoweb/api/users/${managerId}`),
    );
    expect(self.actions).toMatchObject({
      update: true,
      updateMemberships: false,
      updateLicense: false,
      delete: false,
      setNewSiteOwner: false,
    });
    for (const [method, path, body] of [
      ["PATCH", `/fotoweb/api/users/${ownerId}`, { description: "mine now" }],
      ["PATCH", `/fotoweb/api/users/${ownerId}`, { account: { password: "taken-over-1" } }],
      ["PATCH", `/fotoweb/api/users/${bossId}`, { account: { password: "taken-over-1" } }],
      ["DELETE", `/fotoweb/api/users/${bossId}`, undefined],
      ["PUT", "/fotoweb/api/site-owner", { user: `/fotoweb/api/users/${managerId}` }],
      ["PUT", `/fotoweb/api/users/${managerId}/member-of`, { groups: [plainGroup] }],
      ["PATCH", `/fotoweb/api/users/${managerId}`, { license: { level: "Pro" } }],
      ["PUT", `/fotoweb/api/users/${user.id}/member-of`, { groups: [adminsGroup] }],
    ] as const) {
      const response = await send(manager, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    // Read-only keys are ignored, so no body makes anyone the site owner.
    const sneaky = await send(manager, "PATCH", `/fotoweb/api/users/${managerId}`, {
      permissions: { isSiteOwner: true },
      isSiteOwner: true,
      description: "just me",
    });
    expect(sneaky.status).toBe(204);
    expect((await userRow(ownerId))!.is_site_owner).toBe(1);
    expect((await userRow(managerId))!.is_site_owner).toBe(0);
    // What they hold themselves, they may give.
    expect(
      (
        await send(manager, "PUT", `/fotoweb/api/users/${user.id}/member-of`, {
          groups: [managersGroup],
        })
      ).status,
    ).toBe(204);
    const rows = await manager.getJson(`/fotoweb/api/users?q=boss`);
    const [boss] = await readApiJson<ApiUser[]>(rows);
    expect(boss!.actions).toMatchObject({ update: false, delete: false, updatePassword: false });
  });
});

describe("memberships", () => {
  test("read, replace, add, remove, count, and the recursive view", async () => {
    const user = await create("joiner");
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/member-of`)),
    ).toEqual([]);
    expect(
      (
        await send(owner, "PUT", `/fotoweb/api/users/${user.id}/member-of`, {
          groups: [plainGroup, REGISTERED_USERS_GROUP_ID],
        })
      ).status,
    ).toBe(204);
    const direct = await readApiJson<{ id: number; name: string }[]>(
      await owner.getJson(`/fotoweb/api/users/${user.id}/member-of`),
    );
    expect(direct.map((g) => g.name)).toEqual(["Photographers"]);
    expect(
      (
        await send(owner, "POST", `/fotoweb/api/users/${user.id}/member-of`, {
          groups: [managersGroup],
        })
      ).status,
    ).toBe(204);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/member-of/count`)),
    ).toEqual({
      value: 2,
    });
    const all = await readApiJson<{ id: number }[]>(
      await owner.getJson(`/fotoweb/api/users/${user.id}/member-of-recursive`),
    );
    expect(all.map((g) => g.id)).toEqual(
      expect.arrayContaining([plainGroup, managersGroup, 10000, 10001]),
    );
    expect(
      await readApiJson(
        await owner.getJson(`/fotoweb/api/users/${user.id}/member-of-recursive/count`),
      ),
    ).toEqual({ value: 4 });
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/member-of/${plainGroup}`)).status,
    ).toBe(204);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/member-of/10001`)).status,
    ).toBe(409);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/member-of/abc`)).status,
    ).toBe(404);
    expect(
      (await send(owner, "PUT", `/fotoweb/api/users/${user.id}/member-of`, { groups: [987654] }))
        .status,
    ).toBe(400);
    expect(
      (await send(owner, "PUT", `/fotoweb/api/users/${user.id}/member-of`, { groups: "all" }))
        .status,
    ).toBe(400);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/member-of/count`)),
    ).toEqual({
      value: 1,
    });
    expect((await send(owner, "DELETE", `/fotoweb/api/users/${user.id}/member-of`)).status).toBe(
      204,
    );
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/users/${user.id}/member-of`)),
    ).toEqual([]);
    // Registered Users still holds them: it is implicit.
    expect(
      await readApiJson(
        await owner.getJson(`/fotoweb/api/users/${user.id}/member-of-recursive/count`),
      ),
    ).toEqual({ value: 2 });
  });
});

describe("bulk, delete, device tokens", () => {
  test("bulk PATCH changes only the users the flags open, and refuses other fields", async () => {
    const a = await create("bulk-a");
    const b = await create("bulk-b");
    const users = [
      a.href,
      b.href,
      `/fotoweb/api/users/${ownerId}`,
      `/fotoweb/api/users/${GUEST_USER_ID}`,
    ];
    expect((await send(owner, "PATCH", API, { data: { company: "Bulkco" }, users })).status).toBe(
      204,
    );
    expect((await getUser(a.id)).company).toBe("Bulkco");
    expect((await getUser(b.id)).company).toBe("Bulkco");
    // The guest's names and company may change (update), never its access or license.
    expect((await userRow(GUEST_USER_ID))!.organization).toBe("Bulkco");
    expect((await userRow(GUEST_USER_ID))!.license_level).toBe(35);
    const license = await send(owner, "PATCH", API, {
      data: { license: { level: "Editor" } },
      users,
    });
    expect(license.status).toBe(204);
    expect((await getUser(a.id)).license).toEqual({ level: "Editor", mode: "Named" });
    expect((await userRow(ownerId))!.license_level).toBe(75);
    expect(
      (
        await send(owner, "PATCH", API, {
          data: { account: { isEnabled: false, expires: "2030-01-31" } },
          users,
        })
      ).status,
    ).toBe(204);
    expect((await getUser(b.id)).account).toMatchObject({
      isEnabled: false,
      expires: "2030-01-31T23:59:59.000Z",
    });
    expect((await userRow(ownerId))!.is_enabled).toBe(1);
    expect((await userRow(GUEST_USER_ID))!.is_enabled).toBe(1);
    for (const body of [
      { data: { username: "same" }, users },
      { data: {}, users },
      { data: { company: "x" }, users: [] },
      { data: { company: "x" }, users: ["/etc/passwd"] },
      {
        data: { company: "x" },
        users: Array.from({ length: 1001 }, (_, i) => `/fotoweb/api/users/${i + 1}`),
      },
      { users },
    ]) {
      const response = await send(owner, "PATCH", API, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  test("DELETE one and bulk DELETE, never the owner or the guest", async () => {
    const one = await create("del-one");
    expect((await send(owner, "DELETE", one.href)).status).toBe(204);
    expect((await owner.getJson(one.href)).status).toBe(404);
    expect((await send(owner, "DELETE", one.href)).status).toBe(404);
    const a = await create("del-a");
    const b = await create("del-b");
    const bulk = await send(owner, "DELETE", API, {
      users: [
        a.href,
        b.href,
        `/fotoweb/api/users/${ownerId}`,
        `/fotoweb/api/users/${GUEST_USER_ID}`,
        `/fotoweb/api/users/999999`,
      ],
    });
    expect(bulk.status).toBe(204);
    expect(await userRow(a.id)).toBeUndefined();
    expect(await userRow(b.id)).toBeUndefined();
    expect(await userRow(ownerId)).toBeDefined();
    expect(await userRow(GUEST_USER_ID)).toBeDefined();
    expect((await send(owner, "DELETE", API, { users: "nope" })).status).toBe(400);
  });

  test("resetting device tokens revokes credentials and ends sessions", async () => {
    await createUser({ username: "device", password: "device-password-1" });
    const device = new Client(server.url);
    await device.signIn("device", "device-password-1");
    const id = (
      await db()
        .selectFrom("users")
        .select("id")
        .where("username", "=", "device")
        .executeTakeFirstOrThrow()
    ).id;
    const { id: appId } = await db()
      .insertInto("applications")
      .values({ client_id: "c".repeat(32), name: "Phone", secret_hash: "x", created_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("oauth_credentials")
      .values({
        hash: "h".repeat(64),
        kind: "refresh",
        application_id: appId,
        user_id: id,
        created_at: now(),
      })
      .execute();
    const user = await getUser(id);
    expect((await send(owner, "DELETE", user.deviceTokensHref)).status).toBe(204);
    expect(
      await db().selectFrom("oauth_credentials").select("hash").where("user_id", "=", id).execute(),
    ).toEqual([]);
    expect((await device.get("/fotoweb/views/change-password")).status).toBe(302);
    expect(
      (
        await owner.request(user.deviceTokensHref, {
          method: "GET",
          headers: { accept: "application/json" },
        })
      ).status,
    ).toBe(405);
  });

  test("methods not offered are 405 with Allow", async () => {
    const response = await owner.request(`/fotoweb/api/users/count`, {
      method: "DELETE",
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
    const put = await owner.request(API, {
      method: "PUT",
      headers: { accept: "application/json" },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST, PATCH, DELETE");
  });
});

describe("the site owner", () => {
  test("hands the site over and loses it; the new owner may hand it back", async () => {
    const heir = await create("heir", {
      account: { password: "heir-password-1", confirmPassword: "heir-password-1", externalIds: [] },
    });
    for (const body of [{ user: "nope" }, {}, { user: `/fotoweb/api/users/${GUEST_USER_ID}` }]) {
      const response = await send(owner, "PUT", "/fotoweb/api/site-owner", body);
      expect([400, 403], JSON.stringify(body)).toContain(response.status);
    }
    expect(
      (await send(owner, "PUT", "/fotoweb/api/site-owner", { user: `/fotoweb/api/users/999999` }))
        .status,
    ).toBe(404);
    expect((await send(owner, "PUT", "/fotoweb/api/site-owner", { user: heir.href })).status).toBe(
      204,
    );
    expect((await userRow(heir.id))!.is_site_owner).toBe(1);
    expect((await userRow(ownerId))!.is_site_owner).toBe(0);
    // The old owner held manageUsers only as the owner: the area is gone for them.
    expect((await owner.getJson(API)).status).toBe(404);
    const newOwner = new Client(server.url);
    await newOwner.signIn("heir", "heir-password-1");
    expect((await send(newOwner, "DELETE", heir.href)).status).toBe(403);
    expect(
      (
        await send(newOwner, "PUT", "/fotoweb/api/site-owner", {
          user: `/fotoweb/api/users/${ownerId}`,
        })
      ).status,
    ).toBe(204);
    expect((await userRow(ownerId))!.is_site_owner).toBe(1);
    expect((await owner.getJson(API)).status).toBe(200);
  });
});

describe("names with hidden characters (issue 29, decision 070)", () => {
  test("a NUL or a direction override in a user's names is 400 and stores nothing", async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("users")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const hostile: [string, Record<string, unknown>][] = [
      [
        "given name NUL",
        newUser("nul-given", {
          address: { givenName: "Ann\u0000", surname: "S", email: "a@example.com" },
        }),
      ],
      [
        "surname override",
        newUser("bidi-surname", {
          address: { givenName: "Ann", surname: "S\u202Egpj", email: "b@example.com" },
        }),
      ],
      ["user name NUL", newUser("nul\u0000name")],
    ];
    for (const [what, body] of hostile) {
      const response = await send(owner, "POST", API, body);
      expect(response.status, what).toBe(400);
      await readApiJson(response);
    }
    expect(await count()).toBe(before);
  });
});
