import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { groupsOfUser } from "~/models/group/membership.server";
import { hashCredential } from "~/models/oauth/credential.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { checkRawAnswer, readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Invitations over HTTP (spec 002, decision 037): the wizard and the manager without JavaScript,
 * the API, redeeming a link into the invited groups, and what everyone else is refused: people
 * without inviteUsers, forged and used links, hostile and huge input. Nothing refused is stored.
 */

const INVITE = "/fotoweb/views/admin/invite";
const MANAGER = "/fotoweb/views/admin/invitations";
const API = "/fotoweb/api/invitations/";
const LINK_NOT_FOUND = "This invitation link is not valid";

let server: TestServer;
let owner: Client;
let inviter: Client;
let member: Client;
let inviterId: number;
let photographers: number;
let editors: number;
let inviters: number;

const count = async (table: "invitations" | "mail_messages" | "users") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function addGroup(name: string, permissions: Record<string, unknown> = {}) {
  const { id } = await db()
    .insertInto("groups")
    .values({ name, created_at: now(), permissions: JSON.stringify(permissions) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const postJson = (client: Client, path: string, body: unknown, headers = {}) =>
  client.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const href = (id: number) => `/fotoweb/api/groups/${id}`;
const tokenOf = (link: string) =>
  /\/fotoweb\/views\/invitation\/([A-Za-z0-9_-]{43})/.exec(link)![1]!;

/** Invites by API and returns the link (organization and link kinds). */
async function inviteLink(body: Record<string, unknown>): Promise<string> {
  const response = await postJson(inviter, API, body);
  expect(response.status).toBe(201);
  const { invitationLink } = await readApiJson<{ invitationLink: string }>(response);
  return invitationLink;
}

async function redeem(
  link: string,
  fields: Record<string, string>,
  client = new Client(server.url),
) {
  const path = new URL(link).pathname;
  const response = await client.post(path, {
    firstName: "Kari",
    lastName: "Nordmann",
    password: "kari-password-1",
    ...fields,
  });
  return { response, client };
}

beforeAll(async () => {
  server = await startTestServer({ LICENSE_SEATS: "200", LOGIN_RATE_LIMIT: "60" });
  photographers = await addGroup("Photographers");
  editors = await addGroup("Editors");
  inviters = await addGroup("Inviters", { inviteUsers: true });
  inviterId = (
    await createUser({
      username: "inviter",
      password: "inviter-password-1",
      fullName: "Ingrid Inviter",
    })
  ).id;
  await db()
    .insertInto("group_members")
    .values({ group_id: inviters, user_id: inviterId })
    .execute();
  await createUser({ username: "member", password: "member-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  inviter = new Client(server.url);
  await inviter.signIn("inviter", "inviter-password-1");
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("who may invite", () => {
  test("without inviteUsers the pages and the API answer as addresses where nothing is", async () => {
    const missingPage = await member.get("/fotoweb/views/admin/no-such-page");
    expect(missingPage.status).toBe(404);
    const missingText = await missingPage.text();
    for (const path of [INVITE, MANAGER]) {
      const response = await member.get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("There is nothing at this address.");
    }
    expect(missingText).toContain("There is nothing at this address.");
    expect((await member.post(INVITE, { intent: "invite", kind: "link" })).status).toBe(404);
    const invitations = await count("invitations");
    expect((await member.post(MANAGER, { intent: "revoke", id: "1" })).status).toBe(404);

    const missingApi = await readApiJson<{ value: string }>(
      await member.getJson("/fotoweb/api/no-such"),
    );
    for (const response of [
      await member.getJson(API),
      await postJson(member, API, { link: true }),
      await member.getJson(`${API}1`),
      await postJson(member, `${API}1`, {}),
    ]) {
      expect(response.status).toBe(404);
      expect((await readApiJson<{ value: string }>(response)).value).toBe(missingApi.value);
    }
    expect(await count("invitations")).toBe(invitations);
  });

  test("a visitor is sent to sign in, a program without a session gets 401", async () => {
    const visitor = new Client(server.url);
    const page = await visitor.get(INVITE);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/fotoweb/views/login");
    const api = await visitor.getJson(API);
    expect(api.status).toBe(401);
    await readApiJson(api);
  });
});

describe("the wizard without JavaScript", () => {
  test("every error at once by its field, by the spec's names, and nothing stored", async () => {
    const invitations = await count("invitations");
    const response = await inviter.post(INVITE, {
      intent: "next",
      kind: "user",
      emails: "ola@example.com, not-an-address; OLA@example.com",
      description: "x".repeat(600),
      expires: "2001-01-01",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("&quot;not-an-address&quot; is not a valid e-mail address");
    expect(html).toContain("Already in the list: OLA@example.com");
    expect(html).toContain("Use at most 500 characters");
    expect(html).toContain("Choose an expiry in the future");
    expect(html).toContain('aria-invalid="true"');

    const empty = await inviter.post(INVITE, { intent: "next", kind: "user", emails: " , " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter at least one e-mail address");

    const domain = await inviter.post(INVITE, {
      intent: "next",
      kind: "organization",
      organizationDomain: "localhost",
    });
    expect(domain.status).toBe(400);
    expect(await domain.text()).toContain("Enter a domain such as example.com");
    expect(await count("invitations")).toBe(invitations);
  });

  test("next, search, add, remove, back and invite; the mail carries the link", async () => {
    const base = {
      kind: "user",
      emails: "kari@example.com\nola@example.com",
      message: "Welcome <b>aboard</b>!",
      description: "Summer team",
    };
    const step2 = await inviter.post(INVITE, { ...base, intent: "next" });
    expect(step2.status).toBe(200);
    const step2Html = await step2.text();
    expect(step2Html).toContain("Step 2 of 2");
    expect(step2Html).toContain('value="kari@example.com\nola@example.com"');

    const found = await (
      await inviter.post(INVITE, { ...base, intent: "search", query: "photo" })
    ).text();
    expect(found).toContain("Photographers");
    expect(found).not.toContain("Editors");
    // Built-in groups are never offered.
    const builtIn = await (
      await inviter.post(INVITE, { ...base, intent: "search", query: "users" })
    ).text();
    expect(builtIn).not.toContain("Registered Users</span>");

    const added = await (
      await inviter.post(INVITE, { ...base, intent: `add:${photographers}`, query: "photo" })
    ).text();
    expect(added).toContain(`value="${href(photographers)}"`);
    const removed = await (
      await inviter.request(INVITE, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([
          ...Object.entries(base),
          ["groups", href(photographers)],
          ["groups", href(editors)],
          ["intent", `remove:${editors}`],
        ]),
      })
    ).text();
    expect(removed).toContain(`value="${href(photographers)}"`);
    expect(removed).not.toContain(`value="${href(editors)}"`);
    const back = await (
      await inviter.post(INVITE, { ...base, intent: "back", groups: href(photographers) })
    ).text();
    expect(back).toContain("Step 1 of 2");
    expect(back).toContain(`value="${href(photographers)}"`);

    const mailsBefore = await count("mail_messages");
    const invited = await inviter.post(INVITE, {
      ...base,
      intent: "invite",
      groups: href(photographers),
    });
    expect(invited.status).toBe(302);
    expect(invited.headers.get("location")).toBe(MANAGER);
    const manager = await (await inviter.get(MANAGER)).text();
    expect(manager).toContain("2 invitations sent");
    expect(manager).toContain("kari@example.com");
    expect(manager).toContain("Summer team");
    expect(manager).toContain("Photographers");

    expect(await count("mail_messages")).toBe(mailsBefore + 2);
    const mail = await db()
      .selectFrom("mail_messages")
      .selectAll()
      .where("to_address", "=", "kari@example.com")
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe("invitation");
    expect(mail.subject).toBe("Ingrid Inviter invited you to Arkiv");
    // The message is kept as text: the markup is gone, the words stay.
    expect(mail.text_body).toContain("Welcome aboard!");
    expect(mail.html_body).not.toContain("<b>");
    const link = /http:\/\/127\.0\.0\.1:\d+\/fotoweb\/views\/invitation\/[A-Za-z0-9_-]{43}/.exec(
      mail.text_body,
    )![0];
    expect(manager).toContain(link);
    // Only the secret's hash is stored.
    const row = await db()
      .selectFrom("invitations")
      .selectAll()
      .where("email", "=", "kari@example.com")
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashCredential(tokenOf(link)));
    expect(JSON.stringify(row)).not.toContain(tokenOf(link));

    // Kari makes her account: signed in, on the home page, in the invited group.
    const page = await new Client(server.url).get(new URL(link).pathname);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain("Ingrid Inviter has invited you");
    expect(pageHtml).toContain("Welcome aboard!");
    const { response, client } = await redeem(link, {
      username: "kari",
      email: "other@evil.example",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    const kari = (await findUserByUsername("kari"))!;
    expect(kari.email).toBe("kari@example.com");
    expect(kari.fullName).toBe("Kari Nordmann");
    expect(await groupsOfUser(kari)).toContain(photographers);
    const me = await client.getJson(
      "/fotoweb/me/",
      "application/vnd.fotoware.full-api-descriptor+json",
    );
    expect(me.status).toBe(200);
    expect(JSON.stringify(await readApiJson(me))).toContain("kari");

    // Single use: the same link is now the one not-found.
    const again = await new Client(server.url).get(new URL(link).pathname);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(LINK_NOT_FOUND);
    const listed = await readApiJson<{ data: { email: string; redeemedBy: unknown[] }[] }>(
      await inviter.getJson(API),
    );
    expect(listed.data.find((i) => i.email === "kari@example.com")!.redeemedBy).toEqual([
      { id: kari.id, name: "Kari Nordmann", username: "kari" },
    ]);
  });

  test("an organization invitation shows its link on the last step", async () => {
    const response = await inviter.post(INVITE, {
      intent: "invite",
      kind: "organization",
      organizationDomain: "Example.ORG",
      groups: href(editors),
    });
    expect(response.status).toBe(302);
    const done = response.headers.get("location")!;
    expect(done).toMatch(/^\/fotoweb\/views\/admin\/invite\?created=\d+$/);
    const html = await (await inviter.get(done)).text();
    expect(html).toContain("The invitation is ready");
    expect(html).toContain("example.org");
    expect(html).toMatch(
      /value="http:\/\/127\.0\.0\.1:\d+\/fotoweb\/views\/invitation\/[A-Za-z0-9_-]{43}"/,
    );
  });
});

describe("the API", () => {
  test("e-mail invitations answer totalInvitationsCreated, and the list has the spec's fields", async () => {
    const response = await postJson(
      inviter,
      API,
      {
        emails: ["a1@example.net", "a2@example.net"],
        groups: [href(editors)],
        message: "<p>Hello</p><script>alert(1)</script>",
        description: '<img src=x onerror="alert(1)">',
      },
      { accept: "application/vnd.fotoware.invitations+json" },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toContain(
      "application/vnd.fotoware.invitations+json",
    );
    expect(await readApiJson(response)).toEqual({ totalInvitationsCreated: 2 });

    const list = await readApiJson<{ data: Record<string, unknown>[] }>(await inviter.getJson(API));
    const a1 = list.data.find((i) => i.email === "a1@example.net")!;
    expect(Object.keys(a1).sort()).toEqual(
      [
        "created",
        "description",
        "email",
        "expires",
        "groupNames",
        "invitationAdminHref",
        "invitationViewHref",
        "organization",
        "redeemedBy",
      ].sort(),
    );
    expect(a1.groupNames).toEqual(["Editors"]);
    expect(a1.organization).toBeNull();
    expect(a1.invitationViewHref).toMatch(/^\/fotoweb\/views\/invitation\/[A-Za-z0-9_-]{43}$/);
    const stored = await db()
      .selectFrom("invitations")
      .select("message")
      .where("email", "=", "a1@example.net")
      .executeTakeFirstOrThrow();
    expect(stored.message).toBe("Hello");

    // Scripts in the description are shown as text on the manager page.
    const manager = await (await inviter.get(MANAGER)).text();
    expect(manager).not.toContain('<img src=x onerror="alert(1)">');
    expect(manager).toContain("&lt;img src=x onerror=");

    const one = await inviter.getJson(a1.invitationAdminHref as string);
    expect(one.status).toBe(200);
    expect((await readApiJson<{ email: string }>(one)).email).toBe("a1@example.net");
  });

  test("bad bodies are 400 'data validation failed' with field errors, and nothing is stored", async () => {
    const before = await count("invitations");
    const cases: [unknown, string, string][] = [
      [{ emails: [] }, "emails", "Enter at least one e-mail address"],
      [{ emails: ["x@y"] }, "emails", "not a valid e-mail address"],
      [{ emails: ["a@b.no", "A@B.no"] }, "emails", "Already in the list"],
      [
        { emails: Array.from({ length: 101 }, (_, i) => `p${i}@example.com`) },
        "emails",
        "at most 100",
      ],
      [
        { emails: Array.from({ length: 5000 }, (_, i) => `p${i}@example.com`) },
        "emails",
        "at most 100",
      ],
      [{ emails: "not a list at all" }, "emails", "not valid e-mail addresses"],
      [{ organizationDomain: "no_dots" }, "organizationDomain", "Enter a domain"],
      [{ organizationDomain: "a.no", emails: ["x@a.no"] }, "organizationDomain", "one at a time"],
      [{ link: true, groups: [href(10000)] }, "groups", "Everyone and Registered Users"],
      [{ link: true, groups: [href(999999)] }, "groups", "There is no group"],
      [{ link: true, groups: ["/fotoweb/api/users/1"] }, "groups", "not a group href"],
      [{ link: "yes" }, "link", "true or false"],
      [{ link: true, description: "d".repeat(501) }, "description", "at most 500"],
      [{ link: true, message: "m".repeat(5001) }, "message", "at most 5,000"],
    ];
    for (const [body, field, message] of cases) {
      const response = await postJson(inviter, API, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const reply = await readApiJson<{ value: string; fieldErrors: Record<string, string> }>(
        response,
      );
      expect(reply.value).toBe("Data validation failed.");
      expect(reply.fieldErrors[field]).toContain(message);
    }
    const malformed = await postJson(inviter, API, "{not json");
    expect(malformed.status).toBe(400);
    await readApiJson(malformed);
    const wrongType = await inviter.request(API, {
      method: "POST",
      headers: { "content-type": "text/plain", accept: "application/json" },
      body: "link=true",
    });
    expect(wrongType.status).toBe(415);
    await readApiJson(wrongType);
    expect(await count("invitations")).toBe(before);
  });

  test("organization and link invitations redeem many times; the domain is enforced", async () => {
    const orgLink = await inviteLink({
      organizationDomain: "fjord.no",
      groups: [href(photographers)],
    });
    const outside = await redeem(orgLink, { username: "stranger", email: "stranger@evil.example" });
    expect(outside.response.status).toBe(400);
    expect(await outside.response.text()).toContain("Use your e-mail address at fjord.no");
    expect(await findUserByUsername("stranger")).toBeNull();
    for (const name of ["fjord1", "fjord2"]) {
      const { response } = await redeem(orgLink, { username: name, email: `${name}@FJORD.no` });
      expect(response.status).toBe(302);
      expect(await groupsOfUser((await findUserByUsername(name))!)).toContain(photographers);
    }

    const shared = await inviteLink({ link: true, groups: [href(editors), href(photographers)] });
    for (const name of ["shared1", "shared2"]) {
      const { response } = await redeem(shared, {
        username: name,
        email: `${name}@anywhere.example`,
      });
      expect(response.status).toBe(302);
      const groups = await groupsOfUser((await findUserByUsername(name))!);
      expect(groups).toEqual(expect.arrayContaining([editors, photographers]));
    }
  });

  test("REVOKE (as POST) stops the link, and a second revoke is 'invite not found'", async () => {
    const link = await inviteLink({ link: true });
    const list = await readApiJson<{
      data: { invitationViewHref: string; invitationAdminHref: string }[];
    }>(await inviter.getJson(API));
    const entry = list.data.find((i) => link.endsWith(i.invitationViewHref))!;
    const other = await postJson(inviter, entry.invitationAdminHref, "", {
      "x-http-method-override": "DELETE",
    });
    expect(other.status).toBe(400);
    await readApiJson(other);
    const revoked = await inviter.request(entry.invitationAdminHref, {
      method: "POST",
      headers: { "x-http-method-override": "REVOKE", accept: "application/json" },
    });
    expect(revoked.status).toBe(204);
    expect((await new Client(server.url).get(new URL(link).pathname)).status).toBe(404);
    const again = await inviter.request(entry.invitationAdminHref, {
      method: "POST",
      headers: { accept: "application/json" },
    });
    expect(again.status).toBe(404);
    expect((await readApiJson<{ value: string }>(again)).value).toContain("Invite not found");
    for (const path of [`${API}999999`, `${API}abc`, `${API}-1`]) {
      const response = await inviter.request(path, {
        method: "POST",
        headers: { accept: "application/json" },
      });
      expect(response.status).toBe(404);
      await readApiJson(response);
    }
    const listedAfter = await readApiJson<{ data: { invitationAdminHref: string }[] }>(
      await inviter.getJson(API),
    );
    expect(listedAfter.data.map((i) => i.invitationAdminHref)).not.toContain(
      entry.invitationAdminHref,
    );
  });

  test("the REVOKE method itself never reaches a route: Node refuses it without a 500", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        new URL(`${API}1`, server.url),
        { method: "REVOKE" },
        (response) => {
          let body = "";
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => {
            checkRawAnswer({
              method: "REVOKE",
              url: `${API}1`,
              status: response.statusCode ?? 0,
              contentType: response.headers["content-type"] ?? null,
              text: body,
            });
            resolve(response.statusCode ?? 0);
          });
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(400);
  });
});

describe("the manager without JavaScript", () => {
  test("revoke asks first, then removes the row; bad ids change nothing", async () => {
    await inviteLink({ link: true, description: "to revoke on the page" });
    const row = await db()
      .selectFrom("invitations")
      .select("id")
      .where("description", "=", "to revoke on the page")
      .executeTakeFirstOrThrow();
    const confirm = await (await inviter.get(`${MANAGER}?revoke=${row.id}`)).text();
    expect(confirm).toContain("Revoke the invitation to Anyone with the link?");
    const bad = await inviter.post(MANAGER, { intent: "revoke", id: "not-a-number" });
    expect(bad.status).toBe(400);
    const missing = await inviter.post(MANAGER, { intent: "revoke", id: "999999" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Invite not found");
    const done = await inviter.post(MANAGER, { intent: "revoke", id: String(row.id) });
    expect(done.status).toBe(302);
    const after = await (await inviter.get(MANAGER)).text();
    expect(after).toContain("is revoked");
    expect(after).not.toContain("to revoke on the page");
  });
});

describe("redeeming: the one not-found, field errors, seats", () => {
  test("forged, revoked and expired links answer alike", async () => {
    const forged = await new Client(server.url).get(`/fotoweb/views/invitation/${"A".repeat(43)}`);
    const short = await new Client(server.url).get("/fotoweb/views/invitation/abc");
    const expiredLink = await inviteLink({ link: true });
    await db()
      .updateTable("invitations")
      .set({ expires_at: "2000-01-01T00:00:00.000Z" })
      .where("token_hash", "=", hashCredential(tokenOf(expiredLink)))
      .execute();
    const expired = await new Client(server.url).get(new URL(expiredLink).pathname);
    const bodies = [];
    for (const response of [forged, short, expired]) {
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain(LINK_NOT_FOUND);
      bodies.push(html.replace(/[0-9a-f-]{36}|\d{4}-\d\d-\d\dT[\d:.]+Z|nonce="[^"]*"/g, ""));
    }
    const posted = await redeem(expiredLink, { username: "late", email: "late@example.com" });
    expect(posted.response.status).toBe(404);
    expect(await findUserByUsername("late")).toBeNull();
  });

  test("every field error at once, taken names and addresses, and the seats", async () => {
    const link = await inviteLink({ link: true });
    await createUser({
      username: "holder",
      password: "holder-password-1",
      email: "holder@example.com",
    });
    const users = await count("users");
    const empty = await new Client(server.url).post(new URL(link).pathname, {});
    expect(empty.status).toBe(400);
    const html = await empty.text();
    for (const message of [
      "Enter your first name",
      "Enter your last name",
      "Enter your e-mail address",
      "Choose a user name",
      "Use at least 8 characters",
    ])
      expect(html).toContain(message);
    const taken = await redeem(link, { username: "MEMBER", email: "Holder@Example.com" });
    expect(taken.response.status).toBe(400);
    const takenHtml = await taken.response.text();
    expect(takenHtml).toContain("This user name is taken");
    expect(takenHtml).toContain("An account with this e-mail address exists already");
    const hostile = await redeem(link, {
      username: "<script>",
      email: "x@example.com",
      firstName: "<script>alert(1)</script>",
    });
    expect(hostile.response.status).toBe(400);
    expect(await hostile.response.text()).not.toContain("<script>alert(1)</script>");
    expect(await count("users")).toBe(users);

    // A full site: 409 out_of_licenses, nothing made.
    // Every account but the guest holds a seat (license level 35 by default).
    const seats = 200 - (users - 1);
    await db()
      .insertInto("users")
      .values(
        Array.from({ length: seats }, (_, i) => ({
          username: `seat${i}`,
          username_key: `seat${i}`,
          password_hash: null,
          created_at: now(),
        })),
      )
      .execute();
    const full = await redeem(link, { username: "onetoomany", email: "one@example.com" });
    expect(full.response.status).toBe(409);
    expect(await full.response.text()).toContain("out_of_licenses");
    expect(await findUserByUsername("onetoomany")).toBeNull();
    await db().deleteFrom("users").where("username", "like", "seat%").execute();
  });
});

describe("limits", () => {
  test("an inviter's flood is refused with 429 and creates nothing", async () => {
    // An inviter of this test's own: the flood would refuse the file's other invitations too.
    const flooder = await createUser({ username: "flooder", password: "flooder-password-1" });
    await db()
      .insertInto("group_members")
      .values({ group_id: inviters, user_id: flooder.id })
      .execute();
    const inviter = new Client(server.url);
    await inviter.signIn("flooder", "flooder-password-1");
    await db()
      .insertInto("invitations")
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          token_hash: `flood-${i}`,
          kind: "link" as const,
          created_by: flooder.id,
          created_at: now(),
        })),
      )
      .execute();
    const before = await count("invitations");
    const response = await postJson(inviter, API, { link: true });
    expect(response.status).toBe(429);
    await readApiJson(response);
    const page = await inviter.post(INVITE, { intent: "invite", kind: "link" });
    expect(page.status).toBe(429);
    expect(await count("invitations")).toBe(before);
    // Someone else may still invite.
    const other = await postJson(owner, API, { link: true });
    expect(other.status).toBe(201);
    await readApiJson(other);
  });

  test("the redeem form is rate-limited per address", async () => {
    const fresh = await server.fresh();
    try {
      const client = new Client(fresh.url);
      const statuses: number[] = [];
      for (let i = 0; i <= 60; i++) {
        const response = await client.post(`/fotoweb/views/invitation/${"B".repeat(43)}`, {});
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
