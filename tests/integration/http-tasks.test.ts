import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { runTask } from "~/models/background-task/task-engine.server";
import type { TaskPayload } from "~/models/background-task/task.schema";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { insertReadyAssets } from "../helpers/grid-assets";
import {
  createEffectsTable,
  effects,
  fakeOperation,
  registerFake,
} from "../helpers/fake-operation";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * Background tasks over HTTP (decision 047): POST /fotoweb/me/background-tasks/ by request
 * type, the 201 and the TaskStatus validated against the reference, refusals (4xx, nothing
 * stored), the event stream, and the task page with undo, all for the owner only.
 */

const TASKS = "/fotoweb/me/background-tasks/";
const STATUS_TYPE = "application/vnd.fotoware.task-status+json";
const PASSWORD = "task-http-password-1";

let server: TestServer;
let editor: Client;
let other: Client;
let anonymous: Client;
let archive: Archive;
let viewOnly: Archive;
let hidden: Archive;
const restores: (() => void)[] = [];

const hrefOf = (a: Archive, id: number, name = "x.jpg") =>
  assetHref(a.id, a.name, { id, fileName: name });

async function post(client: Client, type: string, body: unknown) {
  return client.request(TASKS, {
    method: "POST",
    headers: { "content-type": type, accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function runJob(jobId: number) {
  const job = await getJob(jobId);
  return runTask(job!, { progress: async () => {}, signal: new AbortController().signal });
}

const jobIdOf = (location: string) => Number(/(\d+)$/.exec(location)![1]);

async function jobCount() {
  return (await db().selectFrom("jobs").select("id").execute()).length;
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createEffectsTable();
  restores.push(registerFake("rotate", fakeOperation()));
  restores.push(registerFake("metadata-edit", fakeOperation()));
  restores.push(registerFake("copy", fakeOperation()));
  await createUser({ username: "task-http-editor", password: PASSWORD });
  await createUser({ username: "task-http-other", password: PASSWORD });
  const registered = (permissions: ("View" | "EditText")[]) => [
    { type: "group" as const, id: REGISTERED_USERS_GROUP_ID, permissions, autoSearch: "" },
  ];
  archive = await createArchive({ name: "Task HTTP", members: registered(["View", "EditText"]) });
  viewOnly = await createArchive({ name: "Task HTTP view", members: registered(["View"]) });
  hidden = await createArchive({ name: "Task HTTP hidden", members: [] });
  editor = new Client(server.url);
  await editor.signIn("task-http-editor", PASSWORD);
  other = new Client(server.url);
  await other.signIn("task-http-other", PASSWORD);
  anonymous = new Client(server.url);
});

afterAll(async () => {
  for (const restore of restores) restore();
  await server?.close();
});

describe("POST /fotoweb/me/background-tasks/", () => {
  test("starts a rotate task: 201 with its location, per-asset results once it ran", async () => {
    const ids = (await insertReadyAssets(archive.id, 2)).map((a) => a.id);
    const [refused] = (await insertReadyAssets(viewOnly.id, 1)).map((a) => a.id);
    const hrefs = [
      ...ids.map((id) => hrefOf(archive, id)),
      hrefOf(viewOnly, refused!),
      "/fotoweb/archives/5000-Nowhere/not-an-asset",
    ];
    const response = await post(editor, "application/vnd.fotoware.rotate-request+json", {
      direction: "cw",
      assets: hrefs.map((href) => ({ href })),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(
      "application/vnd.fotoware.rotate-response+json",
    );
    const body = await readApiJson<{ location: string; status: string; maxInterval: number }>(
      response,
    );
    expect(body).toMatchObject({ status: "pending", maxInterval: 1000 });
    expect(response.headers.get("location")).toBe(body.location);
    const jobId = jobIdOf(body.location);
    const job = await getJob(jobId);
    expect((job!.payload as TaskPayload).params).toEqual({ degrees: 90 });

    const pending = await editor.getJson(body.location, STATUS_TYPE);
    expect(pending.headers.get("content-type")).toMatch(STATUS_TYPE);
    const before = await readApiJson<{
      job: { status: string; updates: number };
      task: { type: string; href: string };
    }>(pending);
    expect(before.job).toMatchObject({ status: "pending", updates: 1000 });
    expect(before.task).toMatchObject({ type: "rotate", href: body.location });

    await runJob(jobId);
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
    const after = await readApiJson<{
      job: {
        status: string;
        progress: number;
        result: { href: string; done: boolean; error?: string }[];
      };
    }>(await editor.getJson(body.location, STATUS_TYPE));
    expect(after.job.status).toBe("done");
    expect(after.job.progress).toBe(100);
    expect(after.job.result.map((r) => [r.href, r.done])).toEqual([
      [hrefs[0], true],
      [hrefs[1], true],
      [hrefs[2], false],
      [hrefs[3], false],
    ]);
    expect(after.job.result[2]!.error).toBe(
      'You do not have permission to edit in "Task HTTP view".',
    );
    expect(after.job.result[3]!.error).toBe("There is no asset at this address.");
    // Every result carries every key: a done item in place is its own result; a refused one has none.
    expect(after.job.result[0]).toMatchObject({
      "original-removed": false,
      "result-href": hrefs[0],
      "result-collection-created": false,
      "result-collection-href": archive.href,
      "changed-fields": [],
      "changed-builtinFields": [],
      "changed-thumbnailFields": [],
    });
    expect(after.job.result[2]).toMatchObject({
      "original-removed": false,
      "result-href": "",
      "result-filename": "",
      "result-collection-href": "",
    });
    expect((await effects(jobId)).map((e) => e.asset_id)).toEqual(ids);

    // Undo through the API: a task of its own over the done items, for the owner only.
    const refusedUndo = await post(other, "application/json", { type: "undo", jobId });
    expect(refusedUndo.status).toBe(404);
    await readApiJson(refusedUndo);
    const undo = await post(editor, "application/json", { type: "undo", jobId });
    expect(undo.status).toBe(201);
    const undoBody = await readApiJson<{ location: string }>(undo);
    await runJob(jobIdOf(undoBody.location));
    expect((await effects(jobIdOf(undoBody.location))).map((e) => [e.kind, e.asset_id])).toEqual(
      ids.map((id) => ["undo", id]),
    );

    // The list shows it; another person gets 404 for it, as for a missing task.
    const list = await readApiJson<{ data: { href: string; task: { type: string } }[] }>(
      await editor.getJson(TASKS),
    );
    expect(list.data.find((t) => t.href === body.location)?.task.type).toBe("rotate");
    expect((await other.getJson(body.location, STATUS_TYPE)).status).toBe(404);
    expect((await other.getJson(`${TASKS}999999`, STATUS_TYPE)).status).toBe(404);
  });

  test("reads metadata-edit, copy and plain JSON requests into the task's settings", async () => {
    const [id] = (await insertReadyAssets(archive.id, 1)).map((a) => a.id);
    const assets = [{ href: hrefOf(archive, id!) }];
    const edit = await post(editor, "application/vnd.fotoware.metadata-edit-request+json", {
      assets,
      "job-metadata": [
        { field: 5, value: "A caption" },
        { field: 25, value: ["one", "two"], action: "add" },
        { field: 80, value: "" },
      ],
    });
    expect(edit.status).toBe(201);
    expect(edit.headers.get("content-type")).toMatch("metadata-edit-response+json");
    await readApiJson(edit);
    const editJob = await getJob(jobIdOf(edit.headers.get("location")!));
    expect((editJob!.payload as TaskPayload).params).toEqual({
      changes: [
        { field: 5, action: "set", value: ["A caption"] },
        { field: 25, action: "add", value: ["one", "two"] },
        { field: 80, action: "set", value: [] },
      ],
    });

    const copy = await post(editor, "application/vnd.fotoware.copy-request+json", {
      assets,
      "job-destination": `/fotoweb/archives/${viewOnly.id}-Task%20HTTP%20view/Year%202024/May/`,
    });
    expect(copy.status).toBe(201);
    await readApiJson(copy);
    const copyJob = await getJob(jobIdOf(copy.headers.get("location")!));
    expect((copyJob!.payload as TaskPayload).params).toEqual({
      archiveId: viewOnly.id,
      folder: "Year 2024/May",
    });

    const plain = await post(editor, "application/json", {
      type: "rotate",
      direction: "180",
      assets,
    });
    expect(plain.status).toBe(201);
    expect(plain.headers.get("content-type")).toMatch("rotate-response+json");
    await readApiJson(plain);
  });

  test("refuses bad requests with 4xx and a clear message, storing nothing", async () => {
    const [id] = (await insertReadyAssets(archive.id, 1)).map((a) => a.id);
    const assets = [{ href: hrefOf(archive, id!) }];
    const before = await jobCount();
    const cases: [Client, string, unknown, number, RegExp][] = [
      [editor, "text/plain", "hello", 415, /application\/vnd\.fotoware/],
      [editor, "application/vnd.fotoware.nonsense-request+json", { assets }, 415, /operation/],
      [editor, "application/vnd.fotoware.rotate-request+json", "{not json", 400, /not valid JSON/],
      [editor, "application/vnd.fotoware.rotate-request+json", [1, 2], 400, /JSON object|Expected/],
      [
        editor,
        "application/vnd.fotoware.rotate-request+json",
        { direction: "cw", assets: [] },
        400,
        /at least one/,
      ],
      [
        editor,
        "application/vnd.fotoware.rotate-request+json",
        { direction: "up", assets },
        400,
        /direction/,
      ],
      [
        editor,
        "application/vnd.fotoware.rotate-request+json",
        { direction: "cw", assets: [{}] },
        400,
        /href/,
      ],
      [
        editor,
        "application/vnd.fotoware.metadata-edit-request+json",
        { assets },
        400,
        /job-metadata/,
      ],
      [
        editor,
        "application/vnd.fotoware.copy-request+json",
        { assets, "job-destination": "/etc/passwd" },
        400,
        /job-destination/,
      ],
      [
        editor,
        "application/vnd.fotoware.copy-request+json",
        { assets, "job-destination": "/fotoweb/archives/5-x/../../" },
        400,
        /job-destination/,
      ],
      [editor, "application/json", { type: "explode", assets }, 400, /type/],
      [
        editor,
        "application/vnd.fotoware.rotate-request+json",
        { direction: "cw", assets: Array.from({ length: 10_001 }, () => assets[0]) },
        400,
        /at most/,
      ],
      [
        anonymous,
        "application/vnd.fotoware.rotate-request+json",
        { direction: "cw", assets },
        401,
        /./,
      ],
    ];
    for (const [client, type, body, status, message] of cases) {
      const response = await post(client, type, body);
      expect(response.status, `${type} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      const error = await readApiJson<{ value: string }>(response);
      expect(error.value).toMatch(message);
    }
    expect(await jobCount()).toBe(before);
  });
});

describe("the event stream and the task page", () => {
  async function finishedTask() {
    const ids = (await insertReadyAssets(archive.id, 3)).map((a) => a.id);
    const response = await post(editor, "application/vnd.fotoware.rotate-request+json", {
      direction: "ccw",
      assets: ids.map((id) => ({ href: hrefOf(archive, id) })),
    });
    const location = (await readApiJson<{ location: string }>(response)).location;
    return { jobId: jobIdOf(location), location, ids };
  }

  test("streams the status and ends when the task has finished; 404 for others", async () => {
    const { jobId } = await finishedTask();
    const controller = new AbortController();
    const streaming = await editor.request(`${TASKS}${jobId}/events`, {
      headers: { accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(streaming.status).toBe(200);
    expect(streaming.headers.get("content-type")).toMatch("text/event-stream");
    const reader = streaming.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: status");
    // Still pending: the stream stays open. Now run it and let the stream see the end.
    await runJob(jobId);
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
    let text = first;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const events = text
      .split("\n\n")
      .filter((e) => e.startsWith("event: status"))
      .map((e) => JSON.parse(e.split("data: ")[1]!) as { status: string; progress: number });
    expect(events.at(0)!.status).toBe("pending");
    expect(events.at(-1)).toMatchObject({ status: "done", progress: 100 });

    const refused = await other.request(`${TASKS}${jobId}/events`, {
      headers: { accept: "text/event-stream" },
    });
    expect(refused.status).toBe(404);
    for (const hostile of ["abc", "-1", "0", "99999999999999", "1%20or%201=1"]) {
      const answer = await editor.request(`${TASKS}${hostile}/events`, {
        headers: { accept: "text/event-stream" },
      });
      expect(answer.status, hostile).toBe(404);
      expect((await editor.get(`/fotoweb/views/tasks/${hostile}`)).status, hostile).toBe(404);
    }
  });

  test("the page names each asset by title and thumbnail, links it and its archive, hides the unseen", async () => {
    // Previews need their own permission: this archive gives it.
    const archive = await createArchive({
      name: "Task HTTP shown",
      members: [
        {
          type: "group",
          id: REGISTERED_USERS_GROUP_ID,
          permissions: ["View", "Preview", "EditText"],
          autoSearch: "",
        },
      ],
    });
    const ids = [
      await insertAsset(archive, { fileName: "name00.jpg", title: "Harbour at dawn" }),
      await insertAsset(archive, { fileName: "name01.jpg" }),
    ];
    const [unseen] = (await insertReadyAssets(hidden.id, 1)).map((a) => a.id);
    const hrefs = [
      hrefOf(archive, ids[0]!, "name00.jpg"),
      // A client may spell the file name otherwise: the asset is still known by its archive and id.
      hrefOf(archive, ids[1]!, "other spelling.jpg"),
      hrefOf(hidden, unseen!, "secret plan.jpg"),
      // The right asset id under another archive's address names no asset.
      `/fotoweb/archives/${viewOnly.id}-Elsewhere/${ids[0]}-name00.jpg.info`,
    ];
    const response = await post(editor, "application/vnd.fotoware.rotate-request+json", {
      direction: "cw",
      assets: hrefs.map((href) => ({ href })),
    });
    const jobId = jobIdOf((await readApiJson<{ location: string }>(response)).location);
    await runJob(jobId);
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
    const html = await (await editor.get(`/fotoweb/views/tasks/${jobId}`)).text();
    const rows = [...html.matchAll(/<tr[^>]*data-status[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain(`href="${hrefOf(archive, ids[0]!, "name00.jpg")}"`);
    expect(rows[0]).toContain("Harbour at dawn");
    expect(rows[0]).toMatch(/<img[^>]*src="[^"]+"/);
    expect(rows[1]).toContain(`href="${hrefOf(archive, ids[1]!, "name01.jpg")}"`);
    // Not the editor's to see: the file name its href ends in, no link, nothing of the asset.
    expect(rows[2]).toContain("secret plan.jpg");
    expect(rows[2]).not.toMatch(/<a |<img /);
    expect(rows[3]).toContain("name00.jpg");
    expect(rows[3]).not.toMatch(/<a |<img /);
    expect(html).toContain(`>Back to ${archive.name}</a>`);
  });

  test("the page shows per-asset results, refreshes without JS while running, and undoes", async () => {
    const { jobId } = await finishedTask();
    const page = `/fotoweb/views/tasks/${jobId}`;
    const running = await (await editor.get(page)).text();
    expect(running).toContain('http-equiv="refresh"');
    expect(withoutMessages(running)).not.toContain("Undo this task");
    expect((await other.get(page)).status).toBe(404);

    await runJob(jobId);
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", jobId).execute();
    const done = await (await editor.get(page)).text();
    expect(done).not.toContain('http-equiv="refresh"');
    expect(done).toContain("3 done, 0 failed");
    expect(done).toContain("Undo this task");

    const undo = await editor.post(page, { intent: "undo" });
    expect(undo.status).toBe(302);
    const undoPage = undo.headers.get("location")!;
    expect(undoPage).toMatch(/^\/fotoweb\/views\/tasks\/\d+$/);
    const undoId = Number(undoPage.split("/").pop());
    await runJob(undoId);
    expect((await effects(undoId)).map((e) => e.kind)).toEqual(["undo", "undo", "undo"]);
    await db().updateTable("jobs").set({ status: "done" }).where("id", "=", undoId).execute();
    const undone = await (await editor.get(undoPage)).text();
    expect(undone).toContain(`/fotoweb/views/tasks/${jobId}`);
    expect(undone).toContain("An undo cannot itself be undone");
    // Someone else cannot undo it: the page is not there for them.
    expect((await other.post(page, { intent: "undo" })).status).toBe(404);

    const list = await (await editor.get("/fotoweb/views/tasks")).text();
    expect(list).toContain(`/fotoweb/views/tasks/${undoId}`);
  });
});
