import { db, now } from "~/db/connection.server";
import { keyed, parseKeyed } from "~/models/locale/keyed";
import { Problem } from "~/models/problem/problem";
import { aclText, findTaxonomy, MAX_TAXONOMY_DEPTH } from "./taxonomy.server";
import { aclCell, CSV_COLUMNS, parseCsv, PATH_SEPARATOR, pathCell, toCsv } from "./taxonomy-csv";
import {
  MAX_IMPORT_BYTES,
  MAX_TAXONOMY_ITEMS,
  TAXONOMY_NOT_FOUND,
  taxonomyItemSchema,
  type TaxonomyItemInput,
} from "./taxonomy.schema";

/*
 * Import and export of a taxonomy in the CSV format of taxonomy-csv.ts (decision 059). An import
 * checks every row first and reports every problem by line; only a clean file writes, in one
 * transaction, so an error changes nothing. An item whose path and name exist already is updated;
 * the others are added at the end of their parent's children. Its problems are keyed (decision
 * 104): the page reads them in the reader's words, the API in English (importProblemText).
 */

/** Between a line's own problems inside its keyed message. */
const PROBLEMS_SEPARATOR = "\u001f";

const lineProblems = (line: number, messages: readonly string[]) =>
  keyed("taxonomy.import.line", { line, problems: messages.join(PROBLEMS_SEPARATOR) });

/**
 * A refusal's listed problem in words: a line's problems (each keyed: a schema's messages) are
 * read one by one, then the line's message around them; any other is read as it is. `resolve` is
 * the page's (the reader's language) or English (the API's).
 */
export function importProblemText(text: string, resolve: (text: string) => string): string {
  const parsed = parseKeyed(text);
  if (parsed?.id !== "taxonomy.import.line") return resolve(text);
  const problems = String(parsed.values.problems ?? "")
    .split(PROBLEMS_SEPARATOR)
    .map(resolve)
    .join(" ");
  return resolve(keyed("taxonomy.import.line", { line: parsed.values.line ?? "", problems }));
}

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
  if (!header) return { errors: [keyed("taxonomy.import.empty")], rows: [] };
  const columns = header.fields.map((f) => f.trim());
  const index = (name: string) => columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
  const unknown = columns.filter(
    (c) => !(CSV_COLUMNS as readonly string[]).some((k) => k.toLowerCase() === c.toLowerCase()),
  );
  if (unknown.length > 0)
    errors.push(
      keyed("taxonomy.import.unknownColumns", { line: header.line, columns: unknown.join(", ") }),
    );
  if (index("name") < 0 || index("path") < 0)
    errors.push(keyed("taxonomy.import.headerColumns", { line: header.line }));
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
      errors.push(keyed("taxonomy.import.tooManyFields", { line }));
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
      errors.push(lineProblems(line, messages));
      continue;
    }
    const names = [...path, result.data.name];
    const key = keyOf(names);
    if (seen.has(key)) {
      errors.push(keyed("taxonomy.import.duplicate", { line, path: names.join(PATH_SEPARATOR) }));
      continue;
    }
    if (path.length > 0 && !known.has(keyOf(path))) {
      errors.push(keyed("taxonomy.import.noParent", { line, path: path.join(PATH_SEPARATOR) }));
      continue;
    }
    if (names.length > MAX_TAXONOMY_DEPTH) {
      errors.push(keyed("taxonomy.import.tooDeep", { line, max: MAX_TAXONOMY_DEPTH }));
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
    errors.push(keyed("taxonomy.error.tooMany", { max: MAX_TAXONOMY_ITEMS }));
  return { errors, rows };
}

/** Imports a CSV text into a taxonomy; a Problem listing every error changes nothing. */
export async function importTaxonomyCsv(fieldId: number, text: string): Promise<ImportResult> {
  if (!(await findTaxonomy(fieldId))) throw new Problem("not-found", TAXONOMY_NOT_FOUND);
  if (Buffer.byteLength(text, "utf8") > MAX_IMPORT_BYTES)
    throw new Problem(
      "too-large",
      keyed("taxonomy.import.tooLarge", { max: MAX_IMPORT_BYTES / 1024 }),
    );
  const { errors, rows } = await plan(fieldId, text);
  if (errors.length > 0)
    throw new Problem("invalid", keyed("taxonomy.import.failed", { count: errors.length }), {
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
        if (parentId === undefined) throw new Problem("conflict", keyed("taxonomy.import.changed"));
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
