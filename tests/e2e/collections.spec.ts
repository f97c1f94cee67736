import type { Locator, Page } from "@playwright/test";
import {
  ADMIN,
  BROWSE_ARCHIVE,
  E2E_ARCHIVE,
  orderArchive,
  PASSWORD,
  PRIVATE_ARCHIVE,
  projectUser,
} from "./users";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";

/*
 * The archive list (decision 017): tiles per viewer, covers once ingest has run, pins, the main
 * search's target, and covers set and cleared by the site owner, with JavaScript on and off.
 */

const LIST = "/fotoweb/archives/";

// Several tests wait for ingest, which runs in the background while the suite starts.
test.describe.configure({ timeout: 90_000 });

const tile = (page: Page, name: string): Locator =>
  page
    .getByTestId("collection-tile")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

/** expectToast with room for a slow machine: the redirect reloads every tile's cover first. */
const expectSlowToast = (page: Page, text: string) =>
  expect(page.getByTestId("toast").filter({ hasText: text }).first()).toBeVisible({
    timeout: 20_000,
  });

/** Reloads until the tile shows a cover: ingest runs in the background after the server starts. */
async function coverOf(page: Page, name: string): Promise<string> {
  let src = "";
  await expect(async () => {
    await page.goto(LIST);
    src = (await tile(page, name).getByTestId("cover").getAttribute("src", { timeout: 500 })) ?? "";
    expect(src).not.toBe("");
  }).toPass({ timeout: 30_000 });
  return src;
}

test("visitors see the public archives; a member sees her private one", async ({ page, open }) => {
  await open(LIST);
  await expect(page.getByRole("heading", { name: "Archives", level: 1 })).toBeVisible();
  await expect(tile(page, BROWSE_ARCHIVE)).toBeVisible();
  await expect(tile(page, PRIVATE_ARCHIVE)).toHaveCount(0);
  await expect(tile(page, E2E_ARCHIVE)).toHaveCount(0);
  // Visitors browse as the guest: no pins.
  await expect(page.getByRole("button", { name: /^Pin / })).toHaveCount(0);
  await expect(tile(page, BROWSE_ARCHIVE)).toHaveAttribute("data-guest", "");

  await signInQuietly(page, "alice", PASSWORD);
  await open(LIST);
  await expect(tile(page, PRIVATE_ARCHIVE)).toBeVisible();
  await expect(tile(page, E2E_ARCHIVE)).toBeVisible();
  await expect(
    tile(page, BROWSE_ARCHIVE).getByRole("button", { name: "Pin E2E browse" }),
  ).toBeVisible();
  await expect(tile(page, BROWSE_ARCHIVE).getByRole("link", { name: /Set cover/ })).toHaveCount(0);
});

test("tiles show the newest asset as the cover once ingest has run", async ({ page }) => {
  const src = await coverOf(page, BROWSE_ARCHIVE);
  expect(src).toMatch(/^\/fotoweb\/files\/\d+\/thumbnail\//);
  await expect(tile(page, BROWSE_ARCHIVE).getByTestId("cover")).toHaveAttribute(
    "srcset",
    /thumbnailRetina.* 2x$/,
  );
});

test("a user pins and unpins an archive; pinned archives come first", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, projectUser("theme", info.project.name), PASSWORD);
  await open(LIST);
  // The last archive by name, so pinning visibly moves it to the front.
  const pin = () => tile(page, E2E_ARCHIVE).getByRole("button", { name: `Pin ${E2E_ARCHIVE}` });
  await expect(page.getByTestId("collection-tile").first()).not.toContainText(E2E_ARCHIVE);
  await expect(pin()).toHaveAttribute("aria-pressed", "false");
  await pin().click();
  await expectSlowToast(page, `Pinned ${E2E_ARCHIVE}.`);
  await expect(pin()).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("collection-tile").first()).toContainText(E2E_ARCHIVE);

  await pin().click();
  await expectSlowToast(page, `Unpinned ${E2E_ARCHIVE}.`);
  await expect(pin()).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("collection-tile").first()).not.toContainText(E2E_ARCHIVE);
});

test("the main search goes to the archive with the most matches", async ({ page, open }) => {
  // Everything (*) matches; visitors see one archive with assets once ingest has run.
  await expect(async () => {
    const response = await page.request.get(`${LIST}?q=*`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/fotoweb\/archives\/\d+-E2E%20browse\/\?q=/);
  }).toPass({ timeout: 30_000 });

  await open(`${LIST}?q=xylophone`);
  await expect(page.getByRole("status").filter({ hasText: "No assets found." })).toBeVisible();
  await expect(tile(page, BROWSE_ARCHIVE)).toBeVisible();

  await open(`${LIST}?q=${encodeURIComponent("(xylophone")}`);
  const alert = page.getByTestId("search-error");
  await expect(alert).toHaveAttribute("role", "alert");
  await expect(alert).toContainText("InvalidSearchExpression");
});

test("the site owner sets and clears an archive's cover", async ({ page, open }, info) => {
  const name = orderArchive(info.project.name);
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const original = await coverOf(page, name);
  await open(LIST);

  await tile(page, name)
    .getByRole("link", { name: `Set cover of ${name}` })
    .click();
  if (hasJs(info)) {
    const dialog = page.getByTestId("cover-dialog");
    await expect(dialog.getByRole("heading", { name: `Choose a cover for ${name}` })).toBeVisible();
    // Neither Escape nor the backdrop closes it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await tile(page, name)
      .getByRole("link", { name: `Set cover of ${name}` })
      .click();
    await expect(dialog.getByRole("list", { name: "Assets" }).getByRole("button")).not.toHaveCount(
      0,
    );
    await dialog.getByRole("list", { name: "Assets" }).getByRole("button").last().click();
  } else {
    await expect(page).toHaveURL(/\/fotoweb\/views\/select-cover\?archive=\d+$/);
    await expect(page.getByRole("heading", { name: `Choose a cover for ${name}` })).toBeVisible();
    await page.getByRole("list", { name: "Assets" }).getByRole("button").last().click();
  }
  await expectSlowToast(page, `Cover of ${name} set.`);
  await expect(page).toHaveURL(LIST);
  const cover = tile(page, name).getByTestId("cover");
  await expect(cover).not.toHaveAttribute("src", original);

  await tile(page, name)
    .getByRole("button", { name: `Clear cover of ${name}` })
    .click();
  await expectSlowToast(page, `Cover of ${name} cleared.`);
  await expect(cover).toHaveAttribute("src", original);
  await expect(tile(page, name).getByRole("button", { name: /Clear cover/ })).toHaveCount(0);
});

test("the archive list passes axe", async ({ page, open }, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open(LIST);
  await expect(tile(page, PRIVATE_ARCHIVE)).toBeVisible();
  await expectAccessible(page, info, "archive list");
});

test("the cover selection page passes axe", async ({ page, open }, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(LIST);
  const id = (await tile(page, BROWSE_ARCHIVE)
    .getByRole("link", { name: /Set cover/ })
    .getAttribute("href"))!;
  await open(id);
  await expect(
    page.getByRole("heading", { name: `Choose a cover for ${BROWSE_ARCHIVE}` }),
  ).toBeVisible();
  await expectAccessible(page, info, "cover selection page");
});
