import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createArchive } from "~/models/archive/archive.server";
import { FIXED_FIELD } from "~/models/metadata/metadata.schema";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The metadata administration in the reader's language (issue 32, decision 101): the fields and
 * views pages, the editors, a built-in field's facts and a view as browsers read it, in Norwegian
 * with German spot checks; a post's refusals (JavaScript off) and the model's refusals in
 * Norwegian, the toasts of a save and a delete; the configuration API's answers to the same
 * mistakes stay English. The English is http-metadata-admin.test.ts's.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const ADMIN = "/fotoweb/views/admin/metadata";
const CONFIG = "/fotoweb/api/config/metadata";

let server: TestServer;
let owner: Client;

const fieldForm = (label: string, extra: Record<string, string> = {}) => ({
  intent: "save",
  GuiLabel: label,
  DataType: "text",
  MaxSize: "200",
  Namespace: "custom",
  Group: "Desk",
  ...extra,
});

const viewForm = (name: string, title: number, extra: Record<string, string> = {}) => ({
  intent: "save",
  Name: name,
  "BuiltinFields.Title.Field": String(title),
  "BuiltinFields.Title.IsWritable": "on",
  "BuiltinFields.Description.Field": "120",
  "BuiltinFields.Description.IsWritable": "on",
  "BuiltinFields.Tags.Field": "25",
  "BuiltinFields.Tags.IsWritable": "on",
  "BuiltinFields.Status.Field": String(FIXED_FIELD.status),
  "BuiltinFields.Rating.Field": String(FIXED_FIELD.rating),
  "BuiltinFields.Notes.Field": String(FIXED_FIELD.notes),
  ...extra,
});

const json = (method: string, path: string, body: unknown) =>
  owner.request(path, {
    method,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", accept: "application/json", ...NB },
  });

beforeAll(async () => {
  server = await startTestServer();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the metadata pages in Norwegian and German", () => {
  test("the fields list: title, tabs, filters, table and a built-in field's data type", async () => {
    const html = await (await owner.get(ADMIN, NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Metadatafelt | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Metadatafelt<",
      'aria-label="Metadataadministrasjon"',
      ">Visninger<",
      ">Legg til et egendefinert felt<",
      'aria-label="Filtrer feltene"',
      ">Navnerom<",
      ">Søk<",
      ">Filtrer<",
      " felt</p>",
      "(innebygd)",
      ">Datatype<",
      ">Tekst<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Add a custom field");
    expect(main).not.toContain("@@");
    const german = await (await owner.get(ADMIN, DE)).text();
    expect(titleOf(german)).toBe("Metadatenfelder | Arkiv");
    expect(mainOf(german)).toContain(">Eigenes Feld hinzufügen<");
  });

  test("the field editor and a built-in field's facts", async () => {
    const html = await (await owner.get(`${ADMIN}/fields/new`, NB)).text();
    expect(titleOf(html)).toBe("Legg til metadatafelt | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Legg til metadatafelt<",
      'aria-label="Nytt metadatafelt"',
      "Største lengde (tegn)",
      "Flere verdier (Bag)",
      "Nedtrekksliste med fri inntasting",
      "Mønster (regulært uttrykk)",
      "Vises når en verdi ikke passer mønsteret.",
      ">Verdier i nedtrekkslisten<",
      "Verdi 1",
      ">Opprett feltet<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Create field");
    const builtIn = await (await owner.get(`${ADMIN}/fields/5`, NB)).text();
    expect(titleOf(builtIn)).toBe("Title | Metadatafelt | Arkiv");
    for (const words of [
      ">Metadatafelt Title (5)<",
      "Et innebygd felt: det kan ikke endres eller fjernes.",
      ">Flere verdier<",
      ">Nei<",
      ">1000 tegn<",
    ])
      expect(mainOf(builtIn)).toContain(words);
  });

  test("the views list, the view editor and the view as browsers read it", async () => {
    const list = await (await owner.get(`${ADMIN}/views`, NB)).text();
    expect(titleOf(list)).toBe("Metadatavisninger | Arkiv");
    for (const words of [">Legg til en metadatavisning<", ">Brukes av arkivene<", ">Områder<"])
      expect(mainOf(list)).toContain(words);
    const editor = await (await owner.get(`${ADMIN}/views/default`, NB)).text();
    expect(titleOf(editor)).toMatch(/ \| Metadatavisninger \| Arkiv$/);
    const main = mainOf(editor);
    for (const words of [
      ">Identifikasjon<",
      ">Innebygde felt<",
      ">Tittel<",
      "Felt for tittel",
      "(fast)",
      ">Skrivbart<",
      ">Detaljområder<",
      ">Legg til område<",
      ">Lagre visningen<",
      "Standardvisningen kan ikke slettes",
      ">Slett denne visningen<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Save view");
    // The page's own link to the view as browsers read it.
    const href = /href="([^"]+)"[^>]*>Se visningen slik brukerne ser den</.exec(main)?.[1];
    expect(href).toBeDefined();
    const set = mainOf(await (await owner.get(href!, NB)).text());
    for (const words of [">Innebygde felt<", ">Rolle og felt<", "Tittel: Title", ">Skrivbart<"])
      expect(set).toContain(words);
    const german = await (await owner.get(`${ADMIN}/views/new`, DE)).text();
    expect(titleOf(german)).toBe("Metadatenansicht hinzufügen | Arkiv");
    expect(mainOf(german)).toContain(">Detailbereiche<");
  });
});

describe("refusals in Norwegian, JavaScript off; the API's stay English", () => {
  test("a field's and a view's mistakes, all at once", async () => {
    const field = await owner.post(`${ADMIN}/fields/new`, fieldForm(" ", { MaxSize: "0" }), NB);
    expect(field.status).toBe(400);
    const main = mainOf(await field.text());
    expect(main).toContain("Skriv inn en etikett");
    expect(main).toContain("Minst 1 tegn");
    expect(main).not.toContain("Enter a label");
    expect(main).not.toContain("@@");
    const view = await owner.post(
      `${ADMIN}/views/new`,
      viewForm("", 5, {
        "DetailRegions[0].Name": "Sak",
        "DetailRegions[1].Name": "sak",
        "DetailRegions[1].Fields[0].Field": "999",
      }),
      NB,
    );
    expect(view.status).toBe(400);
    const refused = mainOf(await view.text());
    expect(refused).toContain("Skriv inn et navn");
    expect(refused).toContain("Et annet område heter allerede «sak»");
    expect(refused).toContain("Det finnes ikke noe metadatafelt 999");
    expect(refused).not.toContain("@@");
  });

  test("the configuration API answers the same mistakes in English", async () => {
    const field = await json("POST", `${CONFIG}/fields/`, { GuiLabel: " ", MaxSize: 0 });
    expect(field.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(field);
    expect(body.fieldErrors.GuiLabel).toBe("Enter a label");
    expect(body.fieldErrors.MaxSize).toBe("At least 1 character");
    const view = await json("POST", "/fotoweb/api/config/metadataviews/", {
      Name: "Sak",
      BuiltinFields: { Title: { Field: 5 }, Description: { Field: 120 }, Tags: { Field: 25 } },
      DetailRegions: [
        { Name: "Sak", Fields: [] },
        { Name: "sak", Fields: [{ Field: 999 }] },
      ],
    });
    expect(view.status).toBe(400);
    const refused = await readApiJson<{ fieldErrors: Record<string, string> }>(view);
    expect(refused.fieldErrors).toMatchObject({
      "DetailRegions.1.Name": 'Another region is already named "sak"',
      "DetailRegions.1.Fields.0.Field": "There is no metadata field 999",
    });
  });
});

describe("toasts and the model's refusals in Norwegian", () => {
  test("a field and a view saved, refused while in use, then deleted", async () => {
    const created = await owner.post(`${ADMIN}/fields/new`, fieldForm("Oppdrag"), NB);
    const id = /\/fields\/(\d+)$/.exec(created.headers.get("location") ?? "")?.[1];
    expect(toastOf(await landing(owner, created, NB))).toBe(`Feltet Oppdrag (${id}) er lagret.`);
    const view = await owner.post(
      `${ADMIN}/views/new`,
      viewForm("Nyheter", Number(id), { Id: "nyheter" }),
      NB,
    );
    expect(toastOf(await landing(owner, view, NB))).toBe("Metadatavisningen Nyheter er lagret.");

    // A change the view cannot take: the model's refusal and the view's problem, in Norwegian.
    const breaks = await owner.post(
      `${ADMIN}/fields/${id}`,
      fieldForm("Oppdrag", { MultiInstance: "on" }),
      NB,
    );
    expect(breaks.status).toBe(409);
    expect(mainOf(await breaks.text())).toContain(
      "Metadatavisninger bruker dette feltet på en måte endringen ville ødelegge. Nyheter: Tittelen tar et tekstfelt med én verdi (Single)",
    );
    const api = await json("PUT", `${CONFIG}/fields/${id}`, {
      GuiLabel: "Oppdrag",
      MultiInstance: true,
    });
    expect(api.status).toBe(409);
    const body = await readApiJson<{ value: string; messages?: string[] }>(api);
    expect(body.value).toBe("Metadata views use this field in a way the change breaks.");
    expect(body.messages).toEqual(["Nyheter: The title takes a single-value text field (Single)"]);

    await createArchive({ name: "Vaktdesk", config: { MetadataSetId: "nyheter" } });
    const page = mainOf(await (await owner.get(`${ADMIN}/views/nyheter`, NB)).text());
    expect(page).toContain("Brukes av arkivene Vaktdesk");
    expect(page).toContain(
      "Arkivene «Vaktdesk» bruker denne visningen: velg en annen for dem først.",
    );
    const inUse = await owner.post(`${ADMIN}/views/nyheter`, { intent: "delete" }, NB);
    expect(inUse.status).toBe(409);
    expect(mainOf(await inUse.text())).toContain(
      "bruker denne metadatavisningen: velg en annen for dem først.",
    );
    const apiInUse = await owner.request("/fotoweb/api/config/metadataviews/nyheter", {
      method: "DELETE",
      headers: { accept: "application/json", ...NB },
    });
    expect(apiInUse.status).toBe(409);
    expect((await readApiJson<{ value: string }>(apiInUse)).value).toBe(
      'The archives "Vaktdesk" use this metadata view: choose another for them first.',
    );

    await db()
      .updateTable("archives")
      .set({ config: "{}" })
      .where("name", "=", "Vaktdesk")
      .execute();
    const viewGone = await owner.post(`${ADMIN}/views/nyheter`, { intent: "delete" }, NB);
    expect(toastOf(await landing(owner, viewGone, NB))).toBe(
      "Metadatavisningen Nyheter er slettet.",
    );
    const fieldGone = await owner.post(`${ADMIN}/fields/${id}`, { intent: "delete" }, DE);
    expect(toastOf(await landing(owner, fieldGone, DE))).toBe(
      `Das Feld Oppdrag (${id}) ist gelöscht.`,
    );
  });
});
