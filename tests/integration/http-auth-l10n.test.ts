import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { updateSiteSettings } from "~/models/site/site.server";
import { createUser, patchPreferences } from "~/models/user/user.server";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";

/*
 * The log-on and password pages in the person's language (issue 32, decision 101): the pages'
 * words and the words their actions make for a page (refusals, toasts), without JavaScript.
 * The English of the same pages is http-auth.test.ts's, http-password*.test.ts's.
 */

const LOGIN = "/fotoweb/views/login";
const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: "1000" });
  await createUser({ username: "kari", password: "kari-password-1", fullName: "Kari Nordmann" });
  const { id } = await createUser({
    username: "greta",
    password: "greta-password-1",
    fullName: "Greta Schmidt",
  });
  await patchPreferences(id, { intranet: { language: "de" } });
  await createUser({ username: "endre", password: "endre-password-1", fullName: "Endre" });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the log-on page in Norwegian", () => {
  test("its title, heading, labels, options and links", async () => {
    const html = await (await new Client(server.url).get(LOGIN, NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Logg på | Arkiv");
    const main = mainOf(html);
    expect(main).toContain(">Logg på</h1>");
    for (const words of [
      "Denne tilkoblingen er ikke sikker.",
      "Logg på som",
      ">Gjest<",
      ">Bruker<",
      ">Brukernavn<",
      ">Passord<",
      ">OK<",
      ">Glemt passordet?</a>",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("User name");
  });

  test("a wrong password is refused in Norwegian", async () => {
    const response = await new Client(server.url).post(
      LOGIN,
      { mode: "user", username: "kari", password: "wrong-password" },
      NB,
    );
    expect(response.status).toBe(400);
    expect(mainOf(await response.text())).toContain("Feil brukernavn eller passord.");
  });

  test("a welcome and a log-out in Norwegian", async () => {
    const c = new Client(server.url);
    const signedIn = await c.post(
      LOGIN,
      { mode: "user", username: "kari", password: "kari-password-1", to: "/fotoweb/" },
      NB,
    );
    expect(toastOf(await landing(c, signedIn, NB))).toBe("Velkommen, Kari Nordmann.");
    const page = await (await c.get("/fotoweb/views/logout", NB)).text();
    expect(titleOf(page)).toBe("Logg ut | Arkiv");
    expect(mainOf(page)).toContain("Vil du avslutte økten i denne nettleseren?");
    const out = await c.post("/fotoweb/views/logout", {}, NB);
    expect(toastOf(await landing(c, out, NB))).toBe("Du er logget ut.");
  });

  test("a guest is greeted in Norwegian; without guest access the refusal says so", async () => {
    const c = new Client(server.url);
    const guest = await c.post(LOGIN, { mode: "guest", to: "/fotoweb/" }, NB);
    expect(toastOf(await landing(c, guest, NB))).toBe("Du bruker nettstedet som gjest.");
    await updateSiteSettings({ guestAccess: false });
    try {
      const refused = await new Client(server.url).post(LOGIN, { mode: "guest" }, NB);
      expect(refused.status).toBe(400);
      expect(mainOf(await refused.text())).toContain(
        "Dette nettstedet har ikke gjestetilgang. Logg på som bruker.",
      );
    } finally {
      await updateSiteSettings({ guestAccess: true });
    }
  });
});

test("the welcome is in the language the person saved, which the next page is in", async () => {
  const c = new Client(server.url);
  const response = await c.post(
    LOGIN,
    { mode: "user", username: "greta", password: "greta-password-1", to: "/fotoweb/" },
    NB,
  );
  const html = await landing(c, response, NB);
  expect(langOf(html)).toBe("de");
  expect(toastOf(html)).toBe("Willkommen, Greta Schmidt.");
});

describe("changing the password in Norwegian", () => {
  const CHANGE = "/fotoweb/views/change-password";

  test("the page, the wrong current password and the toast", async () => {
    const c = new Client(server.url);
    await c.signIn("endre", "endre-password-1");
    const page = await (await c.get(CHANGE, NB)).text();
    expect(titleOf(page)).toBe("Endre passord | Arkiv");
    const main = mainOf(page);
    for (const words of [
      ">Endre passord</h1>",
      ">Nåværende passord<",
      ">Nytt passord<",
      ">Bekreft nytt passord<",
      "Minst 8 tegn.",
    ])
      expect(main).toContain(words);

    const wrong = await c.post(
      CHANGE,
      {
        currentPassword: "not-the-password",
        newPassword: "endre-password-2",
        confirmPassword: "endre-password-2",
      },
      NB,
    );
    expect(wrong.status).toBe(400);
    expect(mainOf(await wrong.text())).toContain("Det nåværende passordet er feil");

    const done = await c.post(
      CHANGE,
      {
        currentPassword: "endre-password-1",
        newPassword: "endre-password-2",
        confirmPassword: "endre-password-2",
      },
      NB,
    );
    expect(toastOf(await landing(c, done, NB))).toBe("Passordet ditt er endret.");
  });
});

describe("a forgotten password in German", () => {
  test("the request's page and toast", async () => {
    const c = new Client(server.url);
    const page = await (await c.get("/fotoweb/views/forgot-password", DE)).text();
    expect(titleOf(page)).toBe("Passwort vergessen? | Arkiv");
    expect(mainOf(page)).toContain(">Benutzername oder E-Mail-Adresse<");
    const response = await c.post(
      "/fotoweb/views/forgot-password",
      { identifier: "nobody-here" },
      DE,
    );
    const html = await landing(c, response, DE);
    expect(toastOf(html)).toBe("Wenn das Konto existiert, ist ein Link unterwegs.");
    expect(mainOf(html)).toContain("ist ein Link zum Wählen eines neuen Passworts");
  });

  test("an unknown link is refused in the person's language", async () => {
    const response = await new Client(server.url).get(
      `/fotoweb/views/reset-password/${"x".repeat(43)}`,
      DE,
    );
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Link zum Zurücksetzen des Passworts");
    expect(html).toContain("Dieser Link zum Zurücksetzen des Passworts ist ungültig.");
  });
});
