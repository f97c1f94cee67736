import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/*
 * Column and identity helpers shared by the migrations. Frozen like the migrations themselves:
 * a migration already run must build the same schema for ever, so change nothing here; a new
 * need gets a new helper beside these.
 */

/** What a migration may know of the database: no schema types, which change with later ones. */
export type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Spelled out here, not imported, so a later change to the connection module cannot reach it. */
export type MigrationDialect = "sqlite" | "postgres";

/** Ids are identities on PostgreSQL and AUTOINCREMENT on SQLite. */
export function idColumn(dialect: MigrationDialect) {
  return (c: ColumnDefinitionBuilder) =>
    dialect === "postgres"
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
}

export async function restartIdentity(
  db: AnyDb,
  dialect: MigrationDialect,
  table: string,
  next: number,
) {
  if (dialect === "postgres") {
    await sql`alter table ${sql.table(table)} alter column id restart with ${sql.lit(next)}`.execute(
      db,
    );
  }
  // SQLite's AUTOINCREMENT continues after the highest id already inserted.
}
