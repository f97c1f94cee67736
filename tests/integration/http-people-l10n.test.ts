import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { formatDateTime } from "~/models/locale/format";
import { updateSiteSettings } from "~/models/site/site.server";
import { formatSignupDate } from "~/utils/format";
import { createUser } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { Client, startTestServer, withoutMessages, type TestServer } from "../helpers/server";

/*
 * The administration of people in the reader's language (issue 32, decision 101): the users and
 * groups pages in Norwegian and German by Accept-Language; a bad post's field messages (keyed
 * schema messages, decision 104) all at once, the toasts of a save; a login date in the reader's
 * zone, named. The API's answers to the same mistakes stay English. The English pages are the
 * other http-users*.test.ts and http-groups*.test.ts files'.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const USERS = "/fotoweb/views/admin/users";
const GROUPS = "/fotoweb/views/admin/groups";

let server: TestServer;
let owner: Client;

/** The editor's required fields, filled; the rest as the editor posts them. */
const newUser = (username: string, overrides: Record<string, string> = {}) => ({
  intent: "save",
  username,
  "address.givenName": "Kari",
  "address.surname": "Nordmann",
  "address.email": `${username}@example.com`,
  "license.level": "Contributor",
  "license.mode": "Named",
  "commerce.paymentMethod": "1",
  "commerce.discount": "0",
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the users pages in Norwegian and German", () => {
  test("the users list: language, title, heading, tabs, grid and its words", async () => {
    const html = await (await owner.get(USERS, NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Brukere | Arkiv");
    const main = mainOf(html);
    for (const words of [
      ">Administrer brukere<",
      'aria-label="Brukere og grupper"',
      ">Grupper<",
      ">Søk i brukere<",
      ">Legg til bruker<",
      ">Angi utløpsdato<",
      ">Ingen brukere valgt<",
      ">Kolonner<",
      ">Handlinger<",
      "Side 1 av 1",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Manage users");
    expect(main).not.toContain("@@");
    const german = mainOf(await (await owner.get(USERS, DE)).text());
    for (const words of [">Benutzer verwalten<", ">Benutzer hinzufügen<", ">Spalten<"])
      expect(german).toContain(words);
  });

  test("a bad post shows every field's message at once in Norwegian; a good one's toast", async () => {
    const bad = await owner.post(
      `${USERS}/new`,
      newUser("", {
        "address.givenName": "",
        "address.email": "ikke-en-adresse",
        "commerce.discount": "mye",
        "account.password": "et-godt-passord-1",
        "account.confirmPassword": "et-annet-passord-1",
      }),
      NB,
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    const main = mainOf(html);
    for (const words of [
      "Brukernavn må fylles ut.",
      "Fornavn må fylles ut.",
      "Skriv inn en gyldig e-postadresse, f.eks. navn@example.com.",
      "Skriv inn et tall, f.eks. 12,5.",
      "Passordene er ikke like.",
    ])
      expect(main).toContain(words);
    expect(html).not.toContain("@@");
    expect(titleOf(html)).toBe("Legg til bruker | Arkiv");

    const saved = await owner.post(`${USERS}/new`, newUser("kari-l10n"), NB);
    expect(toastOf(await landing(owner, saved, NB))).toBe("kari-l10n er lagt til.");
    const taken = await owner.post(`${USERS}/new`, newUser("kari-l10n"), DE);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(
      "Es gibt bereits einen Benutzer mit diesem Benutzernamen.",
    );
  });

  test("the editor: its words, the last login in the reader's zone, named", async () => {
    const user = await createUser({ username: "ola-l10n", password: "ola-password-1" });
    const at = "2026-11-27T17:50:00.000Z";
    await db().updateTable("users").set({ last_login_at: at }).where("id", "=", user.id).execute();
    const html = await (await owner.get(`${USERS}/${user.id}`, NB)).text();
    expect(titleOf(html)).toBe("ola-l10n | Arkiv");
    const main = mainOf(html);
    // The site's zone is UTC here: the time says so.
    expect(main).toContain(`Sist pålogget: ${formatDateTime("nb", "UTC", at)}`);
    expect(formatDateTime("nb", "UTC", at)).toMatch(/UTC/);
    for (const words of [
      ">Rediger ola-l10n<",
      ">Brukerinformasjon<",
      ">Autentisering<",
      ">Lisensiering<",
      ">Egendefinerte egenskaper<",
      ">Tilbakestill enhetsnøkler<",
    ])
      expect(main).toContain(words);
    const reset = await owner.post(`${USERS}/${user.id}`, { intent: "resetDeviceTokens" }, DE);
    expect(toastOf(await landing(owner, reset, DE))).toBe(
      "Die Gerätetoken von ola-l10n sind zurückgesetzt: Jedes Gerät muss sich erneut anmelden.",
    );
  });

  test("the API's answer to the same mistakes stays English", async () => {
    const response = await owner.request("/fotoweb/api/users", {
      method: "POST",
      body: JSON.stringify({ username: " ", address: { email: "nope" } }),
      headers: { "content-type": "application/json", accept: "application/json", ...NB },
    });
    expect(response.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(response);
    expect(body.fieldErrors.username).toBe("Username is a required field.");
    expect(body.fieldErrors["address.email"]).toBe(
      "Enter a valid e-mail address, e.g. name@example.com.",
    );
  });
});

describe("the groups pages in Norwegian and German", () => {
  test("the list, a new group's refusals and toast, its editor and the save's toast", async () => {
    const list = await (await owner.get(GROUPS, NB)).text();
    expect(langOf(list)).toBe("nb");
    expect(titleOf(list)).toBe("Administrer grupper | Arkiv");
    for (const words of [">Søk i grupper<", ">Legg til gruppe<", "grupper funnet"])
      expect(mainOf(list)).toContain(words);

    const empty = await owner.post(`${GROUPS}/new`, { intent: "general", name: "" }, NB);
    expect(empty.status).toBe(400);
    expect(mainOf(await empty.text())).toContain("Navn må fylles ut.");
    const hostile = await owner.post(`${GROUPS}/new`, { intent: "general", name: "Red\nsk" }, NB);
    expect(hostile.status).toBe(400);
    expect(mainOf(await hostile.text())).toContain(
      "Navn: ikke bruk linjeskift, kontrolltegn eller retningsoverstyring",
    );

    const created = await owner.post(
      `${GROUPS}/new`,
      { intent: "general", name: "Redaksjonen", licenseLevel: "None", licenseMode: "Named" },
      NB,
    );
    const editor = await landing(owner, created, NB);
    expect(toastOf(editor)).toBe("Redaksjonen er opprettet.");
    expect(titleOf(editor)).toBe("Redaksjonen | Administrer grupper | Arkiv");
    for (const words of [
      ">Rediger gruppen Redaksjonen<",
      ">Sikkerhetstillatelser<",
      ">Albumtillatelser<",
      ">Opprette album<",
      "Får virkning når bestillinger kommer.",
      ">Lagre gruppen<",
    ])
      expect(mainOf(editor)).toContain(words);

    const path = created.headers.get("location")!.split("?")[0]!;
    const saved = await owner.post(
      path,
      { intent: "general", name: "Redaksjonen", description: "Nyhetsdesken" },
      DE,
    );
    expect(toastOf(await landing(owner, saved, DE))).toBe("Redaksjonen ist gespeichert.");
  });
});

describe("sign-ups in Norwegian", () => {
  test("the public form's refusals, its thanks, and the pending list with its date, zone named", async () => {
    await updateSiteSettings({
      signups: {
        enabled: true,
        adminCanAssignGroups: false,
        fields: [
          {
            id: "avdeling",
            label: "Avdeling",
            type: "text",
            required: true,
            values: [],
            validation: { regex: "", helpText: "" },
          },
        ],
      },
    });
    const visitor = new Client(server.url);
    const form = await (await visitor.get("/fotoweb/views/signup", NB)).text();
    expect(titleOf(form)).toBe("Registrer deg | Arkiv");
    for (const words of [">Fornavn<", ">Brukernavn<", "Avdeling (obligatorisk)", ">Registrer deg<"])
      expect(mainOf(form)).toContain(words);

    const bad = await visitor.post(
      "/fotoweb/views/signup",
      { email: "nei", password: "kort", confirmPassword: "annet" },
      NB,
    );
    expect(bad.status).toBe(400);
    const refused = mainOf(await bad.text());
    for (const words of [
      "Fornavn må fylles ut",
      "Skriv inn en gyldig e-postadresse",
      "Velg et brukernavn",
      "Passordene er ikke like",
      "Avdeling må fylles ut.",
    ])
      expect(refused).toContain(words);
    expect(refused).not.toContain("@@");

    const sent = await visitor.post(
      "/fotoweb/views/signup",
      {
        firstName: "Per",
        lastName: "Hansen",
        email: "per@example.org",
        username: "per-l10n",
        password: "et-langt-passord-1",
        confirmPassword: "et-langt-passord-1",
        extra_avdeling: "Nyheter",
      },
      NB,
    );
    expect(toastOf(await landing(visitor, sent, NB))).toBe("Takk: registreringen din er mottatt.");

    const row = await db()
      .selectFrom("signups")
      .select(["id", "created_at"])
      .where("username", "=", "per-l10n")
      .executeTakeFirstOrThrow();
    const list = await (await owner.get("/fotoweb/views/admin/signups", NB)).text();
    expect(titleOf(list)).toBe("Ventende registreringer | Arkiv");
    const main = mainOf(list);
    expect(main).toContain(">Registrert<");
    expect(main).toContain('aria-label="Info om Per Hansen"');
    const shown = formatSignupDate("nb", "UTC", row.created_at);
    expect(shown).toMatch(/UTC/);
    expect(main).toContain(shown);

    const rejected = await owner.post(
      "/fotoweb/views/admin/signups",
      { id: row.id, intent: "reject" },
      NB,
    );
    expect(toastOf(await landing(owner, rejected, NB))).toBe(
      "Registreringen til Per Hansen er avvist.",
    );
  });
});

describe("invitations in Norwegian", () => {
  test("the wizard's last step and the invitations list with its words and dates", async () => {
    const response = await owner.post(
      "/fotoweb/views/admin/invite",
      { intent: "invite", kind: "link", description: "Fotografer" },
      NB,
    );
    expect(response.status).toBe(302);
    const done = await landing(owner, response, NB);
    expect(titleOf(done)).toBe("Inviter personer | Arkiv");
    const last = mainOf(done);
    expect(last).toContain(">Invitasjonen er klar<");
    expect(last).toContain(
      "Alle med denne lenken kan opprette en konto. Send den til dem du inviterer.",
    );
    expect(last).toContain(">Invitasjonslenken</label>");

    const list = await (await owner.get("/fotoweb/views/admin/invitations", NB)).text();
    expect(langOf(list)).toBe("nb");
    expect(titleOf(list)).toBe("Invitasjoner | Arkiv");
    const main = mainOf(list);
    for (const words of [
      ">Inviter personer<",
      ">Sendt til<",
      ">Registreringslenke<",
      ">Lenke<",
      ">Bare registrerte brukere<",
      ">Ingen har brukt den ennå<",
      ">aldri<",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Nobody has used it yet");
  });

  test("the wizard's steps and their refusals in Norwegian; the API's stay English", async () => {
    const first = await (await owner.get("/fotoweb/views/admin/invite", NB)).text();
    const step1 = mainOf(first);
    for (const words of [
      "Steg 1 av 2: hvem som inviteres",
      ">E-postadresser<",
      "Brukere: e-postadresser",
      ">Melding (valgfri)<",
      ">Neste<",
    ])
      expect(step1).toContain(words);
    expect(withoutMessages(first)).not.toContain("Step 1 of 2");

    const refused = await owner.post(
      "/fotoweb/views/admin/invite",
      {
        intent: "next",
        kind: "user",
        emails: "bad, ola@example.no, OLA@example.no",
        expires: "2001-01-01",
      },
      NB,
    );
    expect(refused.status).toBe(400);
    const errors = mainOf(await refused.text());
    expect(errors).toContain(
      "«bad» er ikke en gyldig e-postadresse. Står allerede i listen: OLA@example.no",
    );
    expect(errors).toContain("Velg et utløp fram i tid");

    const next = await owner.post(
      "/fotoweb/views/admin/invite",
      { intent: "next", kind: "user", emails: "kari@example.no" },
      NB,
    );
    const step2 = mainOf(await next.text());
    for (const words of ["Steg 2 av 2", ">Finn grupper<", ">Valgte grupper<", ">Inviter<"])
      expect(step2).toContain(words);

    const api = await owner.request("/fotoweb/api/invitations/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...NB },
      body: JSON.stringify({ emails: ["bad", "a@b.no", "A@B.no"] }),
    });
    expect(api.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(api);
    expect(body.fieldErrors.emails).toBe(
      '"bad" is not a valid e-mail address. Already in the list: A@B.no',
    );
  });

  test("the redeem page, its refusals and the revoke toast in Norwegian", async () => {
    const made = await owner.request("/fotoweb/api/invitations/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ organizationDomain: "fjord.no", message: "Velkommen" }),
    });
    expect(made.status).toBe(201);
    const { invitationLink } = await readApiJson<{ invitationLink: string }>(made);
    const path = new URL(invitationLink).pathname;
    const visitor = new Client(server.url);
    const page = await (await visitor.get(path, NB)).text();
    expect(langOf(page)).toBe("nb");
    expect(titleOf(page)).toBe("Du er invitert | Arkiv");
    for (const words of [
      "har invitert deg til Arkiv. Opprett kontoen din for å bli med.",
      ">Fornavn<",
      "Bruk adressen din på fjord.no.",
      ">Opprett kontoen min<",
    ])
      expect(mainOf(page)).toContain(words);

    const refused = await visitor.post(
      path,
      {
        firstName: "",
        lastName: "Fjell",
        email: "kari@elsewhere.no",
        username: "kari.fjell",
        password: "short",
      },
      NB,
    );
    expect(refused.status).toBe(400);
    const errors = mainOf(await refused.text());
    expect(errors).toContain("Skriv fornavnet ditt");
    expect(errors).toContain("Bruk minst 8 tegn");

    const wrongDomain = await visitor.post(
      path,
      {
        firstName: "Kari",
        lastName: "Fjell",
        email: "kari@elsewhere.no",
        username: "kari.fjell",
        password: "long enough",
      },
      NB,
    );
    expect(wrongDomain.status).toBe(400);
    expect(mainOf(await wrongDomain.text())).toContain("Bruk e-postadressen din på fjord.no");

    const listed = await readApiJson<{
      data: { organization: string | null; invitationAdminHref: string }[];
    }>(await owner.getJson("/fotoweb/api/invitations/"));
    const mine = listed.data.find((i) => i.organization === "fjord.no")!;
    const id = mine.invitationAdminHref.split("/").at(-1)!;
    const revoked = await owner.post(
      "/fotoweb/views/admin/invitations",
      { intent: "revoke", id },
      NB,
    );
    expect(revoked.status).toBe(302);
    expect(toastOf(await landing(owner, revoked, NB))).toBe(
      "Invitasjonen til alle på fjord.no er trukket tilbake.",
    );
  });
});

describe("sign-up settings in Norwegian", () => {
  const FIELDS = "/fotoweb/views/admin/signup-fields";

  test("the page, a bad pattern and a missing choice list refused, and the save's toast", async () => {
    const html = await (await owner.get(FIELDS, NB)).text();
    expect(titleOf(html)).toBe("Registreringsinnstillinger | Arkiv");
    for (const words of [
      "La besøkende registrere seg",
      ">Legg til et felt<",
      "Mønster (tekst)",
      "ventende registreringer",
    ])
      expect(mainOf(html)).toContain(words);
    const refused = await owner.post(
      FIELDS,
      {
        "fields[0].label": "Avdeling",
        "fields[0].type": "text",
        "fields[0].regex": "([",
        "fields[1].label": "Region",
        "fields[1].type": "dropdown",
        "fields[1].values": "",
      },
      NB,
    );
    expect(refused.status).toBe(400);
    const errors = mainOf(await refused.text());
    expect(errors).toContain("Dette er ikke et gyldig regulært uttrykk");
    expect(errors).toContain("List opp valgene, ett per linje");
    const saved = await owner.post(FIELDS, { enabled: "on" }, NB);
    expect(saved.status).toBe(302);
    expect(toastOf(await landing(owner, saved, NB))).toBe("Registreringsinnstillingene er lagret.");
  });
});

describe("a refusal's page in Norwegian", () => {
  test("a used-up invitation link: the error page and its data in Norwegian", async () => {
    const path = `/fotoweb/views/invitation/${"A".repeat(43)}`;
    const page = await new Client(server.url).get(path, NB);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(mainOf(html)).toContain(
      "Denne invitasjonslenken er ikke gyldig: den kan være brukt, trukket tilbake eller utløpt.",
    );
    // With JavaScript the page's data request brings the same words.
    const data = await new Client(server.url).get(
      `${path}?_data=${encodeURIComponent("routes/fotoweb.views.invitation.$token")}`,
      NB,
    );
    expect(data.status).toBe(404);
    const body = await readApiJson<{ value: string }>(data);
    expect(body.value).toMatch(/^Denne invitasjonslenken er ikke gyldig/);
  });
});
