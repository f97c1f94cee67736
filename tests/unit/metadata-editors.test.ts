import { describe, expect, test } from "vitest";
import {
  addName,
  assetFormEntries,
  changeName,
  CHECKED_VALUE,
  editKey,
  editorKind,
  editsFromAssetForm,
  editsFromBatchForm,
  formatDateValue,
  removeName,
  splitEntries,
  valueName,
  type EditorField,
} from "~/components/metadata/editors/field-form";

/* The editors' pure parts: which widget a field gets, form data to changes, and the keys. */

const base: EditorField = {
  id: 0,
  label: "",
  dataType: "text",
  multiInstance: false,
  multiline: false,
  required: false,
  readonly: false,
  options: [],
  validation: {},
  labelPlacement: "top",
  maxLength: 1000,
  values: [],
  mixed: false,
};
const field = (over: Partial<EditorField>): EditorField => ({ ...base, ...over });

const caption = field({
  id: 120,
  label: "Description",
  multiline: true,
  values: [{ value: "Old", notInAll: false }],
});
const keywords = field({
  id: 25,
  label: "Keywords",
  multiInstance: true,
  values: [
    { value: "harbour", notInAll: false },
    { value: "boat", notInAll: true },
  ],
});
const approved = field({ id: 301, label: "Approved", dataType: "checkbox" });
const city = field({
  id: 90,
  label: "City",
  values: [{ value: "Oslo", notInAll: true }],
  mixed: true,
});
const locked = field({
  id: 5,
  label: "Object name",
  readonly: true,
  values: [{ value: "x", notInAll: false }],
});

const form = (entries: [string, string][]) => new URLSearchParams(entries);

describe("editorKind", () => {
  test("multi-instance is a bag, multiline a text area, dates one date widget", () => {
    expect(editorKind(keywords)).toBe("tags");
    expect(editorKind(caption)).toBe("multiline");
    expect(editorKind(field({}))).toBe("text");
    expect(editorKind(field({ dataType: "date-dropdown" }))).toBe("date");
    expect(editorKind(field({ dataType: "date" }))).toBe("date");
    expect(editorKind(field({ dataType: "email", multiInstance: true }))).toBe("tags");
    expect(editorKind(field({ dataType: "input-dropdown" }))).toBe("input-dropdown");
    expect(editorKind(approved)).toBe("checkbox");
  });
});

describe("splitEntries", () => {
  test("semicolons and lines separate entries; blanks and duplicates go", () => {
    expect(splitEntries(["a@x.no; b@x.no;;\n c@x.no", "a@x.no", "  "])).toEqual([
      "a@x.no",
      "b@x.no",
      "c@x.no",
    ]);
    expect(splitEntries([])).toEqual([]);
  });
});

describe("editsFromAssetForm", () => {
  test("only the fields the form names change, and only when their value differs", () => {
    const edits = editsFromAssetForm(
      [caption, keywords, approved],
      form([
        ["edit", "120"],
        ["field.120", "  New caption  "],
        ["edit", "25"],
        ["field.25", "harbour"],
        ["field.25", "boat"],
      ]),
    );
    expect(edits).toEqual([{ field: 120, action: "set", value: ["New caption"] }]);
  });

  test("an emptied field is erased; a bag's text area splits at lines", () => {
    expect(
      editsFromAssetForm(
        [caption, keywords],
        form([
          ["edit", "120"],
          ["field.120", "   "],
          ["edit", "25"],
          ["field.25", "harbour\nsea; sky\n"],
        ]),
      ),
    ).toEqual([
      { field: 120, action: "erase", value: [] },
      { field: 25, action: "set", value: ["harbour", "sea", "sky"] },
    ]);
  });

  test("a checkbox posts true when ticked and nothing when not", () => {
    const ticked = editsFromAssetForm(
      [approved],
      form([
        ["edit", "301"],
        ["field.301", CHECKED_VALUE],
      ]),
    );
    expect(ticked).toEqual([{ field: 301, action: "set", value: [CHECKED_VALUE] }]);
    const set = { ...approved, values: [{ value: CHECKED_VALUE, notInAll: false }] };
    expect(editsFromAssetForm([set], form([["edit", "301"]]))).toEqual([
      { field: 301, action: "erase", value: [] },
    ]);
  });

  test("read-only and unknown fields are never changed, whatever is posted", () => {
    expect(
      editsFromAssetForm(
        [locked],
        form([
          ["edit", "5"],
          ["field.5", "hacked"],
          ["edit", "999"],
          ["field.999", "x"],
        ]),
      ),
    ).toEqual([]);
  });

  test("assetFormEntries is what the inline editor posts, read back to the same change", () => {
    const entries = assetFormEntries(keywords, ["harbour", "sea"]);
    expect(editsFromAssetForm([keywords], form(entries))).toEqual([
      { field: 25, action: "set", value: ["harbour", "sea"] },
    ]);
  });
});

describe("editsFromBatchForm", () => {
  test("bags add and remove across the selection; a value both added and removed is removed", () => {
    const edits = editsFromBatchForm(
      [keywords],
      form([
        [addName(25), "sunset; boat"],
        [addName(25), "fjord"],
        [removeName(25), "boat"],
      ]),
    );
    expect(edits).toEqual([
      { field: 25, action: "add", value: ["sunset", "fjord"] },
      { field: 25, action: "remove", value: ["boat"] },
    ]);
  });

  test("a single-value field changes only when its box is ticked; empty erases", () => {
    expect(editsFromBatchForm([city], form([[valueName(90), "Bergen"]]))).toEqual([]);
    expect(
      editsFromBatchForm(
        [city],
        form([
          [changeName(90), CHECKED_VALUE],
          [valueName(90), "Bergen"],
        ]),
      ),
    ).toEqual([{ field: 90, action: "set", value: ["Bergen"] }]);
    expect(editsFromBatchForm([city], form([[changeName(90), CHECKED_VALUE]]))).toEqual([
      { field: 90, action: "erase", value: [] },
    ]);
  });

  test("nothing posted, nothing changed; read-only fields ignored", () => {
    expect(editsFromBatchForm([caption, keywords, city], form([]))).toEqual([]);
    expect(
      editsFromBatchForm(
        [locked],
        form([
          [changeName(5), CHECKED_VALUE],
          [valueName(5), "x"],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("editKey (spec 002 field modes)", () => {
  test("Enter saves a one-line field; Shift+Enter saves text areas and tag fields", () => {
    expect(editKey("text", { key: "Enter", shiftKey: false })).toBe("save");
    expect(editKey("text", { key: "Enter", shiftKey: true })).toBe("save");
    expect(editKey("multiline", { key: "Enter", shiftKey: false })).toBe("own");
    expect(editKey("multiline", { key: "Enter", shiftKey: true })).toBe("save");
    expect(editKey("tags", { key: "Enter", shiftKey: false })).toBe("own");
    expect(editKey("tags", { key: "Enter", shiftKey: true })).toBe("save");
  });
  test("Escape cancels; other keys and composition are the field's own", () => {
    expect(editKey("number", { key: "Escape", shiftKey: false })).toBe("cancel");
    expect(editKey("text", { key: "a", shiftKey: false })).toBeNull();
    expect(editKey("text", { key: "Enter", shiftKey: false, isComposing: true })).toBeNull();
  });
});

test("formatDateValue writes YYYY-MM-DD HH:mm, leaving out midnight", () => {
  expect(formatDateValue("2024-05-17T13:45:00Z")).toBe("2024-05-17 13:45");
  expect(formatDateValue("2024-05-17T00:00:00Z")).toBe("2024-05-17");
  expect(formatDateValue("2024-05-17")).toBe("2024-05-17");
  expect(formatDateValue("not a date")).toBe("not a date");
});
