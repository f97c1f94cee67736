import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { getJob } from "~/jobs/queue.server";
import { createAlbum } from "~/models/album/album.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createTask, runTask } from "~/models/background-task/task-engine.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { READER_HEADER, READER_PAGE } from "~/utils/reader-header";
import { albumHref, albumSharesHref, LINKS, taskHref, taskPagePath } from "~/utils/links";
import { setAlbumFlags } from "../helpers/album-flags";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { createEditorView } from "../helpers/editor-fixture";
import { mainOf } from "../helpers/page-html";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The last refusals a person reads, in the reader's language (issue 32, decisions 106 and 107):
 * album rights, public links, the archive page's parameters, the index browser, the batch page
 * and the task page. Each page shows the Norwegian sentence with its status; the same request
 * as a program's JSON answers the unchanged English.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const JSON_NB = { ...NB, accept: "application/json" };

let server: TestServer;
let root: string;
let owner: Viewer;
let ownerClient: Client;
let friendClient: Client;
let admin: Client;
let albumId: number;
let archive: Archive;
let fieldLabel: string;
let jobId: number;

/** A page's visible text with HTML's escapes read back. */
async function pageText(response: Response) {
  return mainOf(await response.text())
    .replaceAll("<!-- -->", "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/json/);
  return { status: response.status, ...(await readApiJson<{ value: string }>(response)) };
}

/** A public link made through the owner's page: its token's address. */
async function createLink(fields: Record<string, string>) {
  const response = await ownerClient.post(`${albumSharesHref(owner.id, albumId)}links/`, {
    intent: "create",
    ...fields,
  });
  expect(response.status).toBe(302);
  const id = Number(/links\/(\d+)$/.exec(response.headers.get("location") ?? "")![1]);
  const { token } = await db()
    .selectFrom("share_links")
    .select("token")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, page: `/fotoweb/shared/${token}` };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-last-l10n-"));
  server = await startTestServer({ ARCHIVE_ROOTS: root, INGEST_CONCURRENCY: "0" });
  owner = await createUser({ username: "last-owner", password: "last-owner-pass-1" });
  const friend = await createUser({ username: "last-friend", password: "last-friend-pass-1" });
  ownerClient = new Client(server.url);
  await ownerClient.signIn("last-owner", "last-owner-pass-1");
  friendClient = new Client(server.url);
  await friendClient.signIn("last-friend", "last-friend-pass-1");
  admin = new Client(server.url);
  await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  await setAlbumFlags({ shareWithGuests: true });

  albumId = (await createAlbum(owner, { name: "Vinterbilder", description: "" })).id;
  await db()
    .insertInto("album_shares")
    .values({
      album_id: albumId,
      principal_type: "user",
      principal_id: friend.id,
      access: "view",
      created_by: owner.id,
      created_at: now(),
    })
    .execute();

  const view = await createEditorView("Oppgave");
  fieldLabel = "Oppgave number";
  archive = await createArchive({
    name: "Siste avslag",
    config: { MetadataSetId: view.viewId },
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "EditText"],
        autoSearch: "",
      },
    ],
  });
  const asset = await insertAsset(archive, { fileName: "fjord.jpg" });
  // A single-value field cannot take an added value: the task's item fails with that reason.
  ({ jobId } = await createTask(
    owner,
    "metadata-edit",
    [{ href: `asset-${asset}`, assetId: asset }],
    { changes: [{ field: view.digits, action: "add", value: ["12"] }] },
  ));
  await runTask((await getJob(jobId))!, {
    progress: async () => {},
    signal: new AbortController().signal,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("album rights", () => {
  test("a view-only share cannot change the album: Norwegian on the page, English from the API", async () => {
    const page = await friendClient.get(albumSharesHref(owner.id, albumId), NB);
    expect(page.status).toBe(403);
    expect(await pageText(page)).toContain("Bare eieren av albumet kan endre det.");

    const api = await friendClient.request(albumHref(owner.id, albumId), {
      method: "PATCH",
      headers: { ...JSON_NB, "content-type": "application/json" },
      body: JSON.stringify({ name: "Nytt navn" }),
    });
    expect(await problemOf(api)).toMatchObject({
      status: 403,
      value: "Only the album's owner can change it.",
    });
  });
});

describe("public links", () => {
  test("an expired link: its title and words in Norwegian, in English for an English reader", async () => {
    const link = await createLink({ download: "none" });
    await db()
      .updateTable("share_links")
      .set({ expires_at: "2001-01-01T00:00:00.000Z" })
      .where("id", "=", link.id)
      .execute();
    const visitor = new Client(server.url);
    const page = await visitor.get(link.page, NB);
    expect(page.status).toBe(410);
    const text = await pageText(page);
    expect(text).toContain("Lenken er utløpt");
    expect(text).toContain("Denne lenken er utløpt. Be den som delte den, om en ny.");
    expect(text).not.toContain("This link has expired");

    // The visitor's page has no JSON twin: an English reader reads the words it always had.
    const english = await pageText(await visitor.get(link.page));
    expect(english).toContain("This link has expired. Ask the person who shared it for a new one.");
    expect(english).toContain("Link expired");
  });

  test("a missing link and a wrong password read in Norwegian", async () => {
    const visitor = new Client(server.url);
    const missing = await visitor.get(`/fotoweb/shared/${"B".repeat(32)}`, NB);
    expect(missing.status).toBe(404);
    expect(await pageText(missing)).toContain("Det finnes ikke noe delt album på denne adressen.");

    const link = await createLink({ download: "none", password: "open-sesame" });
    const wrong = await visitor.request(link.page, {
      method: "POST",
      headers: { ...NB, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: "feil-gjetning" }),
    });
    expect(wrong.status).toBe(401);
    expect(await pageText(wrong)).toContain("Passordet er feil. Prøv igjen.");
  });
});

describe("the archive page's parameters", () => {
  test("too many search expressions: Norwegian on the page, English from its JSON twin", async () => {
    const query = Array.from({ length: 21 }, (_, i) => `q=${i}`).join("&");
    const page = await ownerClient.get(`${archive.href}?${query}`, NB);
    expect(page.status).toBe(400);
    expect(await pageText(page)).toContain("Bruk høyst 20 søkeuttrykk (q) om gangen.");

    const api = await ownerClient.request(`${archive.href}?${query}`, { headers: JSON_NB });
    expect(await problemOf(api)).toMatchObject({
      status: 400,
      value: "Use at most 20 search expressions (q) at once.",
    });
  });

  test("a folder that is no path reads in Norwegian", async () => {
    const page = await ownerClient.get(
      `${archive.href}?folder=${encodeURIComponent("a/../b")}`,
      NB,
    );
    expect(page.status).toBe(400);
    expect(await pageText(page)).toContain("Mappen er ikke en gyldig sti som 2024/Lofoten.");
  });
});

describe("the index browser", () => {
  test("a relative path: Norwegian on the page and for its script, English for programs", async () => {
    const page = await admin.get(`/fotoweb/views/admin/index-browser?path=photos`, NB);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain(
      "Skriv inn den fullstendige banen til en mappe, med / først.",
    );

    const search = (headers: Record<string, string>) =>
      admin.request(LINKS.apiIndexSearch, {
        method: "POST",
        headers: { ...JSON_NB, "content-type": "application/json", ...headers },
        body: JSON.stringify({ Query: "photos" }),
      });
    const program = await readApiJson<{ ConnectionError: string }>(await search({}));
    expect(program.ConnectionError).toBe("Enter the full path of a folder, starting with /.");
    const script = await readApiJson<{ ConnectionError: string }>(
      await search({ [READER_HEADER]: READER_PAGE }),
    );
    expect(script.ConnectionError).toBe(
      "Skriv inn den fullstendige banen til en mappe, med / først.",
    );
  });
});

describe("the batch page and the task page", () => {
  test("the batch page without assets reads in Norwegian", async () => {
    const page = await ownerClient.get(`${LINKS.batch}?op=metadata`, NB);
    expect(page.status).toBe(400);
    expect(await pageText(page)).toContain("Velg ressursene først.");
  });

  test("a field's refusal stored in the task: Norwegian on its page, English from the API", async () => {
    const page = await ownerClient.get(taskPagePath(jobId), NB);
    expect(page.status).toBe(200);
    expect(await pageText(page)).toContain(
      `${fieldLabel}: ${fieldLabel} har bare én verdi: sett den i stedet`,
    );

    const api = await ownerClient.request(taskHref(jobId), { headers: JSON_NB });
    expect(api.status).toBe(200);
    expect(JSON.stringify(await readApiJson(api))).toContain(
      `${fieldLabel}: ${fieldLabel} holds one value: set it instead`,
    );
  });

  test("the task page refuses anything but its undo in Norwegian", async () => {
    const page = await ownerClient.request(taskPagePath(jobId), {
      method: "POST",
      headers: { ...NB, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "rename" }),
    });
    expect(page.status).toBe(400);
    expect(await pageText(page)).toContain("Denne siden kan bare angre sin egen oppgave.");
  });
});
