import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { endMetadataWriter } from "~/media/metadata-write.server";
import { jobHandlers } from "~/jobs/handlers.server";
import { enqueue } from "~/jobs/queue.server";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { findAsset, INGEST_JOB, renditionsOf } from "~/models/asset/asset.server";
import { register, storeFile } from "~/models/upload/upload.server";
import { blobStore } from "~/storage/blob-store.server";
import { generateDemoPhotos } from "~/models/demo/demo-photos.server";
import { resetEnvCache } from "~/utils/env.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { finishedJob } from "../helpers/jobs";

/*
 * The ingest job on the dialect under test, through the queue and a worker: metadata into the
 * numeric fields, upload metadata and the archive's macros over it, renditions (the archive's
 * watermark is put on as they are served, decision 040), generic icons for what cannot be
 * previewed, new revisions, and broken files that fail their own asset while the queue moves on.
 */

let testDb: TestDatabase;
let worker: Worker;
let dataDir: string;
let files: string;
let archive: Archive;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-ingest-"));
  files = path.join(dataDir, "incoming");
  fs.mkdirSync(files);
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  testDb = await createTestDatabase();
  worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
  archive = await createArchive({ name: "Fjords" });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await endMetadataWriter(); // exiftool wrote the demo photographs' IPTC
  await testDb?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function write(name: string, data: Buffer | string) {
  const file = path.join(files, name);
  fs.writeFileSync(file, data);
  return file;
}

async function upload(
  file: string,
  target: Parameters<typeof register>[1] = { archive },
  extra: Parameters<typeof register>[5] = {},
) {
  const name = path.basename(file);
  const { blob, type } = await storeFile(file, name);
  return register(null, target, name, blob, type, extra);
}

/** A blob's bytes, read through the store's own path. */
const bytesOf = (hash: string) =>
  blobStore().withLocalFile(hash, (file) => fs.promises.readFile(file));

const photo = (w: number, h: number, colour = { r: 20, g: 90, b: 160 }) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } });

describe("photographs", () => {
  test("metadata, dates, dimensions, colour space, renditions and a placeholder", async () => {
    const { value: demo } = await generateDemoPhotos({ count: 1 }).next();
    const file = write(demo!.fileName, demo!.data);
    const { assetId, revisionId, jobId } = await upload(file);
    expect((await findAsset(assetId))!.state).toBe("processing");
    const job = await finishedJob(jobId);
    expect(job.status).toBe("done");
    expect(job.progress).toBe(100);
    const asset = (await findAsset(assetId))!;
    expect(asset.state).toBe("ready");
    expect(asset.doc_type).toBe("image");
    expect(asset.title).toBe(demo!.expected.title);
    expect(JSON.parse(asset.tags)).toEqual(demo!.expected.keywords);
    const fields = JSON.parse(asset.metadata) as Record<string, unknown>;
    expect(fields["80"]).toEqual([demo!.expected.byline]);
    expect(fields["90"]).toBe(demo!.expected.city);
    expect(asset.camera_date).toBe(new Date(demo!.expected.cameraDate).toISOString());
    expect(asset.width).toBe(demo!.expected.width);
    expect(asset.height).toBe(demo!.expected.height);
    expect(asset.color_space).toBe(demo!.expected.colorSpace);
    expect(asset.file_size).toBe(demo!.data.length);
    expect(asset.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);

    const renditions = await renditionsOf(revisionId);
    expect(renditions.map((r) => r.kind).sort()).toEqual([
      "preview",
      "thumbnail",
      "thumbnailRetina",
    ]);
    for (const r of renditions) {
      expect(await blobStore().has(r.blob_hash)).toBe(true);
      const meta = await sharp(await bytesOf(r.blob_hash)).metadata();
      expect(meta.format).toBe("jpeg");
      expect(Math.max(meta.width!, meta.height!)).toBe(
        { preview: 1600, thumbnail: 200, thumbnailRetina: 400 }[r.kind],
      );
    }
  }, 60_000);

  test("the resolution the file states is kept, and none where it states none", async () => {
    const stated = await photo(300, 200).jpeg().withMetadata({ density: 300 }).toBuffer();
    const plain = await photo(300, 200).png().toBuffer();
    const a = await upload(write("dense.jpg", stated));
    const b = await upload(write("plain.png", plain));
    await finishedJob(a.jobId);
    await finishedJob(b.jobId);
    expect((await findAsset(a.assetId))!.resolution).toBe(300);
    expect((await findAsset(b.assetId))!.resolution).toBeNull();
  });

  test("EXIF rotation is applied: a portrait shot stored sideways is shown upright", async () => {
    const data = await photo(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { assetId, revisionId, jobId } = await upload(write("sideways.jpg", data));
    await finishedJob(jobId);
    const asset = (await findAsset(assetId))!;
    expect([asset.width, asset.height, asset.orientation]).toEqual([400, 600, 6]);
    const preview = (await renditionsOf(revisionId)).find((r) => r.kind === "preview")!;
    expect([preview.width, preview.height]).toEqual([400, 600]);
  });

  test("upload metadata and the archive's upload macros are applied over the file's own", async () => {
    const macroArchive = await createArchive({
      name: "With macros",
      config: {
        MetadataMacros: {
          Macros: [
            { Field: 25, Operation: 0, Value: "archived", IngestionTypes: 1 },
            { Field: 116, Operation: 2, Value: "© Fjords Ltd", IngestionTypes: 1 },
            // Not for uploads (move only): never applied here.
            { Field: 5, Operation: 2, Value: "moved", IngestionTypes: 2 },
          ],
        },
      },
    });
    const data = await photo(300, 200)
      .jpeg()
      .withExif({ IFD0: { ImageDescription: "From the camera", Copyright: "© Someone" } })
      .toBuffer();
    const { assetId, jobId } = await upload(
      write("macro.jpg", data),
      { archive: macroArchive },
      {
        fields: [
          { id: 5, action: "add", value: "Given title" },
          { id: 25, action: "add", value: ["given"] },
        ],
      },
    );
    await finishedJob(jobId);
    const asset = (await findAsset(assetId))!;
    const fields = JSON.parse(asset.metadata) as Record<string, unknown>;
    expect(asset.title).toBe("Given title");
    expect(fields["25"]).toEqual(["given", "archived"]);
    expect(fields["116"]).toBe("© Fjords Ltd");
    expect(fields["120"]).toBe("From the camera");
  });
});

describe("the archive's watermark", () => {
  test("is not baked into the stored preview: it is put on as the preview is served", async () => {
    const marked = await createArchive({
      name: "Marked",
      config: {
        WatermarkSettings: {
          WatermarkFilename: "red.png",
          WatermarkAlignment: 0,
          ScaleToFit: false,
        },
      },
    });
    const data = await photo(800, 600, { r: 0, g: 0, b: 255 }).jpeg().toBuffer();
    const { revisionId, jobId } = await upload(write("marked.jpg", data), { archive: marked });
    await finishedJob(jobId);
    const renditions = await renditionsOf(revisionId);
    const preview = renditions.find((x) => x.kind === "preview")!;
    const { data: px, info } = await sharp(await bytesOf(preview.blob_hash))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Top-left, where alignment 0 puts the mark: the photo's blue (decision 040).
    const at = (40 * info.width + 40) * info.channels;
    expect(px[at]!).toBeLessThan(60);
    expect(px[at + 2]!).toBeGreaterThan(200);
  });
});

describe("what cannot be previewed", () => {
  test("documents, audio and video get generic icons and are ready", async () => {
    const pdf = write("report.pdf", "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const mp3 = write(
      "song.mp3",
      Buffer.concat([
        Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000"),
        Buffer.alloc(2000, 0xff),
      ]),
    );
    for (const [file, docType] of [
      [pdf, "document"],
      [mp3, "audio"],
    ] as const) {
      const { assetId, revisionId, jobId } = await upload(file);
      expect((await finishedJob(jobId)).status).toBe("done");
      const asset = (await findAsset(assetId))!;
      expect(asset.state).toBe("ready");
      expect(asset.doc_type).toBe(docType);
      expect(asset.placeholder).toBeNull();
      const renditions = await renditionsOf(revisionId);
      expect(renditions).toHaveLength(3);
      expect(renditions.find((r) => r.kind === "thumbnail")).toMatchObject({
        width: 200,
        height: 200,
      });
    }
  });
});

describe("broken files", () => {
  test("a truncated JPEG fails its asset with a reason at once, and the next file goes on", async () => {
    const whole = await photo(1200, 900).jpeg().toBuffer();
    const broken = await upload(write("cut.jpg", whole.subarray(0, Math.floor(whole.length / 2))));
    const fine = await upload(write("fine.jpg", await photo(300, 300).jpeg().toBuffer()));
    const job = await finishedJob(broken.jobId);
    expect(job.status).toBe("failed");
    expect(job.attempts).toBe(1);
    const asset = (await findAsset(broken.assetId))!;
    expect(asset.state).toBe("failed");
    expect(asset.failure).toMatch(/damaged or incomplete/);
    expect(await renditionsOf(broken.revisionId)).toEqual([]);
    expect((await finishedJob(fine.jobId)).status).toBe("done");
    expect((await findAsset(fine.assetId))!.state).toBe("ready");
  });
});

describe("revisions", () => {
  test("a new revision replaces what the asset shows once ingested, and keeps the old one", async () => {
    const first = await upload(write("rev.jpg", await photo(400, 300).jpeg().toBuffer()));
    await finishedJob(first.jobId);
    const second = await upload(
      write("rev-2.jpg", await photo(500, 500, { r: 200, g: 30, b: 30 }).jpeg().toBuffer()),
      { archive, assetId: first.assetId },
      { comment: "Square crop" },
    );
    expect(second.assetId).toBe(first.assetId);
    let asset = (await findAsset(first.assetId))!;
    // Until the new revision is ingested, the asset shows the first.
    expect(asset.state).toBe("ready");
    await finishedJob(second.jobId);
    asset = (await findAsset(first.assetId))!;
    expect(asset.current_revision).toBe(2);
    expect([asset.width, asset.height]).toEqual([500, 500]);
    const revisions = await db()
      .selectFrom("revisions")
      .select(["number", "comment"])
      .where("asset_id", "=", first.assetId)
      .orderBy("number")
      .execute();
    expect(revisions).toEqual([
      { number: 1, comment: "" },
      { number: 2, comment: "Square crop" },
    ]);
    expect(await renditionsOf(first.revisionId)).toHaveLength(3);
    expect(await renditionsOf(second.revisionId)).toHaveLength(3);
  });

  test("revisions added at the same moment get consecutive numbers", async () => {
    const first = await upload(write("busy.jpg", await photo(100, 100).jpeg().toBuffer()));
    await finishedJob(first.jobId);
    const files = await Promise.all(
      [1, 2, 3].map(async (n) =>
        write(
          `busy-${n}.jpg`,
          await photo(100 + n, 100, { r: n * 40, g: 0, b: 0 })
            .jpeg()
            .toBuffer(),
        ),
      ),
    );
    const added = await Promise.all(
      files.map((f) => upload(f, { archive, assetId: first.assetId })),
    );
    await Promise.all(added.map((a) => finishedJob(a.jobId)));
    const numbers = await db()
      .selectFrom("revisions")
      .select("number")
      .where("asset_id", "=", first.assetId)
      .orderBy("number")
      .execute();
    expect(numbers.map((r) => r.number)).toEqual([1, 2, 3, 4]);
  });

  test("a broken later revision leaves the asset showing the one before", async () => {
    const first = await upload(write("keep.jpg", await photo(320, 240).jpeg().toBuffer()));
    await finishedJob(first.jobId);
    const whole = await photo(900, 900).jpeg().toBuffer();
    const bad = await upload(write("keep-2.jpg", whole.subarray(0, 400)), {
      archive,
      assetId: first.assetId,
    });
    expect((await finishedJob(bad.jobId)).status).toBe("failed");
    const asset = (await findAsset(first.assetId))!;
    expect(asset.state).toBe("ready");
    expect(asset.current_revision).toBe(1);
    expect([asset.width, asset.height]).toEqual([320, 240]);
  });
});

describe("a worker that vanished", () => {
  test("on the last attempt fails the asset with a reason instead of leaving it processing", async () => {
    const data = await photo(200, 200).jpeg().toBuffer();
    const name = "vanished.jpg";
    const { blob, type } = await storeFile(write(name, data), name);
    // Queued with the main worker stopped, then claimed by a "worker" that never finishes.
    await worker.stop();
    const { assetId, jobId } = await register(null, { archive }, name, blob, type);
    await db()
      .updateTable("jobs")
      .set({
        status: "inProgress",
        attempts: 3,
        max_attempts: 3,
        lease_owner: "crashed",
        lease_expires_at: new Date(Date.now() - 1000).toISOString(),
      })
      .where("id", "=", jobId)
      .execute();
    worker = startWorker({ handlers: jobHandlers, concurrency: 2, pollMs: 20 });
    const job = await finishedJob(jobId);
    expect(job.status).toBe("failed");
    // The asset is failed just after the job, by the claimer that found it abandoned.
    await expect.poll(async () => (await findAsset(assetId))!.state).toBe("failed");
    const asset = (await findAsset(assetId))!;
    expect(asset.failure).toMatch(/Processing stopped before it finished/);
  });
});

describe("a malformed payload", () => {
  test.each([
    ["a revision id as text", { revisionId: "12" }, /revisionId: Expected number, received string/],
    ["no revision id", { fields: [] }, /revisionId: Required/],
    ["not an object", "12", /payload: Expected object, received string/],
    [
      "a field change of the wrong shape",
      { revisionId: 1, fields: [{ id: "title", value: 5 }] },
      /fields\.0\.id: Expected number/,
    ],
  ])("(%s) fails its job at once, saying what is wrong", async (_, payload, reason) => {
    const job = await enqueue(INGEST_JOB, payload, { maxAttempts: 3 });
    const done = await finishedJob(job.id);
    expect(done.status).toBe("failed");
    // Permanent: one attempt, no retry scheduled.
    expect(done.attempts).toBe(1);
    expect(done.error).toMatch(/^The ingest job's payload is not valid \(/);
    expect(done.error).toMatch(reason);
  });
});
