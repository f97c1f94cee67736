import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { queueMail } from "~/models/mail/mail.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * More of the settings area in the reader's language (issue 32, decision 101): a path archive's
 * scan page (its toast, and the refusal of an archive with no folder) and the no-JS index browser
 * (its words and why a folder cannot be opened), and the processing lists (their pages, a save's
 * and a delete's toasts), in Norwegian with German spot checks; the API answers stay English. The English is http-path-archives.test.ts's.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const scanPage = (id: number) => `/fotoweb/views/admin/archives/${id}/scan`;
const browse = (folder: string) =>
  `/fotoweb/views/admin/index-browser?path=${encodeURIComponent(folder)}`;

let server: TestServer;
let owner: Client;
let work: string;
let root: string;
let indexed: Archive;
let pool: Archive;

beforeAll(async () => {
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-http-settings2-")));
  root = path.join(work, "root");
  fs.mkdirSync(path.join(root, "photos", "2024"), { recursive: true });
  server = await startTestServer({ ARCHIVE_ROOTS: root, INGEST_CONCURRENCY: "0" });
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  indexed = await createArchive({
    name: "Fjordbilder",
    config: { Path: path.join(root, "photos") },
  });
  pool = await createArchive({ name: "Lagret" });
}, 60_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the scan page in Norwegian and German", () => {
  test("title, heading, the folder and the button", async () => {
    const html = await (await owner.get(scanPage(indexed.id), NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Skann Fjordbilder | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Skann «Fjordbilder»<",
      "Arkiv leser mappen til dette arkivet der den ligger",
      ">Detaljer om arkivet<",
      "Mappe:",
      ">Skann nå<",
      ">Siste skanning<",
      "Dette arkivet er ikke skannet ennå.",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Scan now");
    const german = await (await owner.get(scanPage(indexed.id), DE)).text();
    expect(titleOf(german)).toBe("Fjordbilder scannen | Arkiv");
    expect(mainOf(german)).toContain(">Jetzt scannen<");
  });

  test("a scan's toast, and an archive with no folder refused, in Norwegian", async () => {
    const posted = await owner.post(scanPage(indexed.id), { intent: "scan" }, NB);
    expect(posted.status).toBe(302);
    expect(toastOf(await landing(owner, posted, NB))).toBe(
      "En skanning av «Fjordbilder» står i kø; last inn siden på nytt for å se resultatet.",
    );
    const refused = await owner.post(scanPage(pool.id), { intent: "scan" }, NB);
    expect(refused.status).toBe(409);
    const main = mainOf(await refused.text());
    expect(main).toContain("Dette arkivet har filene sine i Arkivs egen lagring");
    expect(main).toContain("ingen (Arkivs egen lagring)");
    expect(main).not.toContain("@@");
  });

  test("the API's refusal stays English", async () => {
    const response = await owner.request(`/fotoweb/api/config/archives/${pool.id}/scan`, {
      method: "POST",
      headers: { accept: "application/json", ...NB },
    });
    expect(response.status).toBe(409);
    const body = await readApiJson<{ value: string }>(response);
    expect(body.value).toBe(
      "This archive keeps its files in Arkiv’s own storage: there is no folder to scan.",
    );
  });
});

describe("the index browser in Norwegian and German", () => {
  test("title, heading, the form, the folders and the way up", async () => {
    const html = await (await owner.get(browse(path.join(root, "photos")), NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Bla gjennom mapper | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Bla gjennom mapper<",
      "Mappene et arkiv kan indeksere",
      ">Mappe<",
      ">Åpne<",
      "Bane å gi arkivet:",
      'aria-label="Mapper"',
      ">Mappen over<",
      ">2024<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Browse folders");
    const german = await (await owner.get(browse(root), DE)).text();
    expect(titleOf(german)).toBe("Ordner durchsuchen | Arkiv");
    expect(mainOf(german)).toContain(">Alle erlaubten Ordner<");
  });

  test("why a folder cannot be opened, in Norwegian; the API says it in English", async () => {
    const main = mainOf(await (await owner.get(browse(path.join(root, "nothing")), NB)).text());
    expect(main).toContain("Denne mappen finnes ikke eller kan ikke leses.");
    expect(mainOf(await (await owner.get(browse("relative"), NB)).text())).toContain(
      "Skriv inn den fullstendige banen til en mappe, med / først.",
    );
    const answer = await readApiJson<{ ConnectionError: string }>(
      await owner.request("/fotoweb/api/im-pools/search", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...NB },
        body: JSON.stringify({ Query: path.join(root, "nothing") }),
      }),
    );
    expect(answer.ConnectionError).toBe("This folder does not exist or cannot be read.");
  });
});

describe("the processing lists in Norwegian and German", () => {
  const SETS = "/fotoweb/views/admin/rendition-sets";

  test("the processing profiles page: title, heading, its add links and tables", async () => {
    const html = await (await owner.get("/fotoweb/views/admin/processing-profiles", NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Behandlingsprofiler | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Behandlingsprofiler<",
      "En profil lager filen en nedlasting leverer",
      ">Legg til behandlingsprofil<",
      ">Legg til profilsett<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Add processing profile");
    const german = await (await owner.get(`${SETS}/new`, DE)).text();
    expect(titleOf(german)).toBe("Satz von Schnellvarianten hinzufügen | Arkiv");
    expect(mainOf(german)).toContain("Längste Seite (px)");
  });

  test("the editors' fields in Norwegian", async () => {
    const sizes = mainOf(await (await owner.get(`${SETS}/new`, NB)).text());
    for (const words of [
      ">Legg til sett med hurtigversjoner<",
      ">Størrelser<",
      'aria-label="Størrelse 1"',
      "Lengste side (px)",
      "Fyll ut de tomme radene for å legge til en størrelse; lagre for å få flere.",
      ">Lagre<",
    ])
      expect(sizes).toContain(words);
    const crops = mainOf(
      await (await owner.get("/fotoweb/views/admin/crop-profile-sets/new", NB)).text(),
    );
    expect(crops).toContain("Nøyaktige piksler");
    const set = mainOf(
      await (await owner.get("/fotoweb/views/admin/processing-profiles/sets/new", NB)).text(),
    );
    expect(set).toContain(">Profiler som tilbys<");
  });

  test("a save's and a delete's toasts, and an unknown action refused, in Norwegian", async () => {
    const saved = await owner.post(
      `${SETS}/new`,
      {
        Name: "Småbilder",
        "Sizes[0].Label": "Liten",
        "Sizes[0].Size": "120",
        "Sizes[0].Format": "png",
      },
      NB,
    );
    expect(saved.status).toBe(302);
    expect(toastOf(await landing(owner, saved, NB))).toBe("Småbilder er opprettet.");
    const list = await readApiJson<{ data: { Id: string; Name: string }[] }>(
      await owner.getJson("/fotoweb/api/config/quickrenditionsets"),
    );
    const id = list.data.find((s) => s.Name === "Småbilder")!.Id;
    const asked = mainOf(
      await (await owner.get(`${SETS}?list=renditionSets&delete=${id}`, NB)).text(),
    );
    expect(asked).toContain("Vil du slette Småbilder? Dette kan ikke angres.");
    const unknown = await owner.post(
      `${SETS}?list=renditionSets&delete=${id}`,
      { intent: "nothing", list: "renditionSets", id },
      NB,
    );
    expect(mainOf(await unknown.text())).toContain("Ukjent handling.");
    const gone = await owner.post(SETS, { intent: "delete", list: "renditionSets", id }, NB);
    expect(toastOf(await landing(owner, gone, NB))).toBe("Småbilder er slettet.");
  });
});

describe("the processing profile editor and watermarks in Norwegian", () => {
  const PROFILES = "/fotoweb/views/admin/processing-profiles";

  test("the profile's fields, its refusals at once, and a taken name", async () => {
    const form = mainOf(await (await owner.get(`${PROFILES}/new`, NB)).text());
    for (const words of [
      ">Farge og detaljer<",
      ">Største bredde<",
      "Samme som originalen",
      "Nederst til høyre",
      "Behold metadataene (EXIF, XMP)",
    ])
      expect(form).toContain(words);
    const refused = await owner.post(
      `${PROFILES}/new`,
      { Name: "", Format: "png", ColorProfile: "cmyk", "Size.Width": "abc", Quality: "500" },
      NB,
    );
    expect(refused.status).toBe(400);
    const errors = mainOf(await refused.text());
    for (const words of ["Skriv et navn.", "Bredde: et helt tall.", "Kvalitet: 1 til 100."])
      expect(errors).toContain(words);
    const cmyk = await owner.post(
      `${PROFILES}/new`,
      { Name: "Trykk", Format: "png", ColorProfile: "cmyk" },
      NB,
    );
    expect(mainOf(await cmyk.text())).toContain("CMYK går bare inn i JPEG eller TIFF.");

    const body = { Name: "Nettbilde", Format: "jpeg", Quality: "80" };
    expect((await owner.post(`${PROFILES}/new`, body, NB)).status).toBe(302);
    const taken = await owner.post(`${PROFILES}/new`, body, NB);
    expect(taken.status).toBe(409);
    expect(mainOf(await taken.text())).toContain(
      "Det finnes allerede en behandlingsprofil med dette navnet.",
    );
    const api = await owner.request("/fotoweb/api/config/processingprofiles", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...NB },
      body: JSON.stringify({ Name: "nettbilde", Format: "jpeg" }),
    });
    expect(api.status).toBe(409);
    const reply = await readApiJson<{ fieldErrors: Record<string, string> }>(api);
    expect(reply.fieldErrors.Name).toBe("A processing profile with this name already exists.");
  });

  test("the watermarks page and an upload without a file, in Norwegian", async () => {
    const html = await (await owner.get("/fotoweb/views/admin/watermarks", NB)).text();
    expect(titleOf(html)).toBe("Vannmerker | Arkiv");
    const main = mainOf(html);
    for (const words of [">Vannmerker<", "Last opp et vannmerke", ">Last opp<"])
      expect(main).toContain(words);
    const form = new FormData();
    form.set("intent", "upload");
    form.set("Name", "Logo");
    const refused = await owner.request("/fotoweb/views/admin/watermarks", {
      method: "POST",
      body: form,
      headers: NB,
    });
    expect(refused.status).toBe(400);
    expect(mainOf(await refused.text())).toContain("Velg et PNG- eller JPEG-bilde.");
    const broken = new FormData();
    broken.set("intent", "upload");
    broken.set("Name", "Logo");
    broken.set("file", new Blob([Buffer.from("not an image at all")]), "logo.png");
    const notImage = await owner.request("/fotoweb/views/admin/watermarks", {
      method: "POST",
      body: broken,
      headers: NB,
    });
    expect(notImage.status).toBe(415);
    expect(mainOf(await notImage.text())).toContain("Et vannmerke er et PNG- eller JPEG-bilde.");
  });
});

describe("the outbox in Norwegian", () => {
  test("its words, a message's kind and status, and the time in the reader's zone, named", async () => {
    await queueMail({
      kind: "album-share",
      to: "kari@example.no",
      subject: "Bilder",
      text: "Se her",
    });
    const html = await (await owner.get("/fotoweb/views/admin/outbox", NB)).text();
    expect(titleOf(html)).toBe("Utboks | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Utboks<",
      ">Emne og melding<",
      ">Albumdeling<",
      "Tilbake til nettstedsinnstillingene",
    ])
      expect(main).toContain(words);
    expect(main).toMatch(/<time[^>]*>[^<]*(UTC|GMT)[^<]*<\/time>/);
    expect(withoutMessages(html)).not.toContain("Subject and message");
  });
});
