import { parse } from "@conform-to/react";
import { z } from "zod";
import type { MessageId } from "~/models/locale/message-id";
import { FIELD } from "./metadata-fields";
import { viewProblems } from "./metadata-rules";
import {
  BUILTIN_ROLES,
  DATA_TYPES,
  fieldInputSchema,
  FIXED_ROLE_FIELDS,
  viewInputSchema,
  type BuiltinRole,
  type FieldDefinition,
  type MetadataViewRecord,
  type ViewField,
} from "./metadata.schema";

/*
 * The administration forms of metadata fields and views (decision 041): how their posted names
 * (Conform's: `Validation.Regexp`, `DetailRegions[1].Fields[0].Field`) become the model's input,
 * checked by the model's own schemas and view rules, so the page, its script and the API refuse
 * the same things with the same messages. Forms post text: numbers are read here, ticked boxes
 * post "on", and an empty optional answer means none. Pure: the browser runs it too.
 */

type Payload = Record<string, unknown>;

const isObject = (v: unknown): v is Payload =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
/** An empty or missing answer as undefined, so the schema's default or "none" applies. */
const optional = (v: unknown): unknown =>
  v === undefined || text(v)?.trim() === "" ? undefined : v;
/** A number typed as text; anything else is left for the schema to refuse by its message. */
const number = (v: unknown): unknown => {
  const t = text(v)?.trim();
  if (t === undefined) return v;
  if (t === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
};
const ticked = (v: unknown) => v === "on" || v === "true" || v === true;
/** Repeated rows as Conform parses them (an array; holes stay, so indexes keep their rows). */
const rows = (v: unknown): unknown[] => (Array.isArray(v) ? Array.from(v) : []);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Posted values by their flat names (a form reply's) as Conform's nested payload. */
export function payloadOf(values: Record<string, unknown> | undefined): Payload {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values ?? {}))
    for (const v of list(value)) if (typeof v === "string") params.append(name, v);
  return parse(params, { resolve: () => ({}) }).payload;
}

/** Conform's name of the value at a model path: `DetailRegions.1.Name` is `DetailRegions[1].Name`. */
export const formName = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

/** The model's errors by path as errors by the form's names. */
export const byFormName = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [formName(path), message]));

const pathOf = (path: string) => path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/* ---------------------------------------------------------------- fields */

const isBlankRow = (row: unknown) =>
  !isObject(row) || (!text(row.Value)?.trim() && !text(row.Description)?.trim());

/** A posted field form as fieldInputSchema's input. */
export function fieldFormToInput(payload: unknown): Payload {
  const o = isObject(payload) ? payload : {};
  const v = isObject(o.Validation) ? o.Validation : {};
  const values = rows(o.Values);
  // Blank rows at the end are the spare ones a form without JavaScript offers; others count.
  while (values.length > 0 && isBlankRow(values[values.length - 1])) values.pop();
  return {
    GuiLabel: text(o.GuiLabel) ?? "",
    DataType: optional(o.DataType),
    MultiInstance: ticked(o.MultiInstance),
    Multiline: ticked(o.Multiline),
    MaxSize: number(o.MaxSize),
    Validation: {
      Regexp: optional(v.Regexp),
      HelpText: optional(v.HelpText),
      Min: number(v.Min),
      Max: number(v.Max),
    },
    Values: values.map((row) => {
      const r = isObject(row) ? row : {};
      return { Value: text(r.Value) ?? "", Description: text(r.Description) ?? "" };
    }),
    Namespace: optional(o.Namespace),
    Group: text(o.Group) ?? "",
    Revision: optional(o.Revision),
  };
}

export const fieldFormSchema = z.preprocess(fieldFormToInput, fieldInputSchema);

/** What the field form shows: the stored field, or what was posted. */
export interface FieldDraft {
  GuiLabel: string;
  DataType: string;
  MultiInstance: boolean;
  Multiline: boolean;
  MaxSize: string;
  Regexp: string;
  HelpText: string;
  Min: string;
  Max: string;
  Values: { Value: string; Description: string }[];
  Namespace: string;
  Group: string;
}

const shown = (v: unknown) => (v === undefined || v === null ? "" : String(v));

export function fieldDraftOf(field: FieldDefinition | null): FieldDraft {
  return {
    GuiLabel: field?.GuiLabel ?? "",
    DataType: field?.DataType ?? "text",
    MultiInstance: field?.MultiInstance ?? false,
    Multiline: field?.Multiline ?? false,
    MaxSize: shown(field?.MaxSize ?? 1000),
    Regexp: field?.Validation.Regexp ?? "",
    HelpText: field?.Validation.HelpText ?? "",
    Min: shown(field?.Validation.Min),
    Max: shown(field?.Validation.Max),
    Values: field?.Values.map((d) => ({ ...d })) ?? [],
    Namespace: field?.Namespace ?? "custom",
    Group: field?.Group ?? "",
  };
}

export function fieldDraftOfPayload(payload: unknown): FieldDraft {
  const o = isObject(payload) ? payload : {};
  const v = isObject(o.Validation) ? o.Validation : {};
  return {
    GuiLabel: shown(text(o.GuiLabel)),
    DataType: text(o.DataType) ?? "text",
    MultiInstance: ticked(o.MultiInstance),
    Multiline: ticked(o.Multiline),
    MaxSize: shown(text(o.MaxSize)),
    Regexp: shown(text(v.Regexp)),
    HelpText: shown(text(v.HelpText)),
    Min: shown(text(v.Min)),
    Max: shown(text(v.Max)),
    Values: rows(o.Values).map((row) => {
      const r = isObject(row) ? row : {};
      return { Value: shown(text(r.Value)), Description: shown(text(r.Description)) };
    }),
    Namespace: shown(text(o.Namespace)),
    Group: shown(text(o.Group)),
  };
}

/** Each data type's name, by message id (decision 101): the lists and the field form show it. */
export const DATA_TYPE_LABELS: Record<(typeof DATA_TYPES)[number], MessageId> = {
  text: "metadata.dataType.text",
  date: "metadata.dataType.date",
  number: "metadata.dataType.number",
  checkbox: "metadata.dataType.checkbox",
  dropdown: "metadata.dataType.dropdown",
  "input-dropdown": "metadata.dataType.inputDropdown",
  "date-dropdown": "metadata.dataType.dateDropdown",
  email: "metadata.dataType.email",
  password: "metadata.dataType.password",
};

/* ---------------------------------------------------------------- views */

const entryOf = (v: unknown) => {
  const e = isObject(v) ? v : {};
  return {
    Field: number(e.Field),
    IsWritable: ticked(e.IsWritable),
    Required: ticked(e.Required),
    TaxonomyOnly: ticked(e.TaxonomyOnly),
  };
};

/** Ids ticked in a region's "add" choice (the picker's no-JS companion) not yet in it. */
const addedIds = (region: Payload, present: readonly unknown[]): number[] => {
  const have = new Set(present);
  return [
    ...new Set(
      list(region.Add)
        .map((v) => number(v))
        .filter((v): v is number => typeof v === "number" && !have.has(v)),
    ),
  ];
};

/** A posted view form as viewInputSchema's input. */
export function viewFormToInput(payload: unknown): Payload {
  const o = isObject(payload) ? payload : {};
  const builtin = isObject(o.BuiltinFields) ? o.BuiltinFields : {};
  return {
    Id: optional(o.Id),
    Revision: optional(o.Revision),
    Name: text(o.Name) ?? "",
    BuiltinFields: Object.fromEntries(BUILTIN_ROLES.map((role) => [role, entryOf(builtin[role])])),
    DetailRegions: rows(o.DetailRegions).map((region) => {
      const r = isObject(region) ? region : {};
      const fields = rows(r.Fields).map(entryOf);
      return {
        Name: text(r.Name) ?? "",
        Fields: [
          ...fields,
          ...addedIds(
            r,
            fields.map((f) => f.Field),
          ).map((Field) => ({ Field, IsWritable: true, Required: false, TaxonomyOnly: false })),
        ],
      };
    }),
  };
}

/** The coerced input as the view rules read it, whatever the schema says of its parts. */
function probeOf(input: Payload): Parameters<typeof viewProblems>[0] {
  const entry = (v: unknown): ViewField => {
    const e = isObject(v) ? v : {};
    return {
      Field: typeof e.Field === "number" ? e.Field : Number.NaN,
      IsWritable: e.IsWritable === true,
      Required: e.Required === true,
      TaxonomyOnly: e.TaxonomyOnly === true,
    };
  };
  const builtin = isObject(input.BuiltinFields) ? input.BuiltinFields : {};
  return {
    BuiltinFields: Object.fromEntries(
      BUILTIN_ROLES.map((role) => [role, entry(builtin[role])]),
    ) as Record<BuiltinRole, ViewField>,
    DetailRegions: rows(input.DetailRegions).map((region) => {
      const r = isObject(region) ? region : {};
      return { Name: (text(r.Name) ?? "").trim(), Fields: rows(r.Fields).map(entry) };
    }),
  };
}

/**
 * The view form's schema: the model's schema and its view rules (viewProblems) together, so a
 * post gets every error at once, each by its form name. The rules run even when the schema
 * refuses a part (zod would skip a refinement after a wrong type): entries whose field is not a
 * number are left to the schema's message.
 */
export function viewFormSchema(fields: ReadonlyMap<number, FieldDefinition>) {
  return z.unknown().transform((payload, ctx) => {
    const input = viewFormToInput(payload);
    const parsed = viewInputSchema.safeParse(input);
    const reported = new Set<string>();
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
        reported.add(issue.path.join("."));
      }
    for (const [path, message] of Object.entries(viewProblems(probeOf(input), fields)))
      if (!reported.has(path)) ctx.addIssue({ code: "custom", path: pathOf(path), message });
    return parsed.success ? parsed.data : z.NEVER;
  });
}

/** A view entry as the form shows it. */
export interface EntryDraft {
  Field: number | null;
  IsWritable: boolean;
  Required: boolean;
  TaxonomyOnly: boolean;
}
export interface ViewDraft {
  Id: string;
  Name: string;
  BuiltinFields: Record<BuiltinRole, EntryDraft>;
  DetailRegions: { Name: string; Fields: EntryDraft[] }[];
}

const entryDraft = (e: ViewField): EntryDraft => ({ ...e });

export function viewDraftOf(view: MetadataViewRecord | null): ViewDraft {
  // A new view starts from the built-in title, description and keywords, as the default does.
  const starting: Record<BuiltinRole, number> = {
    ...FIXED_ROLE_FIELDS,
    Title: FIELD.title,
    Description: FIELD.description,
    Tags: FIELD.keywords,
  };
  const blank = (role: BuiltinRole): EntryDraft => ({
    Field: starting[role],
    IsWritable: true,
    Required: false,
    TaxonomyOnly: false,
  });
  return {
    Id: view?.Id ?? "",
    Name: view?.Name ?? "",
    BuiltinFields: Object.fromEntries(
      BUILTIN_ROLES.map((role) => [
        role,
        view ? entryDraft(view.BuiltinFields[role]) : blank(role),
      ]),
    ) as Record<BuiltinRole, EntryDraft>,
    DetailRegions: (view?.DetailRegions ?? []).map((r) => ({
      Name: r.Name,
      Fields: r.Fields.map(entryDraft),
    })),
  };
}

/** What was posted, as the form shows it again (ticked "add" choices become entries). */
export function viewDraftOfPayload(payload: unknown): ViewDraft {
  const input = viewFormToInput(payload);
  const o = isObject(payload) ? payload : {};
  const asEntry = (e: Payload): EntryDraft => ({
    Field: typeof e.Field === "number" ? e.Field : null,
    IsWritable: e.IsWritable === true,
    Required: e.Required === true,
    TaxonomyOnly: e.TaxonomyOnly === true,
  });
  const builtin = input.BuiltinFields as Record<BuiltinRole, Payload>;
  return {
    Id: shown(text(o.Id)),
    Name: input.Name as string,
    BuiltinFields: Object.fromEntries(
      BUILTIN_ROLES.map((role) => [role, asEntry(builtin[role])]),
    ) as Record<BuiltinRole, EntryDraft>,
    DetailRegions: (input.DetailRegions as { Name: string; Fields: Payload[] }[]).map((r) => ({
      Name: r.Name,
      Fields: r.Fields.map(asEntry),
    })),
  };
}

/* ---------------------------------------------------------------- editing without JavaScript */

/**
 * The view editor's row buttons, as posted without JavaScript (`intent` = `region.add`,
 * `region.remove.1`, `region.up.1`, `region.down.1`, `field.remove.1.0`, `field.add`): the changed
 * draft, shown again unsaved. With JavaScript the same buttons change the form in place.
 */
export function editViewDraft(draft: ViewDraft, intent: string): ViewDraft | null {
  const m = /^(region|field)\.(add|remove|up|down)(?:\.(\d{1,3}))?(?:\.(\d{1,3}))?$/.exec(intent);
  if (!m) return null;
  const [, what, op] = m;
  const r = m[3] === undefined ? -1 : Number(m[3]);
  const i = m[4] === undefined ? -1 : Number(m[4]);
  const regions = draft.DetailRegions.map((x) => ({ ...x, Fields: [...x.Fields] }));
  if (what === "region" && op === "add") regions.push({ Name: "", Fields: [] });
  else if (what === "field" && op === "add") {
    // The ticked choices are already entries of the draft: showing it again is the change.
  } else if (r < 0 || r >= regions.length) return null;
  else if (what === "region" && op === "remove") regions.splice(r, 1);
  else if (what === "region" && (op === "up" || op === "down")) {
    const to = op === "up" ? r - 1 : r + 1;
    if (to >= 0 && to < regions.length) [regions[r], regions[to]] = [regions[to]!, regions[r]!];
  } else if (what === "field" && op === "remove" && i >= 0 && i < regions[r]!.Fields.length)
    regions[r]!.Fields.splice(i, 1);
  else return null;
  return { ...draft, DetailRegions: regions };
}
