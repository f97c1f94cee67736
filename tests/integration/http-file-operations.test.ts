import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { getJob } from "~/jobs/queue.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import type { ArchivePermission } from "~/models/archive/archive.schema";
import { assetHref } from "~/models/asset/asset.server";
import { runTask } from "~/models/background-task/task-engine.server";
import { createUser } from "~/models/user/user.server";
import type { Viewer } from "~/models/user/user.schema";
import { blobStore } from "~/storage/blob-store.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The file operations through POST /fotoweb/me/background-tasks/ (decision 048): each request
 * type answers 201 with a location, the task runs (here, as the worker would), and the task's
 * status names each asset's result as the reference has it; undo through the same call.
 */

let server: TestServer;
let client: Client;
let editor: Viewer;
let source: Archive;
let target: Archive;

const PASSWORD = "http-file-ops-password";
const ALL: ArchivePermission[] = [
  "View",
  "Preview",
  "Rename",
  "DuplicateFile",
  "Delete",
  "CropRotate",
  "CopyFrom",
  "MoveFrom",
  "CopyTo",
  "MoveTo",
];

beforeAll(async () => {
  server = await startTestServer();
  editor = await createUser({ username: "http-file-ops", password: PASSWORD });
  const members = [{ type: "user" as const, id: editor.id, permissions: ALL, autoSearch: "" }];
  source = await createArchive({ name: "Http ops source", members });
  target = await createArchive({ name: "Http ops target", members });
  client = new Client(server.url);
  await client.signIn("http-file-ops", PASSWORD);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

let counter = 0;
async function asset(fileName = `http-${++counter}.jpg`) {
  const id = await insertAsset(source, { fileName });
  return { id, href: assetHref(source.id, source.name, { id, fileName }) };
}

interface Created {
  location: string;
  status: string;
}
interface Status {
  job: { status: string; result: Record<string, unknown>[] };
}

/** Posts a task, runs it as the worker would, and answers its status as the API shows it. */
async function run(type: string, body: unknown) {
  const response = await client.request("/fotoweb/me/background-tasks/", {
    method: "POST",
    headers: {
      "content-type":
        type === "undo" ? "application/json" : `application/vnd.fotoware.${type}-request+json`,
      accept: "application/json",
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  const created = await readApiJson<Created>(response, { method: "POST" });
  expect(response.headers.get("location")).toBe(created.location);
  const jobId = Number(created.location.split("/").filter(Boolean).at(-1));
  await runTask((await getJob(jobId))!, {
    progress: async () => {},
    signal: new AbortController().signal,
  });
  await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
  const status = await client.getJson(
    created.location,
    "application/vnd.fotoware.task-status+json",
  );
  expect(status.status).toBe(200);
  return { jobId, status: await readApiJson<Status>(status) };
}

const row = (id: number) =>
  db().selectFrom("assets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("file operations through the API", () => {
  test("rename: job-filename per asset, forbidden characters refused per asset; undo", async () => {
    const a = await asset("pier.jpg");
    const b = await asset("dock.jpg");
    const { jobId, status } = await run("rename", {
      assets: [
        { href: a.href, "job-filename": "Harbour" },
        { href: b.href, "job-filename": "<script>.jpg" },
      ],
    });
    expect(status.job.result[0]).toMatchObject({
      href: a.href,
      done: true,
      "result-filename": "Harbour.jpg",
      "result-href": assetHref(source.id, source.name, { id: a.id, fileName: "Harbour.jpg" }),
    });
    expect(status.job.result[1]).toMatchObject({ done: false });
    expect(String(status.job.result[1]!.error)).toContain('* | " : ? < >');
    expect((await row(b.id)).file_name).toBe("dock.jpg");
    await run("undo", { type: "undo", jobId });
    expect((await row(a.id)).file_name).toBe("pier.jpg");
  });

  test("duplicate and copy revision: the duplicate's href", async () => {
    const a = await asset("bridge.jpg");
    const { status } = await run("duplicate", { assets: [{ href: a.href, revision: 1 }] });
    const result = status.job.result[0]!;
    expect(result).toMatchObject({ done: true, "result-filename": "bridge (copy).jpg" });
    const madeId = Number(/\/(\d+)-[^/]*\.info$/.exec(String(result["result-href"]))![1]);
    expect((await row(madeId)).archive_id).toBe(source.id);
  });

  test("copy and move: job-destination with a folder", async () => {
    const a = await asset("boat.jpg");
    const b = await asset("net.jpg");
    const destination = `${target.href}Landed/`;
    const copied = await run("copy", {
      assets: [{ href: a.href }],
      "job-destination": destination,
    });
    expect(copied.status.job.result[0]).toMatchObject({
      done: true,
      "result-filename": "boat.jpg",
    });
    const moved = await run("move", { assets: [{ href: b.href }], "job-destination": destination });
    // Every key of the real product's result, as clients (pyfwapi) validate them.
    expect(moved.status.job.result[0]).toMatchObject({
      href: b.href,
      done: true,
      "original-removed": true,
      "result-href": assetHref(target.id, target.name, { id: b.id, fileName: "net.jpg" }),
      "result-filename": "net.jpg",
      "result-collection-created": false,
      "result-collection-href": target.href,
      "changed-fields": [],
      "changed-builtinFields": [],
      "changed-thumbnailFields": [],
    });
    expect(copied.status.job.result[0]).toMatchObject({ "original-removed": false });
    expect((await row(b.id)).archive_id).toBe(target.id);
    expect((await row(a.id)).archive_id).toBe(source.id);
  });

  test("delete: to the trash can, original removed", async () => {
    const a = await asset();
    const { jobId, status } = await run("delete", { assets: [{ href: a.href }] });
    expect(status.job.result[0]).toMatchObject({ done: true, "original-removed": true });
    expect((await row(a.id)).trash_id).not.toBeNull();
    await run("undo", { type: "undo", jobId });
    expect((await row(a.id)).trash_id).toBeNull();
  });

  test("rotate: direction cw turns a real image", async () => {
    const a = await asset("tall.jpg");
    const blob = await blobStore().put(
      await sharp({
        create: { width: 32, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } },
      })
        .jpeg()
        .toBuffer(),
    );
    await db()
      .updateTable("revisions")
      .set({ blob_hash: blob.hash, file_size: blob.size })
      .where("asset_id", "=", a.id)
      .execute();
    const { status } = await run("rotate", { assets: [{ href: a.href }], direction: "cw" });
    expect(status.job.result[0]).toMatchObject({ done: true });
    const turned = await row(a.id);
    expect([turned.width, turned.height]).toEqual([20, 32]);
  });
});
