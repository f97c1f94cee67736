import type { ReactElement } from "react";
import { renderToStaticMarkup as renderMarkup } from "react-dom/server";
import { LocaleProvider } from "~/components/locale/locale-context";
import { messagesFor } from "~/models/locale/catalog.server";
import { describe, expect, test } from "vitest";
import { MetadataFieldPicker } from "~/components/metadata/MetadataFieldPicker";
import { MetadataFieldSelect } from "~/components/metadata/MetadataFieldSelect";
import {
  fieldOfKind,
  fieldTypesOf,
  matchesSearch,
  pickableFields,
  roleAccepts,
  type PickerField,
} from "~/models/metadata/field-picker";
import { viewProblems } from "~/models/metadata/metadata-rules";
import {
  BUILTIN_FIELD_DEFINITIONS,
  BUILTIN_ROLES,
  FIXED_FIELD,
  type FieldDefinition,
} from "~/models/metadata/metadata.schema";
import { DEFAULT_VIEW } from "~/models/metadata/metadata.server";

/** The picker and its select speak by key (decision 101): rendered in English, as a page is. */
const renderToStaticMarkup = (node: ReactElement) =>
  renderMarkup(
    <LocaleProvider
      value={{ messages: messagesFor("en"), language: "en", timeZone: "UTC", areas: new Set() }}
    >
      {node}
    </LocaleProvider>,
  );

/*
 * The metadata field picker's rules (spec 001 §5, decision 041): what `only` offers, the builtin
 * mapping's fixed-field rules, the quick search, and the no-JS select that applies the same rules.
 */

const field = (over: Partial<PickerField> & Pick<PickerField, "Id">): PickerField => ({
  GuiLabel: `Field ${over.Id}`,
  NamespaceLabel: "Custom",
  FieldType: "Single",
  DataType: "text",
  ...over,
});

const single = field({ Id: 300, GuiLabel: "Caption <b>", FieldType: "Single" });
const altLang = field({ Id: 301, GuiLabel: "Localised title", FieldType: "AltLang" });
const bag = field({ Id: 302, GuiLabel: "Subjects", FieldType: "Bag" });
const date = field({ Id: 303, GuiLabel: "Shot on", FieldType: "Date", DataType: "date" });
const number = field({ Id: 304, GuiLabel: "Frames", FieldType: "Single", DataType: "number" });
const dateBag = field({ Id: 305, GuiLabel: "Dates", FieldType: "Bag", DataType: "date" });
const all = [single, altLang, bag, date, number, dateBag, ...BUILTIN_FIELD_DEFINITIONS];
const ids = (fields: readonly PickerField[]) => fields.map((f) => f.Id);

describe("the picker's type filter (only)", () => {
  test("only Bag offers Bag fields, and nothing else", () => {
    const offered = pickableFields(all, { only: "Bag" });
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((f) => f.FieldType === "Bag")).toBe(true);
    expect(ids(offered)).toEqual(expect.arrayContaining([302, 305, 25, 80]));
  });

  test("only Single offers Single and AltLang fields", () => {
    const offered = pickableFields(all, { only: "Single" });
    expect(ids(offered)).toEqual(expect.arrayContaining([300, 301, 304, 5, 120]));
    expect(ids(offered)).not.toEqual(expect.arrayContaining([302]));
    expect(offered.some((f) => f.FieldType === "Bag" || f.FieldType === "Date")).toBe(false);
  });

  test("no only offers every field, in the order given", () => {
    expect(ids(pickableFields(all, {}))).toEqual(ids(all));
    expect(fieldOfKind(date)).toBe(true);
    expect(fieldOfKind(date, "Single")).toBe(false);
  });

  test("excluded ids are not offered", () => {
    expect(ids(pickableFields([single, bag, altLang], { exclude: [302, 300] }))).toEqual([301]);
  });
});

describe("the builtin mapping's fixed-field rules", () => {
  test("Status, Rating and Notes accept only their fixed field", () => {
    expect(ids(pickableFields(all, { role: "Status" }))).toEqual([FIXED_FIELD.status]);
    expect(ids(pickableFields(all, { role: "Rating" }))).toEqual([FIXED_FIELD.rating]);
    expect(ids(pickableFields(all, { role: "Notes" }))).toEqual([FIXED_FIELD.notes]);
  });

  test("Title and Description accept single-value text only (Single or AltLang)", () => {
    for (const role of ["Title", "Description"] as const) {
      const offered = ids(pickableFields(all, { role }));
      expect(offered).toEqual(expect.arrayContaining([300, 301, 5, 120]));
      for (const refused of [302, 303, 304, 305, 25]) expect(offered).not.toContain(refused);
    }
  });

  test("Tags accepts multi-value text only (Bag)", () => {
    const offered = ids(pickableFields(all, { role: "Tags" }));
    expect(offered).toEqual(expect.arrayContaining([302, 25, 80]));
    for (const refused of [300, 301, 303, 305, 5]) expect(offered).not.toContain(refused);
  });

  test("the model refuses exactly what the picker does not offer", () => {
    const defs = new Map<number, FieldDefinition>(BUILTIN_FIELD_DEFINITIONS.map((f) => [f.Id, f]));
    for (const f of BUILTIN_FIELD_DEFINITIONS)
      for (const role of BUILTIN_ROLES) {
        const view = {
          ...DEFAULT_VIEW,
          BuiltinFields: { ...DEFAULT_VIEW.BuiltinFields, [role]: { Field: f.Id } },
          DetailRegions: [],
        };
        const refused = `BuiltinFields.${role}.Field` in viewProblems(view as never, defs);
        expect([role, f.Id, refused]).toEqual([role, f.Id, !roleAccepts(role, f)]);
      }
  });
});

describe("the quick search", () => {
  test("matches every word in the id, the namespace label or the label, in any case", () => {
    expect(matchesSearch(bag, "subj")).toBe(true);
    expect(matchesSearch(bag, "CUSTOM subjects")).toBe(true);
    expect(matchesSearch(bag, "302")).toBe(true);
    expect(matchesSearch(bag, "subjects iptc")).toBe(false);
    expect(matchesSearch(bag, "   ")).toBe(true);
    expect(matchesSearch(single, "<b>")).toBe(true);
  });

  test("the type filter lists the types found, Single first", () => {
    expect(fieldTypesOf([bag, date, single, altLang])).toEqual([
      "Single",
      "AltLang",
      "Bag",
      "Date",
    ]);
    expect(fieldTypesOf([])).toEqual([]);
  });
});

describe("MetadataFieldSelect, without JavaScript", () => {
  test("single: a native select of the offered fields, the chosen one selected", () => {
    const html = renderToStaticMarkup(
      <MetadataFieldSelect
        name="Title"
        label="Title field"
        fields={all}
        role="Title"
        selectionMode="single"
        defaultSelected={[301]}
      />,
    );
    expect(html).toContain('name="Title"');
    expect(html).toMatch(/<option value="301" selected="">/);
    expect(html).toContain('value="300"');
    expect(html).not.toContain('value="302"');
    // Labels are text, never markup.
    expect(html).toContain("Caption &lt;b&gt;");
  });

  test("multiple: a checkbox per offered field, the defaults ticked, excluded ones left out", () => {
    const html = renderToStaticMarkup(
      <MetadataFieldSelect
        name="fields"
        label="Fields"
        fields={all}
        only="Bag"
        selectionMode="multiple"
        defaultSelected={[302]}
        exclude={[25]}
      />,
    );
    const boxes = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]);
    expect(boxes.map((b) => /value="(\d+)"/.exec(b)?.[1])).toEqual(["302", "305", "80"]);
    expect(boxes.filter((b) => b.includes("checked")).length).toBe(1);
    expect(boxes.find((b) => b.includes('value="302"'))).toContain("checked");
  });

  test("a fixed role is read-only and posts its fixed field", () => {
    const html = renderToStaticMarkup(
      <MetadataFieldSelect
        name="Rating"
        label="Rating"
        fields={all}
        role="Rating"
        selectionMode="single"
      />,
    );
    expect(html).not.toContain("<select");
    expect(html).toContain(`type="hidden" name="Rating" value="${FIXED_FIELD.rating}"`);
  });

  test("the picker's trigger is disabled for a fixed role", () => {
    const render = (role: "Notes" | "Title") =>
      renderToStaticMarkup(
        <MetadataFieldPicker
          fields={all}
          role={role}
          selectionMode="single"
          onSelect={() => {}}
          label="Choose"
        />,
      );
    expect(render("Notes")).toContain("disabled");
    expect(render("Title")).not.toContain("disabled");
  });
});
