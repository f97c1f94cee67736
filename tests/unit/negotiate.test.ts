import { describe, expect, it } from "vitest";
import { JSON_PREFIX, jsonTwinPath, parseAccept, prefersJson } from "../../app/http/negotiate";

describe("parseAccept", () => {
  it("returns nothing for a missing or empty header", () => {
    expect(parseAccept(undefined)).toEqual([]);
    expect(parseAccept("")).toEqual([]);
    expect(parseAccept(" , ,, ")).toEqual([]);
  });

  it("defaults q to 1 and reads explicit q-values", () => {
    expect(parseAccept("text/html, application/json;q=0.5")).toEqual([
      { type: "text/html", q: 1 },
      { type: "application/json", q: 0.5 },
    ]);
  });

  it("lower-cases types and parameters and tolerates whitespace", () => {
    expect(parseAccept("  Application/JSON ; Q=0.25 ")).toEqual([
      { type: "application/json", q: 0.25 },
    ]);
  });

  it("finds q among other parameters", () => {
    expect(parseAccept("text/html;level=1;q=0.3;charset=utf-8")).toEqual([
      { type: "text/html", q: 0.3 },
    ]);
  });

  it("keeps wildcard ranges", () => {
    expect(parseAccept("*/*;q=0.8, image/*")).toEqual([
      { type: "*/*", q: 0.8 },
      { type: "image/*", q: 1 },
    ]);
  });

  it("clamps q into [0, 1]", () => {
    expect(parseAccept("a/b;q=7, c/d;q=-2").map((r) => r.q)).toEqual([1, 0]);
  });

  it("treats a non-numeric or infinite q as 0", () => {
    expect(parseAccept("a/b;q=abc, c/d;q=Infinity, e/f;q=NaN").map((r) => r.q)).toEqual([0, 0, 0]);
  });

  it("drops entries that are not media ranges", () => {
    expect(parseAccept("garbage, ;q=1, json, text/plain")).toEqual([{ type: "text/plain", q: 1 }]);
  });

  it("copes with a very long header", () => {
    const header = Array.from({ length: 5000 }, (_, i) => `x/y${i};q=0.1`).join(",");
    expect(parseAccept(header)).toHaveLength(5000);
  });
});

describe("prefersJson", () => {
  it("is false without an Accept header", () => {
    expect(prefersJson(undefined)).toBe(false);
    expect(prefersJson("")).toBe(false);
  });

  it("is true for application/json alone", () => {
    expect(prefersJson("application/json")).toBe(true);
  });

  it("accepts +json vendor types", () => {
    expect(prefersJson("application/vnd.fotoware.collectionlist+json")).toBe(true);
    expect(prefersJson("application/problem+json")).toBe(true);
  });

  it("does not count look-alike types as JSON", () => {
    expect(prefersJson("text/json")).toBe(false);
    expect(prefersJson("application/jsonp")).toBe(false);
    expect(prefersJson("application/json-seq")).toBe(false);
    expect(prefersJson("application/xjson")).toBe(false);
  });

  it("does not treat wildcards as a JSON preference", () => {
    expect(prefersJson("*/*")).toBe(false);
    expect(prefersJson("application/*")).toBe(false);
  });

  it("is false for a typical browser header", () => {
    expect(
      prefersJson("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8"),
    ).toBe(false);
  });

  it("is false when JSON and HTML tie", () => {
    expect(prefersJson("text/html, application/json")).toBe(false);
    expect(prefersJson("application/xhtml+xml, application/json")).toBe(false);
    expect(prefersJson("application/json;q=0.5, text/html;q=0.5")).toBe(false);
  });

  it("is true when JSON's q beats HTML's", () => {
    expect(prefersJson("application/json, text/html;q=0.9")).toBe(true);
    expect(prefersJson("text/html;q=0.1, application/json;q=0.2")).toBe(true);
  });

  it("is false when JSON is refused with q=0", () => {
    expect(prefersJson("application/json;q=0")).toBe(false);
    expect(prefersJson("application/json;q=nonsense")).toBe(false);
  });

  it("uses the best q of several JSON types", () => {
    expect(prefersJson("application/json;q=0.1, application/x+json;q=0.9, text/html;q=0.5")).toBe(
      true,
    );
  });
});

describe("jsonTwinPath", () => {
  const json = { accept: "application/json" };
  const html = { accept: "text/html" };

  it("prefixes /fotoweb paths when JSON is preferred", () => {
    expect(jsonTwinPath("GET", "/fotoweb/", json)).toBe(`${JSON_PREFIX}/fotoweb/`);
    expect(jsonTwinPath("GET", "/fotoweb/archives/", json)).toBe("/_json/fotoweb/archives/");
    expect(jsonTwinPath("GET", "/fotoweb", json)).toBe("/_json/fotoweb");
    expect(jsonTwinPath("HEAD", "/fotoweb/me/", json)).toBe("/_json/fotoweb/me/");
  });

  it("leaves HTML requests alone", () => {
    expect(jsonTwinPath("GET", "/fotoweb/archives/", html)).toBeNull();
    expect(jsonTwinPath("GET", "/fotoweb/archives/", {})).toBeNull();
  });

  it("never rewrites paths outside /fotoweb", () => {
    expect(jsonTwinPath("GET", "/", json)).toBeNull();
    expect(jsonTwinPath("GET", "/other/fotoweb/", json)).toBeNull();
    expect(jsonTwinPath("GET", "/fotowebx", json)).toBeNull();
    expect(jsonTwinPath("GET", "/fotoweb-evil/", json)).toBeNull();
    expect(jsonTwinPath("GET", "/_json/fotoweb/", json)).toBeNull();
  });

  it("never rewrites the single-representation areas", () => {
    expect(jsonTwinPath("GET", "/fotoweb/api/privacy/cookie-consent", json)).toBeNull();
    expect(jsonTwinPath("GET", "/fotoweb/views/login", json)).toBeNull();
    expect(jsonTwinPath("POST", "/fotoweb/services/keepalive", json)).toBeNull();
    expect(
      jsonTwinPath("POST", "/fotoweb/views/login", { "content-type": "application/json" }),
    ).toBeNull();
  });

  it("excludes those areas in any case and without the trailing slash, as Remix matches them", () => {
    expect(jsonTwinPath("GET", "/fotoweb/API/privacy/cookie-consent", json)).toBeNull();
    expect(jsonTwinPath("GET", "/fotoweb/api", json)).toBeNull();
    expect(jsonTwinPath("GET", "/fotoweb/Views/login", json)).toBeNull();
    expect(jsonTwinPath("GET", "/fotoweb/SERVICES", json)).toBeNull();
  });

  it("does not mistake look-alike prefixes for the excluded areas", () => {
    expect(jsonTwinPath("GET", "/fotoweb/apis/", json)).toBe("/_json/fotoweb/apis/");
    expect(jsonTwinPath("GET", "/fotoweb/me/views/", json)).toBe("/_json/fotoweb/me/views/");
  });

  it("rewrites a write with a JSON body even when HTML is preferred", () => {
    const headers = { accept: "text/html", "content-type": "application/json" };
    expect(jsonTwinPath("POST", "/fotoweb/me/", headers)).toBe("/_json/fotoweb/me/");
    expect(jsonTwinPath("PATCH", "/fotoweb/me/", headers)).toBe("/_json/fotoweb/me/");
    expect(jsonTwinPath("DELETE", "/fotoweb/me/", headers)).toBe("/_json/fotoweb/me/");
  });

  it("reads the content type without parameters and case-insensitively", () => {
    expect(
      jsonTwinPath("POST", "/fotoweb/me/", { "content-type": "Application/JSON; charset=utf-8" }),
    ).toBe("/_json/fotoweb/me/");
    expect(
      jsonTwinPath("PUT", "/fotoweb/me/", { "content-type": "application/vnd.x+json;v=2" }),
    ).toBe("/_json/fotoweb/me/");
  });

  it("ignores the content type of GET and HEAD", () => {
    const headers = { accept: "text/html", "content-type": "application/json" };
    expect(jsonTwinPath("GET", "/fotoweb/me/", headers)).toBeNull();
    expect(jsonTwinPath("HEAD", "/fotoweb/me/", headers)).toBeNull();
  });

  it("does not rewrite form posts or bodies without a JSON type", () => {
    expect(
      jsonTwinPath("POST", "/fotoweb/me/", {
        "content-type": "application/x-www-form-urlencoded",
      }),
    ).toBeNull();
    expect(
      jsonTwinPath("POST", "/fotoweb/me/", { "content-type": "multipart/form-data" }),
    ).toBeNull();
    expect(jsonTwinPath("POST", "/fotoweb/me/", { "content-type": "" })).toBeNull();
    expect(jsonTwinPath("POST", "/fotoweb/me/", { "content-type": "text/json" })).toBeNull();
    expect(jsonTwinPath("POST", "/fotoweb/me/", {})).toBeNull();
  });
});

describe("jsonTwinPath for a request carrying a token", () => {
  it("reads JSON unless HTML is named, with no Accept or a wildcard too", () => {
    const twin = `${JSON_PREFIX}/fotoweb/editors/default`;
    for (const accept of [undefined, "*/*", "application/*"])
      expect(jsonTwinPath("GET", "/fotoweb/editors/default", { accept }, { token: true })).toBe(
        twin,
      );
    expect(
      jsonTwinPath("GET", "/fotoweb/editors/default", { accept: "text/html" }, { token: true }),
    ).toBeNull();
    // Without a token, no Accept is a browser's page as before.
    expect(jsonTwinPath("GET", "/fotoweb/editors/default", {})).toBeNull();
    // Paths that are one representation stay so.
    expect(jsonTwinPath("GET", "/fotoweb/views/login", {}, { token: true })).toBeNull();
  });
});
