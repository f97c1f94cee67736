import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import {
  ALBUM_VIEW_A11Y,
  ALBUM_VIEW_ASSETS,
  ALBUM_VIEW_IDS,
  albumViewName,
  albumViewOwner,
} from "./albums-view";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { PASSWORD } from "./users";

/*
 * An album's page (issue 18, decision 053), with JavaScript and without: the owner renames it,
 * sets the cover, reorders, removes, archives and unarchives, deletes and undeletes; a sharee
 * browses through the album's file URLs. axe in light and dark on the owner's page (a dialog
 * open with JavaScript) and on a sharee's.
 */

const DESCRIPTOR = "application/vnd.fotoware.full-api-descriptor+json";

/** Signs in and answers the user's id (the album URL names its owner). */
async function signInAs(page: Page, username: string): Promise<number> {
  await signInQuietly(page, username, PASSWORD);
  const response = await page.request.get("/fotoweb/me/", { headers: { Accept: DESCRIPTOR } });
  const body = (await readPlaywrightJson(response)) as { user: { userId: number } };
  return body.user.userId;
}

const albumUrl = (ownerId: number, albumId: number) =>
  `/fotoweb/users/${ownerId}/albums/${albumId}/`;
const tiles = (page: Page) => page.getByTestId("asset-tile");

/** Ticks a tile's checkbox the way a person does: its input is visually hidden. */
async function tick(page: Page, index: number) {
  await page
    .getByRole("checkbox", { name: /^Select / })
    .nth(index)
    .locator("xpath=ancestor::label[1]")
    .click();
}

/** An owner action: from the menu with JavaScript, the page's own button without. */
async function ownerAction(page: Page, js: boolean, menuItem: string, button: string) {
  if (js) {
    await page.getByRole("button", { name: "Album actions", exact: true }).click();
    await page.getByRole("menuitem", { name: menuItem }).click();
  } else {
    await page.getByRole("button", { name: button, exact: true }).click();
  }
}

test("the owner renames, sets the cover, reorders, removes, archives and deletes", async ({
  page,
  open,
}, info) => {
  const project = info.project.name;
  const js = hasJs(info);
  const ownerId = await signInAs(page, albumViewOwner(project));
  const url = albumUrl(ownerId, ALBUM_VIEW_IDS[project]!);
  await open(url);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(albumViewName(project));
  await expect(tiles(page)).toHaveCount(ALBUM_VIEW_ASSETS);

  // Rename and describe: in a dialog with JavaScript, the page's form without.
  const renamed = `${albumViewName(project)} renamed`;
  if (js) {
    await ownerAction(page, js, "Rename and describe…", "");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Name" }).fill("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Give the album a name.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Name" }).fill(renamed);
    await dialog.getByRole("button", { name: "Save" }).click();
  } else {
    const form = main.getByRole("form", { name: "Rename and describe" });
    await form.getByLabel("Name").fill(" ");
    await form.getByLabel("Description").fill("Typed before the refusal");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(main.getByText("Give the album a name.")).toBeVisible();
    // The refused post comes back with what was typed.
    await expect(
      main.getByRole("form", { name: "Rename and describe" }).getByLabel("Description"),
    ).toHaveValue("Typed before the refusal");
    await main.getByRole("form", { name: "Rename and describe" }).getByLabel("Name").fill(renamed);
    await main
      .getByRole("form", { name: "Rename and describe" })
      .getByRole("button", { name: "Save" })
      .click();
  }
  await expectToast(page, "Album saved.");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(renamed);

  // The cover: the second asset.
  await tick(page, 1);
  await main.getByRole("button", { name: "Make cover" }).click();
  await expectToast(page, "Cover set.");

  // Reorder: the last asset to the top.
  const lastId = await page
    .getByRole("checkbox", { name: /^Select / })
    .nth(ALBUM_VIEW_ASSETS - 1)
    .getAttribute("value");
  await tick(page, ALBUM_VIEW_ASSETS - 1);
  if (js) {
    // The project's select (decision 094), posted with the selection's form through form=.
    await expect(main.locator("select[name=after]")).toHaveCount(0);
    await main.getByRole("button", { name: "to the top Move the selected assets" }).click();
    await page.getByRole("option", { name: `before 2. `, exact: false }).first().click();
    await main.getByRole("button", { name: /^before 2\. .* Move the selected assets$/ }).click();
    await page.getByRole("option", { name: "to the top", exact: true }).click();
    await expect(
      main.getByRole("button", { name: "to the top Move the selected assets" }),
    ).toBeFocused();
  } else await main.getByLabel("Move the selected assets").selectOption("top");
  await main.getByRole("button", { name: "Move", exact: true }).click();
  await expectToast(page, "1 asset moved.");
  await expect(page.getByRole("checkbox", { name: /^Select / }).first()).toHaveAttribute(
    "value",
    lastId ?? "",
  );

  if (js) {
    // Drag and drop: the first asset onto the third puts it right after the third.
    const boxes = page.getByRole("checkbox", { name: /^Select / });
    const first = await boxes.nth(0).getAttribute("value");
    // The handles' drag and drop loads when the pointer first reaches one (issue 31's budget).
    await page.getByTestId("album-mover").nth(0).hover();
    await expect(page.locator('[data-testid="album-mover"][data-draggable]')).toHaveCount(
      ALBUM_VIEW_ASSETS,
    );
    await page.getByTestId("album-mover").nth(0).dragTo(page.getByTestId("album-mover").nth(2));
    await expectToast(page, "1 asset moved.");
    await expect(boxes.nth(2)).toHaveAttribute("value", first ?? "");
  }

  // Remove the first: three stay.
  await tick(page, 0);
  await main.getByRole("button", { name: "Remove from album" }).click();
  await expectToast(page, "1 asset removed from the album.");
  await expect(tiles(page)).toHaveCount(ALBUM_VIEW_ASSETS - 1);

  // Archive and unarchive.
  await ownerAction(page, js, "Archive", "Archive");
  await expectToast(page, "Album archived.");
  await expect(main.getByText("This album is archived.")).toBeVisible();
  await ownerAction(page, js, "Unarchive", "Unarchive");
  await expectToast(page, "Album unarchived.");
  await expect(main.getByText("This album is archived.")).toHaveCount(0);

  // Delete to the bin (confirmed in a dialog with JavaScript), then undelete.
  await ownerAction(page, js, "Move to the bin…", "Move to the bin");
  if (js) await page.getByRole("dialog").getByRole("button", { name: "Move to the bin" }).click();
  await expect(page).toHaveURL(/\/fotoweb\/albums\/$/);
  await open(url);
  await expect(main.getByText("This album is in the bin.")).toBeVisible();
  await ownerAction(page, js, "Undelete", "Undelete");
  await expectToast(page, "Album restored.");
  await expect(main.getByText("This album is in the bin.")).toHaveCount(0);
});

test("a sharee browses through the album: thumbnails load through it, no owner actions", async ({
  page,
  open,
}) => {
  const { owner, sharee, album } = ALBUM_VIEW_A11Y;
  const ownerId = await signInAs(page, owner);
  await signInAs(page, sharee);
  await open(albumUrl(ownerId, album));
  await expect(tiles(page)).toHaveCount(ALBUM_VIEW_ASSETS);
  await expect(page.getByRole("button", { name: "Remove from album" })).toHaveCount(0);
  const src = await tiles(page).first().locator("img").getAttribute("src");
  expect(src).toMatch(/\?album=\d+$/);
  expect((await page.request.get(src!)).status()).toBe(200);
  const href = await tiles(page).first().locator("a").first().getAttribute("href");
  expect(href).toMatch(/^\/fotoweb\/files\/.+\?album=\d+$/);
});

test("the owner's album page has one Share link, to the sharing page (issue 31)", async ({
  page,
  open,
}) => {
  const { owner, album } = ALBUM_VIEW_A11Y;
  const ownerId = await signInAs(page, owner);
  await open(albumUrl(ownerId, album));
  const share = page.getByRole("main").getByRole("link", { name: /share/i });
  await expect(share).toHaveCount(1);
  await share.click();
  await expect(page).toHaveURL(new RegExp(`${albumUrl(ownerId, album)}\\.shares/$`));
});

test("the album page is accessible (owner with a dialog, sharee)", async ({ page, open }, info) => {
  const { owner, sharee, album } = ALBUM_VIEW_A11Y;
  const ownerId = await signInAs(page, owner);
  await open(albumUrl(ownerId, album));
  if (hasJs(info)) {
    // The scripted page first (its drag handles), then with the rename dialog open.
    await expectAccessible(page, info, "album page, owner, scripted");
    await page.getByRole("button", { name: "Album actions", exact: true }).click();
    await page.getByRole("menuitem", { name: "Rename and describe…" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  }
  await expectAccessible(page, info, "album page, owner");
  await signInAs(page, sharee);
  await open(albumUrl(ownerId, album));
  await expect(tiles(page)).toHaveCount(ALBUM_VIEW_ASSETS);
  await expectAccessible(page, info, "album page, sharee");
});
