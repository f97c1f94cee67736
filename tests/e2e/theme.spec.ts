import { PASSWORD, projectUser } from "./users";
import { expect, expectToast, signInQuietly, test } from "./fixtures";
import type { Page } from "@playwright/test";

/* Dark mode: the user menu's interface style, rendered by the server as <html data-theme>. */

// The page background tokens of app/styles/theme.css.ts.
const LIGHT_BG = "rgb(245, 245, 244)";
const DARK_BG = "rgb(18, 18, 18)";

const theme = (page: Page) => page.locator("html");
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/* One press on the style's button (the current style is text, not a button). */
async function applyStyle(page: Page, label: string) {
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  await menu.getByRole("button", { name: label, exact: true }).click();
  await expectToast(page, "Interface style saved.");
}

test("a user switches between light, dark and auto in the user menu", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, projectUser("theme", info.project.name), PASSWORD);
  await open("/fotoweb/albums/");
  await expect(theme(page)).toHaveAttribute("data-theme", "light");
  expect(await background(page)).toBe(LIGHT_BG);

  await applyStyle(page, "Dark");
  // The style is applied on the page the user was on.
  await expect(page).toHaveURL("/fotoweb/albums/");
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "dark");
  expect(await background(page)).toBe(DARK_BG);
  // It is stored: a fresh load keeps it, and the menu shows the choice.
  await open("/fotoweb/");
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  const styles = menu.getByRole("group", { name: "Interface style" });
  await expect(styles.getByText("Dark", { exact: true })).toBeVisible();
  await expect(styles.getByRole("button", { name: "Dark", exact: true })).toHaveCount(0);
  await expect(styles.getByRole("button", { name: "Light", exact: true })).toBeVisible();
  await menu.locator("summary").click();

  await applyStyle(page, "Light");
  await expect(theme(page)).toHaveAttribute("data-theme", "light");
  expect(await background(page)).toBe(LIGHT_BG);

  await applyStyle(page, "Auto (follow the system)");
  await expect(theme(page)).toHaveAttribute("data-theme", "auto");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
});

test("visitors who are not signed in get the light theme whatever the system prefers", async ({
  page,
  open,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await open("/fotoweb/");
  await expect(theme(page)).toHaveAttribute("data-theme", "light");
  expect(await background(page)).toBe(LIGHT_BG);
});
