/*
 * Makes (or reuses) the search benchmark's database for one dialect: migrated, with the bench
 * user, three archives and N synthetic assets. Used by bench/search.ts.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import { createDatabase, useDatabase, type DatabaseHandle } from "../app/db/connection.server";
import { prepareDatabase } from "../app/db/bootstrap.server";
import { EVERYONE_GROUP_ID } from "../app/db/schema";
import { createArchive } from "../app/models/archive/archive.server";
import { createUser } from "../app/models/user/user.server";
import {
  ARCHIVES,
  BENCH_USER,
  COMMON_TERM,
  MEMBER_FILTER,
  fillPostgres,
  fillSqlite,
  removeQuietly,
  sqlitePath,
} from "./search-fixture";

export interface Prepared {
  handle: DatabaseHandle;
  archiveIds: number[];
  databaseUrl: string;
  dataDir: string;
}

/*
 * The data is kept between runs only while what made it is unchanged: the row count, and the
 * sources of the rows (the fixture), of the archives and filters (this file) and of the search
 * document every row's index holds. Otherwise a run would measure data its code no longer makes.
 */
const SOURCES = [
  "bench/search-fixture.ts",
  "bench/search-prepare.ts",
  "app/models/search/search-document.ts",
];

export function dataVersion(count: number, root: string) {
  const hash = createHash("sha256");
  for (const source of SOURCES) hash.update(fs.readFileSync(path.join(root, source)));
  return `${count} ${hash.digest("hex").slice(0, 16)}`;
}

const version = (count: number) =>
  dataVersion(count, path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));

const OWNER = { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "bench-owner-password" };

async function setUp(handle: DatabaseHandle) {
  useDatabase(handle);
  await prepareDatabase(handle, OWNER);
  const user = await createUser({ ...BENCH_USER, fullName: "Bench user" });
  const ids: number[] = [];
  for (const [i, archive] of ARCHIVES.entries()) {
    const created = await createArchive({
      name: archive.name,
      members:
        i === 0
          ? [
              {
                type: "user",
                id: user.id,
                permissions: ["View", "Preview"],
                autoSearch: MEMBER_FILTER,
              },
            ]
          : i === 1
            ? [
                {
                  type: "user",
                  id: user.id,
                  permissions: ["View", "Preview"],
                  autoSearch: "o:landscape",
                },
              ]
            : [{ type: "group", id: EVERYONE_GROUP_ID, permissions: ["Preview"], autoSearch: "" }],
    });
    ids.push(created.id);
  }
  return ids;
}

async function marker(handle: DatabaseHandle): Promise<string | null> {
  try {
    const row = await handle.db
      .selectFrom("site_settings")
      .select("value")
      .where("key", "=", "benchRows")
      .executeTakeFirst();
    return row?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * The newest THUMBNAILED assets of each archive (the grid's first pages and more) get a revision
 * and the three renditions ingest makes, so tiles render their thumbnails as real ones do. Rows
 * only: the benchmark never fetches the files.
 */
const THUMBNAILED = 1000;

async function addRenditions(handle: DatabaseHandle, archiveIds: number[]) {
  const done = await handle.db
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", "benchRenditions")
    .executeTakeFirst();
  if (done) return;
  for (const archiveId of archiveIds) {
    const assets = await handle.db
      .selectFrom("assets")
      .select(["id", "file_name", "file_size", "width", "height"])
      .where("archive_id", "=", archiveId)
      .orderBy("id", "desc")
      .limit(THUMBNAILED)
      .execute();
    for (const asset of assets) {
      const revision = await handle.db
        .insertInto("revisions")
        .values({
          asset_id: asset.id,
          number: 1,
          blob_hash: `bench${asset.id}`,
          file_name: asset.file_name,
          file_size: asset.file_size,
          mime: "image/jpeg",
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const fit = (box: number) => {
        const scale = box / Math.max(asset.width ?? box, asset.height ?? box);
        return {
          width: Math.round((asset.width ?? box) * scale),
          height: Math.round((asset.height ?? box) * scale),
        };
      };
      await handle.db
        .insertInto("renditions")
        .values(
          (
            [
              ["thumbnail", 200],
              ["thumbnailRetina", 400],
              ["preview", 1600],
            ] as const
          ).map(([kind, box]) => ({
            revision_id: revision.id,
            kind,
            blob_hash: `bench${asset.id}${kind}`,
            mime: "image/jpeg",
            file_size: box * 100,
            ...fit(box),
          })),
        )
        .execute();
    }
  }
  // The planner's statistics must know the new rows, as they would after ingest at this size.
  await sql`analyze`.execute(handle.db);
  await handle.db
    .insertInto("site_settings")
    .values({ key: "benchRenditions", value: String(THUMBNAILED) })
    .execute();
}

async function archiveIdsOf(handle: DatabaseHandle) {
  const rows = await handle.db
    .selectFrom("archives")
    .select(["id", "name"])
    .orderBy("id")
    .execute();
  return ARCHIVES.map((a) => rows.find((r) => r.name === a.name)!.id);
}

export async function prepareSqlite(count: number, log: (s: string) => void): Promise<Prepared> {
  const dataDir = sqlitePath(count);
  const file = `${dataDir}/arkiv.sqlite`;
  if (fs.existsSync(file)) {
    const handle = createDatabase({ url: `sqlite:${file}`, dataDir });
    useDatabase(handle);
    if ((await marker(handle)) === version(count)) {
      const archiveIds = await archiveIdsOf(handle);
      await addRenditions(handle, archiveIds);
      return {
        handle,
        archiveIds,
        databaseUrl: `sqlite:${file}`,
        dataDir,
      };
    }
    await handle.destroy();
  }
  removeQuietly(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  let handle = createDatabase({ url: `sqlite:${file}`, dataDir });
  const archiveIds = await setUp(handle);
  await handle.destroy();
  fillSqlite(file, count, archiveIds, log);
  handle = createDatabase({ url: `sqlite:${file}`, dataDir });
  useDatabase(handle);
  await handle.db
    .insertInto("site_settings")
    .values({ key: "benchRows", value: version(count) })
    .execute();
  await addRenditions(handle, archiveIds);
  return { handle, archiveIds, databaseUrl: `sqlite:${file}`, dataDir };
}

export async function preparePostgres(
  url: string,
  count: number,
  log: (s: string) => void,
): Promise<Prepared> {
  const schema = `bench_search_${count}`;
  const dataDir = sqlitePath(count) + "-pg";
  fs.mkdirSync(dataDir, { recursive: true });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema if not exists ${schema}`);
  await admin.end();
  const databaseUrl = `${url}${url.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
  let handle = createDatabase({ url, dataDir, pgSchema: schema });
  useDatabase(handle);
  if ((await marker(handle)) === version(count)) {
    const archiveIds = await archiveIdsOf(handle);
    await addRenditions(handle, archiveIds);
    return { handle, archiveIds, databaseUrl, dataDir };
  }
  await handle.destroy();
  const reset = new pg.Client({ connectionString: url });
  await reset.connect();
  await reset.query(`drop schema if exists ${schema} cascade`);
  await reset.query(`create schema ${schema}`);
  await reset.end();
  handle = createDatabase({ url, dataDir, pgSchema: schema });
  const archiveIds = await setUp(handle);
  await fillPostgres(url, schema, count, archiveIds, log);
  await handle.db
    .insertInto("site_settings")
    .values({ key: "benchRows", value: version(count) })
    .execute();
  await addRenditions(handle, archiveIds);
  return { handle, archiveIds, databaseUrl, dataDir };
}

export interface Shares {
  /** Of all assets, those whose search document holds the common term. */
  commonTerm: number;
  /** Of the main archive's assets, those the benchmark user's filter lets through. */
  memberFilter: number;
}

/**
 * The shares the data really has, counted in the database through the search's own conditions
 * (not what the fixture intends).
 */
export async function measureShares(handle: DatabaseHandle, archiveIds: number[]): Promise<Shares> {
  // Loaded here, as bench/search.ts loads the models: after it has checked NODE_ENV.
  const { parseQueries } = await import("../app/models/search/search.server");
  const { compileNode } = await import("../app/models/search/search-compile.server");
  const share = async (query: string, archiveId?: number) => {
    const node = parseQueries([query])[0]!;
    let select = handle.db.selectFrom("assets").select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(compileNode(eb as never, node))
            .then(1)
            .else(0)
            .end(),
        )
        .as("passing"),
    ]);
    if (archiveId !== undefined) select = select.where("archive_id", "=", archiveId);
    const row = await select.executeTakeFirstOrThrow();
    return Number(row.passing) / Number(row.total);
  };
  return {
    commonTerm: await share(COMMON_TERM),
    memberFilter: await share(MEMBER_FILTER, archiveIds[0]!),
  };
}
