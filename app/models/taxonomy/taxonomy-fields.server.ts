import { db } from "~/db/connection.server";
import { taxonomyItemSelectable, taxonomyItemShown } from "~/models/access/organize-access.server";
import type { FieldEdit } from "~/models/background-task/task.schema";
import { keyed } from "~/models/locale/keyed";
import type { EditorField } from "~/models/metadata/field-values";
import type { FieldDefinition } from "~/models/metadata/metadata.schema";
import { taxonomyHref } from "~/utils/links";
import {
  PLAIN_CHOICES_CAP,
  taxonomyPickerPath,
  type FieldTaxonomy,
  type PickerItem,
  type PickerPage,
  type TaxonomyChoice,
} from "./taxonomy-fields";
import {
  findTaxonomy,
  findTaxonomyItem,
  itemAncestors,
  itemsByValue,
  parseAcl,
  searchTaxonomyItems,
  taxonomyItems,
  type TaxonomyItem,
} from "./taxonomy.server";

/*
 * Taxonomy-backed metadata fields (issue 19, decision 060). A field with a taxonomy offers its
 * terms; when the archive's view marks the field TaxonomyOnly, an edit may store only values of
 * terms that allow Set (spec 002 §6), and anything else is refused by its field with nothing
 * written. Every edit path (the asset page, PATCH, the batch panel, the metadata-edit task) asks
 * here after the field rules of field-values.ts. Values are stored as the term's value, plain
 * text; the editors show them by the term's name.
 */

type AnyField = EditorField | FieldDefinition;

const isOnly = (f: AnyField) => ("dataType" in f ? f.taxonomyOnly === true : false);

/** The taxonomies of these fields, by field id (one query). */
async function taxonomiesOf(ids: number[]): Promise<Map<number, { name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .selectFrom("taxonomies")
    .select(["field_id", "name"])
    .where("field_id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.field_id, { name: r.name }]));
}

/** A value as a refusal quotes it: long ones cut, the quotation marks the message's own. */
const cut = (value: string) => (value.length > 50 ? `${value.slice(0, 49)}…` : value);

/**
 * What the taxonomies refuse of checked changes, by field id (empty: all may be stored). Only
 * set and add bring values in; a value being removed or a field being emptied is never refused.
 */
export async function taxonomyEditErrors(
  fields: ReadonlyMap<number, AnyField>,
  changes: readonly FieldEdit[],
): Promise<Record<string, string>> {
  const bringing = changes.filter((c) => {
    const field = fields.get(c.field);
    return field && isOnly(field) && (c.action === "set" || c.action === "add");
  });
  if (bringing.length === 0) return {};
  const taxonomies = await taxonomiesOf(bringing.map((c) => c.field));
  const errors: Record<string, string> = {};
  for (const change of bringing) {
    const taxonomy = taxonomies.get(change.field);
    // TaxonomyOnly without a taxonomy would make the field unwritable: it stays free.
    if (!taxonomy || errors[String(change.field)]) continue;
    const items = await itemsByValue(change.field, change.value);
    for (const value of change.value) {
      const matches = items.filter((i) => i.value === value);
      if (matches.some(taxonomyItemSelectable)) continue;
      errors[String(change.field)] = keyed(
        matches.length === 0 ? "taxonomy.check.notTerm" : "taxonomy.check.heading",
        { value: cut(value), taxonomy: taxonomy.name },
      );
      break;
    }
  }
  return errors;
}

interface TreeRow {
  id: number;
  parent_id: number | null;
  name: string;
  value: string;
  acl: string;
}

/** Terms beyond this many are not walked for a plain form (the browse page pages them). */
const WALK_LIMIT = 5000;

/**
 * The first terms of a field's tree in order (depth first), as a person who cannot edit the
 * taxonomy sees them: items with Set, and branches leading somewhere (spec 002 §6).
 */
export async function plainChoices(
  field: number,
  cap = PLAIN_CHOICES_CAP,
): Promise<{ choices: TaxonomyChoice[]; more: boolean }> {
  const rows: TreeRow[] = await db()
    .selectFrom("taxonomy_items")
    .select(["id", "parent_id", "name", "value", "acl"])
    .where("field_id", "=", field)
    .orderBy("position")
    .orderBy("id")
    .limit(WALK_LIMIT)
    .execute();
  const children = new Map<number | null, TreeRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const choices: TaxonomyChoice[] = [];
  let more = rows.length >= WALK_LIMIT;
  const walk = (parent: number | null, depth: number, seen: Set<number>) => {
    for (const row of children.get(parent) ?? []) {
      if (seen.has(row.id)) continue;
      const acl = parseAcl(row.acl);
      const hasChildren = (children.get(row.id)?.length ?? 0) > 0;
      if (!taxonomyItemShown({ acl, hasChildren }, false)) continue;
      if (choices.length >= cap) {
        more = true;
        return;
      }
      choices.push({
        id: row.id,
        value: row.value,
        name: row.name,
        depth,
        selectable: taxonomyItemSelectable({ acl }),
      });
      walk(row.id, depth + 1, new Set([...seen, row.id]));
    }
  };
  walk(null, 0, new Set());
  return { choices, more };
}

/** The names of a field's values, by value (a term allowing Set preferred). */
export async function termNames(field: number, values: string[]): Promise<Record<string, string>> {
  const items: TaxonomyItem[] = await itemsByValue(field, values);
  const names: Record<string, string> = {};
  for (const item of [...items].sort(
    (a, b) => Number(taxonomyItemSelectable(a)) - Number(taxonomyItemSelectable(b)),
  ))
    names[item.value] = item.name;
  return names;
}

/** The editor fields with their taxonomies filled in (taxonomyHref and `taxonomy`). */
export async function withFieldTaxonomies(fields: EditorField[]): Promise<EditorField[]> {
  const textual = fields.filter((f) => f.dataType === "text");
  const taxonomies = await taxonomiesOf(textual.map((f) => f.id));
  if (taxonomies.size === 0) return fields;
  return Promise.all(
    fields.map(async (field): Promise<EditorField> => {
      const taxonomy = taxonomies.get(field.id);
      if (!taxonomy || field.dataType !== "text") return field;
      const held = field.values.map((v) => v.value);
      const [names, plain] = await Promise.all([
        termNames(field.id, held),
        field.readonly ? Promise.resolve({ choices: [], more: false }) : plainChoices(field.id),
      ]);
      const info: FieldTaxonomy = {
        field: field.id,
        name: taxonomy.name,
        href: taxonomyHref(field.id),
        pickerHref: taxonomyPickerPath(field.id),
        only: field.taxonomyOnly === true,
        names,
        choices: plain.choices,
        more: plain.more,
      };
      return { ...field, taxonomyHref: info.href, taxonomy: info };
    }),
  );
}

/** Items per page of the picker (and of the plain browse page). */
export const PICKER_PAGE_SIZE = 50;

/**
 * One level of a field's tree, or a search's matches, as the picker and the browse page show
 * it to this viewer: null when the field has no taxonomy or the parent is not an item of it (the
 * same answer: nothing at this address). Items are shown by spec 002 §6 (all of them to a person
 * who may edit taxonomies), selectable when they allow Set.
 */
export async function pickerPage(
  fieldId: number,
  options: { parent: number | null; query: string; offset: number; canEdit: boolean },
): Promise<PickerPage | null> {
  const taxonomy = await findTaxonomy(fieldId);
  if (!taxonomy) return null;
  let parent: TaxonomyItem | null = null;
  if (options.parent !== null) {
    parent = await findTaxonomyItem(fieldId, options.parent);
    if (!parent || !taxonomyItemShown(parent, options.canEdit)) return null;
  }
  const query = options.query.trim().slice(0, 200);
  const paging = { canEdit: options.canEdit, offset: options.offset, limit: PICKER_PAGE_SIZE };
  const page = query
    ? await searchTaxonomyItems(fieldId, query, paging)
    : await taxonomyItems(fieldId, parent?.id ?? null, paging);
  const ancestors = parent ? [...(await itemAncestors(parent)), parent] : [];
  return {
    field: fieldId,
    taxonomy: taxonomy.name,
    parent: parent ? { id: parent.id, name: parent.name, parentId: parent.parentId } : null,
    ancestors: ancestors.map((a) => ({ id: a.id, name: a.name })),
    query,
    items: page.items.map(pickerItem),
    total: page.total,
    offset: options.offset,
    limit: PICKER_PAGE_SIZE,
  };
}

/** One term as the picker shows it. */
export function pickerItem(item: TaxonomyItem): PickerItem {
  return {
    id: item.id,
    value: item.value,
    name: item.name,
    description: item.description,
    selectable: taxonomyItemSelectable(item),
    hasChildren: item.hasChildren,
  };
}
