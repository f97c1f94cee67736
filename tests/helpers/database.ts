import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { prepareDatabase } from "~/db/bootstrap.server";
import { createDatabase, useDatabase, type DatabaseHandle } from "~/db/connection.server";

/*
 * One database per test file: a fresh SQLite folder, or, when TEST_DATABASE_URL names
 * PostgreSQL, a schema of its own in that database (dropped afterwards). The same tests thus run
 * on both dialects, selected by the environment alone.
 */

export const TEST_ADMIN = { username: "owner", password: "owner-password-123" } as const;

export const dialectUnderTest = () =>
  /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "") ? "postgres" : "sqlite";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** What another connection (or process) needs to open the same database. */
  url: string;
  dataDir: string;
  /** The PostgreSQL schema; undefined on SQLite. */
  pgSchema?: string;
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  // State kept on globalThis (the database, session storages keyed to secrets) must not leak from
  // an earlier file run in the same worker.
  delete (globalThis as { __arkiv?: unknown }).__arkiv;
  const url = process.env.TEST_DATABASE_URL;
  if (url && dialectUnderTest() === "postgres") {
    const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = createDatabase({ url, dataDir: os.tmpdir(), pgSchema: schema });
    await prepareDatabase(handle, {
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    });
    return {
      handle,
      url,
      dataDir: os.tmpdir(),
      pgSchema: schema,
      async destroy() {
        useDatabase(undefined);
        await handle.destroy();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-vitest-"));
  const handle = createDatabase({ dataDir });
  await prepareDatabase(handle, {
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
  });
  return {
    handle,
    url: `sqlite:${path.join(dataDir, "arkiv.sqlite")}`,
    dataDir,
    async destroy() {
      useDatabase(undefined);
      await handle.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
