import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectAccessible, expectToast, signInQuietly, test } from "./fixtures";
import { BROWSE_ARCHIVE, PASSWORD, projectUser } from "./users";

/*
 * Issue 31: the pins page lists pinned archives and albums (names and links) beside the pinned
 * assets, and each is unpinned there by a plain form, with JavaScript on and off. The project's
 * own user pins an archive and an album it makes, so the test starts from its own state.
 */

async function archiveHref(page: Page, name: string): Promise<string> {
  for (let id = 5000; id < 5040; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: "application/vnd.fotoware.collection+json" },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name: string; href: string };
    if (body.name === name) return body.href;
  }
  throw new Error(`no archive named ${name}`);
}

/** A new album of the signed-in user, pinned; its href. */
async function pinnedAlbum(page: Page, name: string): Promise<string> {
  const made = await page.request.post("/fotoweb/albums/?index", {
    form: { intent: "create", name },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);
  const href = new URL(made.headers()["location"]!, "http://x").pathname;
  const pin = await page.request.post("/fotoweb/albums/?index", {
    form: { intent: "pin", href },
    maxRedirects: 0,
  });
  expect(pin.status()).toBe(302);
  return href;
}

test("pinned archives and albums are listed on the pins page and unpinned there", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, projectUser("pins", info.project.name), PASSWORD);
  const archive = await archiveHref(page, BROWSE_ARCHIVE);
  // Start from the archive unpinned, whatever an earlier run left, then pin it.
  await page.request.post("/fotoweb/me/pins/?index", {
    form: { intent: "unpin-archive", href: archive },
  });
  const pinArchive = await page.request.post("/fotoweb/archives/?index", {
    form: { intent: "pin", href: archive },
    maxRedirects: 0,
  });
  expect(pinArchive.status()).toBe(302);
  const albumName = `Pinned album ${info.project.name} ${Date.now()}`;
  const album = await pinnedAlbum(page, albumName);

  await open("/fotoweb/me/pins/");
  const pins = page.getByRole("navigation", { name: "Pinned archives and albums" });
  await expect(pins.getByRole("link", { name: BROWSE_ARCHIVE, exact: true })).toHaveAttribute(
    "href",
    archive,
  );
  await expect(pins.getByRole("link", { name: albumName })).toHaveAttribute("href", album);
  await expectAccessible(page, info, "pins page with archives and albums");

  await pins.getByRole("link", { name: albumName }).click();
  await expect(page).toHaveURL(new RegExp(`${album}$`));
  await expect(page.getByRole("heading", { name: albumName })).toBeVisible();

  await open("/fotoweb/me/pins/");
  await pins.getByRole("button", { name: `Unpin ${BROWSE_ARCHIVE}` }).click();
  await expectToast(page, `Unpinned ${BROWSE_ARCHIVE}.`);
  await expect(pins.getByRole("link", { name: BROWSE_ARCHIVE, exact: true })).toHaveCount(0);
  await pins.getByRole("button", { name: `Unpin ${albumName}` }).click();
  await expectToast(page, `Unpinned ${albumName}.`);
  await expect(pins).toHaveCount(0);
});
