import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, now } from "~/db/connection.server";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createItem, createTaxonomy } from "~/models/taxonomy/taxonomy-write.server";
import { taxonomyItems } from "~/models/taxonomy/taxonomy.server";
import { LINKS, taxonomyHref } from "~/utils/links";
import { createTaxonomyFieldsFixture } from "../../scripts/seeds/taxonomy-fields";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { TEST_ADMIN } from "../helpers/database";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The taxonomies in the reader's language (issue 32, decision 101): the administration pages
 * (list, tree, item form, import), the picker's browse page and the plain picker on an asset's
 * edit form, in Norwegian with German spot checks: titles, words, a plain form's refusals by their
 * fields, an import's problems by line, toasts. The API answers the same bad input in the English
 * it always had (http-taxonomy-admin and -api hold the English pages and answers).
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const LIST = LINKS.adminTaxonomies;
const tree = (field: number) => `${LIST}/${field}`;
const ROUTE = "routes/fotoweb.views.taxonomy-picker.$field";

let server: TestServer;
let owner: Client;
let peaks: number;
let rivers: number;
let archive: Archive;
let asset: number;

async function textField(label: string): Promise<number> {
  const at = now();
  const row = await db()
    .insertInto("metadata_fields")
    .values({ label, data_type: "text", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A CSV import through the page's form (multipart, as a browser sends it). */
function importOnPage(field: number, csv: string) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", new Blob([csv], { type: "text/csv" }), "terms.csv");
  return owner.request(tree(field), { method: "POST", body: form, headers: NB });
}

const BAD_CSV = [
  "path,name,value,description,customSearch,acl",
  ",Green,,,,",
  "Nowhere,Lost,,,,",
  ',  ,,,"a AND (",',
].join("\n");

beforeAll(async () => {
  server = await startTestServer();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  peaks = await textField("Fjelltopper");
  rivers = await textField("Elver");
  await createTaxonomy(rivers, { name: "Elv", pluralName: "Elver" });
  const fx = await createTaxonomyFieldsFixture("Tax l10n");
  archive = await createArchive({ name: "Termer", config: { MetadataSetId: fx.viewId } });
  asset = await insertAsset(archive, { fileName: "termer.jpg", metadata: {} });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the list of taxonomies in Norwegian and German", () => {
  test("title, words, the create form", async () => {
    const html = await (await owner.get(LIST, NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Taksonomier | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Taksonomier<",
      "Trær av termer som folk velger fra når de fyller ut et tekstfelt.",
      "feltet Elver (",
      ">Opprett en taksonomi<",
      ">Tekstfelt<",
      ">Velg et felt<",
      ">Flertallsnavn<",
      ">Opprett taksonomi<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Create taxonomy");
    const german = await (await owner.get(LIST, DE)).text();
    expect(titleOf(german)).toBe("Taxonomien | Arkiv");
    expect(mainOf(german)).toContain(">Taxonomie erstellen<");
  });

  test("a bad post's refusals by their fields (no JavaScript), then the toast", async () => {
    const bad = await owner.post(LIST, { intent: "create", pluralName: " " }, NB);
    expect(bad.status).toBe(400);
    const main = mainOf(await bad.text());
    expect(main).toContain("Velg et tekstfelt.");
    expect(main).toContain("Gi taksonomien et flertallsnavn.");
    expect(main).not.toContain("@@");
    const long = await owner.post(
      LIST,
      { intent: "create", field: String(peaks), pluralName: "x".repeat(201) },
      NB,
    );
    expect(long.status).toBe(400);
    expect(mainOf(await long.text())).toContain("Bruk høyst 200 tegn i flertallsnavnet.");
    const made = await owner.post(
      LIST,
      { intent: "create", field: String(peaks), pluralName: "Fjelltopper" },
      NB,
    );
    expect(toastOf(await landing(owner, made, NB))).toBe("Taksonomien er opprettet.");
  });

  test("the delete question and its toast", async () => {
    const field = await textField("Innsjøer");
    await createTaxonomy(field, { pluralName: "Innsjøer" });
    const ask = mainOf(await (await owner.get(`${LIST}?delete=${field}`, NB)).text());
    expect(ask).toContain(
      "Vil du slette taksonomien til Innsjøer med alle elementene? Feltet beholder verdiene sine.",
    );
    const gone = await owner.post(LIST, { intent: "delete", field: String(field) }, NB);
    expect(toastOf(await landing(owner, gone, NB))).toBe("Taksonomien er slettet.");
  });
});

describe("one taxonomy's tree in Norwegian", () => {
  test("its words, an item form's refusals by their fields, and the toasts", async () => {
    const empty = mainOf(await (await owner.get(tree(rivers), NB)).text());
    for (const words of [
      ">Taksonomier<",
      "Denne taksonomien har ingen elementer ennå.",
      ">Legg til element på øverste nivå<",
      ">Eksporter CSV<",
      "Søk etter elementer",
      ">Søk i treet<",
      ">Import<",
      "CSV-fil (høyst 512 KB)",
      ">Importer<",
    ])
      expect(empty).toContain(words);

    const form = mainOf(await (await owner.get(`${tree(rivers)}?add=root`, NB)).text());
    for (const words of [">Legg til element<", ">Etikett<", ">Verdi<", ">Tillater<", "Velge"])
      expect(form).toContain(words);
    const blank = await owner.post(tree(rivers), { intent: "add", name: " ", value: "" }, NB);
    expect(blank.status).toBe(400);
    const refused = mainOf(await blank.text());
    expect(refused).toContain("Gi elementet et navn.");
    expect(refused).not.toContain("Give the item a name.");
    const search = await owner.post(
      tree(rivers),
      { intent: "add", name: "Glomma", customSearch: "a AND (" },
      NB,
    );
    expect(search.status).toBe(400);
    expect(mainOf(await search.text())).toMatch(/Ugyldig søkeuttrykk: [A-ZÆØÅ][^@<]+/);

    const added = await owner.post(tree(rivers), { intent: "add", name: "Glomma", acl: "Set" }, NB);
    expect(toastOf(await landing(owner, added, NB))).toBe("La til Glomma.");
    const [glomma] = (await taxonomyItems(rivers, null, { canEdit: true })).items;
    await createItem(rivers, glomma!.id, { name: "Vorma", acl: ["Navigate"] });
    const opened = mainOf(await (await owner.get(`${tree(rivers)}?open=${glomma!.id}`, NB)).text());
    expect(opened).toContain('aria-label="Lukk Glomma"');
    expect(opened).toContain('aria-label="Under Glomma"');
    expect(opened).toContain("(kan ikke velges)");
    expect(opened).toContain("Legg til underelement<span");
    const ask = mainOf(await (await owner.get(`${tree(rivers)}?delete=${glomma!.id}`, NB)).text());
    expect(ask).toContain("Vil du slette <strong>Glomma</strong> og alt under?");
    const gone = await owner.post(tree(rivers), { intent: "delete", item: String(glomma!.id) }, NB);
    expect(toastOf(await landing(owner, gone, NB))).toBe("Slettet 2 elementer.");
  });

  test("an import's problems by line, and the API's the same in English", async () => {
    const page = await importOnPage(rivers, BAD_CSV);
    expect(page.status).toBe(400);
    const main = mainOf(await page.text());
    expect(main).toContain('aria-label="Problemer"');
    expect(main).toContain(
      "Linje 3: forelderen «Nowhere» finnes verken i taksonomien eller på en tidligere linje.",
    );
    expect(main).toMatch(/Linje 4: Gi elementet et navn\. Ugyldig søkeuttrykk: [A-ZÆØÅ]/);
    expect(main).not.toContain("Line 3");
    expect(main).not.toContain("@@");

    const api = await owner.request(`${taxonomyHref(rivers)}import`, {
      method: "POST",
      headers: { "content-type": "text/csv", accept: "application/json", ...NB },
      body: BAD_CSV,
    });
    expect(api.status).toBe(400);
    const body = await readApiJson<{ value: string; messages: string[] }>(api);
    expect(body.value).toBe("The file was not imported: 2 problem(s).");
    expect(body.messages[0]).toBe(
      'Line 3: the parent "Nowhere" is neither in the taxonomy nor on an earlier line.',
    );
    expect(body.messages[1]).toMatch(
      /^Line 4: Give the item a name\. InvalidSearchExpression: [A-Z]/,
    );
    expect(JSON.stringify(body)).not.toContain("@@");
  });

  test("the API's refusals of the same bad items stay English", async () => {
    const post = (item: Record<string, string>) =>
      owner.request(taxonomyHref(rivers), {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json", ...NB },
        body: JSON.stringify(item),
      });
    const value = async (response: Response) => {
      expect(response.status).toBe(400);
      return (await readApiJson<{ value: string }>(response)).value;
    };
    expect(await value(await post({ name: " " }))).toBe("Give the item a name.");
    expect(await value(await post({ name: "x".repeat(201) }))).toBe(
      "Keep the name to 200 characters.",
    );
    expect(await value(await post({ name: "x", customSearch: "a AND (" }))).toMatch(
      /^InvalidSearchExpression: [A-Z][^@]+$/,
    );
  });
});

describe("the pickers in Norwegian", () => {
  test("the browse page: title, words, adding a term with its toast", async () => {
    const page = `${LINKS.taxonomyPicker}${rivers}`;
    const html = await (await owner.get(page, NB)).text();
    expect(titleOf(html)).toBe("Velg Elver | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Velg Elver<",
      'aria-label="Hvor i taksonomien"',
      ">Søk etter termer<",
      ">Søk<",
      "Ny term i Elv<",
      'aria-label="Søk i Elv"',
      ">Legg til term<",
    ])
      expect(main).toContain(words);
    const added = await owner.post(page, { name: "Otra" }, NB);
    expect(toastOf(await landing(owner, added, NB))).toBe("Otra er lagt til.");
    expect(mainOf(await (await owner.get(page, NB)).text())).toContain("Termer 1–1 av 1.");
    expect(titleOf(await (await owner.get(page, DE)).text())).toBe("Elver auswählen | Arkiv");
  });

  test("the picker's refusal comes in the page's language for the JavaScript picker", async () => {
    const refused = await owner.request(
      `${LINKS.taxonomyPicker}${rivers}?_data=${encodeURIComponent(ROUTE)}`,
      {
        method: "POST",
        body: new URLSearchParams({ name: " ", _fetch: "1" }),
        headers: { "content-type": "application/x-www-form-urlencoded", ...NB },
      },
    );
    expect(refused.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(refused);
    expect(body.fieldErrors.name).toBe("Gi elementet et navn.");
  });

  test("the plain picker on an asset's edit form, and the asset page carries the area", async () => {
    const href = assetHref(archive.id, archive.name, { id: asset, fileName: "termer.jpg" });
    const html = (await (await owner.get(`${href}?edit=metadata`, NB)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(mainOf(html)).toContain("Bla gjennom alle termer i Tax l10n subjects");
    expect(mainOf(html)).toMatch(/<option value=""[^>]*>Ingen verdi<\/option>/);
    expect(mainOf(html)).not.toContain("Browse all terms");
    expect(html).toMatch(/<script id="arkiv-messages"[^>]*>[^<]*"taxonomy":\{/);
  });
});
