import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { prepareDatabase } from "~/db/bootstrap.server";
import { createDatabase, useDatabase, type DatabaseHandle } from "~/db/connection.server";
import { resetProcessState } from "./process-state";

/*
 * One database per test file: a copy of one migrated SQLite file, or, when TEST_DATABASE_URL
 * names PostgreSQL, a database of its own made from one migrated template (dropped afterwards).
 * The template is made once a run by tests/helpers/global-setup.ts (decision 075); without it (a
 * helper imported outside vitest) each database is migrated afresh. The same tests thus run on
 * both dialects, selected by the environment alone.
 */

export const TEST_ADMIN = { username: "owner", password: "owner-password-123" } as const;

export const dialectUnderTest = () =>
  /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "") ? "postgres" : "sqlite";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** What another connection (or process) needs to open the same database. */
  url: string;
  dataDir: string;
  /** The PostgreSQL schema; undefined on SQLite and on a database of its own. */
  pgSchema?: string;
  destroy(): Promise<void>;
}

/** Where global-setup put the migrated template of this run, if it did. */
function template(): { sqliteFile?: string; pgDatabase?: string } {
  try {
    return { sqliteFile: inject("sqliteTemplate"), pgDatabase: inject("pgTemplate") };
  } catch {
    return {};
  }
}

/** The server URL with another database name. */
export function urlOfDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated PostgreSQL database of its own, copied from the run's template: `CREATE DATABASE …
 * TEMPLATE` copies the files, where migrating takes every migration's statements.
 */
export async function copyPostgresTemplate(
  url: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const source = template().pgDatabase;
  if (!source) return undefined;
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  await onServer(url, async (client) => {
    // Two copies started at once may each see the other's session on the template: try again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`create database ${name} template ${source}`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 25));
      }
    }
  });
  return {
    url: urlOfDatabase(url, name),
    drop: () =>
      onServer(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/** A migrated SQLite file in `dataDir`, copied from the run's template when there is one. */
export function copySqliteTemplate(dataDir: string): boolean {
  const source = template().sqliteFile;
  if (!source) return false;
  fs.copyFileSync(source, path.join(dataDir, "arkiv.sqlite"));
  return true;
}

const OWNER = { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password };

export async function createTestDatabase(): Promise<TestDatabase> {
  // Module state (the database, caches, session storages keyed to secrets) must not leak from an
  // earlier file run in the same worker, nor from an earlier database of this file.
  resetProcessState();
  const url = process.env.TEST_DATABASE_URL;
  if (url && dialectUnderTest() === "postgres") {
    const copy = await copyPostgresTemplate(url, "test");
    if (copy) {
      const handle = createDatabase({ url: copy.url, dataDir: os.tmpdir() });
      await prepareDatabase(handle, OWNER);
      return {
        handle,
        url: copy.url,
        dataDir: os.tmpdir(),
        async destroy() {
          useDatabase(undefined);
          await handle.destroy();
          await copy.drop();
        },
      };
    }
    const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
    await onServer(url, (client) => client.query(`create schema ${schema}`));
    const handle = createDatabase({ url, dataDir: os.tmpdir(), pgSchema: schema });
    await prepareDatabase(handle, OWNER);
    return {
      handle,
      url,
      dataDir: os.tmpdir(),
      pgSchema: schema,
      async destroy() {
        useDatabase(undefined);
        await handle.destroy();
        await onServer(url, (client) => client.query(`drop schema ${schema} cascade`));
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-vitest-"));
  copySqliteTemplate(dataDir);
  const handle = createDatabase({ dataDir });
  // On a copy this migrates nothing and finds the owner: it makes the handle the process's.
  await prepareDatabase(handle, OWNER);
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
