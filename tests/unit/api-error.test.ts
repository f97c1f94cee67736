import { describe, expect, it } from "vitest";
import { headingForStatus, isApiErrorBody } from "~/http/error";

describe("headingForStatus", () => {
  it("names the listed statuses", () => {
    for (const [status, heading] of [
      [400, "Bad request"],
      [401, "Not signed in"],
      [403, "Forbidden"],
      [404, "Not found"],
      [405, "Method not allowed"],
      [406, "Not acceptable"],
      [409, "Conflict"],
      [413, "Too large"],
      [415, "Unsupported media type"],
      [429, "Too many requests"],
      [500, "Server error"],
      [503, "Service unavailable"],
    ] as const) {
      expect(headingForStatus(status)).toBe(heading);
    }
  });

  it("falls back by class", () => {
    expect(headingForStatus(418)).toBe("Request error");
    expect(headingForStatus(502)).toBe("Server error");
    expect(headingForStatus(599)).toBe("Server error");
  });
});

describe("isApiErrorBody", () => {
  it("needs a numeric status and a string heading", () => {
    expect(isApiErrorBody({ status: 404, heading: "Not found", value: "x" })).toBe(true);
    expect(isApiErrorBody({ status: 404, heading: "" })).toBe(true);
  });

  it("refuses anything else", () => {
    for (const [name, value] of [
      ["null", null],
      ["undefined", undefined],
      ["string", "error"],
      ["number", 404],
      ["array", [404, "Not found"]],
      ["status as string", { status: "404", heading: "Not found" }],
      ["no heading", { status: 404, value: "x" }],
      ["heading not a string", { status: 404, heading: 1 }],
    ] as const) {
      expect(isApiErrorBody(value), name).toBe(false);
    }
  });
});
