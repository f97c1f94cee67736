import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import {
  copyRevision,
  compareRevisions,
  CURRENT_REVISION_UNDELETABLE,
  deleteRevision,
  findRevision,
  listRevisions,
  REVISIONS_PER_PAGE,
  rollbackRevision,
  rollbackToRevision,
  SAME_REVISION_ROLLBACK,
  type AssetRef,
} from "~/models/asset/revision-history.server";
import {
  RevisionSourceMissing,
  WRITEBACK_JOB,
  writeRevision,
} from "~/models/asset/revision-write.server";
import { FIELD } from "~/models/metadata/metadata-fields";
import { Problem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { blobStore, LocalBlobStore, useBlobStore } from "~/storage/blob-store.server";
import { insertAsset } from "../helpers/assets";
import { fakeOperation, registerFake } from "../helpers/fake-operation";
import { createTestDatabase, dialectUnderTest, type TestDatabase } from "../helpers/database";

/*
 * Revisions on the dialect under test (decision 049): writeRevision itself (numbering,
 * renditions, the search document in the caller's transaction, write-back only for changed
 * metadata, concurrent writers), and the history built on it: list and paging, permissions,
 * rollback, rollback-to, delete and compare with its pixel difference.
 */

let testDb: TestDatabase;
let blobRoot: string;
let archive: Archive;
let hidden: Archive;
let owner: Viewer;
let viewerOnly: Viewer;
let rollbacker: Viewer;
let outsider: Viewer;
let red: string;
let redAgain: string;
let blue: string;

async function imageBlob(color: { r: number; g: number; b: number }, square?: boolean) {
  let image = sharp({ create: { width: 64, height: 48, channels: 3, background: color } });
  // A white square in one corner: a partial change, so the share is strictly between 0 and 1.
  if (square)
    image = sharp(
      await image
        .composite([
          {
            input: {
              create: {
                width: 16,
                height: 16,
                channels: 3,
                background: { r: 255, g: 255, b: 255 },
              },
            },
            left: 0,
            top: 0,
          },
        ])
        .png()
        .toBuffer(),
    );
  return (await blobStore().put(await image.jpeg({ quality: 95 }).toBuffer())).hash;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-revisions-"));
  useBlobStore(new LocalBlobStore(blobRoot));
  owner = await createUser({
    username: "rev-owner",
    password: "rev-owner-password-1",
    fullName: "Rita Owner",
  });
  viewerOnly = await createUser({ username: "rev-view", password: "rev-view-password-1" });
  rollbacker = await createUser({ username: "rev-roll", password: "rev-roll-password-1" });
  outsider = await createUser({ username: "rev-out", password: "rev-out-password-1" });
  archive = await createArchive({
    name: "Revisions",
    members: [
      {
        type: "user",
        id: owner.id,
        permissions: [
          "View",
          "Preview",
          "Download",
          "HistoryView",
          "HistoryRollback",
          "HistoryManage",
        ],
        autoSearch: "",
      },
      { type: "user", id: viewerOnly.id, permissions: ["View", "HistoryView"], autoSearch: "" },
      {
        type: "user",
        id: rollbacker.id,
        permissions: ["View", "HistoryView", "HistoryRollback"],
        autoSearch: "",
      },
      { type: "user", id: outsider.id, permissions: ["View"], autoSearch: "" },
    ],
  });
  hidden = await createArchive({ name: "Hidden revisions", members: [] });
  red = await imageBlob({ r: 200, g: 30, b: 30 });
  redAgain = await imageBlob({ r: 200, g: 30, b: 30 }, true);
  blue = await imageBlob({ r: 30, g: 30, b: 200 });
});

afterAll(async () => {
  useBlobStore(undefined);
  await testDb?.destroy();
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

let assetId: number;
let ref: AssetRef;

async function segmentsOf(id: number): Promise<AssetRef> {
  const row = await db()
    .selectFrom("assets")
    .select(["file_name", "archive_id"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const target = row.archive_id === archive.id ? archive : hidden;
  const archiveSegment = target.href.split("/").filter(Boolean).pop();
  return { archive: archiveSegment, asset: `${id}-${row.file_name}.info` };
}

async function edit(title: string, userId: number | null = owner.id) {
  return db()
    .transaction()
    .execute((trx) =>
      writeRevision(trx, assetId, { kind: "edit", userId, fields: { [FIELD.title]: title } }),
    );
}

async function setPreview(number: number, hash: string) {
  const revision = await db()
    .selectFrom("revisions")
    .select("id")
    .where("asset_id", "=", assetId)
    .where("number", "=", number)
    .executeTakeFirstOrThrow();
  await db()
    .updateTable("renditions")
    .set({ blob_hash: hash, width: 64, height: 48 })
    .where("revision_id", "=", revision.id)
    .where("kind", "=", "preview")
    .execute();
}

const writebackJobs = async () =>
  (await db().selectFrom("jobs").select("payload").where("type", "=", WRITEBACK_JOB).execute())
    .length;

beforeEach(async () => {
  await db().deleteFrom("assets").execute();
  await db().deleteFrom("jobs").execute();
  assetId = await insertAsset(archive, {
    fileName: "photo.jpg",
    title: "First",
    metadata: { [FIELD.title]: "First" },
  });
  // The helper leaves the first revision's metadata empty; an upload's carries the file's own.
  await db()
    .updateTable("revisions")
    .set({ metadata: JSON.stringify({ [FIELD.title]: "First" }) })
    .where("asset_id", "=", assetId)
    .execute();
  ref = await segmentsOf(assetId);
});

async function refusal(promise: Promise<unknown>): Promise<Problem> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("writeRevision", () => {
  test("numbers revisions one after another and shows the new one on the asset", async () => {
    const a = await edit("Second");
    const b = await edit("Third");
    expect([a.number, a.previous, b.number, b.previous]).toEqual([2, 1, 3, 2]);
    const asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect(asset.current_revision).toBe(3);
    expect(asset.title).toBe("Third");
    expect(asset.search_doc).toContain("third");
    expect(asset.search_doc).not.toContain("second");
  });

  test("copies the source's renditions to the new revision", async () => {
    const written = await edit("Second");
    const renditions = await db()
      .selectFrom("renditions")
      .selectAll()
      .where("revision_id", "=", written.revisionId)
      .execute();
    expect(renditions.map((r) => [r.kind, r.blob_hash])).toEqual([["preview", "b".repeat(64)]]);
  });

  test("changes nothing when the caller's transaction rolls back", async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await writeRevision(trx, assetId, {
            kind: "edit",
            userId: owner.id,
            fields: { [FIELD.title]: "Lost" },
          });
          throw new Error("caller gave up");
        }),
    ).rejects.toThrow("caller gave up");
    const asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect([asset.current_revision, asset.title]).toEqual([1, "First"]);
    expect(asset.search_doc).not.toContain("lost");
    expect(await writebackJobs()).toBe(0);
    const count = await db()
      .selectFrom("revisions")
      .select("id")
      .where("asset_id", "=", assetId)
      .execute();
    expect(count).toHaveLength(1);
  });

  test("queues write-back only when the metadata differs from the file's", async () => {
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, assetId, { kind: "rename", userId: owner.id, fileName: "renamed.jpg" }),
      );
    expect(await writebackJobs()).toBe(0);
    const written = await edit("Changed");
    expect(await writebackJobs()).toBe(1);
    const row = await db()
      .selectFrom("revisions")
      .selectAll()
      .where("id", "=", written.revisionId)
      .executeTakeFirstOrThrow();
    expect(row.writeback).toBe("pending");
  });

  test("a rollback takes the source's metadata, name and blob; differing metadata is written back", async () => {
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, assetId, { kind: "rename", userId: owner.id, fileName: "renamed.jpg" }),
      );
    await edit("Second");
    const jobsBefore = await writebackJobs();
    const back = await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, assetId, { kind: "rollback", userId: owner.id, fromNumber: 1 }),
      );
    const [source, made] = await Promise.all(
      [1, back.number].map((n) =>
        db()
          .selectFrom("revisions")
          .selectAll()
          .where("asset_id", "=", assetId)
          .where("number", "=", n)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect([made!.metadata, made!.file_name, made!.blob_hash]).toEqual([
      source!.metadata,
      source!.file_name,
      source!.blob_hash,
    ]);
    // Its metadata is its source file's own: nothing to write.
    expect(await writebackJobs()).toBe(jobsBefore);
    // A rollback of the file alone, keeping other metadata, must be written back.
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, assetId, {
          kind: "rollback",
          userId: owner.id,
          fromNumber: 1,
          fields: { [FIELD.title]: "Kept" },
        }),
      );
    expect(await writebackJobs()).toBe(jobsBefore + 1);
  });

  test("a new file sets the asset's size and placeholder; a rollback brings back the earlier file's", async () => {
    await db()
      .updateTable("revisions")
      .set({ width: 64, height: 48, placeholder: "data:before" })
      .where("asset_id", "=", assetId)
      .where("number", "=", 1)
      .execute();
    const file = {
      hash: blue,
      size: 10,
      mime: "image/jpeg",
      width: 48,
      height: 64,
      renditions: [],
      placeholder: "data:turned",
    };
    await db()
      .transaction()
      .execute((trx) => writeRevision(trx, assetId, { kind: "rotate", userId: null, file }));
    const size = () =>
      db()
        .selectFrom("assets")
        .select(["width", "height", "placeholder"])
        .where("id", "=", assetId)
        .executeTakeFirstOrThrow();
    expect(await size()).toEqual({ width: 48, height: 64, placeholder: "data:turned" });
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, assetId, { kind: "rollback", userId: null, fromNumber: 1 }),
      );
    expect(await size()).toEqual({ width: 64, height: 48, placeholder: "data:before" });
  });

  test("refuses a source revision the asset does not have", async () => {
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          writeRevision(trx, assetId, { kind: "rollback", userId: null, fromNumber: 9 }),
        ),
    ).rejects.toBeInstanceOf(RevisionSourceMissing);
  });

  test.runIf(dialectUnderTest() === "postgres")(
    "concurrent writers on PostgreSQL get distinct numbers",
    async () => {
      const written = await Promise.all(
        Array.from({ length: 6 }, (_, i) => edit(`Concurrent ${i}`)),
      );
      expect(new Set(written.map((w) => w.number)).size).toBe(6);
      expect(written.map((w) => w.number).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    },
  );
});

describe("the list", () => {
  test("newest first, with who, kind and the current one marked", async () => {
    await edit("Second");
    await edit("Third", viewerOnly.id);
    const list = await listRevisions(owner, ref);
    expect(list.data.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(list.data.map((r) => r.current)).toEqual([true, false, false]);
    expect(list.data[1]!.createdBy).toBe("Rita Owner");
    expect(list.data[0]!.kind).toBe("edit");
    expect(list.data[2]!.kind).toBe("upload");
    expect(list.data[0]!.download).toMatch(/^\/fotoweb\/files\/\d+\/original\//);
    expect(list.allowed).toEqual({ rollback: true, manage: true, duplicate: false });
  });

  test("pages with first, last, next and prev", async () => {
    for (let i = 0; i < REVISIONS_PER_PAGE + 3; i++) await edit(`Edit ${i}`);
    const first = await listRevisions(owner, ref);
    expect(first.total).toBe(REVISIONS_PER_PAGE + 4);
    expect(first.data).toHaveLength(REVISIONS_PER_PAGE);
    expect(first.paging.prev).toBeNull();
    expect(first.paging.next).toMatch(/__revisions\/\?p=1$/);
    expect(first.paging.last).toBe(first.paging.next);
    const second = await listRevisions(owner, ref, { page: "1" });
    expect(second.data.map((r) => r.number)).toEqual([4, 3, 2, 1]);
    // What rollback-to would delete, said before it does: every newer revision, on any page.
    expect(first.data.map((r) => r.later).slice(0, 3)).toEqual([0, 1, 2]);
    expect(second.data.map((r) => r.later)).toEqual([
      REVISIONS_PER_PAGE,
      REVISIONS_PER_PAGE + 1,
      REVISIONS_PER_PAGE + 2,
      REVISIONS_PER_PAGE + 3,
    ]);
    expect((await findRevision(owner, ref, "2")).later).toBe(REVISIONS_PER_PAGE + 2);
    expect(second.paging.next).toBeNull();
    expect(second.paging.prev).toMatch(/__revisions\/$/);
    // Past the end and nonsense are a page that exists.
    expect((await listRevisions(owner, ref, { page: "999" })).page).toBe(1);
    expect((await listRevisions(owner, ref, { page: "-1<script>" })).page).toBe(0);
  });

  test("needs HistoryView; an invisible asset is refused exactly as a missing one", async () => {
    expect((await refusal(listRevisions(outsider, ref))).kind).toBe("forbidden");
    const other = await insertAsset(hidden, { fileName: "secret.jpg" });
    const invisible = await refusal(listRevisions(owner, await segmentsOf(other)));
    const missing = await refusal(
      listRevisions(owner, { archive: ref.archive, asset: "999999-nothing.jpg.info" }),
    );
    expect([invisible.kind, invisible.message]).toEqual([missing.kind, missing.message]);
    expect(invisible.kind).toBe("not-found");
    const hostile = await refusal(
      listRevisions(owner, { archive: ref.archive, asset: "../../etc/passwd" }),
    );
    expect(hostile.message).toBe(missing.message);
  });

  test("one revision by number; others are not found", async () => {
    await edit("Second");
    expect((await findRevision(viewerOnly, ref, "1")).number).toBe(1);
    for (const bad of ["3", "0", "abc", "1e3", ""])
      expect((await refusal(findRevision(viewerOnly, ref, bad))).kind).toBe("not-found");
  });
});

describe("rollback", () => {
  test("makes a new revision equal to the chosen one, and the asset shows it", async () => {
    await edit("Second");
    const done = await rollbackRevision(rollbacker, ref, "1", "full");
    expect(done.number).toBe(3);
    const asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect([asset.current_revision, asset.title]).toEqual([3, "First"]);
    const list = await listRevisions(owner, ref);
    expect(list.data.map((r) => [r.number, r.kind])).toEqual([
      [3, "rollback"],
      [2, "edit"],
      [1, "upload"],
    ]);
  });

  test("five simultaneous rollbacks to one revision make one revision; the others are told it is current", async () => {
    await edit("Second");
    const outcomes = await Promise.allSettled(
      [1, 2, 3, 4, 5].map(() => rollbackRevision(rollbacker, ref, "1", "full")),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === "rejected")
        expect(o.reason).toMatchObject({ kind: "conflict", message: SAME_REVISION_ROLLBACK });
    const list = await listRevisions(owner, ref);
    expect(list.data.map((r) => [r.number, r.kind])).toEqual([
      [3, "rollback"],
      [2, "edit"],
      [1, "upload"],
    ]);
    // Once more, alone: the current revision already is revision 1's content.
    expect(await refusal(rollbackRevision(rollbacker, ref, "1", "full"))).toMatchObject({
      kind: "conflict",
      message: SAME_REVISION_ROLLBACK,
    });
    // Metadata only, to the revision whose metadata is current: the same answer.
    expect(await refusal(rollbackRevision(rollbacker, ref, "1", "metadata"))).toMatchObject({
      kind: "conflict",
    });
  });

  test("metadata only keeps the current file name; file only keeps the current metadata", async () => {
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, assetId, {
          kind: "edit",
          userId: owner.id,
          fileName: "new.jpg",
          fields: { [FIELD.title]: "New" },
        }),
      );
    await rollbackRevision(owner, ref, "1", "metadata");
    let asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect([asset.title, asset.file_name]).toEqual(["First", "new.jpg"]);
    await edit("Newer");
    await rollbackRevision(owner, ref, "1", "file");
    asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect([asset.title, asset.file_name]).toEqual(["Newer", "photo.jpg"]);
  });

  test("refuses without HistoryRollback, a bad rollbackType, and the current revision", async () => {
    await edit("Second");
    expect((await refusal(rollbackRevision(viewerOnly, ref, "1", "full"))).kind).toBe("forbidden");
    expect((await refusal(rollbackRevision(owner, ref, "1", "everything"))).kind).toBe("invalid");
    expect((await refusal(rollbackRevision(owner, ref, "2", "full"))).kind).toBe("conflict");
    expect((await refusal(rollbackRevision(owner, ref, "7", "full"))).kind).toBe("not-found");
    const asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect(asset.current_revision).toBe(2);
  });
});

describe("rollback-to", () => {
  test("returns to the chosen revision and deletes the later ones with their renditions", async () => {
    await edit("Second");
    await edit("Third");
    const later = await db()
      .selectFrom("revisions")
      .select("id")
      .where("asset_id", "=", assetId)
      .where("number", ">", 1)
      .execute();
    const done = await rollbackToRevision(owner, ref, "1", undefined);
    expect(done).toEqual({ number: 1, deleted: 2 });
    const list = await listRevisions(owner, ref);
    expect(list.data.map((r) => [r.number, r.current])).toEqual([[1, true]]);
    const asset = await db()
      .selectFrom("assets")
      .selectAll()
      .where("id", "=", assetId)
      .executeTakeFirstOrThrow();
    expect([asset.title, asset.search_doc.includes("third")]).toEqual(["First", false]);
    const orphans = await db()
      .selectFrom("renditions")
      .select("revision_id")
      .where(
        "revision_id",
        "in",
        later.map((r) => r.id),
      )
      .execute();
    expect(orphans).toEqual([]);
  });

  test("needs HistoryManage too, and only the whole revision", async () => {
    await edit("Second");
    expect((await refusal(rollbackToRevision(rollbacker, ref, "1", "full"))).kind).toBe(
      "forbidden",
    );
    expect((await refusal(rollbackToRevision(owner, ref, "1", "metadata"))).kind).toBe("invalid");
    expect((await listRevisions(owner, ref)).total).toBe(2);
  });
});

describe("delete", () => {
  test("deletes an earlier revision; never the current one", async () => {
    await edit("Second");
    await edit("Third");
    expect(await deleteRevision(owner, ref, "2")).toEqual({ number: 2 });
    expect((await listRevisions(owner, ref)).data.map((r) => r.number)).toEqual([3, 1]);
    const current = await refusal(deleteRevision(owner, ref, "3"));
    expect([current.kind, current.message]).toEqual(["conflict", CURRENT_REVISION_UNDELETABLE]);
    expect((await refusal(deleteRevision(rollbacker, ref, "1"))).kind).toBe("forbidden");
    expect((await refusal(deleteRevision(owner, ref, "2"))).kind).toBe("not-found");
    expect((await listRevisions(owner, ref)).total).toBe(2);
  });
});

describe("compare", () => {
  test("fields side by side, changed ones marked", async () => {
    await db()
      .transaction()
      .execute((trx) =>
        writeRevision(trx, assetId, {
          kind: "edit",
          userId: owner.id,
          fields: { [FIELD.title]: "First", [FIELD.keywords]: ["a", "b"] },
        }),
      );
    const result = await compareRevisions(viewerOnly, ref, "1", "2");
    const byLabel = new Map(result.fields.map((f) => [f.label, f]));
    expect(byLabel.get("Title")).toMatchObject({
      left: ["First"],
      right: ["First"],
      changed: false,
    });
    expect(byLabel.get("Keywords")).toMatchObject({ left: [], right: ["a", "b"], changed: true });
    expect(byLabel.get("File name")?.changed).toBe(false);
    // No Preview permission: no pictures.
    expect(result.visual).toBeNull();
  });

  test("the pixel difference is 0 for the same picture and above 0 for a changed one", async () => {
    await setPreview(1, red);
    await edit("Second");
    let same = await compareRevisions(owner, ref, "1", "2");
    expect(same.visual?.changedPixels).toBe(0);
    expect(same.visual?.difference).toMatch(/^data:image\/png;base64,/);
    const third = await edit("Third");
    await setPreview(third.number, redAgain);
    const partial = await compareRevisions(owner, ref, "2", "3");
    expect(partial.visual!.changedShare).toBeGreaterThan(0);
    expect(partial.visual!.changedShare).toBeLessThan(0.5);
    const fourth = await edit("Fourth");
    await setPreview(fourth.number, blue);
    const all = await compareRevisions(owner, ref, "1", "4");
    expect(all.visual!.changedShare).toBeGreaterThan(0.95);
    same = await compareRevisions(owner, ref, "2", "2");
    expect(same.visual?.changedShare).toBe(0);
  });

  test("bad input is refused", async () => {
    expect((await refusal(compareRevisions(owner, ref, "1", undefined))).kind).toBe("invalid");
    expect((await refusal(compareRevisions(owner, ref, "1", "<img>"))).kind).toBe("invalid");
    expect((await refusal(compareRevisions(owner, ref, "1", "9"))).kind).toBe("not-found");
    expect((await refusal(compareRevisions(outsider, ref, "1", "1"))).kind).toBe("forbidden");
  });
});

describe("copy revision", () => {
  test("starts a duplicate task naming the revision; a missing revision starts nothing", async () => {
    // The duplicate operation is file-ops' own; a stand-in with its name checks what is asked.
    const restore = registerFake("duplicate", { ...fakeOperation(), permission: "HistoryView" });
    try {
      await edit("Second");
      const { jobId, number } = await copyRevision(owner, ref, "1");
      expect(number).toBe(1);
      const items = await db()
        .selectFrom("task_items")
        .selectAll()
        .where("job_id", "=", jobId)
        .execute();
      expect(items.map((i) => [i.asset_id, i.status, JSON.parse(i.params ?? "null")])).toEqual([
        [assetId, "pending", { revision: 1 }],
      ]);
      expect((await refusal(copyRevision(owner, ref, "9"))).kind).toBe("not-found");
      expect((await refusal(copyRevision(outsider, ref, "1"))).kind).toBe("forbidden");
    } finally {
      restore();
    }
  });
});
