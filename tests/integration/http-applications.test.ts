import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { GUEST_USER_ID } from "~/db/schema";
import { createUser } from "~/models/user/user.server";
import { checkJsonResponse, readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { TEST_ADMIN } from "../helpers/database";

/*
 * The applications page without JavaScript and the applications API (decision 028): what an
 * administrator does, what everyone else is refused, and bad input that changes nothing.
 */

const PAGE = "/fotoweb/views/management/applications";
const API = "/fotoweb/api/config/applications";

let server: TestServer;
let owner: Client;
let member: Client;
let memberId: number;

const count = async () =>
  Number(
    (
      await db()
        .selectFrom("applications")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const postJson = (client: Client, path: string, body: unknown) =>
  client.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startTestServer();
  memberId = (await createUser({ username: "member", password: "member-password-1" })).id;
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("member", "member-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the page without JavaScript", () => {
  test("every invalid field is reported at once with 400, and nothing is stored", async () => {
    // The API's tests register applications of their own, in any order.
    const before = await count();
    const response = await owner.post(PAGE, {
      intent: "create",
      name: " ",
      grants: "client_credentials",
      redirectUris: "ftp://nope",
      user: "",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a name");
    expect(html).toContain("must use https");
    expect(html).toContain("Choose the user whose rights");
    expect(await count()).toBe(before);
  });

  test("registers, shows the secret once, issues a token once, and deletes after confirming", async () => {
    const before = await count();
    const created = await owner.post(PAGE, {
      intent: "create",
      name: "Nightly <sync>",
      grants: "client_credentials",
      redirectUris: "",
      user: `/fotoweb/api/users/${memberId}`,
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe(PAGE);
    const first = await (await owner.get(PAGE)).text();
    const secret = /data-testid="secret-value">([A-Za-z0-9_-]{43})</.exec(first)?.[1];
    expect(secret).toBeTruthy();
    expect(first).toContain("Nightly &lt;sync&gt;");
    const second = await (await owner.get(PAGE)).text();
    expect(second).not.toContain(secret!);
    const row = await db()
      .selectFrom("applications")
      .selectAll()
      .where("name", "=", "Nightly <sync>")
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(secret!);

    const issued = await owner.post(PAGE, { intent: "token", clientId: row.client_id });
    expect(issued.status).toBe(302);
    const token = /data-testid="secret-value">([A-Za-z0-9_-]{43})</.exec(
      await (await owner.get(PAGE)).text(),
    )?.[1];
    expect(token).toBeTruthy();
    const withToken = await fetch(new URL("/fotoweb/me/", server.url), {
      headers: { fwapitoken: token!, accept: "application/vnd.fotoware.full-api-descriptor+json" },
    });
    expect(withToken.status).toBe(200);
    await checkJsonResponse(withToken);

    const confirm = await (await owner.get(`${PAGE}?delete=${row.client_id}`)).text();
    expect(confirm).toContain("Delete application");
    const deleted = await owner.post(PAGE, { intent: "delete", clientId: row.client_id });
    expect(deleted.status).toBe(302);
    expect(await count()).toBe(before);
    const after = await fetch(new URL("/fotoweb/me/", server.url), {
      headers: { fwapitoken: token!, accept: "application/vnd.fotoware.full-api-descriptor+json" },
    });
    expect(after.status).toBe(401);
    await checkJsonResponse(after);
  });

  test("a member is refused, and a visitor is sent to sign in", async () => {
    const before = await count();
    expect((await member.get(PAGE)).status).toBe(404);
    const posted = await member.post(PAGE, {
      intent: "create",
      name: "x",
      grants: "authorization_code",
      redirectUris: "https://x.example/cb",
    });
    expect(posted.status).toBe(404);
    expect(await count()).toBe(before);
    const visitor = await new Client(server.url).get(PAGE);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/fotoweb\/views\/login/);
  });
});

describe("the API", () => {
  test("registers with 201, the secret only then; lists and reads without it", async () => {
    const response = await postJson(owner, API, {
      name: "Web portal",
      grants: ["authorization_code", "refresh_token"],
      redirectUris: ["https://portal.example/cb", "http://localhost:8080/cb"],
    });
    expect(response.status).toBe(201);
    const body = await readApiJson<Record<string, unknown>>(response);
    expect(body.clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.get("location")).toBe(body.href);
    const list = await readApiJson<{ data: Record<string, unknown>[] }>(await owner.getJson(API));
    const listed = list.data.find((a) => a.clientId === body.clientId)!;
    expect(listed).toMatchObject({ name: "Web portal", user: null, href: body.href });
    expect(JSON.stringify(list)).not.toContain(body.clientSecret as string);
    const one = await readApiJson<Record<string, unknown>>(
      await owner.getJson(body.href as string),
    );
    expect(one.clientSecret).toBeUndefined();
    expect(one.redirectUris).toEqual(["https://portal.example/cb", "http://localhost:8080/cb"]);
    // No user, so no API tokens.
    const token = await owner.request(`${body.href as string}tokens`, {
      method: "POST",
      headers: { accept: "application/json" },
    });
    expect(token.status).toBe(409);
  });

  test("bad input is 400 by field and stores nothing", async () => {
    const before = await count();
    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ name: "x", grants: ["password"] }, "grants"],
      [{ name: "x", grants: "client_credentials" }, "user"],
      [{ name: "x", grants: ["client_credentials"], user: "/etc/passwd" }, "user"],
      [
        { name: "x", grants: ["client_credentials"], user: `/fotoweb/api/users/${GUEST_USER_ID}` },
        "user",
      ],
      [{ name: "x", grants: ["client_credentials"], user: "/fotoweb/api/users/999999" }, "user"],
      [{ name: "x", grants: ["authorization_code"], redirectUris: [] }, "redirectUris"],
      [
        { name: "x", grants: ["authorization_code"], redirectUris: ["https://a.example/#f"] },
        "redirectUris",
      ],
      [
        { name: "x", grants: ["authorization_code"], redirectUris: ["javascript:alert(1)"] },
        "redirectUris",
      ],
      [{ name: "x", grants: ["refresh_token"] }, "grants"],
      [
        {
          name: "x".repeat(101),
          grants: ["client_credentials"],
          user: `/fotoweb/api/users/${memberId}`,
        },
        "name",
      ],
    ];
    for (const [input, field] of cases) {
      const response = await postJson(owner, API, input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
      expect(Object.keys(body.fieldErrors), JSON.stringify(input)).toContain(field);
    }
    expect((await postJson(owner, API, "{nope")).status).toBe(400);
    expect(await count()).toBe(before);
  });

  test("only administrators: to others every address is absent (404), anonymous 401", async () => {
    const { href } = await readApiJson<{ href: string }>(
      await postJson(owner, API, {
        name: "Kept",
        grants: ["client_credentials"],
        user: `/fotoweb/api/users/${memberId}`,
      }),
    );
    const missing = `${API}/${"0".repeat(32)}/`;
    for (const path of [API, href, missing]) {
      expect((await member.getJson(path)).status, path).toBe(404);
      expect((await new Client(server.url).getJson(path)).status, path).toBe(401);
    }
    expect((await member.request(href, { method: "DELETE" })).status).toBe(404);
    expect((await member.request(`${href}tokens`, { method: "POST" })).status).toBe(404);
    expect((await postJson(member, API, { name: "x" })).status).toBe(404);
    expect((await owner.getJson(missing)).status).toBe(404);
    expect((await owner.request(missing, { method: "DELETE" })).status).toBe(404);
    expect((await owner.request(href, { method: "PUT" })).status).toBe(405);
    expect((await owner.getJson(href)).status).toBe(200);
  });
});
