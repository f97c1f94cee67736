import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { SAME_REVISION_ROLLBACK } from "~/models/asset/revision-history.server";
import { writeRevision } from "~/models/asset/revision-write.server";
import { FIELD } from "~/models/metadata/metadata-fields";
import { createUser, patchPreferences } from "~/models/user/user.server";
import { insertAsset } from "../helpers/assets";
import { readApiJson } from "../helpers/api-contract";
import { createEditorView } from "../helpers/editor-fixture";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { inEnglish } from "../helpers/keyed";

/*
 * The asset page, its revisions and the batch page in the person's language (issue 32, decision
 * 101): the pages' words, dates in the reader's zone with the zone named, the toasts and form
 * messages their actions make for a page; the API's answers stay English. The English of the same
 * pages is http-asset-details.test.ts's, http-asset-edit.test.ts's and http-revisions.test.ts's.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };

let server: TestServer;
let archive: Archive;
let assetId: number;
let page: string;
let revisions: string;
let digits: number;
let editor: Client;
let oslo: Client;

async function edit(id: number, title: string) {
  await db()
    .transaction()
    .execute((trx) =>
      writeRevision(trx, id, { kind: "edit", userId: null, fields: { [FIELD.title]: title } }),
    );
}

beforeAll(async () => {
  server = await startTestServer();
  const view = await createEditorView("Asset l10n test");
  digits = view.digits;
  archive = await createArchive({
    name: "Havn",
    config: { MetadataSetId: view.viewId },
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: [
          "View",
          "Preview",
          "Download",
          "EditText",
          "HistoryView",
          "HistoryRollback",
          "HistoryManage",
        ],
        autoSearch: "",
      },
    ],
  });
  assetId = await insertAsset(archive, {
    fileName: "brygge.jpg",
    metadata: { "120": "Gammel tekst" },
  });
  for (const title of ["Andre", "Tredje"]) await edit(assetId, title);
  page = assetHref(archive.id, archive.name, { id: assetId, fileName: "brygge.jpg" });
  revisions = `${page}/__revisions/`;
  await createUser({ username: "redaktor", password: "redaktor-password-1" });
  editor = new Client(server.url);
  await editor.signIn("redaktor", "redaktor-password-1");
  const kari = await createUser({ username: "kari", password: "kari-password-1" });
  await patchPreferences(kari.id, { intranet: { language: "nb", timeZone: "Europe/Oslo" } });
  oslo = new Client(server.url);
  await oslo.signIn("kari", "kari-password-1");
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the asset page", () => {
  test("in Norwegian: its navigation, sections, file facts, editor and revisions", async () => {
    const html = await (await editor.get(page, NB)).text();
    expect(langOf(html)).toBe("nb");
    const main = mainOf(html);
    for (const words of [
      'aria-label="Ressursnavigasjon"',
      "Tilbake til Havn",
      ">Detaljer</h2>",
      ">Filnavn<",
      ">Last ned</h2>",
      ">Last ned originalen<",
      ">Fil</h2>",
      ">Filstørrelse<",
      ">Dimensjoner<",
      "piksler",
      ">Utskriftsstørrelse ved 300 ppi<",
      ">Lastet opp<",
      ">Rediger metadata<",
      ">Revisjoner</h2>",
      "3 revisjoner.",
      ">Åpne revisjonshistorikken<",
    ])
      expect(main).toContain(words);
    for (const english of ["Back to", "File size", "Edit metadata", "Uploaded"])
      expect(main).not.toContain(english);
  });

  test("in German, and the upload time in the site's zone, named", async () => {
    const html = await (await editor.get(page, DE)).text();
    expect(langOf(html)).toBe("de");
    const main = mainOf(html);
    for (const words of [
      "Zurück zu Havn",
      ">Dateigröße<",
      ">Original herunterladen<",
      ">Metadaten bearbeiten<",
      ">Revisionen</h2>",
      "3 Revisionen.",
    ])
      expect(main).toContain(words);
    expect(main).toMatch(/<time dateTime="[^"]+">[^<]*UTC<\/time>/);
  });

  test("in the zone the reader saved, which the time names", async () => {
    const main = mainOf(await (await oslo.get(page)).text());
    expect(main).toContain(">Lastet opp<");
    expect(main).toMatch(/<time dateTime="[^"]+">[^<]*(CET|CEST|MEZ|MESZ|GMT\+[12])<\/time>/);
  });

  test("the plain form of every field in Norwegian", async () => {
    const main = mainOf(await (await editor.get(`${page}?edit=metadata`, NB)).text());
    expect(main).toContain('aria-label="Rediger metadata"');
    expect(main).toContain(">Lagre<");
    expect(main).toContain(">Avbryt<");
    expect(main).toContain("Én verdi per linje.");
  });

  test("a save's toast in Norwegian; the inline editor's answer in German", async () => {
    const saved = await editor.post(
      `${page}?edit=metadata`,
      { edit: "120", "field.120": "Ny tekst" },
      NB,
    );
    expect(toastOf(await landing(editor, saved, NB))).toBe("Description er lagret.");
    const unchanged = await editor.post(
      `${page}?edit=metadata`,
      { edit: "120", "field.120": "Ny tekst" },
      NB,
    );
    expect(toastOf(await landing(editor, unchanged, NB))).toBe("Ingenting ble endret.");
    const inline = await editor.post(
      `${page}?_data=${encodeURIComponent("routes/fotoweb.archives.$archive.$asset")}`,
      { _fetch: "1", edit: "120", "field.120": "Neuer Text" },
      DE,
    );
    expect(await readApiJson(inline)).toEqual({ ok: true, message: "Description gespeichert." });
  });

  test("a refused save says so in Norwegian above the fields", async () => {
    const response = await editor.request(`${page}?edit=metadata`, {
      method: "POST",
      body: new URLSearchParams([
        ["edit", String(digits)],
        [`field.${digits}`, "tolv"],
      ]),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        ...NB,
      },
    });
    expect(response.status).toBe(400);
    expect(mainOf(await response.text())).toContain("Noen felt må rettes. Ingenting ble lagret.");
  });
});

describe("the revisions", () => {
  test("the list in Norwegian, its times in the reader's zone", async () => {
    const html = await (await oslo.get(revisions)).text();
    expect(titleOf(html)).toMatch(/^Revisjoner av .+ \| Arkiv$/);
    const main = mainOf(html);
    for (const words of [
      "Revisjoner av",
      ">Tilbakerulling gjenoppretter<",
      ">Hele revisjonen<",
      ">Sammenlign<",
      ">Når<",
      ">Gjeldende<",
      "Metadataendring",
      'aria-label="Sammenlign revisjon 1"',
      'aria-label="Rull tilbake til revisjon 1 som en ny revisjon"',
      'aria-label="Slett revisjon 1"',
      ">Sammenlign de to avkryssede revisjonene<",
    ])
      expect(main).toContain(words);
    expect(main).toMatch(/<time dateTime="[^"]+">[^<]*(CET|CEST|MEZ|MESZ|GMT\+[12])<\/time>/);
  });

  test("rollback-to asks first in German, without JavaScript", async () => {
    const main = mainOf(await (await editor.get(`${revisions}?rollbackTo=1`, DE)).text());
    expect(main).toContain("Auf Revision 1 zurücksetzen?");
    // The saves above made revisions of their own: how many go is counted, not fixed here.
    expect(main).toMatch(
      /Revision 1 wird die aktuelle, und die \d+ späteren Revisionen werden gelöscht\./,
    );
    expect(main).toMatch(/>Zurücksetzen und \d+ spätere Revisionen löschen</);
  });

  test("the compare page in German", async () => {
    const html = await (await editor.get(`${revisions}compare?left=1&right=2`, DE)).text();
    expect(titleOf(html)).toMatch(/^Revisionen 1 und 2 von .+ \| Arkiv$/);
    const main = mainOf(html);
    expect(main).toContain(">Zurück zu den Revisionen<");
    expect(main).toContain(">Felder</h2>");
    expect(main).toContain(">Dateiname<");
  });

  test("a plain form's rollback, refusal and delete toast in Norwegian", async () => {
    const current = (await readApiJson<{ total: number }>(await editor.getJson(revisions))).total;
    const rolled = await editor.post(`${revisions}1/rollback`, { rollbackType: "full" }, NB);
    expect(toastOf(await landing(editor, rolled, NB))).toBe(
      `Revisjon 1 er gjenopprettet som revisjon ${current + 1}.`,
    );
    const refused = await editor.post(`${revisions}${current + 1}/rollback`, {}, NB);
    expect(toastOf(await landing(editor, refused, NB))).toBe(
      "Denne revisjonen er allerede den gjeldende.",
    );
    const deleted = await editor.post(`${revisions}2`, {}, NB);
    expect(toastOf(await landing(editor, deleted, NB))).toBe("Revisjon 2 er slettet.");
  });

  test("the API keeps English, whatever the language asked", async () => {
    const body = await readApiJson<{
      data: { kindLabel: string; number: number; current: boolean }[];
    }>(await editor.request(revisions, { headers: { accept: "application/json", ...NB } }));
    expect(body.data.some((r) => r.kindLabel === "Metadata edit")).toBe(true);
    const currentNumber = body.data.find((r) => r.current)!.number;
    const refused = await editor.request(`${revisions}${currentNumber}/rollback`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...NB },
      body: JSON.stringify({ rollbackType: "full" }),
    });
    expect(refused.status).toBe(409);
    expect((await readApiJson<{ value: string }>(refused)).value).toBe(
      inEnglish(SAME_REVISION_ROLLBACK),
    );
  });
});

describe("the batch page", () => {
  test("its title and heading in Norwegian, and a form message", async () => {
    const url = `/fotoweb/views/batch?op=metadata&asset=${assetId}`;
    const html = await (await editor.get(url, NB)).text();
    expect(titleOf(html)).toBe("Rediger metadata | Arkiv");
    expect(mainOf(html)).toContain(">Valgte ressurser</h1>");
    // The panel's form posts to its own page's address, which names the selection.
    const refused = await editor.post(url, { op: "metadata", asset: String(assetId) }, NB);
    expect(refused.status).toBe(400);
    expect(mainOf(await refused.text())).toContain("Endre minst ett felt.");
  });
});
