import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import {
  NAV_A11Y_SMART_FOLDERS,
  NAV_A11Y_USER,
  NAV_FOLDER,
  NAV_RECENT,
  NAV_SUNSET_BRANCH,
  NAV_TERMS,
  navEditor,
  navigationArchive,
  navVisitor,
} from "./navigation";
import { PASSWORD } from "./users";

/*
 * Smart folders and the navigation pane (issue 19, decision 061), with JavaScript and without:
 * an editor adds "Last 7 days" (refused first with the InvalidSearchExpression message) and sees
 * only the new assets, reorders and deletes; a visitor narrows the archive by taxonomy terms and
 * pins a folder and a term, which the pins page lists; axe in light and dark with the pane full.
 */

const tiles = (page: Page) => page.getByTestId("asset-tile");
const smartFolders = (page: Page) => page.getByTestId("smart-folders");

/** The archive's href, from the archive list as the API gives it. */
async function archiveHref(page: Page, name: string): Promise<string> {
  const response = await page.request.get("/fotoweb/archives/", {
    headers: { Accept: "application/json" },
  });
  const body = await readPlaywrightJson<{ data: { name: string; href: string }[] }>(response);
  const found = body.data.find((a) => a.name === name);
  expect(found, `archive ${name}`).toBeTruthy();
  return found!.href;
}

/** The new smart folder form: a dialog with JavaScript, a disclosure in the pane without. */
async function openNewForm(page: Page, js: boolean) {
  if (js) {
    const dialog = page.getByRole("dialog");
    if (!(await dialog.isVisible()))
      await smartFolders(page).getByRole("button", { name: "New smart folder" }).click();
    await expect(dialog).toBeVisible();
    return dialog;
  }
  const form = smartFolders(page).locator("details", { hasText: "New smart folder" });
  if (!(await form.evaluate((d) => (d as HTMLDetailsElement).open)))
    await form.locator("summary").click();
  return form;
}

async function addSmartFolder(page: Page, js: boolean, name: string, expression: string) {
  const form = await openNewForm(page, js);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Search expression").fill(expression);
  await form.getByRole("button", { name: "Add smart folder" }).click();
}

async function folderNames(page: Page) {
  return smartFolders(page).locator("ol > li > a").allTextContents();
}

/** Opens a smart folder's menu of actions (a disclosure, so it works without JavaScript). */
async function openActions(page: Page, name: string) {
  // An open menu covers the entries below it: close the others first, as a person would.
  const others = page.locator(`details[open] > summary[aria-label^="Actions for "]`);
  for (const other of await others.all())
    if ((await other.getAttribute("aria-label")) !== `Actions for ${name}`) await other.click();
  const menu = page.locator(`summary[aria-label="Actions for ${name}"]`);
  if ((await menu.locator("xpath=..").getAttribute("open")) === null) await menu.click();
}

test("an editor adds 'Last 7 days', sees the new assets, reorders and deletes", async ({
  page,
  open,
}, info) => {
  const project = info.project.name;
  await signInQuietly(page, navEditor(project), PASSWORD);
  const href = await archiveHref(page, navigationArchive(project));
  await open(href);
  await expect(smartFolders(page).getByRole("heading", { name: "Saved searches" })).toBeVisible();
  await expect(smartFolders(page)).toContainText("No smart folders yet.");

  const js = hasJs(info);
  await addSmartFolder(page, js, "Last 7 days", "at:yesterday");
  await expect(page.getByText(/^InvalidSearchExpression: /)).toBeVisible();
  await addSmartFolder(page, js, "Last 7 days", "at:now-P7D");
  await expectToast(page, "Smart folder Last 7 days added.");
  await smartFolders(page).getByRole("link", { name: "Last 7 days" }).click();
  await expect(page.getByTestId("narrowed-by")).toContainText("Last 7 days");
  await expect(tiles(page)).toHaveCount(NAV_RECENT);
  await expect(tiles(page).filter({ hasText: "Old photo" })).toHaveCount(0);

  await open(href);
  await addSmartFolder(page, js, "Everything", "*");
  await expectToast(page, "Smart folder Everything added.");
  expect(await folderNames(page)).toEqual(["Last 7 days", "Everything"]);
  // The first cannot move up, the last cannot move down; each entry's actions are in its menu.
  await openActions(page, "Last 7 days");
  await expect(page.getByRole("button", { name: "Move up Last 7 days" })).toBeDisabled();
  await openActions(page, "Everything");
  await expect(page.getByRole("button", { name: "Move down Everything" })).toBeDisabled();
  await page.getByRole("button", { name: "Move up Everything" }).click();
  await expectToast(page, "Smart folder moved.");
  await expect.poll(() => folderNames(page)).toEqual(["Everything", "Last 7 days"]);

  await openActions(page, "Last 7 days");
  await page.getByRole("button", { name: "Delete Last 7 days" }).click();
  await expectToast(page, "Smart folder Last 7 days deleted.");
  await expect.poll(() => folderNames(page)).toEqual(["Everything"]);
  await openActions(page, "Everything");
  await page.getByRole("button", { name: "Delete Everything" }).click();
  await expect(smartFolders(page)).toContainText("No smart folders yet.");
});

test("a visitor narrows by taxonomy terms and pins a folder and a term", async ({
  page,
  open,
}, info) => {
  const project = info.project.name;
  await signInQuietly(page, navVisitor(project), PASSWORD);
  const href = await archiveHref(page, navigationArchive(project));
  await open(href);
  await expect(page.getByText("New smart folder")).toHaveCount(0);
  const terms = page.getByTestId("taxonomy-filter");
  await expect(terms.getByRole("heading", { name: "Subjects" })).toBeVisible();
  await terms.getByRole("link", { name: NAV_TERMS.root, exact: true }).click();
  await expect(page.getByTestId("narrowed-by")).toContainText(NAV_TERMS.root);
  // The broader term holds its narrower term's asset; the narrower one only its own.
  await expect(tiles(page)).toHaveCount(NAV_SUNSET_BRANCH);
  await expect(tiles(page).filter({ hasText: "New photo 2" })).toHaveCount(1);
  await terms.getByRole("link", { name: NAV_TERMS.narrower, exact: true }).click();
  await expect(page.getByTestId("narrowed-by")).toContainText(NAV_TERMS.narrower);
  await expect(tiles(page)).toHaveCount(1);
  await terms.getByRole("link", { name: NAV_TERMS.child, exact: true }).click();
  await expect(tiles(page)).toHaveCount(1);

  await page.getByRole("button", { name: `Pin ${NAV_TERMS.root}` }).click();
  await expectToast(page, `${NAV_TERMS.root} pinned.`);
  await open(href);
  await page.getByRole("button", { name: `Pin ${NAV_FOLDER}` }).click();
  await expectToast(page, `${NAV_FOLDER} pinned.`);
  await expect(page.getByRole("button", { name: `Unpin ${NAV_FOLDER}` })).toBeVisible();

  await open("/fotoweb/me/pins/");
  const pins = page.getByTestId("navigation-pins");
  await expect(pins.getByRole("link", { name: NAV_FOLDER })).toBeVisible();
  await expect(pins.getByRole("link", { name: NAV_TERMS.root })).toBeVisible();
  await pins.getByRole("link", { name: NAV_TERMS.root }).click();
  await expect(tiles(page)).toHaveCount(NAV_SUNSET_BRANCH);
  await open("/fotoweb/me/pins/");
  await pins.getByRole("button", { name: `Unpin ${NAV_FOLDER}` }).click();
  await expectToast(page, `${NAV_FOLDER} unpinned.`);
  await expect(pins.getByRole("link", { name: NAV_FOLDER })).toHaveCount(0);
});

test("the archive page with the pane full is accessible", async ({ page, open }, info) => {
  await signInQuietly(page, NAV_A11Y_USER, PASSWORD);
  const href = await archiveHref(page, navigationArchive("a11y"));
  await open(href);
  expect(await folderNames(page)).toEqual(NAV_A11Y_SMART_FOLDERS);
  await expect(page.getByTestId("taxonomy-filter")).toBeVisible();
  await openNewForm(page, hasJs(info));
  await expectAccessible(page, info, "archive page, navigation pane");
  if (hasJs(info)) await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page
    .getByTestId("taxonomy-filter")
    .getByRole("link", { name: NAV_TERMS.root, exact: true })
    .click();
  await expect(tiles(page)).toHaveCount(NAV_SUNSET_BRANCH);
  await expectAccessible(page, info, "archive page, narrowed by a term");
});
