import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";
import { mainOf, toastOf } from "../helpers/page-html";

/*
 * Schemas' messages in the reader's language (issue 32, decision 104): keyed where the schema
 * is written, resolved by the form reply and the toast in the person's language on a page's path,
 * and in English in the API's answers. No keyed text ever reaches a reader.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9" };
const DE = { "accept-language": "de-DE" };
const LOGIN = "/fotoweb/views/login";
const CHANGE = "/fotoweb/views/change-password";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "sigrid", password: "sigrid-password-1", fullName: "Sigrid" });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("a page's form reply", () => {
  test("the log-on's empty fields, in Norwegian, by their fields", async () => {
    const response = await new Client(server.url).post(
      LOGIN,
      { mode: "user", username: "", password: "" },
      NB,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    const main = mainOf(html);
    expect(main).toContain("Skriv inn brukernavnet ditt");
    expect(main).toContain("Skriv inn passordet ditt");
    expect(html).not.toContain("@@");
  });

  test("a new password too short and not confirmed, in German", async () => {
    const c = new Client(server.url);
    await c.signIn("sigrid", "sigrid-password-1");
    const response = await c.post(
      CHANGE,
      { currentPassword: "sigrid-password-1", newPassword: "short", confirmPassword: "other" },
      DE,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(mainOf(html)).toContain("Verwenden Sie mindestens 8 Zeichen");
    expect(mainOf(html)).toContain("Die Passwörter stimmen nicht überein");
    expect(html).not.toContain("@@");
  });

  test("a fetcher's JSON reply carries the resolved words, the summary's included", async () => {
    const response = await new Client(server.url).request(
      `${LOGIN}?_data=routes%2Ffotoweb.views.login`,
      {
        method: "POST",
        body: new URLSearchParams({ mode: "user", username: "", password: "" }),
        headers: { "content-type": "application/x-www-form-urlencoded", ...NB },
      },
    );
    expect(response.status).toBe(400);
    const body = await readApiJson<{ value: string; fieldErrors: Record<string, string> }>(
      response,
    );
    expect(body.fieldErrors).toEqual({
      username: "Skriv inn brukernavnet ditt",
      password: "Skriv inn passordet ditt",
    });
    expect(body.value).toBe("Noen felt må rettes.");
  });
});

test("a toast made from a keyed message is read in the page's language", async () => {
  const c = new Client(server.url);
  await c.signIn("sigrid", "sigrid-password-1");
  const refused = await c.post(
    "/fotoweb/me/interface-style",
    { style: "purple", to: "/fotoweb/" },
    NB,
  );
  expect(refused.status).toBe(302);
  const html = await (await c.get(refused.headers.get("location")!, NB)).text();
  expect(toastOf(html)).toBe("Velg lys, mørk eller automatisk.");
  const saved = await c.post("/fotoweb/me/interface-style", { style: "dark", to: "/fotoweb/" }, DE);
  expect(toastOf(await (await c.get(saved.headers.get("location")!, DE)).text())).toBe(
    "Oberflächenstil gespeichert.",
  );
});

test("the API answers the same refusal in English, whatever the browser's language", async () => {
  const owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  const response = await owner.request("/fotoweb/api/users", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...NB },
    body: JSON.stringify({
      username: "shortpass",
      address: { givenName: "Short", surname: "Pass", email: "shortpass@example.com" },
      account: { password: "short", confirmPassword: "short", externalIds: [] },
    }),
  });
  expect(response.status).toBe(400);
  const body = await readApiJson<{ value: string; fieldErrors: Record<string, string> }>(response);
  expect(Object.values(body.fieldErrors)).toContain("Use at least 8 characters");
  expect(body.value).toBe("Some fields need attention.");
  expect(JSON.stringify(body)).not.toContain("@@");
});

describe("a search that cannot be read", () => {
  const BAD = `/fotoweb/archives/?q=${encodeURIComponent("mt:2024-02-30")}`;

  test("is explained in the page's language", async () => {
    const html = withoutMessages(await (await new Client(server.url).get(BAD, NB)).text());
    expect(html).toContain("2024-02-30 er ikke en gyldig dato: februar 2024 har 29 dager.");
    expect(html).not.toContain("@@");
  });

  test("and in English to a program", async () => {
    const response = await new Client(server.url).request(BAD, {
      headers: { accept: "application/json", ...DE },
    });
    expect(response.status).toBe(400);
    const body = await readApiJson<{ heading: string; value: string }>(response);
    expect(body.heading).toBe("InvalidSearchExpression");
    expect(body.value).toBe("2024-02-30 is not a valid date: February 2024 has 29 days.");
  });
});
