/*
 * JSON stored as text in a column, read back one way. A value that does not parse, or is not the
 * shape the column holds, reads as the column's empty value: one damaged row shows as empty
 * rather than failing every page that lists it.
 */

/** The parsed value, or undefined when the text is not JSON. */
export function readJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON object column (metadata field values, settings): {} when it holds anything else. */
export function readObject<T extends object = Record<string, unknown>>(
  text: string | null | undefined,
): T {
  const value = readJson(text);
  return (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as T;
}

/** A JSON array column: [] when it holds anything else. */
export function readList(text: string | null | undefined): unknown[] {
  const value = readJson(text);
  return Array.isArray(value) ? value : [];
}

/** A JSON array of strings; other entries are left out. */
export function readStrings(text: string | null | undefined): string[] {
  return readList(text).filter((v): v is string => typeof v === "string");
}

/** A JSON array of row ids; other entries are left out. */
export function readIds(text: string | null | undefined): number[] {
  return readList(text).filter((v): v is number => Number.isSafeInteger(v));
}
