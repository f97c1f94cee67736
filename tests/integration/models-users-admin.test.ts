import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import {
  grantMembershipsDecision,
  userActions,
  userAdministrationDecision,
} from "~/models/access/access.server";
import {
  DEFAULT_HIDDEN_COLUMNS,
  formatUserDate,
  normalizeUserBody,
  unflatten,
  userBodySchema,
  userListQuerySchema,
  visibleColumns,
} from "~/models/user/user-admin.schema";
import {
  changedFields,
  createManagedUser,
  generatePassword,
  getManagedUser,
  listUsers,
  recordOf,
  updateManagedUser,
} from "~/models/user/users-admin.server";
import { createUser, findUserById } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * The people administration model (decision 034): the action flags for every kind of viewer and
 * target, nobody granting what they lack, the new-user defaults, saving only what changed, the
 * revision check, search and sort, and the schema's helpers.
 */

let testDb: TestDatabase;
let owner: Viewer;
let manager: Viewer;
let member: Viewer;
let boss: Viewer;
let adminsGroup: { id: number; name: string; permissions: string };
let managersGroup: { id: number; name: string; permissions: string };

async function newGroup(name: string, permissions: object) {
  const json = JSON.stringify(permissions);
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: json })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, name, permissions: json };
}

const target = (v: Viewer, isActive = true) => ({
  id: v.id,
  isSiteOwner: v.isSiteOwner,
  isGuest: v.isGuest,
  isActive,
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  const ownerRow = await db()
    .selectFrom("users")
    .select("id")
    .where("is_site_owner", "=", 1)
    .executeTakeFirstOrThrow();
  owner = (await findUserById(ownerRow.id))!;
  managersGroup = await newGroup("Managers", { manageUsers: true });
  adminsGroup = await newGroup("Admins", { manageUsers: true, manageSettings: true });
  manager = await createUser({ username: "manager", password: "manager-password-1" });
  member = await createUser({ username: "member", password: "member-password-1" });
  boss = await createUser({ username: "boss", password: "boss-password-1" });
  await db()
    .insertInto("group_members")
    .values([
      { group_id: managersGroup.id, user_id: manager.id },
      { group_id: adminsGroup.id, user_id: boss.id },
    ])
    .execute();
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("the action flags", () => {
  test("only holders of manageUsers may administer, refused as not-found", async () => {
    expect((await userAdministrationDecision(owner)).allowed).toBe(true);
    expect((await userAdministrationDecision(manager)).allowed).toBe(true);
    const refused = await userAdministrationDecision(member);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.problem.kind).toBe("not-found");
    expect((await userAdministrationDecision(null)).allowed).toBe(false);
    expect(Object.values(await userActions(member, target(manager)))).not.toContain(true);
  });

  test("the site owner may do everything but delete or disable themselves", async () => {
    expect(await userActions(owner, target(member))).toEqual({
      update: true,
      updateAccountStatus: true,
      updateLicense: true,
      delete: true,
      setNewSiteOwner: true,
      updateMemberships: true,
      resetDeviceTokens: true,
      updatePassword: true,
    });
    expect((await userActions(owner, target(member, false))).setNewSiteOwner).toBe(false);
    expect(await userActions(owner, target(owner))).toMatchObject({
      delete: false,
      updateAccountStatus: false,
      setNewSiteOwner: false,
      update: true,
    });
  });

  test("the guest's names and groups may change, never its password, status or license", async () => {
    const guest = (await findUserById(GUEST_USER_ID))!;
    expect(await userActions(owner, target(guest))).toEqual({
      update: true,
      updateAccountStatus: false,
      updateLicense: false,
      delete: false,
      setNewSiteOwner: false,
      updateMemberships: true,
      resetDeviceTokens: false,
      updatePassword: false,
    });
  });

  test("a manager raises nobody's rights: not the owner's, a stronger admin's, or their own", async () => {
    expect(Object.values(await userActions(manager, target(owner)))).not.toContain(true);
    expect(Object.values(await userActions(manager, target(boss)))).not.toContain(true);
    expect(await userActions(manager, target(manager))).toEqual({
      update: true,
      updateAccountStatus: false,
      updateLicense: false,
      delete: false,
      setNewSiteOwner: false,
      updateMemberships: false,
      resetDeviceTokens: true,
      updatePassword: true,
    });
    expect(await userActions(manager, target(member))).toMatchObject({
      update: true,
      delete: true,
      updatePassword: true,
      setNewSiteOwner: false,
    });
    expect((await grantMembershipsDecision(manager, [managersGroup])).allowed).toBe(true);
    expect((await grantMembershipsDecision(manager, [adminsGroup])).allowed).toBe(false);
    expect((await grantMembershipsDecision(owner, [adminsGroup])).allowed).toBe(true);
  });
});

describe("creating and saving", () => {
  test("the new-user defaults and a generated 32-character password", async () => {
    const { record } = await createManagedUser(owner, {
      username: "fresh",
      firstName: "Fre",
      lastName: "Sh",
      email: "fresh@example.com",
    });
    expect(record).toMatchObject({
      isEnabled: true,
      expires: null,
      licenseLevel: 35,
      licenseMode: 0,
      commerce: { paymentMethod: 1, discount: 0 },
      hasPassword: true,
      fullName: "Fre Sh",
      revision: 1,
    });
    const a = generatePassword();
    expect(a).toHaveLength(32);
    expect(a).not.toBe(generatePassword());
    await expect(
      createManagedUser(manager, { username: "FRESH", email: "x@example.com" }),
    ).rejects.toMatchObject({ kind: "conflict" });
    await expect(createManagedUser(member, { username: "nope" })).rejects.toMatchObject({
      kind: "not-found",
    });
  });

  test("only changed fields are saved; a stale revision is a conflict", async () => {
    const { record } = await getManagedUser(owner, member.id);
    expect(changedFields(record, { username: "member", firstName: record.firstName })).toEqual({});
    expect(
      changedFields(record, { username: "member2", address: { city: "", country: "NO" } }),
    ).toEqual({ username: "member2", address: { country: "NO" } });
    const same = await updateManagedUser(owner, member.id, { username: "member" });
    expect(same.record.revision).toBe(record.revision);
    const saved = await updateManagedUser(
      owner,
      member.id,
      { address: { city: "Bergen" } },
      { revision: record.revision },
    );
    expect(saved.record.revision).toBe(record.revision + 1);
    expect(saved.record.address.city).toBe("Bergen");
    await expect(
      updateManagedUser(owner, member.id, { description: "x" }, { revision: record.revision }),
    ).rejects.toMatchObject({ kind: "conflict" });
    await expect(
      updateManagedUser(manager, owner.id, { description: "mine" }),
    ).rejects.toMatchObject({ kind: "forbidden" });
  });

  test("a stored record that does not parse reads as empty, never as an error", async () => {
    const row = (await db()
      .selectFrom("users")
      .selectAll()
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow())!;
    const record = recordOf({ ...row, address: "{nope", commerce: "[]", properties: "7" });
    expect(record.address.city).toBe("");
    expect(record.commerce.paymentMethod).toBe(1);
    expect(record.properties).toEqual([]);
  });
});

describe("the list", () => {
  test("searches names, e-mail and company; full name sorts by first name", async () => {
    await createManagedUser(owner, {
      username: "zz-first",
      firstName: "Aaron",
      lastName: "Zed",
      email: "aaron@example.com",
      organization: "Wonka",
    });
    await createManagedUser(owner, {
      username: "aa-second",
      firstName: "Zoe",
      lastName: "Able",
      email: "zoe@example.com",
    });
    const query = (q: Record<string, string>) => userListQuerySchema.parse(q);
    const byFirst = await listUsers(owner, query({ q: "@example.com", sortfield: "fullName" }));
    const names = byFirst.users.map((u) => u.record.username);
    expect(names.indexOf("zz-first")).toBeLessThan(names.indexOf("aa-second"));
    expect(
      (await listUsers(owner, query({ q: "wonka" }))).users.map((u) => u.record.username),
    ).toEqual(["zz-first"]);
    expect((await listUsers(owner, query({ q: "_" }))).count).toBe(0);
    const paged = await listUsers(owner, query({ n: "1", p: "999" }));
    expect(paged.page).toBe(paged.lastPage);
    expect(paged.users).toHaveLength(1);
  });
});

describe("the schema", () => {
  test("every message at once, in each mode", () => {
    const create = userBodySchema("create").safeParse({
      username: " ",
      address: { email: "bad" },
      commerce: { discount: "x" },
    });
    expect(create.success).toBe(false);
    const paths = create.error!.issues.map((i) => i.path.join("."));
    expect(paths.sort()).toEqual(
      [
        "username",
        "address.givenName",
        "address.surname",
        "address.email",
        "commerce.discount",
      ].sort(),
    );
    expect(userBodySchema("patch").safeParse({ description: "x" }).success).toBe(true);
    expect(userBodySchema("patch").safeParse({ username: "" }).success).toBe(false);
  });

  test("the spec client's names and the form's flat names read as the reference's", () => {
    expect(
      normalizeUserBody({
        company: "Acme",
        address: { firstName: "A", lastName: "B", streetAddress2: "line 2" },
        propertyBag: [{ key: "k", value: "v" }],
      }),
    ).toEqual({
      address: {
        givenName: "A",
        surname: "B",
        streetAddress: ["", "line 2"],
        organization: "Acme",
      },
      properties: [{ key: "k", value: "v" }],
    });
    expect(
      unflatten({
        "address.givenName": "A",
        "address.streetAddress[1]": "x",
        "properties[0].key": "k",
        "__proto__.polluted": "yes",
        "constructor.prototype.polluted": "yes",
        "address.constructor.prototype.polluted": "yes",
      }),
    ).toEqual({
      address: { givenName: "A", streetAddress: [undefined, "x"] },
      properties: [{ key: "k" }],
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("dates read 'DD MMM YYYY' or 'never'; the default columns hide what the spec hides", () => {
    expect(formatUserDate("2027-09-05T10:00:00.000Z")).toBe("05 Sep 2027");
    expect(formatUserDate(null)).toBe("never");
    const visible = visibleColumns({});
    expect(visible).toEqual(["username", "fullName"]);
    expect(DEFAULT_HIDDEN_COLUMNS).toHaveLength(8);
    expect(
      visibleColumns({
        userGridSettings: { columns: [{ fieldName: "company", isVisible: true }] },
      }),
    ).toEqual(["username", "fullName", "company"]);
    expect(
      visibleColumns({
        userGridSettings: {
          columns: [
            { fieldName: "username", isVisible: false },
            { fieldName: "fullName", isVisible: false },
          ],
        },
      }),
    ).toEqual(["username"]);
  });
});
