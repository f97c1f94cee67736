import type { Page } from "@playwright/test";
import { FULL_DESCRIPTOR, overflowOf, STATIC_PAGES } from "./product-pages";
import { readPlaywrightJson } from "../helpers/api-contract";
import { LINKS_A11Y_OWNER, LINKS_ALBUMS } from "./albums-links";
import { seededAssets } from "./assets";
import { ADMIN, PASSWORD, REVISIONS_A11Y_ARCHIVE } from "./users";
import { expect, signInQuietly, test } from "./fixtures";

/*
 * Phones (issue 31): at 390 px no page is wider than the screen. Each page of the product is
 * opened as the site owner (who reaches every one), with JavaScript on and off; what is wider
 * than the screen (a table of many columns) scrolls inside its own box, not the page.
 */

async function expectNoneWide(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    const found = await overflowOf(page, path, 390);
    if (found) wide.push(found);
  }
  expect(wide, "pages wider than the screen").toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

// A few pages a test, so that a slow moment on a busy machine never takes one past its limit.
const CHUNK = 8;
for (let at = 0; at < STATIC_PAGES.length; at += CHUNK) {
  const chunk = STATIC_PAGES.slice(at, at + CHUNK);
  test(`the site owner's pages from ${chunk[0]} are no wider than a 390 px phone`, async ({
    page,
  }) => {
    await signInQuietly(page, ADMIN.username, ADMIN.password);
    await expectNoneWide(page, chunk);
  });
}

test("an archive, an asset, its revisions and their comparison are no wider than a 390 px phone", async ({
  page,
  baseURL,
}) => {
  // The archive nobody changes, whose asset has three revisions (seeded for the a11y spec).
  const asset = (await seededAssets(baseURL!, REVISIONS_A11Y_ARCHIVE, 1))[0]!.href;
  const archive = asset.slice(0, asset.lastIndexOf("/") + 1);
  await signInQuietly(page, "revisions-a11y", PASSWORD);
  await expectNoneWide(page, [
    archive,
    asset,
    `${asset}/__revisions/`,
    `${asset}/__revisions/compare?left=1&right=3`,
  ]);
});

test("an album's pages and its public links are no wider than a 390 px phone", async ({ page }) => {
  await signInQuietly(page, LINKS_A11Y_OWNER, PASSWORD);
  const me = await readPlaywrightJson<{ user: { userId: number } }>(
    await page.request.get("/fotoweb/me/", { headers: { Accept: FULL_DESCRIPTOR } }),
  );
  const album = `/fotoweb/users/${me.user.userId}/albums/${LINKS_ALBUMS.light.id}/`;
  await expectNoneWide(page, [album, `${album}.shares/links/`]);
});
