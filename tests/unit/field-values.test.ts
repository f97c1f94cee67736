import { describe, expect, test } from "vitest";
import type { FieldEdit } from "~/models/background-task/task.schema";
import {
  applyFieldEdits,
  changedFields,
  checkFieldEdits,
  emptiedRequired,
  isIsoDate,
  type EditorField,
} from "~/models/metadata/field-values";
import { BUILTIN_FIELD_DEFINITIONS, type DataType } from "~/models/metadata/metadata.schema";
import { inEnglish } from "../helpers/keyed";

/* The rules of metadata edits (decision 045): every data type, bags, hostile input. */

function field(id: number, dataType: DataType, more: Partial<EditorField> = {}): EditorField {
  return {
    id,
    label: `Field ${id}`,
    dataType,
    multiInstance: false,
    multiline: false,
    required: false,
    readonly: false,
    options: [],
    validation: {},
    labelPlacement: "top",
    taxonomyHref: null,
    maxLength: 100,
    values: [],
    mixed: false,
    ...more,
  };
}

const FIELDS = new Map<number, EditorField>(
  [
    field(300, "text"),
    field(301, "text", { multiInstance: true }),
    field(302, "number", { validation: { min: 1, max: 10, helpText: "From 1 to 10" } }),
    field(303, "email"),
    field(304, "date"),
    field(305, "checkbox"),
    field(306, "dropdown", {
      options: [
        { value: "red", label: "Red" },
        { value: "blue", label: "Blue" },
      ],
    }),
    field(307, "input-dropdown", { options: [{ value: "a", label: "A" }] }),
    field(308, "text", { validation: { regexp: "[A-Z]{3}-\\d+", helpText: "Like ABC-123" } }),
    field(309, "text", { required: true }),
    field(310, "text", { readonly: true }),
    field(311, "text", { multiline: true, maxLength: 20 }),
    field(312, "password"),
    field(313, "date-dropdown", { options: [{ value: "2024-01-01", label: "New year" }] }),
    field(314, "text", { validation: { regexp: "(a+)+" } }),
    field(315, "number"),
  ].map((f) => [f.id, f]),
);

const set = (f: number, ...value: string[]): FieldEdit => ({ field: f, action: "set", value });
const check = (...changes: FieldEdit[]) => checkFieldEdits(FIELDS, changes);
const ok = (...changes: FieldEdit[]) => {
  const result = check(...changes);
  expect(result.errors).toEqual({});
  return result.changes;
};
/** A change's refusal as an English reader sees it (the checks are keyed). */
const error = (change: FieldEdit) => {
  const message = check(change).errors[String(change.field)];
  return message === undefined ? undefined : inEnglish(message);
};

describe("values by data type", () => {
  test("text is trimmed; an empty value clears", () => {
    expect(ok(set(300, "  Harbour at dawn  "))).toEqual([set(300, "Harbour at dawn")]);
    expect(ok(set(300, "   "))).toEqual([set(300)]);
  });

  test("numbers within min and max, with the help text", () => {
    expect(ok(set(302, "7"))).toEqual([set(302, "7")]);
    expect(ok(set(302, "1.5"))).toEqual([set(302, "1.5")]);
    expect(error(set(302, "11"))).toBe("From 1 to 10");
    expect(error(set(302, "0"))).toBe("From 1 to 10");
    expect(error(set(302, "seven"))).toBe("From 1 to 10");
    expect(error(set(315, "Infinity"))).toBe("Enter a number");
    expect(error(set(315, "1e999"))).toBe("Enter a number");
    expect(error(set(315, "0x10"))).toBe("Enter a number");
  });

  test("the rating is a whole number from 0 to 5", () => {
    const rating = new Map(BUILTIN_FIELD_DEFINITIONS.map((f) => [f.Id, f]));
    expect(checkFieldEdits(rating, [set(251, "4")]).errors).toEqual({});
    expect(checkFieldEdits(rating, [set(251, "6")]).errors["251"]).toBe("A rating from 0 to 5");
    expect(checkFieldEdits(rating, [set(251, "2.5")]).errors["251"]).toBe("A rating from 0 to 5");
  });

  test("e-mail addresses as the spec's pattern has them", () => {
    expect(ok(set(303, "ada@example.com"))).toEqual([set(303, "ada@example.com")]);
    expect(ok(set(303, "ada@[10.0.0.1]"))).toHaveLength(1);
    expect(error(set(303, "ada@"))).toMatch(/e-mail address/);
    expect(error(set(303, "ada example.com"))).toMatch(/e-mail address/);
  });

  test("dates are ISO dates that exist", () => {
    expect(ok(set(304, "2024-02-29"))).toHaveLength(1);
    expect(ok(set(304, "2024-02-29T10:30:00Z"))).toHaveLength(1);
    expect(ok(set(304, "2024-02-29T10:30:00+02:00"))).toHaveLength(1);
    expect(error(set(304, "2023-02-29"))).toMatch(/YYYY-MM-DD/);
    expect(error(set(304, "29.02.2024"))).toMatch(/YYYY-MM-DD/);
    expect(error(set(304, "2024-01-01T25:00"))).toMatch(/YYYY-MM-DD/);
    expect(isIsoDate("2024-13-01")).toBe(false);
    expect(error(set(313, "soon"))).toMatch(/YYYY-MM-DD/);
    expect(ok(set(313, "2025-06-01"))).toHaveLength(1);
  });

  test("checkboxes answer true or false", () => {
    expect(ok(set(305, "TRUE"))).toEqual([set(305, "true")]);
    expect(ok(set(305, "false"))).toEqual([set(305, "false")]);
    expect(error(set(305, "yes"))).toBe("Answer true or false");
  });

  test("a dropdown takes its options only; an input-dropdown takes any text", () => {
    expect(ok(set(306, "red"))).toHaveLength(1);
    expect(error(set(306, "green"))).toBe("Choose one of the listed values");
    expect(ok(set(307, "anything"))).toEqual([set(307, "anything")]);
  });

  test("a pattern is tested on the whole value, answered with the help text", () => {
    expect(ok(set(308, "ABC-123"))).toHaveLength(1);
    expect(error(set(308, "xABC-123"))).toBe("Like ABC-123");
    expect(error(set(308, "ABC-123x"))).toBe("Like ABC-123");
  });

  test("a pattern that would make a backtracking engine run for ever answers (RE2)", () => {
    expect(error(set(314, `${"a".repeat(40)}!`))).toBe("This value does not have the field's form");
    expect(ok(set(314, "a".repeat(40)))).toHaveLength(1);
  });

  test("passwords are text", () => {
    expect(ok(set(312, "s3cret!"))).toEqual([set(312, "s3cret!")]);
  });
});

describe("field rules", () => {
  test("a required field refuses to be emptied", () => {
    expect(error(set(309, ""))).toBe("Field 309 is required");
    expect(error({ field: 309, action: "erase", value: [] })).toBe("Field 309 is required");
    expect(ok(set(309, "here"))).toHaveLength(1);
  });

  test("a read-only field and a field outside the view are refused", () => {
    expect(error(set(310, "x"))).toBe("Field 310 cannot be changed");
    expect(error(set(999, "x"))).toMatch(/no field 999/);
  });

  test("lengths within the field's maximum", () => {
    expect(error(set(311, "x".repeat(21)))).toBe("Use at most 20 characters");
    expect(ok(set(311, "x".repeat(20)))).toHaveLength(1);
  });

  test("line breaks only in multiline fields, other control characters nowhere", () => {
    expect(ok(set(311, "one\r\ntwo"))).toEqual([set(311, "one\ntwo")]);
    expect(error(set(300, "one\ntwo"))).toMatch(/line breaks/);
    expect(error(set(311, "bell\u0007"))).toMatch(/control characters/);
    expect(error(set(300, "nul\u0000"))).toMatch(/control characters/);
  });

  test("a single-value field holds one value and takes no add or remove", () => {
    expect(error(set(300, "a", "b"))).toBe("Field 300 holds one value");
    expect(error({ field: 300, action: "add", value: ["a"] })).toMatch(/set it instead/);
  });

  test("nothing is kept when one change fails", () => {
    const result = check(set(300, "fine"), set(302, "99"));
    expect(result.changes).toEqual([]);
    expect(Object.keys(result.errors)).toEqual(["302"]);
  });
});

describe("hostile input", () => {
  test("values that are not text, actions that do not exist, ids that are not numbers", () => {
    const hostile = [
      { field: 300, action: "set", value: [{ $gt: "" }] },
      { field: 301, action: "drop table", value: ["x"] },
      { field: "300; --", action: "set", value: ["x"] },
      { field: 302, action: "set", value: "7" },
    ] as unknown as FieldEdit[];
    const result = checkFieldEdits(FIELDS, hostile);
    expect(result.changes).toEqual([]);
    expect(result.errors).toEqual({
      "300": "Send the values as text",
      "301": "Set, add, remove or erase a value",
      changes: "Name each field by its numeric id",
      "302": "Send the values as text",
    });
  });

  test("scripts are text like any other, stored as written", () => {
    expect(ok(set(300, "<script>alert(1)</script>"))).toEqual([
      set(300, "<script>alert(1)</script>"),
    ]);
  });

  test("too many changes or values are refused whole", () => {
    const many = Array.from({ length: 201 }, () => set(300, "x"));
    expect(check(...many).errors.changes).toMatch(/at most 200/);
    const values = Array.from({ length: 1001 }, (_, i) => `t${i}`);
    expect(error({ field: 301, action: "add", value: values })).toMatch(/at most 1000/);
  });

  test("a huge value is refused by the field's length, not cut", () => {
    expect(error(set(300, "x".repeat(1_000_000)))).toBe("Use at most 100 characters");
  });
});

describe("bags and applying", () => {
  const bags = new Set([301]);

  test("add and remove keep each asset's other values across mixed tags", () => {
    const add: FieldEdit = { field: 301, action: "add", value: ["sea"] };
    const remove: FieldEdit = { field: 301, action: "remove", value: ["boat"] };
    const one = { 301: ["boat", "harbour"], 300: "Title" };
    const two = { 301: ["sea", "sky"] };
    const three = {};
    const changes = ok(add, remove);
    expect(applyFieldEdits(one, changes, bags)).toEqual({ 301: ["harbour", "sea"], 300: "Title" });
    expect(applyFieldEdits(two, changes, bags)).toEqual({ 301: ["sea", "sky"] });
    expect(applyFieldEdits(three, changes, bags)).toEqual({ 301: ["sea"] });
  });

  test("a bag's repeated values are kept once; removing the last empties it", () => {
    expect(ok({ field: 301, action: "set", value: ["a", " a", "b"] })).toEqual([
      { field: 301, action: "set", value: ["a", "b"] },
    ]);
    const after = applyFieldEdits({ 301: ["a"] }, [{ field: 301, action: "remove", value: ["a"] }]);
    expect(after).toEqual({});
  });

  test("a value being removed need not pass today's rule", () => {
    const strict = new Map([
      [301, field(301, "text", { multiInstance: true, validation: { regexp: "[a-z]+" } })],
    ]);
    expect(
      checkFieldEdits(strict, [{ field: 301, action: "remove", value: ["OLD 1"] }]).errors,
    ).toEqual({});
    expect(
      checkFieldEdits(strict, [{ field: 301, action: "add", value: ["OLD 1"] }]).errors["301"],
    ).toBeDefined();
  });

  test("set replaces, erase empties, a single value stays text", () => {
    expect(applyFieldEdits({ 300: "old" }, [set(300, "new")])).toEqual({ 300: "new" });
    expect(applyFieldEdits({ 300: "old" }, [{ field: 300, action: "erase", value: [] }])).toEqual(
      {},
    );
    expect(applyFieldEdits({}, [set(301, "one")], bags)).toEqual({ 301: ["one"] });
  });

  test("changedFields names what differs, with the new values joined", () => {
    expect(changedFields({ 5: "a", 25: ["x"] }, { 5: "a", 25: ["x", "y"], 120: "d" })).toEqual([
      { field: 25, value: "x, y" },
      { field: 120, value: "d" },
    ]);
    expect(changedFields({ 25: "x" }, { 25: ["x"] })).toEqual([]);
  });

  test("a required bag emptied by a remove is caught per asset", () => {
    const required = new Map([[301, field(301, "text", { multiInstance: true, required: true })]]);
    const changes: FieldEdit[] = [{ field: 301, action: "remove", value: ["a"] }];
    const emptied = emptiedRequired(required, changes, applyFieldEdits({ 301: ["a"] }, changes));
    expect(Object.keys(emptied)).toEqual(["301"]);
    expect(inEnglish(emptied["301"]!)).toBe("Field 301 is required");
    expect(
      emptiedRequired(required, changes, applyFieldEdits({ 301: ["a", "b"] }, changes)),
    ).toEqual({});
  });
});
