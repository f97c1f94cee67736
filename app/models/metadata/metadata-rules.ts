import {
  BUILTIN_ROLES,
  FIXED_ROLE_FIELDS,
  type FieldDefinition,
  type ViewField,
  type ViewInput,
} from "./metadata.schema";
import { roleAccepts } from "./field-picker";
import { keyed } from "~/models/locale/keyed";

/*
 * The rules a metadata view keeps across its fields (decision 032), beyond what its schema checks
 * alone: they need the field definitions. Pure, so the model, the forms to come and the unit
 * tests share them. Spec 001's field picker: Title and Description take only Single or AltLang
 * fields, Tags only Bag fields; Status, Rating and Notes are fixed. The messages are keyed
 * (decision 104): pages show them in the reader's language, the API in English.
 */

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
      fail(`${path}.Field`, keyed("metadata.validation.noSuchField", { id: String(entry.Field) }));
      return undefined;
    }
    if (entry.Required && !entry.IsWritable)
      fail(`${path}.Required`, keyed("metadata.validation.requiredWritable"));
    if (entry.TaxonomyOnly && field.DataType !== "text")
      fail(`${path}.TaxonomyOnly`, keyed("metadata.validation.taxonomyTextOnly"));
    return field;
  };

  for (const role of BUILTIN_ROLES) {
    const path = `BuiltinFields.${role}`;
    const entry = view.BuiltinFields[role];
    if (role === "Status" || role === "Rating" || role === "Notes") {
      const fixed = FIXED_ROLE_FIELDS[role];
      if (entry.Field !== fixed)
        fail(`${path}.Field`, keyed("metadata.validation.fixedRole", { role, id: String(fixed) }));
      else check(entry, path);
      continue;
    }
    const field = check(entry, path);
    if (!field) continue;
    if (!roleAccepts(role, field))
      fail(
        `${path}.Field`,
        role === "Tags"
          ? keyed("metadata.validation.tagsBag")
          : keyed("metadata.validation.singleText", { role }),
      );
  }

  const regionNames = new Map<string, number>();
  const placed = new Map<number, string>();
  view.DetailRegions.forEach((region, r) => {
    const key = region.Name.toLowerCase();
    if (regionNames.has(key))
      fail(
        `DetailRegions.${r}.Name`,
        keyed("metadata.validation.regionNameTaken", { name: region.Name }),
      );
    regionNames.set(key, r);
    region.Fields.forEach((entry, i) => {
      const path = `DetailRegions.${r}.Fields.${i}`;
      const field = check(entry, path);
      if (!field) return;
      const where = placed.get(entry.Field);
      if (where !== undefined)
        fail(
          `${path}.Field`,
          keyed("metadata.validation.fieldTwice", {
            field: field.GuiLabel,
            id: String(field.Id),
            region: where,
          }),
        );
      else placed.set(entry.Field, region.Name);
    });
  });
  return problems;
}
