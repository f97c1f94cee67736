import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import {
  archiveDecision,
  assetDecision,
  findVisibleAsset,
  siteDecision,
} from "~/models/access/access.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { relocateAssets } from "~/models/asset/relocate.server";
import { isProblem } from "~/models/problem/problem";
import { sweepUploadLeftovers } from "~/models/upload/chunked-upload.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserById } from "~/models/user/user.server";
import { resetEnvCache } from "~/utils/env.server";
import { insertReadyAssets } from "../helpers/grid-assets";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/*
 * The access module's rules on the dialect under test, and the holes found in relocate (4) and
 * in the sweep of what crashes leave (8).
 */

let testDb: TestDatabase;
let dataDir: string;
let archive: Archive;
let secret: Archive;
let filtered: Viewer;
let outsider: Viewer;
let portraits: number[];
let landscapes: number[];

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isProblem(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function order(): Promise<number[]> {
  const rows = await db()
    .selectFrom("assets")
    .select("id")
    .where("archive_id", "=", archive.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-access-"));
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  testDb = await createTestDatabase();
  filtered = await createUser({ username: "filtered", password: "filtered-password-1" });
  outsider = await createUser({ username: "outsider", password: "outsider-password-1" });
  archive = await createArchive({
    name: "Order",
    members: [
      {
        type: "user",
        id: filtered.id,
        permissions: ["View", "EditText", "UploadFile"],
        autoSearch: "o:portrait",
      },
    ],
  });
  secret = await createArchive({ name: "Secret", members: [] });
  // Even rows landscape, odd rows portrait.
  const made = await insertReadyAssets(archive.id, 6);
  for (const [i, a] of made.entries())
    await db()
      .updateTable("assets")
      .set({ position: i + 1 })
      .where("id", "=", a.id)
      .execute();
  landscapes = made.filter((_, i) => i % 2 === 0).map((a) => a.id);
  portraits = made.filter((_, i) => i % 2 === 1).map((a) => a.id);
});

afterAll(async () => {
  await testDb?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the access module", () => {
  test("an asset outside the member's filter is refused exactly as a missing one", async () => {
    expect(await findVisibleAsset(filtered, landscapes[0]!)).toBeNull();
    expect(await findVisibleAsset(filtered, portraits[0]!)).not.toBeNull();
    const hidden = await assetDecision(filtered, landscapes[0]!, "UploadFile");
    const missing = await assetDecision(filtered, 987_654_321, "UploadFile");
    expect(hidden.allowed).toBe(false);
    expect(!hidden.allowed && hidden.problem).toEqual(!missing.allowed && missing.problem);
    expect((await assetDecision(filtered, portraits[0]!, "UploadFile")).allowed).toBe(true);
  });

  test("a non-member's archive is refused as a missing one; a member without the permission is forbidden", async () => {
    const hidden = await archiveDecision(outsider, secret.id, "UploadFile");
    const missing = await archiveDecision(outsider, 987_654, "UploadFile");
    expect(!hidden.allowed && hidden.problem).toEqual(!missing.allowed && missing.problem);
    expect(!hidden.allowed && hidden.problem.kind).toBe("not-found");
    const denied = await archiveDecision(filtered, archive.id, "Delete");
    expect(!denied.allowed && denied.problem.kind).toBe("forbidden");
  });

  test("site settings are the site owner's", async () => {
    const admin = await db()
      .selectFrom("users")
      .select("id")
      .where("username", "=", TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    expect((await siteDecision((await findUserById(admin.id))!, "ManageSettings")).allowed).toBe(
      true,
    );
    const refused = await siteDecision(filtered, "ManageSettings");
    // The settings area does not exist for him (issue 29: hidden areas answer as absent).
    expect(!refused.allowed && refused.problem.kind).toBe("not-found");
  });
});

describe("hole 4: relocate honours members' filters", () => {
  test("a hidden asset is refused exactly as one that does not exist, and nothing moves", async () => {
    const before = await order();
    const hidden = await rejection(
      relocateAssets(filtered, archive.id, [portraits[1]!, landscapes[2]!], "top"),
    );
    const missing = await rejection(
      relocateAssets(filtered, archive.id, [portraits[1]!, 987_654_321], "top"),
    );
    expect(hidden).toEqual(missing);
    expect(hidden.kind).toBe("not-found");
    expect(await order()).toEqual(before);
  });

  test("moves pass only assets the member sees", async () => {
    // Left of the first portrait there is only a landscape he cannot see: nothing to pass.
    expect(await relocateAssets(filtered, archive.id, [portraits[0]!], "left")).toBe(0);
    expect(await relocateAssets(filtered, archive.id, [portraits[2]!], "top")).toBe(1);
    const seen = (await order()).filter((id) => portraits.includes(id));
    expect(seen).toEqual([portraits[2], portraits[0], portraits[1]]);
  });
});

describe("hole 8: leftovers are swept by age, on any run", () => {
  test("temporary files older than the age go; younger ones and open tasks' chunks stay", async () => {
    const uploads = path.join(dataDir, "uploads");
    const blobTmp = path.join(dataDir, "blobs", "tmp");
    fs.mkdirSync(uploads, { recursive: true });
    fs.mkdirSync(blobTmp, { recursive: true });
    const id = "A".repeat(22);
    const at = now();
    await db()
      .insertInto("uploads")
      .values({
        id,
        owner_id: filtered.id,
        archive_id: archive.id,
        folder: "",
        asset_id: null,
        file_name: "x.jpg",
        file_size: 10,
        chunk_size: 10,
        num_chunks: 1,
        metadata: "{}",
        comment: "",
        job_id: null,
        error: null,
        created_at: at,
        updated_at: at,
        // Chunk 0 claimed by a request that has not committed it.
        received_chunks: 1,
      })
      .execute();
    const claims = async () =>
      (await db().selectFrom("uploads").select("received_chunks").executeTakeFirstOrThrow())
        .received_chunks;
    const orphanTmp = path.join(uploads, `${id}.0.abcdef.tmp`);
    const committed = path.join(uploads, `${id}.0.chunk`);
    const gone = path.join(uploads, `${"B".repeat(22)}.0.chunk`);
    const blobLeft = path.join(blobTmp, "crashed.tmp");
    for (const file of [orphanTmp, committed, gone, blobLeft]) fs.writeFileSync(file, "x");

    // Just written: a sweep now keeps the temporary files (they may be writes in progress).
    await sweepUploadLeftovers({ temporaryAgeMs: 60 * 60_000 });
    expect([orphanTmp, committed, blobLeft].every((f) => fs.existsSync(f))).toBe(true);
    // A task that is gone leaves nothing to keep.
    expect(fs.existsSync(gone)).toBe(false);
    expect(await claims()).toBe(1);

    // Two hours on, without sleeping: the present is given.
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    await sweepUploadLeftovers({ at: later, temporaryAgeMs: 60 * 60_000 });
    expect(fs.existsSync(orphanTmp)).toBe(false);
    expect(fs.existsSync(blobLeft)).toBe(false);
    expect(fs.existsSync(committed)).toBe(true);
    // The dead request's claim is given back: the chunk can be sent again.
    expect(await claims()).toBe(0);

    // A day on, the abandoned task goes with its chunks.
    await sweepUploadLeftovers({
      at: new Date(Date.now() + 25 * 60 * 60_000),
      temporaryAgeMs: 60 * 60_000,
    });
    expect(fs.existsSync(committed)).toBe(false);
    expect(await db().selectFrom("uploads").select("id").execute()).toHaveLength(0);
  });
});
