import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { prepareDatabase } from "~/db/bootstrap.server";
import { createDatabase, useDatabase, type DatabaseHandle } from "~/db/connection.server";
import { migrateToLatest, migrations } from "~/db/migrations.server";
import {
  EVERYONE_GROUP_ID,
  GUEST_USER_ID,
  GUEST_USERNAME,
  REGISTERED_USERS_GROUP_ID,
  type Database,
} from "~/db/schema";
import { createUser, verifyLogin } from "~/models/user/user.server";
import {
  createTestDatabase,
  dialectUnderTest,
  TEST_ADMIN,
  type TestDatabase,
} from "../helpers/database";
import { migrateToLatest as oldMigrateToLatest } from "../fixtures/migrations-before-025";

/*
 * The schema and its built-in rows on the dialect under test: tables, the Everyone and Registered
 * Users groups, the Guest user, idempotent re-runs, and ids that never collide with the built-ins.
 */

let testDb: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = testDb.handle;
});

afterAll(async () => {
  await testDb?.destroy();
});

/**
 * A database of the dialect under test with nothing in it: not migrated, not the process's. On
 * PostgreSQL it is a new schema beside this file's already-migrated one, in the same database:
 * the migrator must keep to its own schema's bookkeeping tables (a shared database, parallel tests).
 */
async function emptyDatabase(): Promise<{ handle: DatabaseHandle; destroy(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url && dialectUnderTest() === "postgres") {
    const schema = `test_empty_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const fresh = createDatabase({ url, dataDir: os.tmpdir(), pgSchema: schema });
    return {
      handle: fresh,
      async destroy() {
        await fresh.destroy();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-vitest-empty-"));
  const fresh = createDatabase({ dataDir });
  return {
    handle: fresh,
    async destroy() {
      await fresh.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Table name → column names, restricted to this database's own schema on PostgreSQL. */
async function tablesOf(target: DatabaseHandle, withKyselyTables = false) {
  let schema: string | undefined;
  if (target.dialect === "postgres") {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      target.db,
    );
    schema = rows[0]?.schema;
  }
  const tables = await target.db.introspection.getTables({
    withInternalKyselyTables: withKyselyTables,
  });
  return new Map(
    tables
      .filter((t) => !t.isView && (schema === undefined || t.schema === schema))
      .map((t) => [t.name, t.columns.map((c) => c.name)]),
  );
}

async function count(db: Kysely<Database>, table: keyof Database) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("schema", () => {
  test("creates exactly the application tables on the selected dialect", async () => {
    expect(handle.dialect).toBe(dialectUnderTest());
    const tables = await tablesOf(handle);
    expect([...tables.keys()].sort()).toEqual(
      [
        "applications",
        "archive_members",
        "archive_scans",
        "archives",
        "asset_pins",
        "assets",
        "folders",
        "group_groups",
        "group_members",
        "groups",
        "indexed_files",
        "invitation_redemptions",
        "invitations",
        "jobs",
        "mail_messages",
        "metadata_fields",
        "metadata_views",
        "oauth_credentials",
        "crop_profile_sets",
        "derived_files",
        "processing_profile_sets",
        "processing_profiles",
        "rendition_sets",
        "watermarks",
        "trash_entries",
        "task_items",
        "albums",
        "album_assets",
        "album_shares",
        "share_links",
        "share_link_log",
        "taxonomies",
        "taxonomy_items",
        "smart_folders",
        "alerts",
        "alert_reports",
        "rate_limit_hits",
        "password_resets",
        "renditions",
        "revisions",
        "sessions",
        "signups",
        "site_settings",
        "uploads",
        "users",
        // SQLite's full-text index and its shadow tables (decision 014).
        ...(handle.dialect === "sqlite"
          ? [
              "assets_fts",
              "assets_fts_config",
              "assets_fts_data",
              "assets_fts_docsize",
              "assets_fts_idx",
            ]
          : []),
      ].sort(),
    );
  });

  test("gives every table the columns the model layer relies on", async () => {
    const tables = await tablesOf(handle);
    expect(tables.get("users")?.sort()).toEqual(
      [
        "created_at",
        "email",
        "first_name",
        "force_password_change",
        "full_name",
        "id",
        "is_enabled",
        "is_site_owner",
        "last_login_at",
        "last_name",
        "password_hash",
        "preferences",
        "username",
        "username_key",
        // 0007_people
        "address",
        "commerce",
        "description",
        "expires_at",
        "external_ids",
        "license_level",
        "license_mode",
        "organization",
        "properties",
        "revision",
        "updated_at",
      ].sort(),
    );
    expect(tables.get("groups")?.sort()).toEqual(
      [
        "created_at",
        "description",
        "external_ids",
        "id",
        "license_level",
        "license_mode",
        "name",
        "permissions",
        "properties",
        "revision",
        "saml_group_name",
        "updated_at",
      ].sort(),
    );
    expect(tables.get("group_groups")?.sort()).toEqual(["group_id", "member_group_id"]);
    expect(tables.get("group_members")?.sort()).toEqual(["group_id", "user_id"]);
    expect(tables.get("sessions")?.sort()).toEqual([
      "created_at",
      "data",
      "expires_at",
      "id",
      "user_id",
    ]);
    expect(tables.get("site_settings")?.sort()).toEqual(["key", "value"]);
  });

  test("usernames are unique ignoring case at the database level", async () => {
    await expect(
      handle.db
        .insertInto("users")
        .values({
          username: TEST_ADMIN.username.toUpperCase(),
          username_key: TEST_ADMIN.username.toLowerCase(),
          password_hash: null,
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });

  test("a user row inserted with only the required columns gets the documented defaults", async () => {
    const created = new Date().toISOString();
    const { id } = await handle.db
      .insertInto("users")
      .values({
        username: "Plain",
        username_key: "plain",
        password_hash: null,
        created_at: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = await handle.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: "",
      last_name: "",
      full_name: "",
      email: "",
      is_site_owner: 0,
      is_enabled: 1,
      force_password_change: 0,
      preferences: "{}",
      last_login_at: null,
    });
    await handle.db.deleteFrom("users").where("id", "=", id).execute();
  });

  test("deleting a user removes their group memberships and sessions", async () => {
    const user = await createUser({ username: "doomed", password: "doomed-password-1" });
    await handle.db
      .insertInto("sessions")
      .values({
        id: "doomed-session",
        user_id: user.id,
        data: "{}",
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    await handle.db.deleteFrom("users").where("id", "=", user.id).execute();
    const memberships = await handle.db
      .selectFrom("group_members")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(memberships).toEqual([]);
    const sessions = await handle.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", "doomed-session")
      .execute();
    expect(sessions).toEqual([]);
  });

  test("memberships must reference an existing user and group", async () => {
    await expect(
      handle.db
        .insertInto("group_members")
        .values({ group_id: EVERYONE_GROUP_ID, user_id: 999_999 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insertInto("group_members")
        .values({ group_id: 999_999, user_id: GUEST_USER_ID })
        .execute(),
    ).rejects.toThrow();
  });
});

describe("built-in rows", () => {
  test("the Everyone and Registered Users groups exist with their fixed ids", async () => {
    const groups = await handle.db
      .selectFrom("groups")
      .select(["id", "name"])
      .where("id", "in", [EVERYONE_GROUP_ID, REGISTERED_USERS_GROUP_ID])
      .orderBy("id")
      .execute();
    expect(groups).toEqual([
      { id: 10000, name: "Everyone" },
      { id: 10001, name: "Registered Users" },
    ]);
    expect(EVERYONE_GROUP_ID).toBe(10000);
    expect(REGISTERED_USERS_GROUP_ID).toBe(10001);
  });

  test("the Guest user exists with id 15000, no password and no site ownership", async () => {
    const guest = await handle.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", GUEST_USER_ID)
      .executeTakeFirstOrThrow();
    expect(GUEST_USER_ID).toBe(15000);
    expect(guest).toMatchObject({
      id: 15000,
      username: "Guest",
      username_key: "guest",
      password_hash: null,
      is_site_owner: 0,
      is_enabled: 1,
      force_password_change: 0,
    });
    expect(GUEST_USERNAME).toBe("Guest");
    expect(Number.isNaN(Date.parse(guest.created_at))).toBe(false);
  });

  test("the site owner created at start is the first id after the Guest user", async () => {
    const owner = await handle.db
      .selectFrom("users")
      .select(["id", "username"])
      .where("is_site_owner", "=", 1)
      .execute();
    expect(owner).toEqual([{ id: GUEST_USER_ID + 1, username: TEST_ADMIN.username }]);
  });
});

describe("re-running migrations", () => {
  test("migrateToLatest on an up-to-date database applies nothing and changes nothing", async () => {
    const before = {
      users: await count(handle.db, "users"),
      groups: await count(handle.db, "groups"),
      members: await count(handle.db, "group_members"),
    };
    await expect(migrateToLatest(handle.db, handle.dialect)).resolves.toEqual([]);
    await expect(migrateToLatest(handle.db, handle.dialect)).resolves.toEqual([]);
    expect({
      users: await count(handle.db, "users"),
      groups: await count(handle.db, "groups"),
      members: await count(handle.db, "group_members"),
    }).toEqual(before);
    expect((await tablesOf(handle, true)).has("kysely_migration")).toBe(true);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
      handle.db,
    );
    expect(rows.map((r) => r.name)).toEqual([
      "0001_initial",
      "0002_jobs",
      "0003_assets",
      "0004_browse",
      "0005_asset_resolution",
      "0006_applications",
      "0007_people",
      "0008_metadata_views",
      "0009_archive_administration",
      "0010_processing_lists",
      "0011_path_archives",
      "0012_trash_can",
      "0013_editing",
      "0014_albums",
      "0015_organize",
      "0016_undo_claim",
      "0017_rate_limits",
      "0018_running_tasks",
      "0019_signup_language",
      "0020_application_client_type",
    ]);
  });

  test("prepareDatabase on a running site migrates nothing and creates no second owner", async () => {
    await expect(
      prepareDatabase(handle, { ADMIN_USERNAME: "someone-else", ADMIN_PASSWORD: undefined }),
    ).resolves.toEqual({ created: false });
    const owners = await handle.db
      .selectFrom("users")
      .select("username")
      .where("is_site_owner", "=", 1)
      .execute();
    expect(owners).toEqual([{ username: TEST_ADMIN.username }]);
  });
});

describe("new ids", () => {
  test("new users get ids above the Guest user and never reuse one", async () => {
    const a = await createUser({ username: "ids-a", password: "ids-a-password" });
    const b = await createUser({ username: "ids-b", password: "ids-b-password" });
    expect(a.id).toBeGreaterThan(GUEST_USER_ID);
    expect(b.id).toBeGreaterThan(a.id);
  });

  test("new groups get ids above the built-in groups", async () => {
    const first = await handle.db
      .insertInto("groups")
      .values({ name: "Editors", created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const second = await handle.db
      .insertInto("groups")
      .values({ name: "Viewers", created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(first.id).toBe(REGISTERED_USERS_GROUP_ID + 1);
    expect(second.id).toBe(REGISTERED_USERS_GROUP_ID + 2);
  });
});

describe("an empty database", () => {
  // Each test its own: migrating, taking the first ids and preparing the owner each change it.
  let empty: Awaited<ReturnType<typeof emptyDatabase>>;

  beforeEach(async () => {
    empty = await emptyDatabase();
  });

  afterEach(async () => {
    useDatabase(handle);
    await empty?.destroy();
  });

  test("migrateToLatest applies the initial migration once", async () => {
    expect((await tablesOf(empty.handle)).size).toBe(0);
    await expect(migrateToLatest(empty.handle.db, empty.handle.dialect)).resolves.toEqual([
      "0001_initial",
      "0002_jobs",
      "0003_assets",
      "0004_browse",
      "0005_asset_resolution",
      "0006_applications",
      "0007_people",
      "0008_metadata_views",
      "0009_archive_administration",
      "0010_processing_lists",
      "0011_path_archives",
      "0012_trash_can",
      "0013_editing",
      "0014_albums",
      "0015_organize",
      "0016_undo_claim",
      "0017_rate_limits",
      "0018_running_tasks",
      "0019_signup_language",
      "0020_application_client_type",
    ]);
    await expect(migrateToLatest(empty.handle.db, empty.handle.dialect)).resolves.toEqual([]);
    expect((await tablesOf(empty.handle)).size).toBe(empty.handle.dialect === "sqlite" ? 50 : 45);
  });

  test("the first ids are one past the built-ins and are never handed out twice", async () => {
    await migrateToLatest(empty.handle.db, empty.handle.dialect);
    const user = await empty.handle.db
      .insertInto("users")
      .values({
        username: "first",
        username_key: "first",
        password_hash: null,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const group = await empty.handle.db
      .insertInto("groups")
      .values({ name: "First", created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(user.id).toBe(GUEST_USER_ID + 1);
    expect(group.id).toBe(REGISTERED_USERS_GROUP_ID + 1);
    await empty.handle.db.deleteFrom("users").where("id", "=", user.id).execute();
    await empty.handle.db.deleteFrom("groups").where("id", "=", group.id).execute();

    // Deleting the highest row does not hand its id out again.
    const next = await empty.handle.db
      .insertInto("users")
      .values({
        username: "second",
        username_key: "second",
        password_hash: null,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(GUEST_USER_ID + 2);
  });

  test("prepareDatabase without a password creates an owner who must change it", async () => {
    const result = await prepareDatabase(empty.handle, {
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: undefined,
    });
    expect(result.created).toBe(true);
    if (!result.created) return;
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(result.user).toMatchObject({
      username: "admin",
      isSiteOwner: true,
      forcePasswordChange: true,
      isGuest: false,
    });
    // prepareDatabase made the empty database the process's, so model functions use it.
    const viewer = await verifyLogin("admin", result.generatedPassword!, { guestAccess: true });
    expect(viewer?.id).toBe(result.user.id);
  });
});

/** Everything the migrations built: columns with their types and defaults, indexes, triggers. */
async function schemaOf(target: DatabaseHandle): Promise<string[]> {
  if (target.dialect === "postgres") {
    const columns = await sql<Record<string, string>>`
      select table_name, column_name, data_type, is_nullable, column_default, is_identity,
        generation_expression
      from information_schema.columns where table_schema = current_schema()
      order by table_name, column_name`.execute(target.db);
    const indexes = await sql<Record<string, string>>`
      select indexname, replace(indexdef, current_schema() || '.', '') as indexdef
      from pg_indexes where schemaname = current_schema() order by indexname`.execute(target.db);
    return [...columns.rows, ...indexes.rows].map((r) => JSON.stringify(r));
  }
  const rows = await sql<Record<string, string>>`
    select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(target.db);
  return rows.rows.map((r) => JSON.stringify(r));
}

describe("frozen migrations (decision 025)", () => {
  test("a database migrated by the single-file runner opens with the new one, running only the later ones", async () => {
    const old = await emptyDatabase();
    const fresh = await emptyDatabase();
    try {
      const ran = await oldMigrateToLatest(old.handle.db, old.handle.dialect);
      expect(ran).toEqual(["0001_initial", "0002_jobs", "0003_assets", "0004_browse"]);
      // A row the new runner must leave alone, and the old runner's own bookkeeping.
      await old.handle.db
        .insertInto("site_settings")
        .values({ key: "before-025", value: "kept" })
        .execute();
      const recorded = await old.handle.db
        .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
        .selectFrom("kysely_migration")
        .select(["name", "timestamp"])
        .orderBy("name")
        .execute();

      // Only what came after the single file runs (0005 on: issue 14's resolution and applications).
      const later = Object.keys(migrations(old.handle.dialect)).filter(
        (name) => !recorded.some((r) => r.name === name),
      );
      expect(later).toEqual([
        "0005_asset_resolution",
        "0006_applications",
        "0007_people",
        "0008_metadata_views",
        "0009_archive_administration",
        "0010_processing_lists",
        "0011_path_archives",
        "0012_trash_can",
        "0013_editing",
        "0014_albums",
        "0015_organize",
        "0016_undo_claim",
        "0017_rate_limits",
        "0018_running_tasks",
        "0019_signup_language",
        "0020_application_client_type",
      ]);
      await expect(migrateToLatest(old.handle.db, old.handle.dialect)).resolves.toEqual(later);

      const after = await old.handle.db
        .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
        .selectFrom("kysely_migration")
        .select(["name", "timestamp"])
        .orderBy("name")
        .execute();
      expect(after.slice(0, recorded.length)).toEqual(recorded);
      expect(recorded.map((r) => r.name)).toEqual(
        Object.keys(migrations(old.handle.dialect)).slice(0, recorded.length),
      );
      expect(after.map((r) => r.name)).toEqual(Object.keys(migrations(old.handle.dialect)));
      const kept = await old.handle.db
        .selectFrom("site_settings")
        .select("value")
        .where("key", "=", "before-025")
        .executeTakeFirst();
      expect(kept?.value).toBe("kept");

      // The split files build exactly the schema the single file built.
      await migrateToLatest(fresh.handle.db, fresh.handle.dialect);
      expect(await schemaOf(fresh.handle)).toEqual(await schemaOf(old.handle));
    } finally {
      useDatabase(handle);
      await old.destroy();
      await fresh.destroy();
    }
  });

  test("0004's backfill fills search documents with its frozen builder", async () => {
    const target = await emptyDatabase();
    try {
      const list = migrations(target.handle.dialect);
      const upTo = (names: string[]) =>
        Object.fromEntries(Object.entries(list).filter(([name]) => names.includes(name)));
      await migrateToLatest(
        target.handle.db,
        target.handle.dialect,
        upTo(["0001_initial", "0002_jobs", "0003_assets"]),
      );
      const at = new Date().toISOString();
      const archive = await target.handle.db
        .insertInto("archives")
        .values({ name: "A", name_key: "a", created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await target.handle.db
        .insertInto("assets")
        .values({
          archive_id: archive.id,
          file_name: "Café-Noir.jpg",
          title: "Évening",
          tags: JSON.stringify(["Harbour"]),
          metadata: JSON.stringify({ "5": "Évening" }),
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      await expect(migrateToLatest(target.handle.db, target.handle.dialect)).resolves.toEqual([
        "0004_browse",
        "0005_asset_resolution",
        "0006_applications",
        "0007_people",
        "0008_metadata_views",
        "0009_archive_administration",
        "0010_processing_lists",
        "0011_path_archives",
        "0012_trash_can",
        "0013_editing",
        "0014_albums",
        "0015_organize",
        "0016_undo_claim",
        "0017_rate_limits",
        "0018_running_tasks",
        "0019_signup_language",
        "0020_application_client_type",
      ]);
      const row = await target.handle.db
        .selectFrom("assets")
        .select("search_doc")
        .executeTakeFirstOrThrow();
      expect(row.search_doc).toBe("cafe noir jpg evening harbour evening f5fevening");
      // The index holds the backfilled words, and later edits keep it whole.
      const found = (word: string) =>
        (target.handle.dialect === "postgres"
          ? sql<{ id: number }>`select id from assets
              where search_vector @@ to_tsquery('simple', ${word})`
          : sql<{ id: number }>`select rowid as id from assets_fts
              where assets_fts match ${word}`
        )
          .execute(target.handle.db)
          .then((r) => r.rows.length);
      expect(await found("harbour")).toBe(1);
      await target.handle.db.updateTable("assets").set({ search_doc: "quay" }).execute();
      expect(await found("harbour")).toBe(0);
      expect(await found("quay")).toBe(1);
    } finally {
      useDatabase(handle);
      await target.destroy();
    }
  });

  test("no migration imports model code, so changing a model cannot change a migration", () => {
    const folder = path.resolve("app/db/migrations");
    const files = fs.readdirSync(folder).filter((f) => f.endsWith(".ts"));
    expect(files).toContain("0004-browse.ts");
    for (const file of files) {
      const text = fs.readFileSync(path.join(folder, file), "utf8");
      const imports = [...text.matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1]!);
      expect(
        imports.filter((i) => i !== "kysely" && !i.startsWith("./")),
        file,
      ).toEqual([]);
    }
  });
});
