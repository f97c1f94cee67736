import { afterEach, describe, expect, it, vi } from "vitest";
import { acceptsType, preferredType } from "~/http/negotiate";
import {
  apiError,
  apiHandler,
  apiJson,
  errorBody,
  isSecureRequest,
  methodNotAllowed,
  requestIdOf,
} from "~/http/http.server";
import { readApiJson } from "../helpers/api-contract";

const request = (
  headers: Record<string, string> = {},
  method = "GET",
  url = "http://arkiv.test/x",
) => new Request(url, { method, headers });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("preferredType and acceptsType", () => {
  const vendor = "application/vnd.fotoware.collectionlist+json";

  it("pick the offered type the client ranks highest, named in any case", () => {
    const r = request({
      accept: `application/json;q=0.5, Application/VND.fotoware.collectionlist+JSON`,
    });
    expect(preferredType(r, ["application/json", vendor])).toBe(vendor);
    expect(acceptsType(r, "application/json")).toBe(true);
  });

  it("never pick a vendor type for a wildcard or a refused one", () => {
    expect(acceptsType(request({ accept: "*/*" }), vendor)).toBe(false);
    expect(acceptsType(request({ accept: "application/*" }), vendor)).toBe(false);
    expect(acceptsType(request({ accept: `${vendor};q=0` }), vendor)).toBe(false);
  });

  it("find nothing without an Accept header", () => {
    expect(preferredType(request(), [vendor])).toBeUndefined();
    expect(acceptsType(request({ accept: " , ;q=1," }), vendor)).toBe(false);
  });
});

describe("isSecureRequest", () => {
  it("is true only for https URLs", () => {
    expect(isSecureRequest(request({}, "GET", "https://arkiv.test/"))).toBe(true);
    expect(isSecureRequest(request({}, "GET", "http://arkiv.test/"))).toBe(false);
  });

  it("does not trust a forwarded-proto header on its own", () => {
    expect(isSecureRequest(request({ "x-forwarded-proto": "https" }))).toBe(false);
  });
});

describe("requestIdOf", () => {
  it("reads x-request-id", () => {
    expect(requestIdOf(request({ "x-request-id": "abc" }))).toBe("abc");
    expect(requestIdOf(request())).toBeUndefined();
  });
});

describe("errorBody", () => {
  it("builds the error shape with the heading for the status", () => {
    const before = Date.now();
    const body = errorBody(request({ "x-request-id": "r1" }), 409, "Conflict!");
    expect(body).toMatchObject({
      status: 409,
      heading: "Conflict",
      value: "Conflict!",
      requestId: "r1",
    });
    expect(Date.parse(body.date!)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("lets extra fields override the heading and add details", () => {
    expect(
      errorBody(request(), 400, "Bad", { heading: "Custom", description: "d", messages: ["a"] }),
    ).toMatchObject({ heading: "Custom", description: "d", messages: ["a"] });
  });
});

describe("apiError", () => {
  it("is a JSON response with the status and no caching", async () => {
    const response = apiError(request({ "x-request-id": "req-42" }), 404, "Gone.");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await readApiJson(response)) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 404,
      heading: "Not found",
      value: "Gone.",
      requestId: "req-42",
    });
    expect(typeof body.date).toBe("string");
  });

  it("leaves the request id out when there is none", async () => {
    const body = (await readApiJson(apiError(request(), 500, "x"))) as Record<string, unknown>;
    expect(body).not.toHaveProperty("requestId");
  });
});

describe("apiJson", () => {
  it("sets the vendor media type, Vary and a private cache policy", async () => {
    const response = apiJson({ a: 1 }, "application/vnd.fotoware.full-api-descriptor+json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.fotoware.full-api-descriptor+json; charset=utf-8",
    );
    expect(response.headers.get("vary")).toBe("Accept, Cookie");
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(await readApiJson(response)).toEqual({ a: 1 });
  });

  it("keeps the status, other headers and an explicit Cache-Control", () => {
    const response = apiJson(null, "application/json", {
      status: 201,
      headers: { "Cache-Control": "no-store", "Set-Cookie": "a=b", "Content-Type": "text/plain" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBe("a=b");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});

describe("methodNotAllowed", () => {
  it("is a 405 in the error shape with an Allow header", async () => {
    const response = methodNotAllowed({ request: request({}, "DELETE") });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await readApiJson(response)).toMatchObject({
      status: 405,
      heading: "Method not allowed",
      value: "DELETE is not supported here; use GET.",
    });
  });
});

describe("apiHandler", () => {
  it("returns the handler's response", async () => {
    const handler = apiHandler(async () => new Response("ok", { status: 202 }));
    const response = await handler({ request: request() });
    expect(response.status).toBe(202);
  });

  it("passes a thrown Response through", async () => {
    const handler = apiHandler(async () => {
      throw new Response("nope", { status: 403 });
    });
    const response = await handler({ request: request() });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("nope");
  });

  it("turns any other error into a 500 without its details", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = apiHandler(async () => {
      throw new Error("secret detail");
    });
    const response = await handler({ request: request({ "x-request-id": "r9" }) });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret detail");
    expect(JSON.parse(text)).toMatchObject({
      status: 500,
      heading: "Server error",
      requestId: "r9",
    });
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toBe("[r9]");
  });
});
