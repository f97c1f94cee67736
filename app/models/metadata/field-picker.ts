import type { BuiltinRole, FieldDefinition } from "./metadata.schema";
import { FIXED_ROLE_FIELDS } from "./metadata.schema";

/*
 * The metadata field picker's rules (spec 001 §5, decision 041), pure so the modal, its no-JS
 * select, the view editor and the model (viewProblems) apply the same ones:
 * - `only: "Bag"` offers Bag fields, `only: "Single"` Single or AltLang ones, none offers all;
 * - in the builtin mapping, Status, Rating and Notes are their fixed fields (read-only), Title and
 *   Description accept only single-value text (Single or AltLang), Tags only multi-value text (Bag).
 */

/** What the picker reads of a field: the configuration API's rows carry it too. */
export type PickerField = Pick<
  FieldDefinition,
  "Id" | "GuiLabel" | "NamespaceLabel" | "FieldType" | "DataType"
>;

export type PickerOnly = "Bag" | "Single";

export type FixedRole = keyof typeof FIXED_ROLE_FIELDS;

export const isFixedRole = (role: BuiltinRole): role is FixedRole => role in FIXED_ROLE_FIELDS;

/** Whether the field has the kind `only` asks for. */
export function fieldOfKind(field: Pick<PickerField, "FieldType">, only?: PickerOnly): boolean {
  if (only === "Bag") return field.FieldType === "Bag";
  if (only === "Single") return field.FieldType === "Single" || field.FieldType === "AltLang";
  return true;
}

/** Whether the field may play the builtin role (the model refuses a view that breaks this). */
export function roleAccepts(
  role: BuiltinRole,
  field: Pick<PickerField, "Id" | "FieldType" | "DataType">,
): boolean {
  if (isFixedRole(role)) return field.Id === FIXED_ROLE_FIELDS[role];
  if (field.DataType !== "text") return false;
  return fieldOfKind(field, role === "Tags" ? "Bag" : "Single");
}

export interface PickerRules {
  only?: PickerOnly;
  /** The builtin mapping's slot the choice fills, whose fixed-field rules then apply. */
  role?: BuiltinRole;
  /** Fields not offered (already placed elsewhere). */
  exclude?: readonly number[];
}

/** The fields the picker offers under these rules, in the order given. */
export function pickableFields<F extends PickerField>(
  fields: readonly F[],
  { only, role, exclude = [] }: PickerRules,
): F[] {
  const left = new Set(exclude);
  return fields.filter(
    (f) => !left.has(f.Id) && fieldOfKind(f, only) && (role === undefined || roleAccepts(role, f)),
  );
}

/** The picker's quick search: every word in the id, the namespace label or the label. */
export function matchesSearch(field: PickerField, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${field.Id} ${field.NamespaceLabel} ${field.GuiLabel}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The field types among the fields, for the picker's type filter, in a stable order. */
export function fieldTypesOf(fields: readonly Pick<PickerField, "FieldType">[]): string[] {
  const order = ["Single", "AltLang", "Bag", "Date"];
  const found = new Set(fields.map((f) => f.FieldType as string));
  return [...found].sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.localeCompare(b);
  });
}

/** How a field is named in choices: its label, namespace and id. */
export const fieldChoiceLabel = (f: Pick<PickerField, "Id" | "GuiLabel" | "NamespaceLabel">) =>
  `${f.GuiLabel} (${f.NamespaceLabel}, ${f.Id})`;
