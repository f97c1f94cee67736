import { sql } from "kysely";
import { db } from "~/db/connection.server";
import { containsText } from "~/db/like";
import type { TaxonomyItemRow, TaxonomyRow } from "~/db/schema";
import { taxonomyItemShown } from "~/models/access/organize-access.server";
import { TAXONOMY_ACL, type TaxonomyAclEntry } from "./taxonomy-acl";

/*
 * Reading taxonomies (issue 19, decision 058): one tree of terms per metadata field. The pages,
 * the API, the field pickers and the navigation pane all read through here; writes live in
 * taxonomy-write.server.ts. What a person may see of a tree is organize-access's rule.
 */

export interface Taxonomy {
  field: number;
  name: string;
  pluralName: string;
  description: string;
  hasChildren: boolean;
}

export interface TaxonomyItem {
  id: number;
  field: number;
  parentId: number | null;
  name: string;
  value: string;
  description: string;
  customSearch: string;
  acl: TaxonomyAclEntry[];
  hasChildren: boolean;
}

export interface ItemPage {
  items: TaxonomyItem[];
  /** Items shown to this viewer at this level, over all pages. */
  total: number;
}

/** Deeper trees than this are refused (moves and imports): a vocabulary, not a file system. */
export const MAX_TAXONOMY_DEPTH = 12;
export const TAXONOMY_PAGE_SIZE = 100;

export function parseAcl(text: string): TaxonomyAclEntry[] {
  const parts = new Set(text.split(",").map((p) => p.trim()));
  return TAXONOMY_ACL.filter((entry) => parts.has(entry));
}

export function aclText(acl: readonly string[]): string {
  return TAXONOMY_ACL.filter((entry) => acl.includes(entry)).join(",");
}

/** A field id or an item id as a URL segment gives it; anything else is null (not found). */
export function idFromSegment(segment: string | undefined): number | null {
  if (!segment || !/^[1-9][0-9]{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

function toItem(
  row: TaxonomyItemRow & { child_count: number | string | bigint | null },
): TaxonomyItem {
  return {
    id: row.id,
    field: row.field_id,
    parentId: row.parent_id,
    name: row.name,
    value: row.value,
    description: row.description,
    customSearch: row.custom_search,
    acl: parseAcl(row.acl),
    hasChildren: Number(row.child_count) > 0,
  };
}

function itemQuery() {
  return db()
    .selectFrom("taxonomy_items as i")
    .selectAll("i")
    .select((eb) =>
      eb
        .selectFrom("taxonomy_items as c")
        .whereRef("c.parent_id", "=", "i.id")
        .select(sql<number>`count(*)`.as("n"))
        .as("child_count"),
    );
}

function toTaxonomy(row: TaxonomyRow, rootCount: number): Taxonomy {
  return {
    field: row.field_id,
    name: row.name,
    pluralName: row.plural_name,
    description: row.description,
    hasChildren: rootCount > 0,
  };
}

async function rootCounts(fieldIds: number[]): Promise<Map<number, number>> {
  if (fieldIds.length === 0) return new Map();
  const rows = await db()
    .selectFrom("taxonomy_items")
    .select(["field_id", sql<number>`count(*)`.as("n")])
    .where("field_id", "in", fieldIds)
    .where("parent_id", "is", null)
    .groupBy("field_id")
    .execute();
  return new Map(rows.map((r) => [r.field_id, Number(r.n)]));
}

/** Every taxonomy, by field id. */
export async function listTaxonomies(): Promise<Taxonomy[]> {
  const rows = await db().selectFrom("taxonomies").selectAll().orderBy("field_id").execute();
  const counts = await rootCounts(rows.map((r) => r.field_id));
  return rows.map((r) => toTaxonomy(r, counts.get(r.field_id) ?? 0));
}

/** The taxonomy of a metadata field, or null when the field has none. */
export async function findTaxonomy(fieldId: number): Promise<Taxonomy | null> {
  const row = await db()
    .selectFrom("taxonomies")
    .selectAll()
    .where("field_id", "=", fieldId)
    .executeTakeFirst();
  if (!row) return null;
  return toTaxonomy(row, (await rootCounts([fieldId])).get(fieldId) ?? 0);
}

/** One item of a field's taxonomy (any ACL: callers decide what the viewer may see of it). */
export async function findTaxonomyItem(
  fieldId: number,
  itemId: number,
): Promise<TaxonomyItem | null> {
  const row = await itemQuery()
    .where("i.field_id", "=", fieldId)
    .where("i.id", "=", itemId)
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

/**
 * The items under a parent (null: the roots) in their order, as this viewer sees them: without
 * edit rights only items with children or Set (spec 002 §6).
 */
export async function taxonomyItems(
  fieldId: number,
  parentId: number | null,
  options: { canEdit: boolean; offset?: number; limit?: number },
): Promise<ItemPage> {
  const rows = await itemQuery()
    .where("i.field_id", "=", fieldId)
    .where("i.parent_id", parentId === null ? "is" : "=", parentId)
    .orderBy("i.position")
    .orderBy("i.id")
    .execute();
  const shown = rows.map(toItem).filter((item) => taxonomyItemShown(item, options.canEdit));
  const offset = options.offset ?? 0;
  const limit = options.limit ?? TAXONOMY_PAGE_SIZE;
  return { items: shown.slice(offset, offset + limit), total: shown.length };
}

/** An item's ancestors, root first (the item itself not included). */
export async function itemAncestors(item: TaxonomyItem): Promise<TaxonomyItem[]> {
  const chain: TaxonomyItem[] = [];
  let parentId = item.parentId;
  // The depth limit bounds the walk even if a cycle were ever stored.
  while (parentId !== null && chain.length <= MAX_TAXONOMY_DEPTH) {
    const parent = await findTaxonomyItem(item.field, parentId);
    if (!parent) break;
    chain.unshift(parent);
    parentId = parent.parentId;
  }
  return chain;
}

/** Items of a field whose name or value contains the text (case-insensitive), as shown. */
export async function searchTaxonomyItems(
  fieldId: number,
  text: string,
  options: { canEdit: boolean; offset?: number; limit?: number },
): Promise<ItemPage> {
  const rows = await itemQuery()
    .where("i.field_id", "=", fieldId)
    .where((eb) =>
      eb.or([containsText("i.name", text.trim()), containsText("i.value", text.trim())]),
    )
    .orderBy("i.name")
    .orderBy("i.id")
    .limit(5000)
    .execute();
  const shown = rows.map(toItem).filter((item) => taxonomyItemShown(item, options.canEdit));
  const offset = options.offset ?? 0;
  const limit = options.limit ?? TAXONOMY_PAGE_SIZE;
  return { items: shown.slice(offset, offset + limit), total: shown.length };
}

/** Items by id across taxonomies (/fotoweb/api/taxonomies/info); unknown ids are left out. */
export async function resolveTaxonomyItems(ids: number[]): Promise<TaxonomyItem[]> {
  if (ids.length === 0) return [];
  const rows = await itemQuery().where("i.id", "in", ids).execute();
  const byId = new Map(rows.map((r) => [r.id, toItem(r)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Items of a field by stored value (a field's values shown as their terms). */
export async function itemsByValue(fieldId: number, values: string[]): Promise<TaxonomyItem[]> {
  if (values.length === 0) return [];
  const rows = await itemQuery()
    .where("i.field_id", "=", fieldId)
    .where("i.value", "in", values.slice(0, 1000))
    .execute();
  return rows.map(toItem);
}

/**
 * An item and every item below it, as much as a search needs of each. One recursive query on
 * both databases; UNION stops at an item already reached, so a stored cycle could not loop.
 */
export function itemBranchQuery(item: Pick<TaxonomyItem, "id" | "field">) {
  return db()
    .withRecursive("branch(id)", (qb) =>
      qb
        .selectFrom("taxonomy_items")
        .select("id")
        .where("id", "=", item.id)
        .where("field_id", "=", item.field)
        .union(
          qb
            .selectFrom("taxonomy_items as c")
            .innerJoin("branch", "branch.id", "c.parent_id")
            .select("c.id"),
        ),
    )
    .selectFrom("taxonomy_items as i")
    .innerJoin("branch", "branch.id", "i.id")
    .select(["i.field_id", "i.value", "i.custom_search"])
    .orderBy("i.id");
}

export async function itemBranch(
  item: Pick<TaxonomyItem, "id" | "field">,
): Promise<Pick<TaxonomyItem, "field" | "value" | "customSearch">[]> {
  const rows = await itemBranchQuery(item).execute();
  return rows.map((r) => ({ field: r.field_id, value: r.value, customSearch: r.custom_search }));
}

/**
 * The search an item narrows to: its custom search when set, else its value in its field as a
 * phrase. Quotes cannot be written inside a phrase, so they are dropped from the value.
 */
export function itemSearchExpression(item: Pick<TaxonomyItem, "field" | "value" | "customSearch">) {
  if (item.customSearch.trim()) return item.customSearch.trim();
  return `${item.field}:"${item.value.replace(/"/g, " ").trim()}"`;
}

/** Every item of the taxonomy as "A > B > C", for the move form's choice of parent. */
export async function taxonomyItemPaths(fieldId: number) {
  const rows = await db()
    .selectFrom("taxonomy_items")
    .select(["id", "parent_id", "name"])
    .where("field_id", "=", fieldId)
    .orderBy("position")
    .limit(5000)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: number) => {
    const names: string[] = [];
    let current: number | null = id;
    while (current !== null && names.length < 14) {
      const row = byId.get(current);
      if (!row) break;
      names.unshift(row.name);
      current = row.parent_id;
    }
    return names.join(" > ");
  };
  return rows
    .map((r) => ({ id: r.id, path: pathOf(r.id) }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
