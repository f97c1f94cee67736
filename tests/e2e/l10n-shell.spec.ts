import type { Locator, Page, TestInfo } from "@playwright/test";
import { PASSWORD, projectUser } from "./users";
import {
  choose,
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";

/*
 * Localization of the shell (issue 32, decisions 101 and 102), JavaScript on and off: the page
 * speaks the browser's language, a visitor switches language on the same page, a signed-in
 * person's language and time zone are kept with the account. The pseudo-locale's layout and
 * literal-text checks are pseudo-locale.spec.ts.
 */

const html = (page: Page) => page.locator("html");

/** A react-aria Select with JavaScript, the native select without. */
async function pick(page: Page, scope: Locator, info: TestInfo, label: string, option: string) {
  if (!hasJs(info)) {
    await scope.getByLabel(label, { exact: true }).selectOption({ label: option });
    return;
  }
  await scope.getByRole("button", { name: new RegExp(`${label}$`) }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("a visitor reads the browser's language and switches to German on the same page", async ({
    page,
    open,
  }, info) => {
    await open("/fotoweb/albums/");
    await expect(html(page)).toHaveAttribute("lang", "nb");
    const header = page.locator("header");
    if (!hasJs(info) || (await page.getByTestId("header-menu").isVisible())) {
      await expect(header.getByRole("link", { name: "Arkiver", exact: true })).toBeAttached();
    }
    await expect(page.getByRole("link", { name: "Gå til innholdet" })).toBeAttached();
    const languages = page.locator("footer").getByRole("group", { name: "Språk" });
    await expect(languages.getByText("Norsk bokmål", { exact: true })).toBeVisible();
    await expectAccessible(page, info, "the footer's language switch in Norwegian");

    await languages.getByRole("button", { name: "Deutsch" }).click();
    await expect(html(page)).toHaveAttribute("lang", "de");
    await expect(page).toHaveURL("/fotoweb/albums/");
    await expectToast(page, "Sprache und Zeitzone gespeichert.");
    await expect(
      page.locator("footer").getByRole("group", { name: "Sprache" }).getByText("Deutsch"),
    ).toBeVisible();
    // The choice outlives the page: a fresh load of another page is German too.
    await open("/fotoweb/archives/");
    await expect(html(page)).toHaveAttribute("lang", "de");
  });

  test("a signed-in person's language and time zone are kept with the account", async ({
    page,
    open,
    browser,
  }, info) => {
    const username = projectUser("polyglot", info.project.name);
    await signInQuietly(page, username, PASSWORD);
    await open("/fotoweb/me/locale");
    await expect(html(page)).toHaveAttribute("lang", "nb");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Språk og tidssone");
    await choose(page.locator("main"), "Deutsch");
    await pick(page, page.locator("main"), info, "Tidssone", "Europe/Oslo");
    await page.locator("main").getByRole("button", { name: "Lagre" }).click();
    await expect(html(page)).toHaveAttribute("lang", "de");
    await expectToast(page, "Sprache und Zeitzone gespeichert.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sprache und Zeitzone");

    // Another browser that asks for English still gets the account's German and zone.
    const other = await browser.newContext({
      locale: "en-GB",
      javaScriptEnabled: hasJs(info),
    });
    const elsewhere = await other.newPage();
    await signInQuietly(elsewhere, username, PASSWORD);
    await elsewhere.goto("/fotoweb/me/locale");
    await waitForHydration(elsewhere, info);
    await expect(html(elsewhere)).toHaveAttribute("lang", "de");
    const block = await elsewhere.locator("#arkiv-messages").textContent();
    expect(JSON.parse(block ?? "{}")).toMatchObject({ language: "de", timeZone: "Europe/Oslo" });

    // Back to following the browser, from the user menu's quick switch and the page's "auto".
    await choose(elsewhere.locator("main"), "Wie mein Browser es wünscht (English)");
    await elsewhere.locator("main").getByRole("button", { name: "Speichern" }).click();
    await expect(html(elsewhere)).toHaveAttribute("lang", "en");
    await other.close();
  });
});

test("a bad choice is refused with a message and changes nothing", async ({ page, open }) => {
  await open("/fotoweb/albums/");
  const response = await page.request.post("/fotoweb/me/locale", {
    form: { language: "xx", to: "/fotoweb/albums/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await open("/fotoweb/albums/");
  await expectToast(page, "Choose one of the languages and time zones offered.");
  await expect(html(page)).toHaveAttribute("lang", "en");
});
