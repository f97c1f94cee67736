import type { FieldEdit } from "~/models/background-task/task.schema";
import type { EditorField } from "~/models/metadata/field-values";

/*
 * The metadata editors' data (decision 046): the field as an editor sees it, and the mapping
 * between a plain form's named inputs and the changes the server applies. Pure and shared by the
 * widgets (browser) and the actions (server), so a post from a page without JavaScript and one
 * from a fetcher read the same way.
 */

/** A field as editors show it (edit-core's `editorFieldsFor`). */
export type { EditorField };

/** The kinds of widget, one component each. */
export type EditorKind =
  | "text"
  | "multiline"
  | "tags"
  | "dropdown"
  | "input-dropdown"
  | "date"
  | "number"
  | "checkbox"
  | "password";

/** Which widget a field gets (spec 002: multi-instance is a bag, multiline a text area). */
export function editorKind(field: Pick<EditorField, "dataType" | "multiInstance" | "multiline">) {
  if (field.multiInstance && field.dataType !== "checkbox") return "tags" satisfies EditorKind;
  switch (field.dataType) {
    case "checkbox":
    case "dropdown":
    case "input-dropdown":
    case "number":
    case "password":
      return field.dataType;
    case "date":
    case "date-dropdown":
      return "date";
    default:
      return field.multiline ? "multiline" : "text";
  }
}

const NONE = { value: "", label: "(none)" };

/**
 * A dropdown's options: "(none)" unless the field is required, and a stored value that is no
 * longer an option stays choosable, so a save does not drop it.
 */
export function selectOptions(
  field: Pick<EditorField, "required" | "options">,
  current: string,
): { value: string; label: string }[] {
  return [
    ...(field.required ? [] : [NONE]),
    ...field.options,
    ...(current && !field.options.some((o) => o.value === current)
      ? [{ value: current, label: current }]
      : []),
  ];
}

/* ---------- input names ---------- */

/** The value (repeated for a bag's values) of a field. */
export const valueName = (id: number) => `field.${id}`;
/** Names a field the form carries: only those are changed. */
export const EDITED_NAME = "edit";
/** Batch: "change this field" (single-value fields are changed only when ticked). */
export const changeName = (id: number) => `change.${id}`;
/** Batch: values to add to every asset (repeated, or one text split at semicolons). */
export const addName = (id: number) => `add.${id}`;
/** Batch: values to take away from every asset. */
export const removeName = (id: number) => `remove.${id}`;

/** The checkbox's value when ticked; unticked it sends nothing and the field is emptied. */
export const CHECKED_VALUE = "true";

/** What a form post gives: FormData and URLSearchParams both read this way. */
export interface FormLike {
  getAll(name: string): (string | File)[];
}

const strings = (form: FormLike, name: string) =>
  form.getAll(name).filter((v): v is string => typeof v === "string");

/**
 * Bag entries as a person types or pastes them: a semicolon or a line break separates entries
 * (spec 002 §5, the e-mail tag field); blanks go, the first of duplicates stays.
 */
export function splitEntries(texts: string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts)
    for (const part of text.split(/[;\r\n]+/)) {
      const entry = part.trim();
      if (entry !== "") seen.add(entry);
    }
  return [...seen];
}

const sameValues = (a: string[], b: string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** One field's values as the form gives them (a bag's entries split, text trimmed). */
export function postedValues(field: EditorField, form: FormLike): string[] {
  const posted = strings(form, valueName(field.id));
  if (field.dataType === "checkbox") return posted.includes(CHECKED_VALUE) ? [CHECKED_VALUE] : [];
  if (field.multiInstance) return splitEntries(posted);
  const value = (posted[0] ?? "").trim();
  return value === "" ? [] : [value];
}

/**
 * One asset's form: each field named by `edit` is set to what the form holds (emptied when it
 * holds nothing), and only when that differs from what the asset has, so an untouched form
 * changes nothing. Fields not named, unknown or read-only are left alone.
 */
export function editsFromAssetForm(fields: readonly EditorField[], form: FormLike): FieldEdit[] {
  const named = new Set(strings(form, EDITED_NAME));
  return fields.flatMap((field): FieldEdit[] => {
    if (field.readonly || !named.has(String(field.id))) return [];
    const values = postedValues(field, form);
    const current = field.values.map((v) => v.value);
    if (sameValues(values, current)) return [];
    return [
      values.length === 0
        ? { field: field.id, action: "erase", value: [] }
        : { field: field.id, action: "set", value: values },
    ];
  });
}

/**
 * A selection's form: a bag field adds (`add.<id>`) and removes (`remove.<id>`) values on every
 * asset, keeping each asset's others; a single-value field is set (or emptied) only where its
 * "change this field" box is ticked, so mixed values stay mixed unless touched.
 */
export function editsFromBatchForm(fields: readonly EditorField[], form: FormLike): FieldEdit[] {
  return fields.flatMap((field): FieldEdit[] => {
    if (field.readonly) return [];
    if (field.multiInstance && field.dataType !== "checkbox") {
      const remove = splitEntries(strings(form, removeName(field.id)));
      const add = splitEntries(strings(form, addName(field.id))).filter((v) => !remove.includes(v));
      return [
        ...(add.length > 0 ? [{ field: field.id, action: "add" as const, value: add }] : []),
        ...(remove.length > 0
          ? [{ field: field.id, action: "remove" as const, value: remove }]
          : []),
      ];
    }
    if (!strings(form, changeName(field.id)).includes(CHECKED_VALUE)) return [];
    const values = postedValues(field, form);
    return [
      values.length === 0
        ? { field: field.id, action: "erase", value: [] }
        : { field: field.id, action: "set", value: values },
    ];
  });
}

/** The inverse, for tests and for fetchers: an asset form's entries for one field's values. */
export function assetFormEntries(field: EditorField, values: string[]): [string, string][] {
  return [
    [EDITED_NAME, String(field.id)],
    ...values.map((v): [string, string] => [valueName(field.id), v]),
  ];
}

/** Server errors arrive by field id; a widget finds its own. */
export const errorFor = (errors: Record<string, string> | undefined, id: number) =>
  errors?.[String(id)];

/* ---------- keys (spec 002 "Metadata field modes") ---------- */

/** save, cancel, or "own": the key is the field's (a new line in a text area, a new tag). */
export type EditKey = "save" | "cancel" | "own" | null;

/**
 * What a key does in an inline editor: Enter saves, Escape cancels; in a multi-line text or a
 * tag field Enter is the field's own (a new line, a new tag) and Shift+Enter saves.
 */
export function editKey(
  kind: EditorKind,
  event: { key: string; shiftKey: boolean; isComposing?: boolean },
): EditKey {
  if (event.isComposing) return null;
  if (event.key === "Escape") return "cancel";
  if (event.key !== "Enter") return null;
  if (event.shiftKey) return "save";
  return kind === "multiline" || kind === "tags" ? "own" : "save";
}

/* ---------- display ---------- */

/** A date value as the editors show it: YYYY-MM-DD HH:mm (the time left out at midnight). */
export function formatDateValue(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value);
  if (!match) return value;
  const [, day, hh, mm] = match;
  return hh && mm && `${hh}:${mm}` !== "00:00" ? `${day} ${hh}:${mm}` : day!;
}

/** What view mode shows for a field with no value. */
