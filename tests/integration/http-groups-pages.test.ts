import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { parseGroupPermissions } from "~/models/group/group.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { mainOf } from "../helpers/page-html";

/*
 * The groups pages as a browser without JavaScript uses them (decision 035): every change a
 * plain form post answered by a redirect, every invalid field reported at once with 400, and the
 * pages absent (404) to anyone without manageUsers.
 */

const LIST = "/fotoweb/views/admin/groups";

let server: TestServer;
let owner: Client;
let member: Client;
let memberId: number;
let ownerId: number;

const post = (client: Client, path: string, fields: [string, string][]) =>
  client.request(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

const groupNamed = (name: string) =>
  db().selectFrom("groups").selectAll().where("name", "=", name).executeTakeFirst();

beforeAll(async () => {
  server = await startTestServer();
  memberId = (await createUser({ username: "member", password: "member-password-1" })).id;
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  ownerId = (
    await db()
      .selectFrom("users")
      .select("id")
      .where("is_site_owner", "=", 1)
      .executeTakeFirstOrThrow()
  ).id;
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

let serial = 0;
/**
 * A desk and an outer group of the calling test's own (decision 075), named "Photo desk N" and
 * "Outer N", with the one edge the test starts from, if any.
 */
async function deskAndOuter(edge: "desk in outer" | "outer in desk" | "none" = "none") {
  serial += 1;
  const make = async (name: string) => {
    await db().insertInto("groups").values({ name, created_at: now() }).execute();
    return (await groupNamed(name))!;
  };
  const outer = await make(`Outer ${serial}`);
  const desk = await make(`Photo desk ${serial}`);
  if (edge !== "none")
    await db()
      .insertInto("group_groups")
      .values(
        edge === "desk in outer"
          ? { group_id: outer.id, member_group_id: desk.id }
          : { group_id: desk.id, member_group_id: outer.id },
      )
      .execute();
  return { desk: (await groupNamed(desk.name))!, outer };
}

/** The 26 groups "Bulk 00" to "Bulk 25", made once for the tests that page them. */
async function bulkGroups() {
  if (await groupNamed("Bulk 00")) return;
  for (let i = 0; i < 26; i++)
    await db()
      .insertInto("groups")
      .values({ name: `Bulk ${String(i).padStart(2, "0")}`, created_at: now() })
      .execute();
}

describe("the editor without JavaScript", () => {
  test("creating reports every invalid field at once with 400 and stores nothing", async () => {
    const before = await db().selectFrom("groups").select("id").execute();
    const response = await post(owner, `${LIST}/new`, [
      ["intent", "general"],
      ["name", "  "],
      ["description", "x".repeat(1001)],
      ["licenseLevel", "Emperor"],
      ["licenseMode", "Named"],
    ]);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Name is a required field.");
    expect(html).toContain("Description may have at most 1000 characters");
    expect(html).toContain("Choose a license level");
    expect(await db().selectFrom("groups").select("id").execute()).toEqual(before);
  });

  test("creates with permissions (rules applied), license and member-of; a taken name is 409", async () => {
    const created = await post(owner, `${LIST}/new`, [
      ["intent", "general"],
      ["name", " Outer "],
      ["description", "Holds others"],
      ["licenseLevel", "Standard"],
      ["licenseMode", "Concurrent"],
    ]);
    expect(created.status).toBe(302);
    const outer = (await groupNamed("Outer"))!;
    const response = await post(owner, `${LIST}/new`, [
      ["intent", "general"],
      ["name", "Photo desk"],
      ["licenseLevel", "None"],
      ["licenseMode", "Named"],
      ["permissions", "manageFlows"],
      ["permissions", "albums.delegateDownloads"],
      ["permissions", "albums.create"],
      ["memberOf", String(outer.id)],
    ]);
    expect(response.status).toBe(302);
    const desk = (await groupNamed("Photo desk"))!;
    expect(response.headers.get("location")).toBe(`${LIST}/${desk.id}`);
    const flags = parseGroupPermissions(desk.permissions);
    expect(flags).toMatchObject({ manageFlows: true, viewFlows: true });
    expect(flags.albums).toMatchObject({ create: true, delegateDownloads: false });
    const edges = await db().selectFrom("group_groups").selectAll().execute();
    expect(edges).toContainEqual({ group_id: outer.id, member_group_id: desk.id });
    const page = await (await owner.get(`${LIST}/${desk.id}`)).text();
    expect(page).toContain("Photo desk");
    const taken = await post(owner, `${LIST}/new`, [
      ["intent", "general"],
      ["name", "photo DESK"],
      ["licenseLevel", "None"],
      ["licenseMode", "Named"],
    ]);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("A group with this name already exists.");
  });

  test("saving General edits fields and member-of by the difference; a stale save is 409", async () => {
    const { desk, outer } = await deskAndOuter("desk in outer");
    const path = `${LIST}/${desk.id}`;
    const search = await (await owner.get(`${path}?tab=general&groupq=out`)).text();
    // The desk is in its Outer already: the search offers no joining it (another test's
    // "Outer 12" may still be offered, so the name is matched whole).
    expect(search).not.toMatch(new RegExp(`Join ${outer.name}(?!\\d)`));
    const saved = await post(owner, path, [
      ["intent", "general"],
      ["revision", String(desk.revision)],
      ["name", desk.name],
      ["description", "Edited"],
      ["licenseLevel", "Pro"],
      ["licenseMode", "Named"],
      ["permissions", "viewFlows"],
    ]);
    expect(saved.status).toBe(302);
    const after = (await groupNamed(desk.name))!;
    expect(after).toMatchObject({
      description: "Edited",
      license_level: 85,
      revision: desk.revision + 1,
    });
    expect(parseGroupPermissions(after.permissions)).toMatchObject({
      viewFlows: true,
      manageFlows: false,
    });
    const edges = await db().selectFrom("group_groups").selectAll().execute();
    expect(edges).not.toContainEqual({ group_id: outer.id, member_group_id: desk.id });
    const stale = await post(owner, path, [
      ["intent", "general"],
      ["revision", String(desk.revision)],
      ["name", "Late"],
      ["licenseLevel", "None"],
      ["licenseMode", "Named"],
    ]);
    expect(stale.status).toBe(409);
    expect((await groupNamed(desk.name))!.revision).toBe(after.revision);
  });

  test("member-of refuses a circle with 409 by its field", async () => {
    const { desk, outer } = await deskAndOuter();
    await post(owner, `${LIST}/${desk.id}`, [
      ["intent", "members"],
      ["addGroup", String(outer.id)],
    ]);
    // The desk now holds Outer: the desk joining Outer would close a circle.
    const circle = await post(owner, `${LIST}/${desk.id}`, [
      ["intent", "general"],
      ["name", desk.name],
      ["licenseLevel", "None"],
      ["licenseMode", "Named"],
      ["memberOf", String(outer.id)],
    ]);
    expect(circle.status).toBe(409);
    expect(await circle.text()).toContain("circular member-of");
  });

  test("members: adds and removes users and groups by the difference; a circle is 409", async () => {
    const { desk, outer } = await deskAndOuter("outer in desk");
    const path = `${LIST}/${desk.id}`;
    const found = await (await owner.get(`${path}?tab=members&userq=mem`)).text();
    expect(found).toContain("member (member)");
    const added = await post(owner, path, [
      ["intent", "members"],
      ["addUser", String(memberId)],
      ["addUser", String(ownerId)],
    ]);
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`${path}?tab=members`);
    const users = async () =>
      (
        await db()
          .selectFrom("group_members")
          .select("user_id")
          .where("group_id", "=", desk.id)
          .execute()
      )
        .map((r) => r.user_id)
        .sort((a, b) => a - b);
    expect(await users()).toEqual([memberId, ownerId].sort((a, b) => a - b));
    await post(owner, path, [
      ["intent", "members"],
      ["removeUser", String(ownerId)],
      ["removeGroup", String(outer.id)],
    ]);
    expect(await users()).toEqual([memberId]);
    const circle = await post(owner, `${LIST}/${outer.id}`, [
      ["intent", "members"],
      ["addGroup", String(outer.id)],
    ]);
    expect(circle.status).toBe(409);
    expect(await circle.text()).toContain("circular group members");
    const everyone = await post(owner, `${LIST}/${EVERYONE_GROUP_ID}`, [
      ["intent", "members"],
      ["addUser", String(memberId)],
    ]);
    expect(everyone.status).toBe(403);
  });

  test("custom properties: empty rows dropped, duplicates refused", async () => {
    const { desk } = await deskAndOuter();
    const path = `${LIST}/${desk.id}`;
    const saved = await post(owner, path, [
      ["intent", "properties"],
      ["propertyKey", "team"],
      ["propertyValue", "north"],
      ["propertyKey", ""],
      ["propertyValue", "lost"],
      ["propertyKey", "floor"],
      ["propertyValue", ""],
    ]);
    expect(saved.status).toBe(302);
    expect(JSON.parse((await groupNamed(desk.name))!.properties)).toEqual([
      { key: "team", value: "north" },
    ]);
    const twice = await post(owner, path, [
      ["intent", "properties"],
      ["propertyKey", "a"],
      ["propertyValue", "1"],
      ["propertyKey", "A"],
      ["propertyValue", "2"],
    ]);
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("is given twice");
  });
});

describe("the list without JavaScript", () => {
  test("lists, searches, expands members, and has no caret for the built-in groups", async () => {
    const { desk } = await deskAndOuter();
    const html = await (await owner.get(LIST)).text();
    expect(html).toMatch(/\d+ groups found/);
    // Searched for, as other tests' groups may page them off the first page.
    const everyone = await (await owner.get(`${LIST}?q=Everyone`)).text();
    expect(everyone).toContain(`data-testid="group-row-${EVERYONE_GROUP_ID}"`);
    expect(everyone).not.toContain('aria-label="Members of Everyone"');
    const registered = await (await owner.get(`${LIST}?q=Registered`)).text();
    expect(registered).toContain(`data-testid="group-row-${REGISTERED_USERS_GROUP_ID}"`);
    expect(registered).not.toContain('aria-label="Members of Registered Users"');
    const mine = await (await owner.get(`${LIST}?q=${encodeURIComponent(desk.name)}`)).text();
    expect(mine).toContain(`aria-label="Members of ${desk.name}"`);
    const one = await (await owner.get(`${LIST}?q=${encodeURIComponent(desk.name)}`)).text();
    expect(one).toContain("1 group found");
    // The page's words (its messages block) name the built-in groups; the list does not.
    expect(mainOf(one)).not.toContain("Registered Users");
  });

  test("pages of 25 with first, previous, next and last", async () => {
    await bulkGroups();
    const first = await (await owner.get(`${LIST}?q=bulk`)).text();
    expect(first).toContain("26 groups found");
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain(`href="${LIST}?q=bulk&amp;p=1"`);
    const sorted = await (await owner.get(`${LIST}?q=bulk&sortfield=name&sortdir=desc`)).text();
    expect(sorted.indexOf("Bulk 25")).toBeLessThan(sorted.indexOf("Bulk 24"));
    expect(sorted).toContain('aria-sort="descending"');
    const second = await (await owner.get(`${LIST}?q=bulk&p=1`)).text();
    expect(second).toContain("Bulk 25");
    expect(second).not.toContain("Bulk 00");
  });

  test("the expanded row pages its members with more", async () => {
    await bulkGroups();
    const big = (await groupNamed("Bulk 00"))!;
    for (let i = 0; i < 12; i++) {
      const user = await createUser({ username: `crew${i}`, password: "crew-password-1" });
      await db()
        .insertInto("group_members")
        .values({ group_id: big.id, user_id: user.id })
        .execute();
    }
    const first = await (await owner.get(`${LIST}?q=bulk`)).text();
    expect(first).toContain("More members of Bulk 00");
    expect(first).not.toContain("crew9 (crew9)");
    const more = await (await owner.get(`${LIST}?q=bulk&open=${big.id}&more=2`)).text();
    expect(more).toContain("crew9 (crew9)");
    expect(more).not.toContain("More members of Bulk 00");
  });

  test("the column chooser saves in the preferences; the last column cannot be hidden", async () => {
    const saved = await post(owner, LIST, [
      ["intent", "columns"],
      ["columns", "name"],
    ]);
    expect(saved.status).toBe(302);
    const prefs = (await findUserById(ownerId))!.preferences.shared.groupGridSettings;
    expect(prefs).toEqual({
      columns: [
        { fieldName: "id", isVisible: false },
        { fieldName: "name", isVisible: true },
        { fieldName: "description", isVisible: false },
      ],
    });
    const html = await (await owner.get(LIST)).text();
    expect(html).not.toContain('aria-label="Description, sort');
    expect(html).toContain('aria-label="Name, sort descending"');
    const none = await post(owner, LIST, [["intent", "columns"]]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("The last visible column cannot be hidden.");
  });

  test("delete asks first, then removes; built-in groups offer no delete", async () => {
    await db().insertInto("groups").values({ name: "Doomed", created_at: now() }).execute();
    const doomed = (await groupNamed("Doomed"))!;
    const confirm = await (await owner.get(`${LIST}?delete=${doomed.id}`)).text();
    expect(confirm).toContain("Delete the group Doomed?");
    const none = await (await owner.get(`${LIST}?delete=${REGISTERED_USERS_GROUP_ID}`)).text();
    expect(mainOf(none)).not.toContain("Delete the group");
    const deleted = await post(owner, LIST, [
      ["intent", "delete"],
      ["id", String(doomed.id)],
    ]);
    expect(deleted.status).toBe(302);
    expect(await groupNamed("Doomed")).toBeUndefined();
    const builtIn = await post(owner, LIST, [
      ["intent", "delete"],
      ["id", String(EVERYONE_GROUP_ID)],
    ]);
    expect(builtIn.status).toBe(403);
    const missing = await post(owner, LIST, [
      ["intent", "delete"],
      ["id", "x"],
    ]);
    expect(missing.status).toBe(404);
  });
});

describe("who may", () => {
  test("without manageUsers every page answers as an unknown address", async () => {
    const unknown = await member.get("/fotoweb/views/admin/no-such-page");
    const body = await unknown.text();
    const message = /There is nothing at this address\./.exec(body)?.[0];
    expect(message).toBeDefined();
    for (const path of [LIST, `${LIST}/new`, `${LIST}/${EVERYONE_GROUP_ID}`, `${LIST}/999999`]) {
      const response = await member.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain(message!);
    }
    const posted = await post(member, `${LIST}/new`, [
      ["intent", "general"],
      ["name", "Mine"],
    ]);
    expect(posted.status).toBe(404);
    expect(await groupNamed("Mine")).toBeUndefined();
    const anonymous = new Client(server.url);
    expect((await anonymous.get(LIST)).status).toBe(302);
  });
});
