import { ADMIN } from "./users";
import {
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";

/*
 * The metadata administration in Norwegian (issue 32, decision 101), JavaScript on and off: the
 * browser asks for nb-NO, so an administrator's field form speaks Bokmål; bad input is refused in
 * Norwegian (by the form's own checks with JavaScript, by the server without), a mended field is
 * created with a Norwegian toast, the view editor's field picker (with JavaScript) reads in
 * Norwegian, and the field is deleted again. axe checks the Norwegian form in light and dark.
 */

test.use({ locale: "nb-NO" });
test.describe.configure({ timeout: 120_000 });

const ADMIN_PATH = "/fotoweb/views/admin/metadata";

test("a metadata field in Norwegian: refused, created, picked, deleted", async ({
  page,
  open,
}, info) => {
  const label = `Oppdrag ${info.project.name}${info.retry || ""} ${Date.now().toString(36)}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(`${ADMIN_PATH}/fields/new`);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page).toHaveTitle("Legg til metadatafelt | Arkiv");
  await expect(
    page.getByRole("heading", { level: 1, name: "Legg til metadatafelt" }),
  ).toBeVisible();
  await waitForHydration(page, info);
  await expectAccessible(page, info, "the field form in Norwegian", {
    served: true,
    bothThemes: true,
  });

  // Two mistakes, both refused by their fields, in Norwegian.
  const form = page.getByRole("form", { name: "Nytt metadatafelt" });
  await form.getByLabel("Største lengde (tegn)").fill("0");
  await form.getByRole("button", { name: "Opprett feltet" }).click();
  await expect(form.getByText("Skriv inn en etikett")).toBeVisible();
  await expect(form.getByText("Minst 1 tegn")).toBeVisible();

  // Mended: created, with the toast in Norwegian.
  await form.getByLabel("Etikett").fill(label);
  await form.getByLabel("Største lengde (tegn)").fill("200");
  await form.getByRole("button", { name: "Opprett feltet" }).click();
  await expectToast(page, new RegExp(`Feltet ${label} \\(\\d+\\) er lagret\\.`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Metadatafelt ${label}`);
  const fieldPage = page.url();

  if (hasJs(info)) {
    // The view editor's picker, rendered in the browser, in Norwegian.
    await open(`${ADMIN_PATH}/views/new`);
    const view = page.getByRole("form", { name: "Ny metadatavisning" });
    await view.getByRole("button", { name: "Legg til område" }).click();
    await view.getByRole("button", { name: "Legg til felt i område 1" }).click();
    const picker = page.getByRole("dialog", { name: "Legg til felt i område 1" });
    await picker.getByLabel("Søk i feltene").fill(label);
    await expect(picker.getByRole("rowheader", { name: label })).toBeVisible();
    await expect(picker).toContainText("1 av");
    await picker.getByRole("row", { name: new RegExp(label) }).click();
    await expect(picker).toContainText("1 valgt");
    await picker.getByRole("button", { name: "OK" }).click();
    await expect(view.getByRole("rowheader", { name: new RegExp(label) })).toBeVisible();
    await expect(view.getByRole("button", { name: `Fjern ${label} fra område 1` })).toBeVisible();
  }

  // Deleted again, from its own page.
  await open(fieldPage);
  await page.getByText("Slett dette feltet").click();
  await page.getByRole("button", { name: "Slett feltet" }).click();
  await expectToast(page, new RegExp(`Feltet ${label} \\(\\d+\\) er slettet\\.`));
  await expect(page).toHaveTitle("Metadatafelt | Arkiv");
});
