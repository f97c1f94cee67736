import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, hasJs, signInQuietly, test } from "./fixtures";
import { ALERTS_LIGHT } from "./alerts";
import { TAXONOMY_ADMIN_LIGHT } from "./taxonomy-admin";
import { BROWSE_ARCHIVE, PASSWORD, projectUser } from "./users";

/*
 * Issue 31: the header's Tools and Alerts menus and the grid's sort order by keyboard. Opened
 * with Enter, a menu puts focus on its first item; Escape closes it and focus goes back to its
 * button; choosing a sort order leaves focus on the sort button. These are react-aria widgets
 * once scripts run; without JavaScript they are a disclosure of links, a link and a native select
 * with a Sort button, which the browser handles.
 */

const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e ? `${e.tagName.toLowerCase()} ${e.getAttribute("role") ?? ""} ${e.textContent}` : "";
  });

async function openWithEnter(page: Page, trigger: ReturnType<Page["getByRole"]>) {
  await trigger.focus();
  await page.keyboard.press("Enter");
}

test("the Tools menu: Enter focuses its first item, Escape gives focus back", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "without JavaScript the tools are a native disclosure of links");
  await signInQuietly(page, TAXONOMY_ADMIN_LIGHT, PASSWORD);
  await open("/fotoweb/archives/");
  const trigger = page.getByRole("button", { name: /^Tools/ });
  await openWithEnter(page, trigger);
  const menu = page.getByRole("menu", { name: "Tools" });
  await expect(menu.getByRole("menuitem").first(), await focused(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(trigger, await focused(page)).toBeFocused();
  // Again, now that the menu's code is in: the same.
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
});

test("the Alerts menu: Enter focuses its first alert, Escape gives focus back", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "without JavaScript the alerts are a link to their list");
  await signInQuietly(page, ALERTS_LIGHT, PASSWORD);
  await open("/fotoweb/archives/");
  const trigger = page.getByRole("button", { name: "Alerts", exact: true });
  await openWithEnter(page, trigger);
  const menu = page.getByRole("menu", { name: "Alerts" });
  await expect(menu.getByRole("menuitem").first()).toHaveText(/seeded <b>harbour<\/b>/);
  await expect(menu.getByRole("menuitem").first(), await focused(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(trigger, await focused(page)).toBeFocused();
});

test("choosing a sort order by keyboard leaves focus on the sort button", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "without JavaScript the order is a native select and a Sort button");
  await signInQuietly(page, projectUser("pins", info.project.name), PASSWORD);
  let href = "";
  for (let id = 5000; id < 5040 && !href; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: "application/vnd.fotoware.collection+json" },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name: string; href: string };
    if (body.name === BROWSE_ARCHIVE) href = body.href;
  }
  await open(href);
  const sort = page.getByRole("button", { name: /Sort by/ });
  const before = await sort.textContent();
  await sort.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("listbox");
  await expect(list).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]s=/);
  await expect(sort).not.toHaveText(before ?? "");
  await expect(sort, await focused(page)).toBeFocused();
});
