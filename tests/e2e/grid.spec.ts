import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { readPlaywrightJson } from "../helpers/api-contract";
import {
  ADMIN,
  BROWSE_ARCHIVE,
  BROWSE_PHOTOS,
  orderArchive,
  PASSWORD,
  PRIVATE_ARCHIVE,
  projectUser,
  SMALL_ARCHIVE_PHOTOS,
} from "./users";

/*
 * The asset grid: thumbnails, paging (links without JavaScript, infinite scroll with it),
 * selection, relocation in manual order, pins and the pins view, privacy, accessibility. Pins
 * change a user's state, so they use the per-project user; relocation uses the project's own
 * archive as the site owner (only he may reorder the seed's archives).
 */

const hrefs = new Map<string, string>();

/** An archive's href by its name: the seed's ids are not fixed, so ask the API as alice. */
async function archiveHref(page: Page, name: string): Promise<string> {
  const known = hrefs.get(name);
  if (known) return known;
  for (let id = 5000; id < 5030; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: "application/vnd.fotoware.collection+json" },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name: string; href: string };
    hrefs.set(body.name, body.href);
    if (body.name === name) return body.href;
  }
  throw new Error(`no archive named ${name}`);
}

const tiles = (page: Page) => page.getByTestId("asset-tile");
const boxes = (page: Page) => page.getByRole("checkbox", { name: /^Select / });

/** Ticks a react-aria checkbox the way a person does: its input is visually hidden. */
async function tick(page: Page, index: number, modifiers: "Shift"[] = []) {
  await boxes(page).nth(index).locator("xpath=ancestor::label[1]").click({ modifiers });
}

/** The server ingests the seed's photographs as it starts: wait until the grid shows them. */
async function openWhenIngested(
  page: Page,
  open: (url: string) => Promise<void>,
  url: string,
  count: number,
) {
  await expect(async () => {
    await open(url);
    await expect(tiles(page)).toHaveCount(count, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
}

test.describe.configure({ timeout: 120_000 });

test("a guest sees the browse archive's thumbnails, but not the private archive", async ({
  page,
  open,
}) => {
  await signInQuietly(page, "alice", PASSWORD);
  const browse = await archiveHref(page, BROWSE_ARCHIVE);
  const secret = await archiveHref(page, PRIVATE_ARCHIVE);
  await page.context().clearCookies();
  await openWhenIngested(page, open, browse, BROWSE_PHOTOS);
  const first = tiles(page).first();
  await expect(first.getByRole("img")).toBeVisible();
  await expect(first.getByRole("img")).toHaveAttribute("loading", "lazy");
  await expect(first.getByRole("img")).toHaveAttribute("width", /\d+/);
  // Guests cannot pin.
  await expect(page.getByRole("button", { name: /^Pin / })).toHaveCount(0);
  const response = await page.goto(secret);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("pages of 12: next and previous links without JavaScript, infinite scroll with it", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  const browse = await archiveHref(page, BROWSE_ARCHIVE);
  await openWhenIngested(page, open, browse, BROWSE_PHOTOS);
  // Twelve dense tiles fill less than a desktop screen, and the next page would load at once.
  if (hasJs(info)) await page.setViewportSize({ width: 360, height: 200 });
  await open(`${browse}?n=12`);
  await expect(tiles(page)).toHaveCount(12);
  if (hasJs(info)) {
    await page.keyboard.press("End");
    await expect(tiles(page)).toHaveCount(24);
    await page.keyboard.press("End");
    await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
  } else {
    const firstLabel = await tiles(page).first().textContent();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(tiles(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS - 24);
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await page.getByRole("link", { name: "Previous page" }).click();
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(tiles(page)).toHaveCount(12);
    expect(await tiles(page).first().textContent()).toBe(firstLabel);
  }
  // Each tile carries the list context to the details page.
  await open(`${browse}?s=name&n=12`);
  await expect(tiles(page).first().getByRole("link").first()).toHaveAttribute(
    "href",
    /\.info\?s=name$/,
  );
});

test("a thumbnail still on its way shows its blurred placeholder, one already loaded does not", async ({
  page,
  open,
}, info) => {
  test.skip(
    !hasJs(info),
    "the placeholder is drawn by the scripts; without them the tile's colour shows",
  );
  await signInQuietly(page, "alice", PASSWORD);
  const browse = await archiveHref(page, BROWSE_ARCHIVE);
  await openWhenIngested(page, open, browse, BROWSE_PHOTOS);
  await open(`${browse}?n=12`);
  const link = (index: number) => tiles(page).nth(index).getByRole("link").first();
  await expect(link(0).locator("img")).toHaveJSProperty("complete", true);
  await expect(link(0)).toHaveAttribute("title", /Click to select/);
  await expect(link(0)).not.toHaveAttribute("style", /background-image/);
  // Thumbnails that never arrive: every tile waits for its picture.
  await page.route("**/*", (route) =>
    route.request().resourceType() === "image" ? undefined : route.continue(),
  );
  await open(`${browse}?n=12`);
  await expect(link(11)).toHaveAttribute("style", /background-image: url\("data:image\/png/);
});

test("selection: click and shift-click with JavaScript (checkbox or thumbnail), checkboxes without", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  const browse = await archiveHref(page, BROWSE_ARCHIVE);
  await openWhenIngested(page, open, browse, BROWSE_PHOTOS);
  if (hasJs(info)) {
    await tick(page, 1);
    await expect(page.getByText("1 selected")).toBeVisible();
    await tick(page, 4, ["Shift"]);
    await expect(page.getByText("4 selected")).toBeVisible();
    for (const i of [1, 2, 3, 4]) await expect(boxes(page).nth(i)).toBeChecked();
    await expect(boxes(page).nth(0)).not.toBeChecked();
    await tick(page, 2);
    await expect(page.getByText("3 selected")).toBeVisible();
    await expect(tiles(page).nth(2)).not.toHaveAttribute("data-selected", /.*/);
    // A click on a thumbnail toggles it as well (spec 000 §4), shift-click takes the range.
    const thumb = (i: number) => tiles(page).nth(i).getByRole("link").first();
    await page.getByRole("button", { name: "Clear selection" }).click();
    await thumb(5).click();
    await expect(page.getByText("1 selected")).toBeVisible();
    await expect(boxes(page).nth(5)).toBeChecked();
    await thumb(7).click({ modifiers: ["Shift"] });
    await expect(page.getByText("3 selected")).toBeVisible();
    await thumb(5).click();
    await expect(page.getByText("2 selected")).toBeVisible();
    await expect(boxes(page).nth(5)).not.toBeChecked();
    expect(page.url()).not.toContain(".info");
    // Enter on a focused thumbnail opens the viewer over the grid, and so does a double click;
    // neither changes the selection (asset-viewer.spec.ts tells the rest).
    const viewer = page.getByTestId("asset-viewer");
    await thumb(6).focus();
    await page.keyboard.press("Enter");
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await thumb(8).dblclick();
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByText("2 selected")).toBeVisible();
    expect(page.url()).not.toContain(".info");
  } else {
    await tick(page, 1);
    await tick(page, 3);
    await expect(boxes(page).nth(1)).toBeChecked();
    await expect(boxes(page).nth(3)).toBeChecked();
  }
});

test("the site owner moves an asset to the top and back in manual order", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const href = await archiveHref(page, orderArchive(info.project.name));
  await openWhenIngested(page, open, `${href}?s=manual`, SMALL_ARCHIVE_PHOTOS);
  const label = (i: number) => tiles(page).nth(i).locator("span").first().textContent();
  const last = await label(SMALL_ARCHIVE_PHOTOS - 1);
  await tick(page, SMALL_ARCHIVE_PHOTOS - 1);
  await page.getByRole("button", { name: "Move to top" }).click();
  await expectToast(page, "1 asset moved to the top.");
  await expect(tiles(page).first()).toContainText(last!);
  await tick(page, 0);
  await page.getByRole("button", { name: "Move right" }).click();
  await expectToast(page, "1 asset moved one place right.");
  await expect(tiles(page).nth(1)).toContainText(last!);
  if (hasJs(info)) {
    // Moving to the bottom while more pages exist takes the asset out of the loaded pages.
    // A short phone screen, so the sentinel below four tiles stays far from the viewport.
    await page.setViewportSize({ width: 360, height: 200 });
    await open(`${href}?s=manual&n=4`);
    await expect(tiles(page)).toHaveCount(4);
    const moved = await label(0);
    await tick(page, 0);
    await page.getByRole("button", { name: "Move to bottom" }).click();
    await expectToast(page, "1 asset moved to the bottom.");
    // It left the loaded pages at once (the next page may already be merging below).
    await expect(tiles(page).first()).not.toContainText(moved!);
    // Nothing selected any more: the selection toolbar leaves (decision 087).
    await expect(page.getByRole("group", { name: "Selection" })).toHaveCount(0);
    await expect(async () => {
      await page.keyboard.press("End");
      await expect(tiles(page)).toHaveCount(SMALL_ARCHIVE_PHOTOS, { timeout: 1000 });
    }).toPass();
    await expect(tiles(page).last()).toContainText(moved!);
  }
});

test("pin and unpin assets, see them in the pins view, clear all", async ({ page, open }, info) => {
  await signInQuietly(page, projectUser("theme", info.project.name), PASSWORD);
  // Start from no pins, whatever an earlier run left.
  await page.request.post("/fotoweb/me/pins/?index", { form: { intent: "clear-pins" } });
  const browse = await archiveHref(page, BROWSE_ARCHIVE);
  await openWhenIngested(page, open, browse, BROWSE_PHOTOS);
  const pin = { nth: (i: number) => tiles(page).nth(i).getByRole("button", { name: /^Pin / }) };
  const label = (await tiles(page).nth(2).locator("span").first().textContent())!;
  await pin.nth(2).click();
  if (hasJs(info)) await expect(pin.nth(2)).toHaveAttribute("aria-pressed", "true");
  else await expectToast(page, "Pinned.");
  await expect(pin.nth(2)).toHaveAttribute("aria-pressed", "true");
  // Two more by selection.
  await tick(page, 5);
  await tick(page, 6);
  await page.getByRole("button", { name: "Pin selected" }).click();
  await expectToast(page, "2 assets pinned.");

  await open("/fotoweb/me/pins/");
  await expect(tiles(page)).toHaveCount(3);
  await expect(page.getByText(label).first()).toBeVisible();
  await page.getByRole("button", { name: `Pin ${label}` }).click();
  await expect(tiles(page)).toHaveCount(2);
  if (!hasJs(info)) await expectToast(page, "Unpinned.");

  await page.getByText("Clear all pins", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, clear all pins" }).click();
  await expectToast(page, "All pins cleared (2 assets).");
  await expect(page.getByText("You have not pinned anything yet.")).toBeVisible();
});

test("the archive page and the pins view are accessible", async ({ page, open }) => {
  await signInQuietly(page, "alice", PASSWORD);
  const browse = await archiveHref(page, BROWSE_ARCHIVE);
  await openWhenIngested(page, open, browse, BROWSE_PHOTOS);
  await expectAccessible(page, test.info(), "archive page");
  await open("/fotoweb/me/pins/");
  await expectAccessible(page, test.info(), "pins view");
});

test("retina thumbnails: the user menu's setting offers the 2x thumbnail", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, projectUser("theme", info.project.name), PASSWORD);
  const browse = await archiveHref(page, BROWSE_ARCHIVE);
  await openWhenIngested(page, open, browse, BROWSE_PHOTOS);
  const img = () => tiles(page).first().getByRole("img");
  const menu = page.getByTestId("user-menu");
  const save = async (on: boolean, toast: string) => {
    await menu.locator("summary").click();
    const box = menu.getByRole("checkbox", { name: "Sharp thumbnails on high-resolution screens" });
    if ((await box.isChecked()) !== on) await box.locator("xpath=ancestor::label[1]").click();
    await menu.getByRole("button", { name: "Save thumbnail setting" }).click();
    await expectToast(page, toast);
  };
  // On by default (issue 31); off, the small thumbnail alone.
  await expect(img()).toHaveAttribute("srcset", / 400w$/);
  await save(false, "Sharp thumbnails are off.");
  await expect(img()).not.toHaveAttribute("srcset", /./);
  await save(true, "Sharp thumbnails are on for high-resolution screens.");
  // Back on the grid it was saved from, with the retina thumbnail offered beside the small one.
  await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS);
  await expect(img()).toHaveAttribute("srcset", / 200w, \S+ 400w$/);
  await save(false, "Sharp thumbnails are off.");
  await expect(img()).not.toHaveAttribute("srcset", /./);
});
