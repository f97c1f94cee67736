import { z } from "zod";
import { keyed, parseKeyed } from "~/models/locale/keyed";
import { TAXONOMY_ACL } from "./taxonomy-acl";
import { MAX_EXPRESSION_LENGTH, parseSearchExpression } from "~/models/search/search-expression";
import { hasUnsafeLineCharacter, hasUnsafeTextCharacter } from "~/models/validation/text.schema";

/*
 * Taxonomies (issue 19, decision 059): the words, limits and schemas shared by the pages, the
 * actions and the API. Pure: the browser imports it too (the tree's edit form checks as it types).
 */

export const MAX_TAXONOMY_NAME = 200;
export const MAX_TAXONOMY_DESCRIPTION = 4000;
export const MAX_ITEM_NAME = 200;
export const MAX_ITEM_VALUE = 1000;
export const MAX_ITEM_DESCRIPTION = 4000;
/** Items one taxonomy holds: a vocabulary, read whole by searches and exports. */
export const MAX_TAXONOMY_ITEMS = 20_000;
/** Largest import file, in bytes (a page form carries it within MAX_FORM_BYTES). */
export const MAX_IMPORT_BYTES = 512 * 1024;
/** Ids one POST /fotoweb/api/taxonomies/info/ resolves. */
export const MAX_INFO_IDS = 1000;

/** What a new item allows when nothing is said: everything but the unused Hint. */
export const DEFAULT_ACL = ["Navigate", "Query", "Set"] as const;

export const INVALID_SEARCH_HEADING = "InvalidSearchExpression";
// The model's refusals by key (decision 104): a page says them in the reader's words, the API in
// the English it always had.
export const TAXONOMY_EXISTS = keyed("taxonomy.error.taxonomyExists");
export const TAXONOMY_FIELD_NOT_TEXT = keyed("taxonomy.error.fieldNotText");
export const CYCLIC_MOVE = keyed("taxonomy.error.cyclicMove");
export const TAXONOMY_NOT_FOUND = keyed("taxonomy.error.notFound");
export const TAXONOMY_ITEM_NOT_FOUND = keyed("taxonomy.error.itemNotFound");

/** The value an item gets from its name until someone writes one: the name without < and >. */
export function valueFromName(name: string): string {
  return name.replace(/[<>]/g, "").trim();
}

/** A field's name inside a message ("Keep the {label} to 200 characters."). */
const LABELS = {
  name: keyed("taxonomy.validation.label.name"),
  pluralName: keyed("taxonomy.validation.label.pluralName"),
  description: keyed("taxonomy.validation.label.description"),
  value: keyed("taxonomy.validation.label.value"),
};
type Label = keyof typeof LABELS;

const tooLong = (label: Label, max: number) =>
  keyed("taxonomy.validation.tooLong", { label: LABELS[label], max });
const notOneLine = (label: Label) => keyed("taxonomy.validation.oneLine", { label: LABELS[label] });

const oneLine = (label: Label, max: number, required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, tooLong(label, max))
        .refine((s) => !hasUnsafeLineCharacter(s), notOneLine(label)),
    );

const longText = (label: Label, max: number) =>
  z
    .string({ invalid_type_error: keyed("taxonomy.validation.notText", { label: LABELS[label] }) })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(max, tooLong(label, max))
        .refine(
          (s) => !hasUnsafeTextCharacter(s),
          keyed("taxonomy.validation.textOnly", { label: LABELS[label] }),
        ),
    );

/** Whether a refusal is the custom search's (the spec's heading InvalidSearchExpression). */
export function isSearchRefusal(message: string): boolean {
  const id = parseKeyed(message)?.id;
  return id === "validation.search.refused" || id === "taxonomy.validation.searchTooLong";
}

/** A custom search: empty, or an expression the search language reads. */
export const customSearchSchema = z
  .string({ invalid_type_error: keyed("taxonomy.validation.customSearchText") })
  .transform((s) => s.trim())
  .superRefine((s, ctx) => {
    if (s === "") return;
    if (s.length > MAX_EXPRESSION_LENGTH) {
      ctx.addIssue({ code: "custom", message: keyed("taxonomy.validation.searchTooLong") });
      return;
    }
    const parsed = parseSearchExpression(s);
    // The search's own message (keyed too) goes in as the label, which is resolved first.
    if (!parsed.ok)
      ctx.addIssue({
        code: "custom",
        message: keyed("validation.search.refused", { label: parsed.message }),
      });
  });

export const aclSchema = z
  .array(z.enum(TAXONOMY_ACL, { message: keyed("taxonomy.validation.aclEntry") }), {
    invalid_type_error: keyed("taxonomy.validation.aclList"),
  })
  .max(TAXONOMY_ACL.length * 2)
  .transform((acl) => TAXONOMY_ACL.filter((entry) => acl.includes(entry)));

export const taxonomyCreateSchema = z.object({
  name: longText("name", MAX_TAXONOMY_NAME)
    .refine((s) => !hasUnsafeLineCharacter(s), notOneLine("name"))
    .optional()
    .default(""),
  pluralName: oneLine(
    "pluralName",
    MAX_TAXONOMY_NAME,
    keyed("taxonomy.validation.pluralNameRequired"),
  ),
  description: longText("description", MAX_TAXONOMY_DESCRIPTION).optional().default(""),
});
export type TaxonomyInput = z.output<typeof taxonomyCreateSchema>;
export const taxonomyUpdateSchema = taxonomyCreateSchema;

const itemFields = {
  name: oneLine("name", MAX_ITEM_NAME, keyed("taxonomy.validation.nameRequired")),
  description: longText("description", MAX_ITEM_DESCRIPTION).optional().default(""),
  customSearch: customSearchSchema.optional().default(""),
  acl: aclSchema.optional(),
};

const valueSchema = z
  .string({ invalid_type_error: keyed("taxonomy.validation.notText", { label: LABELS.value }) })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(MAX_ITEM_VALUE, tooLong("value", MAX_ITEM_VALUE))
      .refine((s) => !hasUnsafeLineCharacter(s), notOneLine("value")),
  );

/**
 * A new item or an item's new state: name and value required after trimming; a value left out
 * (or empty) follows the name with < and > stripped, as the tree's form does until edited.
 */
export const taxonomyItemSchema = z
  .object({ ...itemFields, value: valueSchema.optional() })
  .transform((input, ctx) => {
    const value = input.value || valueFromName(input.name);
    if (!value) {
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: keyed("taxonomy.validation.valueRequired"),
      });
      return z.NEVER;
    }
    return { ...input, value, acl: input.acl ?? [...DEFAULT_ACL] };
  });
export type TaxonomyItemInput = z.output<typeof taxonomyItemSchema>;

/**
 * The administration page's item form, checked in the browser (remix-validated-form) and by its
 * action alike: one ticked ACL box posts one value, and none posts nothing, which is an empty ACL
 * where an API body without one keeps the default.
 */
export const taxonomyItemFormSchema = z.preprocess((input) => {
  const form = (input ?? {}) as Record<string, unknown>;
  return {
    name: form.name,
    value: form.value,
    description: form.description ?? "",
    customSearch: form.customSearch ?? "",
    acl: form.acl === undefined ? [] : [form.acl].flat().map(String),
  };
}, taxonomyItemSchema);
export type TaxonomyItemInputRaw = z.input<typeof taxonomyItemSchema>;
