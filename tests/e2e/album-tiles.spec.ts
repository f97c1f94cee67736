import type { Locator, Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, hasJs, signInQuietly, test } from "./fixtures";
import { ALBUM_TILES, ALBUM_TILES_USER } from "./album-tiles";
import { PASSWORD } from "./users";

/*
 * Issue 31: album tiles keep their asset count on one line ("8 assets", never "8 asset s") and
 * the album page's asset tiles keep their controls (Select, Pin, Drag) inside the tile, pinned,
 * at a desktop and a phone width.
 */

const DESCRIPTOR = "application/vnd.fotoware.full-api-descriptor+json";

async function signIn(page: Page): Promise<number> {
  await signInQuietly(page, ALBUM_TILES_USER, PASSWORD);
  const response = await page.request.get("/fotoweb/me/", { headers: { Accept: DESCRIPTOR } });
  return ((await readPlaywrightJson(response)) as { user: { userId: number } }).user.userId;
}

/** The element lies within the container's box (a pixel of rounding allowed). */
async function expectInside(element: Locator, container: Locator, what: string) {
  await element.scrollIntoViewIfNeeded();
  const inner = (await element.boundingBox())!;
  const outer = (await container.boundingBox())!;
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(
    outer.x + outer.width + 1,
  );
  expect(inner.y + inner.height, `${what}: bottom edge`).toBeLessThanOrEqual(
    outer.y + outer.height + 1,
  );
}

/**
 * Nothing in the tile runs past its edge: a tile clips what overflows, so a squeezed row shows
 * as the tile's content being wider than the tile (its own box stays inside).
 */
async function expectNoOverflow(tile: Locator, what: string) {
  await tile.scrollIntoViewIfNeeded();
  const [content, width] = await tile.evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(content, `${what}: content width within the tile`).toBeLessThanOrEqual(width + 1);
}

/** The element's text takes one line. */
async function expectOneLine(element: Locator, what: string) {
  const [height, line] = await element.evaluate((e) => [
    e.getBoundingClientRect().height,
    parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.5,
  ]);
  expect(height, `${what} on one line`).toBeLessThan(line * 1.5);
}

for (const width of [1440, 390]) {
  test(`album tiles and the album page's tiles fit at ${width} px`, async ({
    page,
    open,
  }, info) => {
    await page.setViewportSize({ width, height: 900 });
    const owner = await signIn(page);

    await open("/fotoweb/albums/");
    for (const album of [ALBUM_TILES.one, ALBUM_TILES.eight]) {
      const tile = page.getByTestId("album-tile").filter({ hasText: album.name });
      const count = tile.getByText(/^\d+ assets?$/);
      await expect(count).toHaveText(album.assets === 1 ? "1 asset" : `${album.assets} assets`);
      await expectOneLine(count, `${album.name}'s count`);
      await expectInside(count, tile, `${album.name}'s count`);
      const pin = tile.getByRole("button", { name: `Pin ${album.name}` });
      await expect(pin).toHaveAttribute("aria-pressed", "true");
      await expectInside(pin, tile, `${album.name}'s pin`);
      await expectNoOverflow(tile, `${album.name}'s tile`);
    }

    await open(`/fotoweb/users/${owner}/albums/${ALBUM_TILES.eight.id}/`);
    const tiles = page.getByTestId("asset-tile");
    await expect(tiles).toHaveCount(ALBUM_TILES.eight.assets);
    for (let i = 0; i < ALBUM_TILES.eight.assets; i++) {
      const tile = tiles.nth(i);
      const pin = tile.getByRole("button", { name: /^Pin / });
      await expect(pin).toHaveAttribute("aria-pressed", "true");
      await expectInside(pin, tile, `tile ${i}'s pin`);
      const select = tile.getByRole("checkbox", { name: /^Select / });
      await expectInside(select.locator("xpath=ancestor::label[1]"), tile, `tile ${i}'s Select`);
      // The drag handle exists only with JavaScript (without it the page's Move form reorders).
      if (hasJs(info)) {
        const drag = tile.getByRole("button", { name: /^Drag / });
        await expect(drag).toBeVisible();
        await expectInside(drag, tile, `tile ${i}'s Drag`);
      } else await expect(tile.getByRole("button", { name: /^Drag / })).toHaveCount(0);
      await expectNoOverflow(tile, `tile ${i}`);
    }
  });
}
