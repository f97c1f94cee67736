import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { checkRawAnswer, readApiJson } from "../helpers/api-contract";

/*
 * Issue 13, hole 6: a method no route answers (TRACE, and any other the server does not know) is
 * 405 with an Allow header that lists what the path really answers, never a 500; and every 405
 * names the method that was sent and the ones that are allowed.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/* fetch refuses TRACE and CONNECT, so these go through node:http as any client may send them. */
function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(new URL(path, server.url), { method, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const contentType = response.headers["content-type"] ?? null;
          checkRawAnswer({ method, url: path, status, contentType, text: body });
          resolve({ status, headers: response.headers, body });
        });
      });
      request.on("error", reject);
      request.end();
    },
  );
}

const allowOf = (headers: http.IncomingHttpHeaders | Headers) =>
  String(headers instanceof Headers ? headers.get("allow") : headers["allow"])
    .split(",")
    .map((m) => m.trim())
    .sort();

describe("TRACE and other unknown methods", () => {
  test.each([
    ["/fotoweb/", ["GET", "HEAD"]],
    ["/fotoweb/views/login", ["GET", "HEAD", "POST"]],
    ["/fotoweb/services/renditions", ["POST"]],
    ["/fotoweb/services/keepalive", ["GET", "HEAD"]],
    ["/fotoweb/api/uploads/", ["POST"]],
  ])("TRACE %s is 405 with Allow %j", async (path, allowed) => {
    const response = await send("TRACE", path, { accept: "application/json" });
    expect(response.status).toBe(405);
    expect(allowOf(response.headers)).toEqual([...allowed].sort());
    const body = JSON.parse(response.body) as { status: number; value: string };
    expect(body.status).toBe(405);
    expect(body.value).toMatch(/^TRACE is not supported here; use /);
  });

  test("a browser's TRACE gets a short page, not a server error", async () => {
    const response = await send("TRACE", "/fotoweb/views/login", { accept: "text/html" });
    expect(response.status).toBe(405);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("TRACE is not supported here");
  });

  // CONNECT never reaches the app: Node hands it to a "connect" listener, and there is none.
  test.each(["PROPFIND", "MKCOL", "PURGE", "LINK"])("%s is 405, never 500", async (method) => {
    const response = await send(method, "/fotoweb/", { accept: "application/json" });
    expect(response.status).toBe(405);
    expect(allowOf(response.headers)).toEqual(["GET", "HEAD"]);
  });
});

describe("the 405s of the routes", () => {
  test("GET of a POST-only API names GET and allows POST", async () => {
    const c = new Client(server.url);
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await c.getJson("/fotoweb/api/uploads/");
    expect(response.status).toBe(405);
    expect(allowOf(response.headers)).toEqual(["POST"]);
    const body = (await readApiJson(response)) as { value: string };
    expect(body.value).toBe("GET is not supported here; use POST.");
  });

  test("the rendition service's 405 has its Allow", async () => {
    const response = await new Client(server.url).getJson("/fotoweb/services/renditions");
    expect(response.status).toBe(405);
    expect(allowOf(response.headers)).toEqual(["POST"]);
  });

  test("POST of a GET-only resource names POST and allows GET", async () => {
    const response = await new Client(server.url).request("/fotoweb/services/keepalive", {
      method: "DELETE",
      headers: { accept: "application/json" },
    });
    expect(response.status).toBe(405);
    expect(allowOf(response.headers)).toEqual(["GET", "HEAD"]);
    expect(((await readApiJson(response)) as { value: string }).value).toBe(
      "DELETE is not supported here; use GET.",
    );
  });

  // Methods Remix takes reach the route's action: its refusal must carry the Allow header too.
  test.each([
    ["PUT", "/fotoweb/api/uploads/"],
    ["DELETE", "/fotoweb/api/uploads/some-task/chunks/0"],
    ["PATCH", "/fotoweb/api/privacy/cookie-consent"],
  ])("%s %s reaches the action and is 405 with Allow", async (method, path) => {
    const c = new Client(server.url);
    await c.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const response = await c.request(path, { method, headers: { accept: "application/json" } });
    expect(response.status).toBe(405);
    const allowed = allowOf(response.headers);
    expect(allowed).toContain("POST");
    expect(allowed).not.toContain(method);
    expect(((await readApiJson(response)) as { value: string }).value).toMatch(
      new RegExp(`^${method} is not supported here; use `),
    );
  });
});
