import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobHandlers } from "~/jobs/handlers.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import type { MetadataMacro } from "~/models/archive/archive.schema";
import { createArchive } from "~/models/archive/archive.server";
import { findAsset } from "~/models/asset/asset.server";
import { applyMacros } from "~/models/ingest/ingest.server";
import { importFolder, waitForIngest } from "~/models/upload/import.server";
import { register, storeFile } from "~/models/upload/upload.server";
import { resetEnvCache } from "~/utils/env.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * Metadata macros by ingestion type (decision 043): each operation, the bit mask, and which way
 * in runs which macros (uploads the upload ones, the import command the copy ones).
 */

const macro = (
  Field: number,
  Operation: 0 | 1 | 2,
  Value: string,
  IngestionTypes: number,
): MetadataMacro => ({ Field, Operation, Value, IngestionTypes });

describe("applyMacros", () => {
  test("append, prepend and replace, on a single field and on a bag", () => {
    const fields = { 5: "Title", 25: ["one"], 120: "Caption" };
    const out = applyMacros(
      { ...fields, 25: [...fields[25]] },
      [
        macro(5, 0, " (archived)", 1),
        macro(120, 1, "Note: ", 1),
        macro(25, 0, "last", 1),
        macro(25, 1, "first", 1),
        macro(116, 2, "© Us", 1),
      ],
      "upload",
    );
    expect(out).toEqual({
      5: "Title (archived)",
      120: "Note: Caption",
      25: ["first", "one", "last"],
      116: "© Us",
    });
    expect(applyMacros({ 5: "Old" }, [macro(5, 2, "New", 1)], "upload")).toEqual({ 5: "New" });
  });

  test("the mask: upload 1, move 2, copy 4, and combinations", () => {
    const macros = [
      macro(5, 2, "upload", 1),
      macro(80, 2, "move", 2),
      macro(116, 2, "copy", 4),
      macro(120, 2, "all", 7),
      macro(110, 2, "none", 0),
    ];
    expect(applyMacros({}, macros, "upload")).toEqual({ 5: "upload", 120: "all" });
    expect(applyMacros({}, macros, "move")).toEqual({ 80: "move", 120: "all" });
    expect(applyMacros({}, macros, "copy")).toEqual({ 116: "copy", 120: "all" });
  });
});

describe("which way in runs which macros", () => {
  let testDb: TestDatabase;
  let worker: Worker;
  let dataDir: string;
  const macros = [
    macro(5, 2, "By upload", 1),
    macro(116, 2, "By copy", 4),
    macro(25, 0, "moved", 2),
  ];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-macros-"));
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    testDb = await createTestDatabase();
    worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
    await testDb?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const photo = (seed: number) =>
    sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 80, b: 120 } },
    })
      .jpeg()
      .toBuffer();

  async function fieldsOf(assetId: number) {
    return JSON.parse((await findAsset(assetId))!.metadata) as Record<string, unknown>;
  }

  test("an upload runs the upload macros; the import command runs the copy macros", async () => {
    const archive = await createArchive({
      name: "Macro ways",
      config: { MetadataMacros: { Macros: macros } },
    });
    const folder = path.join(dataDir, "incoming");
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, "uploaded.jpg"), await photo(10));
    const { blob, type } = await storeFile(path.join(folder, "uploaded.jpg"), "uploaded.jpg");
    const uploaded = await register(null, { archive }, "uploaded.jpg", blob, type);

    const imports = path.join(dataDir, "imports");
    fs.mkdirSync(imports);
    fs.writeFileSync(path.join(imports, "imported.jpg"), await photo(200));
    const outcome = await importFolder(imports, archive);
    expect(outcome.imported).toHaveLength(1);
    // The uploaded asset is waited for the same way as the imported one.
    await waitForIngest({
      ...outcome,
      imported: [...outcome.imported, { file: "uploaded.jpg", assetId: uploaded.assetId }],
    });
    const byUpload = await fieldsOf(uploaded.assetId);
    expect(byUpload["5"]).toBe("By upload");
    expect(byUpload["116"]).toBeUndefined();
    expect(byUpload["25"]).toBeUndefined();
    const byImport = await fieldsOf(outcome.imported[0]!.assetId);
    expect(byImport["116"]).toBe("By copy");
    expect(byImport["5"]).toBeUndefined();
    expect(byImport["25"]).toBeUndefined();
  });
});
