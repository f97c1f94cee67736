import { seededAssets } from "./assets";
import { editingAssets, valuesOf } from "./editing";
import {
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";
import { PASSWORD, projectUser, REVISIONS_A11Y_ARCHIVE } from "./users";

/*
 * The asset page in Norwegian (issue 32, decision 101), JavaScript on and off: the browser asks
 * for nb-NO, so the page is <html lang="nb">; its sections, file facts and downloads speak
 * Bokmål, a title saved through the plain form of every field comes back with its toast in
 * Norwegian, and the revision history (its section on the asset page and its own page) names its
 * columns, actions and kinds in Norwegian, its times with their zone; axe checks the pages.
 */

test.use({ locale: "nb-NO" });
test.describe.configure({ timeout: 90_000 });

test("the asset page in Norwegian; a title saved with its toast in Norwegian", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, projectUser("metaedit", info.project.name), PASSWORD);
  // The project's own editing archive; metadata-edit.spec.ts edits other fields of this asset.
  const { assets } = await editingAssets(page, info.project.name);
  const asset = assets[2]!;
  await open(asset.href);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  const main = page.getByRole("main");
  await expect(main.getByRole("navigation", { name: "Ressursnavigasjon" })).toContainText(
    "Tilbake til",
  );
  await expect(main.getByRole("region", { name: "Detaljer" })).toContainText("Filnavn");
  await expect(main.getByRole("region", { name: "Last ned" })).toBeVisible();
  const file = main.getByRole("region", { name: "Fil" });
  await expect(file).toContainText("Filstørrelse");
  await expect(file).toContainText(/Utskriftsstørrelse ved 300 ppi.*cm/);
  await expect(file.locator("time[datetime]").first()).toHaveText(/UTC|CET|CEST|GMT/);
  await expectAccessible(page, info, "asset page in Norwegian");

  await main.getByRole("link", { name: "Rediger metadata" }).click();
  await expect(page).toHaveURL(/\?edit=metadata$/);
  // A new document: typing waits for hydration, which would put the served text back.
  await waitForHydration(page, info);
  const form = page.getByRole("form", { name: "Rediger metadata" });
  const title = `Brygge ${info.project.name} ${Date.now()}`;
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("button", { name: "Lagre" }).click();
  await expectToast(page, "Title er lagret.");
  await expect(page).not.toHaveURL(/edit=metadata/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await valuesOf(page, asset.href, 5)).toEqual([title]);
  if (hasJs(info)) {
    // Inline: the field's own Edit button, named in Norwegian.
    await expect(
      page.getByRole("region", { name: "Metadata" }).getByRole("button", { name: "Rediger Title" }),
    ).toBeVisible();
  }
});

test("the revisions in Norwegian: the section, the list and its times", async ({
  page,
  open,
  baseURL,
}, info) => {
  // Nobody changes this archive's history (a11y.spec.ts reads it too).
  const href = (await seededAssets(baseURL!, REVISIONS_A11Y_ARCHIVE, 1))[0]!.href;
  await signInQuietly(page, "revisions-a11y", PASSWORD);
  await open(href);
  const section = page.getByRole("region", { name: "Revisjoner" });
  if (hasJs(info)) {
    await expect(section.getByTestId("revision-row")).toHaveCount(3);
    await expect(section.getByRole("columnheader", { name: "Når" })).toBeVisible();
  } else {
    await expect(section).toContainText("3 revisjoner.");
  }
  await section.getByRole("link", { name: "Åpne revisjonshistorikken" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Revisjoner av");
  await expect(page).toHaveTitle(/^Revisjoner av .+ \| Arkiv$/);
  const rows = page.getByTestId("revision-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Gjeldende");
  await expect(rows.first().locator("time[datetime]")).toHaveText(/UTC|CET|CEST|GMT/);
  for (const name of ["Revisjon", "Endring", "Av", "Når", "Fil"])
    await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Sammenlign revisjon 1" })).toHaveCount(1);
  await expect(
    page.getByRole("button", { name: "Sammenlign de to avkryssede revisjonene" }),
  ).toBeVisible();
  await expectAccessible(page, info, "revisions page in Norwegian");
});
