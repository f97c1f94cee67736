import { afterAll, beforeAll, expect, test } from "vitest";
import { ADVANCED_SEARCH_PAGE } from "~/models/search/advanced-search.schema";
import { createUser, patchPreferences } from "~/models/user/user.server";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/* The advanced search says which zone its dates are read in (issue 32, decision 105). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const { id } = await createUser({ username: "tokyo", password: "tokyo-password-1" });
  await patchPreferences(id, { intranet: { timeZone: "Asia/Tokyo", language: "nb" } });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

test("the person's own zone, in their language", async () => {
  const c = new Client(server.url);
  await c.signIn("tokyo", "tokyo-password-1");
  const html = withoutMessages(await (await c.get(ADVANCED_SEARCH_PAGE)).text());
  expect(html).toContain("Datoene er dager i tidssonen Asia/Tokyo.");
});

test("the site's zone for a visitor who chose none", async () => {
  const visitor = new Client(server.url);
  const html = withoutMessages(
    await (await visitor.get(ADVANCED_SEARCH_PAGE, { "accept-language": "en" })).text(),
  );
  expect(html).toMatch(/Dates are days in the time zone [A-Za-z_/]+\./);
  expect(html).not.toContain("Asia/Tokyo");
});
