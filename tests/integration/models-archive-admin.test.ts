import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createArchive } from "~/models/archive/archive.server";
import {
  archiveRecord,
  changedSince,
  memberCandidates,
  saveArchive,
} from "~/models/archive/archive-admin.server";
import { isProblem } from "~/models/problem/problem";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { resetEnvCache } from "~/utils/env.server";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/database";

/*
 * saveArchive beyond what HTTP shows (decision 038): the archive limit, the pathChanged flag
 * path archives hook their scan on, the conflict's words, and the manager-only gate.
 */

let testDb: TestDatabase;
let owner: Viewer;
let plain: Viewer;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-model-roots-"));
  fs.mkdirSync(path.join(root, "a"));
  fs.mkdirSync(path.join(root, "b"));
  process.env.ARCHIVE_ROOTS = root;
  resetEnvCache();
  testDb = await createTestDatabase();
  owner = (await findUserByUsername(TEST_ADMIN.username))!;
  plain = await createUser({ username: "plain", password: "plain-password-1" });
});

afterAll(async () => {
  delete process.env.ARCHIVE_ROOTS;
  delete process.env.MAX_ARCHIVES;
  resetEnvCache();
  await testDb?.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("saveArchive", () => {
  test("too_many_archives once MAX_ARCHIVES are there; updates still pass", async () => {
    const existing = await createArchive({ name: "Limit one" });
    const count = (await import("~/models/archive/archive.server")).countArchives;
    process.env.MAX_ARCHIVES = String(await count());
    resetEnvCache();
    try {
      const refused = await saveArchive(owner, null, { Name: "One too many" });
      expect(refused).toMatchObject({ ok: false, status: 400 });
      if (refused?.ok !== false) throw new Error("expected a refusal");
      expect(refused.errors.map((e) => [e.code, e.path])).toEqual([["too_many_archives", ""]]);
      const record = (await archiveRecord(owner, existing.id))!;
      const update = await saveArchive(owner, existing.id, { ...record, Description: "still" });
      expect(update?.ok).toBe(true);
    } finally {
      delete process.env.MAX_ARCHIVES;
      resetEnvCache();
    }
  });

  test("pathChanged says when the indexed folder changed, for the scan to follow", async () => {
    const made = await saveArchive(owner, null, { Name: "Folder", Path: path.join(root, "a") });
    if (!made?.ok) throw new Error(JSON.stringify(made));
    expect(made.pathChanged).toBe(true);
    const same = await saveArchive(owner, made.archive.Id, { ...made.archive, Description: "x" });
    expect(same?.ok && same.pathChanged).toBe(false);
    const moved = await saveArchive(owner, made.archive.Id, {
      ...made.archive,
      Revision: made.archive.Revision + 1,
      Path: path.join(root, "b"),
    });
    expect(moved?.ok && moved.pathChanged).toBe(true);
    const pooled = await saveArchive(owner, null, { Name: "Pooled" });
    expect(pooled?.ok && pooled.pathChanged).toBe(false);
  });

  test("an unknown archive is null; someone without manageArchives is refused as not found", async () => {
    expect(await saveArchive(owner, 987654, { Name: "Nowhere" })).toBeNull();
    const refusal = await saveArchive(plain, null, { Name: "Mine" }).catch((e: unknown) => e);
    expect(isProblem(refusal) && refusal.kind).toBe("not-found");
    const search = await memberCandidates(plain, "a").catch((e: unknown) => e);
    expect(isProblem(search) && search.kind).toBe("not-found");
  });

  test("changedSince names what differs from the base, in words", async () => {
    const made = await saveArchive(owner, null, { Name: "Words" });
    if (!made?.ok) throw new Error("not saved");
    const base = made.archive;
    const current = { ...base, Name: "Words 2", IsHidden: true, AutoSearch: "5:x", Revision: 9 };
    expect(changedSince(base, current)).toEqual([
      'name is now "Words 2"',
      "enabled is now false",
      'AutoSearch is now "5:x"',
    ]);
    expect(changedSince(undefined, current)).toEqual([]);
    expect(changedSince(base, base)).toEqual([]);
  });
});
