import { afterAll, beforeAll, expect, test } from "vitest";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The pseudo-locale en-XA (decision 101), offered where PSEUDO_LOCALE is on: accented, longer,
 * bracketed text in every message, for the layout checks.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PSEUDO_LOCALE: "true" });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

test("may be chosen, and the page is written in it", async () => {
  const visitor = new Client(server.url);
  const offered = await (await visitor.get("/fotoweb/me/locale")).text();
  expect(offered).toContain('value="en-XA"');
  const response = await visitor.post("/fotoweb/me/locale", { language: "en-XA" });
  expect(response.status).toBe(302);
  const html = await (await visitor.get("/fotoweb/me/locale")).text();
  expect(html).toContain('<html lang="en-XA"');
  const heading = html.match(/<h1 id="locale-title">([^<]*)<\/h1>/)?.[1] ?? "";
  expect(heading).toMatch(/^\[.*\]$/);
  expect(heading).not.toContain("Language");
  expect(heading.length).toBeGreaterThan("Language and time zone".length * 1.2);
});
