import {
  createField,
  createView,
  requireCustomField,
  requireView,
  updateField,
  updateView,
} from "~/models/metadata/metadata.server";
import { fieldOfKind, matchesSearch } from "~/models/metadata/field-picker";
import {
  fieldInputSchema,
  viewInputSchema,
  type FieldDefinition,
} from "~/models/metadata/metadata.schema";
import { Problem } from "~/models/problem/problem";
import { configFieldView, configViewView } from "~/models/metadata/metadata.view";
import type { Viewer } from "~/models/user/user.schema";
import { configJson } from "../config-api.server";
import { formReply, readSubmission } from "../submission.server";

/*
 * The metadata configuration API's shared steps (decision 032): who may ask, and the writes,
 * which read JSON through the shared schemas and answer the one 400 reply by the fields' paths.
 */

const FIELD_TYPES = new Set(["Single", "AltLang", "Bag", "Date"]);
const PICKER_KINDS = new Set(["Bag", "Single"]);

/** Spec 001 §8: a field load whose filter cannot be applied answers the value filter_failed. */
export const FILTER_FAILED = "filter_failed";

/**
 * The field lists' filters, as the picker asks them: `type` (Single, AltLang, Bag, Date), `only`
 * (Bag, or Single for Single and AltLang) and `q` (words in the id, namespace or label). A filter
 * it cannot apply is 400 with the value filter_failed, never an empty list that hides the mistake.
 */
export function filterFields(request: Request, fields: FieldDefinition[]): FieldDefinition[] {
  const params = new URL(request.url).searchParams;
  const wrong: string[] = [];
  const one = (name: string, allowed?: Set<string>) => {
    const values = params.getAll(name);
    if (values.length > 1) wrong.push(`Give ${name} once.`);
    const value = values[0];
    if (value === undefined || value === "") return undefined;
    if (allowed && !allowed.has(value)) wrong.push(`${name} is one of ${[...allowed].join(", ")}.`);
    if (value.length > 200) wrong.push(`${name} is at most 200 characters.`);
    return value;
  };
  const type = one("type", FIELD_TYPES);
  const only = one("only", PICKER_KINDS) as "Bag" | "Single" | undefined;
  const q = one("q") ?? "";
  if (wrong.length > 0)
    throw new Problem("invalid", FILTER_FAILED, {
      heading: "The field filter could not be applied",
      messages: wrong,
    });
  return fields.filter(
    (f) => (!type || f.FieldType === type) && fieldOfKind(f, only) && matchesSearch(f, q),
  );
}

/** POST a field: 201 with it and its Location. */
export async function createFieldFromRequest(request: Request, viewer: Viewer) {
  const submission = await readSubmission(request, fieldInputSchema);
  if (!submission.ok) return formReply(request, submission);
  const view = configFieldView(await createField(viewer, submission.data));
  return configJson(view, { status: 201, headers: { Location: view.Href } });
}

/** PUT a field's whole definition; an unknown or built-in field is refused before the body. */
export async function updateFieldFromRequest(request: Request, viewer: Viewer, key: string) {
  await requireCustomField(key);
  const submission = await readSubmission(request, fieldInputSchema);
  if (!submission.ok) return formReply(request, submission);
  return configJson(configFieldView(await updateField(viewer, key, submission.data)));
}

/** POST a view: 201 with it and its Location. */
export async function createViewFromRequest(request: Request, viewer: Viewer) {
  const submission = await readSubmission(request, viewInputSchema);
  if (!submission.ok) return formReply(request, submission);
  const result = await createView(viewer, submission.data);
  if (!result.ok)
    return formReply(request, { fieldErrors: result.fieldErrors, values: submission.values });
  const view = configViewView(result.view);
  return configJson(view, { status: 201, headers: { Location: view.Href } });
}

/** PUT a view's name, builtin mapping and regions; an unknown view is refused before the body. */
export async function updateViewFromRequest(request: Request, viewer: Viewer, id: string) {
  await requireView(id);
  const submission = await readSubmission(request, viewInputSchema);
  if (!submission.ok) return formReply(request, submission);
  const result = await updateView(viewer, id, submission.data);
  if (!result.ok)
    return formReply(request, { fieldErrors: result.fieldErrors, values: submission.values });
  return configJson(configViewView(result.view));
}
