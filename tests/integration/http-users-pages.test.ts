import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import { createUser } from "~/models/user/user.server";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { insertGroup } from "../helpers/groups";

/*
 * The users pages without JavaScript (decision 034): every mutation is a plain form post that
 * redirects with a toast; refusals show every field's message at once with 400 (409 stale or
 * taken), and change nothing.
 */

const GRID = "/fotoweb/views/admin/users";
let server: TestServer;
let owner: Client;

const form = (client: Client, path: string, fields: [string, string][]) =>
  client.request(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

const row = (username: string) =>
  db().selectFrom("users").selectAll().where("username", "=", username).executeTakeFirst();

const REQUIRED: [string, string][] = [
  ["intent", "save"],
  ["address.givenName", "Paula"],
  ["address.surname", "Page"],
  ["address.email", "paula@example.com"],
  ["license.level", "Contributor"],
  ["license.mode", "Named"],
  ["commerce.paymentMethod", "1"],
  ["commerce.discount", "0"],
  ["shown", "account.isEnabled"],
  ["account.isEnabled", "on"],
];

beforeAll(async () => {
  server = await startTestServer();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

// Every test starts with the three grid users as new (decision 075): the bulk tests change and
// delete them.
beforeEach(async () => {
  const names = ["grid-a", "grid-b", "grid-c"];
  await db()
    .deleteFrom("users")
    .where("username_key", "in", [...names, "paula", "paula2"])
    .execute();
  for (const name of names)
    await createUser({ username: name, password: "grid-password-1", firstName: name });
});

/** Paula as the editor's create form makes her, for the tests that edit her. */
const createPaula = () =>
  createUser({
    username: "paula",
    password: "long-enough-1",
    firstName: "Paula",
    lastName: "Paulsen",
    email: "paula@example.com",
  });

describe("the grid", () => {
  test("lists, searches, sorts and pages; the count reads one user or N users", async () => {
    const html = await (await owner.get(`${GRID}?q=grid-&n=2`)).text();
    expect(html).toContain("3 users");
    expect(html).toContain("grid-a");
    expect(html).not.toContain("grid-c");
    expect(html).toContain("Page 1 of 2");
    const last = await (await owner.get(`${GRID}?q=grid-&n=2&p=1`)).text();
    expect(last).toContain("grid-c");
    const one = await (await owner.get(`${GRID}?q=grid-b`)).text();
    expect(one).toContain("one user");
    const desc = await (await owner.get(`${GRID}?q=grid-&sortfield=username&sortdir=desc`)).text();
    expect(desc.indexOf("grid-c")).toBeLessThan(desc.indexOf("grid-a"));
  });

  test("the selection stays in the address and the dropdown lists it", async () => {
    const id = (await row("grid-a"))!.id;
    const html = await (await owner.get(`${GRID}?q=grid-b&sel=${id}`)).text();
    expect(html).toContain("One user selected");
    expect(html).toMatch(new RegExp(`name="sel" value="${id}"`));
  });

  test("the column chooser saves the viewer's preference; every column hidden is refused", async () => {
    const saved = await form(owner, GRID, [
      ["intent", "columns"],
      ["columns", "username"],
      ["columns", "company"],
      ["back", `${GRID}?q=grid-`],
    ]);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`${GRID}?q=grid-`);
    const prefs = JSON.parse((await row(TEST_ADMIN.username))!.preferences) as {
      shared: { userGridSettings: { columns: { fieldName: string; isVisible: boolean }[] } };
    };
    expect(
      prefs.shared.userGridSettings.columns.filter((c) => c.isVisible).map((c) => c.fieldName),
    ).toEqual(["username", "company"]);
    const none = await form(owner, GRID, [["intent", "columns"]]);
    expect(none.status).toBe(400);
    const html = await (await owner.get(GRID)).text();
    expect(html).toMatch(/>Company<\/a>/);
    expect(html).not.toMatch(/>Full name<\/a>/);
  });
});

describe("the editor", () => {
  test("all errors at once, 400, nothing stored; then added with a toast", async () => {
    const bad = await form(owner, `${GRID}/new`, [
      ["intent", "save"],
      ["username", " "],
      ["address.email", "nope"],
      ["account.password", "long-enough-1"],
      ["account.confirmPassword", "other-value-1"],
      ["commerce.discount", "lots"],
    ]);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of [
      "Username is a required field.",
      "First name is a required field.",
      "Last name is a required field.",
      "Enter a valid e-mail address",
      "The passwords do not match.",
      "Enter a number",
    ])
      expect(html).toContain(message);
    expect(html).not.toContain("long-enough-1");
    const added = await form(owner, `${GRID}/new`, [...REQUIRED, ["username", "paula"]]);
    expect(added.status).toBe(302);
    expect(await row("paula")).toMatchObject({
      first_name: "Paula",
      license_level: 35,
      is_enabled: 1,
    });
    const taken = await form(owner, `${GRID}/new`, [...REQUIRED, ["username", "PAULA"]]);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("already exists");
  });

  test("saves changes over the revision it opened; a stale save is 409", async () => {
    await createPaula();
    const user = (await row("paula"))!;
    const page = await (await owner.get(`${GRID}/${user.id}`)).text();
    expect(page).toContain('name="revision" value="1"');
    const saved = await form(owner, `${GRID}/${user.id}`, [
      ...REQUIRED,
      ["username", "paula"],
      ["revision", "1"],
      ["address.city", " Oslo "],
      ["shown", "account.forcePasswordChange"],
    ]);
    expect(saved.status).toBe(302);
    expect(JSON.parse((await row("paula"))!.address)).toMatchObject({ city: "Oslo" });
    const stale = await form(owner, `${GRID}/${user.id}`, [
      ...REQUIRED,
      ["username", "paula2"],
      ["revision", "1"],
    ]);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Someone else saved this user");
    expect((await row("paula"))!.revision).toBe(2);
    // Unticked, the account is disabled.
    const disabled = await form(owner, `${GRID}/${user.id}`, [
      ...REQUIRED.filter(([name]) => name !== "account.isEnabled"),
      ["username", "paula"],
      ["revision", "2"],
    ]);
    expect(disabled.status).toBe(302);
    expect((await row("paula"))!.is_enabled).toBe(0);
    expect((await owner.get(`${GRID}/999999`)).status).toBe(404);
    expect((await owner.get(`${GRID}/abc`)).status).toBe(404);
  });

  test("the guest's editor offers no password or access; device tokens reset by form", async () => {
    const html = await (await owner.get(`${GRID}/${GUEST_USER_ID}`)).text();
    expect(html).toContain("The password of this user cannot be set here.");
    expect(html).not.toContain('name="account.password"');
    const posted = await form(owner, `${GRID}/${GUEST_USER_ID}`, [
      ...REQUIRED,
      ["username", "Guest"],
      ["account.password", "guest-password-1"],
      ["account.confirmPassword", "guest-password-1"],
    ]);
    expect(posted.status).toBe(403);
    expect((await row("Guest"))!.password_hash).toBeNull();
    await createPaula();
    const paula = (await row("paula"))!;
    const reset = await form(owner, `${GRID}/${paula.id}`, [["intent", "resetDeviceTokens"]]);
    expect(reset.status).toBe(302);
  });
});

describe("group memberships in the editor", () => {
  test("the editor replaces the direct groups; nobody grants what they lack, and nothing changes", async () => {
    const managers = await insertGroup("Page managers", { manageUsers: true });
    const admins = await insertGroup("Page admins", { manageUsers: true, manageSettings: true });
    const editors = await insertGroup("Page editors", {});
    const member = await createUser({ username: "joiner", password: "joiner-password-1" });
    const manager = await createUser({ username: "pagemanager", password: "manager-password-1" });
    await db()
      .insertInto("group_members")
      .values({ group_id: managers, user_id: manager.id })
      .execute();
    const page = await (await owner.get(`${GRID}/${member.id}`)).text();
    expect(page).toContain("Page editors");
    const held = async () =>
      (
        await db()
          .selectFrom("group_members")
          .select("group_id")
          .where("user_id", "=", member.id)
          .execute()
      )
        .map((r) => r.group_id)
        .filter((g) => g < 10000 || g > 10001)
        .sort();
    const base: [string, string][] = [...REQUIRED, ["username", "joiner"], ["shown", "memberOf"]];
    const saved = await form(owner, `${GRID}/${member.id}`, [
      ...base,
      ["memberOf", String(editors)],
      ["memberOf", String(admins)],
    ]);
    expect(saved.status).toBe(302);
    expect(await held()).toEqual([editors, admins].sort());
    const asManager = new Client(server.url);
    await asManager.signIn("pagemanager", "manager-password-1");
    const revision = String((await row("joiner"))!.revision);
    // The manager may not edit joiner now: joiner holds manageSettings, which the manager lacks.
    const refused = await form(asManager, `${GRID}/${member.id}`, [
      ...base,
      ["revision", revision],
      ["memberOf", String(editors)],
    ]);
    expect(refused.status).toBe(403);
    expect(await held()).toEqual([editors, admins].sort());
    const fresh = await createUser({ username: "newcomer", password: "newcomer-password-1" });
    const grant = await form(asManager, `${GRID}/${fresh.id}`, [
      ...REQUIRED,
      ["username", "newcomer-renamed"],
      ["shown", "memberOf"],
      ["memberOf", String(admins)],
    ]);
    expect(grant.status).toBe(403);
    expect(await grant.text()).toContain("it grants rights you do not hold");
    expect(await row("newcomer")).toBeDefined();
    const added = await form(asManager, `${GRID}/new`, [
      ...REQUIRED,
      ["username", "made-by-manager"],
      ["shown", "memberOf"],
      ["memberOf", String(admins)],
    ]);
    expect(added.status).toBe(403);
    expect(await row("made-by-manager")).toBeUndefined();
    const ok = await form(asManager, `${GRID}/new`, [
      ...REQUIRED,
      ["username", "made-by-manager"],
      ["shown", "memberOf"],
      ["memberOf", String(editors)],
    ]);
    expect(ok.status).toBe(302);
    const made = (await row("made-by-manager"))!;
    expect(
      (
        await db()
          .selectFrom("group_members")
          .select("group_id")
          .where("user_id", "=", made.id)
          .execute()
      ).map((r) => r.group_id),
    ).toContain(editors);
  });
});

describe("bulk, delete and the site owner", () => {
  test("bulk company and license act on the users the flags allow", async () => {
    const a = (await row("grid-a"))!.id;
    const b = (await row("grid-b"))!.id;
    const ownerId = (await row(TEST_ADMIN.username))!.id;
    const dialog = await (
      await owner.get(`${GRID}/bulk?kind=access&sel=${a}&sel=${ownerId}`)
    ).text();
    expect(dialog).toContain("Applies to one user");
    expect(dialog).toContain("left as");
    const company = await form(owner, `${GRID}/bulk`, [
      ["kind", "company"],
      ["users", String(a)],
      ["users", String(b)],
      ["company", "Bulk Ltd"],
      ["back", `${GRID}?sel=${a}`],
    ]);
    expect(company.status).toBe(302);
    expect(company.headers.get("location")).toBe(`${GRID}?sel=${a}`);
    expect((await row("grid-a"))!.organization).toBe("Bulk Ltd");
    const noChange = await form(owner, `${GRID}/bulk`, [
      ["kind", "license"],
      ["users", String(a)],
      ["licenseLevel", ""],
      ["licenseMode", ""],
    ]);
    expect(noChange.status).toBe(400);
    const license = await form(owner, `${GRID}/bulk`, [
      ["kind", "license"],
      ["users", String(a)],
      ["licenseLevel", ""],
      ["licenseMode", "Concurrent"],
    ]);
    expect(license.status).toBe(302);
    expect(await row("grid-a")).toMatchObject({ license_mode: 1, license_level: 35 });
    const access = await form(owner, `${GRID}/bulk`, [
      ["kind", "access"],
      ["users", String(a)],
      ["users", String(ownerId)],
      ["isEnabled", "false"],
    ]);
    expect(access.status).toBe(302);
    expect((await row("grid-a"))!.is_enabled).toBe(0);
    expect((await row(TEST_ADMIN.username))!.is_enabled).toBe(1);
    const expiry = await form(owner, `${GRID}/bulk`, [
      ["kind", "expiry"],
      ["users", String(a)],
      ["expires", "2031-02-03"],
    ]);
    expect(expiry.status).toBe(302);
    expect((await row("grid-a"))!.expires_at).toBe("2031-02-03T23:59:59.000Z");
    expect((await owner.get(`${GRID}/bulk?kind=nope`)).status).toBe(404);
  });

  test("delete one after confirming, and several", async () => {
    const c = (await row("grid-c"))!.id;
    const confirm = await (await owner.get(`${GRID}?delete=${c}`)).text();
    expect(confirm).toContain("Delete grid-c");
    const deleted = await form(owner, GRID, [
      ["intent", "delete"],
      ["id", String(c)],
      ["back", `${GRID}?sel=${c}`],
    ]);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(GRID);
    expect(await row("grid-c")).toBeUndefined();
    const a = (await row("grid-a"))!.id;
    const b = (await row("grid-b"))!.id;
    const bulk = await form(owner, `${GRID}/bulk`, [
      ["kind", "delete"],
      ["users", String(a)],
      ["users", String(b)],
      ["users", String(GUEST_USER_ID)],
    ]);
    expect(bulk.status).toBe(302);
    expect(await row("grid-a")).toBeUndefined();
    expect(await row("Guest")).toBeDefined();
  });

  test("the site owner hands over, sees the notice once, and OK logs out", async () => {
    // A session of this test's own: it ends with the log-out.
    const owner = new Client(server.url);
    await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const heir = await createUser({ username: "heir", password: "heir-password-1" });
    const confirm = await owner.get(`${GRID}/site-owner?user=${heir.id}`);
    expect(confirm.status).toBe(200);
    const done = await form(owner, `${GRID}/site-owner`, [["user", String(heir.id)]]);
    expect(done.status).toBe(302);
    const notice = await owner.get(done.headers.get("location")!);
    expect(notice.status).toBe(200);
    expect(await notice.text()).toContain("Site owner changed");
    expect((await owner.get(done.headers.get("location")!)).status).toBe(404);
    const out = await form(owner, "/fotoweb/views/logout", []);
    expect(out.status).toBe(302);
    expect((await row("heir"))!.is_site_owner).toBe(1);
    const heirClient = new Client(server.url);
    await heirClient.signIn("heir", "heir-password-1");
    const ownerId = (await row(TEST_ADMIN.username))!.id;
    expect((await form(heirClient, `${GRID}/site-owner`, [["user", String(ownerId)]])).status).toBe(
      302,
    );
    expect((await row(TEST_ADMIN.username))!.is_site_owner).toBe(1);
  });
});
