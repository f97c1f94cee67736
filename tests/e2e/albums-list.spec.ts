import type { Page, TestInfo } from "@playwright/test";
import { ALBUMS_LIST_LIGHT, albumsListNames, albumsListUser } from "./albums-list";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { PASSWORD } from "./users";

/*
 * The albums page (spec 000 "Albums page", decision 052) with JavaScript on and off: create
 * (popover, or the page's form), search, the filter icons, pins, and the archived and deleted
 * views' restore actions; axe on the list, an empty filter and the create form, in both themes.
 */

const PAGE = "/fotoweb/albums/";

const projectOf = (info: TestInfo) => info.project.name;

const tile = (page: Page, name: string) =>
  page.getByTestId("album-tile").filter({ has: page.getByText(name, { exact: true }) });

async function signIn(page: Page, info: TestInfo) {
  await signInQuietly(page, albumsListUser(projectOf(info)), PASSWORD);
}

test("create an album: trimmed name, then on to the new album", async ({ page, open }, info) => {
  const names = albumsListNames(projectOf(info));
  await signIn(page, info);
  await open(PAGE);
  if (hasJs(info)) {
    await page.getByTestId("album-create").click();
    const popover = page.getByRole("dialog", { name: "Create album" });
    await expect(popover).toBeVisible();
    // Nothing happens for a name of spaces: the popover stays, nothing is sent.
    await popover.getByRole("textbox", { name: "Name" }).fill("   ");
    await popover.getByRole("button", { name: "Create" }).click();
    await expect(popover).toBeVisible();
    await popover.getByRole("textbox", { name: "Name" }).fill(`  ${names.created}  `);
    await popover.getByRole("textbox", { name: "Name" }).press("Enter");
  } else {
    await page.getByTestId("album-create").click();
    const form = page.getByRole("region", { name: "Create album" });
    await form.getByRole("textbox", { name: "Name" }).fill("x".repeat(201));
    await form.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Keep the name to 200 characters.")).toBeVisible();
    await page
      .getByRole("region", { name: "Create album" })
      .getByRole("textbox", { name: "Name" })
      .fill(`  ${names.created}  `);
    await page
      .getByRole("region", { name: "Create album" })
      .getByRole("button", { name: "Create" })
      .click();
  }
  await expect(page).toHaveURL(/\/fotoweb\/users\/\d+\/albums\/\d+\/$/);
  await open(`${PAGE}?filter=own`);
  await expect(tile(page, names.created)).toBeVisible();
});

test("search by name or description; empty text lists all again", async ({ page, open }, info) => {
  const names = albumsListNames(projectOf(info));
  await signIn(page, info);
  await open(PAGE);
  const search = page.getByRole("searchbox", { name: "Find albums" });
  await search.fill("snow");
  await search.press("Enter");
  await expect(page).toHaveURL(/q=snow/);
  await expect(tile(page, names.mountains)).toBeVisible();
  await expect(tile(page, names.harbour)).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Find albums" }).fill("");
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(tile(page, names.harbour)).toBeVisible();
  await expect(page).not.toHaveURL(/q=/);
});

test("the filter icons: one active at a time, switching clears the search", async ({
  page,
  open,
}, info) => {
  const names = albumsListNames(projectOf(info));
  await signIn(page, info);
  await open(`${PAGE}?q=harbour`);
  const filters = page.getByRole("list", { name: "Album filters" });
  const active = hasJs(info) ? "aria-pressed" : "aria-current";
  const activeValue = hasJs(info) ? "true" : "page";
  await filters.getByLabel("My archived albums").click();
  await expect(page).toHaveURL(/filter=archived$/);
  await expect(tile(page, names.archived)).toBeVisible();
  await expect(tile(page, names.harbour)).toHaveCount(0);
  await expect(filters.getByLabel("My archived albums")).toHaveAttribute(active, activeValue);
  await expect(page.getByRole("searchbox", { name: "Find albums" })).toHaveValue("");
  if (hasJs(info)) {
    // A click on the active one does nothing.
    await filters.getByLabel("My archived albums").click();
    await expect(page).toHaveURL(/filter=archived$/);
  }
  await filters.getByLabel("Albums shared with me").click();
  await expect(page).toHaveURL(/filter=shared$/);
  await expect(tile(page, names.shared)).toBeVisible();
  await expect(tile(page, names.shared)).toContainText("Shared by Album friend");
  await filters.getByLabel("My deleted albums").click();
  await expect(tile(page, names.binned)).toBeVisible();
  await filters.getByLabel("Clear filters").click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(tile(page, names.harbour)).toBeVisible();
  await expect(tile(page, names.binned)).toHaveCount(0);
});

test("pin an album: it comes first, pressed; pin again to unpin", async ({ page, open }, info) => {
  const names = albumsListNames(projectOf(info));
  await signIn(page, info);
  await open(`${PAGE}?filter=own`);
  const pin = tile(page, names.harbour).getByRole("button", { name: `Pin ${names.harbour}` });
  await expect(pin).toHaveAttribute("aria-pressed", "false");
  await pin.click();
  await expectToast(page, `Pinned ${names.harbour}.`);
  await expect(
    tile(page, names.harbour).getByRole("button", { name: `Pin ${names.harbour}` }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("album-tile").first()).toContainText(names.harbour);
  await tile(page, names.harbour)
    .getByRole("button", { name: `Pin ${names.harbour}` })
    .click();
  await expectToast(page, `Unpinned ${names.harbour}.`);
});

test("the archived view unarchives; the deleted view undeletes", async ({ page, open }, info) => {
  const names = albumsListNames(projectOf(info));
  await signIn(page, info);
  await open(`${PAGE}?filter=archived`);
  await tile(page, names.shelved)
    .getByRole("button", { name: `Unarchive ${names.shelved}` })
    .click();
  await expectToast(page, `${names.shelved} unarchived.`);
  await expect(tile(page, names.shelved)).toHaveCount(0);
  await open(`${PAGE}?filter=deleted`);
  await tile(page, names.binned)
    .getByRole("button", { name: `Undelete ${names.binned}` })
    .click();
  await expectToast(page, `${names.binned} restored from the bin.`);
  await expect(page.getByTestId("albums-empty")).toContainText("Your bin is empty.");
  await open(`${PAGE}?filter=own`);
  await expect(tile(page, names.shelved)).toBeVisible();
  await expect(tile(page, names.binned)).toBeVisible();
});

test("a failed create closes the popover and says so in the error dialog", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "the popover and its dialog need JavaScript");
  await signIn(page, info);
  await open(PAGE);
  await page.getByTestId("album-create").click();
  const popover = page.getByRole("dialog", { name: "Create album" });
  // Too long for the server's schema: refused there.
  await popover.getByRole("textbox", { name: "Name" }).fill("y".repeat(210));
  await popover.getByRole("textbox", { name: "Name" }).press("Enter");
  await expect(popover).toHaveCount(0);
  const dialog = page.getByRole("alertdialog", { name: "Error" });
  await expect(dialog).toContainText("Album couldn't be created. Please try again later");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("the first tap on a filter shows its title, the second applies", async ({
    page,
    open,
  }, info) => {
    test.skip(!hasJs(info), "without JavaScript the icons are plain links");
    await signIn(page, info);
    await open(PAGE);
    const icon = page.getByRole("list", { name: "Album filters" }).getByLabel("My archived albums");
    await icon.tap();
    await expect(page.getByRole("tooltip")).toHaveText("My archived albums");
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await icon.tap();
    await expect(page).toHaveURL(/filter=archived$/);
  });
});

test("the albums page has no serious accessibility violations", async ({ page, open }, info) => {
  await signInQuietly(page, ALBUMS_LIST_LIGHT, PASSWORD);
  await open(PAGE);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.getByTestId("album-tile").first()).toBeVisible();
  await expectAccessible(page, info, "albums page, list");
  await open(`${PAGE}?filter=deleted`);
  await expect(page.getByTestId("albums-empty")).toBeVisible();
  await expectAccessible(page, info, "albums page, empty filter");
  await open(`${PAGE}?create=1`);
  await expect(page.getByRole("region", { name: "Create album" })).toBeVisible();
  await expectAccessible(page, info, "albums page, create form");
  if (hasJs(info)) {
    await open(PAGE);
    await page.getByTestId("album-create").click();
    await expect(page.getByRole("dialog", { name: "Create album" })).toBeVisible();
    await expectAccessible(page, info, "albums page, create popover");
  }
});
