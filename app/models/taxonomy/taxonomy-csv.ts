import { keyed } from "~/models/locale/keyed";
import { guardCell, unguardCell } from "~/utils/csv-cell";

/*
 * The taxonomy exchange format (decision 059): CSV (RFC 4180: commas, double quotes doubled,
 * CRLF or LF), UTF-8, a header row naming the columns, one row per item:
 *
 *   path,name,value,description,customSearch,acl
 *   ,Animals,Animals,,,Navigate;Query;Set
 *   Animals,Cats,cat,Felines,,Navigate;Query;Set
 *   Animals > Cats,Kittens,,,,Set
 *
 * `path` is the item's ancestors' names from the root, joined by " > " (empty at the root);
 * `name` is required; `value` empty means the name without < and >; `acl` is entries separated by
 * ";" (or commas or spaces) and, when the column is empty, Navigate;Query;Set. Only `path` and
 * `name` columns are required; columns may come in any order. A parent must exist already or
 * come on an earlier row. A cell starting with = + - @, a tab or a carriage return is written
 * with a leading single quote, which reading takes off (decision 070). Pure: the page shows the
 * format from here.
 */

export const CSV_COLUMNS = ["path", "name", "value", "description", "customSearch", "acl"] as const;
export const PATH_SEPARATOR = " > ";

/** Rows of fields, each row with the line it started on. A quote left open is an error (keyed). */
export function parseCsv(
  text: string,
): { ok: true; rows: { line: number; fields: string[] }[] } | { ok: false; message: string } {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    fields.push(unguardCell(field));
    if (!(fields.length === 1 && fields[0] === "")) rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      fields.push(unguardCell(field));
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else field += c;
  }
  if (quoted)
    return { ok: false, message: keyed("taxonomy.import.unclosedQuote", { line: rowLine }) };
  if (field !== "" || fields.length > 0) endRow();
  return { ok: true, rows };
}

function csvField(raw: string): string {
  // A cell a spreadsheet would run as a formula gets a quote; parseCsv takes it off again.
  const value = guardCell(raw);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** An ACL cell as entries: separated by semicolons, commas or spaces. */
export function aclCell(text: string): string[] {
  return text
    .split(/[;,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function pathCell(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === "" ? [] : trimmed.split(/\s*>\s*/).map((s) => s.trim());
}
