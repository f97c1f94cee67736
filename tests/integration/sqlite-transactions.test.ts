import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createDatabase, type DatabaseHandle } from "~/db/connection.server";

/*
 * On SQLite a transaction takes the write lock as it begins (BEGIN IMMEDIATE): another process
 * cannot write between its reads and its writes, so it never fails to upgrade its snapshot
 * (SQLITE_BUSY_SNAPSHOT); the other process waits, or gives up after its own timeout.
 */
let dir: string;
let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a transaction holds the write lock from its start, even one that has only read", async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-immediate-"));
  const file = path.join(dir, "arkiv.sqlite");
  handle = createDatabase({ url: `sqlite:${file}`, dataDir: dir });
  await sql`create table notes (text text)`.execute(handle.db);
  // Another process's connection, which waits 50 ms for a lock.
  const other = new SQLite(file, { timeout: 50 });
  try {
    await handle.db.transaction().execute(async (trx) => {
      await sql`select count(*) from notes`.execute(trx);
      expect(() => other.prepare("insert into notes values ('between')").run()).toThrow(
        /locked|busy/i,
      );
      await sql`insert into notes values ('mine')`.execute(trx);
    });
    other.prepare("insert into notes values ('after')").run();
    const rows = other.prepare("select text from notes order by rowid").all();
    expect(rows).toEqual([{ text: "mine" }, { text: "after" }]);
  } finally {
    other.close();
  }
});
