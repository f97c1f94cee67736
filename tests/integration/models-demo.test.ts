import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { db } from "~/db/connection.server";
import { endMetadataWriter } from "~/media/metadata-write.server";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { createArchive, listArchives } from "~/models/archive/archive.server";
import {
  DEMO_ALBUM_NAME,
  DEMO_ARCHIVE_NAME,
  ensureDemoArchive,
} from "~/models/demo/demo-archive.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetEnvCache } from "~/utils/env.server";

/* The demo archive of a first start: made once, ingested like any upload, with its metadata. */

let testDb: TestDatabase;
let worker: Worker;
let dataDir: string;

// Each test its own first start: one makes the demo archive, the other an archive before it.
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-demo-"));
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  testDb = await createTestDatabase();
  worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
});

afterEach(async () => {
  await worker?.stop();
  await endMetadataWriter(); // exiftool wrote the demo photographs' IPTC
  await testDb?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a first start makes the demo archive once, and its photographs become ready assets", async () => {
  expect(await ensureDemoArchive({ count: 4 })).toBe(4);
  expect(await ensureDemoArchive({ count: 4 })).toBe(0);
  const archives = await listArchives();
  expect(archives.map((a) => a.name)).toEqual([DEMO_ARCHIVE_NAME]);
  const assets = await vi.waitUntil(
    async () => {
      const rows = await db().selectFrom("assets").selectAll().execute();
      return rows.some((a) => a.state === "processing") ? undefined : rows;
    },
    { timeout: 60_000, interval: 100 },
  );
  expect(assets).toHaveLength(4);
  for (const asset of assets) {
    expect(asset.state).toBe("ready");
    expect(asset.title).not.toBe("");
    expect(JSON.parse(asset.tags).length).toBeGreaterThanOrEqual(4);
    expect(JSON.parse(asset.metadata)["80"]).toBeTruthy();
    expect(asset.camera_date).toMatch(/^20(19|2\d)-/);
  }
  // The site owner's demo album holds the photographs, in their order, once.
  const albums = await db().selectFrom("albums").selectAll().execute();
  expect(albums.map((a) => a.name)).toEqual([DEMO_ALBUM_NAME]);
  const linked = await db()
    .selectFrom("album_assets")
    .select("asset_id")
    .where("album_id", "=", albums[0]!.id)
    .orderBy("position")
    .execute();
  expect(linked.map((l) => l.asset_id)).toEqual(assets.map((a) => a.id).sort((a, b) => a - b));
}, 90_000);

test("a database that already has archives gets no demo archive", async () => {
  await db().deleteFrom("site_settings").where("key", "=", "demoArchive").execute();
  await createArchive({ name: "Existing" });
  expect(await ensureDemoArchive({ count: 2 })).toBe(0);
});
