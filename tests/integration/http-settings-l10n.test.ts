import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createArchive } from "~/models/archive/archive.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * Archive administration and site settings in the reader's language (issue 32, decision 101):
 * the archive list, the archive dialog (its refusals, every one at once, and its toast), the
 * trash can and the site settings page in Norwegian, with German spot checks; the configuration
 * API's refusals stay English. The English of the same pages is http-archive-*.test.ts's and
 * http-management.test.ts's.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const LIST = "/fotoweb/views/admin/archives";
const NEW_PAGE = "/fotoweb/views/admin/archives/new";
const TRASH = "/fotoweb/views/admin/trash";
const MANAGEMENT = "/fotoweb/views/management";
const API = "/fotoweb/api/config/archives";
const page = (id: number) => `/fotoweb/views/admin/archives/${id}`;

let server: TestServer;
let owner: Client;
let archiveId: number;

/** The dialog's form as a browser without JavaScript posts it (the fields that matter here). */
function dialogForm(fields: Record<string, string>, headers: Record<string, string>) {
  return owner.request(NEW_PAGE, {
    method: "POST",
    body: new URLSearchParams({
      Name: "",
      Description: "",
      Enabled: "on",
      Revision: "0",
      Color: "#4D4D4D",
      IconCharacter: "Folder",
      Path: "",
      Pool: "default",
      AutoSearch: "",
      MetadataSetId: "default",
      ...fields,
    }),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
      ...headers,
    },
    redirect: "manual",
  });
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  const archive = await createArchive({ name: "Fjordbilder", members: [] });
  archiveId = archive.id;
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("archive administration in Norwegian and German", () => {
  test("the archive list: title, heading, a row's words and actions", async () => {
    const html = await (await owner.get(LIST, NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Administrer arkiver | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Administrer arkiver<",
      ">Legg til arkiv<",
      ">Papirkurv<",
      'aria-label="Arkiver, i den rekkefølgen de vises"',
      "0 ressurser · ",
      ">Aktivert<",
      'aria-label="Skjul: Fjordbilder"',
      'aria-label="Slett: Fjordbilder"',
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Manage archives");
    const german = mainOf(await (await owner.get(LIST, DE)).text());
    expect(german).toContain(">Archive verwalten<");
    expect(german).toContain('aria-label="Ausblenden: Fjordbilder"');
  });

  test("the delete confirmation without JavaScript, and the toast after hiding", async () => {
    const main = mainOf(await (await owner.get(`${LIST}?delete=${archiveId}`, NB)).text());
    expect(main).toContain('aria-label="Slett Fjordbilder"');
    expect(main).toContain(
      "Vil du slette arkivet Fjordbilder? Det flyttes til papirkurven og kan gjenopprettes derfra i",
    );
    expect(main).toContain(">Flytt til papirkurven<");
    const hidden = await owner.post(LIST, { intent: "hide", id: String(archiveId) }, NB);
    expect(toastOf(await landing(owner, hidden, NB))).toBe("Fjordbilder er skjult.");
    const shown = await owner.post(LIST, { intent: "show", id: String(archiveId) }, DE);
    expect(toastOf(await landing(owner, shown, DE))).toBe("Fjordbilder ist eingeblendet.");
  });

  test("the archive dialog: its tabs and fields in Norwegian", async () => {
    const html = await (await owner.get(page(archiveId), NB)).text();
    expect(titleOf(html)).toBe("Arkivdetaljer: Fjordbilder | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Arkivdetaljer<",
      ">Generelt<",
      ">Eksport/import<",
      ">Tilgangsliste<",
      ">Egendefinerte egenskaper<",
      ">Identifikasjon<",
      ">Navigasjonsrute<",
      ">Automatisk søkefilter<",
      ">Miniatyrbilder og forhåndsvisninger<",
      ">Legg til medlemmer<",
      ">Lagre<",
      ">Avbryt<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain(">Export/Import<");
    const german = mainOf(await (await owner.get(NEW_PAGE, DE)).text());
    expect(german).toContain(">Archiv hinzufügen<");
    expect(german).toContain(">Zugriffsliste<");
  });

  test("a bad post: every field's message at once, in Norwegian", async () => {
    const response = await dialogForm(
      { Name: "", AutoSearch: "(unclosed", MetadataSetId: "no-such-view" },
      NB,
    );
    expect(response.status).toBe(400);
    const main = mainOf(await response.text());
    expect(main).toContain("Noen felt må rettes:");
    expect(main).toContain("Skriv inn et navn på arkivet.");
    expect(main).toContain("Dette søkefilteret er ikke gyldig: ");
    expect(main).toContain("Velg en av metadatavisningene.");
    expect(main).not.toContain("@@");
    expect(main).not.toContain("Enter a name for the archive.");
  });

  test("a save: the toast in Norwegian, and German after an edit", async () => {
    const created = await dialogForm({ Name: "Sommerbilder" }, NB);
    expect(toastOf(await landing(owner, created, NB))).toBe("Sommerbilder er opprettet.");
    const location = created.headers.get("location")!;
    const id = Number(/(\d+)$/.exec(location)![1]);
    const record = await readApiJson<{ Revision: number }>(await owner.getJson(`${API}/${id}`));
    const saved = await owner.request(page(id), {
      method: "POST",
      body: new URLSearchParams({
        Name: "Sommerbilder",
        Revision: String(record.Revision),
        Color: "#4D4D4D",
        IconCharacter: "Folder",
        Pool: "default",
        MetadataSetId: "default",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", ...DE },
      redirect: "manual",
    });
    expect(toastOf(await landing(owner, saved, DE))).toBe("Sommerbilder ist gespeichert.");
  });

  test("the trash can in Norwegian", async () => {
    const html = await (await owner.get(TRASH, NB)).text();
    expect(titleOf(html)).toBe("Papirkurv | Arkiv");
    const main = mainOf(html);
    expect(main).toContain(">Papirkurv<");
    expect(main).toMatch(/Det som slettes, blir liggende her i \d+ dager/);
  });

  test("the API's refusal stays English, whatever the browser asks", async () => {
    const response = await owner.request(API, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...NB },
      body: JSON.stringify({ Name: "", MetadataSetId: "no-such-view" }),
    });
    expect(response.status).toBe(400);
    const body = await readApiJson<{
      value: string;
      fieldErrors: Record<string, string>;
      messages: string[];
    }>(response);
    expect(body.value).toBe("name_required");
    expect(body.fieldErrors.Name).toBe("Enter a name for the archive.");
    expect(body.fieldErrors.MetadataSetId).toBe("Choose one of the metadata views.");
    expect(body.messages).toContain("Enter a name for the archive.");
    expect(JSON.stringify(body)).not.toContain("@@");
  });
});

describe("site settings in Norwegian and German", () => {
  test("the page: title, heading, the form's labels and the links' sentences", async () => {
    const html = await (await owner.get(MANAGEMENT, NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Nettstedsinnstillinger | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Nettstedsinnstillinger<",
      ">Nettstedets navn<",
      "Tillat gjestetilgang",
      ">Standardspråk<",
      ">Tidssone<",
      ">Lagre innstillingene<",
      ">Applikasjoner</a>: programmer som bruker API-et",
      ">papirkurven</a>.",
    ])
      expect(main).toContain(words);
    const german = mainOf(await (await owner.get(MANAGEMENT, DE)).text());
    expect(german).toContain(">Website-Einstellungen<");
    expect(german).toContain(">Einstellungen speichern<");
  });

  test("a refused post's messages, then the toast", async () => {
    const form = {
      siteName: " ",
      cookieTitle: "x".repeat(201),
      cookieBody: "Bare nødvendige informasjonskapsler.",
      cookiePolicy: "",
      guestAccess: "on",
      darkModeEnabled: "on",
    };
    const refused = await owner.post(MANAGEMENT, form, NB);
    expect(refused.status).toBe(400);
    const main = mainOf(await refused.text());
    expect(main).toContain("Skriv inn et navn på nettstedet");
    expect(main).toContain("Høyst 200 tegn");
    const saved = await owner.post(
      MANAGEMENT,
      { ...form, siteName: "Arkiv", cookieTitle: "Informasjonskapsler" },
      NB,
    );
    expect(toastOf(await landing(owner, saved, NB))).toBe("Nettstedsinnstillingene er lagret.");
  });
});

describe("applications in Norwegian", () => {
  const APPLICATIONS = "/fotoweb/views/management/applications";
  const bad = {
    intent: "create",
    name: " ",
    grants: "client_credentials",
    redirectUris: "ftp://nope",
    user: "",
  };

  test("the page, a refused registration's messages, and the toast", async () => {
    const html = await (await owner.get(APPLICATIONS, NB)).text();
    expect(titleOf(html)).toBe("Applikasjoner | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Registrerte applikasjoner<",
      ">Registrer en applikasjon<",
      "Klientlegitimasjon (et program som opptrer som én bruker)",
      ">Registrer applikasjonen<",
      ">Tilbake til nettstedsinnstillingene</a>",
    ])
      expect(main).toContain(words);
    const refused = await owner.post(APPLICATIONS, bad, NB);
    expect(refused.status).toBe(400);
    const errors = mainOf(await refused.text());
    expect(errors).toContain("Skriv inn et navn");
    expect(errors).toContain("«ftp://nope» må bruke https (http bare for localhost)");
    expect(errors).toContain("Velg brukeren hvis rettigheter programmets tokener skal ha");
    expect(errors).not.toContain("@@");
    const made = await owner.post(
      APPLICATIONS,
      { ...bad, name: "Fotobok", grants: "authorization_code", redirectUris: "https://x.test/cb" },
      NB,
    );
    expect(toastOf(await landing(owner, made, NB))).toBe("Fotobok er registrert.");
  });

  test("the API's refusal stays English", async () => {
    const response = await owner.request("/fotoweb/api/config/applications", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...NB },
      body: JSON.stringify({ name: "", grants: [], redirectUris: [] }),
    });
    expect(response.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
    expect(body.fieldErrors.name).toBe("Enter a name");
    expect(body.fieldErrors.grants).toBe("Choose at least one grant");
  });
});
