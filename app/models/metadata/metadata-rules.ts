import {
  BUILTIN_ROLES,
  FIXED_ROLE_FIELDS,
  type BuiltinRole,
  type FieldDefinition,
  type ViewField,
  type ViewInput,
} from "./metadata.schema";
import { roleAccepts } from "./field-picker";

/*
 * The rules a metadata view keeps across its fields (decision 032), beyond what its schema checks
 * alone: they need the field definitions. Pure, so the model, the forms to come and the unit
 * tests share them. Spec 001's field picker: Title and Description take only Single or AltLang
 * fields, Tags only Bag fields; Status, Rating and Notes are fixed.
 */

const ROLE_NAMES: Record<BuiltinRole, string> = {
  Title: "The title",
  Description: "The description",
  Tags: "The tags",
  Status: "The status",
  Rating: "The rating",
  Notes: "The notes",
};

/** What is wrong with the view, by the path of the value at fault; empty when nothing is. */
export function viewProblems(
  view: Pick<ViewInput, "BuiltinFields" | "DetailRegions">,
  fields: ReadonlyMap<number, FieldDefinition>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const fail = (path: string, message: string) => {
    problems[path] ??= message;
  };

  /** The field an entry names, after the checks every entry gets; undefined when unknown. */
  const check = (entry: ViewField, path: string): FieldDefinition | undefined => {
    const field = fields.get(entry.Field);
    if (!field) {
      fail(`${path}.Field`, `There is no metadata field ${entry.Field}`);
      return undefined;
    }
    if (entry.Required && !entry.IsWritable)
      fail(`${path}.Required`, "A required field must be writable");
    if (entry.TaxonomyOnly && field.DataType !== "text")
      fail(`${path}.TaxonomyOnly`, "Only text fields take their values from a taxonomy");
    return field;
  };

  for (const role of BUILTIN_ROLES) {
    const path = `BuiltinFields.${role}`;
    const entry = view.BuiltinFields[role];
    if (role === "Status" || role === "Rating" || role === "Notes") {
      const fixed = FIXED_ROLE_FIELDS[role];
      if (entry.Field !== fixed)
        fail(`${path}.Field`, `${ROLE_NAMES[role]} is always the fixed field ${fixed}`);
      else check(entry, path);
      continue;
    }
    const field = check(entry, path);
    if (!field) continue;
    if (!roleAccepts(role, field))
      fail(
        `${path}.Field`,
        role === "Tags"
          ? "The tags take a multi-value text field (Bag)"
          : `${ROLE_NAMES[role]} takes a single-value text field (Single)`,
      );
  }

  const regionNames = new Map<string, number>();
  const placed = new Map<number, string>();
  view.DetailRegions.forEach((region, r) => {
    const key = region.Name.toLowerCase();
    if (regionNames.has(key))
      fail(`DetailRegions.${r}.Name`, `Another region is already named "${region.Name}"`);
    regionNames.set(key, r);
    region.Fields.forEach((entry, i) => {
      const path = `DetailRegions.${r}.Fields.${i}`;
      const field = check(entry, path);
      if (!field) return;
      const where = placed.get(entry.Field);
      if (where !== undefined)
        fail(
          `${path}.Field`,
          `${field.GuiLabel} (${field.Id}) is already in the region "${where}": a field appears once`,
        );
      else placed.set(entry.Field, region.Name);
    });
  });
  return problems;
}
