import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { addAlbumAssets, createAlbum } from "~/models/album/album.server";
import { createArchive } from "~/models/archive/archive.server";
import { formatDateTime } from "~/models/locale/format";
import type { Viewer } from "~/models/user/user.schema";
import { createUser, patchPreferences } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { insertAsset } from "../helpers/assets";
import { Client, startTestServer, type TestServer } from "../helpers/server";
import { landing, langOf, mainOf, titleOf, toastOf } from "../helpers/page-html";
import { setAlbumFlags } from "../helpers/album-flags";

/*
 * Albums in the reader's language (issue 32, decision 101): the albums list, an album's page,
 * its sharing and public link pages and the link's visitor in Norwegian and German; the toasts
 * and form messages their actions make; link expiries in the reader's zone, named; the API's
 * answers stay English. The English of the same pages is the other http-album*.test.ts files'.
 */

const NB = { "accept-language": "nb-NO,nb;q=0.9,en;q=0.5" };
const DE = { "accept-language": "de-DE" };
const PASSWORD = "nora-password-1";

let server: TestServer;
let owner: Viewer;
let friend: Viewer;
let nora: Client;
let albumHref: string;
let albumId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser({ username: "nora", password: PASSWORD, fullName: "Nora Nordmann" });
  friend = await createUser({ username: "fred", password: "fred-password-1", fullName: "Fred" });
  const archive = await createArchive({
    name: "Fjord",
    members: [
      { type: "user", id: owner.id, permissions: ["View", "Preview", "Download"], autoSearch: "" },
    ],
  });
  const assets = [
    await insertAsset(archive, { fileName: "fjord.jpg" }),
    await insertAsset(archive, { fileName: "fjell.jpg" }),
  ];
  const album = await createAlbum(owner, { name: "Sommer", description: "" });
  await addAlbumAssets(owner, album.id, assets);
  albumId = album.id;
  albumHref = `/fotoweb/users/${owner.id}/albums/${album.id}/`;
  await setAlbumFlags({ shareWithUsers: true, shareWithGuests: true, create: true });
  nora = new Client(server.url);
  await nora.signIn("nora", PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("the album pages in Norwegian and German", () => {
  test("the albums list: title, heading, search and filters", async () => {
    const html = await (await nora.get("/fotoweb/albums/", NB)).text();
    expect(langOf(html)).toBe("nb");
    expect(titleOf(html)).toBe("Album | Arkiv");
    const main = mainOf(html);
    for (const words of [
      'aria-label="Finn album"',
      'aria-label="Mine album"',
      'aria-label="Album delt med meg"',
      'aria-label="Albumfiltre"',
      ">Opprett<",
      "2 ressurser",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Find albums");
    const german = mainOf(await (await nora.get("/fotoweb/albums/?filter=archived", DE)).text());
    expect(german).toContain("Sie haben keine archivierten Alben.");
    expect(german).toContain('aria-label="Meine gelöschten Alben"');
  });

  test("an album's page: its facts, the owner's actions and the selection's", async () => {
    const main = mainOf(await (await nora.get(albumHref, NB)).text());
    for (const words of [
      "Album av Nora Nordmann",
      "2 ressurser",
      ">Ditt<",
      ">Albumhandlinger<",
      ">Fjern fra albumet<",
      ">Bruk som omslagsbilde<",
      ">Del albumet<",
      "Ingen ennå.",
    ])
      expect(main).toContain(words);
    expect(main).not.toContain("Remove from album");
    const german = mainOf(await (await nora.get(albumHref, DE)).text());
    for (const words of ["Album von Nora Nordmann", "2 Assets", ">Aus dem Album entfernen<"])
      expect(german).toContain(words);
  });

  test("an action's toast and a refused action's message", async () => {
    const saved = await nora.post(
      albumHref,
      { intent: "rename", name: "Sommer", description: "" },
      NB,
    );
    expect(toastOf(await landing(nora, saved, NB))).toBe("Albumet er lagret.");
    const cover = await nora.post(albumHref, { intent: "clear-cover" }, DE);
    expect(toastOf(await landing(nora, cover, DE))).toBe(
      "Titelbild entfernt: Das erste Asset ist das Titelbild.",
    );
    const refused = await nora.post(albumHref, { intent: "purge", confirm: "on" }, NB);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Flytt albumet til papirkurven først.");
    const nothing = await nora.post(albumHref, { intent: "remove" }, NB);
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("Velg ressursene først.");
  });

  test("sharing with a person: the page, the toast, the share's line", async () => {
    const sharesHref = `${albumHref}.shares/`;
    const page = mainOf(await (await nora.get(sharesHref, NB)).text());
    for (const words of [
      ">Del Sommer<",
      "Dette albumet er ikke delt med noen ennå.",
      ">Del med personer og grupper<",
      ">Tilgang<",
      ">Administrer offentlige lenker<",
    ])
      expect(page).toContain(words);
    // The public link test may have run first (files run in any order): none, or some, open.
    expect(page).toMatch(
      /Ingen offentlig lenke er åpen\.|1 offentlig lenke er åpen\.|\d+ offentlige lenker er åpne\./,
    );
    const shared = await nora.post(
      sharesHref,
      { intent: "add-share", target: `user:${friend.id}`, access: "view" },
      NB,
    );
    const after = await landing(nora, shared, NB);
    expect(toastOf(after)).toBe("Sommer er delt med Fred.");
    expect(mainOf(after)).toContain("Bruker · Kan se");
    const unknown = await nora.post(sharesHref, { intent: "nothing" }, DE);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unbekannte Aktion.");
    const album = mainOf(await (await nora.get(albumHref, NB)).text());
    expect(album).toContain("Fred (kan se)");
  });

  test("a public link: created with a toast, its expiry in the reader's zone, named", async () => {
    await patchPreferences(owner.id, { intranet: { timeZone: "Europe/Oslo" } });
    try {
      const links = `${albumHref}.shares/links/`;
      const created = await nora.post(
        links,
        { intent: "create", label: "Presse", expires: "2099-06-30T12:00", download: "previews" },
        NB,
      );
      const linkPage = await landing(nora, created, NB);
      expect(toastOf(linkPage)).toBe(
        "Lenken er opprettet. Kopier den og send den til dem som skal se albumet.",
      );
      const main = mainOf(linkPage);
      expect(main).toContain(">Offentlig lenke: Presse<");
      expect(main).toContain(">Forhåndsvisninger<");
      expect(main).toContain(">Tilgangslogg<");
      // Written on the Oslo clock (decision 117): 12:00 in summer is 10:00 UTC, shown back as
      // 12:00 with the zone's name, and in the field as written.
      const expiry = formatDateTime("nb", "Europe/Oslo", "2099-06-30T10:00:00Z");
      expect(expiry).toMatch(/12[:.]00/);
      expect(main).toContain(expiry);
      expect(main).toContain("Utløper (Europe/Oslo)");
      expect(main).toContain('value="2099-06-30T12:00"');
      const list = mainOf(await (await nora.get(links, DE)).text());
      expect(list).toContain(">Öffentliche Links von Sommer<");
      expect(list).toContain(formatDateTime("de", "Europe/Oslo", "2099-06-30T10:00:00Z"));
    } finally {
      await patchPreferences(owner.id, { intranet: { timeZone: "auto" } });
    }
  });
});

describe("a public link's visitor in Norwegian and German", () => {
  async function link(fields: Record<string, string>) {
    const response = await nora.post(`${albumHref}.shares/links/`, {
      intent: "create",
      ...fields,
    });
    expect(response.status).toBe(302);
    const id = Number(/links\/(\d+)$/.exec(response.headers.get("location") ?? "")![1]);
    const { token } = await db()
      .selectFrom("share_links")
      .select("token")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { id, page: `/fotoweb/shared/${token}` };
  }

  test("the album, the password form and a wrong password", async () => {
    const open = await link({ download: "previews" });
    const visitor = new Client(server.url);
    const html = await (await visitor.get(open.page, NB)).text();
    expect(langOf(html)).toBe("nb");
    const main = mainOf(html);
    expect(main).toContain("Delt av Nora Nordmann");
    expect(main).toContain(">Last ned forhåndsvisning<");
    expect(main).toContain('aria-label="Ressurser"');

    const locked = await link({ password: "sesam-1234" });
    const form = mainOf(await (await visitor.get(locked.page, DE)).text());
    expect(form).toContain("Dieses geteilte Album ist geschützt.");
    expect(form).toContain(">Album öffnen<");
    const wrong = await visitor.post(locked.page, { password: "wrong-one" }, NB);
    expect(wrong.status).toBe(401);
    expect(mainOf(await wrong.text())).toContain("Passordet er feil. Prøv igjen.");
  });

  test("a revoked link says so in the visitor's language", async () => {
    const revoked = await link({});
    const linkHref = `${albumHref}.shares/links/${revoked.id}`;
    const response = await nora.post(linkHref, { intent: "revoke" }, NB);
    expect(toastOf(await landing(nora, response, NB))).toBe(
      "Lenken er trukket tilbake. Den som åpner den nå, får beskjed om at albumet ikke lenger er delt.",
    );
    const gone = await new Client(server.url).get(revoked.page, NB);
    expect(gone.status).toBe(410);
    const main = mainOf(await gone.text());
    expect(main).toContain(">Lenken er trukket tilbake<");
    expect(main).toContain("Denne lenken er ikke lenger delt. Spør den som delte den.");
  });
});

describe("the API keeps English", () => {
  test("a refused create answers English to a program, Norwegian to the page", async () => {
    await setAlbumFlags({ create: false });
    try {
      const api = await nora.request("/fotoweb/me/albums/", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...NB },
        body: JSON.stringify({ name: "Nei" }),
      });
      expect(api.status).toBe(403);
      const body = await readApiJson<{ value: string }>(api, { method: "POST" });
      expect(body.value).toBe("You do not have permission to create albums.");
      const page = await nora.post("/fotoweb/albums/?index", { intent: "create", name: "Nei" }, NB);
      expect(page.status).toBe(403);
      expect(await page.text()).toContain("Du har ikke tillatelse til å opprette album.");
    } finally {
      await setAlbumFlags({ create: true });
    }
    expect(albumId).toBeGreaterThan(0);
  });
});

describe("the album forms' own messages in Norwegian", () => {
  test("a nameless album, a bad link password and a missing share target refused in Norwegian; the API in English", async () => {
    const nameless = await nora.post("/fotoweb/albums/?index", { intent: "create", name: " " }, NB);
    expect(nameless.status).toBe(400);
    expect(mainOf(await nameless.text())).toContain("Gi albumet et navn.");
    const short = await nora.post(
      `${albumHref}.shares/links/`,
      { intent: "create", label: "Kort", password: "ab", download: "none" },
      NB,
    );
    expect(short.status).toBe(400);
    expect(mainOf(await short.text())).toContain("eller la passordet stå tomt.");
    const nobody = await nora.post(`${albumHref}.shares/`, { intent: "add-share", target: "" }, NB);
    expect(nobody.status).toBe(400);
    expect(mainOf(await nobody.text())).toContain("Velg en person eller en gruppe å dele med.");
    const api = await nora.request("/fotoweb/me/albums/", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...NB },
      body: JSON.stringify({ name: "" }),
    });
    expect(api.status).toBe(400);
    const body = await readApiJson<{ fieldErrors: Record<string, string> }>(api, {
      method: "POST",
    });
    expect(body.fieldErrors.name).toBe("Give the album a name.");
  });
});
