import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The groups API (the reference's Group Management, decision 035): every operation as the
 * reference shapes it (the contract helper checks each JSON answer), every refusal (400, 404,
 * 409 exists, 409 circular for members and for member-of), hostile input that changes nothing,
 * and the area answering as absent to anyone without manageUsers.
 */

const API = "/fotoweb/api/groups";

let server: TestServer;
let owner: Client;
let member: Client;
let manager: Client;
let memberId: number;
let managerId: number;

interface GroupJson {
  id: number;
  href: string;
  name: string;
  description: string;
  revision: number;
  isBuiltIn: boolean;
  license: { level: string; mode: string };
  permissions: Record<string, unknown> & { albums: Record<string, boolean> };
  properties: { key: string; value: string }[];
  externalIds: { provider: string; id: string }[];
  actions: Record<string, boolean>;
  userMembersHref: string;
}

const send = (client: Client, method: string, path: string, body?: unknown, type?: string) =>
  client.request(path, {
    method,
    headers: {
      accept: "application/json",
      ...(body !== undefined ? { "content-type": type ?? "application/json" } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

async function create(body: object): Promise<GroupJson> {
  const response = await send(owner, "POST", API, body);
  expect(response.status).toBe(200);
  return readApiJson<GroupJson>(response, { method: "POST" });
}

const storedGroups = async () =>
  (await db().selectFrom("groups").select(["id", "name", "revision"]).orderBy("id").execute()).map(
    (g) => `${g.id}:${g.name}:${g.revision}`,
  );

beforeAll(async () => {
  server = await startTestServer();
  memberId = (await createUser({ username: "member", password: "member-password-1" })).id;
  managerId = (await createUser({ username: "manager", password: "manager-password-1" })).id;
  const { id: managers } = await db()
    .insertInto("groups")
    .values({
      name: "People managers",
      created_at: now(),
      permissions: JSON.stringify({ manageUsers: true }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db()
    .insertInto("group_members")
    .values({ group_id: managers, user_id: managerId })
    .execute();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
  manager = new Client(server.url);
  await manager.signIn("manager", "manager-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the group itself", () => {
  test("creates with the name trimmed, reads, lists, counts and finds by search", async () => {
    const created = await create({
      name: "  Photographers ",
      description: " Staff ",
      license: { level: "Contributor", mode: "Concurrent" },
      permissions: { albums: { create: true }, manageFlows: true },
      properties: [
        { key: "team", value: "north" },
        { key: "", value: "dropped" },
        { key: "dropped too", value: " " },
      ],
      externalIds: [{ provider: "azure", id: "abc" }],
    });
    expect(created).toMatchObject({
      name: "Photographers",
      description: "Staff",
      license: { level: "Contributor", mode: "Concurrent" },
      properties: [{ key: "team", value: "north" }],
      externalIds: [{ provider: "azure", id: "abc" }],
      isBuiltIn: false,
      revision: 1,
      actions: { delete: true, update: true, updateMembers: true, updateMemberships: true },
    });
    // Managing flows needs viewing them: the server turns it on.
    expect(created.permissions).toMatchObject({ manageFlows: true, viewFlows: true });
    const read = await readApiJson<GroupJson>(await owner.getJson(created.href));
    expect(read).toEqual(created);
    const list = await readApiJson<GroupJson[]>(await owner.getJson(`/fotoweb/api/groups?q=photo`));
    expect(list.map((g) => g.name)).toEqual(["Photographers"]);
    const all = await readApiJson<GroupJson[]>(await owner.getJson(API));
    expect(all.map((g) => g.id)).toEqual(expect.arrayContaining([EVERYONE_GROUP_ID, created.id]));
    const count = await readApiJson<{ value: number }>(
      await owner.getJson(`/fotoweb/api/groups/count`),
    );
    expect(count.value).toBe(all.length);
  });

  test("the spec's paged list answers count, data and paging links", async () => {
    const response = await owner.getJson(
      `/fotoweb/api/groups?sortfield=id&sortdir=desc`,
      "application/vnd.fotoware.group-list+json",
    );
    const body = await readApiJson<{ count: number; data: GroupJson[]; paging: object }>(response);
    expect(body.data[0]!.id).toBeGreaterThan(body.data.at(-1)!.id);
    expect(body.count).toBe(body.data.length);
    expect(body.paging).toMatchObject({
      first: `/fotoweb/api/groups?sortfield=id&sortdir=desc`,
      prev: null,
      next: null,
    });
  });

  test("a name already taken, ignoring case, is 409 and stores nothing", async () => {
    await create({ name: "Taken Name" });
    const before = await storedGroups();
    const response = await send(owner, "POST", API, { name: "TAKEN NAME" });
    expect(response.status).toBe(409);
    expect((await readApiJson<{ value: string }>(response)).value).toBe("group already exists");
    expect(await storedGroups()).toEqual(before);
  });

  test("bad input is 400 with every field's message, and stores nothing", async () => {
    const before = await storedGroups();
    for (const body of [
      { name: "   " },
      { name: "x".repeat(101) },
      { name: "A", license: { level: "Emperor" } },
      { name: "A", permissions: { rootAccess: true } },
      { name: "A", permissions: { albums: { create: "yes" } } },
      { name: 5 },
      { name: "A", properties: "team=north" },
      { name: "A", externalIds: [{ provider: "", id: "" }] },
    ]) {
      const response = await send(owner, "POST", API, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const reply = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
      expect(Object.keys(reply.fieldErrors).length).toBeGreaterThan(0);
    }
    const many = await send(owner, "POST", API, { name: " ", license: { mode: "Shared" } });
    const reply = await readApiJson<{ fieldErrors: Record<string, string> }>(many);
    expect(reply.fieldErrors).toMatchObject({
      name: "Name is a required field.",
      "license.mode": expect.stringContaining("Named or Concurrent"),
    });
    for (const raw of ["{", "[]", "null"]) {
      const response = await send(owner, "POST", API, raw);
      expect(response.status).toBe(400);
    }
    expect((await send(owner, "POST", API, "name=A", "text/plain")).status).toBe(415);
    expect((await send(owner, "POST", API, {})).status).toBe(400);
    expect(await storedGroups()).toEqual(before);
  });

  test("PATCH changes only the fields given, PUT replaces, a stale revision is 409", async () => {
    const group = await create({
      name: "Editors",
      description: "keep",
      permissions: { api: true },
    });
    const patch = await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, {
      name: " Desk editors ",
      permissions: { albums: { shareWithUsers: true, delegateDownloads: true } },
      revision: group.revision,
    });
    expect(patch.status).toBe(200);
    const patched = await readApiJson<GroupJson>(patch, { method: "PATCH" });
    expect(patched).toMatchObject({ name: "Desk editors", description: "keep", revision: 2 });
    expect(patched.permissions).toMatchObject({ api: true });
    expect(patched.permissions.albums).toMatchObject({
      shareWithUsers: true,
      delegateDownloads: true,
    });
    // Turning sharing off takes the download delegation and friends restriction with it.
    const off = await readApiJson<GroupJson>(
      await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, {
        permissions: { albums: { shareWithUsers: false, restrictToFriends: true } },
      }),
      { method: "PATCH" },
    );
    expect(off.permissions.albums).toMatchObject({
      delegateDownloads: false,
      restrictToFriends: false,
    });
    const stale = await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, {
      name: "Late",
      revision: 1,
    });
    expect(stale.status).toBe(409);
    const put = await send(owner, "PUT", `/fotoweb/api/groups/${group.id}`, {
      name: "Editors",
      license: { level: "Pro" },
      permissions: { viewFlows: true },
      properties: [],
      externalIds: [],
    });
    expect(put.status).toBe(204);
    const replaced = await readApiJson<GroupJson>(
      await owner.getJson(`/fotoweb/api/groups/${group.id}`),
    );
    expect(replaced).toMatchObject({ name: "Editors", description: "", license: { level: "Pro" } });
    expect(replaced.permissions).toMatchObject({ api: false, viewFlows: true });
    expect(
      (await send(owner, "PUT", `/fotoweb/api/groups/${group.id}`, { description: "no name" }))
        .status,
    ).toBe(400);
    // Another group's name is taken.
    expect(
      (await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, { name: "photographers" }))
        .status,
    ).toBe(409);
  });

  test("turning viewFlows off turns manageFlows off", async () => {
    const group = await create({ name: "Flow people", permissions: { manageFlows: true } });
    const changed = await readApiJson<GroupJson>(
      await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, {
        permissions: { viewFlows: false },
      }),
      { method: "PATCH" },
    );
    expect(changed.permissions).toMatchObject({ viewFlows: false, manageFlows: false });
  });

  test("properties and external ids are read and removed one by one or all", async () => {
    const group = await create({
      name: "Tagged",
      properties: [
        { key: "a", value: "1" },
        { key: "b", value: "2" },
      ],
      externalIds: [
        { provider: "p1", id: "x" },
        { provider: "p2", id: "y" },
      ],
    });
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/properties`)),
    ).toEqual([
      { key: "a", value: "1" },
      { key: "b", value: "2" },
    ]);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/groups/${group.id}/properties/a`)).status,
    ).toBe(204);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/properties`)),
    ).toEqual([{ key: "b", value: "2" }]);
    expect((await send(owner, "DELETE", `/fotoweb/api/groups/${group.id}/properties`)).status).toBe(
      204,
    );
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/properties`)),
    ).toEqual([]);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/groups/${group.id}/external-ids/p1`)).status,
    ).toBe(204);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/external-ids`)),
    ).toEqual([{ provider: "p2", id: "y" }]);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/groups/${group.id}/external-ids`)).status,
    ).toBe(204);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/external-ids`)),
    ).toEqual([]);
  });

  test("deletes a group with its memberships; the built-in groups never", async () => {
    const group = await create({ name: "Short-lived" });
    await send(owner, "POST", `/fotoweb/api/groups/${group.id}/users`, { users: [memberId] });
    expect((await send(owner, "DELETE", `/fotoweb/api/groups/${group.id}`)).status).toBe(204);
    expect((await owner.getJson(`/fotoweb/api/groups/${group.id}`)).status).toBe(404);
    expect((await send(owner, "DELETE", `/fotoweb/api/groups/${group.id}`)).status).toBe(404);
    const left = await db()
      .selectFrom("group_members")
      .select("user_id")
      .where("group_id", "=", group.id)
      .execute();
    expect(left).toEqual([]);
    for (const id of [EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]) {
      const response = await send(owner, "DELETE", `/fotoweb/api/groups/${id}`);
      expect(response.status).toBe(403);
      const built = await readApiJson<GroupJson>(await owner.getJson(`/fotoweb/api/groups/${id}`));
      expect(built).toMatchObject({ isBuiltIn: true, actions: { delete: false, update: true } });
    }
  });

  test("unknown and malformed ids are 404; wrong methods 405", async () => {
    for (const path of [
      `/fotoweb/api/groups/999999`,
      `/fotoweb/api/groups/abc`,
      `/fotoweb/api/groups/-1`,
      `/fotoweb/api/groups/1e3/users`,
    ]) {
      expect((await owner.getJson(path)).status, path).toBe(404);
    }
    expect((await send(owner, "PATCH", `/fotoweb/api/groups/999999`, { name: "x" })).status).toBe(
      404,
    );
    expect((await send(owner, "DELETE", API)).status).toBe(405);
    expect((await send(owner, "POST", `/fotoweb/api/groups/count`)).status).toBe(405);
  });
});

describe("hostile input", () => {
  test("markup in a name is stored as text and shown escaped; read-only fields are ignored", async () => {
    const name = '<img src=x onerror="alert(1)">';
    const group = await create({ name, id: 1, isBuiltIn: true, revision: 99, created: "x" });
    expect(group).toMatchObject({ name, isBuiltIn: false, revision: 1 });
    expect(group.id).toBeGreaterThan(REGISTERED_USERS_GROUP_ID);
    const html = await (await owner.get("/fotoweb/views/admin/groups?q=onerror")).text();
    expect(html).not.toContain(name);
    expect(html).toContain("&lt;img src=x onerror=");
  });

  test("oversized lists, huge ids and odd bodies are 4xx and change nothing", async () => {
    const group = await create({ name: "Target" });
    const before = await storedGroups();
    const many = Array.from({ length: 10_001 }, (_, i) => i + 1);
    expect(
      (await send(owner, "POST", `/fotoweb/api/groups/${group.id}/users`, { users: many })).status,
    ).toBe(400);
    const rows = Array.from({ length: 101 }, (_, i) => ({ key: `k${i}`, value: "v" }));
    expect(
      (await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, { properties: rows })).status,
    ).toBe(400);
    for (const path of [
      "/fotoweb/api/groups/99999999999999999999",
      "/fotoweb/api/groups/0",
      "/fotoweb/api/groups/%00",
    ])
      expect((await owner.getJson(path)).status, path).toBe(404);
    expect((await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, [1, 2])).status).toBe(
      400,
    );
    expect(
      (await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}`, { name: ["a"] })).status,
    ).toBe(400);
    expect(
      (
        await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}/users`, {
          add: [1],
          remove: "x",
        })
      ).status,
    ).toBe(400);
    expect(
      (await send(owner, "POST", `/fotoweb/api/groups/${group.id}/member-of`, { groups: [-5] }))
        .status,
    ).toBe(400);
    expect(await storedGroups()).toEqual(before);
  });
});

describe("members and member-of", () => {
  test("users are added and removed by id lists, by the difference, and one by one", async () => {
    const group = await create({ name: "Crew" });
    expect(
      (await send(owner, "POST", `/fotoweb/api/groups/${group.id}/users`, { users: [memberId] }))
        .status,
    ).toBe(204);
    const users = await readApiJson<{ id: number; username: string }[]>(
      await owner.getJson(`/fotoweb/api/groups/${group.id}/users`),
    );
    expect(users.map((u) => u.username)).toEqual(["member"]);
    expect(
      await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/users/count`)),
    ).toEqual({
      value: 1,
    });
    const patch = await send(
      owner,
      "PATCH",
      `/fotoweb/api/groups/${group.id}/users`,
      { add: [`/fotoweb/api/users/${managerId}`], remove: [`/fotoweb/api/users/${memberId}`] },
      "application/vnd.fotoware.user-list-update+json",
    );
    expect(patch.status).toBe(204);
    const after = await readApiJson<{ id: number }[]>(
      await owner.getJson(`/fotoweb/api/groups/${group.id}/users`),
    );
    expect(after.map((u) => u.id)).toEqual([managerId]);
    expect(
      (await send(owner, "PUT", `/fotoweb/api/groups/${group.id}/users`, { users: [memberId] }))
        .status,
    ).toBe(204);
    expect(
      (
        await readApiJson<{ id: number }[]>(
          await owner.getJson(`/fotoweb/api/groups/${group.id}/users`),
        )
      ).map((u) => u.id),
    ).toEqual([memberId]);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/groups/${group.id}/users/${memberId}`)).status,
    ).toBe(204);
    expect(await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/users`))).toEqual(
      [],
    );
    // The guest and unknown users are refused, and nothing changes.
    for (const users of [[GUEST_USER_ID], [987654]]) {
      const response = await send(owner, "POST", `/fotoweb/api/groups/${group.id}/users`, {
        users,
      });
      expect(response.status).toBe(400);
    }
    for (const body of [{ users: ["x"] }, { people: [1] }, { add: "x" }]) {
      const response = await send(owner, "POST", `/fotoweb/api/groups/${group.id}/users`, body);
      expect(response.status).toBe(400);
    }
    const badHref = await send(owner, "PATCH", `/fotoweb/api/groups/${group.id}/users`, {
      add: ["/fotoweb/x"],
    });
    expect(badHref.status).toBe(400);
    expect(await readApiJson(await owner.getJson(`/fotoweb/api/groups/${group.id}/users`))).toEqual(
      [],
    );
  });

  test("groups inside groups: direct and recursive lists and counts, member-of", async () => {
    const outer = await create({ name: "Outer" });
    const middle = await create({ name: "Middle" });
    const inner = await create({ name: "Inner" });
    await send(owner, "POST", `/fotoweb/api/groups/${outer.id}/groups`, { groups: [middle.id] });
    expect(
      (
        await send(owner, "PUT", `/fotoweb/api/groups/${inner.id}/member-of`, {
          groups: [middle.id],
        })
      ).status,
    ).toBe(204);
    await send(owner, "POST", `/fotoweb/api/groups/${inner.id}/users`, { users: [memberId] });
    const names = async (path: string) =>
      (await readApiJson<{ name?: string; username?: string }[]>(await owner.getJson(path))).map(
        (g) => g.name ?? g.username,
      );
    expect(await names(`/fotoweb/api/groups/${outer.id}/groups`)).toEqual(["Middle"]);
    expect(await names(`/fotoweb/api/groups/${outer.id}/groups-recursive`)).toEqual([
      "Inner",
      "Middle",
    ]);
    expect(await names(`/fotoweb/api/groups/${outer.id}/users`)).toEqual([]);
    expect(await names(`/fotoweb/api/groups/${outer.id}/users-recursive`)).toEqual(["member"]);
    expect(await names(`/fotoweb/api/groups/${inner.id}/member-of`)).toEqual(["Middle"]);
    expect(await names(`/fotoweb/api/groups/${inner.id}/member-of-recursive`)).toEqual([
      "Middle",
      "Outer",
    ]);
    for (const [path, value] of [
      [`/fotoweb/api/groups/${outer.id}/groups/count`, 1],
      [`/fotoweb/api/groups/${outer.id}/groups-recursive/count`, 2],
      [`/fotoweb/api/groups/${outer.id}/users-recursive/count`, 1],
      [`/fotoweb/api/groups/${inner.id}/member-of/count`, 1],
      [`/fotoweb/api/groups/${inner.id}/member-of-recursive/count`, 2],
      [`/fotoweb/api/groups/${outer.id}/users/count`, 0],
    ] as const)
      expect(await readApiJson(await owner.getJson(path)), path).toEqual({ value });

    // Circular: the outer group cannot go inside the inner one, either way round.
    const members = await send(owner, "POST", `/fotoweb/api/groups/${inner.id}/groups`, {
      groups: [outer.id],
    });
    expect(members.status).toBe(409);
    expect((await readApiJson<{ value: string }>(members)).value).toMatch(
      /^circular group members/,
    );
    const memberOf = await send(owner, "POST", `/fotoweb/api/groups/${outer.id}/member-of`, {
      groups: [inner.id],
    });
    expect(memberOf.status).toBe(409);
    expect((await readApiJson<{ value: string }>(memberOf)).value).toMatch(/^circular member-of/);
    const itself = await send(owner, "PATCH", `/fotoweb/api/groups/${outer.id}/groups`, {
      add: [`/fotoweb/api/groups/${outer.id}`],
    });
    expect(itself.status).toBe(409);
    expect(await names(`/fotoweb/api/groups/${outer.id}/groups`)).toEqual(["Middle"]);

    // The built-in groups are never member-of choices and have no member lists to change.
    expect(
      (
        await send(owner, "POST", `/fotoweb/api/groups/${inner.id}/member-of`, {
          groups: [EVERYONE_GROUP_ID],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send(owner, "POST", `/fotoweb/api/groups/${EVERYONE_GROUP_ID}/users`, {
          users: [memberId],
        })
      ).status,
    ).toBe(403);
    const everyoneUsers = await names(`/fotoweb/api/groups/${EVERYONE_GROUP_ID}/users`);
    expect(everyoneUsers).toEqual(expect.arrayContaining(["member", "Guest"]));
    expect(await names(`/fotoweb/api/groups/${REGISTERED_USERS_GROUP_ID}/users`)).not.toContain(
      "Guest",
    );

    // members: PUT replaces users and groups at once, DELETE empties both.
    expect(
      (
        await send(owner, "PUT", `/fotoweb/api/groups/${outer.id}/members`, {
          users: [managerId],
          groups: [],
        })
      ).status,
    ).toBe(204);
    expect(await names(`/fotoweb/api/groups/${outer.id}/groups`)).toEqual([]);
    expect(await names(`/fotoweb/api/groups/${outer.id}/users`)).toEqual(["manager"]);
    expect((await send(owner, "DELETE", `/fotoweb/api/groups/${outer.id}/members`)).status).toBe(
      204,
    );
    expect(await names(`/fotoweb/api/groups/${outer.id}/users`)).toEqual([]);
    expect(
      (await send(owner, "DELETE", `/fotoweb/api/groups/${inner.id}/member-of/${middle.id}`))
        .status,
    ).toBe(204);
    expect(await names(`/fotoweb/api/groups/${inner.id}/member-of`)).toEqual([]);
    await send(owner, "POST", `/fotoweb/api/groups/${inner.id}/member-of`, { groups: [middle.id] });
    expect((await send(owner, "DELETE", `/fotoweb/api/groups/${inner.id}/member-of`)).status).toBe(
      204,
    );
    expect(await names(`/fotoweb/api/groups/${inner.id}/member-of`)).toEqual([]);
  });
});

describe("who may", () => {
  test("without manageUsers the area answers as an address without a resource", async () => {
    // Someone no other test puts in a group: "member" may hold rights by then.
    await createUser({ username: "bystander", password: "bystander-password-1" });
    const bystander = new Client(server.url);
    await bystander.signIn("bystander", "bystander-password-1");
    const group = (await readApiJson<GroupJson[]>(await owner.getJson(API)))[0]!;
    const absent = await readApiJson<{ value: string }>(
      await bystander.getJson("/fotoweb/api/nope"),
    );
    for (const [method, path, body] of [
      ["GET", API, undefined],
      ["GET", `/fotoweb/api/groups/count`, undefined],
      ["POST", API, { name: "Mine" }],
      ["GET", `/fotoweb/api/groups/${group.id}`, undefined],
      ["GET", `/fotoweb/api/groups/999999`, undefined],
      ["PATCH", `/fotoweb/api/groups/${group.id}`, { name: "Mine" }],
      ["DELETE", `/fotoweb/api/groups/${group.id}`, undefined],
      ["GET", `/fotoweb/api/groups/${group.id}/users`, undefined],
      ["POST", `/fotoweb/api/groups/${group.id}/users`, { users: [memberId] }],
    ] as const) {
      const response = await send(bystander, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await readApiJson<{ value: string }>(response)).value).toBe(absent.value);
    }
    const anonymous = new Client(server.url);
    expect((await anonymous.getJson(API)).status).toBe(401);
  });

  test("a manager who is not the site owner cannot give what they do not hold", async () => {
    const created = await send(manager, "POST", API, {
      name: "Admins",
      permissions: { manageSettings: true },
    });
    expect(created.status).toBe(403);
    const plain = await readApiJson<GroupJson>(
      await send(manager, "POST", API, {
        name: "Plain managed",
        permissions: { manageUsers: true },
      }),
      { method: "POST" },
    );
    const owners = await create({ name: "Settings people", permissions: { manageSettings: true } });
    const joining = await send(manager, "POST", `/fotoweb/api/groups/${owners.id}/users`, {
      users: [managerId],
    });
    expect(joining.status).toBe(403);
    const nesting = await send(manager, "POST", `/fotoweb/api/groups/${plain.id}/member-of`, {
      groups: [owners.id],
    });
    expect(nesting.status).toBe(403);
    expect(
      (await send(manager, "POST", `/fotoweb/api/groups/${plain.id}/users`, { users: [memberId] }))
        .status,
    ).toBe(204);
  });
});

describe("names with hidden characters (issue 29, decision 070)", () => {
  test("a NUL, a control or a direction override in a name is 400 and stores nothing", async () => {
    const before = await storedGroups();
    for (const name of [
      "Press\u0000room",
      "Press\u0085room",
      "Press\u202Emoor",
      "Press\u2066room",
    ]) {
      const response = await send(owner, "POST", API, { name });
      expect(response.status, JSON.stringify(name)).toBe(400);
      const body = await readApiJson<{ fieldErrors?: Record<string, string> }>(response);
      expect(body.fieldErrors?.name, JSON.stringify(name)).toMatch(/control characters/);
    }
    expect(await storedGroups()).toEqual(before);
  });
});
