import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { createAlbum } from "~/models/album/album.server";
import { MAX_ALBUM_BATCH } from "~/models/album/album.schema";
import { createTaxonomy } from "~/models/taxonomy/taxonomy-write.server";
import type { Viewer } from "~/models/user/user.schema";
import { createUser } from "~/models/user/user.server";
import { albumHref, LINKS, shareLinkAdminHref, taxonomyItemHref } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { langOf, mainOf } from "../helpers/page-html";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The refusals of albums, uploads, taxonomies, metadata and processing in the reader's language
 * (issue 32, decision 106): the page that asked shows the model's refusal in Norwegian with its
 * status, and the same request as JSON (the API) answers the English it always had.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const JSON_NB = { ...NB, accept: "application/json" };

let server: TestServer;
let owner: Viewer;
let client: Client;
let archive: Archive;
let albumId: number;
let rivers: number;
let admin: Client;

/** The error body of a JSON answer: its status and English value. */
async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/json/);
  return { status: response.status, ...(await readApiJson<{ value: string }>(response)) };
}

/** A page's visible text with HTML's escapes read back. */
async function pageText(response: Response) {
  return mainOf(await response.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

function multipart(fields: Record<string, string>, files: { name: string; data: Buffer }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("file", new Blob([new Uint8Array(f.data)]), f.name);
  return form;
}

/** Bytes no type we take begins with. */
const RUBBISH = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37 + 11) % 251));

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser({ username: "refusals", password: "refusals-pass-123" });
  client = new Client(server.url);
  await client.signIn("refusals", "refusals-pass-123");
  albumId = (await createAlbum(owner, { name: "Fjellturer", description: "" })).id;
  archive = await createArchive({
    name: "Opplasting",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "UploadFile"],
        autoSearch: "",
      },
    ],
  });
  const at = now();
  rivers = (
    await db()
      .insertInto("metadata_fields")
      .values({ label: "Elver", data_type: "text", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await createTaxonomy(rivers, { name: "Elv", pluralName: "Elver" });
  admin = new Client(server.url);
  await admin.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("albums", () => {
  test("an album that does not exist: Norwegian on the page, English from the API", async () => {
    const href = albumHref(owner.id, 987_654);
    const page = await client.get(href, NB);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(langOf(html)).toBe("nb");
    expect(mainOf(html)).toContain("Det finnes ikke noe album på denne adressen.");
    expect(mainOf(html)).not.toContain("There is no album");

    const api = await problemOf(await client.request(href, { headers: JSON_NB }));
    expect(api).toMatchObject({ status: 404, value: "There is no album at this address." });
  });

  test("a link of the album that does not exist reads in German on its page", async () => {
    const response = await client.get(shareLinkAdminHref(owner.id, albumId, 999_999), DE);
    expect(response.status).toBe(404);
    expect(await pageText(response)).toContain("Dieses Album hat keinen solchen Link.");
  });

  test("more assets at once than a batch holds: Norwegian on the page, English from the API", async () => {
    const ids = Array.from({ length: MAX_ALBUM_BATCH + 1 }, (_, i) => `asset=${i + 1}`);
    const page = await client.get(`${LINKS.addToAlbum}?${ids.join("&")}`, NB);
    expect(page.status).toBe(400);
    expect(await pageText(page)).toContain(
      `Legg til høyst ${MAX_ALBUM_BATCH} ressurser om gangen.`,
    );

    const hrefs = Array.from({ length: MAX_ALBUM_BATCH + 1 }, (_, i) => ({
      href: `/fotoweb/archives/5000-X/${i + 1}.info`,
    }));
    const api = await problemOf(
      await client.request(albumHref(owner.id, albumId), {
        method: "POST",
        headers: { ...JSON_NB, "content-type": "application/json" },
        body: JSON.stringify({ data: hrefs }),
      }),
    );
    expect(api).toMatchObject({
      status: 400,
      value: `Add at most ${MAX_ALBUM_BATCH} assets at once.`,
    });
  });

  test("a stale move on the album page is the form's refusal in Norwegian, its status kept", async () => {
    const response = await client.post(
      albumHref(owner.id, albumId),
      { intent: "move", asset: "1", after: "1" },
      NB,
    );
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain(
      "En ressurs kan ikke flyttes ved siden av seg selv.",
    );
  });
});

describe("uploads", () => {
  test("a file of no type we take: Norwegian on the upload page, English from the API", async () => {
    const page = await client.request("/fotoweb/views/upload", {
      method: "POST",
      headers: NB,
      body: multipart({ archive: String(archive.id) }, [{ name: "rot.jpg", data: RUBBISH }]),
    });
    expect(page.status).toBe(415);
    const text = await pageText(page);
    expect(text).toContain(
      "«rot.jpg»: Filtypen kunne ikke gjenkjennes ut fra innholdet, så filen blir ikke tatt imot.",
    );
    expect(text).not.toContain("could not be recognised");

    const api = await problemOf(
      await client.request(archive.href, {
        method: "POST",
        headers: JSON_NB,
        body: multipart({}, [{ name: "rot.jpg", data: RUBBISH }]),
      }),
    );
    expect(api).toMatchObject({
      status: 415,
      value:
        '"rot.jpg": The file\'s type could not be recognised from its content, so it is not accepted.',
    });
  });

  test("the upload panel's own call hears an HTML file refused in Norwegian", async () => {
    const panel = await problemOf(
      await client.request(archive.href, {
        method: "POST",
        headers: { ...JSON_NB, "x-arkiv-reader": "page" },
        body: multipart({}, [
          { name: "side.html", data: Buffer.from("<html><body>x</body></html>") },
        ]),
      }),
    );
    expect(panel).toMatchObject({
      status: 415,
      value:
        "«side.html»: HTML-filer blir ikke tatt imot, fordi en nettside kan kjøre skript. Lagre den som PDF, eller legg den i et ZIP-arkiv.",
    });
    const program = await problemOf(
      await client.request(archive.href, {
        method: "POST",
        headers: JSON_NB,
        body: multipart({}, [
          { name: "side.html", data: Buffer.from("<html><body>x</body></html>") },
        ]),
      }),
    );
    expect(program.value).toBe(
      '"side.html": HTML files are not accepted, because a web page can run script. Save it as PDF, or put it in a ZIP archive.',
    );
  });

  test("an empty file among good ones: the API lists it in English", async () => {
    const response = await client.request(archive.href, {
      method: "POST",
      headers: JSON_NB,
      body: multipart({}, [{ name: "tom.jpg", data: Buffer.alloc(0) }]),
    });
    expect(await problemOf(response)).toMatchObject({
      status: 400,
      value: '"tom.jpg": The file is empty (zero bytes).',
    });
  });

  test("an upload that is not multipart reads in Norwegian on the page", async () => {
    const response = await client.post("/fotoweb/views/upload", { archive: "1" }, NB);
    expect(response.status).toBe(415);
    expect(await pageText(response)).toContain("Send filene som multipart/form-data.");
  });
});

describe("taxonomies and metadata", () => {
  test("a taxonomy item not found: Norwegian on the tree page, English from the API", async () => {
    // A delete of an item that is gone: the tree page shows the refusal, read in Norwegian.
    const page = await admin.post(
      `${LINKS.adminTaxonomies}/${rivers}`,
      { intent: "delete", item: "999999" },
      NB,
    );
    expect(page.status).toBe(404);
    expect(await pageText(page)).toContain(
      "Det finnes ikke noe taksonomielement på denne adressen.",
    );

    const api = await problemOf(
      await admin.request(taxonomyItemHref(rivers, 999_999), { headers: JSON_NB }),
    );
    expect(api).toMatchObject({
      status: 404,
      value: "There is no taxonomy item at this address.",
    });

    const missing = await admin.get(`${LINKS.adminTaxonomies}/99999`, NB);
    expect(missing.status).toBe(404);
    expect(await pageText(missing)).toContain("Det finnes ingen taksonomi på denne adressen.");

    const picker = await admin.get(`${LINKS.taxonomyPicker}99999`, NB);
    expect(picker.status).toBe(404);
    expect(await pageText(picker)).toContain("Det finnes ingen taksonomi på denne adressen.");
  });

  test("a metadata field not found: Norwegian on its page, English from the API", async () => {
    const page = await admin.get(`${LINKS.adminMetadata}/fields/999999`, NB);
    expect(page.status).toBe(404);
    expect(await pageText(page)).toContain("Det finnes ikke noe metadatafelt på denne adressen.");

    const api = await problemOf(
      await admin.request("/fotoweb/api/config/metadata/fields/999999", { headers: JSON_NB }),
    );
    expect(api).toMatchObject({
      status: 404,
      value: "There is no metadata field at this address.",
    });
  });
});
