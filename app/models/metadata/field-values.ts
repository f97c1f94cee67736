import type { FieldEdit } from "~/models/background-task/task.schema";
import type { FieldTaxonomy } from "~/models/taxonomy/taxonomy-fields";
import { isEmail } from "~/models/invitation/invitation.schema";
import { keyed } from "~/models/locale/keyed";
import { valuesOf, type FieldValues } from "./metadata-fields";
import { FIXED_FIELD, type DataType, type FieldDefinition } from "./metadata.schema";
import { userPatternMatches } from "~/models/validation/pattern";
// Loaded for its engine: these checks run on the server only (components import types).
import "~/models/validation/pattern.server";
import { hasUnsafeLineCharacter, hasUnsafeTextCharacter } from "~/models/validation/text.schema";

/*
 * The rules a metadata edit keeps (issue 17, decision 045): what a value of each field may be,
 * and how an edit changes an asset's values. Pure and free of server code, so the editor widgets
 * check as the server does, and the server (one asset, PATCH, the metadata-edit task) refuses
 * what they would. A value that fails its field's rule is answered with the field's help text.
 */

/** The editor model of each field the asset's (or the selection's) archive view shows. */
export interface EditorField {
  id: number;
  label: string;
  dataType: DataType;
  multiInstance: boolean;
  multiline: boolean;
  required: boolean;
  /** Not writable in the view, or the viewer lacks EditText. */
  readonly: boolean;
  /** dropdown / input-dropdown / date-dropdown choices. */
  options: { value: string; label: string }[];
  validation: { regexp?: string; helpText?: string; min?: number; max?: number };
  labelPlacement: "top" | "none" | "right" | "left";
  placeholder?: string;
  taxonomyHref?: string | null;
  /** The view takes the field's values only from its taxonomy (decision 060). */
  taxonomyOnly?: boolean;
  /** The field's taxonomy as the editors offer it (taxonomy-fields.server's withFieldTaxonomies). */
  taxonomy?: FieldTaxonomy | null;
  /** The longest value the field keeps, in characters (editorFieldsFor always gives it). */
  maxLength?: number;
  /**
   * One asset: its value(s). A selection: the values of all; for a bag, each value with
   * notInAll when only some assets carry it; for a single value, `mixed: true` when the assets
   * differ (each distinct value is then listed with notInAll).
   */
  values: { value: string; notInAll: boolean }[];
  mixed: boolean;
}

/** The rules of one field, whichever shape it came in. */
export interface FieldRule {
  id: number;
  label: string;
  dataType: DataType;
  multiInstance: boolean;
  multiline: boolean;
  required: boolean;
  readonly: boolean;
  options: string[];
  validation: { regexp?: string; helpText?: string; min?: number; max?: number };
  maxLength: number;
}

/** The most values one bag keeps (the asset's tags column keeps as many). */
export const MAX_BAG_VALUES = 1000;
/** The longest value of a field that does not say (the longest MaxSize a field may have). */
export const MAX_VALUE_LENGTH = 100_000;
/** The most changes one edit takes. */
export const MAX_FIELD_EDITS = 200;

export const FIELD_EDIT_ACTIONS = ["set", "add", "remove", "erase"] as const;

const isEditorField = (f: EditorField | FieldDefinition): f is EditorField => "dataType" in f;

export function ruleOf(field: EditorField | FieldDefinition): FieldRule {
  if (isEditorField(field))
    return {
      id: field.id,
      label: field.label,
      dataType: field.dataType,
      multiInstance: field.multiInstance,
      multiline: field.multiline,
      required: field.required,
      readonly: field.readonly,
      options: field.options.map((o) => o.value),
      validation: field.validation,
      maxLength: field.maxLength ?? MAX_VALUE_LENGTH,
    };
  const v = field.Validation;
  return {
    id: field.Id,
    label: field.GuiLabel,
    dataType: field.DataType,
    multiInstance: field.MultiInstance,
    multiline: field.Multiline,
    required: false,
    readonly: false,
    options: field.Values.map((d) => d.Value),
    validation: { regexp: v.Regexp, helpText: v.HelpText, min: v.Min, max: v.Max },
    maxLength: field.MaxSize,
  };
}

// Line breaks (and tabs) belong to multiline fields; every other control character is refused.

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Whether the text is an ISO 8601 date (a day that exists), optionally with a time. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return false;
  if (date.getUTCDate() !== day) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59))
    return false;
  return true;
}

/**
 * Whether the value has the field's form: the pattern anchored like an HTML pattern attribute
 * (the whole value must match), run on RE2 so that no pattern can stall the server (decision
 * 069). No pattern, or one RE2 cannot compile (saved before RE2): not checked.
 */
export function matchesFieldPattern(pattern: string | undefined, value: string): boolean {
  if (!pattern) return true;
  return userPatternMatches(pattern, value, true) !== false;
}

/** What is wrong with one (trimmed) value of the field; null when it may be stored. */
export function valueProblem(rule: FieldRule, value: string): string | null {
  const help = rule.validation.helpText?.trim() || null;
  if ((rule.multiline ? hasUnsafeTextCharacter : hasUnsafeLineCharacter)(value))
    return rule.multiline
      ? keyed("metadata.check.noControl")
      : keyed("metadata.check.noLineBreaks");
  switch (rule.dataType) {
    case "number": {
      const n = Number(value);
      if (!NUMBER.test(value) || !Number.isFinite(n))
        return help ?? keyed("metadata.validation.enterNumber");
      if (rule.id === FIXED_FIELD.rating && !Number.isInteger(n))
        return help ?? keyed("metadata.validation.wholeNumber");
      const { min, max } = rule.validation;
      if (min !== undefined && n < min)
        return help ?? keyed("metadata.check.numberAtLeast", { min: String(min) });
      if (max !== undefined && n > max)
        return help ?? keyed("metadata.check.numberAtMost", { max: String(max) });
      break;
    }
    case "email":
      if (!isEmail(value)) return help ?? keyed("metadata.check.email");
      break;
    case "date":
    case "date-dropdown":
      if (!isIsoDate(value)) return help ?? keyed("metadata.check.date");
      break;
    case "checkbox":
      if (value !== "true" && value !== "false") return keyed("metadata.validation.trueOrFalse");
      break;
    case "dropdown":
      if (!rule.options.includes(value)) return help ?? keyed("metadata.check.listed");
      break;
    default:
      break;
  }
  if (value.length > rule.maxLength)
    return keyed("metadata.check.maxLength", { max: rule.maxLength });
  if (!matchesFieldPattern(rule.validation.regexp, value))
    return help ?? keyed("metadata.check.pattern");
  return null;
}

function normalize(rule: FieldRule, raw: string): string {
  let value = raw.replace(/\r\n?/g, "\n").trim();
  if (rule.dataType === "checkbox") value = value.toLowerCase();
  return value;
}

/**
 * Checks the changes against the fields' rules: the changes as they will be applied (values
 * trimmed, empty ones dropped, a bag's repeated values once) and what is wrong, by field id. A
 * field absent from `fields` (not in the view) or read-only is refused, never written.
 */
export function checkFieldEdits(
  fields: ReadonlyMap<number, EditorField | FieldDefinition>,
  changes: FieldEdit[],
): { changes: FieldEdit[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: FieldEdit[] = [];
  const fail = (key: string, message: string) => {
    errors[key] ??= message;
  };
  if (!Array.isArray(changes))
    return { changes: [], errors: { changes: "Send a list of changes" } };
  if (changes.length > MAX_FIELD_EDITS)
    return { changes: [], errors: { changes: `Send at most ${MAX_FIELD_EDITS} changes` } };
  for (const change of changes) {
    const id = (change as Partial<FieldEdit> | null)?.field;
    if (typeof id !== "number" || !Number.isSafeInteger(id)) {
      fail("changes", "Name each field by its numeric id");
      continue;
    }
    const key = String(id);
    const field = fields.get(id);
    if (!field) {
      fail(key, `There is no field ${id} in this archive's metadata view`);
      continue;
    }
    const rule = ruleOf(field);
    if (rule.readonly) {
      fail(key, keyed("metadata.check.readOnly", { label: rule.label }));
      continue;
    }
    const action = change.action;
    if (!(FIELD_EDIT_ACTIONS as readonly string[]).includes(action)) {
      fail(key, "Set, add, remove or erase a value");
      continue;
    }
    const raw: unknown = change.value ?? [];
    if (!Array.isArray(raw) || raw.some((v) => typeof v !== "string")) {
      fail(key, "Send the values as text");
      continue;
    }
    if (raw.length > MAX_BAG_VALUES) {
      fail(key, keyed("metadata.check.tooManyValues", { max: MAX_BAG_VALUES }));
      continue;
    }
    if (action === "erase") {
      if (rule.required) fail(key, keyed("metadata.check.required", { label: rule.label }));
      else out.push({ field: id, action, value: [] });
      continue;
    }
    const values = [...new Set((raw as string[]).map((v) => normalize(rule, v)))].filter(
      (v) => v !== "",
    );
    if ((action === "add" || action === "remove") && !rule.multiInstance) {
      fail(key, keyed("metadata.check.oneValueSet", { label: rule.label }));
      continue;
    }
    if (action === "set" && !rule.multiInstance && values.length > 1) {
      fail(key, keyed("metadata.check.oneValue", { label: rule.label }));
      continue;
    }
    if (action === "set" && rule.required && values.length === 0) {
      fail(key, keyed("metadata.check.required", { label: rule.label }));
      continue;
    }
    if (action === "add" && values.length === 0) continue;
    // A value being taken away need not pass today's rule: the rule may be newer than it.
    if (action !== "remove") {
      const problem = values.map((v) => valueProblem(rule, v)).find((p) => p !== null);
      if (problem) {
        fail(key, problem);
        continue;
      }
    }
    out.push({ field: id, action, value: values });
  }
  return { changes: Object.keys(errors).length > 0 ? [] : out, errors };
}

/**
 * Applies checked edits to one asset's values: set replaces the field's value(s), add and remove
 * add or take away values of a bag and leave its others, erase empties the field. Bags keep
 * their values as lists; `bags` names them (by default, a field whose value is already a list,
 * or that add or remove touch).
 */
export function applyFieldEdits(
  values: FieldValues,
  changes: FieldEdit[],
  bags?: ReadonlySet<number>,
): FieldValues {
  const next: FieldValues = { ...values };
  for (const change of changes) {
    const current = valuesOf(next[change.field]);
    const isBag =
      bags?.has(change.field) ??
      (Array.isArray(next[change.field]) || change.action === "add" || change.action === "remove");
    let result: string[];
    if (change.action === "erase") result = [];
    else if (change.action === "set") result = change.value;
    else if (change.action === "add")
      result = [...current, ...change.value.filter((v) => !current.includes(v))];
    else result = current.filter((v) => !change.value.includes(v));
    result = result.slice(0, MAX_BAG_VALUES);
    if (result.length === 0) delete next[change.field];
    else next[change.field] = isBag ? result : result[0]!;
  }
  return next;
}

/** The fields whose values differ between the two, with their new values (joined by ", "). */
export function changedFields(
  before: FieldValues,
  after: FieldValues,
): { field: number; value: string }[] {
  const ids = new Set([...Object.keys(before), ...Object.keys(after)].map(Number));
  const out: { field: number; value: string }[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const a = valuesOf(before[id]);
    const b = valuesOf(after[id]);
    if (a.length !== b.length || a.some((v, i) => v !== b[i]))
      out.push({ field: id, value: b.join(", ") });
  }
  return out;
}

/**
 * Required fields the edit leaves empty on this asset (a bag whose last value was removed):
 * checkFieldEdits catches a set or erase, but a remove depends on what the asset holds.
 */
export function emptiedRequired(
  fields: ReadonlyMap<number, EditorField | FieldDefinition>,
  changes: FieldEdit[],
  after: FieldValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const change of changes) {
    const field = fields.get(change.field);
    if (!field) continue;
    const rule = ruleOf(field);
    if (rule.required && valuesOf(after[change.field]).length === 0)
      errors[String(change.field)] = keyed("metadata.check.required", { label: rule.label });
  }
  return errors;
}
