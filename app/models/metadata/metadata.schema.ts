import { z } from "zod";
import { METADATA_FIELDS, type FieldType } from "./metadata-fields";
import { patternProblem } from "~/models/validation/pattern";
import { hasUnsafeLineCharacter } from "~/models/validation/text.schema";
import { keyed } from "~/models/locale/keyed";

/*
 * Metadata field definitions and metadata views (decision 032), one set of schemas for the model,
 * the configuration API and the administration forms to come. The records keep the management
 * API's PascalCase, as the archive configuration does (archive.schema.ts), so what a client reads
 * from /fotoweb/api/config/ it can send back unchanged. No server imports here.
 */

/** Custom fields are numbered from here; below it are the built-in fields, which live in code. */
export const FIRST_CUSTOM_FIELD_ID = 300;
/** The view every archive uses unless its configuration's MetadataSetId names another. */
export const DEFAULT_VIEW_ID = "default";

/** The data types of spec 002 "Metadata field definition". */
export const DATA_TYPES = [
  "text",
  "date",
  "number",
  "checkbox",
  "dropdown",
  "input-dropdown",
  "date-dropdown",
  "email",
  "password",
] as const;
export type DataType = (typeof DATA_TYPES)[number];

const DROPDOWN_TYPES: ReadonlySet<DataType> = new Set([
  "dropdown",
  "input-dropdown",
  "date-dropdown",
]);
export const isDropdownType = (type: DataType) => DROPDOWN_TYPES.has(type);

/**
 * The fixed fields behind the builtin status, rating and notes (spec 001: the picker shows them
 * read-only). Arkiv keeps their values in the assets' own columns; the ids name them in views.
 * 230 is IPTC's "document notes"; 250 and 251 are free in the IPTC numbering.
 */
export const FIXED_FIELD = { notes: 230, status: 250, rating: 251 } as const;

/** The builtin roles a view maps to fields, as the metadata set names them (lower-cased). */
export const BUILTIN_ROLES = ["Title", "Description", "Tags", "Status", "Rating", "Notes"] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

export const FIXED_ROLE_FIELDS: Readonly<Record<"Status" | "Rating" | "Notes", number>> = {
  Status: FIXED_FIELD.status,
  Rating: FIXED_FIELD.rating,
  Notes: FIXED_FIELD.notes,
};

export interface FieldValidation {
  Regexp?: string;
  HelpText?: string;
  Min?: number;
  Max?: number;
}

export interface DropdownValue {
  Value: string;
  Description: string;
}

/** A metadata field, built-in or custom: spec 002 "Metadata field definition", spec 001 picker. */
export interface FieldDefinition {
  Id: number;
  GuiLabel: string;
  /** The namespace's alias (iptc, builtin, or a custom one). */
  Namespace: string;
  NamespaceLabel: string;
  Group: string;
  /** The picker's kind (spec 001): Bag for multi-instance text, Single otherwise, Date for dates. */
  FieldType: FieldType;
  DataType: DataType;
  MultiInstance: boolean;
  Multiline: boolean;
  MaxSize: number;
  Validation: FieldValidation;
  Values: DropdownValue[];
  IsBuiltin: boolean;
  /** A custom field's revision (when it was last saved); a change made from another is stale. */
  Revision?: string;
}

/** The XMP namespace of our own, for custom fields (ids from 300). */
export const ARKIV_XMP_NAMESPACE = "https://arkiv.dev/ns/fields/1.0/";
/** The XMP namespace the IPTC fields belong to (IPTC Core). */
export const IPTC_XMP_NAMESPACE = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/";

export const BUILTIN_NAMESPACES: Readonly<Record<string, string>> = {
  iptc: "IPTC",
  builtin: "Built-in",
};
export const CUSTOM_NAMESPACE = "custom";
export const namespaceLabel = (alias: string) =>
  BUILTIN_NAMESPACES[alias] ?? (alias === CUSTOM_NAMESPACE ? "Custom" : alias);

/** The built-in fields as definitions: the IPTC ones ingest fills, then the fixed ones. */
export const BUILTIN_FIELD_DEFINITIONS: readonly FieldDefinition[] = [
  ...METADATA_FIELDS.map((f): FieldDefinition => ({
    Id: f.id,
    GuiLabel: f.label,
    Namespace: "iptc",
    NamespaceLabel: BUILTIN_NAMESPACES.iptc!,
    Group: f.group,
    FieldType: f.type,
    DataType: f.type === "Date" ? "date" : "text",
    MultiInstance: f.type === "Bag",
    Multiline: f.maxLength >= 10_000,
    MaxSize: f.maxLength,
    Validation: {},
    Values: [],
    IsBuiltin: true,
  })),
  ...(
    [
      { Id: FIXED_FIELD.notes, GuiLabel: "Notes", DataType: "text", MaxSize: 10_000 },
      { Id: FIXED_FIELD.status, GuiLabel: "Status", DataType: "text", MaxSize: 100 },
      {
        Id: FIXED_FIELD.rating,
        GuiLabel: "Rating",
        DataType: "number",
        MaxSize: 1,
        Validation: { Min: 0, Max: 5, HelpText: "A rating from 0 to 5" },
      },
    ] as const
  ).map((f): FieldDefinition => ({
    Validation: {},
    ...f,
    Namespace: "builtin",
    NamespaceLabel: BUILTIN_NAMESPACES.builtin!,
    Group: "Workflow",
    FieldType: "Single",
    MultiInstance: false,
    Multiline: f.Id === FIXED_FIELD.notes,
    Values: [],
    IsBuiltin: true,
  })),
];

// Labels, group names and namespace aliases end up in URLs and pages: no slashes or controls.
const isPlainText = (v: string) => !/[/\\]/.test(v) && !hasUnsafeLineCharacter(v);

/*
 * Messages are keyed (decision 104): the pages show them in the reader's language, the API in
 * the English they always had.
 */
const atMost = (max: number) => keyed("validation.text.useAtMost", { max });
const PLAIN_TEXT = keyed("metadata.validation.plainText");
const ENTER_EACH_VALUE = keyed("metadata.validation.enterEachValue");
const ENTER_NUMBER = keyed("metadata.validation.enterNumber");
const FIELD_BY_ID = keyed("metadata.validation.chooseFieldById");

/** A required name; `enter` is the message for none ("Enter a label"). */
const label = (enter: string) =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string({ invalid_type_error: enter })
      .trim()
      .min(1, enter)
      .max(100, atMost(100))
      .refine(isPlainText, PLAIN_TEXT),
  );

const flag = (fallback: boolean) =>
  z.boolean({ invalid_type_error: keyed("metadata.validation.trueOrFalse") }).default(fallback);

const dropdownValueSchema = z
  .union([
    z.string().trim().min(1, ENTER_EACH_VALUE).max(200, atMost(200)),
    z.object({
      Value: z.string().trim().min(1, ENTER_EACH_VALUE).max(200, atMost(200)),
      Description: z.string().trim().max(500, atMost(500)).default(""),
    }),
  ])
  .transform((v): DropdownValue => (typeof v === "string" ? { Value: v, Description: "" } : v));

/** The revision a change was made from (the record's Revision): a save over a newer one is 409. */
const revisionSchema = z.string().max(40, keyed("metadata.validation.notRevision")).optional();

export const fieldInputSchema = z
  .object({
    GuiLabel: label(keyed("metadata.validation.enterLabel")),
    DataType: z
      .enum(DATA_TYPES, {
        errorMap: () => ({
          message: keyed("metadata.validation.dataType", { types: DATA_TYPES.join(", ") }),
        }),
      })
      .default("text"),
    MultiInstance: flag(false),
    Multiline: flag(false),
    MaxSize: z
      .number({ invalid_type_error: keyed("metadata.validation.maxSizeNumber") })
      .int(keyed("metadata.validation.wholeNumber"))
      .min(1, keyed("metadata.validation.maxSizeMin"))
      .max(100_000, keyed("metadata.validation.maxSizeMax"))
      .default(1000),
    Validation: z
      .object({
        Regexp: z
          .string()
          .max(500, atMost(500))
          .superRefine((pattern, ctx) => {
            // RE2 runs it (decision 069); what RE2 cannot compile is refused here.
            const problem = patternProblem(pattern);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          })
          .optional(),
        HelpText: z.string().trim().max(500, atMost(500)).optional(),
        Min: z.number({ invalid_type_error: ENTER_NUMBER }).finite().optional(),
        Max: z.number({ invalid_type_error: ENTER_NUMBER }).finite().optional(),
      })
      .default({}),
    Values: z
      .array(dropdownValueSchema)
      .max(500, keyed("metadata.validation.tooManyValues"))
      .default([]),
    Namespace: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, keyed("metadata.validation.namespace"))
      .default(CUSTOM_NAMESPACE),
    Group: z.string().trim().max(100, atMost(100)).refine(isPlainText, PLAIN_TEXT).default(""),
    Revision: revisionSchema,
  })
  .superRefine((f, ctx) => {
    const fail = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });
    if (BUILTIN_NAMESPACES[f.Namespace] !== undefined)
      fail(
        ["Namespace"],
        keyed("metadata.validation.builtinNamespace", { namespace: f.Namespace }),
      );
    if (isDropdownType(f.DataType) && f.Values.length === 0)
      fail(["Values"], keyed("metadata.validation.dropdownNeedsValue"));
    if (!isDropdownType(f.DataType) && f.Values.length > 0)
      fail(["Values"], keyed("metadata.validation.valuesDropdownOnly"));
    const seen = new Set<string>();
    f.Values.forEach((v, i) => {
      if (seen.has(v.Value))
        fail(["Values", i], keyed("metadata.validation.valueTwice", { value: v.Value }));
      seen.add(v.Value);
    });
    if (f.Multiline && f.DataType !== "text")
      fail(["Multiline"], keyed("metadata.validation.multilineTextOnly"));
    if (f.MultiInstance && (f.DataType === "checkbox" || f.DataType === "password"))
      fail(["MultiInstance"], keyed("metadata.validation.oneValue", { type: f.DataType }));
    const { Min, Max } = f.Validation;
    if ((Min !== undefined || Max !== undefined) && f.DataType !== "number")
      fail(
        ["Validation", Min !== undefined ? "Min" : "Max"],
        keyed("metadata.validation.boundsNumberOnly"),
      );
    if (Min !== undefined && Max !== undefined && Min > Max)
      fail(["Validation", "Max"], keyed("metadata.validation.maxBelowMin"));
  });
export type FieldInput = z.infer<typeof fieldInputSchema>;
export type FieldInputValues = z.input<typeof fieldInputSchema>;

/** A view's id as it stands in URLs and in an archive's MetadataSetId. */
export const VIEW_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const viewFieldSchema = z.object({
  Field: z
    .number({
      required_error: keyed("metadata.validation.chooseField"),
      invalid_type_error: FIELD_BY_ID,
    })
    .int(FIELD_BY_ID)
    .min(0, FIELD_BY_ID)
    .max(999_999_999, FIELD_BY_ID),
  IsWritable: flag(true),
  Required: flag(false),
  TaxonomyOnly: flag(false),
});
export type ViewField = z.infer<typeof viewFieldSchema>;

const fixedRole = (field: number) => viewFieldSchema.default({ Field: field, IsWritable: true });

const regionSchema = z.object({
  Name: label(keyed("metadata.validation.enterRegionName")),
  Fields: z
    .array(viewFieldSchema)
    .max(200, keyed("metadata.validation.tooManyRegionFields"))
    .default([]),
});
export type DetailRegion = z.infer<typeof regionSchema>;

export const viewInputSchema = z.object({
  /** Chosen by the client when it creates a view; a random one otherwise. Never changed. */
  Id: z.string().regex(VIEW_ID, keyed("metadata.validation.viewId")).optional(),
  Name: label(keyed("metadata.validation.enterName")),
  BuiltinFields: z.object(
    {
      Title: viewFieldSchema,
      Description: viewFieldSchema,
      Tags: viewFieldSchema,
      Status: fixedRole(FIXED_FIELD.status),
      Rating: fixedRole(FIXED_FIELD.rating),
      Notes: fixedRole(FIXED_FIELD.notes),
    },
    {
      required_error: keyed("metadata.validation.mapBuiltin"),
      invalid_type_error: keyed("metadata.validation.mapBuiltin"),
    },
  ),
  DetailRegions: z
    .array(regionSchema)
    .max(20, keyed("metadata.validation.tooManyRegions"))
    .default([]),
  Revision: revisionSchema,
});
export type ViewInput = z.infer<typeof viewInputSchema>;
export type ViewInputValues = z.input<typeof viewInputSchema>;

/** A stored metadata view. */
export interface MetadataViewRecord {
  Id: string;
  Name: string;
  /** When it was last saved; a change made from another revision is stale. */
  Revision: string;
  BuiltinFields: Record<BuiltinRole, ViewField>;
  DetailRegions: DetailRegion[];
}
