import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { NO_RESOURCE_MESSAGE } from "~/http/http.server";
import { joinGroups } from "~/models/group/membership.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site/site.server";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Sign-ups (decision 036) without JavaScript and through the API: the site owner's setting and
 * extra fields, the public form with every error at once, the approver's pending list (absent to
 * anyone without approvePendingSignups), details, approve into groups, reject, the mails, and the
 * refusals of spec 002 section 8 (400 field or group validation, 404, 409 out_of_licenses).
 */

const SIGNUP = "/fotoweb/views/signup";
const FIELDS = "/fotoweb/views/admin/signup-fields";
const PENDING = "/fotoweb/views/admin/signups";
const API = "/fotoweb/api/signups/";
const COUNT = "/fotoweb/api/signups/count";
const LIST_TYPE = "application/vnd.fotoware.signup-list+json";

interface SignupJson {
  id: string;
  href: string;
  email: string;
  firstName: string;
  lastName: string;
  userName: string;
  createdDate: string;
  userData: { id: string; value: string | boolean }[];
  groups: string[];
}

let server: TestServer;
let owner: Client;
let approver: Client;
let member: Client;
let photographers: number;

async function newGroup(name: string, permissions: object = {}) {
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: JSON.stringify(permissions) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}

const FIELD_ROWS = {
  enabled: "on",
  adminCanAssignGroups: "on",
  "fields[0].label": "Department",
  "fields[0].type": "text",
  "fields[0].regex": "^[A-Z]{2,4}$",
  "fields[0].helpText": "Two to four capital letters, e.g. NEWS",
  "fields[0].required": "on",
  "fields[1].label": "Role",
  "fields[1].type": "dropdown",
  "fields[1].values": "Photographer\nEditor",
  "fields[2].label": "I accept the terms",
  "fields[2].type": "checkbox",
  "fields[2].required": "on",
};

const person = (n: string, extra: Record<string, string> = {}) => ({
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `person${n}@example.org`,
  username: `person${n}`,
  password: `password-${n}-long`,
  confirmPassword: `password-${n}-long`,
  extra_department: "NEWS",
  extra_role: "Editor",
  "extra_i-accept-the-terms": "on",
  ...extra,
});

const signUp = (fields: Record<string, string>) => new Client(server.url).post(SIGNUP, fields);

const pendingRows = () =>
  db().selectFrom("signups").selectAll().where("status", "=", "pending").execute();

async function pendingId(username: string): Promise<string> {
  const row = (await pendingRows()).find((r) => r.username === username);
  if (!row) throw new Error(`no pending sign-up of ${username}`);
  return row.id;
}

const mailTo = (to: string) =>
  db().selectFrom("mail_messages").selectAll().where("to_address", "=", to).orderBy("id").execute();

const jsonRequest = (client: Client, path: string, init: RequestInit = {}) =>
  client.request(path, {
    ...init,
    headers: { accept: "application/json", "content-type": "application/json", ...init.headers },
  });

const decide = (client: Client, id: string, method: string, body?: unknown) =>
  jsonRequest(client, `${API}${id}`, {
    method: "POST",
    headers: { "x-http-method-override": method },
    body: body === undefined ? "{}" : JSON.stringify(body),
  });

const OFF = { enabled: false, adminCanAssignGroups: true, fields: [] };

/** Each test states the settings it starts from (decision 075): off, or on with FIELD_ROWS. */
const signupsOff = () => updateSiteSettings({ signups: OFF });
async function signupsOn() {
  expect((await owner.post(FIELDS, FIELD_ROWS)).status).toBe(302);
}

let serial = 0;
/** A sign-up of this test's own, waiting for approval, made through the public form. */
async function pending() {
  await signupsOn();
  const n = `w${++serial}`;
  expect((await signUp(person(n))).status).toBe(302);
  const username = `person${n}`;
  return { n, username, email: `${username}@example.org`, id: await pendingId(username) };
}

const isPending = async (id: string) => (await pendingRows()).some((r) => r.id === id);

/*
 * Four seats (LICENSE_SEATS): the owner holds one. Tests that approve free the others first by
 * taking every other account down to license level None; the one that needs a full site gives
 * three accounts their level back.
 */
const freeSeats = () =>
  db()
    .updateTable("users")
    .set({ license_level: 0 })
    .where("username_key", "!=", "owner")
    .execute();
const fillSeats = () =>
  db()
    .updateTable("users")
    .set({ license_level: 35 })
    .where("username_key", "in", ["member", "taken", "approver"])
    .execute();

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000", LICENSE_SEATS: "4" });
  const approvers = await newGroup("Approvers", { approvePendingSignups: true });
  photographers = await newGroup("Photographers");
  const approverUser = await createUser({ username: "approver", password: "approver-pass-1" });
  await joinGroups(approverUser.id, [approvers]);
  await createUser({ username: "member", password: "member-pass-1" });
  await createUser({ username: "taken", password: "taken-pass-1", email: "taken@example.org" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  approver = new Client(server.url);
  await approver.signIn("approver", "approver-pass-1");
  member = new Client(server.url);
  await member.signIn("member", "member-pass-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("while sign-ups are off", () => {
  test("the sign-up page does not exist and the log-on page does not offer it", async () => {
    await signupsOff();
    expect((await new Client(server.url).get(SIGNUP)).status).toBe(404);
    expect((await signUp(person("0"))).status).toBe(404);
    expect((await pendingRows()).map((r) => r.username)).not.toContain("person0");
    const login = await (await new Client(server.url).get("/fotoweb/views/login")).text();
    expect(login).not.toContain(`href="${SIGNUP}"`);
  });
});

describe("the site owner's sign-up settings", () => {
  test("only those who manage settings reach the editor", async () => {
    await signupsOff();
    expect((await member.get(FIELDS)).status).toBe(404);
    expect((await member.post(FIELDS, FIELD_ROWS)).status).toBe(404);
    expect((await approver.get(FIELDS)).status).toBe(404);
    expect((await new Client(server.url).get(FIELDS)).status).toBe(302);
    expect((await getSiteSettings()).signups.enabled).toBe(false);
  });

  test("every error at once, 400, and nothing stored", async () => {
    await signupsOff();
    const response = await owner.post(FIELDS, {
      enabled: "on",
      "fields[0].label": "Code",
      "fields[0].type": "text",
      "fields[0].regex": "([unclosed",
      "fields[1].label": "Pick",
      "fields[1].type": "dropdown",
      "fields[1].values": "",
      "fields[2].label": "Odd",
      "fields[2].type": "radio",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("This is not a valid regular expression");
    expect(html).toContain("List the choices, one a line");
    expect(html).toContain("Choose text, dropdown or checkbox");
    // What was typed is shown again.
    expect(html).toContain("([unclosed");
    expect((await getSiteSettings()).signups).toEqual(OFF);
  });

  test("saving turns sign-ups on with the extra fields; a blank new row adds nothing", async () => {
    await signupsOff();
    const response = await owner.post(FIELDS, {
      ...FIELD_ROWS,
      "fields[3].label": "",
      "fields[3].type": "text",
    });
    expect(response.status).toBe(302);
    const { signups } = await getSiteSettings();
    expect(signups.enabled).toBe(true);
    expect(signups.fields.map((f) => [f.id, f.type, f.required])).toEqual([
      ["department", "text", true],
      ["role", "dropdown", false],
      ["i-accept-the-terms", "checkbox", true],
    ]);
    expect(signups.fields[1]!.values).toEqual(["Photographer", "Editor"]);
    const page = await (await owner.get(FIELDS)).text();
    expect(page).toContain('value="department"');
    expect(page).toContain("Two to four capital letters");
  });
});

describe("the public sign-up", () => {
  test("a visitor with no account sees the form with the extra fields", async () => {
    await signupsOn();
    const response = await new Client(server.url).get(SIGNUP);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const name of ["firstName", "lastName", "email", "username", "password"])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('name="extra_department"');
    expect(html).toContain("Photographer");
    const login = await (await new Client(server.url).get("/fotoweb/views/login")).text();
    expect(login).toContain(`href="${SIGNUP}"`);
  });

  test("every error at once, by its field, with 400; nothing is stored", async () => {
    await signupsOn();
    const before = await pendingRows();
    const response = await signUp({ email: "not-an-address", password: "short" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("First name is a required field");
    expect(html).toContain("Last name is a required field");
    expect(html).toContain("Enter a valid e-mail address");
    expect(html).toContain("Choose a user name");
    expect(html).toContain("Use at least 8 characters");
    expect(html).toContain("Department is a required field");
    expect(html).toContain("Two to four capital letters");
    expect(await pendingRows()).toEqual(before);
  });

  test("the pattern's help text, a choice not offered and hostile input are refused", async () => {
    await signupsOn();
    const before = await pendingRows();
    const response = await signUp(
      person("x", {
        extra_department: "news<script>",
        extra_role: "Admin",
        "extra_i-accept-the-terms": "",
        extra_unknown: "ignored",
        username: "bad name!",
      }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Two to four capital letters, e.g. NEWS");
    expect(html).toContain("Choose one of the options for Role");
    expect(html).toContain("Use at most 64 letters, digits");
    expect(html).not.toContain("news<script>");
    expect(await pendingRows()).toEqual(before);
  });

  test("a valid sign-up waits for approval and the answer is neutral", async () => {
    await signupsOn();
    const response = await signUp(person("valid"));
    expect(response.status).toBe(302);
    // Counted per client address, like the log-on.
    expect(response.headers.get("ratelimit")).toMatch(/limit=1000/);
    expect(response.headers.get("location")).toBe(`${SIGNUP}?sent=1`);
    const row = (await pendingRows()).find((r) => r.username === "personvalid");
    expect(row).toMatchObject({ username: "personvalid", email: "personvalid@example.org" });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.parse(row!.user_data)).toEqual([
      { id: "department", value: "NEWS" },
      { id: "role", value: "Editor" },
      { id: "i-accept-the-terms", value: true },
    ]);
    const thanks = await (await new Client(server.url).get(`${SIGNUP}?sent=1`)).text();
    expect(thanks).toContain("Your sign-up was received");
  });

  test("a user name in use is refused by its field", async () => {
    const waiting = await pending();
    for (const username of ["TAKEN", `Person${waiting.n}`]) {
      const response = await signUp(person("taken-name", { username }));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("This user name is taken");
    }
  });

  test("an address that has an account gets the same answer, and a reminder by mail", async () => {
    await signupsOn();
    const before = await mailTo("Taken@Example.org");
    const response = await signUp(person("reminder", { email: "Taken@Example.org" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${SIGNUP}?sent=1`);
    expect((await pendingRows()).map((r) => r.username)).not.toContain("personreminder");
    const reminders = await mailTo("Taken@Example.org");
    expect(reminders).toHaveLength(before.length + 1);
    const reminder = reminders.at(-1)!;
    expect(reminder.kind).toBe("signup-existing-account");
    expect(reminder.text_body).toContain('"taken"');
    expect(reminder.text_body).toContain("/fotoweb/views/forgot-password");
  });
});

describe("the pending list", () => {
  test("is absent to anyone without approvePendingSignups, page and API alike", async () => {
    const waiting = await pending();
    const page = await member.get(PENDING);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("There is nothing at this address.");
    const unknownPage = await member.get("/fotoweb/views/admin/no-such-page");
    expect(unknownPage.status).toBe(404);
    for (const path of [API, COUNT, `${API}${waiting.id}`]) {
      const response = await member.getJson(path);
      expect(response.status, path).toBe(404);
      expect((await readApiJson<{ value: string }>(response)).value).toBe(NO_RESOURCE_MESSAGE);
    }
    const decided = await decide(member, waiting.id, "APPROVE");
    expect(decided.status).toBe(404);
    expect(await isPending(waiting.id)).toBe(true);
    expect((await new Client(server.url).get(PENDING)).status).toBe(302);
    expect((await new Client(server.url).getJson(API)).status).toBe(401);
  });

  test("the approver sees each sign-up with the spec's date format, info, reject, approve", async () => {
    const waiting = await pending();
    const html = await (await approver.get(PENDING)).text();
    expect(html).toContain(`First${waiting.n}`);
    expect(html).toContain(waiting.email);
    expect(html).toMatch(
      /\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec), \d{2}:\d{2} UTC \(\d{4}\)/,
    );
    const id = waiting.id;
    expect(html).toContain(`?details=${id}`);
    expect(html).toContain(`?reject=${id}`);
    expect(html).toContain(`?approve=${id}`);
    const approve = await (await approver.get(`${PENDING}?approve=${id}`)).text();
    expect(approve).toContain("Photographers");
    expect(approve).not.toContain(">Registered Users<");
    expect((await approver.get(`${PENDING}?details=not-a-guid`)).status).toBe(404);
  });

  test("the API lists them and counts them", async () => {
    const waiting = await pending();
    const stored = await pendingRows();
    const list = await readApiJson<{ count: number; data: SignupJson[] }>(
      await approver.getJson(API, LIST_TYPE),
    );
    expect(list.count).toBe(stored.length);
    expect(list.data.map((s) => s.id).sort()).toEqual(stored.map((r) => r.id).sort());
    const mine = list.data.find((s) => s.id === waiting.id);
    expect(mine).toMatchObject({
      email: waiting.email,
      firstName: `First${waiting.n}`,
      lastName: `Last${waiting.n}`,
      userName: waiting.username,
      groups: [],
    });
    expect(mine!.href).toBe(`${API}${waiting.id}`);
    const count = await readApiJson<{ signupCount: number }>(
      await approver.getJson(COUNT, "application/vnd.fotoware.signup-list-count+json"),
    );
    expect(count.signupCount).toBe(stored.length);
  });
});

describe("details", () => {
  test("PATCH checks names and extra fields (400) and changes only what it names", async () => {
    const waiting = await pending();
    const href = `${API}${waiting.id}`;
    for (const body of [
      { firstName: "  " },
      { userData: [{ id: "department", value: "lower" }] },
      { userData: [{ id: "no-such-field", value: "x" }] },
      { email: "changed@example.org" },
    ]) {
      const response = await jsonRequest(approver, href, {
        method: "PATCH",
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const response = await jsonRequest(approver, href, {
      method: "PATCH",
      body: JSON.stringify({
        lastName: "Renamed",
        userData: [{ id: "role", value: "Photographer" }],
      }),
    });
    expect(response.status).toBe(200);
    const changed = await readApiJson<SignupJson>(response);
    expect(changed).toMatchObject({
      firstName: `First${waiting.n}`,
      lastName: "Renamed",
      email: waiting.email,
    });
    expect(changed.userData).toContainEqual({ id: "role", value: "Photographer" });
    expect(changed.userData).toContainEqual({ id: "department", value: "NEWS" });
    expect(
      (await jsonRequest(approver, `${API}${crypto.randomUUID()}`, { method: "PATCH", body: "{}" }))
        .status,
    ).toBe(404);
  });

  test("the details form shows every error at once and saves", async () => {
    const { id, email } = await pending();
    const bad = await approver.post(`${PENDING}?details=${id}`, {
      intent: "details",
      id,
      firstName: "",
      lastName: "",
      extra_department: "x",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("First name is a required field");
    expect(html).toContain("Last name is a required field");
    expect(html).toContain("Two to four capital letters");
    const good = await approver.post(`${PENDING}?details=${id}`, {
      intent: "details",
      id,
      firstName: "Petra",
      lastName: "Person",
      extra_department: "PIX",
      extra_role: "Editor",
      "extra_i-accept-the-terms": "on",
    });
    expect(good.status).toBe(302);
    const row = (await pendingRows()).find((r) => r.id === id)!;
    expect([row.first_name, row.last_name, row.email]).toEqual(["Petra", "Person", email]);
  });
});

describe("approve and reject", () => {
  test("approve refuses unknown groups (400), and groups when approvers may not choose them", async () => {
    const { id } = await pending();
    await freeSeats();
    for (const groups of [["/fotoweb/api/groups/999999"], ["nonsense"], [12.5]]) {
      const response = await decide(approver, id, "APPROVE", { groups });
      expect(response.status, JSON.stringify(groups)).toBe(400);
    }
    await owner.post(FIELDS, { ...FIELD_ROWS, adminCanAssignGroups: "" });
    const refused = await decide(approver, id, "APPROVE", { groups: [photographers] });
    expect(refused.status).toBe(400);
    expect((await readApiJson<{ value: string }>(refused)).value).toContain(
      "does not let approvers",
    );
    // The list then approves in one step, with no group form.
    const list = await (await approver.get(PENDING)).text();
    expect(list).not.toContain(`?approve=${id}`);
    expect(list).toMatch(/<button[^>]*name="intent"[^>]*value="approve"/);
    await owner.post(FIELDS, FIELD_ROWS);
    expect(await isPending(id)).toBe(true);
  });

  test("a full site answers 409 out_of_licenses and makes no account", async () => {
    const { id, username } = await pending();
    await fillSeats();
    const response = await decide(approver, id, "APPROVE", { groups: [] });
    expect(response.status).toBe(409);
    expect((await readApiJson<{ value: string }>(response)).value).toContain("out_of_licenses");
    const page = await approver.post(`${PENDING}?approve=${id}`, { intent: "approve", id });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("out_of_licenses");
    const user = await db()
      .selectFrom("users")
      .select("id")
      .where("username_key", "=", username)
      .executeTakeFirst();
    expect(user).toBeUndefined();
    expect(await isPending(id)).toBe(true);
  });

  test("the approver approves into a group; the account signs in with its chosen password", async () => {
    const { id, n, username, email } = await pending();
    await freeSeats();
    const response = await approver.post(`${PENDING}?approve=${id}`, {
      intent: "approve",
      id,
      groups: String(photographers),
    });
    expect(response.status).toBe(302);
    expect(await isPending(id)).toBe(false);
    const user = await db()
      .selectFrom("users")
      .selectAll()
      .where("username_key", "=", username)
      .executeTakeFirstOrThrow();
    expect([user.first_name, user.last_name, user.email]).toEqual([`First${n}`, `Last${n}`, email]);
    const memberships = await db()
      .selectFrom("group_members")
      .select("group_id")
      .where("user_id", "=", user.id)
      .execute();
    expect(memberships.map((m) => Number(m.group_id))).toContain(photographers);
    await new Client(server.url).signIn(username, `password-${n}-long`);
    const [approved] = await mailTo(email);
    expect(approved!.kind).toBe("signup-approved");
    expect(approved!.text_body).toContain(username);
    // Decided: gone from every answer.
    expect((await decide(approver, id, "REJECT")).status).toBe(404);
    expect((await approver.get(`${PENDING}?details=${id}`)).status).toBe(404);
  });

  test("the API approves with ?method=APPROVE and rejects with X-HTTP-Method-Override", async () => {
    const four = await pending();
    const five = await pending();
    await freeSeats();
    const approved = await jsonRequest(approver, `${API}${four.id}?method=approve`, {
      method: "POST",
      body: JSON.stringify({ groups: [`/fotoweb/api/groups/${photographers}`] }),
    });
    expect(approved.status).toBe(204);
    const rejected = await decide(approver, five.id, "REJECT");
    expect(rejected.status).toBe(204);
    expect(await isPending(four.id)).toBe(false);
    expect(await isPending(five.id)).toBe(false);
    const [mailFive] = await mailTo(five.email);
    expect(mailFive!.kind).toBe("signup-rejected");
    await expect(
      new Client(server.url).signIn(five.username, `password-${five.n}-long`),
    ).rejects.toThrow();
    await new Client(server.url).signIn(four.username, `password-${four.n}-long`);
  });

  test("a user name taken after the sign-up is a 409 at approval", async () => {
    const { id, n } = await pending();
    await freeSeats();
    await createUser({ username: `Person${n}`, password: "someone-else-1" });
    const response = await decide(approver, id, "APPROVE", { groups: [] });
    expect(response.status).toBe(409);
    expect(await isPending(id)).toBe(true);
  });

  test("the reject page confirms first; the rejection leaves the list", async () => {
    const { id } = await pending();
    // The only sign-up waiting, so the list's empty state shows after.
    await db().deleteFrom("signups").where("id", "!=", id).execute();
    const confirm = await (await approver.get(`${PENDING}?reject=${id}`)).text();
    expect(confirm).toContain("Reject the sign-up");
    const response = await approver.post(`${PENDING}?reject=${id}`, { intent: "reject", id });
    expect(response.status).toBe(302);
    expect(await pendingRows()).toHaveLength(0);
    expect(await (await approver.get(PENDING)).text()).toContain("There are no pending sign-ups.");
  });

  test("unknown and malformed sign-ups are 404; a plain POST or another method is 405", async () => {
    for (const id of [crypto.randomUUID(), "x", "%2e%2e"]) {
      expect((await decide(approver, id, "APPROVE")).status, id).toBe(404);
      expect((await approver.getJson(`${API}${id}`)).status, id).toBe(404);
    }
    const { id } = await pending();
    expect(
      (await jsonRequest(approver, `${API}${id}`, { method: "POST", body: "{}" })).status,
    ).toBe(405);
    expect((await decide(approver, id, "DELETE")).status).toBe(405);
    expect((await jsonRequest(approver, `${API}${id}`, { method: "PUT", body: "{}" })).status).toBe(
      405,
    );
    expect(await isPending(id)).toBe(true);
  });
});

describe("patterns from people (issue 29, decision 069)", () => {
  test("a pattern RE2 cannot run is refused by its field; nothing changes", async () => {
    const before = (await getSiteSettings()).signups;
    const response = await owner.post(FIELDS, {
      ...FIELD_ROWS,
      "fields[0].regex": "^(?=NE)[A-Z]+$",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Look-ahead and look-behind");
    expect((await getSiteSettings()).signups).toEqual(before);
  });

  test("^(a+)+$ is saved and answers an anonymous hostile value at once, correctly", async () => {
    const rows = { ...FIELD_ROWS, "fields[0].regex": "^(a+)+$", "fields[0].helpText": "Only a" };
    expect((await owner.post(FIELDS, rows)).status).toBe(302);
    const before = (await pendingRows()).length;
    // 27 characters took 2.6 s on the backtracking engine, doubling with each one more.
    const hostile = await signUp(person("r1", { extra_department: `${"a".repeat(60)}!` }));
    expect(hostile.status).toBe(400);
    expect(await hostile.text()).toContain("Only a");
    expect(await pendingRows()).toHaveLength(before);
    const fitting = await signUp(person("r2", { extra_department: "a".repeat(60) }));
    expect(fitting.status).toBe(302);
    expect(await pendingRows()).toHaveLength(before + 1);
  });
});
