import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "~/db/bootstrap.server";
import { createDatabase, useDatabase } from "~/db/connection.server";
import { ensureFreshBuild } from "./build-freshness";
import { TEST_ADMIN, dialectUnderTest, urlOfDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated SQLite file each test database copies. */
    sqliteTemplate: string;
    /** The migrated PostgreSQL database each test database is created from; "" on SQLite. */
    pgTemplate: string;
  }
}

/*
 * The HTTP integration tests run the production build in-process. `npm test` builds first, so its
 * build is fresh here; a plain `npx vitest` builds when build/ is missing or older than the code
 * it is made from (tests/helpers/build-freshness.ts), so it never tests the code before an edit.
 *
 * Then the run's template database is migrated once, with the site owner made, for every file's
 * database to copy (decision 075): the 17 migrations and the owner's argon2 hash were each file's
 * first second and a half.
 */
export default async function setup(project: TestProject) {
  await ensureFreshBuild(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));
  const owner = { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password };

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-template-"));
  const sqlite = createDatabase({ dataDir: folder });
  await prepareDatabase(sqlite, owner);
  useDatabase(undefined);
  await sqlite.destroy();
  project.provide("sqliteTemplate", path.join(folder, "arkiv.sqlite"));

  const url = process.env.TEST_DATABASE_URL;
  let dropTemplate = async () => {};
  if (url && dialectUnderTest() === "postgres") {
    const name = `arkiv_template_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const handle = createDatabase({ url: urlOfDatabase(url, name), dataDir: folder });
    await prepareDatabase(handle, owner);
    useDatabase(undefined);
    await handle.destroy();
    dropTemplate = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
    project.provide("pgTemplate", name);
  } else {
    project.provide("pgTemplate", "");
  }

  return async () => {
    await dropTemplate();
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
