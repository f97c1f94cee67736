import { z } from "zod";
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
export const TAXONOMY_EXISTS = "This field already has a taxonomy.";
export const TAXONOMY_FIELD_NOT_TEXT = "Only a text field can have a taxonomy.";
export const CYCLIC_MOVE = "An item cannot move under itself or one of its descendants.";
export const TOO_DEEP = "The tree would be too deep";

/** The value an item gets from its name until someone writes one: the name without < and >. */
export function valueFromName(name: string): string {
  return name.replace(/[<>]/g, "").trim();
}

const oneLine = (label: string, max: number, required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, `Keep the ${label} to ${max} characters.`)
        .refine((s) => !hasUnsafeLineCharacter(s), `The ${label} must be one line of text.`),
    );

const longText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `The ${label} must be text.` })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(max, `Keep the ${label} to ${max} characters.`)
        .refine(
          (s) => !hasUnsafeTextCharacter(s),
          `The ${label} holds characters that are not text.`,
        ),
    );

/** A custom search: empty, or an expression the search language reads. */
export const customSearchSchema = z
  .string({ invalid_type_error: "The custom search must be text." })
  .transform((s) => s.trim())
  .superRefine((s, ctx) => {
    if (s === "") return;
    if (s.length > MAX_EXPRESSION_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: `${INVALID_SEARCH_HEADING}: the search expression is too long.`,
      });
      return;
    }
    const parsed = parseSearchExpression(s);
    if (!parsed.ok)
      ctx.addIssue({ code: "custom", message: `${INVALID_SEARCH_HEADING}: ${parsed.message}` });
  });

export const aclSchema = z
  .array(z.enum(TAXONOMY_ACL, { message: "ACL entries are Navigate, Query, Set and Hint." }), {
    invalid_type_error: "The ACL is a list of Navigate, Query, Set and Hint.",
  })
  .max(TAXONOMY_ACL.length * 2)
  .transform((acl) => TAXONOMY_ACL.filter((entry) => acl.includes(entry)));

export const taxonomyCreateSchema = z.object({
  name: longText("name", MAX_TAXONOMY_NAME)
    .refine((s) => !hasUnsafeLineCharacter(s), "The name must be one line of text.")
    .optional()
    .default(""),
  pluralName: oneLine("plural name", MAX_TAXONOMY_NAME, "Give the taxonomy a plural name."),
  description: longText("description", MAX_TAXONOMY_DESCRIPTION).optional().default(""),
});
export type TaxonomyInput = z.output<typeof taxonomyCreateSchema>;
export const taxonomyUpdateSchema = taxonomyCreateSchema;

const itemFields = {
  name: oneLine("name", MAX_ITEM_NAME, "Give the item a name."),
  description: longText("description", MAX_ITEM_DESCRIPTION).optional().default(""),
  customSearch: customSearchSchema.optional().default(""),
  acl: aclSchema.optional(),
};

const valueSchema = z
  .string({ invalid_type_error: "The value must be text." })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(MAX_ITEM_VALUE, `Keep the value to ${MAX_ITEM_VALUE} characters.`)
      .refine((s) => !hasUnsafeLineCharacter(s), "The value must be one line of text."),
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
      ctx.addIssue({ code: "custom", path: ["value"], message: "Give the item a value." });
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
