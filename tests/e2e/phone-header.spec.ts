import type { Locator, Page } from "@playwright/test";
import { ADMIN } from "./users";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";

/*
 * Phones (issue 31, decision 088): at 390 px the header is one row, the name, the search and a
 * Menu button; the links and menus open from that button, with JavaScript and without. Every
 * menu and dialog opened there stays inside the screen.
 */

const SCREEN = 390;

const menu = (page: Page) => page.getByTestId("header-menu");
const menuButton = (page: Page) => menu(page).locator("summary").first();
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

async function expectOnScreen(locator: Locator, what: string) {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(SCREEN);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: SCREEN, height: 844 });
  await signInQuietly(page, ADMIN.username, ADMIN.password);
});

test("on a phone the header is one row and its menu holds the links", async ({
  page,
  open,
}, info) => {
  await open("/fotoweb/archives/");
  const header = page.getByRole("banner");
  expect((await header.boundingBox())!.height).toBeLessThan(72);
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
  await expect(mainNav(page)).toBeHidden();
  await expect(page.getByTestId("user-menu")).toBeHidden();
  await expectAccessible(page, info, "the phone header, closed", { bothThemes: true });

  await menuButton(page).click();
  await expectOnScreen(mainNav(page), "the main links");
  await expectOnScreen(menu(page).locator(":scope > div"), "the header's menu");
  await expectAccessible(page, info, "the phone header's menu, open", { bothThemes: true });

  // The site owner's menu opens in place, inside the screen.
  const user = page.getByTestId("user-menu");
  await user.locator("summary").click();
  await expectOnScreen(user.getByRole("link", { name: "Site settings" }), "the user menu's link");
  await expectOnScreen(user.locator(":scope > div"), "the user menu");

  await mainNav(page).getByRole("link", { name: "Albums" }).click();
  await expect(page).toHaveURL("/fotoweb/albums/");
  await expect(page.getByRole("heading", { name: "Albums", level: 1 })).toBeVisible();
  // The next page starts with the menu closed, whether it was loaded or rendered in place.
  await expect(mainNav(page)).toBeHidden();
});

test("on a phone the header's menus and its dialog stay inside the screen", async ({
  page,
  open,
}, info) => {
  await open("/fotoweb/archives/");
  await menuButton(page).click();
  const tools = page.getByTestId("tools-menu");
  if (!hasJs(info)) {
    // Without JavaScript: the tools are a disclosure, Alerts and Advanced search are links.
    await tools.locator("summary").click();
    await expectOnScreen(tools.getByRole("navigation", { name: "Tools" }), "the tools");
    await expectOnScreen(page.getByTestId("alerts-menu"), "the alerts link");
    await expectOnScreen(menu(page).getByRole("link", { name: "Advanced search" }), "search");
    return;
  }
  await tools.click();
  await expectOnScreen(page.getByRole("menu", { name: "Tools" }), "the tools menu");
  // Escape closes the menu, not the header's menu beneath it.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu", { name: "Tools" })).toHaveCount(0);
  await expect(mainNav(page)).toBeVisible();

  await page.getByTestId("alerts-menu").click();
  await expectOnScreen(page.getByTestId("alerts-popover"), "the alerts menu");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("alerts-popover")).toHaveCount(0);

  await menu(page).getByRole("button", { name: "Advanced search" }).click();
  const dialog = page.getByRole("dialog", { name: "Advanced search" });
  await expectOnScreen(dialog, "the advanced search");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(mainNav(page)).toBeVisible();

  // A second Escape closes the header's menu and leaves focus on its button.
  await page.keyboard.press("Escape");
  await expect(mainNav(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  // A click outside closes it too.
  await menuButton(page).click();
  await expect(mainNav(page)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).click();
  await expect(mainNav(page)).toBeHidden();
});
