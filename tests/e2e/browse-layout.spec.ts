import type { Page } from "@playwright/test";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";
import { readPlaywrightJson } from "../helpers/api-contract";
import { BROWSE_ARCHIVE, BROWSE_PHOTOS, PASSWORD, projectUser } from "./users";

/*
 * The grid pages' frame (issue 31, decision 089): square cells at a remembered size, the
 * navigation pane beside the grid (hidden and shown again, remembered), a drawer on phones, and
 * select and pin over each picture. The per-project user is the only one who changes his own.
 */

const tiles = (page: Page) => page.getByTestId("asset-tile");
const pane = (page: Page) => page.getByRole("complementary", { name: "Navigation" });

async function browseHref(page: Page): Promise<string> {
  const response = await page.request.get("/fotoweb/archives/", {
    headers: { Accept: "application/vnd.fotoware.collectionlist+json" },
  });
  const body = (await readPlaywrightJson(response)) as { data: { name: string; href: string }[] };
  return body.data.find((a) => a.name === BROWSE_ARCHIVE)!.href;
}

/** The tiles' rows as drawn: how many in the first, and the top of each. */
async function rows(page: Page) {
  const tops = await tiles(page).evaluateAll((all) =>
    all.map((tile) => Math.round(tile.getBoundingClientRect().top)),
  );
  return { perRow: tops.filter((top) => top === tops[0]).length, tops: [...new Set(tops)] };
}

async function openGrid(page: Page, open: (url: string) => Promise<void>, href: string) {
  await expect(async () => {
    await open(href);
    await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
}

test.describe.configure({ mode: "serial" });

test("medium fits seven a row and two rows above the fold; the size is saved", async ({
  page,
  open,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInQuietly(page, projectUser("browse", info.project.name), PASSWORD);
  const href = await browseHref(page);
  await openGrid(page, open, href);
  const size = (name: string) => page.getByRole("button", { name, exact: true });
  if ((await size("Medium").getAttribute("aria-pressed")) !== "true") {
    await size("Medium").click();
    await expect(size("Medium")).toHaveAttribute("aria-pressed", "true");
  }
  await expect(pane(page)).toBeVisible();
  const medium = await rows(page);
  expect(medium.perRow).toBeGreaterThanOrEqual(7);
  const height = (await tiles(page).first().boundingBox())!.height;
  // With JavaScript the selection bar waits for a selection; without, its buttons take a row.
  if (hasJs(info)) expect(medium.tops[1]! + height).toBeLessThanOrEqual(900);

  await size("Large").click();
  await expect(size("Large")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("list", { name: "Assets" })).toHaveAttribute("data-size", "large");
  await expect.poll(async () => (await rows(page)).perRow).toBeLessThan(medium.perRow);
  await open(href); // waits for the scripts, as a person's next click would
  await expect(size("Large")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("list", { name: "Assets" })).toHaveAttribute("data-size", "large");

  await size("Small").click();
  await expect(page.getByRole("list", { name: "Assets" })).toHaveAttribute("data-size", "small");
  await expect.poll(async () => (await rows(page)).perRow).toBeGreaterThan(medium.perRow);
  await size("Medium").click();
  await expect(size("Medium")).toHaveAttribute("aria-pressed", "true");
});

test("the navigation pane hides and shows again, remembered", async ({ page, open }, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInQuietly(page, projectUser("browse", info.project.name), PASSWORD);
  const href = await browseHref(page);
  await open(href);
  const show = page.getByRole("button", { name: "Show navigation" });
  if (await show.isVisible()) await show.click();
  await expect(pane(page)).toBeVisible();
  const perRowOpen = (await rows(page)).perRow;
  await pane(page).getByRole("button", { name: "Hide navigation" }).click();
  await expect(pane(page)).toBeHidden();
  await expect(show).toBeVisible();
  // The grid takes the pane's width.
  await expect.poll(async () => (await rows(page)).perRow).toBeGreaterThan(perRowOpen);
  await open(href); // waits for the scripts, as a person's next click would
  await expect(pane(page)).toBeHidden();
  await show.click();
  await expect(pane(page)).toBeVisible();
  await open(href); // waits for the scripts, as a person's next click would
  await expect(pane(page)).toBeVisible();
});

test("on a phone: three a row, the pane a drawer, select and pin always shown", async ({
  page,
  open,
}, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuietly(page, projectUser("browse", info.project.name), PASSWORD);
  await open(await browseHref(page));
  expect((await rows(page)).perRow).toBe(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(tiles(page).first().getByRole("button", { name: /^Pin / })).toBeVisible();
  await expect(pane(page)).toBeHidden();
  await page.getByRole("link", { name: "Navigation", exact: true }).click();
  await expect(pane(page)).toBeVisible();
  const box = (await pane(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, info, "the navigation drawer", { bothThemes: true });
  await pane(page).getByRole("link", { name: "Close" }).click();
  await expect(pane(page)).toBeHidden();
});

test("select and pin show on hover and keyboard focus over the picture", async ({
  page,
  open,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInQuietly(page, projectUser("browse", info.project.name), PASSWORD);
  await open(await browseHref(page));
  const second = tiles(page).nth(1);
  const pin = second.getByRole("button", { name: /^Pin / });
  const opacity = () => pin.evaluate((el) => getComputedStyle(el).opacity);
  await page.mouse.move(0, 0);
  expect(await opacity()).toBe("0");
  await second.hover();
  await expect.poll(opacity).toBe("1");
  await page.mouse.move(0, 0);
  await pin.focus();
  await expect.poll(opacity).toBe("1");
  // The tile's thumbnail link and name stay what they were: one line under the picture.
  const label = await second
    .locator("span")
    .first()
    .evaluate((el) => getComputedStyle(el).whiteSpace);
  expect(label).toBe("nowrap");
  await expectAccessible(page, info, "the grid with a tile's controls shown");
});
