import { readObject, readStrings } from "~/db/json-column";
/*
 * The text an asset is found by. Both dialects index the same pre-split words (decision 014):
 * lower case, diacritics removed, split on everything that is not a letter or digit, so SQLite's
 * FTS5 and PostgreSQL's 'simple' configuration see identical tokens and answer identically.
 * Metadata values are indexed twice: as free words, and as field tokens `f{id}f{word}` so that
 * `5:sunset` matches the title only.
 */

/** Longest document kept, in characters: enough for every field of a richly described photo. */
export const MAX_SEARCH_DOCUMENT = 200_000;

/** Lower case, no diacritics, letters and digits only; empty words dropped. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

export function fieldToken(field: number, word: string): string {
  return `f${field}f${word}`;
}

export interface SearchableAsset {
  fileName: string;
  title: string;
  description: string;
  tags: string[];
  notes: string;
  status: string;
  /** Metadata field values by id. */
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

/** The columns of an assets row the search document is made from (JSON as text). */
export interface SearchableColumns {
  file_name: string;
  title: string;
  description: string;
  tags: string;
  notes: string;
  status: string;
  metadata: string;
}

/** An assets row as stored made searchable. */
export function searchableRow(row: SearchableColumns): SearchableAsset {
  return {
    fileName: row.file_name,
    title: row.title,
    description: row.description,
    tags: readStrings(row.tags),
    notes: row.notes,
    status: row.status,
    fields: readObject<Record<string, string | string[]>>(row.metadata),
  };
}
