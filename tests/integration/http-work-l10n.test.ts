import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REGISTERED_USERS_GROUP_ID } from "~/db/schema";
import { createArchive, type Archive } from "~/models/archive/archive.server";
import { assetHref } from "~/models/asset/asset.server";
import { createUser } from "~/models/user/user.server";
import { LINKS } from "~/utils/links";
import { readApiJson } from "../helpers/api-contract";
import { insertReadyAssets } from "../helpers/grid-assets";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * Alerts, uploads and tasks in the reader's language (issue 32, decision 101): the alerts list,
 * its form's refusals and toasts, the upload view and its refusals, the task list and a task's
 * page in Norwegian (and German where the plural matters); the API's answers stay English.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const PASSWORD = "work-l10n-password-1";

let server: TestServer;
let kari: Client;
let archive: Archive;

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "work-kari", password: PASSWORD });
  archive = await createArchive({
    name: "Havn",
    members: [
      {
        type: "group",
        id: REGISTERED_USERS_GROUP_ID,
        permissions: ["View", "Preview", "EditText", "Alert", "UploadFile"],
        autoSearch: "",
      },
    ],
  });
  kari = new Client(server.url);
  await kari.signIn("work-kari", PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Creates an alert from an archive search as the plain form does; the page it lands on. */
async function createAlert(search: string, headers: Record<string, string>) {
  const response = await kari.post(
    `${LINKS.alerts}?index`,
    {
      intent: "create",
      archive: archive.href,
      searchString: search,
      interval: "every_day",
      back: LINKS.alerts,
    },
    headers,
  );
  return landing(kari, response, headers);
}

describe("alerts", () => {
  test("the list, its intervals, toasts and the form's refusals in Norwegian", async () => {
    const empty = await (await kari.get(LINKS.alerts, NB)).text();
    expect(langOf(empty)).toBe("nb");
    expect(titleOf(empty)).toBe("Varsler | Arkiv");
    expect(mainOf(empty)).toContain("Du har ingen varsler.");

    const page = await createAlert("havn", NB);
    expect(toastOf(page)).toBe("Varsel opprettet for «havn». Du kan endre det under Varsler.");
    const main = mainOf(page);
    expect(main).toContain("Hver dag");
    expect(main).toContain('aria-label="Rediger varselet «havn»"');
    expect(main).toContain(">Slett<");

    const api = await readApiJson<{ data: { id: string }[] }>(await kari.getJson(LINKS.alerts));
    const id = api.data[0]!.id;
    const bad = await kari.post(
      `${LINKS.alerts}?index&edit=${id}`,
      { intent: "update", alert: id, interval: "every_decade", searchString: "", archive: "x" },
      NB,
    );
    expect(bad.status).toBe(400);
    const refused = mainOf(await bad.text());
    for (const words of [
      "Velg hvor ofte varselet skal sendes.",
      "Skriv inn søket varselet skal følge.",
      "Velg et arkiv.",
    ])
      expect(refused).toContain(words);
    expect(refused).not.toContain("@@");

    const saved = await kari.post(
      `${LINKS.alerts}?index&edit=${id}`,
      {
        intent: "update",
        alert: id,
        interval: "every_week",
        searchString: "båt",
        archive: "" + archive.id,
      },
      NB,
    );
    expect(toastOf(await landing(kari, saved, NB))).toBe("Varselet er lagret.");
    const deleted = await kari.post(`${LINKS.alerts}?index`, { intent: "delete", alert: id }, DE);
    expect(toastOf(await landing(kari, deleted, DE))).toBe("Benachrichtigung gelöscht.");
  });

  test("the API's refusal stays English", async () => {
    const response = await kari.request(LINKS.alerts, {
      method: "POST",
      headers: { ...NB, accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({ collection: archive.href, interval: "never" }),
    });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await readApiJson(response));
    expect(body).toContain("Choose how often the alert is mailed.");
    expect(body).toContain("Enter the search the alert follows.");
    expect(body).not.toContain("@@");
  });
});

describe("the upload view", () => {
  test("the form and a refusal in Norwegian", async () => {
    const page = await (await kari.get(LINKS.upload, NB)).text();
    expect(langOf(page)).toBe("nb");
    expect(titleOf(page)).toBe("Last opp | Arkiv");
    const main = mainOf(page);
    expect(main).toContain(">Arkiv<");
    expect(main).toContain(">Filer<");
    expect(main).toMatch(/Opptil [\d ,]+ [A-Za-z]+ per fil\. Bilder, video, lyd og dokumenter\./);

    // An archive the person may not see is refused as no archive at all, in the page's words.
    const form = new FormData();
    form.append("archive", "999999");
    form.append("file", new Blob([new Uint8Array(4)]), "a.jpg");
    const refused = await kari.request(LINKS.upload, { method: "POST", headers: NB, body: form });
    expect(refused.status).toBe(400);
    expect(mainOf(await refused.text())).toContain("Velg arkivet du vil laste opp til.");
  });
});

describe("tasks", () => {
  test("the task list and a task's page in Norwegian, times with their zone", async () => {
    const ids = (await insertReadyAssets(archive.id, 2)).map((a) => a.id);
    const started = await kari.request("/fotoweb/me/background-tasks/", {
      method: "POST",
      headers: {
        "content-type": "application/vnd.fotoware.rotate-request+json",
        accept: "application/json",
      },
      body: JSON.stringify({
        direction: "cw",
        assets: ids.map((id) => ({
          href: assetHref(archive.id, archive.name, { id, fileName: "x.jpg" }),
        })),
      }),
    });
    expect(started.status).toBe(201);
    const { location } = await readApiJson<{ location: string }>(started);
    const jobId = Number(/(\d+)$/.exec(location)![1]);

    const list = await (await kari.get(LINKS.tasks, NB)).text();
    expect(titleOf(list)).toBe("Dine oppgaver | Arkiv");
    const rows = mainOf(list);
    expect(rows).toContain(`Roter · oppgave ${jobId}`);
    expect(rows).toMatch(/(venter|pågår|ferdig): \d+ utført, \d+ mislyktes av 2 · /);

    const page = await (await kari.get(`/fotoweb/views/tasks/${jobId}`, NB)).text();
    expect(titleOf(page)).toBe(`Roter ${jobId} | Arkiv`);
    const main = withoutMessages(page);
    expect(main).toContain(`Roter · oppgave ${jobId}`);
    expect(main).toContain("Én rad per ressurs, i samme rekkefølge som i forespørselen.");
    expect(main).toContain(">Utfall<");
    expect(main).toMatch(/Startet <time[^>]*>[^<]*(UTC|GMT|[+-]\d)/);
    expect(main).toContain(">Dine oppgaver<");
  });
});
