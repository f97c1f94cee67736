import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { SELECTION_PHOTOS, selectionArchive, selectionUser } from "./selection";
import { PASSWORD } from "./users";

/*
 * The selection toolbar and long work (issue 31, decisions 087 and 090), as the project's member
 * who may only edit text in their archive: the toolbar offers what the server allows them (never
 * Rename, Duplicate, Copy, Move, Rotate or Delete), appears with JavaScript only while something
 * is selected and stays inside a phone's width; without JavaScript a form sent with nothing
 * selected comes back to the grid with a message. A metadata batch over the grid follows its task
 * in the dialog and leaves the selection as it was; the header shows the member's waiting task
 * (seeded to wait for ever), follows its polled answers with JavaScript, and leads to their tasks.
 */

// Serial: the batch test starts a real task of the member, which the header test would count.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const tiles = (page: Page) => page.getByTestId("asset-tile");
const boxes = (page: Page) => page.getByRole("checkbox", { name: /^Select / });
const toolbar = (page: Page) => page.getByRole("group", { name: "Selection" });

async function tick(page: Page, index: number) {
  await boxes(page).nth(index).locator("xpath=ancestor::label[1]").click();
}

/** The member's archive, found in the archive list as they see it. */
async function archiveHref(page: Page, project: string): Promise<string> {
  const response = await page.request.get("/fotoweb/archives/", {
    headers: { accept: "application/vnd.fotoware.collectionlist+json" },
  });
  const list = await readPlaywrightJson<{ data: { name: string; href: string }[] }>(response);
  const entry = list.data.find((c) => c.name === selectionArchive(project));
  if (!entry) throw new Error(`the seed archive ${selectionArchive(project)} is not listed`);
  return entry.href;
}

async function openGrid(page: Page, open: (url: string) => Promise<void>, project: string) {
  const href = await archiveHref(page, project);
  await expect(async () => {
    await open(href);
    await expect(tiles(page)).toHaveCount(SELECTION_PHOTOS, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  return href;
}

const REFUSED = ["Rename", "Duplicate", "Copy to…", "Move to…", "Rotate", "Delete"];

test.beforeEach(async ({ page }, info) => {
  await signInQuietly(page, selectionUser(info.project.name), PASSWORD);
});

test("the toolbar offers only what the member may do, inside a phone's width", async ({
  page,
  open,
}, info) => {
  await openGrid(page, open, info.project.name);
  if (hasJs(info)) {
    // Nothing selected: no toolbar. One tick brings it, with the count and Clear selection.
    await expect(toolbar(page)).toHaveCount(0);
    await tick(page, 0);
    await expect(toolbar(page)).toContainText("1 selected");
  } else {
    await expect(toolbar(page)).toContainText("Tick assets to select them.");
  }
  const bar = toolbar(page);
  await expect(bar.getByRole("button", { name: "Edit metadata" })).toBeVisible();
  await expect(bar.getByRole("button", { name: "Pin selected" })).toBeVisible();
  for (const name of REFUSED)
    await expect(bar.getByRole("button", { name, exact: true }), name).toHaveCount(0);
  // Relocation is offered in manual order only.
  await expect(bar.getByRole("button", { name: "Move to top" })).toHaveCount(0);
  await expectAccessible(page, info, "grid with its selection toolbar", {
    served: true,
    bothThemes: true,
  });

  await page.setViewportSize({ width: 390, height: 800 });
  // Without JavaScript the phone's toolbar is a disclosure, opened here.
  if (!hasJs(info))
    await page.locator("summary", { hasText: "Actions on selected assets" }).click();
  const box = (await bar.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, info, "grid with its selection toolbar at 390 px", { served: true });
  if (hasJs(info)) {
    await bar.getByRole("button", { name: "Clear selection" }).click();
    await expect(toolbar(page)).toHaveCount(0);
    await expect(boxes(page).nth(0)).not.toBeChecked();
  }
});

test("without JavaScript, the form sent with nothing selected comes back with a message", async ({
  page,
  open,
}, info) => {
  test.skip(hasJs(info), "with JavaScript the toolbar is there only while something is selected");
  const href = await openGrid(page, open, info.project.name);
  await toolbar(page).getByRole("button", { name: "Pin selected" }).click();
  await expectToast(page, "Select the assets to pin first.");
  expect(new URL(page.url()).pathname).toBe(new URL(href, page.url()).pathname);
  await expect(tiles(page)).toHaveCount(SELECTION_PHOTOS);
  await toolbar(page).getByRole("button", { name: "Edit metadata" }).click();
  await expectToast(page, "Select the assets first.");
  expect(new URL(page.url()).pathname).toBe(new URL(href, page.url()).pathname);
});

test("without JavaScript, on a phone, the actions fold into a disclosure above the grid", async ({
  page,
  open,
}, info) => {
  test.skip(hasJs(info), "with JavaScript the toolbar floats over the page while one is selected");
  await page.setViewportSize({ width: 390, height: 800 });
  await openGrid(page, open, info.project.name);
  // The grid starts near where it does with scripts (about 420 px), not a screen of buttons lower.
  expect((await tiles(page).first().boundingBox())!.y).toBeLessThanOrEqual(480);
  const opener = page.locator("summary", { hasText: "Actions on selected assets" });
  const disclosure = page.locator("details", { has: opener });
  const edit = toolbar(page).getByRole("button", { name: "Edit metadata" });
  await expect(disclosure).not.toHaveAttribute("open");
  await expect(edit).toBeHidden();

  // By keyboard: the summary opens it, and its first action sends the form.
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(edit).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press("Tab");
  await expect(toolbar(page).getByRole("button", { name: "Pin selected" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Select the assets to pin first.");

  // With an asset ticked, an action sends it.
  await tick(page, 0);
  await opener.click();
  await edit.click();
  await expect(
    page.getByRole("main").getByRole("heading", { name: "Edit metadata: 1 asset" }),
  ).toBeVisible();
});

test("a metadata batch follows its task over the grid, and the selection stays", async ({
  page,
  open,
}, info) => {
  const js = hasJs(info);
  const href = await openGrid(page, open, info.project.name);
  await tick(page, 1);
  await tick(page, 2);
  await toolbar(page).getByRole("button", { name: "Edit metadata" }).click();
  const panel = js ? page.getByRole("dialog") : page.getByRole("main");
  await expect(panel.getByRole("heading", { name: "Edit metadata: 2 assets" })).toBeVisible();
  const keywords = panel.getByRole("group", { name: "Keywords" });
  const added = `batch-${info.project.name}-${Date.now()}`;
  const input = keywords.getByRole("textbox", { name: "Add to all assets" });
  await input.fill(added);
  if (js) await input.press("Enter");
  await panel.getByRole("button", { name: "Start" }).click();

  if (js) {
    // The task over the grid: the grid's address, the task's progress and results in the dialog.
    const dialog = page.getByRole("dialog");
    await expect(
      dialog.getByRole("heading", { name: /^Metadata update · task \d+$/ }),
    ).toBeVisible();
    await expect(dialog.getByTestId("task-status")).toContainText("Finished", { timeout: 30_000 });
    await expect(dialog.getByTestId("task-counts")).toContainText("2 done, 0 failed");
    await expect(dialog.locator("tbody tr")).toHaveCount(2);
    expect(new URL(page.url()).pathname).toBe(new URL(href, page.url()).pathname);
    await expectAccessible(page, info, "batch task over the grid", { bothThemes: true });
    // On a phone the dialog and its results stay inside the screen.
    await page.setViewportSize({ width: 390, height: 800 });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page, info, "batch task over the grid at 390 px");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(toolbar(page)).toContainText("2 selected");
    await expect(boxes(page).nth(1)).toBeChecked();
    await expect(boxes(page).nth(2)).toBeChecked();
    await expect(boxes(page).nth(0)).not.toBeChecked();
  } else {
    // Without JavaScript the task's page, which leads back to the archive.
    await expect(page).toHaveURL(/\/fotoweb\/views\/tasks\/\d+$/);
    await expect(page.getByTestId("task-status")).toContainText("Finished", { timeout: 30_000 });
    await page.getByRole("link", { name: /^Back to / }).click();
    await expect(tiles(page)).toHaveCount(SELECTION_PHOTOS);
  }
});

test("the header shows the member's running task and leads to their tasks", async ({
  page,
  open,
}, info) => {
  await openGrid(page, open, info.project.name);
  const indicator = page.getByTestId("running-work");
  // The seeded task, and perhaps a batch another test of this file has just started.
  await expect(indicator).toHaveText(/^\d+ tasks? running · \d+%$/);
  if (hasJs(info)) {
    // It asks again while tasks run: its answers, played here, move it and then end it.
    let answer = { count: 3, progress: 60 };
    await page.route(/\/fotoweb\/views\/tasks\/running\?/, (route) =>
      route.fulfill({ json: answer }),
    );
    // A poll already on its way when the route was set answers first: up to two 2-second
    // rounds, more than the default wait on a busy machine.
    await expect(indicator).toHaveText("3 tasks running · 60%", { timeout: 10_000 });
    answer = { count: 0, progress: 0 };
    await expect(indicator).toHaveText("Tasks finished", { timeout: 10_000 });
    await page.unroute(/\/fotoweb\/views\/tasks\/running\?/);
  }
  await indicator.click();
  await expect(page).toHaveURL(/\/fotoweb\/views\/tasks$/);
  await expect(page.getByRole("main")).toContainText(/Metadata update · task \d+/);
  await expect(page.getByRole("main")).toContainText("waiting");
});
