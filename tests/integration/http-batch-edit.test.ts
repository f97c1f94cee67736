import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { createArchive, type Archive, type ArchiveMember } from "~/models/archive/archive.server";
import { runTask } from "~/models/background-task/task-engine.server";
import { TASK_JOB } from "~/models/background-task/task.schema";
import { createUser } from "~/models/user/user.server";
import { CONFIRM_DELETE_MESSAGE, NOTHING_TO_CHANGE_MESSAGE } from "~/http/asset/batch-page.server";
import { LINKS } from "~/utils/links";
import { insertAsset } from "../helpers/assets";
import { createEditorView, DIGITS_HELP } from "../helpers/editor-fixture";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The batch page as a browser without JavaScript uses it: the panel names refused assets, the
 * metadata form adds and removes tags across mixed values through one task, and every refusal
 * (a field's rule, a file name, a missing confirmation, no right at all, hostile selections) is
 * a 400 or 403 with no task made.
 */

let server: TestServer;
let editor: Client;
let guest: Client;
let digits: number;
let mixed: number[];
let editable: Archive;
let lookOnly: number;
let secret: number;
let intoName: string;

const DATA = `?_data=${encodeURIComponent("routes/fotoweb.views.batch")}`;

function post(client: Client, entries: [string, string][], data = false) {
  return client.request(`${LINKS.batch}${data ? DATA : ""}`, {
    method: "POST",
    body: new URLSearchParams(entries),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

const selection = (op: string, ids: number[]): [string, string][] => [
  ["op", op],
  ...ids.map((id): [string, string] => ["asset", String(id)]),
];

async function keywordsOf(id: number): Promise<unknown> {
  const row = await db()
    .selectFrom("assets")
    .select("metadata")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.metadata) as Record<string, unknown>)["25"];
}

async function taskCount(): Promise<number> {
  const rows = await db().selectFrom("jobs").select("id").where("type", "=", TASK_JOB).execute();
  return rows.length;
}

/** Three assets whose keywords overlap: harbour on all, boat on two, sea on one. */
async function mixedAssets(): Promise<number[]> {
  return [
    await insertAsset(editable, { fileName: "a.jpg", metadata: { "25": ["harbour", "boat"] } }),
    await insertAsset(editable, { fileName: "b.jpg", metadata: { "25": ["harbour"] } }),
    await insertAsset(editable, {
      fileName: "c.jpg",
      metadata: { "25": ["harbour", "boat", "sea"] },
    }),
  ];
}

beforeAll(async () => {
  server = await startTestServer();
  const view = await createEditorView("Batch edit test");
  digits = view.digits;
  const member = (permissions: ArchiveMember["permissions"]): ArchiveMember => ({
    type: "group",
    id: REGISTERED_USERS_GROUP_ID,
    permissions,
    autoSearch: "",
  });
  editable = await createArchive({
    name: "Batch editable",
    config: { MetadataSetId: view.viewId },
    members: [member(["View", "Preview", "EditText", "Rename", "Delete", "CopyFrom"])],
  });
  const viewOnly: Archive = await createArchive({
    name: "Batch look only",
    config: { MetadataSetId: view.viewId },
    members: [member(["View", "Preview"])],
  });
  const into = await createArchive({
    name: "Batch copy target",
    members: [member(["View", "CopyTo"])],
  });
  intoName = into.name;
  const owner = await createUser({ username: "hoarder", password: "hoarder-password-1" });
  const hidden = await createArchive({
    name: "Batch hidden",
    members: [{ type: "user", id: owner.id, permissions: ["View", "EditText"], autoSearch: "" }],
  });
  mixed = await mixedAssets();
  lookOnly = await insertAsset(viewOnly, { fileName: "look.jpg", metadata: { "25": ["boat"] } });
  secret = await insertAsset(hidden, { fileName: "topsecret.jpg", metadata: { "25": ["boat"] } });
  await createUser({ username: "batcher", password: "batcher-password-1" });
  editor = new Client(server.url);
  await editor.signIn("batcher", "batcher-password-1");
  guest = new Client(server.url);
  await guest.signInAsGuest();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the panel", () => {
  test("shows the union of tags, those only some carry marked, and names refused assets", async () => {
    const query = new URLSearchParams(selection("metadata", [...mixed, lookOnly, secret]));
    const response = await editor.get(`${LINKS.batch}?${query}`);
    expect(response.status).toBe(200);
    // React marks text boundaries with empty comments; the words are what a person reads.
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Edit metadata: 3 assets");
    expect(html).toMatch(/boat<span[^>]*> \(on some assets\)/);
    expect(html).toMatch(/harbour<span[^>]*> \(on all assets\)/);
    expect(html).toContain('name="remove.25"');
    expect(html).toContain('name="add.25"');
    expect(html).toContain(`name="change.${digits}"`);
    expect(html).toContain("Refused: 2 assets");
    expect(html).toContain("look.jpg");
    expect(html).toContain(`Asset ${secret} (not found, or not yours to see)`);
    expect(html).not.toContain("topsecret");
  });

  test("hostile selections are 400s: no assets, not numbers, an unknown operation, too many", async () => {
    for (const query of [
      "op=metadata",
      "op=metadata&asset=abc",
      `op=drop-tables&asset=${mixed[0]}`,
      `op=metadata&asset=-1`,
      `op=metadata&${Array.from({ length: 1001 }, (_, i) => `asset=${i + 1}`).join("&")}`,
    ]) {
      const response = await editor.get(
        `${LINKS.batch}?${query}&_data=routes%2Ffotoweb.views.batch`,
      );
      expect(response.status, query).toBe(400);
    }
  });

  test("the guest and anonymous visitors are not let in", async () => {
    const query = new URLSearchParams(selection("metadata", mixed));
    const asGuest = await guest.get(`${LINKS.batch}?${query}`);
    expect(asGuest.status).toBe(302);
    expect(asGuest.headers.get("location")).toContain("/fotoweb/views/login");
    const anonymous = await new Client(server.url).get(`${LINKS.batch}?${query}`);
    expect(anonymous.status).toBe(302);
  });
});

describe("editing keywords across a selection", () => {
  test("adds a tag to all and removes one only some carry, through one task", async () => {
    // Its own assets: the panel's test reads the shared ones' keywords as they were made.
    const mixed = await mixedAssets();
    const before = await taskCount();
    const response = await post(editor, [
      ...selection("metadata", [...mixed, lookOnly]),
      ["add.25", "sunset"],
      ["remove.25", "boat"],
    ]);
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${LINKS.tasks}/\\d+$`));
    expect(await taskCount()).toBe(before + 1);
    const jobId = Number(location.split("/").pop());
    const job = await getJob(jobId);
    await runTask(job!, { progress: async () => {}, signal: new AbortController().signal });
    expect(await keywordsOf(mixed[0]!)).toEqual(["harbour", "sunset"]);
    expect(await keywordsOf(mixed[1]!)).toEqual(["harbour", "sunset"]);
    expect(await keywordsOf(mixed[2]!)).toEqual(["harbour", "sea", "sunset"]);
    // The refused asset is in the task's results, and untouched.
    expect(await keywordsOf(lookOnly)).toEqual(["boat"]);
    const items = await db()
      .selectFrom("task_items")
      .select(["asset_id", "status"])
      .where("job_id", "=", jobId)
      .execute();
    expect(items.find((i) => i.asset_id === lookOnly)?.status).toBe("failed");
    expect(items.filter((i) => i.status === "done")).toHaveLength(3);
  });

  test("a value against a field's rule: 400 with its help text, no task", async () => {
    const before = await taskCount();
    const response = await post(
      editor,
      [
        ...selection("metadata", mixed),
        [`change.${digits}`, "true"],
        [`field.${digits}`, "twelve"],
        ["add.25", "never"],
      ],
      true,
    );
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors[String(digits)]).toBe(DIGITS_HELP);
    expect(await taskCount()).toBe(before);
    expect(await keywordsOf(mixed[0]!)).not.toContain("never");
  });

  test("the 400 page shows the help text by the field", async () => {
    const response = await editor.request(LINKS.batch, {
      method: "POST",
      body: new URLSearchParams([
        ...selection("metadata", mixed),
        [`change.${digits}`, "true"],
        [`field.${digits}`, "twelve"],
      ]),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(DIGITS_HELP);
  });

  test("nothing to change: 400, no task; a field without its change box is not changed", async () => {
    const before = await taskCount();
    const response = await post(
      editor,
      [...selection("metadata", mixed), [`field.${digits}`, "42"]],
      true,
    );
    expect(response.status).toBe(400);
    expect(((await readApiJson(response)) as { formError: string }).formError).toBe(
      NOTHING_TO_CHANGE_MESSAGE,
    );
    expect(await taskCount()).toBe(before);
  });

  test("a selection of only refused assets: 403, no task", async () => {
    const before = await taskCount();
    const response = await post(
      editor,
      [...selection("metadata", [lookOnly, secret]), ["add.25", "x"]],
      true,
    );
    expect(response.status).toBe(403);
    expect(await taskCount()).toBe(before);
  });
});

describe("the other operations' checks", () => {
  test("rename refuses forbidden characters by the asset's name field", async () => {
    const before = await taskCount();
    const response = await post(
      editor,
      [
        ...selection("rename", mixed.slice(0, 2)),
        [`name.${mixed[0]}`, "ok-name.jpg"],
        [`name.${mixed[1]}`, "bad:name?.jpg"],
      ],
      true,
    );
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors[`name.${mixed[1]}`]).toBe(
      'A file name cannot hold folder separators (/ or \\) or any of * | " : ? < >.',
    );
    expect(body.fieldErrors[`name.${mixed[0]}`]).toBeUndefined();
    expect(await taskCount()).toBe(before);
  });

  test("delete needs its confirmation", async () => {
    const before = await taskCount();
    const response = await post(editor, selection("delete", mixed), true);
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors.confirm).toBe(CONFIRM_DELETE_MESSAGE);
    expect(await taskCount()).toBe(before);
  });

  test("a valid rename starts one task with each asset's new name", async () => {
    const before = await taskCount();
    const response = await post(editor, [
      ...selection("rename", [mixed[1]!]),
      [`name.${mixed[1]}`, "renamed"],
    ]);
    expect(response.status).toBe(302);
    const jobId = Number(response.headers.get("location")!.split("/").pop());
    expect(await taskCount()).toBe(before + 1);
    const item = await db()
      .selectFrom("task_items")
      .selectAll()
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    // The rename rule kept the file's extension.
    expect(JSON.stringify(item)).toContain("renamed.jpg");
  });

  test("copy offers only the archives the viewer may copy into, and refuses any other", async () => {
    const query = new URLSearchParams(selection("copy", mixed));
    const html = await (await editor.get(`${LINKS.batch}?${query}`)).text();
    expect(html).toContain(intoName);
    expect(html).not.toContain(">Batch hidden<");
    const before = await taskCount();
    const response = await post(
      editor,
      [...selection("copy", mixed), ["destination", "999999"], ["folder", "../up"]],
      true,
    );
    expect(response.status).toBe(400);
    const body = (await readApiJson(response)) as { fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["destination", "folder"]);
    expect(await taskCount()).toBe(before);
  });
});
