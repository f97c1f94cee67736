import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, hasJs, signInQuietly, test } from "./fixtures";
import { BROWSE_ARCHIVE, BROWSE_PHOTOS, PASSWORD } from "./users";

/*
 * Issue 31: the grid by keyboard. "Skip to results" is a grid page's first Tab stop and the next
 * Tab after it reaches the first asset (with and without JavaScript); with JavaScript the arrow
 * keys move between tiles (left and right, up and down by a row) and Space toggles the focused
 * tile's selection. Nothing is stored: selection lives in the page.
 */

const tiles = (page: Page) => page.getByTestId("asset-tile");
const tileLink = (page: Page, i: number) => tiles(page).nth(i).locator("a[data-tile-link]");

async function openBrowse(page: Page, open: (url: string) => Promise<void>) {
  let href = "";
  for (let id = 5000; id < 5040 && !href; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: "application/vnd.fotoware.collection+json" },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name: string; href: string };
    if (body.name === BROWSE_ARCHIVE) href = body.href;
  }
  // The server ingests the seed's photographs as it starts.
  await expect(async () => {
    await open(href);
    await expect(tiles(page)).not.toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
}

test("'Skip to results' is the first Tab stop and leads to the first asset", async ({
  page,
  open,
}) => {
  await signInQuietly(page, "alice", PASSWORD);
  await openBrowse(page, open);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to results" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(tileLink(page, 0)).toBeFocused();
});

test("arrow keys move between tiles and Space selects", async ({ page, open }, info) => {
  test.skip(
    !hasJs(info),
    "arrow keys and Space on tiles are scripted; without JavaScript Tab and the checkboxes do it",
  );
  await signInQuietly(page, "alice", PASSWORD);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBrowse(page, open);
  await expect(tiles(page)).toHaveCount(Math.min(BROWSE_PHOTOS, 60));
  const columns = await tiles(page).evaluateAll((lis) => {
    const top = (lis[0] as HTMLElement).offsetTop;
    return lis.filter((li) => (li as HTMLElement).offsetTop === top).length;
  });
  expect(columns).toBeGreaterThan(1);
  await tileLink(page, 0).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tileLink(page, 1)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(tileLink(page, 0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(tileLink(page, columns)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(tileLink(page, 0)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Space");
  await expect(tiles(page).nth(1)).toHaveAttribute("data-selected", "true");
  await expect(page.getByText("1 selected")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(tiles(page).nth(1)).not.toHaveAttribute("data-selected");
  // Space selected and did not scroll the page away.
  await expect(tileLink(page, 1)).toBeFocused();
});
