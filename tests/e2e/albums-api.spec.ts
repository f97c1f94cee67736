import type { Page } from "@playwright/test";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";
import { readPlaywrightJson } from "../helpers/api-contract";
import { BROWSE_ARCHIVE, PASSWORD } from "./users";
import { ALBUMS_API_LIGHT, albumsApiAlbum, albumsApiUser } from "./albums-api";

/*
 * Albums from a selection and the album API (decision 054), with JavaScript on and off: a search
 * in the browse archive, its results selected, "Add to album" to the user's album or a new one
 * (the dialog with JavaScript, the plain page without), then the album read, added to,
 * reordered and renamed through the API as an integrator would, and axe on the page and dialog.
 */

const COLLECTION = "application/vnd.fotoware.collection+json";
const ALBUM_URL = /\/fotoweb\/users\/\d+\/albums\/\d+\/$/;

interface AssetJson {
  href: string;
  filename: string;
}
interface AlbumJson {
  href: string;
  name: string;
  assetCount: number;
  assets: { data: AssetJson[] };
}

const idOf = (href: string) => Number(/\/(\d+)-[^/]*\.info$/.exec(href)![1]);
const tiles = (page: Page) => page.getByTestId("asset-tile");
const boxes = (page: Page) => page.getByRole("checkbox", { name: /^Select / });

/** The browse archive's href and its assets (the seed's ids are not fixed; ask the API). */
async function browseArchive(page: Page): Promise<{ href: string; assets: AssetJson[] }> {
  for (let id = 5000; id < 5040; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: COLLECTION },
    });
    if (!response.ok()) continue;
    const body = await readPlaywrightJson<{
      name: string;
      href: string;
      assets: { data: AssetJson[] };
    }>(response);
    if (body.name === BROWSE_ARCHIVE) return { href: body.href, assets: body.assets.data };
  }
  throw new Error(`no archive named ${BROWSE_ARCHIVE}`);
}

/** A word of the first asset's file name: a search that finds it and maybe a few others. */
function searchWord(assets: AssetJson[]): string {
  const words = assets[0]!.filename.replace(/\.[^.]+$/, "").split(/[^\p{L}\p{N}]+/u);
  return words.filter((w) => /\p{L}/u.test(w)).sort((a, b) => b.length - a.length)[0]!;
}

async function openSearch(page: Page, open: (url: string) => Promise<void>, url: string) {
  await expect(async () => {
    await open(url);
    await expect(tiles(page).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
}

/** Ticks a react-aria checkbox as a person does: its input is visually hidden. */
const tick = (page: Page, index: number) =>
  boxes(page).nth(index).locator("xpath=ancestor::label[1]").click();

/** Picks the album whose radio label starts with the name (the label adds its asset count). */
async function pickAlbum(scope: Page | ReturnType<Page["getByRole"]>, name: string) {
  const radio = scope.getByRole("radio", { name: new RegExp(`^${name}\\b`) });
  await radio.locator("xpath=ancestor::label[1]").click();
  await expect(radio).toBeChecked();
}

async function readAlbum(page: Page, href: string): Promise<AlbumJson> {
  const response = await page.request.get(href, { headers: { Accept: COLLECTION } });
  expect(response.status()).toBe(200);
  return readPlaywrightJson<AlbumJson>(response);
}

test.describe.configure({ timeout: 120_000 });

test("an album is built from a search: select, Add to album, pick the album", async ({
  page,
  open,
}, info) => {
  const user = albumsApiUser(info.project.name);
  await signInQuietly(page, user, PASSWORD);
  const browse = await browseArchive(page);
  const word = searchWord(browse.assets);
  await openSearch(page, open, `${browse.href}?q=${encodeURIComponent(word)}`);
  await tick(page, 0);
  const chosen = [await boxes(page).nth(0).getAttribute("value")];
  if ((await boxes(page).count()) > 1) {
    await tick(page, 1);
    chosen.push(await boxes(page).nth(1).getAttribute("value"));
  }
  await page.getByRole("button", { name: "Add to album…" }).click();
  const album = albumsApiAlbum(user);
  let albumHref: string;
  if (hasJs(info)) {
    const dialog = page.getByRole("dialog", { name: "Add to album" });
    await expect(dialog.getByRole("radio").first()).toBeVisible();
    await pickAlbum(dialog, album);
    await dialog.getByRole("button", { name: "Add to album" }).click();
    const result = dialog.getByRole("status");
    await expect(result).toContainText(`to ${album}`);
    albumHref = (await dialog.getByRole("link", { name: `Open ${album}` }).getAttribute("href"))!;
  } else {
    await expect(page).toHaveURL(/\/fotoweb\/views\/add-to-album\?/);
    await pickAlbum(page, album);
    await page.getByRole("button", { name: "Add to album" }).click();
    await expect(page).toHaveURL(ALBUM_URL);
    albumHref = new URL(page.url()).pathname;
  }
  const body = await readAlbum(page, albumHref);
  expect(body.name).toBe(album);
  const inAlbum = body.assets.data.map((a) => String(idOf(a.href)));
  for (const id of chosen) expect(inAlbum).toContain(id);
});

test("a new album is made from the selection and filled", async ({ page, open }, info) => {
  const user = albumsApiUser(info.project.name);
  await signInQuietly(page, user, PASSWORD);
  const browse = await browseArchive(page);
  await openSearch(page, open, browse.href);
  await tick(page, 2);
  const name = `Albapi new ${info.project.name} ${Date.now()}`;
  await page.getByRole("button", { name: "Add to album…" }).click();
  let albumHref: string;
  if (hasJs(info)) {
    const dialog = page.getByRole("dialog", { name: "Add to album" });
    // Typing a name picks "New album".
    await dialog.getByRole("textbox", { name: "New album name" }).fill(`  ${name}  `);
    await expect(dialog.getByRole("radio", { name: "New album" })).toBeChecked();
    await dialog.getByRole("button", { name: "Add to album" }).click();
    await expect(dialog.getByRole("status")).toContainText(`Added 1 asset to ${name}`);
    albumHref = (await dialog.getByRole("link", { name: `Open ${name}` }).getAttribute("href"))!;
  } else {
    await pickAlbum(page, "New album");
    await page.getByRole("textbox", { name: "New album name" }).fill(name);
    await page.getByRole("button", { name: "Add to album" }).click();
    await expect(page).toHaveURL(ALBUM_URL);
    albumHref = new URL(page.url()).pathname;
  }
  const body = await readAlbum(page, albumHref);
  expect(body.name).toBe(name);
  expect(body.assetCount).toBe(1);
});

test("the album API: add asset links, reorder, rename, archive", async ({ page }, info) => {
  const user = albumsApiUser(info.project.name);
  await signInQuietly(page, user, PASSWORD);
  const browse = await browseArchive(page);
  const [a, b, c] = browse.assets;
  // A new album through the add-to-album form, as a program posting it would.
  const made = await page.request.post("/fotoweb/views/add-to-album", {
    form: {
      album: "new",
      name: `Albapi api ${info.project.name} ${Date.now()}`,
      asset: String(idOf(a!.href)),
    },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);
  const href = made.headers()["location"]!;
  const added = await page.request.post(href, {
    headers: {
      "Content-Type": "application/vnd.fotoware.assetlinklist+json",
      Accept: "application/json",
    },
    data: { data: [{ href: b!.href }, { href: c!.href }, { href: a!.href }, { href: "/nope" }] },
  });
  const result = await readPlaywrightJson<{
    added: { href: string }[];
    present: { href: string }[];
    refused: { href: string; reason: string }[];
  }>(added);
  expect(result.added.map((x) => x.href)).toEqual([b!.href, c!.href]);
  expect(result.present.map((x) => x.href)).toEqual([a!.href]);
  expect(result.refused.map((x) => x.href)).toEqual(["/nope"]);
  const moved = await page.request.post(href, {
    headers: { "X-HTTP-Method-Override": "ORDERPATCH", Accept: COLLECTION },
    data: { data: [{ href: c!.href }], after: null },
  });
  const order = await readPlaywrightJson<AlbumJson>(moved);
  expect(order.assets.data.map((x) => x.href)).toEqual([c!.href, a!.href, b!.href]);
  const renamed = await page.request.patch(href, {
    headers: { Accept: COLLECTION },
    data: { name: "  Albapi renamed  " },
  });
  expect((await readPlaywrightJson<AlbumJson>(renamed)).name).toBe("Albapi renamed");
  const archived = await page.request.post(`${href}?method=ARCHIVE`, {
    headers: { Accept: COLLECTION },
  });
  expect((await readPlaywrightJson<{ status: string }>(archived)).status).toBe("archived");
  const stranger = await page.request.get(href.replace(/users\/\d+/, "users/1"), {
    headers: { Accept: COLLECTION },
  });
  expect(stranger.status()).toBe(404);
  await readPlaywrightJson(stranger);
});

test("the add-to-album page and dialog have no serious accessibility violations", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ALBUMS_API_LIGHT, PASSWORD);
  const browse = await browseArchive(page);
  const query = browse.assets
    .slice(0, 2)
    .map((a) => `asset=${idOf(a.href)}`)
    .join("&");
  await open(`/fotoweb/views/add-to-album?${query}`);
  await expect(
    page.getByRole("radio", { name: new RegExp(`^${albumsApiAlbum(ALBUMS_API_LIGHT)}`) }),
  ).toBeVisible();
  await expectAccessible(page, info, "add-to-album page");
  if (!hasJs(info)) return;
  await openSearch(page, open, browse.href);
  await tick(page, 0);
  await page.getByRole("button", { name: "Add to album…" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to album" });
  await expect(dialog.getByRole("radio").first()).toBeVisible();
  await expectAccessible(page, info, "add-to-album dialog");
});
