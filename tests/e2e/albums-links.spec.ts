import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { LINKS_A11Y_LABEL, LINKS_A11Y_OWNER, LINKS_ALBUMS, linksOwner } from "./albums-links";
import {
  choose,
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";
import { PASSWORD } from "./users";

/* The visitor's refusals as an English reader sees them (the model keys them). */
const LINK_PASSWORD_WRONG = "The password is not right. Try again.";
const LINK_REVOKED = "This link is no longer shared. Ask the person who shared it.";

/*
 * Public links (decision 056), the "done when": the owner makes a link with an expiry, a
 * password and preview downloads; a visitor with no account opens it, is refused a wrong password,
 * sees the album, downloads a preview and is refused the original; the owner reads the access log
 * and revokes the link, and the visitor's reload says so. JavaScript on and off.
 */

const FULL_DESCRIPTOR = "application/vnd.fotoware.full-api-descriptor+json";

/** The owner's links page of an album (the owner's id from their descriptor). */
async function linksPageOf(page: Page, albumId: number) {
  const response = await page.request.get("/fotoweb/me/", { headers: { Accept: FULL_DESCRIPTOR } });
  const me = (await readPlaywrightJson(response)) as { user: { userId: number } };
  return `/fotoweb/users/${me.user.userId}/albums/${albumId}/.shares/links/`;
}

test("a visitor opens a protected link, downloads a preview only; the owner revokes it", async ({
  page,
  browser,
  open,
}, info) => {
  const project = info.project.name as "js" | "nojs";
  const album = LINKS_ALBUMS[project];
  await signInQuietly(page, linksOwner(project), PASSWORD);
  await open(await linksPageOf(page, album.id));
  await expect(page.getByRole("heading", { name: `Public links of ${album.name}` })).toBeVisible();

  const form = page.getByRole("form", { name: "New link" });
  await form.getByLabel("Label").fill("Story link");
  await form.getByLabel("Expires (UTC)").fill("2099-12-31T12:00");
  await form.getByLabel("Password").fill("story-sesame");
  await choose(form, "Previews");
  await form.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByRole("heading", { name: "Public link: Story link" })).toBeVisible();
  await expectToast(page, "The link is created");
  await waitForHydration(page, info);
  const url = await page.getByTestId("share-link-url").inputValue();
  expect(url).toMatch(/\/fotoweb\/shared\/[A-Za-z0-9_-]{32}$/);

  // A visitor: a browser of their own, no account.
  const context = await browser.newContext({ javaScriptEnabled: hasJs(info) });
  try {
    const visitor = await context.newPage();
    await visitor.goto(url);
    await waitForHydration(visitor, info);
    await expect(visitor.getByRole("heading", { name: album.name })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Archives" })).toHaveCount(0);
    await visitor.getByLabel("Password").fill("wrong-guess");
    await visitor.getByRole("button", { name: "Open album" }).click();
    await expect(visitor.getByText(LINK_PASSWORD_WRONG)).toBeVisible();
    await visitor.getByLabel("Password").fill("story-sesame");
    await visitor.getByRole("button", { name: "Open album" }).click();
    await expect(visitor.getByText(`Shared by Linnea Links ${project}`)).toBeVisible();
    await expect(visitor.getByTestId("shared-tile")).toHaveCount(3);

    const downloading = visitor.waitForEvent("download");
    await visitor
      .getByRole("link", { name: /^Download a preview of/ })
      .first()
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.jpg$/i);

    const thumbnail = await visitor
      .getByTestId("shared-tile")
      .first()
      .locator("img")
      .getAttribute("src");
    const original = thumbnail!.replace(/\/(thumbnail|thumbnailRetina|preview)\//, "/original/");
    expect((await visitor.request.get(original)).status()).toBe(403);

    // The owner reads the access log, then revokes the link.
    await page.reload();
    await waitForHydration(page, info);
    const log = page.getByTestId("share-link-log-entry");
    await expect(log.filter({ hasText: "Wrong password" })).toHaveCount(1);
    await expect(log.filter({ hasText: "Opened the album" }).first()).toBeVisible();
    await expect(log.filter({ hasText: /Downloaded a preview of/ })).toHaveCount(1);
    await expect(log.filter({ hasText: /Refused the original of/ })).toHaveCount(1);
    await page.getByRole("link", { name: "Revoke this link…" }).click();
    await page.getByRole("button", { name: "Revoke link" }).click();
    await expectToast(page, "The link is revoked");
    await expect(page.getByTestId("share-link-state")).toHaveText("Revoked");

    const reloaded = await visitor.reload();
    expect(reloaded?.status()).toBe(410);
    await expect(visitor.getByText(LINK_REVOKED)).toBeVisible();
    await expect(visitor.getByTestId("shared-tile")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("the owner's link pages are accessible", async ({ page, open }, info) => {
  const album = LINKS_ALBUMS.light;
  await signInQuietly(page, LINKS_A11Y_OWNER, PASSWORD);
  await open(await linksPageOf(page, album.id));
  await expect(page.getByRole("table", { name: "Public links" })).toBeVisible();
  await expectAccessible(page, info, "public links");
  await page.getByRole("link", { name: `Settings and access log of ${LINKS_A11Y_LABEL}` }).click();
  await expect(
    page.getByRole("heading", { name: `Public link: ${LINKS_A11Y_LABEL}` }),
  ).toBeVisible();
  await waitForHydration(page, info);
  await expectAccessible(page, info, "one public link");
});

test("the visitor's pages are accessible (light)", async ({ page, browser, open }, info) => {
  await signInQuietly(page, LINKS_A11Y_OWNER, PASSWORD);
  await open(await linksPageOf(page, LINKS_ALBUMS.light.id));
  const url = await page.getByTestId("share-link-url").first().inputValue();
  const context = await browser.newContext({ javaScriptEnabled: hasJs(info) });
  try {
    const visitor = await context.newPage();
    await visitor.goto(url);
    await waitForHydration(visitor, info);
    await expect(visitor.getByTestId("shared-tile").first()).toBeVisible();
    await expectAccessible(visitor, info, "shared album (visitor)");
    await visitor.getByTestId("shared-tile").first().getByRole("link").first().click();
    await expect(visitor.getByRole("link", { name: /^Back to/ })).toBeVisible();
    await waitForHydration(visitor, info);
    await expectAccessible(visitor, info, "shared asset (visitor)");
  } finally {
    await context.close();
  }
});
