import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDatabase, type DatabaseHandle } from "~/db/connection.server";

/*
 * SQLite's prepared statements are kept by their SQL (decision 019): a kept statement must
 * answer what the table holds now, and more distinct statements than the cache holds must all
 * still run.
 */

let dir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-statements-"));
  handle = createDatabase({ dataDir: dir });
  await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
});

afterAll(async () => {
  await handle.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async () =>
  Number(
    (
      await sql<{ n: number }>`select count(*) as n from notes where body like ${"%"}`.execute(
        handle.db,
      )
    ).rows[0]!.n,
  );

describe("the statement cache", () => {
  test("a statement run again sees rows written since", async () => {
    const before = await count();
    await sql`insert into notes (body) values (${"one"})`.execute(handle.db);
    expect(await count()).toBe(before + 1);
    await sql`insert into notes (body) values (${"two"})`.execute(handle.db);
    expect(await count()).toBe(before + 2);
  });

  test("more distinct statements than it keeps all run, and the first still answers", async () => {
    await sql`insert into notes (body) values (${"kept"})`.execute(handle.db);
    const before = await count();
    for (let i = 0; i < 700; i++) {
      const rows = await sql<{ v: number }>`select ${sql.lit(i)} as v`.execute(handle.db);
      expect(rows.rows[0]!.v).toBe(i);
    }
    expect(await count()).toBe(before);
  });

  test("a statement inside a transaction that rolls back leaves nothing behind", async () => {
    const before = await count();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values (${"three"})`.execute(trx);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count()).toBe(before);
  });
});
