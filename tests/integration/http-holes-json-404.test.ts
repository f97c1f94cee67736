import { afterAll, beforeAll, expect, test } from "vitest";
import { isApiErrorBody } from "~/http/error";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/*
 * Issue 13, hole 10: a JSON request to an address nothing answers always gets the JSON error
 * body (404), also under an asset and under /fotoweb/views/, where no JSON twin exists. Browsers
 * still get the page.
 */

let server: TestServer;
let owner: Client;

beforeAll(async () => {
  server = await startTestServer();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
});

afterAll(async () => {
  await server?.close();
});

const UNKNOWN = [
  "/fotoweb/archives/5000-X/asset.jpg.info/__renditions/nope/deeper",
  "/fotoweb/archives/5000-X/asset.jpg.info/nope",
  "/fotoweb/archives/5000-X/asset.jpg.info/__renditions/",
  "/fotoweb/views/nope",
  "/fotoweb/views/login/nope",
];

test.each(UNKNOWN)("a JSON request to %s is 404 in the error body", async (path) => {
  for (const accept of ["application/json", "application/vnd.fotoware.asset+json"]) {
    const response = await owner.getJson(path, accept);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body: unknown = await readApiJson(response);
    expect(isApiErrorBody(body)).toBe(true);
    expect(body).toMatchObject({ status: 404, requestId: response.headers.get("x-request-id") });
  }
});

test("a JSON POST to an unknown view is 404 in the error body", async () => {
  const response = await owner.post("/fotoweb/views/nope", {}, { accept: "application/json" });
  expect(response.status).toBe(404);
  expect(isApiErrorBody(await readApiJson(response))).toBe(true);
});

test.each(UNKNOWN)("a browser asking for %s still gets the page", async (path) => {
  const response = await owner.get(path, { accept: "text/html" });
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
});
