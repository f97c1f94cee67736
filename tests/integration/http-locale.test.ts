import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, findUserByUsername } from "~/models/user/user.server";
import { readApiJson } from "../helpers/api-contract";
import { Client, startTestServer, type TestServer } from "../helpers/server";

/*
 * The language and time zone a page is answered in (issue 32, decision 101): the person's saved
 * choice, else this browser's cookie, else Accept-Language, else the site's default; the choice
 * posted as a plain form; the page's messages in its data block and by area for the browser.
 */

const LOCALE = "/fotoweb/me/locale";
let server: TestServer;

const langOf = (html: string) => html.match(/<html lang="([^"]+)"/)?.[1];
const toastOf = (html: string) => html.match(/data-testid="toast"[^>]*>([^<]*)</)?.[1] ?? null;
function blockOf(html: string) {
  const json = html.match(
    /<script id="arkiv-messages" type="application\/json"[^>]*>(.*?)<\/script>/s,
  )?.[1];
  return JSON.parse(json ?? "null") as {
    language: string;
    timeZone: string;
    version: string;
    areas: Record<string, Record<string, unknown>>;
  };
}
const page = async (client: Client, accept?: string) =>
  (await client.get(LOCALE, accept ? { "accept-language": accept } : {})).text();

async function intranetOf(username: string) {
  return (await findUserByUsername(username))!.preferences.intranet;
}

beforeAll(async () => {
  server = await startTestServer();
  await createUser({ username: "polyglot", password: "polyglot-password-1" });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("without a choice, the browser's language", () => {
  test.each([
    ["nb-NO,nb;q=0.9,en;q=0.8", "nb", "Språk og tidssone"],
    ["no", "nb", "Språk og tidssone"],
    ["nn-NO", "nb", "Språk og tidssone"],
    ["de-CH, en;q=0.5", "de", "Sprache und Zeitzone"],
    ["fr-FR, de;q=0.2, en;q=0.7", "en", "Language and time zone"],
    ["fr", "en", "Language and time zone"],
    ["", "en", "Language and time zone"],
    ["*;q=x,,;;,nb;q=0", "en", "Language and time zone"],
  ])("%j answers in %s", async (accept, language, heading) => {
    const html = await page(new Client(server.url), accept);
    expect(langOf(html)).toBe(language);
    expect(html).toContain(`<h1 id="locale-title">${heading}</h1>`);
    const block = blockOf(html);
    expect(block.language).toBe(language);
    expect(block.timeZone).toBe("UTC");
    expect(Object.keys(block.areas)).toContain("common");
  });
});

describe("a choice without an account", () => {
  test("is kept in this browser, before Accept-Language, and comes back to the page", async () => {
    const visitor = new Client(server.url);
    const response = await visitor.post(LOCALE, { language: "de", to: "/fotoweb/archives/" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/archives/");
    const html = await page(visitor, "nb-NO");
    expect(langOf(html)).toBe("de");
    expect(toastOf(html)).toBe("Sprache und Zeitzone gespeichert.");
    // Another browser is not affected.
    expect(langOf(await page(new Client(server.url), "nb-NO"))).toBe("nb");
  });

  test("a time zone is kept too, and said in the page's data", async () => {
    const visitor = new Client(server.url);
    await visitor.post(LOCALE, { timeZone: "America/New_York" });
    const block = blockOf(await page(visitor, "en"));
    expect(block.timeZone).toBe("America/New_York");
    expect(block.language).toBe("en");
  });

  test("a forged cookie is ignored", async () => {
    const visitor = new Client(server.url);
    visitor.cookies.set("arkiv_locale", "eyJsYW5ndWFnZSI6ImZyIn0%3D");
    expect(langOf(await page(visitor, "de"))).toBe("de");
  });
});

describe("a signed-in person's choice", () => {
  test("is saved with the account, before the cookie and the browser, until set back to auto", async () => {
    const person = new Client(server.url);
    await person.signIn("polyglot", "polyglot-password-1");
    const response = await person.post(LOCALE, {
      language: "nb",
      timeZone: "Europe/Oslo",
      to: LOCALE,
    });
    expect(response.status).toBe(302);
    expect(await intranetOf("polyglot")).toMatchObject({
      language: "nb",
      timeZone: "Europe/Oslo",
    });
    const html = await page(person, "de");
    expect(langOf(html)).toBe("nb");
    expect(toastOf(html)).toBe("Språk og tidssone er lagret.");
    expect(blockOf(html).timeZone).toBe("Europe/Oslo");
    // The form offers "auto" and shows the saved choice.
    expect(html).toMatch(/value="auto"/);

    await person.post(LOCALE, { language: "auto", timeZone: "auto" });
    expect(await intranetOf("polyglot")).toMatchObject({ language: "auto", timeZone: "auto" });
    const after = await page(person, "de");
    expect(langOf(after)).toBe("de");
    expect(blockOf(after).timeZone).toBe("UTC");
  });

  test.each([
    ["an unknown language", { language: "fr" }],
    ["the pseudo-locale where it is off", { language: "en-XA" }],
    ["an unknown time zone", { timeZone: "Mars/Olympus_Mons" }],
    ["a script", { timeZone: "<script>alert(1)</script>" }],
    ["10 000 characters", { language: "nb".repeat(5000) }],
  ])("%s is refused with a message and changes nothing", async (_what, fields) => {
    const person = new Client(server.url);
    await person.signIn("polyglot", "polyglot-password-1");
    const before = await intranetOf("polyglot");
    const response = await person.post(LOCALE, { ...fields, to: "https://evil.example/" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fotoweb/");
    const html = await (await person.get("/fotoweb/", { "accept-language": "en" })).text();
    expect(toastOf(html)).toBe("Choose one of the languages and time zones offered.");
    expect(await intranetOf("polyglot")).toEqual(before);
  });
});

describe("an area's messages for the browser", () => {
  test("are kept for good at the current version, and not at another", async () => {
    const version = blockOf(await page(new Client(server.url), "nb")).version;
    const client = new Client(server.url);
    const current = await client.get(`/fotoweb/locales/nb/common?v=${version}`);
    expect(current.status).toBe(200);
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const messages = await readApiJson<Record<string, unknown>>(current);
    expect(messages["common.locale.saved"]).toEqual(["Språk og tidssone er lagret."]);
    const stale = await client.get("/fotoweb/locales/nb/common?v=old");
    expect(stale.status).toBe(200);
    expect(stale.headers.get("cache-control")).toBe("no-cache");
  });

  test.each([
    "/fotoweb/locales/fr/common",
    "/fotoweb/locales/nb/nothing",
    "/fotoweb/locales/en-XA/common",
    "/fotoweb/locales/..%2F..%2Fetc/passwd",
  ])("%s is not found", async (path) => {
    expect((await new Client(server.url).get(path)).status).toBe(404);
  });
});

test("the messages block cannot be ended by what a page shows", async () => {
  const visitor = new Client(server.url);
  const html = await (
    await visitor.get(
      `${LOCALE}?to=${encodeURIComponent("/fotoweb/</script><script>alert(1)</script>")}`,
    )
  ).text();
  expect(html).not.toContain("<script>alert(1)</script>");
  expect(blockOf(html).language).toBe("en");
});
