import { db, now } from "~/db/connection.server";
import { TAXONOMY_NOT_FOUND } from "~/models/access/organize-access.server";
import { Problem } from "~/models/problem/problem";
import { aclText, findTaxonomy, MAX_TAXONOMY_DEPTH } from "./taxonomy.server";
import { aclCell, CSV_COLUMNS, parseCsv, PATH_SEPARATOR, pathCell, toCsv } from "./taxonomy-csv";
import {
  MAX_IMPORT_BYTES,
  MAX_TAXONOMY_ITEMS,
  taxonomyItemSchema,
  type TaxonomyItemInput,
} from "./taxonomy.schema";

/*
 * Import and export of a taxonomy in the CSV format of taxonomy-csv.ts (decision 059). An import
 * checks every row first and reports every problem by line; only a clean file writes, in one
 * transaction, so an error changes nothing. An item whose path and name exist already is updated;
 * the others are added at the end of their parent's children.
 */

interface Node {
  id: number | null;
  parent: string | null;
  depth: number;
}

const keyOf = (names: readonly string[]) => names.map((n) => n.toLowerCase()).join("\u0000");

async function existingTree(fieldId: number) {
  const rows = await db()
    .selectFrom("taxonomy_items")
    .selectAll()
    .where("field_id", "=", fieldId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (id: number): string[] => {
    const names: string[] = [];
    let current: number | null = id;
    while (current !== null && names.length <= MAX_TAXONOMY_DEPTH + 1) {
      const row = byId.get(current);
      if (!row) break;
      names.unshift(row.name);
      current = row.parent_id;
    }
    return names;
  };
  return { rows, pathOf };
}

/** The taxonomy as CSV, parents before children, siblings in their order. */
export async function exportTaxonomyCsv(fieldId: number): Promise<string> {
  if (!(await findTaxonomy(fieldId))) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  const { rows, pathOf } = await existingTree(fieldId);
  const children = new Map<number | null, typeof rows>();
  for (const row of rows)
    children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const out: string[][] = [[...CSV_COLUMNS]];
  const walk = (parent: number | null) => {
    for (const row of children.get(parent) ?? []) {
      out.push([
        pathOf(row.id).slice(0, -1).join(PATH_SEPARATOR),
        row.name,
        row.value,
        row.description,
        row.custom_search,
        aclText(row.acl.split(",")).replace(/,/g, ";"),
      ]);
      walk(row.id);
    }
  };
  walk(null);
  return toCsv(out);
}

export interface ImportResult {
  added: number;
  updated: number;
}

interface PlannedRow {
  line: number;
  path: string[];
  data: TaxonomyItemInput;
}

/** Checks the whole file; every problem by line, or the rows to write. */
async function plan(fieldId: number, text: string) {
  const errors: string[] = [];
  const parsed = parseCsv(text);
  if (!parsed.ok) return { errors: [parsed.message], rows: [] as PlannedRow[] };
  const [header, ...body] = parsed.rows;
  if (!header)
    return { errors: ["The file is empty: give a header row and one row per item."], rows: [] };
  const columns = header.fields.map((f) => f.trim());
  const index = (name: string) => columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
  const unknown = columns.filter(
    (c) => !(CSV_COLUMNS as readonly string[]).some((k) => k.toLowerCase() === c.toLowerCase()),
  );
  if (unknown.length > 0)
    errors.push(`Line ${header.line}: unknown columns: ${unknown.join(", ")}.`);
  if (index("name") < 0 || index("path") < 0)
    errors.push(`Line ${header.line}: the header must name the columns path and name.`);
  if (errors.length > 0) return { errors, rows: [] };

  const { rows: existing, pathOf } = await existingTree(fieldId);
  const known = new Map<string, Node>();
  for (const row of existing) {
    const names = pathOf(row.id);
    known.set(keyOf(names), { id: row.id, parent: null, depth: names.length });
  }
  const seen = new Set<string>();
  const rows: PlannedRow[] = [];
  let added = 0;
  for (const { line, fields } of body) {
    const cell = (name: string) => {
      const at = index(name);
      return at < 0 ? undefined : (fields[at] ?? "");
    };
    if (fields.length > columns.length) {
      errors.push(`Line ${line}: more fields than the header has columns.`);
      continue;
    }
    const path = pathCell(cell("path") ?? "");
    const acl = cell("acl");
    const result = taxonomyItemSchema.safeParse({
      name: cell("name") ?? "",
      value: cell("value") ?? "",
      description: cell("description") ?? "",
      customSearch: cell("customSearch") ?? "",
      ...(acl !== undefined && acl.trim() !== "" ? { acl: aclCell(acl) } : {}),
    });
    if (!result.success) {
      const messages = [...new Set(result.error.issues.map((i) => i.message))];
      errors.push(`Line ${line}: ${messages.join(" ")}`);
      continue;
    }
    const names = [...path, result.data.name];
    const key = keyOf(names);
    if (seen.has(key)) {
      errors.push(`Line ${line}: "${names.join(PATH_SEPARATOR)}" is already on an earlier line.`);
      continue;
    }
    if (path.length > 0 && !known.has(keyOf(path))) {
      errors.push(
        `Line ${line}: the parent "${path.join(PATH_SEPARATOR)}" is neither in the taxonomy nor on an earlier line.`,
      );
      continue;
    }
    if (names.length > MAX_TAXONOMY_DEPTH) {
      errors.push(
        `Line ${line}: the tree would be too deep (at most ${MAX_TAXONOMY_DEPTH} levels).`,
      );
      continue;
    }
    seen.add(key);
    if (!known.has(key)) {
      added++;
      known.set(key, { id: null, parent: keyOf(path), depth: names.length });
    }
    rows.push({ line, path, data: result.data });
  }
  if (existing.length + added > MAX_TAXONOMY_ITEMS)
    errors.push(`A taxonomy holds at most ${MAX_TAXONOMY_ITEMS} items.`);
  return { errors, rows };
}

/** Imports a CSV text into a taxonomy; a Problem listing every error changes nothing. */
export async function importTaxonomyCsv(fieldId: number, text: string): Promise<ImportResult> {
  if (!(await findTaxonomy(fieldId))) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  if (Buffer.byteLength(text, "utf8") > MAX_IMPORT_BYTES)
    throw new Problem("too-large", `An import file holds at most ${MAX_IMPORT_BYTES / 1024} KB.`);
  const { errors, rows } = await plan(fieldId, text);
  if (errors.length > 0)
    throw new Problem("invalid", `The file was not imported: ${errors.length} problem(s).`, {
      heading: "ImportFailed",
      messages: errors.slice(0, 200),
    });
  return db()
    .transaction()
    .execute(async (trx) => {
      const { rows: existing, pathOf } = await (async () => {
        const list = await trx
          .selectFrom("taxonomy_items")
          .selectAll()
          .where("field_id", "=", fieldId)
          .execute();
        const byId = new Map(list.map((r) => [r.id, r]));
        const path = (id: number) => {
          const names: string[] = [];
          let current: number | null = id;
          while (current !== null && names.length <= MAX_TAXONOMY_DEPTH + 1) {
            const row = byId.get(current);
            if (!row) break;
            names.unshift(row.name);
            current = row.parent_id;
          }
          return names;
        };
        return { rows: list, pathOf: path };
      })();
      const ids = new Map(existing.map((r) => [keyOf(pathOf(r.id)), r.id]));
      const last = new Map<number | null, number>();
      for (const r of existing)
        last.set(r.parent_id, Math.max(last.get(r.parent_id) ?? 0, Number(r.position)));
      const stamp = now();
      let added = 0;
      let updated = 0;
      for (const row of rows) {
        const key = keyOf([...row.path, row.data.name]);
        const columns = {
          name: row.data.name,
          value: row.data.value,
          description: row.data.description,
          custom_search: row.data.customSearch,
          acl: aclText(row.data.acl),
          updated_at: stamp,
        };
        const id = ids.get(key);
        if (id !== undefined) {
          await trx.updateTable("taxonomy_items").set(columns).where("id", "=", id).execute();
          updated++;
          continue;
        }
        const parentId = row.path.length === 0 ? null : ids.get(keyOf(row.path));
        if (parentId === undefined)
          throw new Problem("conflict", "The taxonomy changed meanwhile.");
        const position = (last.get(parentId) ?? 0) + 1;
        last.set(parentId, position);
        const inserted = await trx
          .insertInto("taxonomy_items")
          .values({
            field_id: fieldId,
            parent_id: parentId,
            ...columns,
            position,
            created_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        ids.set(key, inserted.id);
        added++;
      }
      return { added, updated };
    });
}
