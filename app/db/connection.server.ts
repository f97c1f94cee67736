import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { env } from "~/utils/env.server";
import { singleton } from "~/utils/singleton.server";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://..., sqlite:PATH, file:PATH; absent means SQLite in dataDir. */
  url?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  pgSchema?: string;
}

// File sizes and counts are bigint; as JavaScript numbers they are exact up to 2^53 (8 PiB), so
// both dialects give numbers, not strings.
const INT8_OID = 20;
const typeParser = ((oid: number, format?: "text" | "binary") =>
  oid === INT8_OID && format !== "binary"
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser;

/** Prepared statements kept per SQLite connection, by their SQL. */
const MAX_CACHED_STATEMENTS = 500;

/*
 * Kysely prepares every query it runs again; a page runs a dozen, and preparing cost more than
 * running them. Statements are kept by their text (in insertion order, the oldest dropped first).
 * Safe because nothing streams: a cached statement is never mid-iteration when reused.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= MAX_CACHED_STATEMENTS)
          statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.url;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      types: { getTypeParser: typeParser },
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", destroy: () => db.destroy() };
  }
  const file = url
    ? url.replace(/^(sqlite|file):/, "")
    : path.join(options.dataDir, "arkiv.sqlite");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}

// Looked up on every use, not once at load: the server entry and the build must always agree.
const holder = () =>
  singleton("database", () => ({ current: undefined as DatabaseHandle | undefined }));

/** The process's database; created from the environment on first use. */
export function database(): DatabaseHandle {
  const slot = holder();
  slot.current ??= createDatabase({ url: env().DATABASE_URL, dataDir: env().DATA_DIR });
  return slot.current;
}

export function db(): Kysely<Database> {
  return database().db;
}

/** Replaces the process's database (tests, and the server's start-up). */
export function useDatabase(handle: DatabaseHandle | undefined) {
  holder().current = handle;
}

export const now = () => new Date().toISOString();
