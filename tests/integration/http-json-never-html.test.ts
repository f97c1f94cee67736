import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readApiJson } from "../helpers/api-contract";
import { EVERYONE_GROUP_ID } from "~/db/schema";
import { isApiErrorBody } from "~/http/error";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createUser } from "~/models/user/user.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * A client that prefers JSON never gets an HTML answer, whatever it asks: unknown paths, pages
 * that have no JSON twin, errors, and what needs sign-in (401 in the error body, not a redirect
 * to the log-on page). Browsers keep their pages. And an archive answers the collectioninfo type
 * when asked for it, or 406 when Accept names nothing it offers.
 */

const COLLECTIONINFO = "application/vnd.fotoware.collectioninfo+json";
const COLLECTION = "application/vnd.fotoware.collection+json";
const ASSETLIST = "application/vnd.fotoware.assetlist+json";

let server: TestServer;
let archive: Archive;
let owner: Client;
let member: Client;
let anonymous: Client;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  archive = await createArchive({
    name: "Sweep",
    members: [{ type: "group", id: EVERYONE_GROUP_ID, permissions: ["View"], autoSearch: "" }],
  });
  await insertReadyAssets(archive.id, 3);
  await createUser({ username: "sweeper", password: "sweeper-password-1" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  member = new Client(server.url);
  await member.signIn("sweeper", "sweeper-password-1");
  anonymous = new Client(server.url);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Paths of every kind: pages with and without twins, views, resources, files, nothing. */
const SWEEP = [
  "/",
  "/nope",
  "/nope/deeper/still",
  "/fotoweb",
  "/fotoweb/",
  "/fotoweb/me",
  "/fotoweb/me/",
  "/fotoweb/albums/",
  "/fotoweb/archives/",
  "/fotoweb/archives/5000-Sweep/",
  "/fotoweb/archives/99999-Missing/",
  "/fotoweb/archives/5000-Sweep/nope.jpg.info",
  "/fotoweb/archives/5000-Sweep/1-x.info/__renditions/PREVIEW",
  "/fotoweb/me/pins/",
  "/fotoweb/me/archives/",
  "/fotoweb/me/upload-to/",
  "/fotoweb/me/user-preferences/",
  "/fotoweb/me/background-tasks/",
  "/fotoweb/me/background-tasks/123",
  "/fotoweb/me/client-settings",
  "/fotoweb/me/interface-style",
  "/fotoweb/search/?q=x",
  "/fotoweb/views/login",
  "/fotoweb/views/logout",
  "/fotoweb/views/upload",
  "/fotoweb/views/management",
  "/fotoweb/views/change-password",
  "/fotoweb/views/force-change-password",
  "/fotoweb/views/advanced-search",
  "/fotoweb/views/cookie-policy",
  "/fotoweb/views/select-cover?archive=5000",
  "/fotoweb/views/nope",
  "/fotoweb/services/keepalive",
  "/fotoweb/services/logout",
  "/fotoweb/services/renditions",
  "/fotoweb/services/nope",
  "/fotoweb/api/nope",
  "/fotoweb/api/uploads/1/status",
  "/fotoweb/files/1/preview/abc/x.jpg",
  "/fotoweb/archives/5000-Sweep/?q=(",
  "/fotoweb/archives/5000-Sweep/?n=0",
  "/fotoweb/archives/5000-Sweep/;p=0;o=name",
  "/fotoweb/archives/5000-Sweep/;p=-1",
  "/fotoweb/me/pins/;p=0",
];

const ACCEPTS = ["application/json", "application/vnd.fotoware.collection+json"];

/** What a JSON client may get: JSON, or no body at all (a redirect elsewhere, a 204). */
async function expectNoHtml(response: Response, label: string) {
  const type = response.headers.get("content-type") ?? "";
  expect(type, label).not.toMatch(/html/);
  const text = await response.text();
  expect(text, label).not.toMatch(/<!doctype|<html/i);
  if (text !== "") {
    expect(type, label).toMatch(/json/);
    const body: unknown = JSON.parse(text);
    if (response.status >= 400) expect(isApiErrorBody(body), label).toBe(true);
  }
  if (response.status >= 300 && response.status < 400) {
    // Never sent to the HTML log-on page: what needs sign-in is a 401.
    expect(response.headers.get("location") ?? "", label).not.toContain("/views/login");
  }
}

describe.each([
  ["anonymous", () => anonymous],
  ["a member", () => member],
  ["the site owner", () => owner],
])("as %s, a JSON request", (_who, client) => {
  test.each(SWEEP)("to %s is never answered with HTML", async (path) => {
    for (const accept of ACCEPTS) {
      // A logout would end the session the rest of the sweep runs in (the walk tests it).
      for (const method of path.endsWith("/logout") ? ["GET"] : ["GET", "POST"]) {
        const response = await client().request(path, {
          method,
          headers: { accept, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
          ...(method === "POST" ? { body: "{}" } : {}),
        });
        await expectNoHtml(response, `${method} ${path} (${accept})`);
      }
    }
  });
});

describe("what needs sign-in", () => {
  test.each([
    "/fotoweb/me",
    "/fotoweb/me/pins/",
    "/fotoweb/views/upload",
    "/fotoweb/views/change-password",
    "/fotoweb/services/keepalive",
  ])(
    "answers a JSON request to %s without a session with 401 or 406, never a redirect",
    async (path) => {
      const response = await anonymous.getJson(path);
      expect([401, 406]).toContain(response.status);
      expect(isApiErrorBody(await readApiJson(response))).toBe(true);
    },
  );

  test("an HTML-only view answers JSON with 406 in the error body", async () => {
    const response = await member.getJson("/fotoweb/views/upload");
    expect(response.status).toBe(406);
    const body = (await readApiJson(response)) as { value: string; heading: string };
    expect(body.heading).toBe("Not acceptable");
    expect(body.value).toContain("text/html");
  });

  test("a browser still gets the pages and the log-on redirect", async () => {
    const page = await member.get("/fotoweb/views/upload", { accept: "text/html" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const redirect = await anonymous.get("/fotoweb/views/upload", { accept: "text/html" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toContain("/fotoweb/views/login");
    // A browser's Accept names JSON nowhere; one that prefers HTML to JSON gets the page too.
    const mixed = await member.get("/fotoweb/views/upload", {
      accept: "text/html, application/json;q=0.5",
    });
    expect(mixed.headers.get("content-type")).toMatch(/^text\/html/);
  });
});

describe("an archive's representations", () => {
  test("collectioninfo+json answers that type: the collection without its assets", async () => {
    const response = await member.getJson(archive.href, COLLECTIONINFO);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(`${COLLECTIONINFO}; charset=utf-8`);
    const body = (await readApiJson(response)) as Record<string, unknown>;
    expect(body).toMatchObject({ href: archive.href, name: "Sweep", ancestors: [] });
    expect(body).not.toHaveProperty("assets");
    const full = (await readApiJson(await member.getJson(archive.href, COLLECTION))) as Record<
      string,
      unknown
    >;
    const { assets: _assets, ...about } = full;
    expect({ ...about, ancestors: [] }).toEqual(body);
  });

  test("each named type gets its own representation, by preference", async () => {
    const cases: [string, string][] = [
      [COLLECTION, COLLECTION],
      [ASSETLIST, ASSETLIST],
      [`${COLLECTIONINFO};q=0.5, ${ASSETLIST}`, ASSETLIST],
      [`${ASSETLIST};q=0.2, ${COLLECTIONINFO}`, COLLECTIONINFO],
      ["application/json", COLLECTION],
      [`application/vnd.fotoware.asset+json, */*;q=0.1`, COLLECTION],
    ];
    for (const [accept, type] of cases) {
      const response = await member.getJson(archive.href, accept);
      expect(response.status, accept).toBe(200);
      expect(response.headers.get("content-type"), accept).toBe(`${type}; charset=utf-8`);
    }
  });

  test("a JSON type the archive does not offer is 406 naming those it does", async () => {
    for (const accept of [
      "application/vnd.fotoware.asset+json",
      "application/vnd.fotoware.taxonomy+json",
    ]) {
      const response = await member.getJson(archive.href, accept);
      expect(response.status, accept).toBe(406);
      const body = (await readApiJson(response)) as { value: string };
      expect(body.value).toContain(COLLECTIONINFO);
    }
  });

  test("a missing archive is 404 whatever type is asked", async () => {
    const response = await member.getJson("/fotoweb/archives/99999-Missing/", COLLECTIONINFO);
    expect(response.status).toBe(404);
  });
});
