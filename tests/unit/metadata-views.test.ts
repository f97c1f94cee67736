import { describe, expect, test } from "vitest";
import { viewProblems } from "~/models/metadata/metadata-rules";
import {
  BUILTIN_FIELD_DEFINITIONS,
  fieldInputSchema,
  FIXED_FIELD,
  viewInputSchema,
  type FieldDefinition,
  type ViewInputValues,
} from "~/models/metadata/metadata.schema";
import { metadataSetView } from "~/models/metadata/metadata.view";
// The server's engine for people's patterns, as the server loads it (decision 069).
import "~/models/validation/pattern.server";
import { inEnglish } from "../helpers/keyed";

/*
 * The rules of metadata views and custom fields (decision 032), without a database: spec 001's
 * picker rules for the builtin roles, one place per field, known fields only, and the field
 * definitions' own rules.
 */

const custom = (over: Partial<FieldDefinition>): FieldDefinition => ({
  Id: 300,
  GuiLabel: "Custom",
  Namespace: "custom",
  NamespaceLabel: "Custom",
  Group: "",
  FieldType: "Single",
  DataType: "text",
  MultiInstance: false,
  Multiline: false,
  MaxSize: 100,
  Validation: {},
  Values: [],
  IsBuiltin: false,
  ...over,
});

const fields = new Map<number, FieldDefinition>(
  [
    ...BUILTIN_FIELD_DEFINITIONS,
    custom({ Id: 300, GuiLabel: "Subjects", MultiInstance: true, FieldType: "Bag" }),
    custom({ Id: 301, GuiLabel: "Shot on", DataType: "date" }),
    custom({
      Id: 302,
      GuiLabel: "Agency",
      DataType: "dropdown",
      Values: [{ Value: "NTB", Description: "" }],
    }),
  ].map((f) => [f.Id, f]),
);

const view = (over: Partial<ViewInputValues> = {}) =>
  viewInputSchema.parse({
    Name: "Press",
    BuiltinFields: { Title: { Field: 5 }, Description: { Field: 120 }, Tags: { Field: 25 } },
    DetailRegions: [{ Name: "Story", Fields: [{ Field: 5 }, { Field: 105 }] }],
    ...over,
  });

describe("a view's rules", () => {
  test("the default shape passes, with status, rating and notes on their fixed fields", () => {
    const parsed = view();
    expect(parsed.BuiltinFields.Status.Field).toBe(FIXED_FIELD.status);
    expect(parsed.BuiltinFields.Rating.Field).toBe(FIXED_FIELD.rating);
    expect(parsed.BuiltinFields.Notes.Field).toBe(FIXED_FIELD.notes);
    expect(viewProblems(parsed, fields)).toEqual({});
  });

  test("title and description take single text fields, tags a bag of text", () => {
    const problems = viewProblems(
      view({
        BuiltinFields: { Title: { Field: 25 }, Description: { Field: 301 }, Tags: { Field: 5 } },
      }),
      fields,
    );
    expect(Object.keys(problems).sort()).toEqual([
      "BuiltinFields.Description.Field",
      "BuiltinFields.Tags.Field",
      "BuiltinFields.Title.Field",
    ]);
    expect(inEnglish(problems["BuiltinFields.Tags.Field"]!)).toContain("Bag");
    const ok = view({
      BuiltinFields: { Title: { Field: 105 }, Description: { Field: 120 }, Tags: { Field: 300 } },
    });
    expect(viewProblems(ok, fields)).toEqual({});
  });

  test("status, rating and notes cannot be mapped to another field", () => {
    const problems = viewProblems(
      view({
        BuiltinFields: {
          Title: { Field: 5 },
          Description: { Field: 120 },
          Tags: { Field: 25 },
          Status: { Field: 5 },
          Rating: { Field: 300 },
        },
      }),
      fields,
    );
    expect(Object.keys(problems).sort()).toEqual([
      "BuiltinFields.Rating.Field",
      "BuiltinFields.Status.Field",
    ]);
  });

  test("a field appears once in the regions; unknown ids are refused; region names differ", () => {
    const problems = viewProblems(
      view({
        DetailRegions: [
          { Name: "Story", Fields: [{ Field: 5 }, { Field: 999 }] },
          { Name: "STORY", Fields: [{ Field: 5 }, { Field: 120 }] },
        ],
      }),
      fields,
    );
    // The rules' messages are keyed (decision 104): read as an English reader sees them.
    const english = Object.fromEntries(
      Object.entries(problems).map(([path, message]) => [path, inEnglish(message)]),
    );
    expect(english).toEqual({
      "DetailRegions.0.Fields.1.Field": "There is no metadata field 999",
      "DetailRegions.1.Name": 'Another region is already named "STORY"',
      "DetailRegions.1.Fields.0.Field": expect.stringContaining('already in the region "Story"'),
    });
  });

  test("required fields are writable, and only text fields are taxonomy-only", () => {
    const problems = viewProblems(
      view({
        DetailRegions: [
          {
            Name: "Story",
            Fields: [
              { Field: 5, Required: true, IsWritable: false },
              { Field: 301, TaxonomyOnly: true },
            ],
          },
        ],
      }),
      fields,
    );
    expect(Object.keys(problems).sort()).toEqual([
      "DetailRegions.0.Fields.0.Required",
      "DetailRegions.0.Fields.1.TaxonomyOnly",
    ]);
  });

  test("the schema refuses ids no URL could carry, and more than 20 regions", () => {
    for (const Id of ["", "../x", "a b", "x".repeat(65), "-x"])
      expect(viewInputSchema.safeParse({ ...view(), Id }).success, Id).toBe(false);
    const many = Array.from({ length: 21 }, (_, i) => ({ Name: `R${i}`, Fields: [] }));
    expect(viewInputSchema.safeParse({ ...view(), DetailRegions: many }).success).toBe(false);
  });

  test("the metadata set leaves out entries whose field is gone and lower-cases the roles", () => {
    const set = metadataSetView(
      {
        Id: "press",
        ...view({ DetailRegions: [{ Name: "Story", Fields: [{ Field: 5 }, { Field: 999 }] }] }),
      },
      fields,
    );
    expect(set.href).toBe("/fotoweb/editors/press");
    expect(Object.keys(set.builtinFields)).toEqual([
      "title",
      "description",
      "tags",
      "status",
      "rating",
      "notes",
    ]);
    expect(set.detailRegions[0]!.fields.map((f) => f.field.id)).toEqual([5]);
    expect(set.builtinFields.rating.field.validation).toEqual({
      helpText: "A rating from 0 to 5",
      min: 0,
      max: 5,
    });
  });
});

describe("a custom field's rules", () => {
  const errors = (input: unknown) => {
    const parsed = fieldInputSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join(".")).sort();
  };

  test("defaults make a single-line text field in the custom namespace", () => {
    expect(fieldInputSchema.parse({ GuiLabel: "  Agency " })).toMatchObject({
      GuiLabel: "Agency",
      DataType: "text",
      MultiInstance: false,
      Namespace: "custom",
      Values: [],
    });
  });

  test("dropdowns need unique values, and only dropdowns have them", () => {
    expect(errors({ GuiLabel: "A", DataType: "dropdown" })).toEqual(["Values"]);
    expect(errors({ GuiLabel: "A", DataType: "dropdown", Values: ["x", { Value: "x" }] })).toEqual([
      "Values.1",
    ]);
    expect(errors({ GuiLabel: "A", Values: ["x"] })).toEqual(["Values"]);
    expect(
      fieldInputSchema.parse({ GuiLabel: "A", DataType: "input-dropdown", Values: ["x"] }).Values,
    ).toEqual([{ Value: "x", Description: "" }]);
  });

  test("bounds belong to numbers and must be in order; patterns must compile", () => {
    expect(errors({ GuiLabel: "A", Validation: { Min: 1 } })).toEqual(["Validation.Min"]);
    expect(errors({ GuiLabel: "A", DataType: "number", Validation: { Min: 5, Max: 1 } })).toEqual([
      "Validation.Max",
    ]);
    expect(errors({ GuiLabel: "A", Validation: { Regexp: "(" } })).toEqual(["Validation.Regexp"]);
    expect(
      errors({ GuiLabel: "A", Validation: { Regexp: "^[0-9]+$", HelpText: "Digits" } }),
    ).toEqual([]);
  });

  test("kinds that hold one value, multiline text only, no built-in namespaces, plain labels", () => {
    expect(errors({ GuiLabel: "A", DataType: "checkbox", MultiInstance: true })).toEqual([
      "MultiInstance",
    ]);
    expect(errors({ GuiLabel: "A", DataType: "date", Multiline: true })).toEqual(["Multiline"]);
    expect(errors({ GuiLabel: "A", Namespace: "iptc" })).toEqual(["Namespace"]);
    expect(errors({ GuiLabel: "A", Namespace: "Not/Alias" })).toEqual(["Namespace"]);
    expect(errors({ GuiLabel: "a/b" })).toEqual(["GuiLabel"]);
    expect(errors({ GuiLabel: "x".repeat(101) })).toEqual(["GuiLabel"]);
    expect(errors({ GuiLabel: "A", Group: "a\u0000b" })).toEqual(["Group"]);
    expect(errors({ GuiLabel: "A", DataType: "rich" })).toEqual(["DataType"]);
  });

  test("a field with a taxonomy links it (taxonomyHref); others leave it out", () => {
    const set = metadataSetView(
      { Id: "press", ...view({ DetailRegions: [{ Name: "Story", Fields: [{ Field: 5 }] }] }) },
      fields,
      new Set([5]),
    );
    expect(set.detailRegions[0]!.fields[0]!.field.taxonomyHref).toBe("/fotoweb/api/taxonomies/5/");
    expect(set.builtinFields.rating.field).not.toHaveProperty("taxonomyHref");
  });
});
