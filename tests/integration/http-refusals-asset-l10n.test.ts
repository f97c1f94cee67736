import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { ASSET_NOT_FOUND, ASSET_NOT_FOUND_KEYED } from "~/models/access/access.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { runTask } from "~/models/background-task/task-engine.server";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { fakeOperation, registerFake, createEffectsTable } from "../helpers/fake-operation";
import { inEnglish } from "../helpers/keyed";
import { mainOf } from "../helpers/page-html";
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
  await createUser({ username: "refusal-editor", password: PASSWORD });
  editor = new Client(server.url);
  await editor.signIn("refusal-editor", PASSWORD);
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
      ASSET_NOT_FOUND,
    ]);
    expect(inEnglish(ASSET_NOT_FOUND_KEYED)).toBe(ASSET_NOT_FOUND);
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
