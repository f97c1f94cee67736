import { sql, type RawBuilder, type SqlBool } from "kysely";

/*
 * LIKE patterns, one way in every model: text a person typed is matched as written, its
 * backslashes, percent signs and underscores escaped with a backslash, and every LIKE says
 * `escape '\'`, which SQLite and PostgreSQL read alike.
 */

/** Text matched as written inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `subject LIKE pattern`, for a pattern made with escapeLike. */
export function like(subject: RawBuilder<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${subject} like ${pattern} escape '\\'`;
}

/** The column holds the text anywhere, letter case aside. */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return like(sql`lower(${sql.ref(column)})`, `%${escapeLike(text.toLowerCase())}%`);
}
