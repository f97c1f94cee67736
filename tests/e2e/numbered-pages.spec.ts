import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, hasJs, signInQuietly, test } from "./fixtures";
import { BROWSE_ARCHIVE, BROWSE_PHOTOS, PASSWORD } from "./users";

/*
 * A numbered page of the API (;p=N, ;o=) opened in a browser: the archive page shows that page,
 * hydrates with JavaScript, and pages on by its usual links, with JavaScript on and off.
 */

test.describe.configure({ timeout: 120_000 });

const tiles = (page: Page) => page.getByTestId("asset-tile");

async function browseHref(page: Page): Promise<string> {
  for (let id = 5000; id < 5030; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: "application/vnd.fotoware.collection+json" },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name: string; href: string };
    if (body.name === BROWSE_ARCHIVE) return body.href;
  }
  throw new Error(`no archive named ${BROWSE_ARCHIVE}`);
}

/*
 * Follows a paging link by its address: a click on a 360 × 200 page still loading sometimes
 * landed on the page before it, under a loaded CI machine.
 */
async function follow(page: Page, name: string) {
  const href = await page.getByRole("link", { name }).getAttribute("href");
  expect(href).toMatch(/^\/fotoweb\/archives\//);
  await page.goto(href!);
}

test("a numbered page opens in the browser and pages on", async ({ page, open }, info) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signInQuietly(page, "alice", PASSWORD);
  const browse = await browseHref(page);
  // Twelve dense tiles fill less than a desktop screen, and the next page would load at once.
  await page.setViewportSize({ width: 360, height: 200 });
  // The seed's photographs are ingested as the server starts.
  await expect(async () => {
    await open(`${browse};p=0;o=name?n=12`);
    await expect(tiles(page)).toHaveCount(12, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  const first = await tiles(page).first().textContent();

  await open(`${browse};p=1;o=name?n=12`);
  await expect(tiles(page)).toHaveCount(12);
  expect(await tiles(page).first().textContent()).not.toBe(first);
  await expect(
    page.getByRole("combobox", { name: /sort/i }).or(page.getByLabel(/sort/i)).first(),
  ).toBeVisible();
  if (hasJs(info)) {
    await page.keyboard.press("End");
    await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS - 12);
  } else {
    await follow(page, "Next page");
    await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS - 24);
    await follow(page, "Previous page");
    await follow(page, "Previous page");
    await expect(tiles(page)).toHaveCount(12);
    expect(await tiles(page).first().textContent()).toBe(first);
  }
  expect(errors).toEqual([]);
});
