import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { readApiJson } from "../helpers/api-contract";

/* Headers, request ids, cross-origin refusals, body limits and static caching. */

const PUBLIC_TYPE = "application/vnd.fotoware.api-descriptor+json";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
let owner: Client;

const client = () => new Client(server.url);

function nonceOf(response: Response) {
  const csp = response.headers.get("content-security-policy") ?? "";
  return csp.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
}

async function siteName() {
  const response = await client().getJson("/fotoweb/", PUBLIC_TYPE);
  return ((await readApiJson(response)) as { server: string }).server;
}

async function expectErrorShape(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await readApiJson(response)) as Record<string, unknown>;
  expect(body).toEqual({
    status,
    heading: expect.any(String),
    value: expect.any(String),
    requestId: response.headers.get("x-request-id"),
    date: expect.any(String),
  });
  return body as { status: number; heading: string; value: string; requestId: string };
}

const settingsForm = (name: string) => ({
  siteName: name,
  darkModeEnabled: "on",
  guestAccess: "on",
  cookieTitle: "Cookies on this site",
  cookieBody: "Text",
  cookiePolicy: "",
});

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  owner = client();
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
});

afterAll(async () => {
  await server?.close();
});

describe("content security policy", () => {
  test("pages carry a script nonce, and every script tag uses it", async () => {
    const response = await client().get("/fotoweb/views/login");
    const nonce = nonceOf(response);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("the nonce differs from one response to the next", async () => {
    const [a, b] = await Promise.all([client().get("/fotoweb/"), client().get("/fotoweb/")]);
    expect(nonceOf(a)).toBeDefined();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(await b.text()).toContain(`nonce="${nonceOf(b)}"`);
  });

  test("allows no inline script without the nonce, no plugins and no framing by others", async () => {
    const csp = (await client().get("/fotoweb/")).headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
    );
    expect(directives.get("default-src")).toBe("'self'");
    expect(directives.get("script-src")).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(directives.get("frame-ancestors")).toBe("'self'");
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'self'");
    expect(directives.get("form-action")).toBe("'self'");
  });
});

describe("security headers", () => {
  test.each([
    ["a page", "/fotoweb/", "text/html"],
    ["the API", "/fotoweb/", PUBLIC_TYPE],
    ["an API error", "/fotoweb/me/", "application/json"],
  ])("%s is sent with nosniff, framing and referrer rules", async (_label, path, accept) => {
    const response = await client().get(path, { accept });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  test("no HSTS is claimed over plain HTTP without a trusted proxy", async () => {
    const response = await client().get("/fotoweb/");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  test("pages are private and revalidated", async () => {
    const response = await owner.get("/fotoweb/");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("request ids", () => {
  test("every response has one, different each time", async () => {
    const [a, b] = await Promise.all([
      client().get("/fotoweb/"),
      client().getJson("/fotoweb/", PUBLIC_TYPE),
    ]);
    expect(a.headers.get("x-request-id")).toMatch(UUID);
    expect(b.headers.get("x-request-id")).toMatch(UUID);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  test("a client's own X-Request-Id is replaced", async () => {
    const sent = "11111111-2222-4333-8444-555555555555";
    const response = await client().request("/fotoweb/me/", {
      headers: { accept: "application/json", "x-request-id": sent },
    });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    expect(id).not.toBe(sent);
    const body = await expectErrorShape(response, 401);
    expect(body.requestId).toBe(id);
  });

  test("JSON errors carry the response's request id", async () => {
    const response = await client().getJson("/fotoweb/no-such-thing");
    const body = await expectErrorShape(response, 404);
    expect(body.requestId).toMatch(UUID);
  });

  test("a refusal page shows it too", async () => {
    const response = await client().request("/fotoweb/views/login", {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "mode=guest",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain(`Request ID: ${response.headers.get("x-request-id")}`);
  });
});

describe("cross-origin posts", () => {
  test("a post with a foreign Origin is refused before it signs anyone in", async () => {
    const c = client();
    const response = await c.post(
      "/fotoweb/views/login",
      { mode: "user", username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(c.cookies.has("arkiv_session")).toBe(false);
  });

  test("the refusal is in the error shape for a JSON client", async () => {
    const response = await client().request("/fotoweb/api/privacy/cookie-consent", {
      method: "POST",
      headers: { origin: "https://evil.example", accept: "application/json" },
    });
    const body = await expectErrorShape(response, 403);
    expect(body.value).toBe("Requests from other sites are not accepted.");
  });

  test("an opaque Origin (null) is refused", async () => {
    const response = await client().post(
      "/fotoweb/views/login",
      { mode: "guest" },
      { origin: "null" },
    );
    expect(response.status).toBe(403);
  });

  test("Sec-Fetch-Site: cross-site is refused without an Origin", async () => {
    const response = await client().post(
      "/fotoweb/views/login",
      { mode: "guest" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(response.status).toBe(403);
  });

  test("a signed-in owner's cross-site settings post changes nothing", async () => {
    const response = await owner.post("/fotoweb/views/management", settingsForm("Hijacked"), {
      "sec-fetch-site": "cross-site",
    });
    expect(response.status).toBe(403);
    expect(await siteName()).toBe("Arkiv");
  });

  test("the site's own Origin and same-origin fetch metadata pass", async () => {
    const own = await client().post(
      "/fotoweb/views/login",
      { mode: "guest" },
      { origin: server.url },
    );
    expect(own.status).toBe(302);
    const same = await client().post(
      "/fotoweb/views/login",
      { mode: "guest" },
      { "sec-fetch-site": "same-origin" },
    );
    expect(same.status).toBe(302);
  });
});

describe("request body limits", () => {
  const tenMegabytes = 10 * 1024 * 1024;

  test("a form over MAX_FORM_BYTES is 413 and nothing is stored", async () => {
    const fields = new URLSearchParams(settingsForm("Too big"));
    fields.set("cookiePolicy", "x".repeat(tenMegabytes));
    const body = fields.toString();
    const response = await owner.request("/fotoweb/views/management", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(body.length),
      },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Too large");
    expect(await siteName()).toBe("Arkiv");
  });

  test("a JSON client gets 413 in the error shape, without a session", async () => {
    const c = client();
    const body = `mode=guest&pad=${"x".repeat(tenMegabytes)}`;
    const response = await c.request("/fotoweb/views/login", {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(body.length),
      },
      body,
    });
    const error = await expectErrorShape(response, 413);
    expect(error.heading).toBe("Too large");
    expect(c.cookies.has("arkiv_session")).toBe(false);
  });

  test("a form just under the limit is accepted", async () => {
    const body = `mode=guest&pad=${"x".repeat(server.env.MAX_FORM_BYTES - 100)}`;
    const response = await client().request("/fotoweb/views/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBe(302);
  });

  test("a chunked body without Content-Length is 411", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("mode=guest"));
        controller.close();
      },
    });
    const response = await client().request("/fotoweb/views/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });
});

describe("static files", () => {
  test("fingerprinted bundles are cached for a year as immutable", async () => {
    const html = await (await client().get("/fotoweb/")).text();
    const asset = html.match(/\/build\/[\w./-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await client().get(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("the stylesheet bundle is immutable too", async () => {
    const html = await (await client().get("/fotoweb/")).text();
    const css = html.match(/href="(\/build\/[^"]+\.css)"/)?.[1];
    expect(css).toBeDefined();
    const response = await client().get(css!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  test("other public files are cached briefly, not as immutable", async () => {
    const response = await client().get("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  /*
   * Bundles are served from their Brotli or gzip copies written at build time (decision 100); the
   * body a browser decompresses is the bundle's. fetch decompresses as a browser does.
   */
  const bundleOf = async () => {
    const html = await (await client().get("/fotoweb/")).text();
    const paths = [...html.matchAll(/\/build\/[\w./$-]+\.js/g)].map((m) => m[0]);
    // The largest: every bundle that size has both copies.
    const sized = paths.map((p) => ({ p, size: fs.statSync(path.join("public", p)).size }));
    const largest = sized.sort((a, b) => b.size - a.size)[0]!.p;
    return { path: largest, text: fs.readFileSync(path.join("public", largest), "utf8") };
  };

  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.1, gzip", "gzip"],
    ["br", "br"],
    ["*", "br"],
    ["gzip;q=1, br;q=0.9", "gzip"],
    ["BR;Q=0.5, *;q=0.1", "br"],
  ])(
    "Accept-Encoding %s is answered in %s, with the bundle's type and caching",
    async (accepts, encoding) => {
      const bundle = await bundleOf();
      const response = await client().get(bundle.path, { "accept-encoding": accepts });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      // The copy written at build time, not a compression made now (that has no length).
      const copy = path.join("public", `${bundle.path}${encoding === "br" ? ".br" : ".gz"}`);
      expect(response.headers.get("content-length")).toBe(String(fs.statSync(copy).size));
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("content-type")).toBe("application/javascript; charset=UTF-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await response.text()).toBe(bundle.text);
    },
  );

  test("a client that takes no compression gets the bundle as it is", async () => {
    const bundle = await bundleOf();
    const response = await client().get(bundle.path, { "accept-encoding": "identity" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe(bundle.text);
  });

  test("a compressed copy is not served under its own name as a script", async () => {
    const bundle = await bundleOf();
    expect(fs.existsSync(path.join("public", `${bundle.path}.br`))).toBe(true);
    const response = await client().get(`${bundle.path}.br`, { "accept-encoding": "br" });
    expect(response.headers.get("content-type") ?? "").not.toMatch(/javascript/);
  });

  test("a missing bundle is not served as a page with a long cache", async () => {
    const response = await client().get("/build/no-such-file-ABCDEFGH.js");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control") ?? "").not.toContain("immutable");
  });
});
