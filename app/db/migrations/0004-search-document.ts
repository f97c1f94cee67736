/*
 * The search document as migration 0004 wrote it (app/models/search/search-document.ts at the time
 * of issue 4). A frozen copy: the model may change how documents are built, but re-running 0004 on
 * a new database must fill the same words it did then. Do not edit; a later change to the document
 * comes with a migration of its own that rebuilds the column.
 */

const MAX_SEARCH_DOCUMENT = 200_000;

function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function fieldToken(field: number, word: string): string {
  return `f${field}f${word}`;
}

interface SearchableAsset {
  fileName: string;
  title: string;
  description: string;
  tags: string[];
  notes: string;
  status: string;
  fields: Record<string, string | string[]>;
}

export function searchDocument(asset: SearchableAsset): string {
  const free: string[] = [];
  const fielded: string[] = [];
  const add = (text: string, field?: number) => {
    const words = searchWords(text);
    free.push(...words);
    if (field !== undefined) fielded.push(...words.map((w) => fieldToken(field, w)));
  };
  add(asset.fileName);
  add(asset.title);
  add(asset.description);
  for (const tag of asset.tags) add(tag);
  add(asset.notes);
  add(asset.status);
  for (const [id, value] of Object.entries(asset.fields)) {
    const field = Number(id);
    if (!Number.isInteger(field)) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === "string") add(v, field);
    }
  }
  // Words stay in order, repeats included: phrases match by adjacency.
  const document = [...free, ...fielded].join(" ");
  return document.length > MAX_SEARCH_DOCUMENT
    ? document.slice(0, document.lastIndexOf(" ", MAX_SEARCH_DOCUMENT))
    : document;
}

function parseJson(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

export interface SearchableColumns {
  file_name: string;
  title: string;
  description: string;
  tags: string;
  notes: string;
  status: string;
  metadata: string;
}

export function searchableRow(row: SearchableColumns): SearchableAsset {
  const tags = parseJson(row.tags, []);
  const fields = parseJson(row.metadata, {});
  return {
    fileName: row.file_name,
    title: row.title,
    description: row.description,
    tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [],
    notes: row.notes,
    status: row.status,
    fields:
      fields && typeof fields === "object" && !Array.isArray(fields)
        ? (fields as Record<string, string | string[]>)
        : {},
  };
}
