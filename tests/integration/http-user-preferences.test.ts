import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readApiJson } from "../helpers/api-contract";
import { findUserByUsername, createUser } from "~/models/user/user.server";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The descriptor's user_preferences: GET the viewer's own preferences, PATCH changed groups;
 * hostile and malformed changes are refused with a message and change nothing.
 */

const LINK = "/fotoweb/me/user-preferences/";
const UPDATE_TYPE = "application/vnd.fotoware.user-preferences-update+json";

let server: TestServer;
let member: Client;

interface PreferencesBody {
  data: {
    intranet: Record<string, unknown>;
    shared: Record<string, unknown>;
    pro: Record<string, unknown>;
    public: Record<string, unknown>;
  };
}

const patch = (client: Client, body: string, type = UPDATE_TYPE) =>
  client.request(LINK, {
    method: "PATCH",
    headers: { accept: "application/json", "content-type": type },
    body,
  });

const stored = async () => (await findUserByUsername("prefs"))!.preferences;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "prefs", password: "prefs-password-1" });
  member = new Client(server.url);
  await member.signIn("prefs", "prefs-password-1");
});

afterAll(async () => {
  await server?.close();
});

describe("GET", () => {
  test("answers the four groups under data", async () => {
    const response = await member.getJson(LINK, "application/vnd.fotoware.user-preferences+json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(
      "application/vnd.fotoware.user-preferences+json",
    );
    const body = (await readApiJson(response)) as PreferencesBody;
    expect(Object.keys(body.data).sort()).toEqual(["intranet", "pro", "public", "shared"]);
    expect(body.data.intranet).toMatchObject({ interfaceStyle: "auto", archivePinned: [] });
  });

  test("answers the same without the trailing slash", async () => {
    expect((await member.getJson(LINK.slice(0, -1))).status).toBe(200);
  });
});

describe("PATCH", () => {
  test("merges the groups given, key by key, and keeps the others", async () => {
    const first = await patch(
      member,
      JSON.stringify({ data: { shared: { userGridSettings: { columns: [] } } } }),
    );
    expect(first.status).toBe(200);
    const second = await patch(
      member,
      JSON.stringify({
        data: {
          shared: { sorting: { a: { href: "/x" } } },
          intranet: { markersAlwaysDisplay: true },
        },
      }),
    );
    expect(second.status).toBe(200);
    const body = (await readApiJson(second)) as PreferencesBody;
    expect(body.data.shared).toEqual({
      userGridSettings: { columns: [] },
      sorting: { a: { href: "/x" } },
    });
    expect(body.data.intranet).toMatchObject({
      markersAlwaysDisplay: true,
      interfaceStyle: "auto",
    });
    expect((await stored()).shared).toEqual(body.data.shared);
    const again = (await readApiJson(await member.getJson(LINK))) as PreferencesBody;
    expect(again.data).toEqual(body.data);
  });

  test.each([
    ["not JSON", "{", 400],
    ["an array", "[]", 400],
    ["no data", "{}", 400],
    ["an unknown group", JSON.stringify({ data: { secret: {} } }), 400],
    ["a group that is not an object", JSON.stringify({ data: { shared: "x" } }), 400],
    ["a wrong type", JSON.stringify({ data: { intranet: { interfaceStyle: "neon" } } }), 400],
    [
      "a script for a list",
      JSON.stringify({ data: { intranet: { archivePinned: "<script>" } } }),
      400,
    ],
  ])("%s is refused with a message and stores nothing", async (_name, body, status) => {
    const before = await stored();
    const response = await patch(member, body);
    expect(response.status).toBe(status);
    const error = (await readApiJson(response)) as { value: string };
    expect(error.value.length).toBeGreaterThan(10);
    expect(await stored()).toEqual(before);
  });

  test("a form body is 415", async () => {
    const response = await member.request(LINK, {
      method: "PATCH",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: "data=1",
    });
    expect(response.status).toBe(415);
  });

  test("preferences may not grow beyond their bound, and the refusal stores nothing", async () => {
    const before = await stored();
    const chunk = "x".repeat(100_000);
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await patch(member, JSON.stringify({ data: { pro: { [`k${i}`]: chunk } } }));
      if (last.status !== 200) break;
    }
    expect(last!.status).toBe(413);
    expect(((await readApiJson(last!)) as { value: string }).value).toContain("kB");
    const after = await stored();
    expect(Object.keys(after.pro).length).toBeLessThan(4);
    expect(after.intranet).toEqual(before.intranet);
  });

  test("POST and PUT are 405 with Allow", async () => {
    for (const method of ["POST", "PUT"]) {
      const response = await member.request(LINK, {
        method,
        headers: { accept: "application/json", "content-type": "application/json" },
        body: "{}",
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD, PATCH");
    }
  });

  test("the guest and nobody cannot read or change them", async () => {
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    expect((await guest.getJson(LINK)).status).toBe(403);
    expect((await patch(guest, JSON.stringify({ data: { pro: {} } }))).status).toBe(403);
    const anonymous = new Client(server.url);
    expect((await anonymous.getJson(LINK)).status).toBe(401);
    expect((await patch(anonymous, JSON.stringify({ data: { pro: {} } }))).status).toBe(401);
  });
});
