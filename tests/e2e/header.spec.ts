import { PASSWORD } from "./users";
import { expect, hasJs, signInQuietly, test } from "./fixtures";
import type { Page } from "@playwright/test";

/* The page header: the active section link and the main search. */

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const searchButton = (page: Page) =>
  page.getByRole("search").getByRole("button", { name: "Search", exact: true });

async function expectActive(page: Page, active: string | null) {
  for (const name of ["Archives", "Albums", "Pins"]) {
    const link = nav(page).getByRole("link", { name });
    if ((await link.count()) === 0) continue;
    if (name === active) await expect(link, name).toHaveAttribute("aria-current", "page");
    else await expect(link, name).not.toHaveAttribute("aria-current", /.*/);
  }
}

test("the active header link follows the location", async ({ page, open }) => {
  await open("/fotoweb/");
  await expectActive(page, null);
  await expect(nav(page).getByRole("link", { name: "Pins" })).toHaveCount(0);

  await nav(page).getByRole("link", { name: "Archives" }).click();
  await expect(page).toHaveURL("/fotoweb/archives/");
  await expectActive(page, "Archives");

  await nav(page).getByRole("link", { name: "Albums" }).click();
  await expect(page).toHaveURL("/fotoweb/albums/");
  await expectActive(page, "Albums");

  await open("/fotoweb/archives/?q=boats");
  await expectActive(page, "Archives");

  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/");
  await nav(page).getByRole("link", { name: "Pins" }).click();
  await expect(page).toHaveURL("/fotoweb/me/pins/");
  await expectActive(page, "Pins");
});

test("the search submits its text to the archives and keeps it in the box", async ({
  page,
  open,
}) => {
  await open("/fotoweb/albums/");
  const box = page.getByRole("searchbox", { name: "Search" });
  await box.fill("red boats");
  await box.press("Enter");
  await expect(page).toHaveURL("/fotoweb/archives/?q=red+boats");
  await expect(page.getByRole("main")).toContainText("Nothing matched “red boats”.");
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("red boats");

  await page.getByRole("searchbox", { name: "Search" }).fill("xylophone");
  await searchButton(page).click();
  await expect(page).toHaveURL("/fotoweb/archives/?q=xylophone");
  await expect(page.getByRole("main")).toContainText("Nothing matched “xylophone”.");
});

test("an empty search goes to the archives without a query", async ({ page, open }) => {
  await open("/fotoweb/albums/");
  await searchButton(page).click();
  await expect(page).toHaveURL("/fotoweb/archives/");
  await expect(page.getByRole("heading", { name: "Archives", level: 1 })).toBeVisible();

  // Blank text counts as empty.
  await page.getByRole("searchbox", { name: "Search" }).fill("   ");
  await searchButton(page).click();
  await expect(page).toHaveURL("/fotoweb/archives/");
});

test("the search button shows a spinner and is disabled while the result loads", async ({
  page,
  open,
}, info) => {
  test.skip(
    !hasJs(info),
    "the pending state is shown by script; without it the browser loads a new page",
  );
  await open("/fotoweb/");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/fotoweb\/archives\/\?.*_data=/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("searchbox", { name: "Search" }).fill("slow");
  const button = searchButton(page);
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button.locator("span[aria-hidden='true']").first()).toBeVisible();
  release();
  await expect(page).toHaveURL("/fotoweb/archives/?q=slow");
  await expect(page.getByRole("main")).toContainText("Nothing matched “slow”.");
  await expect(button).toBeEnabled();
});

test("the clear button empties the search box", async ({ page, open }, info) => {
  test.skip(
    !hasJs(info),
    "the clear button is scripted (a plain button does nothing without JavaScript)",
  );
  await open("/fotoweb/archives/?q=boats");
  const box = page.getByRole("searchbox", { name: "Search" });
  await expect(box).toHaveValue("boats");
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();
});
