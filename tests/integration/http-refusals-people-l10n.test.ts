import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { TEST_ADMIN } from "../helpers/database";
import { mainOf, toastOf } from "../helpers/page-html";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { insertGroup } from "../helpers/groups";

/*
 * The people area's refusals in the reader's language (issue 32, decision 106): thrown by the
 * models keyed, read on a page in Norwegian (or German) with their status, and by a program in
 * the English it always had. Each case is one path a refusal takes to a person: a page's loader,
 * a page's action, a form reply, the catch-all page and the OAuth consent page.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9" };
const DE = { "accept-language": "de-DE" };
const JSON_ACCEPT = { accept: "application/json" };
const GRID = "/fotoweb/views/admin/users";
const GROUPS = "/fotoweb/views/admin/groups";

let server: TestServer;
let owner: Client;
let ownerId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = new Client(server.url);
  await owner.signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  ownerId = (await findUserByUsername(TEST_ADMIN.username))!.id;
  await createUser({ username: "refusal-rita", password: "rita-password-1", fullName: "Rita" });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const apiValue = async (response: Response) =>
  (await readApiJson<{ value: string }>(response)).value;

describe("a page that is not there", () => {
  test("reads in Norwegian, and in English for a program", async () => {
    const page = await owner.get("/fotoweb/no-such-page", NB);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain("Det finnes ingenting på denne adressen.");
    const program = await owner.get("/fotoweb/no-such-page", JSON_ACCEPT);
    expect(program.status).toBe(404);
    // Before Remix: a program asking for JSON hears that no API resource is there, in English.
    expect(await apiValue(program)).toBe("There is no API resource at this address.");
  });

  test("a group that does not exist, in German", async () => {
    const page = await owner.get(`${GROUPS}/987654`, DE);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain("An dieser Adresse gibt es keine Gruppe.");
  });
});

describe("user administration", () => {
  test("deleting the site owner is refused in Norwegian on the page, in English by the API", async () => {
    const page = await owner.post(GRID, { intent: "delete", id: String(ownerId) }, NB);
    expect(page.status).toBe(403);
    expect(mainOf(await page.text())).toContain("Nettstedseieren kan ikke slettes.");
    const api = await owner.request(`/fotoweb/api/users/${ownerId}`, {
      method: "DELETE",
      headers: JSON_ACCEPT,
    });
    expect(api.status).toBe(403);
    expect(await apiValue(api)).toBe("The site owner cannot be deleted.");
    expect(await findUserByUsername(TEST_ADMIN.username)).toBeDefined();
  });

  test("a stale save answers by the form in Norwegian", async () => {
    const rita = (await findUserByUsername("refusal-rita"))!;
    const stale = await owner.post(
      `${GRID}/${rita.id}`,
      {
        intent: "save",
        username: "refusal-rita",
        "address.givenName": "Rita",
        "address.surname": "Refusal",
        "address.email": "rita@example.com",
        "license.level": "Contributor",
        "license.mode": "Named",
        "commerce.paymentMethod": "1",
        "commerce.discount": "0",
        shown: "account.isEnabled",
        "account.isEnabled": "on",
        revision: "99",
      },
      NB,
    );
    expect(stale.status).toBe(409);
    expect(mainOf(await stale.text())).toContain(
      "Noen andre lagret denne brukeren etter at du åpnet den.",
    );
    expect((await findUserByUsername("refusal-rita"))!.username).toBe("refusal-rita");
  });

  test("a page of users with an unknown dialog is missing, in German", async () => {
    const page = await owner.get(`${GRID}/bulk?kind=nonsense&sel=${ownerId}`, DE);
    expect(page.status).toBe(404);
    expect(mainOf(await page.text())).toContain("Unter dieser Adresse gibt es nichts.");
  });
});

describe("the consent page of an OAuth application", () => {
  test("an unknown application is named in Norwegian", async () => {
    const page = await owner.get(
      `/fotoweb/oauth2/authorize?client_id=nobody&response_type=code&redirect_uri=https://x.example/`,
      NB,
    );
    expect(page.status).toBe(400);
    expect(mainOf(await page.text())).toContain(
      "Applikasjonen som ber om tilgang, er ikke registrert her.",
    );
  });
});

describe("a person's own settings and slips", () => {
  test("Pin selected with nothing selected comes back with a Norwegian toast", async () => {
    const sent = await owner.post("/fotoweb/me/pins/?index", { intent: "pin-selected" }, NB);
    expect(sent.status).toBe(302);
    const html = await (await owner.get(sent.headers.get("location")!, NB)).text();
    expect(toastOf(html)).toBe("Velg først ressursene som skal festes.");
  });

  test("sharp thumbnails, on and refused, in German", async () => {
    const on = await owner.post(
      "/fotoweb/me/client-settings",
      { enableRetinaThumbnails: "on", to: "/fotoweb/" },
      DE,
    );
    expect(toastOf(await (await owner.get(on.headers.get("location")!, DE)).text())).toBe(
      "Scharfe Miniaturansichten sind für hochauflösende Bildschirme eingeschaltet.",
    );
    const bad = await owner.post(
      "/fotoweb/me/client-settings",
      { enableRetinaThumbnails: "maybe", to: "/fotoweb/" },
      DE,
    );
    expect(toastOf(await (await owner.get(bad.headers.get("location")!, DE)).text())).toContain(
      "Kontrollkästchen",
    );
  });

  test("an advanced search aimed at another site is refused in Norwegian", async () => {
    const page = await owner.get(
      `/fotoweb/views/advanced-search?to=${encodeURIComponent("https://elsewhere.example/")}`,
      NB,
    );
    expect(page.status).toBe(400);
    expect(mainOf(await page.text())).toContain(
      "Et avansert søk kan bare søke i et arkiv på dette nettstedet.",
    );
  });

  test("a wrong password, in Norwegian", async () => {
    const refused = await new Client(server.url).post(
      "/fotoweb/views/login",
      { mode: "user", username: "refusal-rita", password: "not-her-password" },
      NB,
    );
    expect(refused.status).toBe(400);
    expect(mainOf(await refused.text())).toContain("Feil brukernavn eller passord.");
  });
});

describe("a page script's own JSON calls (decision 107)", () => {
  test("an alert that is not there: Norwegian to the page's script, English to a program", async () => {
    const script = await owner.get("/fotoweb/me/alerts/987654", {
      ...NB,
      ...JSON_ACCEPT,
      "x-arkiv-reader": "page",
    });
    expect(script.status).toBe(404);
    expect(await apiValue(script)).toBe("Det finnes ikke noe varsel på denne adressen.");
    const program = await owner.get("/fotoweb/me/alerts/987654", { ...NB, ...JSON_ACCEPT });
    expect(program.status).toBe(404);
    expect(await apiValue(program)).toBe("There is no alert at this address.");
  });

  test("an unknown form intent on the alerts page is a 400 in German, not a JSON crumb", async () => {
    const page = await owner.post("/fotoweb/me/alerts?index", { intent: "nonsense" }, DE);
    expect(page.status).toBe(400);
    expect(mainOf(await page.text())).toContain("Die Anfrage ist nicht gültig.");
  });
});

describe("the delegation rule", () => {
  test("a manager adding someone to a group with rights he lacks is refused in Norwegian", async () => {
    const managers = await insertGroup("L10n managers", { manageUsers: true });
    const admins = await insertGroup("L10n admins", { manageUsers: true, manageSettings: true });
    const manager = await createUser({ username: "l10n-manager", password: "manager-password-1" });
    await db()
      .insertInto("group_members")
      .values({ group_id: managers, user_id: manager.id })
      .execute();
    const fresh = await createUser({ username: "l10n-newcomer", password: "newcomer-password-1" });
    const asManager = new Client(server.url);
    await asManager.signIn("l10n-manager", "manager-password-1");
    const refused = await asManager.post(
      `${GRID}/${fresh.id}`,
      {
        intent: "save",
        username: "l10n-newcomer",
        "address.givenName": "New",
        "address.surname": "Comer",
        "address.email": "newcomer@example.com",
        "license.level": "Contributor",
        "license.mode": "Named",
        "commerce.paymentMethod": "1",
        "commerce.discount": "0",
        shown: "memberOf",
        memberOf: String(admins),
      },
      NB,
    );
    expect(refused.status).toBe(403);
    expect(mainOf(await refused.text())).toContain(
      "Du kan ikke legge personer til i «L10n admins»: gruppen gir rettigheter du ikke har: manageSettings.",
    );
    const held = await db()
      .selectFrom("group_members")
      .select("group_id")
      .where("user_id", "=", fresh.id)
      .where("group_id", "=", admins)
      .execute();
    expect(held).toEqual([]);
  });
});
