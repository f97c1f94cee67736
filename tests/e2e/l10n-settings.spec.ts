import type { Page, TestInfo } from "@playwright/test";
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
 * Archive administration and site settings in Norwegian (issue 32, decision 101), JavaScript on
 * and off: the browser asks for nb-NO, so the administrator's archive list speaks Bokmål; she
 * adds an archive, opens its dialog from the list, saves bad input and reads every field's
 * message at once in Norwegian, mends it and saves, with the toast in Norwegian; the site
 * settings page reads in Norwegian too. axe checks the Norwegian pages in light and dark.
 */

test.use({ locale: "nb-NO" });
test.describe.configure({ timeout: 120_000 });

const LIST = "/fotoweb/views/admin/archives";
const MANAGEMENT = "/fotoweb/views/management";

async function showTab(page: Page, info: TestInfo, name: string) {
  if (hasJs(info)) await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
}

test("an archive's dialog in Norwegian: the list, bad input refused by field, a save", async ({
  page,
  open,
}, info) => {
  const name = `Norsk arkiv ${info.project.name} ${Date.now().toString(36)}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(LIST);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page).toHaveTitle("Administrer arkiver | Arkiv");
  await expect(page.getByRole("heading", { level: 1, name: "Administrer arkiver" })).toBeVisible();
  await expect(
    page.getByRole("grid", { name: "Arkiver, i den rekkefølgen de vises" }),
  ).toBeVisible();
  await expectAccessible(page, info, "the archive list in Norwegian", {
    served: true,
    bothThemes: true,
  });

  // A new archive, so the story changes nothing another test reads.
  await page.getByRole("link", { name: "Legg til arkiv" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Legg til arkiv" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByLabel("Navn", { exact: true }).fill(name);
  await main.getByRole("button", { name: "Lagre", exact: true }).click();
  await expectToast(page, `${name} er opprettet.`);

  // From the list, its dialog.
  await open(LIST);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Arkivdetaljer" })).toBeVisible();
  await expect(page).toHaveTitle(`Arkivdetaljer: ${name} | Arkiv`);
  await waitForHydration(page, info);
  await expectAccessible(page, info, "the archive dialog in Norwegian", {
    served: true,
    bothThemes: true,
  });

  // Bad input on two fields: both refused at once, each by its field, in Norwegian.
  await main.getByLabel("Navn", { exact: true }).fill("");
  await main.getByLabel("Automatisk søkefilter").fill("(unclosed");
  await main.getByRole("button", { name: "Lagre", exact: true }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toContainText("Noen felt må rettes:");
  await expect(summary).toContainText("Navn: Skriv inn et navn på arkivet.");
  await expect(summary).toContainText("Automatisk søkefilter: Dette søkefilteret er ikke gyldig:");
  await expect(main.getByLabel("Navn", { exact: true })).toHaveAttribute("aria-invalid", "true");
  if (hasJs(info))
    await expect(page.getByRole("tab", { name: /^Generelt/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  await expectAccessible(page, info, "the archive dialog's errors in Norwegian", {
    bothThemes: true,
  });

  // Mended and saved: the toast in Norwegian, the dialog again.
  await main.getByLabel("Navn", { exact: true }).fill(name);
  await main.getByLabel("Automatisk søkefilter").fill("");
  await main.getByRole("button", { name: "Lagre", exact: true }).click();
  await expectToast(page, `${name} er lagret.`);
  await expect(page.getByRole("heading", { level: 1, name: "Arkivdetaljer" })).toBeVisible();
  await showTab(page, info, "Tilgangsliste");
  await expect(main.getByRole("group", { name: "Medlem Everyone", exact: true })).toBeVisible();
  await expect(main.getByText("Tillatelser for Everyone")).toBeVisible();
});

test("the site settings page in Norwegian", async ({ page, open }, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(MANAGEMENT);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page).toHaveTitle("Nettstedsinnstillinger | Arkiv");
  await expect(
    page.getByRole("heading", { level: 1, name: "Nettstedsinnstillinger" }),
  ).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByLabel("Nettstedets navn")).toHaveValue(/.+/);
  await expect(main.getByText("Tillat gjestetilgang")).toBeVisible();
  await expect(main.getByRole("link", { name: "Applikasjoner" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Lagre innstillingene" })).toBeVisible();
  await expectAccessible(page, info, "site settings in Norwegian", {
    served: true,
    bothThemes: true,
  });
});
