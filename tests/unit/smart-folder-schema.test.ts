import { inEnglish } from "../helpers/keyed";
import { describe, expect, test } from "vitest";
import { parseSearchExpression } from "~/models/search/search-expression";
import {
  smartFolderOrderSchema,
  smartFolderPatchSchema,
  smartFolderSchema,
} from "~/models/smart-folder/smart-folder.schema";

/* The smart folder schemas and the `at` (added) predicate they rely on (decision 061). */

describe("smart folder values", () => {
  test("name and expression are trimmed and required; the name is at most 100 characters", () => {
    expect(smartFolderSchema.parse({ name: "  Week ", expression: " at:now-P7D " })).toEqual({
      name: "Week",
      expression: "at:now-P7D",
    });
    const blank = smartFolderSchema.safeParse({ name: " ", expression: "" });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((i) => i.path[0]).sort()).toEqual(["expression", "name"]);
    expect(smartFolderSchema.safeParse({ name: "x".repeat(101), expression: "*" }).success).toBe(
      false,
    );
    expect(smartFolderSchema.safeParse({ name: "x".repeat(100), expression: "*" }).success).toBe(
      true,
    );
  });

  test("an expression that does not parse is refused with the InvalidSearchExpression words", () => {
    const bad = smartFolderSchema.safeParse({ name: "Bad", expression: "mt:soon" });
    expect(bad.success).toBe(false);
    expect(inEnglish(bad.error?.issues[0]?.message ?? "")).toMatch(
      /^InvalidSearchExpression: "soon" is not a date/,
    );
  });

  test("the API's searchString is read as the expression; PATCH needs something", () => {
    expect(smartFolderSchema.parse({ name: "A", searchString: "25:x" }).expression).toBe("25:x");
    expect(smartFolderPatchSchema.safeParse({}).success).toBe(false);
    expect(smartFolderPatchSchema.parse({ name: "B" })).toEqual({ name: "B" });
  });

  test("ORDERPATCH: childPath and a whole relativePosition", () => {
    expect(
      smartFolderOrderSchema.parse({ childPath: "/x/.smartfolders/3", relativePosition: "-1" }),
    ).toEqual({ childPath: "/x/.smartfolders/3", relativePosition: -1 });
    expect(
      smartFolderOrderSchema.safeParse({ childPath: "/x", relativePosition: 0.5 }).success,
    ).toBe(false);
    expect(smartFolderOrderSchema.safeParse({ relativePosition: 1 }).success).toBe(false);
  });
});

describe("the at (added) predicate", () => {
  test("relative dates are evaluated against the given now", () => {
    const now = new Date("2026-11-25T12:00:00.000Z");
    const week = parseSearchExpression("at:now-P7D", { now });
    expect(week).toMatchObject({
      ok: true,
      node: { kind: "dateRange", name: "at", from: "2026-11-18T12:00:00.000Z" },
    });
    const hours = parseSearchExpression("at:{{now-PT6H}} TO {{now}}", { now });
    expect(hours).toMatchObject({
      ok: true,
      node: { kind: "dateRange", name: "at", from: "2026-11-25T06:00:00.000Z" },
    });
  });
});
