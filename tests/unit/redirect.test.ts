import { describe, expect, it } from "vitest";
import { HOME_PATH, currentPath, loginPath, safeRedirect } from "~/http/redirect";

describe("safeRedirect", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeRedirect("/fotoweb/archives/")).toBe("/fotoweb/archives/");
    expect(safeRedirect("/fotoweb/archives/?q=cat&p=2")).toBe("/fotoweb/archives/?q=cat&p=2");
    expect(safeRedirect("/fotoweb/albums/#top")).toBe("/fotoweb/albums/#top");
  });

  it("does not mistake a URL in the query for a destination", () => {
    expect(safeRedirect("/fotoweb/?next=//evil.example")).toBe("/fotoweb/?next=//evil.example");
  });

  it("falls back to the home page by default", () => {
    expect(HOME_PATH).toBe("/fotoweb/");
    expect(safeRedirect("https://evil.example/")).toBe("/fotoweb/");
  });

  it("refuses paths whose dot segments resolve to another origin", () => {
    for (const to of [
      "/.//evil.com",
      "/..//evil.com",
      "/%2e//evil.com",
      "/%2E%2E//evil.com",
      "/a/..//evil.com",
    ]) {
      expect(safeRedirect(to), to).toBe("/fotoweb/");
    }
    expect(safeRedirect("/fotoweb/./archives/../albums/")).toBe("/fotoweb/albums/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/fallback")).toBe("/fallback");
    expect(safeRedirect(undefined, "")).toBe("");
  });

  it("refuses other origins, schemes, backslashes and control characters", () => {
    for (const [name, to] of [
      ["protocol-relative", "//evil.example"],
      ["protocol-relative with path", "//evil.example/fotoweb/"],
      ["backslash", "/\\evil.example"],
      ["double backslash", "\\\\evil.example"],
      ["backslash later in the path", "/fotoweb/\\evil"],
      ["absolute https", "https://evil.example"],
      ["absolute http to own path", "http://arkiv.invalid/fotoweb/"],
      ["javascript scheme", "javascript:alert(1)"],
      ["upper-case javascript scheme", "JavaScript:alert(1)"],
      ["data URL", "data:text/html,<script>alert(1)</script>"],
      ["relative path", "fotoweb/archives/"],
      ["leading space", " //evil.example"],
      ["leading tab", "\t/fotoweb/"],
      ["tab that browsers strip", "/\t/evil.example"],
      ["newline that browsers strip", "/\n/evil.example"],
      ["carriage return", "/fotoweb/\r\nSet-Cookie: x=1"],
      ["NUL byte", "/fotoweb/\u0000"],
      ["DEL", "/\u007f/evil.example"],
      ["empty string", ""],
    ]) {
      expect(safeRedirect(to, "FALLBACK"), name).toBe("FALLBACK");
    }
  });

  it("refuses non-strings", () => {
    for (const to of [undefined, null, 42, ["/fotoweb/"], { toString: () => "/fotoweb/" }]) {
      expect(safeRedirect(to, "FALLBACK"), String(to)).toBe("FALLBACK");
    }
  });

  it("keeps percent-encoded slashes encoded, so they stay one path", () => {
    const result = safeRedirect("/%2F%2Fevil.example");
    expect(result.startsWith("//")).toBe(false);
    expect(result).toBe("/%2F%2Fevil.example");
    expect(safeRedirect("/%5Cevil.example")).toBe("/%5Cevil.example");
  });

  it("refuses addresses longer than 2048 characters", () => {
    const path = "/fotoweb/" + "a".repeat(2048 - "/fotoweb/".length);
    expect(path).toHaveLength(2048);
    expect(safeRedirect(path, "FALLBACK")).toBe(path);
    expect(safeRedirect(path + "a", "FALLBACK")).toBe("FALLBACK");
  });

  it("normalises the path it returns", () => {
    expect(safeRedirect("/fotoweb/a/../b")).toBe("/fotoweb/b");
    expect(safeRedirect("/fotoweb/é")).toBe("/fotoweb/%C3%A9");
  });
});

describe("loginPath", () => {
  it("is the bare login page without a return address", () => {
    expect(loginPath()).toBe("/fotoweb/views/login");
    expect(loginPath("")).toBe("/fotoweb/views/login");
  });

  it("carries a safe return address, encoded", () => {
    expect(loginPath("/fotoweb/archives/?q=a b&x=1")).toBe(
      "/fotoweb/views/login?to=" + encodeURIComponent("/fotoweb/archives/?q=a%20b&x=1"),
    );
    const to = new URL(loginPath("/fotoweb/me/?a=1&b=2"), "http://h").searchParams.get("to");
    expect(to).toBe("/fotoweb/me/?a=1&b=2");
  });

  it("drops an unsafe return address", () => {
    expect(loginPath("//evil.example")).toBe("/fotoweb/views/login");
    expect(loginPath("https://evil.example/")).toBe("/fotoweb/views/login");
    expect(loginPath("javascript:alert(1)")).toBe("/fotoweb/views/login");
  });
});

describe("currentPath", () => {
  it("is the path and query without origin or fragment", () => {
    expect(currentPath(new Request("https://arkiv.example/fotoweb/archives/?q=1#frag"))).toBe(
      "/fotoweb/archives/?q=1",
    );
    expect(currentPath(new Request("http://localhost:3000/"))).toBe("/");
  });

  it("round-trips through loginPath", () => {
    const request = new Request("http://localhost/fotoweb/albums/?sort=name&dir=desc");
    const to = new URL(loginPath(currentPath(request)), "http://h").searchParams.get("to");
    expect(to).toBe("/fotoweb/albums/?sort=name&dir=desc");
  });
});
