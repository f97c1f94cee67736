import { describe, expect, test, vi } from "vitest";
import type { FieldEdit } from "~/models/background-task/task.schema";
import { checkFieldEdits, type EditorField } from "~/models/metadata/field-values";
import { fieldInputSchema } from "~/models/metadata/metadata.schema";
import { checkUserData, signupFieldSchema, type SignupField } from "~/models/signup/signup.schema";
import { patternProblem, userPatternMatches } from "~/models/validation/pattern";
import "~/models/validation/pattern.server";
import { inEnglish } from "../helpers/keyed";

/*
 * People's patterns run on RE2 (decision 069, issue 29): a pattern that makes a backtracking
 * engine run for ever is saved and answers correctly; what RE2 cannot run is refused with a
 * message. These assert the answers, not the time; bench/patterns.ts measures the time.
 */

const HOSTILE = ["^(a+)+$", "(a|a)*$", ".*.*.*.*.*.*x", "(x+x+)+y", "^(([a-z])+.)+[A-Z]([a-z])+$"];
const REFUSED: [string, RegExp][] = [
  ["(?=a)a", /look-ahead/i],
  ["(?!a)b", /look-ahead/i],
  ["(?<=a)b", /look-behind/i],
  ["(?<!a)b", /look-behind/i],
  ["(a)\\1", /back-reference/i],
  ["(?<n>a)\\k<n>", /back-reference/i],
  ["x{1,99999}", /cannot be used.*repetition/i],
  ["([", /not a valid regular expression/i],
];

describe("saving a pattern", () => {
  test.each(HOSTILE)("%s is accepted: RE2 runs it in linear time", (pattern) => {
    expect(patternProblem(pattern)).toBeNull();
    expect(signupFieldSchema.safeParse(field(pattern)).success).toBe(true);
    expect(fieldInputSchema.safeParse(metadataField(pattern)).success).toBe(true);
  });

  test.each(REFUSED)("%s is refused with a message", (pattern, message) => {
    expect(inEnglish(patternProblem(pattern) ?? "")).toMatch(message);
    const signup = signupFieldSchema.safeParse(field(pattern));
    expect(signup.error?.issues.map((i) => [i.path.join("."), inEnglish(i.message)])).toEqual([
      ["validation.regex", expect.stringMatching(message)],
    ]);
    const metadata = fieldInputSchema.safeParse(metadataField(pattern));
    expect(metadata.error?.issues.map((i) => [i.path.join("."), inEnglish(i.message)])).toEqual([
      ["Validation.Regexp", expect.stringMatching(message)],
    ]);
  });

  test("a bracket inside a class is not a look-around", () => {
    expect(patternProblem("[(?=]+")).toBeNull();
    expect(patternProblem("\\(\\?=")).toBeNull();
  });
});

describe("matching a value", () => {
  test("sign-up extra field: the hostile pattern answers, and correctly", () => {
    const fields = [field("^(a+)+$")];
    const hostile = checkUserData(fields, [{ id: "code", value: `${"a".repeat(400)}!` }]);
    expect(hostile.ok).toBe(false);
    if (!hostile.ok)
      expect(inEnglish(hostile.errors.code!)).toBe("Code is not in the expected form.");
    expect(checkUserData(fields, [{ id: "code", value: "aaaa" }]).ok).toBe(true);
  });

  test("sign-up patterns keep their meaning: unanchored, Unicode", () => {
    const fields = [field("\\p{Lu}{2}")];
    expect(checkUserData(fields, [{ id: "code", value: "xÅÉy" }]).ok).toBe(true);
    expect(checkUserData(fields, [{ id: "code", value: "xÅy" }]).ok).toBe(false);
  });

  test("metadata field: a 100 000-character value against .*.*.*.*.*.*x", () => {
    const fields = new Map([[300, editorField(".*.*.*.*.*.*x")]]);
    const set = (value: string): FieldEdit => ({ field: 300, action: "set", value: [value] });
    const { errors } = checkFieldEdits(fields, [set("a".repeat(100_000))]);
    expect(Object.keys(errors)).toEqual(["300"]);
    expect(inEnglish(errors["300"]!)).toBe("This value does not have the field's form");
    expect(checkFieldEdits(fields, [set(`${"a".repeat(99_999)}x`)]).errors).toEqual({});
  });

  test("metadata patterns match the whole value, as an HTML pattern attribute does", () => {
    expect(userPatternMatches("[A-Z]+-\\d+", "ABC-12", true)).toBe(true);
    expect(userPatternMatches("[A-Z]+-\\d+", "xABC-12", true)).toBe(false);
    expect(userPatternMatches("a|b", "ab", true)).toBe(false);
    // Not a pattern alone: wrapping it must not make it one.
    expect(userPatternMatches("a)|(b", "b", true)).toBeUndefined();
  });

  test("a pattern RE2 cannot compile, saved before RE2, is not applied", () => {
    expect(userPatternMatches("(?=a)a", "b", true)).toBeUndefined();
    const fields = new Map([[300, editorField("(?=a)a")]]);
    expect(checkFieldEdits(fields, [{ field: 300, action: "set", value: ["b"] }]).errors).toEqual(
      {},
    );
  });

  test("in the browser no user pattern runs: the server decides", async () => {
    vi.resetModules();
    vi.stubGlobal("document", {});
    try {
      const browser = await import("~/models/validation/pattern");
      expect(browser.userPatternMatches("^(a+)+$", `${"a".repeat(40)}!`, false)).toBeUndefined();
      expect(inEnglish(browser.patternProblem("(?=a)") ?? "")).toMatch(/look-ahead/i);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

function field(regex: string): SignupField {
  return {
    id: "code",
    label: "Code",
    type: "text",
    values: [],
    validation: { regex, helpText: "" },
    required: false,
  };
}

function metadataField(regexp: string) {
  return { GuiLabel: "Code", Validation: { Regexp: regexp } };
}

function editorField(regexp: string): EditorField {
  return {
    id: 300,
    label: "Code",
    dataType: "text",
    multiInstance: false,
    multiline: false,
    required: false,
    readonly: false,
    options: [],
    validation: { regexp },
    labelPlacement: "top",
    taxonomyHref: null,
    maxLength: 100_000,
    values: [],
    mixed: false,
  };
}
