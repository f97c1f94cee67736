import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { l10nGridUser } from "./l10n-grid";
import { BROWSE_ARCHIVE, BROWSE_PHOTOS, PASSWORD } from "./users";

/*
 * The archive's grid in Norwegian (issue 32, decision 101), JavaScript on and off: the browser
 * asks for nb-NO, so the page is <html lang="nb"> and its sort, size, navigation pane and
 * selection toolbar speak Bokmål, counts of assets in their plural; two selected assets are
 * pinned from the toolbar, with the toast in Norwegian; axe checks the Norwegian page. With
 * JavaScript a client-side navigation from the start page into the grid brings the grid's words.
 */

test.use({ locale: "nb-NO" });
test.describe.configure({ timeout: 120_000 });

const tiles = (page: Page) => page.getByTestId("asset-tile");
const boxes = (page: Page) => page.getByRole("checkbox", { name: /^Velg / });
const pins = (page: Page, index: number) =>
  tiles(page)
    .nth(index)
    .getByRole("button", { name: /^Fest / });
const toolbar = (page: Page) => page.getByRole("group", { name: "Utvalg" });
const pane = (page: Page) => page.getByRole("complementary", { name: "Navigasjon" });

async function tick(page: Page, index: number) {
  await boxes(page).nth(index).locator("xpath=ancestor::label[1]").click();
}

async function browseHref(page: Page): Promise<string> {
  const response = await page.request.get("/fotoweb/archives/", {
    headers: { Accept: "application/vnd.fotoware.collectionlist+json" },
  });
  const body = await readPlaywrightJson<{ data: { name: string; href: string }[] }>(response);
  const entry = body.data.find((a) => a.name === BROWSE_ARCHIVE);
  if (!entry) throw new Error(`the seed archive ${BROWSE_ARCHIVE} is not listed`);
  return entry.href;
}

/** The server ingests the seed's photographs as it starts: wait until the grid shows them. */
async function openGrid(page: Page, open: (url: string) => Promise<void>, href: string) {
  await expect(async () => {
    await open(href);
    await expect(tiles(page)).toHaveCount(BROWSE_PHOTOS, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
}

test("the grid in Norwegian: sort, size, pane, toolbar; two assets pinned", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, l10nGridUser(info.project.name), PASSWORD);
  // Start from no pins, whatever an earlier run left.
  await page.request.post("/fotoweb/me/pins/?index", { form: { intent: "clear-pins" } });
  await openGrid(page, open, await browseHref(page));
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");

  // The sort order: a native select and its button without JavaScript, the deferred select with.
  if (hasJs(info)) {
    await expect(page.getByRole("button", { name: /Sorter etter/ })).toContainText(
      "Lagt til, nyeste først",
    );
  } else {
    const sort = page.getByLabel("Sorter etter");
    await expect(sort.locator("option:checked")).toHaveText("Lagt til, nyeste først");
    await expect(sort.locator("option", { hasText: "Filnavn A–Å" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sorter", exact: true })).toBeVisible();
  }
  const size = page.getByRole("group", { name: "Størrelse på miniatyrbilder" });
  for (const name of ["Små", "Middels", "Store"])
    await expect(size.getByRole("button", { name, exact: true })).toBeVisible();
  await expect(pane(page).getByRole("heading", { name: "Navigasjon" })).toBeVisible();
  await expect(pane(page).getByRole("button", { name: "Skjul navigasjon" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Ressurser" })).toBeVisible();
  await expect(
    tiles(page)
      .first()
      .getByRole("checkbox", { name: /^Velg / }),
  ).toHaveCount(1);

  // The toolbar: with JavaScript once something is selected, with the count in its plural.
  if (hasJs(info)) {
    await expect(toolbar(page)).toHaveCount(0);
    await tick(page, 3);
    await expect(toolbar(page)).toContainText("1 ressurs valgt");
    await tick(page, 4);
    await expect(toolbar(page)).toContainText("2 ressurser valgt");
    await expect(toolbar(page).getByRole("button", { name: "Fjern utvalget" })).toBeVisible();
  } else {
    await expect(toolbar(page)).toContainText("Kryss av ressurser for å velge dem.");
    await tick(page, 3);
    await tick(page, 4);
  }
  await expect(toolbar(page).getByRole("button", { name: "Legg til i album…" })).toBeVisible();
  await expectAccessible(page, info, "the grid in Norwegian with its toolbar", {
    served: true,
    rules: ["label-content-name-mismatch"],
  });

  await toolbar(page).getByRole("button", { name: "Fest valgte" }).click();
  await expectToast(page, "2 ressurser festet.");
  await expect(pins(page, 3)).toHaveAttribute("aria-pressed", "true");
  await expect(pins(page, 4)).toHaveAttribute("aria-pressed", "true");
  await expect(pins(page, 5)).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
});

test("a client-side navigation from the start page brings the grid's Norwegian words", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "without JavaScript every page is a document of its own");
  await signInQuietly(page, l10nGridUser(info.project.name), PASSWORD);
  // The grid's photographs are there (the server ingests them as it starts).
  await openGrid(page, open, await browseHref(page));
  await open("/fotoweb/");
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  // Where the start page did not bring the grid's messages, the navigation fetches them.
  const startAreas = await page.evaluate(() =>
    Object.keys(
      (
        JSON.parse(document.getElementById("arkiv-messages")?.textContent ?? "{}") as {
          areas?: object;
        }
      ).areas ?? {},
    ),
  );
  const fetched = startAreas.includes("grid")
    ? null
    : page.waitForRequest((request) => request.url().includes("/fotoweb/locales/nb/grid"));
  // A mark on the window survives a client-side navigation, not a document load.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page
    .getByTestId("collection-tile")
    .filter({ hasText: BROWSE_ARCHIVE })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: BROWSE_ARCHIVE })).toBeVisible();
  if (fetched) await fetched;
  await expect(pane(page).getByRole("heading", { name: "Navigasjon" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Sorter etter/ })).toBeVisible();
  await expect(
    tiles(page)
      .first()
      .getByRole("button", { name: /^Fest / }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
