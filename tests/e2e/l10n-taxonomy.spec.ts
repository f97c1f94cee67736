import { expect, expectAccessible, signInQuietly, test, waitForHydration } from "./fixtures";
import { TAXONOMY_ADMIN_SEEDED, taxonomyAdminUser } from "./taxonomy-admin";
import { PASSWORD } from "./users";

/*
 * The taxonomy administration in Norwegian (issue 32, decision 101), JavaScript on and off: the
 * browser asks for nb-NO, so the list and the seeded taxonomy's tree speak Bokmål; the
 * administrator opens a branch, asks for a child's form and gives a label too long, refused by its
 * field in Norwegian (by the form's own check with JavaScript, by the server without), and
 * cancels: nothing is written. axe checks the Norwegian tree with its form in light and dark.
 */

test.use({ locale: "nb-NO" });
test.describe.configure({ timeout: 120_000 });

const LIST = "/fotoweb/views/admin/taxonomies";

test("a taxonomy's tree in Norwegian: a branch, an item form's refusal by its field", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, taxonomyAdminUser(info.project.name), PASSWORD);
  await open(LIST);
  await expect(page.locator("html")).toHaveAttribute("lang", "nb");
  await expect(page).toHaveTitle("Taksonomier | Arkiv");
  await expect(page.getByRole("heading", { level: 1, name: "Taksonomier" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Opprett en taksonomi" })).toBeVisible();

  await page.getByRole("link", { name: TAXONOMY_ADMIN_SEEDED.plural, exact: true }).click();
  await expect(page).toHaveTitle(`${TAXONOMY_ADMIN_SEEDED.plural} | Arkiv`);
  await waitForHydration(page, info);
  await expect(page.getByRole("link", { name: "Legg til element på øverste nivå" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Søk etter elementer" })).toBeVisible();

  // A branch opens (in place with JavaScript, by its link without).
  await page.getByRole("link", { name: "Åpne Animals" }).click();
  await expect(page.getByRole("list", { name: "Under Animals" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Birds", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Legg til underelement under Animals" }).click();
  const form = page.getByRole("form", { name: "Legg til element" });
  await expect(form).toBeVisible();
  await waitForHydration(page, info);
  await form.getByRole("textbox", { name: "Etikett" }).fill("x".repeat(201));
  await form.getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Bruk høyst 200 tegn i navnet.").first()).toBeVisible();
  // Typed into and refused: not the page as its address serves it.
  await expectAccessible(page, info, "the taxonomy tree and item form in Norwegian", {
    bothThemes: true,
  });
  await page.getByRole("link", { name: "Avbryt" }).click();
  await expect(page.getByRole("form", { name: "Legg til element" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "x".repeat(201), exact: true })).toHaveCount(0);
});
