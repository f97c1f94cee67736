import { z } from "zod";
import { MAX_SMART_FOLDER_NAME } from "./smart-folder-limits";
import { keyed, parseKeyed } from "~/models/locale/keyed";
import { parseSearchExpression } from "~/models/search/search-expression";
import { hasUnsafeLineCharacter } from "~/models/validation/text.schema";

/*
 * What a smart folder is made of (decision 061): a name and a search expression, checked alike
 * for the pane's forms and the API's POST and PATCH. The expression is parsed here (relative
 * dates stay written as `now-P7D` and are evaluated each time the folder is opened).
 */

export { MAX_SMART_FOLDER_NAME } from "./smart-folder-limits";
export const MAX_SMART_FOLDER_EXPRESSION = 2000;
export const INVALID_SEARCH_HEADING = "InvalidSearchExpression";

/** The archive search's own words for an expression that does not parse. */
export function expressionProblemText(expression: string): string | null {
  const parsed = parseSearchExpression(expression);
  // The search's own message (keyed, decision 104) goes in as the label, resolved first.
  return parsed.ok ? null : keyed("validation.search.refused", { label: parsed.message });
}

/** Whether a refusal is the search's own (the API names it InvalidSearchExpression). */
export const isExpressionRefusal = (message: string | undefined) =>
  message !== undefined && parseKeyed(message)?.id === "validation.search.refused";

const ENTER_NAME = keyed("grid.validation.smartFolder.enterName");
const ENTER_EXPRESSION = keyed("grid.validation.smartFolder.enterExpression");

const name = z
  .string({ required_error: ENTER_NAME, invalid_type_error: ENTER_NAME })
  .trim()
  .min(1, ENTER_NAME)
  .max(
    MAX_SMART_FOLDER_NAME,
    keyed("grid.validation.smartFolder.nameTooLong", { max: MAX_SMART_FOLDER_NAME }),
  )
  .refine((v) => !hasUnsafeLineCharacter(v), keyed("grid.validation.smartFolder.nameOneLine"));

const expression = z
  .string({ required_error: ENTER_EXPRESSION, invalid_type_error: ENTER_EXPRESSION })
  .trim()
  .min(1, ENTER_EXPRESSION)
  .max(
    MAX_SMART_FOLDER_EXPRESSION,
    keyed("grid.validation.smartFolder.expressionTooLong", { max: MAX_SMART_FOLDER_EXPRESSION }),
  )
  .superRefine((value, ctx) => {
    // An empty or over-long one already has its message.
    if (value === "" || value.length > MAX_SMART_FOLDER_EXPRESSION) return;
    const problem = expressionProblemText(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

/** The API also accepts the reference-style `searchString` / `query` for the expression. */
function withExpressionAliases(values: unknown) {
  if (typeof values !== "object" || values === null) return values;
  const v = values as Record<string, unknown>;
  if (v.expression !== undefined) return v;
  const alias = v.searchString ?? v.query;
  return alias === undefined ? v : { ...v, expression: alias };
}

export const smartFolderSchema = z.preprocess(
  withExpressionAliases,
  z.object({ name, expression }),
);

/** PATCH: either or both. */
export const smartFolderPatchSchema = z.preprocess(
  withExpressionAliases,
  z
    .object({ name: name.optional(), expression: expression.optional() })
    .refine((v) => v.name !== undefined || v.expression !== undefined, {
      message: "Send a name, an expression, or both.",
    }),
);

export type SmartFolderValues = z.output<typeof smartFolderSchema>;
export type SmartFolderPatch = z.output<typeof smartFolderPatchSchema>;

/*
 * ORDERPATCH {childPath, relativePosition}: childPath is the href of the smart folder to move
 * (or its id); relativePosition how many places it moves, negative up and positive down
 * (-1: one place up). Moves past either end stop there; the first moved up or the last moved
 * down stays where it is (spec 000 §4).
 */
export const smartFolderOrderSchema = z.object({
  childPath: z.union([z.string().min(1).max(1000), z.number().int().positive()], {
    errorMap: () => ({ message: "Give childPath: the href of the smart folder to move." }),
  }),
  relativePosition: z.coerce
    .number({ invalid_type_error: "relativePosition must be a whole number, e.g. -1 or 1." })
    .int("relativePosition must be a whole number, e.g. -1 or 1.")
    .min(-10_000)
    .max(10_000),
});
