import type { Kysely } from "kysely";
import type { z } from "zod";
import { db, now } from "~/db/connection.server";
import type { Database } from "~/db/schema";
import { findField, FIELD_NOT_FOUND, listFields } from "~/models/metadata/metadata.server";
import type { FieldDefinition } from "~/models/metadata/metadata.schema";
import { keyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import {
  aclText,
  findTaxonomy,
  findTaxonomyItem,
  MAX_TAXONOMY_DEPTH,
  type Taxonomy,
  type TaxonomyItem,
} from "./taxonomy.server";
import {
  CYCLIC_MOVE,
  INVALID_SEARCH_HEADING,
  isSearchRefusal,
  MAX_TAXONOMY_ITEMS,
  TAXONOMY_EXISTS,
  TAXONOMY_FIELD_NOT_TEXT,
  TAXONOMY_ITEM_NOT_FOUND,
  TAXONOMY_NOT_FOUND,
  taxonomyCreateSchema,
  taxonomyItemSchema,
  taxonomyUpdateSchema,
  type TaxonomyItemInput,
  type TaxonomyItemInputRaw,
} from "./taxonomy.schema";

/*
 * Changing taxonomies (issue 19, decision 059): no HTTP and no permission rule here — the actions
 * ask organize-access (requireTaxonomyEditor) first. Every change validates its whole input
 * before writing, and the tree's shape rules (no cycles, at most MAX_TAXONOMY_DEPTH levels) are
 * checked inside the transaction that writes, so two concurrent moves cannot build a loop between
 * them on PostgreSQL's default isolation either: the moved rows are re-read under the write.
 */

type Executor = Kysely<Database>;

/** Parses input with a schema; a refusal is one invalid Problem naming every issue (keyed). */
export function parseTaxonomyInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
  const search = messages.find(isSearchRefusal);
  throw new Problem("invalid", search ?? messages[0] ?? keyed("validation.request.invalid"), {
    messages,
    ...(search ? { heading: INVALID_SEARCH_HEADING } : {}),
  });
}

async function requireTaxonomy(fieldId: number): Promise<Taxonomy> {
  const taxonomy = await findTaxonomy(fieldId);
  if (!taxonomy) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  return taxonomy;
}

async function requireItem(fieldId: number, itemId: number): Promise<TaxonomyItem> {
  const item = await findTaxonomyItem(fieldId, itemId);
  if (!item) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
  return item;
}

/** Text fields take a taxonomy, built-in ones (25 Keywords above all) as well as custom ones. */
const canHoldTaxonomy = (field: FieldDefinition) => field.DataType === "text";

/** The fields a taxonomy may be created for now: those that can hold one and have none yet. */
export async function fieldsOpenToTaxonomy(): Promise<FieldDefinition[]> {
  const taken = new Set(
    (await db().selectFrom("taxonomies").select("field_id").execute()).map((r) => r.field_id),
  );
  return (await listFields()).filter((f) => canHoldTaxonomy(f) && !taken.has(f.Id));
}

/** Enables a taxonomy on a text field (one per field). */
export async function createTaxonomy(
  fieldId: number,
  input: { name?: string; pluralName: string; description?: string },
): Promise<Taxonomy> {
  const data = parseTaxonomyInput(taxonomyCreateSchema, input);
  const field = await findField(fieldId);
  if (!field) throw new Problem("not-found", FIELD_NOT_FOUND);
  if (!canHoldTaxonomy(field)) throw new Problem("invalid", TAXONOMY_FIELD_NOT_TEXT);
  if (await findTaxonomy(fieldId)) throw new Problem("conflict", TAXONOMY_EXISTS);
  const at = now();
  try {
    await db()
      .insertInto("taxonomies")
      .values({
        field_id: fieldId,
        name: data.name,
        plural_name: data.pluralName,
        description: data.description,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } catch (error) {
    // Two creations at once: the loser meets the primary key.
    if (await findTaxonomy(fieldId)) throw new Problem("conflict", TAXONOMY_EXISTS);
    throw error;
  }
  return requireTaxonomy(fieldId);
}

export async function updateTaxonomy(
  fieldId: number,
  input: { name?: string; pluralName: string; description?: string },
): Promise<Taxonomy> {
  const data = parseTaxonomyInput(taxonomyUpdateSchema, input);
  await requireTaxonomy(fieldId);
  await db()
    .updateTable("taxonomies")
    .set({
      name: data.name,
      plural_name: data.pluralName,
      description: data.description,
      updated_at: now(),
    })
    .where("field_id", "=", fieldId)
    .execute();
  return requireTaxonomy(fieldId);
}

/** Removes a taxonomy and all its items; the field keeps its values. */
export async function deleteTaxonomy(fieldId: number): Promise<void> {
  await requireTaxonomy(fieldId);
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("taxonomy_items").where("field_id", "=", fieldId).execute();
      await trx.deleteFrom("taxonomies").where("field_id", "=", fieldId).execute();
    });
}

interface TreeRow {
  id: number;
  parent_id: number | null;
}

async function treeRows(trx: Executor, fieldId: number): Promise<Map<number, TreeRow>> {
  const rows = await trx
    .selectFrom("taxonomy_items")
    .select(["id", "parent_id"])
    .where("field_id", "=", fieldId)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Levels from the root down to the item, the item included (a root item is at depth 1). */
function depthOf(tree: Map<number, TreeRow>, id: number | null): number {
  let depth = 0;
  let current = id;
  while (current !== null && depth <= tree.size) {
    depth++;
    current = tree.get(current)?.parent_id ?? null;
  }
  return depth;
}

/** The item and everything under it. */
export function subtreeIds(tree: Map<number, TreeRow>, id: number): number[] {
  const children = new Map<number, number[]>();
  for (const row of tree.values())
    if (row.parent_id !== null)
      children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  const out: number[] = [];
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

/** Levels of the subtree under and including the item (a leaf is 1). */
function heightOf(tree: Map<number, TreeRow>, id: number): number {
  const ids = subtreeIds(tree, id);
  const base = depthOf(tree, id);
  return Math.max(...ids.map((i) => depthOf(tree, i) - base + 1));
}

const tooDeep = () =>
  new Problem("invalid", keyed("taxonomy.error.tooDeep", { max: MAX_TAXONOMY_DEPTH }), {
    code: "tooDeep",
  });

async function nextPosition(trx: Executor, fieldId: number, parentId: number | null) {
  const row = await trx
    .selectFrom("taxonomy_items")
    .select((eb) => eb.fn.max("position").as("max"))
    .where("field_id", "=", fieldId)
    .where("parent_id", parentId === null ? "is" : "=", parentId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

function itemColumns(data: TaxonomyItemInput) {
  return {
    name: data.name,
    value: data.value,
    description: data.description,
    custom_search: data.customSearch,
    acl: aclText(data.acl),
  };
}

/** The part of the tree one creation may add under a parent, checked in the writing transaction. */
async function checkParent(trx: Executor, fieldId: number, parentId: number | null, height = 1) {
  const tree = await treeRows(trx, fieldId);
  if (parentId !== null && !tree.has(parentId))
    throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
  if (depthOf(tree, parentId) + height > MAX_TAXONOMY_DEPTH) throw tooDeep();
  if (tree.size + 1 > MAX_TAXONOMY_ITEMS)
    throw new Problem("too-many", keyed("taxonomy.error.tooMany", { max: MAX_TAXONOMY_ITEMS }));
}

/** Adds an item at the end of its parent's children (parentId null: at the root). */
export async function createItem(
  fieldId: number,
  parentId: number | null,
  input: TaxonomyItemInputRaw,
): Promise<TaxonomyItem> {
  const data = parseTaxonomyInput(taxonomyItemSchema, input);
  await requireTaxonomy(fieldId);
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      await checkParent(trx, fieldId, parentId);
      const at = now();
      const row = await trx
        .insertInto("taxonomy_items")
        .values({
          field_id: fieldId,
          parent_id: parentId,
          ...itemColumns(data),
          position: await nextPosition(trx, fieldId, parentId),
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
  return requireItem(fieldId, id);
}

/**
 * Changes an item. What the input leaves out keeps its current state; an empty value follows the
 * name (the reference's PUT sends all four of name, description, acl and value).
 */
export async function updateItem(
  fieldId: number,
  itemId: number,
  input: Partial<TaxonomyItemInputRaw>,
): Promise<TaxonomyItem> {
  const item = await requireItem(fieldId, itemId);
  const data = parseTaxonomyInput(taxonomyItemSchema, {
    name: item.name,
    value: item.value,
    description: item.description,
    customSearch: item.customSearch,
    acl: item.acl,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  });
  await db()
    .updateTable("taxonomy_items")
    .set({ ...itemColumns(data), updated_at: now() })
    .where("field_id", "=", fieldId)
    .where("id", "=", itemId)
    .execute();
  return requireItem(fieldId, itemId);
}

/** Deletes an item with everything under it; the number of items removed. */
export async function deleteItem(fieldId: number, itemId: number): Promise<number> {
  await requireItem(fieldId, itemId);
  return db()
    .transaction()
    .execute(async (trx) => {
      const tree = await treeRows(trx, fieldId);
      if (!tree.has(itemId)) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
      const ids = subtreeIds(tree, itemId);
      // Leaves first, so the parent reference never dangles whatever the foreign key setting.
      for (let end = ids.length; end > 0; end -= 500)
        await trx
          .deleteFrom("taxonomy_items")
          .where("id", "in", ids.slice(Math.max(0, end - 500), end).reverse())
          .execute();
      return ids.length;
    });
}

export interface MoveOptions {
  /** The sibling (under the new parent) to stand before; null or absent: the end. */
  before?: number | null;
}

/**
 * Moves an item (with its subtree) under another parent of the same taxonomy, or to the root
 * (null), before a sibling or at the end. Refused: a move under itself or a descendant, a move
 * that would make the tree deeper than MAX_TAXONOMY_DEPTH, a parent or sibling of another
 * taxonomy (not found).
 */
export async function moveItem(
  fieldId: number,
  itemId: number,
  newParentId: number | null,
  options: MoveOptions = {},
): Promise<TaxonomyItem> {
  await requireItem(fieldId, itemId);
  const before = options.before ?? null;
  await db()
    .transaction()
    .execute(async (trx) => {
      const tree = await treeRows(trx, fieldId);
      if (!tree.has(itemId)) throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
      if (newParentId !== null && !tree.has(newParentId))
        throw new Problem("not-found", TAXONOMY_ITEM_NOT_FOUND);
      if (newParentId !== null && subtreeIds(tree, itemId).includes(newParentId))
        throw new Problem("conflict", CYCLIC_MOVE, { code: "cyclicMove" });
      if (depthOf(tree, newParentId) + heightOf(tree, itemId) > MAX_TAXONOMY_DEPTH) throw tooDeep();
      if (before !== null && before !== itemId) {
        const sibling = tree.get(before);
        if (!sibling || sibling.parent_id !== newParentId)
          throw new Problem("invalid", keyed("taxonomy.error.moveBeforeNotSibling"));
      }
      const siblings = await trx
        .selectFrom("taxonomy_items")
        .select("id")
        .where("field_id", "=", fieldId)
        .where("parent_id", newParentId === null ? "is" : "=", newParentId)
        .where("id", "!=", itemId)
        .orderBy("position")
        .orderBy("id")
        .execute();
      const order = siblings.map((s) => s.id);
      const at = before === null || before === itemId ? -1 : order.indexOf(before);
      if (at === -1) order.push(itemId);
      else order.splice(at, 0, itemId);
      // A level is renumbered 1..n on each move: simple, and levels are short enough.
      const stamp = now();
      for (const [index, id] of order.entries())
        await trx
          .updateTable("taxonomy_items")
          .set(
            id === itemId
              ? { position: index + 1, parent_id: newParentId, updated_at: stamp }
              : { position: index + 1 },
          )
          .where("id", "=", id)
          .execute();
    });
  return requireItem(fieldId, itemId);
}
