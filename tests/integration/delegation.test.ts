import { inEnglish } from "../helpers/keyed";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { createApplication, issueApiToken } from "~/models/application/application.server";
import { createArchive } from "~/models/archive/archive.server";
import {
  changeGroupEdges,
  changeUserMembers,
  createGroup,
  deleteGroup,
  removeGroupProperties,
  replaceUserMembers,
  updateGroup,
} from "~/models/group/group.server";
import { createInvitations, redeemInvitation } from "~/models/invitation/invitation.server";
import { Problem } from "~/models/problem/problem";
import { approveSignup } from "~/models/signup/signup.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById, findUserByUsername } from "~/models/user/user.server";
import {
  bulkDeleteUsers,
  changeMemberships,
  createManagedUser,
  deleteManagedUser,
  updateManagedUser,
} from "~/models/user/users-admin.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The delegation rule (decision 071), path by path, as each narrow administrator: nobody gives a
 * right (a capability, or access in an archive) he does not hold, through an application's user,
 * an invitation, an approval, a group's members or member-of, an edit, a removal, a disabling or
 * a deletion. Every refused call leaves the stored people and groups as they were. Every call
 * runs under a time limit: on SQLite a read beside an open transaction once hung the server.
 */

let server: TestServer;
let owner: Viewer;
const group: Record<string, number> = {};
const user: Record<string, Viewer> = {};

const LIMIT_MS = 10_000;

/** The call's outcome, or a failure when it does not answer in time (a hang, not slowness). */
function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${LIMIT_MS} ms`)), LIMIT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The Problem a refused call throws (a call that succeeds fails the test). */
async function refusal(work: Promise<unknown>): Promise<Problem> {
  const outcome = await within(
    work.then(
      () => "allowed" as const,
      (error: unknown) => error,
    ),
  );
  expect(outcome).toBeInstanceOf(Problem);
  return outcome as Problem;
}

/** Everything the rule protects: memberships, nesting, groups' flags, accounts' state. */
async function snapshot() {
  const [members, nesting, groups, users, applications, signups] = await Promise.all([
    db().selectFrom("group_members").selectAll().orderBy("group_id").orderBy("user_id").execute(),
    db()
      .selectFrom("group_groups")
      .selectAll()
      .orderBy("group_id")
      .orderBy("member_group_id")
      .execute(),
    db()
      .selectFrom("groups")
      .select(["id", "name", "permissions", "revision"])
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("users")
      .select(["id", "is_enabled", "password_hash", "revision"])
      .orderBy("id")
      .execute(),
    db().selectFrom("applications").select(["id", "user_id"]).orderBy("id").execute(),
    db().selectFrom("signups").select(["id", "status"]).orderBy("id").execute(),
  ]);
  return JSON.stringify({ members, nesting, groups, users, applications, signups });
}

/** Refused, with the rights named, and nothing stored changed. */
async function refusedUnchanged(work: () => Promise<unknown>, message?: RegExp) {
  const before = await snapshot();
  const problem = await refusal(work());
  if (message) expect(inEnglish(problem.message)).toMatch(message);
  expect(await snapshot()).toBe(before);
  return problem;
}

async function makeGroup(name: string, permissions: object): Promise<number> {
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: JSON.stringify(permissions) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function makeUser(name: string, groups: number[]): Promise<Viewer> {
  const { id } = await createUser({ username: name, password: `${name}-password-1` });
  for (const g of groups)
    await db().insertInto("group_members").values({ group_id: g, user_id: id }).execute();
  return (await findUserById(id))!;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  group.admins = await makeGroup("Administrators", {
    manageUsers: true,
    manageSettings: true,
    manageArchives: true,
  });
  group.people = await makeGroup("People managers", { manageUsers: true });
  group.settings = await makeGroup("Settings managers", { manageSettings: true });
  group.inviters = await makeGroup("Inviters", { inviteUsers: true });
  group.approvers = await makeGroup("Approvers", { approvePendingSignups: true });
  group.archiveManagers = await makeGroup("Archive managers", { manageArchives: true });
  group.readers = await makeGroup("Readers", {});
  group.plain = await makeGroup("Plain", {});
  group.invitingPlain = await makeGroup("Plain inviters", { inviteUsers: true });
  // Readers hold access in an archive and no capability at all.
  await createArchive({
    name: "Delegated",
    members: [
      { type: "group", id: group.readers, permissions: ["View", "EditText"], autoSearch: "" },
    ],
  });
  user.people = await makeUser("people", [group.people!]);
  user.settings = await makeUser("settings", [group.settings!]);
  user.inviter = await makeUser("inviter", [group.inviters!]);
  user.approver = await makeUser("approver", [group.approvers!]);
  user.archiveManager = await makeUser("archive-manager", [group.archiveManagers!]);
  user.reader = await makeUser("reader", [group.readers!]);
  user.plain = await makeUser("plain", []);
  user.admin = await makeUser("admin", [group.admins!]);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("an application acts only as someone whose every right its registrar holds", () => {
  const input = (userId?: number) => ({
    name: `Program ${crypto.randomUUID().slice(0, 6)}`,
    grants: ["client_credentials" as const],
    redirectUris: [],
    ...(userId === undefined ? {} : { user: userId }),
  });

  test("a settings manager cannot register one acting as the site owner, nor above himself", async () => {
    for (const target of [owner.id, user.admin!.id, user.people!.id, user.reader!.id]) {
      const before = await snapshot();
      const result = await within(createApplication(user.settings!, input(target)));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(inEnglish(result.fieldErrors.user!)).toMatch(/every right you hold/);
      expect(await snapshot()).toBe(before);
    }
  });

  test("he may register one acting as himself or as someone holding less", async () => {
    for (const target of [user.settings!.id, user.plain!.id]) {
      const result = await within(createApplication(user.settings!, input(target)));
      expect(result.ok).toBe(true);
    }
  });

  test("he cannot issue API tokens for the owner's application; nobody for a disabled user", async () => {
    const ownersApp = await createApplication(owner, input(owner.id));
    if (!ownersApp.ok) throw new Error("the owner registers");
    const problem = await refusedUnchanged(() =>
      issueApiToken(user.settings!, ownersApp.application.clientId),
    );
    expect(problem.kind).toBe("forbidden");

    const leaver = await makeUser(`leaver-${crypto.randomUUID().slice(0, 6)}`, []);
    const app = await createApplication(owner, input(leaver.id));
    if (!app.ok) throw new Error("the owner registers");
    await db().updateTable("users").set({ is_enabled: 0 }).where("id", "=", leaver.id).execute();
    expect((await refusal(issueApiToken(owner, app.application.clientId))).kind).toBe("conflict");
  });
});

describe("an invitation gives only groups whose rights the inviter holds", () => {
  const invite = (inviter: Viewer, groupIds: number[]) =>
    createInvitations(
      inviter,
      {
        kind: "link",
        emails: [],
        organizationDomain: null,
        message: "",
        description: "",
        groupIds,
        expiresAt: null,
      },
      "http://arkiv.test",
    );

  test("not into administrators' groups nor groups with archive access he lacks", async () => {
    for (const g of [group.admins!, group.people!, group.settings!, group.readers!]) {
      const before = await snapshot();
      const result = await within(invite(user.inviter!, [g]));
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(inEnglish(result.fieldErrors.groups!)).toMatch(/grants rights you do not hold/);
      expect(await snapshot()).toBe(before);
    }
    expect((await within(invite(user.inviter!, [group.plain!]))).ok).toBe(true);
  });

  test("checked again at redemption: a sender who lost the right passes nothing on", async () => {
    const sender = await makeUser(`sender-${crypto.randomUUID().slice(0, 6)}`, [group.inviters!]);
    const result = await invite(sender, [group.invitingPlain!]);
    if (!result.ok) throw new Error("an inviter invites into a group he holds the rights of");
    const token = result.invitations[0]!.linkPath.split("/").pop()!;
    await db()
      .deleteFrom("group_members")
      .where("user_id", "=", sender.id)
      .where("group_id", "=", group.inviters!)
      .execute();
    const problem = await refusedUnchanged(() =>
      redeemInvitation(token, {
        firstName: "New",
        lastName: "Person",
        email: "new.person@example.com",
        username: `new-${crypto.randomUUID().slice(0, 6)}`,
        password: "a-long-password-123",
        confirmPassword: "a-long-password-123",
      } as never),
    );
    expect(inEnglish(problem.message)).toMatch(/no longer holds/);
  });
});

describe("a sign-up is approved only into groups whose rights the approver holds", () => {
  async function pendingSignup(): Promise<string> {
    const id = crypto.randomUUID();
    await db()
      .insertInto("signups")
      .values({
        id,
        email: `${id}@example.com`,
        email_key: `${id}@example.com`,
        username: `signup-${id.slice(0, 8)}`,
        password_hash: null,
        invitation_id: null,
        user_id: null,
        decided_by: null,
        decided_at: null,
        created_at: now(),
      })
      .execute();
    return id;
  }
  const mail = {
    siteName: "Arkiv",
    loginLink: "http://a/l",
    forgotLink: "http://a/f",
    language: "en",
  };

  test("his own sign-up into the administrators' group is refused and stays pending", async () => {
    for (const g of [group.admins!, group.readers!, group.approvers!]) {
      const id = await pendingSignup();
      const target = g === group.approvers! ? group.admins! : g;
      await refusedUnchanged(
        () => approveSignup(user.approver!, id, [target], mail),
        /do not hold yourself/,
      );
    }
    const id = await pendingSignup();
    await within(approveSignup(user.approver!, id, [group.plain!], mail));
  });
});

describe("a people manager cannot change, remove, disable or delete anyone above himself", () => {
  const people = () => user.people!;

  test("removing an archive manager from his group, his password, status and account", async () => {
    const target = user.archiveManager!.id;
    await refusedUnchanged(() =>
      changeUserMembers(people(), group.archiveManagers!, { remove: [target] }),
    );
    await refusedUnchanged(() => replaceUserMembers(people(), group.archiveManagers!, []));
    await refusedUnchanged(() =>
      updateManagedUser(people(), target, { password: "taken-over-password-1" }),
    );
    await refusedUnchanged(() => updateManagedUser(people(), target, { isEnabled: false }));
    await refusedUnchanged(() => deleteManagedUser(people(), target));
    const bulk = await within(bulkDeleteUsers(people(), [target]));
    expect(JSON.stringify(bulk)).toMatch(String(target));
    expect(await findUserById(target)).not.toBeNull();
  });

  test("someone holding archive access he lacks is beyond him too", async () => {
    await refusedUnchanged(() =>
      updateManagedUser(people(), user.reader!.id, { password: "taken-over-password-1" }),
    );
    await refusedUnchanged(() =>
      changeMemberships(people(), user.plain!.id, { add: [group.readers!] }),
    );
  });

  test("groups granting what he lacks: no edit, no deletion, no property removal", async () => {
    await refusedUnchanged(() =>
      updateGroup(people(), group.settings!, { description: "mine now" }),
    );
    await refusedUnchanged(() => deleteGroup(people(), group.settings!));
    await refusedUnchanged(() => removeGroupProperties(people(), group.admins!));
    await refusedUnchanged(() => deleteGroup(people(), group.readers!));
    await refusedUnchanged(() =>
      createGroup(people(), { name: "Mine", permissions: { manageSettings: true } } as never),
    );
  });

  test("not himself through a group's member list, whatever the group gives", async () => {
    for (const g of [group.readers!, group.plain!])
      await refusedUnchanged(
        () => changeUserMembers(people(), g, { add: [people().id] }),
        /your own group memberships/,
      );
    await refusedUnchanged(() => changeMemberships(people(), people().id, { add: [group.plain!] }));
  });

  test("no nesting that hands a group's rights on or takes them away", async () => {
    await refusedUnchanged(() =>
      changeGroupEdges(people(), group.admins!, "members", { add: [group.plain!] }),
    );
    await refusedUnchanged(() =>
      changeGroupEdges(people(), group.plain!, "memberOf", { add: [group.readers!] }),
    );
    await db()
      .insertInto("group_groups")
      .values({ group_id: group.archiveManagers!, member_group_id: group.invitingPlain! })
      .execute();
    try {
      await refusedUnchanged(() =>
        changeGroupEdges(people(), group.invitingPlain!, "memberOf", {
          remove: [group.archiveManagers!],
        }),
      );
    } finally {
      // The edge would give the inviters' group archive rights for the other tests of the file.
      await db()
        .deleteFrom("group_groups")
        .where("group_id", "=", group.archiveManagers!)
        .where("member_group_id", "=", group.invitingPlain!)
        .execute();
    }
  });

  test("within his own rights every write path answers, in time", async () => {
    const created = await within(
      createGroup(people(), { name: "Team", permissions: { manageUsers: true } } as never),
    );
    const edited = await within(updateGroup(people(), created.id, { description: "Our team" }));
    expect(edited.description).toBe("Our team");
    await within(changeUserMembers(people(), created.id, { add: [user.plain!.id] }));
    await within(changeUserMembers(people(), created.id, { remove: [user.plain!.id] }));
    await within(changeGroupEdges(people(), created.id, "members", { add: [group.plain!] }));
    await within(changeGroupEdges(people(), group.plain!, "memberOf", { remove: [created.id] }));
    await within(changeMemberships(people(), user.plain!.id, { add: [group.plain!] }));
    await within(changeMemberships(people(), user.plain!.id, { remove: [group.plain!] }));
    const person = await within(
      createManagedUser(people(), { username: `made-${crypto.randomUUID().slice(0, 6)}` }),
    );
    await within(updateManagedUser(people(), person.record.id, { isEnabled: false }));
    await within(deleteManagedUser(people(), person.record.id));
    await within(removeGroupProperties(people(), created.id));
    await within(deleteGroup(people(), created.id));
  });
});

describe("over HTTP, a group edit by a manager who is not the site owner answers", () => {
  const timed = (client: Client, path: string, init: RequestInit) =>
    client.request(path, { ...init, signal: AbortSignal.timeout(LIMIT_MS) });

  test("PATCH and PUT of the API, and the group page's form without JavaScript", async () => {
    const manager = new Client(server.url);
    await manager.signIn("people", "people-password-1");
    const id = await makeGroup(`Editable ${crypto.randomUUID().slice(0, 6)}`, {});
    const json = { accept: "application/json", "content-type": "application/json" };
    const patch = await timed(manager, `/fotoweb/api/groups/${id}`, {
      method: "PATCH",
      headers: json,
      body: JSON.stringify({ description: "patched" }),
    });
    expect(patch.status).toBe(200);
    const put = await timed(manager, `/fotoweb/api/groups/${id}`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ name: "Replaced", description: "put" }),
    });
    expect(put.status).toBe(204);
    const form = await timed(manager, `/fotoweb/views/admin/groups/${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["intent", "general"],
        ["name", "Replaced"],
        ["description", "put"],
        ["licenseLevel", "None"],
        ["licenseMode", "Named"],
      ]),
    });
    expect(form.status).toBe(302);
    const refused = await timed(manager, `/fotoweb/api/groups/${group.settings}`, {
      method: "PATCH",
      headers: json,
      body: JSON.stringify({ description: "mine" }),
    });
    expect(refused.status).toBe(403);
    // The server still answers others afterwards.
    const ownerClient = new Client(server.url);
    await ownerClient.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await timed(ownerClient, `/fotoweb/api/groups/${id}`, { headers: json })).status).toBe(
      200,
    );
    const stored = await db()
      .selectFrom("groups")
      .select(["name", "description"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: "Replaced", description: "put" });
  });

  test("POST to a group's user list cannot add oneself", async () => {
    const manager = new Client(server.url);
    await manager.signIn("people", "people-password-1");
    const before = await snapshot();
    const response = await timed(manager, `/fotoweb/api/groups/${group.readers}/users`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ users: [user.people!.id] }),
    });
    expect(response.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});
