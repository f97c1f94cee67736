import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { fullText, jsonObjectKeyCount, type FullText } from "~/db/dialect.server";
import { escapeLike, like } from "~/db/like";
import type { Database } from "~/db/schema";
import { fieldToken, searchWords } from "./search-document";
import type { SearchNode, TextValue } from "./search-expression";

/*
 * Compiling a search tree into the condition it sets on the assets table (decision 014): full
 * text through the dialect's index, the rest as plain columns. It knows nothing of who sees what,
 * so the access module (members' search filters) and the search listing both build on it without
 * importing each other.
 */

export type AssetsEb = ExpressionBuilder<Database & { assets_fts: FtsTable }, "assets">;
export interface FtsTable {
  rowid: number;
  search_doc: string;
  assets_fts: string;
}

const FALSE = sql<SqlBool>`1 = 0`;
const TRUE = sql<SqlBool>`1 = 1`;

interface FtsTerm {
  /** Tokens as indexed (field tokens for a field search). */
  tokens: string[];
  prefix: boolean;
  /** A LIKE pattern over the padded document, for wildcards FTS cannot express. */
  recheck: string | null;
}

/** A word, phrase or wildcard as index tokens; null when it holds nothing to search for. */
function ftsTerm(field: number | null, value: TextValue): FtsTerm | null {
  const token = (w: string) => (field === null ? w : fieldToken(field, w));
  if (value.type !== "wildcard") {
    const words = searchWords(value.text);
    return words.length === 0 ? null : { tokens: words.map(token), prefix: false, recheck: null };
  }
  // Each run between stars, normalised as the document is; a star keeps its place.
  const pieces = value.text.split("*").map((p) => searchWords(p).join(""));
  if (pieces.every((p) => p === "")) return null;
  const pure = pieces.length === 2 && pieces[0] !== "" && pieces[1] === "";
  const lead = pieces[0] ?? "";
  const pattern = pieces.map(escapeLike).join("%");
  return {
    tokens: lead === "" ? [] : [token(lead)],
    prefix: true,
    recheck: pure
      ? null
      : `% ${field === null ? "" : escapeLike(fieldToken(field, ""))}${pattern} %`,
  };
}

/** The part of a tree the full-text index answers alone, as one query string; null if none. */
export function ftsQuery(node: SearchNode, ft: FullText): string | null {
  if (node.kind === "text") {
    const term = ftsTerm(node.field, node.value);
    if (!term || term.recheck !== null || term.tokens.length === 0) return null;
    return ft.term(term.tokens, term.prefix);
  }
  if (node.kind === "and" || node.kind === "or") {
    const parts: string[] = [];
    const negated: string[] = [];
    for (const child of node.children) {
      if (ft.binaryNot && node.kind === "and" && child.kind === "not") {
        const inner = ftsQuery(child.child, ft);
        if (inner === null) return null;
        negated.push(inner);
        continue;
      }
      const part = ftsQuery(child, ft);
      if (part === null) return null;
      parts.push(part);
    }
    // A binary NOT needs something positive on its left.
    if (parts.length === 0) return null;
    return ft.combine(node.kind, parts, negated);
  }
  if (node.kind === "not" && !ft.binaryNot) {
    const inner = ftsQuery(node.child, ft);
    return inner === null ? null : ft.negate(inner);
  }
  return null;
}

const DATE_COLUMNS = {
  mt: "modified_date",
  it: "iptc_date",
  rt: "release_date",
  ct: "camera_date",
  at: "created_at",
} as const;
const NUMBER_COLUMNS = { fs: "file_size", pw: "width", ph: "height" } as const;

function wildcardLike(text: string): string {
  return text.toLowerCase().split("*").map(escapeLike).join("%");
}

/** The condition a search tree sets on the assets table. */
export function compileNode(eb: AssetsEb, node: SearchNode): Expression<SqlBool> {
  const ft = fullText();
  switch (node.kind) {
    case "all":
      return TRUE;
    case "and":
    case "or": {
      const whole = ftsQuery(node, ft);
      if (whole !== null) return ft.matches(whole);
      const children = node.children.map((c) => compileNode(eb, c));
      return node.kind === "and" ? eb.and(children) : eb.or(children);
    }
    case "not":
      return eb.not(compileNode(eb, node.child));
    case "text": {
      const term = ftsTerm(node.field, node.value);
      if (!term) return FALSE;
      const recheck =
        term.recheck === null ? null : like(sql`(' ' || assets.search_doc || ' ')`, term.recheck);
      if (term.tokens.length === 0) return recheck ?? FALSE;
      const indexed = ft.matches(ft.term(term.tokens, term.prefix));
      return recheck ? eb.and([indexed, recheck]) : indexed;
    }
    case "fileName": {
      const text = node.value.text.toLowerCase();
      const pattern = node.value.type === "wildcard" ? wildcardLike(text) : escapeLike(text);
      return like(sql`lower(assets.file_name)`, pattern);
    }
    case "docType":
      return eb("assets.doc_type", "=", node.value);
    case "orientation":
      return node.value === "landscape"
        ? sql<SqlBool>`assets.width > assets.height`
        : node.value === "portrait"
          ? sql<SqlBool>`assets.width < assets.height`
          : sql<SqlBool>`assets.width = assets.height`;
    case "colorSpace":
      return node.values.length === 0 ? FALSE : eb("assets.color_space", "in", node.values);
    case "metadataStatus": {
      // Ingest keeps only fields with a value, so the metadata object's keys are the fields the
      // asset carries. Counted per row (no index): a filter beside others, not a way in.
      const fields = jsonObjectKeyCount("assets.metadata");
      return node.value === "none"
        ? sql<SqlBool>`${fields} = 0`
        : node.value === "little"
          ? sql<SqlBool>`${fields} between 1 and 2`
          : sql<SqlBool>`${fields} >= 3`;
    }
    case "numberRange": {
      const column = `assets.${NUMBER_COLUMNS[node.name]}` as const;
      const parts: Expression<SqlBool>[] = [];
      if (node.from !== null) parts.push(eb(column, ">=", node.from));
      if (node.to !== null) parts.push(eb(column, "<=", node.to));
      return parts.length === 0 ? eb(column, "is not", null) : eb.and(parts);
    }
    case "dateRange": {
      const column = `assets.${DATE_COLUMNS[node.name]}` as const;
      const parts: Expression<SqlBool>[] = [eb(column, "is not", null)];
      if (node.from !== null) parts.push(eb(column, ">=", node.from));
      if (node.to !== null) parts.push(eb(column, "<", node.to));
      return eb.and(parts);
    }
  }
}
