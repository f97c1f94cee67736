import { seededAssets, type SeededAsset } from "./assets";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";
import {
  BROWSE_ARCHIVE,
  BROWSE_PHOTOS,
  PASSWORD,
  PRIVATE_ARCHIVE,
  SMALL_ARCHIVE_PHOTOS,
} from "./users";

/*
 * The asset details page, with JavaScript on and off: what it shows, downloads by permission,
 * previous and next through the list (and the arrow keys with JavaScript), and 404 for an asset
 * the viewer may not see.
 */

// The server is still ingesting the other seeded archives while these run.
test.describe.configure({ timeout: 45_000 });

let browse: SeededAsset[] = [];
let secret: SeededAsset;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  // Every photograph ready, so the neighbours do not change while the tests run.
  browse = await seededAssets(baseURL!, BROWSE_ARCHIVE, BROWSE_PHOTOS);
  secret = (await seededAssets(baseURL!, PRIVATE_ARCHIVE, SMALL_ARCHIVE_PHOTOS))[0]!;
});

const heading = (asset: SeededAsset) => asset.title || asset.filename;

test("the page shows the asset's title, metadata and file facts", async ({ page, open }) => {
  await signInQuietly(page, "alice", PASSWORD);
  const asset = browse[3]!;
  await open(asset.href);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: heading(asset) })).toBeVisible();
  await expect(main.getByRole("img", { name: `Preview of ${heading(asset)}` })).toBeVisible();
  const metadata = main.getByRole("region", { name: "Metadata" });
  await expect(metadata.getByText("Keywords", { exact: true })).toBeVisible();
  const file = main.getByRole("region", { name: "File" });
  await expect(file).toContainText("image/jpeg");
  await expect(file).toContainText(/Print size at 300 ppi.*cm/);
  await expect(file.locator("time[datetime]").first()).toBeVisible();
  await expectAccessible(page, test.info(), "asset details");
});

test("a registered user may download the original; the guest may not", async ({
  page,
  open,
  browser,
}) => {
  const asset = browse[0]!;
  await signInQuietly(page, "alice", PASSWORD);
  await open(asset.href);
  const original = page.getByRole("link", { name: "Download original" });
  await expect(original).toBeVisible();
  const file = await page.request.get((await original.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);

  // An anonymous visitor browses as the guest: previews, no original.
  const context = await browser.newContext({
    javaScriptEnabled: hasJs(test.info()),
    baseURL: test.info().project.use.baseURL,
  });
  try {
    const visitor = await context.newPage();
    await visitor.goto(asset.href);
    await expect(visitor.getByRole("heading", { level: 1, name: heading(asset) })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Download original" })).toHaveCount(0);
    await expect(visitor.getByRole("link", { name: "Download preview (JPEG)" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("previous and next follow the list and keep its context", async ({ page, open }) => {
  await signInQuietly(page, "alice", PASSWORD);
  // The default order is newest first, as the grid's.
  const context = "?s=-added";
  await open(`${browse[5]!.href}${context}`);
  const nav = page.getByRole("navigation", { name: "Asset navigation" });
  await nav.getByRole("link", { name: /^Next/ }).click();
  await expect(page).toHaveURL(`${browse[6]!.href}${context}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading(browse[6]!));
  await nav.getByRole("link", { name: /^Previous/ }).click();
  await expect(page).toHaveURL(`${browse[5]!.href}${context}`);
  await expect(nav.getByRole("link", { name: /^Back to/ })).toHaveAttribute(
    "href",
    `${browse[5]!.archiveHREF}${context}`,
  );
  // The newest has no previous asset.
  await open(browse[0]!.href);
  await expect(nav.getByRole("link", { name: /^Previous/ })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: /^Next/ })).toBeVisible();
});

test("arrow keys move through the list and Escape goes back to it", async ({ page, open }) => {
  test.skip(!hasJs(test.info()), "keyboard navigation needs JavaScript");
  await signInQuietly(page, "alice", PASSWORD);
  await open(`${browse[10]!.href}?s=-added`);
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(`${browse[11]!.href}?s=-added`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading(browse[11]!));
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(`${browse[10]!.href}?s=-added`);
  // Keys typed into the search field stay there.
  const search = page.getByRole("searchbox").first();
  await search.fill("fjord");
  await search.press("ArrowLeft");
  await expect(page).toHaveURL(`${browse[10]!.href}?s=-added`);
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${browse[10]!.archiveHREF}?s=-added`);
});

test("another user's private asset is a 404 page", async ({ page, open }) => {
  await signInQuietly(page, "dora", PASSWORD);
  const response = await page.goto(secret.href);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  // alice, its only member, sees it.
  await signInQuietly(page, "alice", PASSWORD);
  await open(secret.href);
  await expect(page.getByRole("heading", { level: 1, name: heading(secret) })).toBeVisible();
});
