import type { Page } from "@playwright/test";
import { seededAssets } from "./assets";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";
import { BROWSE_ARCHIVE, BROWSE_PHOTOS, PASSWORD } from "./users";

/*
 * The viewer over the grid (issue 31, decision 091). With JavaScript, Enter or a double click on
 * a tile opens it; the arrow keys step through the grid's list; Escape closes it on the tile of
 * the asset shown last, with the page's scroll and selection as they were. Without JavaScript
 * the tile's link opens the asset page, which steps through the same list and leads back.
 */

test.describe.configure({ timeout: 90_000 });

const tiles = (page: Page) => page.getByTestId("asset-tile");
const tileLink = (page: Page, i: number) => tiles(page).nth(i).locator("a[data-tile-link]");
const labelOf = async (page: Page, i: number) =>
  (await tiles(page).nth(i).locator("img").getAttribute("alt"))!;
const viewer = (page: Page) => page.getByTestId("asset-viewer");

async function openBrowse(page: Page, open: (url: string) => Promise<void>, baseURL: string) {
  // Every photograph ingested, so the grid's list does not change while the test runs.
  const [first] = await seededAssets(baseURL, BROWSE_ARCHIVE, BROWSE_PHOTOS);
  await open(first!.archiveHREF);
  await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS);
}

test("Enter and a double click open the viewer; arrows step; Escape goes back to the tile", async ({
  page,
  open,
  baseURL,
}, info) => {
  test.skip(
    !hasJs(info),
    "the viewer is scripted; without JavaScript the asset page is the viewer",
  );
  await signInQuietly(page, "alice", PASSWORD);
  // Short, so the tenth tile of the dense grid is below the fold.
  await page.setViewportSize({ width: 1280, height: 400 });
  await openBrowse(page, open, baseURL!);

  // A selection made before opening, and a page scrolled down to the tile opened.
  await tileLink(page, 2).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("1 selected")).toBeVisible();
  await tileLink(page, 9).focus();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  await page.keyboard.press("Enter");
  const ninth = await labelOf(page, 9);
  await expect(page.getByRole("dialog", { name: ninth })).toBeVisible();
  await expect(viewer(page).getByRole("img", { name: `Preview of ${ninth}` })).toBeVisible();
  await expect(viewer(page).getByRole("status")).toHaveText(`10 of ${BROWSE_PHOTOS}`);
  await expect(viewer(page).getByRole("region", { name: "Details" })).toContainText("File size");
  await expect(viewer(page).getByRole("link", { name: "Open the asset page" })).toHaveAttribute(
    "href",
    (await tileLink(page, 9).getAttribute("href"))!,
  );
  await expectAccessible(page, info, "the viewer over the grid", { bothThemes: true });

  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: await labelOf(page, 10) })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: await labelOf(page, 8) })).toBeVisible();

  // Zoom: in to the preview's own pixels and back to fitted.
  const stage = viewer(page).locator("[data-zoomed]");
  await viewer(page).getByRole("button", { name: "Zoom in" }).click();
  await expect(stage).toHaveAttribute("data-zoomed", "true");
  // Its own 1600 px in a stage of 920: the picture overflows and pans.
  await expect.poll(() => stage.evaluate((n) => n.scrollWidth > n.clientWidth)).toBe(true);
  await expect(viewer(page).getByRole("button", { name: "Actual size" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("0");
  await expect(stage).toHaveAttribute("data-zoomed", "false");

  // Escape: focus on the tile of the asset shown last; the scroll and the selection as they were.
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(tileLink(page, 8)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(tiles(page).nth(2)).toHaveAttribute("data-selected", "true");
  await expect(page.getByText("1 selected")).toBeVisible();

  // A double click opens without changing the selection; Close gives the grid its title back.
  const gridTitle = await page.title();
  await tileLink(page, 4).dblclick();
  await expect(page.getByRole("dialog", { name: await labelOf(page, 4) })).toBeVisible();
  await expect(page).toHaveTitle(`${await labelOf(page, 4)} | Arkiv`);
  await viewer(page).getByRole("button", { name: "Close" }).click();
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveTitle(gridTitle);
  await expect(tileLink(page, 4)).toBeFocused();
  await expect(tiles(page).nth(4)).not.toHaveAttribute("data-selected");
  await expect(page.getByText("1 selected")).toBeVisible();
});

test("the viewer's address is the asset page's: Back closes it on the grid as it was, Forward reopens it", async ({
  page,
  open,
  baseURL,
}, info) => {
  test.skip(
    !hasJs(info),
    "the viewer is scripted; without JavaScript the asset page is the viewer",
  );
  await signInQuietly(page, "alice", PASSWORD);
  await page.setViewportSize({ width: 1280, height: 400 });
  await openBrowse(page, open, baseURL!);
  const grid = page.url();
  const hrefOf = async (i: number) =>
    new URL((await tileLink(page, i).getAttribute("href"))!, grid).href;
  // What the grid's loader would be asked for again if the router navigated.
  const reloads: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).searchParams.has("_data")) reloads.push(r.url());
  });

  await tileLink(page, 2).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("1 selected")).toBeVisible();
  await tileLink(page, 9).focus();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  const entries = await page.evaluate(() => history.length);
  const gridTitle = await page.title();
  expect(gridTitle).toMatch(/ \| Arkiv$/);

  // Opening adds an entry with the asset page's address and title; a step replaces them.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: await labelOf(page, 9) })).toBeVisible();
  await expect(page).toHaveURL(await hrefOf(9));
  await expect(page).toHaveTitle(`${await labelOf(page, 9)} | Arkiv`);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: await labelOf(page, 10) })).toBeVisible();
  await expect(page).toHaveURL(await hrefOf(10));
  await expect(page).toHaveTitle(`${await labelOf(page, 10)} | Arkiv`);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  // Back: the grid's address, its scroll and selection, focus on the asset shown last.
  await page.goBack();
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(grid);
  await expect(page).toHaveTitle(gridTitle);
  await expect(tileLink(page, 10)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(tiles(page).nth(2)).toHaveAttribute("data-selected", "true");
  await expect(page.getByText("1 selected")).toBeVisible();

  // Forward shows the viewer again on that asset; Escape leaves its entry, as Back does.
  await page.goForward();
  await expect(page.getByRole("dialog", { name: await labelOf(page, 10) })).toBeVisible();
  await expect(page).toHaveURL(await hrefOf(10));
  await expect(page).toHaveTitle(`${await labelOf(page, 10)} | Arkiv`);
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(grid);
  await expect(page).toHaveTitle(gridTitle);
  await expect(tileLink(page, 10)).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page.getByText("1 selected")).toBeVisible();
  expect(reloads).toEqual([]);

  // Reloading with the viewer open shows the asset page, the viewer's form without scripts.
  await page.keyboard.press("Enter");
  const tenth = await labelOf(page, 10);
  const tenthPage = await hrefOf(10);
  await expect(page.getByRole("dialog", { name: tenth })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(tenthPage);
  // The title the viewer gave the window is the asset page's own.
  await expect(page).toHaveTitle(`${tenth} | Arkiv`);
  await expect(page.getByRole("img", { name: `Preview of ${tenth}` })).toBeVisible();
  await expect(viewer(page)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Asset navigation" })).toBeVisible();
});

test("on a 390 px phone the viewer fits the screen and a swipe steps", async ({
  page,
  open,
  baseURL,
}, info) => {
  test.skip(
    !hasJs(info),
    "the viewer is scripted; without JavaScript the asset page is the viewer",
  );
  await signInQuietly(page, "alice", PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  await openBrowse(page, open, baseURL!);
  await tileLink(page, 0).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: await labelOf(page, 0) });
  await expect(dialog).toBeVisible();
  for (const part of [
    dialog,
    dialog.getByRole("button", { name: "Close" }),
    dialog.getByRole("button", { name: "Next" }),
  ]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // A swipe to the left shows the next asset.
  const stage = viewer(page).locator("[data-zoomed]");
  const box = (await stage.boundingBox())!;
  const y = box.y + box.height / 2;
  for (const [type, x] of [
    ["pointerdown", box.x + box.width - 40],
    ["pointerup", box.x + 40],
  ] as const)
    await stage.dispatchEvent(type, {
      pointerType: "touch",
      pointerId: 7,
      isPrimary: true,
      button: 0,
      clientX: x,
      clientY: y,
      bubbles: true,
    });
  await expect(page.getByRole("dialog", { name: await labelOf(page, 1) })).toBeVisible();
  await expect(viewer(page).getByRole("status")).toHaveText(`2 of ${BROWSE_PHOTOS}`);
});

test("without JavaScript a tile opens the asset page, which steps through the list and leads back", async ({
  page,
  open,
  baseURL,
}, info) => {
  test.skip(hasJs(info), "with JavaScript a click selects and Enter opens the viewer");
  await signInQuietly(page, "alice", PASSWORD);
  await openBrowse(page, open, baseURL!);
  const grid = page.url();
  const second = await labelOf(page, 1);
  const third = await labelOf(page, 2);
  await tileLink(page, 1).click();
  await expect(page.getByRole("img", { name: `Preview of ${second}` })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Asset navigation" });
  await nav.getByRole("link", { name: /^Next/ }).click();
  await expect(page.getByRole("img", { name: `Preview of ${third}` })).toBeVisible();
  await nav.getByRole("link", { name: /^Previous/ }).click();
  await expect(page.getByRole("img", { name: `Preview of ${second}` })).toBeVisible();
  await nav.getByRole("link", { name: /^Back to/ }).click();
  await expect(page).toHaveURL(grid);
  await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS);
});
