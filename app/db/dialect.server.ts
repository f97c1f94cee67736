import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type UpdateObject,
} from "kysely";
import { database, db, type Dialect } from "./connection.server";
import type { Database, JobRow } from "./schema";

/*
 * Where SQLite and PostgreSQL differ (decision 025): row locks, the queue's claim, full-text
 * search and JSON. Model code calls these named functions and never asks which dialect it runs
 * on. Two places keep branches of their own, on purpose: the connection (which driver to open)
 * and the frozen migrations, which must build tomorrow the schema they built the day they ran,
 * whatever becomes of this module.
 *
 * Upserts need no branch: both dialects speak INSERT ... ON CONFLICT, which Kysely's onConflict()
 * writes the same way for each.
 */

const isPostgres = () => database().dialect === "postgres";

/* ---------- row locks ---------- */

/** Tables whose rows are locked to serialise writers; each has an integer id. */
export type LockableTable = "archives" | "assets" | "users" | "invitations" | "albums";

/**
 * Holds the row until the transaction ends, so a second writer of the same thing waits for the
 * first to commit (PostgreSQL: SELECT ... FOR UPDATE). SQLite needs nothing: it runs one write
 * transaction at a time.
 */
export async function lockRowForUpdate(
  trx: Kysely<Database>,
  table: LockableTable,
  id: number,
): Promise<void> {
  if (!isPostgres()) return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}

/**
 * Holds every row of the table until the transaction ends: writers that renumber a whole list
 * (the archives' order) wait for each other and each reads what the one before wrote.
 */
export async function lockAllRows(trx: Kysely<Database>, table: LockableTable): Promise<void> {
  if (!isPostgres()) return;
  await sql`select id from ${sql.table(table)} order by id for update`.execute(trx);
}

/* ---------- seats ---------- */

// Any constant; it only has to differ from the other advisory locks (there are none yet).
const SEATS_LOCK = 290_001;

/**
 * Makes the transactions that give out licensed seats run one after the other until each ends,
 * so the count each reads includes the account the one before inserted (issue 29: twelve
 * simultaneous creations overran four seats). PostgreSQL: a transaction-scoped advisory lock.
 * SQLite: a write that changes nothing takes the database's write lock at once, as BEGIN
 * IMMEDIATE would, so another process cannot count in between; within one process the single
 * connection already runs one transaction at a time.
 */
export async function serialiseSeatChanges(trx: Kysely<Database>): Promise<void> {
  if (isPostgres()) await sql`select pg_advisory_xact_lock(${SEATS_LOCK})`.execute(trx);
  else await sql`update users set id = id where 0`.execute(trx);
}

/**
 * Atomically takes the first due job (by run_after, then id) and applies `claim` to it; undefined
 * when nothing is due. Concurrent claimers never get the same row.
 */
export async function claimFirstJob(
  due: (eb: ExpressionBuilder<Database, "jobs">) => Expression<SqlBool>,
  claim: UpdateObject<Database, "jobs">,
): Promise<JobRow | undefined> {
  if (isPostgres()) {
    // Row locks: a second claimer skips the row this transaction holds instead of waiting for it.
    return db()
      .transaction()
      .execute(async (trx) => {
        const candidate = await trx
          .selectFrom("jobs")
          .select("id")
          .where(due)
          .orderBy("run_after")
          .orderBy("id")
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!candidate) return undefined;
        return trx
          .updateTable("jobs")
          .set(claim)
          .where("id", "=", candidate.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
  }
  // SQLite runs one write statement at a time across connections and processes: a single
  // UPDATE ... WHERE id = (first due job) RETURNING is atomic, and repeating the due condition in
  // the outer WHERE makes a row changed in between simply not match.
  return db()
    .updateTable("jobs")
    .set(claim)
    .where((eb) =>
      eb(
        "id",
        "=",
        eb.selectFrom("jobs").select("id").where(due).orderBy("run_after").orderBy("id").limit(1),
      ),
    )
    .where(due)
    .returningAll()
    .executeTakeFirst();
}

/* ---------- full text ---------- */

/**
 * The query language of the asset full-text index (decision 014): FTS5 MATCH strings on SQLite,
 * tsquery text on PostgreSQL. Both index the same pre-split words (assets.search_doc).
 */
export interface FullText {
  /** A word, a phrase of adjacent words, or (prefix) words ending in any continuation. */
  term(tokens: string[], prefix: boolean): string;
  /** Queries joined by AND or OR; `negated` are excluded from the result (AND only). */
  combine(kind: "and" | "or", parts: string[], negated?: string[]): string;
  /**
   * A query alone in negation; null when the index cannot say it (FTS5's NOT is binary: it needs
   * something positive on its left, so negations fold into their AND instead).
   */
  negate(query: string): string | null;
  /** True when negations must be folded into an AND through combine(). */
  binaryNot: boolean;
  /** The condition that an asset matches the query. */
  matches(query: string): Expression<SqlBool>;
  /**
   * SQLite only: the index can drive a listing itself (its rowids are asset ids, newest first),
   * which the planner would not choose on its own (decision 014).
   */
  drivesListing: boolean;
  /** Relevance, lower first, when the index does not drive the query; null where unavailable. */
  rank(query: string): RawBuilder<number> | null;
}

const fts5: FullText = {
  term: (tokens, prefix) => `"${tokens.join(" ")}"${prefix ? " *" : ""}`,
  combine: (kind, parts, negated = []) =>
    negated.reduce(
      (q, n) => `${q} NOT (${n})`,
      `(${parts.join(kind === "and" ? " AND " : " OR ")})`,
    ),
  negate: () => null,
  binaryNot: true,
  matches: (query) =>
    sql<SqlBool>`assets.id in (select rowid from assets_fts where assets_fts match ${query})`,
  drivesListing: true,
  // FTS5 ranks only where the index drives the query (assets_fts.rank).
  rank: () => null,
};

const tsquery: FullText = {
  term: (tokens, prefix) => `${tokens.join(" <-> ")}${prefix ? ":*" : ""}`,
  combine: (kind, parts) => `(${parts.join(kind === "and" ? " & " : " | ")})`,
  negate: (query) => `!(${query})`,
  binaryNot: false,
  matches: (query) => sql<SqlBool>`assets.search_vector @@ to_tsquery('simple', ${query})`,
  drivesListing: false,
  rank: (query) => sql<number>`-ts_rank(assets.search_vector, to_tsquery('simple', ${query}))`,
};

export function fullText(): FullText {
  return isPostgres() ? tsquery : fts5;
}

/* ---------- JSON ---------- */

/** How many keys the JSON object stored as text in `column` holds. */
export function jsonObjectKeyCount(column: "assets.metadata"): RawBuilder<number> {
  const ref = sql.ref(column);
  return isPostgres()
    ? sql<number>`(select count(*) from json_object_keys(${ref}::json))`
    : sql<number>`(select count(*) from json_each(${ref}))`;
}

/* ---------- migrations ---------- */

/**
 * The schema Kysely's migration tables live in: PostgreSQL's current one (Kysely would otherwise
 * look in every visible schema); undefined on SQLite, which has none.
 */
export async function migrationTableSchema(
  executor: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  dialect: Dialect,
): Promise<string | undefined> {
  if (dialect !== "postgres") return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    executor,
  );
  return rows[0]?.schema;
}
