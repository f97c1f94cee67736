import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EVERYONE_GROUP_ID, GUEST_USER_ID, REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import {
  changeGroupEdges,
  changeUserMembers,
  createGroup,
  deleteGroup,
  getGroup,
  groupMembers,
  listGroups,
  memberOf,
  searchGroups,
  searchUsers,
  updateGroup,
  userMembers,
} from "~/models/group/group.server";
import { capabilitiesOf } from "~/models/access/access.server";
import { isProblem, type Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";
import { inEnglish } from "../helpers/keyed";

/* The groups model on the dialect under test (decision 035), without HTTP. */

let testDb: TestDatabase;
let owner: Viewer;
let plain: Viewer;

async function refusal(promise: Promise<unknown>): Promise<Problem> {
  try {
    await promise;
  } catch (error) {
    if (isProblem(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  plain = await createUser({ username: "plain", password: "plain-password-1", fullName: "Pia" });
});

afterAll(async () => {
  await testDb?.destroy();
});

describe("groups", () => {
  test("create, read, change with a revision, search, sort and page", async () => {
    // Counted from where this test starts: the file's other tests add groups of their own.
    const all = { q: "", sortfield: "name", sortdir: "desc", p: 0 } as const;
    const before = (await listGroups(owner, all, 2)).count;
    const a = await createGroup(owner, { name: "Alpha", description: "first" });
    const b = await createGroup(owner, { name: "beta", license: { level: "Plus" } });
    expect(b).toMatchObject({ licenseLevel: 55, licenseMode: 0, revision: 1, isBuiltIn: false });
    const changed = await updateGroup(owner, a.id, { description: "edited", revision: 1 });
    expect(changed).toMatchObject({ name: "Alpha", description: "edited", revision: 2 });
    expect((await refusal(updateGroup(owner, a.id, { name: "x", revision: 1 }))).kind).toBe(
      "conflict",
    );
    expect((await refusal(createGroup(owner, { name: "ALPHA" }))).message).toBe(
      "group already exists",
    );
    const page = await listGroups(owner, all, 2);
    expect(page.count).toBe(before + 2);
    expect(page.pages).toBe(Math.ceil((before + 2) / 2));
    const names = (await listGroups(owner, all, 1000)).groups.map((g) => g.name);
    expect(names).toEqual(
      [...names].sort((x, y) => y.localeCompare(x, undefined, { sensitivity: "base" })),
    );
    expect(names).toEqual(expect.arrayContaining(["Alpha", "beta", "Everyone"]));
    expect(page.groups.map((g) => g.name)).toEqual(names.slice(0, 2));
    const found = await listGroups(owner, { q: "%", sortfield: "name", sortdir: "asc", p: 0 }, 10);
    expect(found.count).toBe(0);
    expect((await getGroup(owner, EVERYONE_GROUP_ID)).isEveryone).toBe(true);
  });

  test("members, member-of, circles refused, built-in groups and the guest left alone", async () => {
    const outer = await createGroup(owner, {
      name: "Outer",
      permissions: { manageArchives: true },
    });
    const inner = await createGroup(owner, { name: "Inner" });
    await changeGroupEdges(owner, outer.id, "members", { add: [inner.id] });
    await changeUserMembers(owner, inner.id, { add: [plain.id] });
    expect((await capabilitiesOf(plain)).has("manageArchives")).toBe(true);
    expect(
      (await userMembers(owner, outer.id, { recursive: true })).items.map((u) => u.id),
    ).toEqual([plain.id]);
    expect((await memberOf(owner, inner.id)).items.map((g) => g.name)).toEqual(["Outer"]);
    expect(
      inEnglish(
        (await refusal(changeGroupEdges(owner, outer.id, "memberOf", { add: [inner.id] }))).message,
      ),
    ).toMatch(/^circular member-of/);
    expect(
      inEnglish(
        (await refusal(changeGroupEdges(owner, inner.id, "members", { add: [outer.id] }))).message,
      ),
    ).toMatch(/^circular group members/);
    expect(
      (await refusal(changeGroupEdges(owner, inner.id, "members", { add: [inner.id] }))).kind,
    ).toBe("conflict");
    expect(
      (
        await refusal(
          changeGroupEdges(owner, inner.id, "memberOf", { add: [REGISTERED_USERS_GROUP_ID] }),
        )
      ).kind,
    ).toBe("invalid");
    expect(
      (await refusal(changeUserMembers(owner, EVERYONE_GROUP_ID, { add: [plain.id] }))).kind,
    ).toBe("forbidden");
    expect((await refusal(changeUserMembers(owner, inner.id, { add: [GUEST_USER_ID] }))).kind).toBe(
      "invalid",
    );
    expect((await refusal(deleteGroup(owner, REGISTERED_USERS_GROUP_ID))).kind).toBe("forbidden");
    // Added and removed at once: neither.
    await changeUserMembers(owner, inner.id, { add: [owner.id], remove: [owner.id] });
    expect((await userMembers(owner, inner.id)).items.map((u) => u.id)).toEqual([plain.id]);
    expect((await searchGroups(owner, "er", [inner.id])).map((g) => g.name)).toEqual(["Outer"]);
    expect((await searchUsers(owner, "pia", [])).map((u) => u.username)).toEqual(["plain"]);
    await deleteGroup(owner, outer.id);
    expect((await groupMembers(owner, inner.id)).count).toBe(0);
    expect((await memberOf(owner, inner.id)).count).toBe(0);
    expect((await capabilitiesOf(plain)).has("manageArchives")).toBe(false);
  });

  test("someone without manageUsers meets a group as nothing at all", async () => {
    for (const call of [
      () => getGroup(plain, EVERYONE_GROUP_ID),
      () => getGroup(plain, 999999),
      () => createGroup(plain, { name: "Mine" }),
      () => listGroups(plain, { q: "", sortfield: "name", sortdir: "asc", p: 0 }, 10),
    ]) {
      expect((await refusal(call())).kind).toBe("not-found");
    }
  });
});
