import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { LINKS_A11Y_OWNER, LINKS_ALBUMS } from "./albums-links";
import { seededAssets } from "./assets";
import { FULL_DESCRIPTOR, overflowOf, STATIC_PAGES } from "./product-pages";
import { ADMIN, PASSWORD, REVISIONS_A11Y_ARCHIVE } from "./users";
import { expect, signInQuietly, test } from "./fixtures";

/*
 * The pseudo-locale en-XA (issue 32, decision 101): every message accented, a third longer and
 * bracketed. Each page of the product, opened in it with JavaScript on and off, is no wider than
 * a 1440 or a 390 px window, and shows no English word of the catalogues outside a message's
 * brackets: such a word is text written into the code, not taken by key. The pseudo-locale's
 * text is longer than English, so this is also the phone-width check of issue 31: what is wider
 * than the screen (a table of many columns) scrolls inside its own box, not the page.
 */

const LOCALES = fileURLToPath(new URL("../../app/locales/en", import.meta.url));

/** Text as compared here: lower case, one space between words. */
const normal = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** The runs of three words in a text. */
const windows = (text: string) => {
  const words = text.split(" ").filter(Boolean);
  return words.slice(0, -2).map((_, i) => words.slice(i, i + 3).join(" "));
};

/*
 * The English messages' own words: each message cut where it interpolates or tags something,
 * every piece that holds a word. Data shown as it is (a user's name, an asset's title) may be
 * English too, so what counts is a whole piece, or three words in a row of one.
 */
const PIECES = fs.readdirSync(LOCALES).flatMap((file) =>
  Object.values(JSON.parse(fs.readFileSync(path.join(LOCALES, file), "utf8")) as object)
    .flatMap((message: string) => message.split(/[{}]|<\/?\d+\s*\/?>|\n/))
    .map(normal)
    .filter((piece) => /[a-z]{3,}/.test(piece) && !/^[\w-]+(, *\w+)*,?$/.test(piece)),
);
const WHOLE = new Set(PIECES);
const RUNS = new Set(PIECES.flatMap(windows));

/* Seeded data that reads as a message: a user named for a role. */
const SEEDED_DATA = new Set(["site owner"]);

/** What the page shows outside the messages' brackets that is written as one of our messages. */
async function englishOutsideMessages(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // What the page marks as not to be translated (a mail as it was sent) is left out.
    const kept = [...document.querySelectorAll<HTMLElement>("[translate='no']")];
    for (const element of kept) element.style.setProperty("display", "none");
    const read = [document.title, document.body.innerText];
    for (const element of kept) element.style.removeProperty("display");
    const named = document.querySelectorAll(
      ":is([aria-label], [title], [placeholder], [alt]):not([translate='no'] *, [translate='no'])",
    );
    for (const element of named)
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) read.push(value);
      }
    return read;
  });
  const found: string[] = [];
  for (const text of texts) {
    // A message interpolates data, and a message may hold another: take them from the inside out.
    let rest = text;
    for (let before = ""; before !== rest;) {
      before = rest;
      rest = rest.replace(/\[[^[\]]*\]/g, "\n");
    }
    for (const line of rest.split("\n")) {
      const seen = normal(line).replace(/[\s.:,;!?()|·–—-]+$/, "");
      if (!seen || SEEDED_DATA.has(seen)) continue;
      const run = windows(seen).find((words) => RUNS.has(words));
      if (WHOLE.has(seen) || run)
        found.push(`${line.trim().slice(0, 120)}${run ? ` (${run})` : ""}`);
    }
  }
  return [...new Set(found)];
}

/** Chooses the pseudo-locale before signing in: the choice is the browser's, not the account's. */
async function choosePseudoLocale(page: Page) {
  const chosen = await page.request.post("/fotoweb/me/locale", {
    form: { language: "en-XA" },
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(302);
}

async function expectWordsByKeyAndNoneWide(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const where of paths) {
    await page.setViewportSize({ width: 1440, height: 900 });
    const missing = where.includes("does-not-exist");
    const wide = await overflowOf(page, where, 1440, missing ? { status: 404 } : {});
    await expect(page.locator("html"), where).toHaveAttribute("lang", "en-XA");
    if (wide) problems.push(wide);
    for (const leak of await englishOutsideMessages(page)) problems.push(`${where}: ${leak}`);
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await overflowOf(page, where, 390, { load: false });
    if (narrow) problems.push(narrow);
  }
  expect(problems, "pages wider than the window, or English outside a message").toEqual([]);
}

// A few pages a test, so that a slow moment on a busy machine never takes one past its limit.
const CHUNK = 8;
for (let at = 0; at < STATIC_PAGES.length; at += CHUNK) {
  const chunk = STATIC_PAGES.slice(at, at + CHUNK);
  test(`in the pseudo-locale, the site owner's pages from ${chunk[0]} take every word by key and fit 1440 and 390 px`, async ({
    page,
  }) => {
    await choosePseudoLocale(page);
    await signInQuietly(page, ADMIN.username, ADMIN.password);
    await expectWordsByKeyAndNoneWide(page, chunk);
  });
}

test("in the pseudo-locale, an archive, an asset, its revisions and their comparison take every word by key and fit", async ({
  page,
  baseURL,
}) => {
  const asset = (await seededAssets(baseURL!, REVISIONS_A11Y_ARCHIVE, 1))[0]!.href;
  const archive = asset.slice(0, asset.lastIndexOf("/") + 1);
  await choosePseudoLocale(page);
  await signInQuietly(page, "revisions-a11y", PASSWORD);
  await expectWordsByKeyAndNoneWide(page, [
    archive,
    asset,
    `${asset}/__revisions/`,
    `${asset}/__revisions/compare?left=1&right=3`,
  ]);
});

test("in the pseudo-locale, an album, its links and what a visitor sees take every word by key and fit", async ({
  page,
}) => {
  await choosePseudoLocale(page);
  // The pseudo-locale's words: bracketed and accented.
  await page.goto("/fotoweb/me/locale");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^\[.*[\u00c0-\u024f].*\]$/);
  await expectWordsByKeyAndNoneWide(page, [
    "/fotoweb/views/login",
    "/fotoweb/me/locale",
    "/fotoweb/views/forgot-password",
    "/fotoweb/this-page-does-not-exist",
  ]);
  await signInQuietly(page, LINKS_A11Y_OWNER, PASSWORD);
  const me = await readPlaywrightJson<{ user: { userId: number } }>(
    await page.request.get("/fotoweb/me/", { headers: { Accept: FULL_DESCRIPTOR } }),
  );
  const album = `/fotoweb/users/${me.user.userId}/albums/${LINKS_ALBUMS.light.id}/`;
  await expectWordsByKeyAndNoneWide(page, [album, `${album}.shares/links/`]);
});
