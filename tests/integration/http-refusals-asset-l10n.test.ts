import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { runTask } from "~/models/background-task/task-engine.server";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { fakeOperation, registerFake, createEffectsTable } from "../helpers/fake-operation";
import { landing, mainOf } from "../helpers/page-html";
import { TEST_ADMIN } from "../helpers/database";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The asset, access and task refusals by key (issue 32, decision 106): a page says them in its
 * reader's language with its status kept, the same request as a program's answers the English it
 * always did. A task stores its items' refusals keyed: the task page reads them in the reader's
 * language, the task-status API in English.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const PASSWORD = "refusal-l10n-password-1";
const TASKS = "/fotoweb/me/background-tasks/";

let server: TestServer;
let editor: Client;
let open: Archive;
let viewOnly: Archive;
let viewOnlyAsset: number;
let history: Archive;
let historyAsset: number;
let admin: Client;
const restores: (() => void)[] = [];

const hrefOf = (a: Archive, id: number, name: string) =>
  assetHref(a.id, a.name, { id, fileName: name });

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createEffectsTable();
  restores.push(registerFake("rotate", fakeOperation()));
  const registered = (permissions: ("View" | "EditText" | "CropRotate")[]) => [
    { type: "group" as const, id: REGISTERED_USERS_GROUP_ID, permissions, autoSearch: "" },
  ];
  open = await createArchive({
    name: "Refusal open",
    members: registered(["View", "EditText", "CropRotate"]),
  });
  viewOnly = await createArchive({ name: "Refusal view", members: registered(["View"]) });
  viewOnlyAsset = await insertAsset(viewOnly, { fileName: "kai.jpg" });
  history = await createArchive({
    name: "Refusal history",
    members: [
      {
        type: "group" as const,
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "HistoryView", "Rename"],
        autoSearch: "",
      },
    ],
  });
  historyAsset = await insertAsset(history, { fileName: "brygge.jpg" });
  await createUser({ username: "refusal-editor", password: PASSWORD });
  editor = new Client(server.url);
  await editor.signIn("refusal-editor", PASSWORD);
  admin = new Client(server.url);
  await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
});

afterAll(async () => {
  for (const restore of restores) restore();
  await server?.close();
});

describe("the asset page", () => {
  const missing = () => hrefOf(open, 999_999, "ingen.jpg");

  test("one that does not exist: 404 in Norwegian; its JSON twin in English", async () => {
    const page = await editor.get(missing(), NB);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain(
      "Det finnes ingen ressurs på denne adressen, eller du har ikke tilgang til den.",
    );
    const api = await editor.getJson(missing(), "application/vnd.fotoware.asset+json");
    expect(api.status).toBe(404);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      "There is no asset at this address, or you may not see it.",
    );
  });

  test("an edit without EditText: 403 in Norwegian on the page, English to a program", async () => {
    const href = hrefOf(viewOnly, viewOnlyAsset, "kai.jpg");
    const fields = { edit: "120", "field.120": "Hærverk" };
    const page = await editor.post(href, fields, NB);
    expect(page.status).toBe(403);
    expect(mainOf(await page.text())).toContain(
      "Du har ikke lov til å redigere metadataene til denne ressursen.",
    );
    // The page's inline editor (its fetcher) is the page's path: Norwegian too.
    const inline = await editor.post(
      `${href}?_data=${encodeURIComponent("routes/fotoweb.archives.$archive.$asset")}`,
      { _fetch: "1", ...fields },
      NB,
    );
    expect(inline.status).toBe(403);
    expect((await readApiJson<{ value: string }>(inline)).value).toBe(
      "Du har ikke lov til å redigere metadataene til denne ressursen.",
    );
    // A program edits through the JSON twin: the archive's refusal, in English.
    const api = await editor.request(href, {
      method: "PATCH",
      headers: {
        "content-type": "application/vnd.fotoware.assetupdate+json",
        accept: "application/vnd.fotoware.asset+json",
        ...NB,
      },
      body: JSON.stringify({ metadata: { "120": { value: "Hærverk" } } }),
    });
    expect(api.status).toBe(403);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      'You do not have permission to edit in "Refusal view".',
    );
  });
});

describe("a task whose items were refused", () => {
  let jobId: number;

  beforeAll(async () => {
    const done = await insertAsset(open, { fileName: "båt.jpg" });
    const response = await editor.request(TASKS, {
      method: "POST",
      headers: {
        "content-type": "application/vnd.fotoware.rotate-request+json",
        accept: "application/json",
      },
      body: JSON.stringify({
        direction: "cw",
        assets: [
          { href: hrefOf(open, done, "båt.jpg") },
          { href: hrefOf(viewOnly, viewOnlyAsset, "kai.jpg") },
          { href: "/fotoweb/archives/5000-Nowhere/not-an-asset" },
        ],
      }),
    });
    expect(response.status).toBe(201);
    jobId = Number(/(\d+)$/.exec(response.headers.get("location")!)![1]);
    const job = await getJob(jobId);
    await runTask(job!, { progress: async () => {}, signal: new AbortController().signal });
  });

  test("the task page reads each refusal in Norwegian", async () => {
    const page = await editor.get(`/fotoweb/views/tasks/${jobId}`, NB);
    expect(page.status).toBe(200);
    const main = mainOf(await page.text());
    // The fake rotate asks EditText (tests/helpers/fake-operation.ts).
    expect(main).toContain("Du har ikke tillatelse til å redigere i «Refusal view».");
    expect(main).toContain("Det finnes ingen ressurs på denne adressen.");
  });

  test("the task-status API reads them in English, as before", async () => {
    const api = await editor.request(`${TASKS}${jobId}`, {
      headers: { accept: "application/json", ...NB },
    });
    expect(api.status).toBe(200);
    const body = await readApiJson<{ job: { result: { error?: string }[] } }>(api);
    expect(body.job.result.map((r) => r.error ?? null)).toEqual([
      null,
      'You do not have permission to edit in "Refusal view".',
      "There is no asset at this address.",
    ]);
  });

  test("a task page's undo refused: its reason in Norwegian", async () => {
    // The job was run here, not by the queue: it still counts as running.
    const refused = await editor.post(`/fotoweb/views/tasks/${jobId}`, { intent: "undo" }, NB);
    expect(refused.status).toBe(409);
    expect(mainOf(await refused.text())).toContain(
      "Oppgaven kjører fortsatt. Angre den når den er ferdig.",
    );
  });
});

describe("an account's refusal", () => {
  test("a task of the guest: 403 in English to the API", async () => {
    const guest = new Client(server.url);
    await guest.signInAsGuest();
    const api = await guest.request(TASKS, {
      method: "POST",
      headers: {
        "content-type": "application/vnd.fotoware.rotate-request+json",
        accept: "application/json",
        ...NB,
      },
      body: JSON.stringify({ direction: "cw", assets: [{ href: "/x" }] }),
    });
    expect(api.status).toBe(403);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      "The guest has no background tasks. Sign in with your own account.",
    );
  });
});

describe("an asset's revision history", () => {
  const base = () => `${hrefOf(history, historyAsset, "brygge.jpg")}/__revisions/`;

  test("a revision that does not exist: 404 in Norwegian on the compare page, English to a program", async () => {
    const page = await editor.get(`${base()}compare?left=1&right=99`, NB);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain(
      "Denne ressursen har ingen revisjon med det nummeret.",
    );
    const api = await editor.getJson(`${base()}99`);
    expect(api.status).toBe(404);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      "There is no revision of this asset with that number.",
    );
  });

  test("the list's fetcher reads a refusal in the page's language, a program in English", async () => {
    // Deleting a revision needs HistoryManage, which the editor does not hold here.
    const route = "routes/fotoweb.archives.$archive.$asset_.[__revisions].$number";
    const fetched = await editor.request(`${base()}1?_data=${encodeURIComponent(route)}`, {
      method: "DELETE",
      headers: NB,
    });
    expect(fetched.status).toBe(403);
    expect((await readApiJson<{ value: string }>(fetched)).value).toBe(
      "Du har ikke tillatelse til å gjøre dette i «Refusal history».",
    );
    const api = await editor.request(`${base()}1`, {
      method: "DELETE",
      headers: { accept: "application/json", ...NB },
    });
    expect(api.status).toBe(403);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      'You do not have permission to do this in "Refusal history".',
    );
  });
});

describe("the archive list and the trash can", () => {
  const LIST = "/fotoweb/views/admin/archives";
  const TRASH = "/fotoweb/views/admin/trash";

  test("a trash entry that does not exist: 404 in Norwegian, in English to an English reader", async () => {
    const page = await admin.post(TRASH, { intent: "restore", id: "999999" }, NB);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain(
      "Det finnes ingenting i papirkurven med denne ID-en.",
    );
    const english = await admin.post(TRASH, { intent: "empty", id: "999999" });
    expect(english.status).toBe(404);
    expect(mainOf(await english.text())).toContain(
      "There is nothing in the trash can with this id.",
    );
  });

  test("moving an archive that does not exist: 404 in Norwegian; the API's delete in English", async () => {
    const page = await admin.post(LIST, { intent: "up", id: "999999" }, NB);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain("Det finnes ikke noe arkiv med denne ID-en.");
    const api = await admin.request("/fotoweb/api/config/archives/999999", {
      method: "DELETE",
      headers: { accept: "application/json", ...NB },
    });
    expect(api.status).toBe(404);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      "There is no archive with this id.",
    );
  });

  test("the archive page's reorder without EditText: 403 in Norwegian", async () => {
    const page = await editor.post(
      viewOnly.href,
      { intent: "relocate-top", asset: String(viewOnlyAsset) },
      NB,
    );
    expect(page.status).toBe(403);
    expect(mainOf(await page.text())).toContain(
      "Du har ikke lov til å endre rekkefølgen i dette arkivet.",
    );
  });

  test("a cover without the right: the list says why in Norwegian", async () => {
    const page = await editor.post(
      "/fotoweb/archives/",
      { intent: "set-cover", archive: String(open.id), asset: "1" },
      NB,
    );
    expect(page.status).toBe(403);
    expect(mainOf(await page.text())).toContain(
      "Du har ikke tillatelse til å velge omslagsbilde for dette arkivet.",
    );
  });
});

describe("smart folders and pins", () => {
  test("a smart folder that does not exist: 404 in Norwegian; the archive's JSON in English", async () => {
    const page = await editor.get(`${open.href}?sf=999999`, NB);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain("Det finnes ingen smartmappe på denne adressen.");
    const api = await editor.getJson(
      `${open.href}?sf=999999`,
      "application/vnd.fotoware.collection+json",
    );
    expect(api.status).toBe(404);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      "There is no smart folder at this address.",
    );
  });

  test("the pins page, empty, says so in Norwegian", async () => {
    const page = await editor.get("/fotoweb/me/pins/", NB);
    expect(page.status).toBe(200);
    expect(mainOf(await page.text())).toContain("Du har ikke festet noe ennå.");
  });

  test("pinning an asset nobody sees: 404 in Norwegian on the page, English to the pins API", async () => {
    const page = await editor.post("/fotoweb/me/pins/", { intent: "pin", asset: "999999" }, NB);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain("Det finnes ingen ressurs på denne adressen.");
    const api = await editor.request("/fotoweb/me/pins/", {
      method: "POST",
      headers: {
        "content-type": "application/vnd.fotoware.assetlinklist+json",
        accept: "application/json",
        ...NB,
      },
      body: JSON.stringify({ data: [{ href: hrefOf(open, 999_999, "ingen.jpg") }] }),
    });
    expect(api.status).toBe(404);
    expect((await readApiJson<{ value: string }>(api)).value).toBe(
      "There is no asset at this address.",
    );
  });

  test("pinning an archive from its tile: the toast in Norwegian", async () => {
    const pinned = await editor.post("/fotoweb/archives/", { intent: "pin", href: open.href }, NB);
    expect(await landing(editor, pinned, NB)).toContain("Refusal open er festet.");
  });
});

describe("a task item's own refusal", () => {
  test("a rename that changes the type: the task page in Norwegian, the API in English", async () => {
    const response = await editor.request(TASKS, {
      method: "POST",
      headers: {
        "content-type": "application/vnd.fotoware.rename-request+json",
        accept: "application/json",
      },
      body: JSON.stringify({
        assets: [
          { href: hrefOf(history, historyAsset, "brygge.jpg"), "job-filename": "brygge.png" },
        ],
      }),
    });
    expect(response.status).toBe(201);
    const jobId = Number(/(\d+)$/.exec(response.headers.get("location")!)![1]);
    await runTask((await getJob(jobId))!, {
      progress: async () => {},
      signal: new AbortController().signal,
    });
    const page = await editor.get(`/fotoweb/views/tasks/${jobId}`, NB);
    expect(mainOf(await page.text())).toContain(
      "Filendelsen forblir .jpg: et nytt navn kan ikke endre filtypen (.png ble oppgitt).",
    );
    const api = await editor.request(`${TASKS}${jobId}`, {
      headers: { accept: "application/json", ...NB },
    });
    const body = await readApiJson<{ job: { result: { error?: string }[] } }>(api);
    expect(body.job.result[0]?.error).toBe(
      "The extension stays .jpg: a rename cannot change the file's type (.png was given).",
    );
  });
});
