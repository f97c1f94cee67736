import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The people directory (spec 001 section 7, decision 039): GET /fotoweb/api/users/public/all and
 * /groups/public/all, their search, sorting and paging, the leave-out options, hostile input, and
 * who may ask (archive managers, people managers, album sharers; 404 to anyone else, 401 signed out).
 */

const USERS = "/fotoweb/api/users/public/all";
const GROUPS = "/fotoweb/api/groups/public/all";

interface Paging {
  count: number;
  first: string;
  prev: string | null;
  next: string | null;
  last: string;
}
interface UserRow {
  id: number;
  displayName: string;
  organization: string;
  description: string;
}
interface GroupRow {
  id: number;
  displayName: string;
  description: string;
}
interface Page<T> {
  data: T[];
  paging: Paging;
}

let server: TestServer;
let owner: Client;
let archivist: Client;
let peopleManager: Client;
let sharer: Client;
let plain: Client;

async function groupWith(name: string, permissions: object, userIds: number[]) {
  const { id } = await db()
    .insertInto("groups")
    .values({
      name,
      description: `${name} group`,
      created_at: now(),
      permissions: JSON.stringify(permissions),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const userId of userIds)
    await db().insertInto("group_members").values({ group_id: id, user_id: userId }).execute();
  return id;
}

async function signedIn(username: string) {
  const client = new Client(server.url);
  await client.signIn(username, `${username}-password-1`);
  return client;
}

const read = async <T>(client: Client, path: string) => {
  const response = await client.getJson(path);
  expect(response.status, path).toBe(200);
  return readApiJson<Page<T>>(response);
};

beforeAll(async () => {
  server = await startTestServer();
  const ids: Record<string, number> = {};
  for (const username of ["archivist", "peoplemanager", "sharer", "plain"])
    ids[username] = (await createUser({ username, password: `${username}-password-1` })).id;
  // Registered Users lets everyone share albums by default; here only the Sharers group does.
  await db()
    .updateTable("groups")
    .set({ permissions: JSON.stringify({ api: true }) })
    .where("id", "=", REGISTERED_USERS_GROUP_ID)
    .execute();
  await groupWith("Archivists", { manageArchives: true }, [ids.archivist!]);
  await groupWith("People managers", { manageUsers: true }, [ids.peoplemanager!]);
  await groupWith("Sharers", { albums: { shareWithGroups: true } }, [ids.sharer!]);
  for (let i = 1; i <= 30; i++) {
    const n = String(i).padStart(2, "0");
    await db()
      .insertInto("users")
      .values({
        username: `dir${n}`,
        username_key: `dir${n}`,
        full_name: `Directory Person ${n}`,
        organization: i % 2 === 0 ? "Even Org" : "Odd Org",
        description: i === 7 ? "100%_sure 'quoted' \\back" : "",
        password_hash: null,
        created_at: now(),
      })
      .execute();
  }
  for (let i = 1; i <= 12; i++) await groupWith(`Team ${String(i).padStart(2, "0")}`, {}, []);
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  archivist = await signedIn("archivist");
  peopleManager = await signedIn("peoplemanager");
  sharer = await signedIn("sharer");
  plain = await signedIn("plain");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("who may read the directory", () => {
  test("a sharer reads what a picker needs: enabled accounts by name, nothing more", async () => {
    await db()
      .updateTable("users")
      .set({ is_enabled: 0 })
      .where("username", "=", "dir03")
      .execute();
    try {
      const full = await read<UserRow>(peopleManager, `${USERS}?q=directory&n=100`);
      const picked = await read<UserRow>(sharer, `${USERS}?q=directory&n=100`);
      expect(full.data.map((r) => r.displayName)).toContain("Directory Person 03");
      expect(full.data.some((r) => r.organization === "Even Org")).toBe(true);
      expect(picked.data.map((r) => r.displayName)).not.toContain("Directory Person 03");
      expect(picked.data).toHaveLength(29);
      expect(picked.data.every((r) => r.organization === "" && r.description === "")).toBe(true);
      // Nor can the hidden fields be found by searching them.
      expect((await read<UserRow>(peopleManager, `${USERS}?q=even org`)).paging.count).toBe(15);
      expect((await read<UserRow>(sharer, `${USERS}?q=even org`)).paging.count).toBe(0);
    } finally {
      await db()
        .updateTable("users")
        .set({ is_enabled: 1 })
        .where("username", "=", "dir03")
        .execute();
    }
  });

  test("archive managers, people managers, album sharers and the site owner", async () => {
    for (const client of [owner, archivist, peopleManager, sharer]) {
      expect((await read<UserRow>(client, USERS)).paging.count).toBeGreaterThan(30);
      expect((await read<GroupRow>(client, GROUPS)).paging.count).toBeGreaterThan(12);
    }
  });

  test("anyone else meets an address that does not exist; signed out is asked to log on", async () => {
    const unknown = await readApiJson<{ status: number; value: string }>(
      await plain.getJson("/fotoweb/api/users/public/none"),
    );
    for (const path of [USERS, GROUPS, `${USERS}?q=dir`]) {
      const response = await plain.getJson(path);
      expect(response.status).toBe(404);
      const body = await readApiJson<{ status: number; value: string }>(response);
      expect(body.value).toBe(unknown.value);
    }
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    for (const client of [new Client(server.url), guest]) {
      const response = await client.getJson(USERS);
      expect(response.status).toBe(401);
      await readApiJson(response);
    }
  });

  test("answers GET only", async () => {
    const response = await owner.request(USERS, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(405);
  });
});

describe("the rows", () => {
  test("users as {id, displayName, organization, description}; the special ids present", async () => {
    const page = await read<UserRow>(owner, `${USERS}?q=Directory%20Person%2007`);
    expect(page.data).toEqual([
      {
        id: expect.any(Number),
        displayName: "Directory Person 07",
        organization: "Odd Org",
        description: "100%_sure 'quoted' \\back",
      },
    ]);
    const all = await read<UserRow>(owner, `${USERS}?n=100`);
    expect(all.data.map((u) => u.id)).toContain(GUEST_USER_ID);
    const groups = await read<GroupRow>(owner, `${GROUPS}?n=100`);
    expect(groups.data.map((g) => g.id)).toEqual(
      expect.arrayContaining([EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID]),
    );
    expect(Object.keys(groups.data[0]!).sort()).toEqual(["description", "displayName", "id"]);
  });

  test("disableGuest leaves out the guest and Everyone; disableRegisteredUsers Registered Users", async () => {
    const users = await read<UserRow>(owner, `${USERS}?n=100&disableGuest=true`);
    expect(users.data.map((u) => u.id)).not.toContain(GUEST_USER_ID);
    const groups = await read<GroupRow>(owner, `${GROUPS}?n=100&disableGuest=1`);
    expect(groups.data.map((g) => g.id)).not.toContain(EVERYONE_GROUP_ID);
    expect(groups.data.map((g) => g.id)).toContain(REGISTERED_USERS_GROUP_ID);
    const both = await read<GroupRow>(
      owner,
      `${GROUPS}?n=100&disableGuest=true&disableRegisteredUsers=true`,
    );
    expect(both.data.map((g) => g.id)).not.toContain(REGISTERED_USERS_GROUP_ID);
    expect(both.paging.count).toBe(groups.paging.count - 1);
  });
});

describe("search, sorting and paging", () => {
  test("pages of 25 with a total and full paging addresses that keep the search", async () => {
    const first = await read<UserRow>(archivist, `${USERS}?q=directory`);
    expect(first.paging.count).toBe(30);
    expect(first.data).toHaveLength(25);
    expect(first.paging.prev).toBeNull();
    expect(first.paging.next).toBe(`${USERS}?q=directory&p=1`);
    expect(first.paging.last).toBe(`${USERS}?q=directory&p=1`);
    expect(first.paging.first).toBe(`${USERS}?q=directory`);
    const second = await read<UserRow>(archivist, first.paging.next!);
    expect(second.data.map((u) => u.displayName)).toEqual(
      [26, 27, 28, 29, 30].map((i) => `Directory Person ${i}`),
    );
    expect(second.paging.next).toBeNull();
    expect(second.paging.prev).toBe(`${USERS}?q=directory`);
    // A page past the end answers the last one.
    const beyond = await read<UserRow>(archivist, `${USERS}?q=directory&p=99`);
    expect(beyond.data).toEqual(second.data);
  });

  test("sortfields field:direction, the colon encoded or not, several fields", async () => {
    const desc = await read<UserRow>(
      owner,
      `${USERS}?q=directory&n=3&sortfields=displayName%3Adesc`,
    );
    expect(desc.data.map((u) => u.displayName)).toEqual(
      [30, 29, 28].map((i) => `Directory Person ${i}`),
    );
    const byOrg = await read<UserRow>(
      owner,
      `${USERS}?q=directory&n=2&sortfields=organization:asc,displayName:desc`,
    );
    expect(byOrg.data.map((u) => u.displayName)).toEqual([
      "Directory Person 30",
      "Directory Person 28",
    ]);
    const groups = await read<GroupRow>(owner, `${GROUPS}?q=team&sortfields=displayName:desc&n=2`);
    expect(groups.data.map((g) => g.displayName)).toEqual(["Team 12", "Team 11"]);
    expect(groups.paging.count).toBe(12);
  });

  test("search matches name, organization and description, wildcards literally", async () => {
    expect((await read<UserRow>(owner, `${USERS}?q=even%20org`)).paging.count).toBe(15);
    for (const q of ["100%_sure", "%", "_", "'quoted'", "\\back"]) {
      const page = await read<UserRow>(owner, `${USERS}?q=${encodeURIComponent(q)}`);
      expect(
        page.data.map((u) => u.displayName),
        q,
      ).toEqual(["Directory Person 07"]);
    }
    for (const q of ["' OR 1=1 --", "%%%%", "!", "<script>alert(1)</script>", "名前"]) {
      const users = await read<UserRow>(owner, `${USERS}?q=${encodeURIComponent(q)}`);
      expect(users.paging.count, q).toBe(0);
      const groups = await read<GroupRow>(owner, `${GROUPS}?q=${encodeURIComponent(q)}`);
      expect(groups.paging.count, q).toBe(0);
    }
    expect((await read<GroupRow>(sharer, `${GROUPS}?q=ARCHIVISTS`)).data).toEqual([
      { id: expect.any(Number), displayName: "Archivists", description: "Archivists group" },
    ]);
  });

  test("bad parameters answer 400 with the fields named, never 500", async () => {
    const bad: [string, string][] = [
      [`${USERS}?sortfields=password:asc`, "sortfields"],
      [`${USERS}?sortfields=displayName:sideways`, "sortfields"],
      [`${USERS}?sortfields=displayName:asc:x`, "sortfields"],
      [`${USERS}?sortfields=,,`, "sortfields"],
      [`${GROUPS}?sortfields=organization:asc`, "sortfields"],
      [`${GROUPS}?sortfields=${"displayName:asc,".repeat(40)}`, "sortfields"],
      [`${USERS}?p=-1`, "p"],
      [`${USERS}?p=abc`, "p"],
      [`${USERS}?p=1.5`, "p"],
      [`${GROUPS}?n=0`, "n"],
      [`${GROUPS}?n=101`, "n"],
      [`${USERS}?q=${"x".repeat(201)}`, "q"],
      [`${USERS}?q=a&q=b`, "q"],
      [`${USERS}?q=%00`, "q"],
      [`${GROUPS}?q=a%0Ab`, "q"],
      [`${GROUPS}?disableGuest=maybe`, "disableGuest"],
    ];
    for (const [path, field] of bad) {
      const response = await owner.getJson(path);
      expect(response.status, path).toBe(400);
      const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
      expect(Object.keys(body.fieldErrors), path).toContain(field);
    }
  });
});
