import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Dialect as KyselyDialect,
  type Driver,
  type Transaction,
  type TransactionBuilder,
} from "kysely";
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

/*
 * The transaction rule (decision 072). A query inside a transaction runs on that transaction: on
 * SQLite there is one connection, so a read through the global connection while a transaction
 * holds it waits forever (issue 29 found a group edit that hung every later request that way).
 * The open transaction travels with the async context: db() hands it out, a transaction begun
 * inside it joins it, and a connection taken from the pool while one is open is refused loudly,
 * on both databases alike, so the mistake fails in tests instead of hanging in production.
 */
interface OpenTransaction {
  trx: Transaction<Database>;
  open: boolean;
}

// One instance for the server entry and the Remix build, which each load this module.
const transactionScope = () =>
  singleton("transactionScope", () => new AsyncLocalStorage<OpenTransaction>());

function openTransaction(): OpenTransaction | undefined {
  const scope = transactionScope().getStore();
  return scope?.open ? scope : undefined;
}

export class GlobalConnectionInTransactionError extends Error {
  constructor() {
    super(
      "A query took a connection of its own inside an open transaction; it must run on the " +
        "transaction (db() returns it there). On SQLite this would wait forever.",
    );
    this.name = "GlobalConnectionInTransactionError";
  }
}

/** Kysely's objects keep private fields, so their methods must run on the object itself. */
function forward(target: object, prop: string | symbol) {
  const value = Reflect.get(target, prop, target) as unknown;
  return typeof value === "function" ? value.bind(target) : value;
}

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** A builder whose execute() joins the open transaction, or opens one and carries it. */
function scopedBuilder(builder: TransactionBuilder<Database>): TransactionBuilder<Database> {
  return new Proxy(builder, {
    get(target, prop) {
      if (prop === "execute")
        return <T>(work: Work<T>): Promise<T> => {
          const outer = openTransaction();
          if (outer) return work(outer.trx);
          return target.execute((trx) => {
            const scope: OpenTransaction = { trx: joining(trx), open: true };
            return transactionScope()
              .run(scope, () => work(scope.trx))
              .finally(() => {
                scope.open = false;
              });
          });
        };
      if (prop === "setIsolationLevel" || prop === "setAccessMode")
        return (value: never) => scopedBuilder(target[prop](value));
      return forward(target, prop);
    },
  });
}

/** A transaction whose transaction() joins it rather than throwing as Kysely's does. */
function joining(trx: Transaction<Database>): Transaction<Database> {
  const join = {
    execute: <T>(work: Work<T>) => work(proxy),
    setIsolationLevel: () => join,
    setAccessMode: () => join,
  };
  const proxy: Transaction<Database> = new Proxy(trx, {
    get(target, prop) {
      if (prop === "transaction") return () => join;
      return forward(target, prop);
    },
  });
  return proxy;
}

/** The dialect with one of its driver's methods replaced (the others as they are). */
function withDriverMethod<K extends keyof Driver>(
  dialect: KyselyDialect,
  name: K,
  replace: (driver: Driver) => Driver[K],
): KyselyDialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (kysely) => dialect.createIntrospector(kysely),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const replaced = replace(driver);
      return new Proxy(driver, {
        get: (target, prop) => (prop === name ? replaced : forward(target, prop)),
      });
    },
  };
}

/** The driver refuses a pooled connection while the caller's transaction is open. */
const guarded = (dialect: KyselyDialect) =>
  withDriverMethod(dialect, "acquireConnection", (driver) => () => {
    if (openTransaction()) return Promise.reject(new GlobalConnectionInTransactionError());
    return driver.acquireConnection();
  });

/*
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE, decision 103), not
 * at their first write: a transaction that reads and then writes while another process (a second
 * web process, the import command) has written since its read cannot upgrade its snapshot and
 * fails at once with SQLITE_BUSY_SNAPSHOT, which busy_timeout does not wait out (a 500 on
 * redeeming an invitation, seen in CI). Taken at the start, the lock is waited for like any other.
 */
const immediateTransactions = (dialect: KyselyDialect) =>
  withDriverMethod(dialect, "beginTransaction", () => async (connection) => {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  });

class ScopedKysely extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    return scopedBuilder(super.transaction());
  }
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
    // An idle connection the server ends (a restart, an administrator, a dropped database) leaves
    // the pool; without a listener its error event would end the process.
    pool.on("error", (error) =>
      console.error("[db] idle PostgreSQL connection ended:", error.message),
    );
    const db = new ScopedKysely({ dialect: guarded(new PostgresDialect({ pool })) });
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
  const db = new ScopedKysely({
    dialect: guarded(
      immediateTransactions(new SqliteDialect({ database: withStatementCache(sqlite) })),
    ),
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

/** The open transaction of this async context, else the process's database. */
export function db(): Kysely<Database> {
  return openTransaction()?.trx ?? database().db;
}

/** Replaces the process's database (tests, and the server's start-up). */
export function useDatabase(handle: DatabaseHandle | undefined) {
  holder().current = handle;
}

export const now = () => new Date().toISOString();
