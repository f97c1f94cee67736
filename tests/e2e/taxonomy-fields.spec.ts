import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import {
  taxonomyAssetHref,
  taxonomyFieldsAsset,
  taxonomyFieldsEditor,
  TAXONOMY_FIELDS_VIEW,
} from "./taxonomy-fields";
import { ADMIN, PASSWORD } from "./users";

/*
 * An editor tags an asset from a taxonomy (issue 19, decision 060): without JavaScript through
 * the plain form's select and checkbox list and through the browse page of the tree; with
 * JavaScript inline, by the search and by the tree popover. A term's markup is shown as text.
 * axe in light and dark on the asset page with the picker's tree open.
 */

test.describe.configure({ mode: "serial" });

const SUBJECTS = `${TAXONOMY_FIELDS_VIEW} subjects`;
const MOOD = `${TAXONOMY_FIELDS_VIEW} mood`;
const PLACE = `${TAXONOMY_FIELDS_VIEW} place`;

async function allStored(page: Page, href: string): Promise<string[]> {
  const response = await page.request.get(href, {
    headers: { Accept: "application/vnd.fotoware.asset+json" },
  });
  const body = (await readPlaywrightJson(response)) as {
    metadata: Record<string, { value: string | string[] }>;
  };
  return Object.values(body.metadata).flatMap((m) => [m.value].flat());
}

test("the plain form: a select for one value, checkboxes for a bag, markup shown as text", async ({
  page,
  open,
}, info) => {
  const who = info.project.name;
  await signInQuietly(page, taxonomyFieldsEditor(who), PASSWORD);
  const href = await taxonomyAssetHref(page, taxonomyFieldsAsset(who));
  await open(`${href}?edit=metadata`);
  const form = page.getByRole("form", { name: "Edit metadata" });
  const mood = form.getByRole("combobox", { name: MOOD });
  // A heading without Set is listed but cannot be chosen.
  await expect(mood.getByRole("option", { name: /Gloomy/ })).toBeDisabled();
  await mood.selectOption({ label: "Happy" });
  const subjects = form.getByRole("group", { name: SUBJECTS });
  await expect(subjects.getByRole("checkbox", { name: "Cities" })).toBeChecked();
  await expect(subjects.getByRole("checkbox", { name: "Nature" })).toHaveCount(0);
  await expect(subjects.getByText("Retired term")).toHaveCount(0);
  await subjects.getByRole("checkbox", { name: "Dogs" }).check();
  await subjects.getByRole("checkbox", { name: "<b>Bold</b> & co" }).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${SUBJECTS} and ${MOOD} saved.`);
  const panel = page.getByRole("region", { name: "Metadata" });
  await expect(panel.getByText("Happy", { exact: true })).toBeVisible();
  await expect(panel.getByText("Dogs", { exact: true })).toBeVisible();
  await expect(panel.getByText("<b>Bold</b> & co", { exact: true })).toBeVisible();
  await expect(panel.locator("b", { hasText: "Bold" })).toHaveCount(0);
  const stored = await allStored(page, href);
  expect(stored).toEqual(expect.arrayContaining(["happy", "cities", "dogs", "<b>bold</b>"]));
});

test("the browse page lists the tree and posts the chosen term back", async ({
  page,
  open,
}, info) => {
  const who = info.project.name;
  await signInQuietly(page, taxonomyFieldsEditor(who), PASSWORD);
  const href = await taxonomyAssetHref(page, taxonomyFieldsAsset(who));
  await open(`${href}?edit=metadata`);
  await page.getByRole("link", { name: `Browse all terms of ${SUBJECTS}` }).click();
  await expect(page.getByRole("heading", { name: `Choose ${SUBJECTS}` })).toBeVisible();
  await page.getByRole("link", { name: "Open Nature" }).click();
  await page.getByRole("link", { name: "Open Animals" }).click();
  const choose = page.getByRole("form", { name: `Choose ${SUBJECTS}` });
  await choose.getByRole("checkbox", { name: "Cats" }).check();
  await choose.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${SUBJECTS} saved.`);
  const panel = page.getByRole("region", { name: "Metadata" });
  await expect(panel.getByText("Cats", { exact: true })).toBeVisible();
  // The values chosen elsewhere in the tree were kept.
  await expect(panel.getByText("Dogs", { exact: true })).toBeVisible();
  expect(await allStored(page, href)).toEqual(expect.arrayContaining(["cats", "dogs", "cities"]));
});

test("inline: a term found by search is added, one picked in the tree sets the value", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "the inline picker needs JavaScript; the plain form is tested above");
  const who = info.project.name;
  await signInQuietly(page, taxonomyFieldsEditor(who), PASSWORD);
  const href = await taxonomyAssetHref(page, taxonomyFieldsAsset(who));
  await open(href);
  const panel = page.getByRole("region", { name: "Metadata" });

  await panel.getByRole("button", { name: `Edit ${SUBJECTS}` }).click();
  const search = panel.getByRole("combobox", { name: SUBJECTS });
  await expect(search).toBeFocused();
  await search.fill("plan");
  await page.getByRole("option", { name: "Plants" }).click();
  await expect(panel.getByRole("row", { name: "Plants" })).toBeVisible();
  await panel.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${SUBJECTS} saved.`);
  await expect(panel.getByText("Plants", { exact: true })).toBeVisible();

  await panel.getByRole("button", { name: `Edit ${MOOD}` }).click();
  await panel.getByRole("button", { name: `Browse ${MOOD} terms` }).click();
  const tree = page.getByRole("treegrid", { name: `Terms of ${MOOD}` });
  const gloomy = tree.getByRole("row", { name: /Gloomy/ });
  await gloomy.click();
  // A heading opens (its children are fetched once) but is not chosen.
  await tree.getByRole("row", { name: "Sad" }).press("Enter");
  await expect(tree).toHaveCount(0);
  await panel.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${MOOD} saved.`);
  await expect(panel.getByText("Sad", { exact: true })).toBeVisible();
  expect(await allStored(page, href)).toEqual(expect.arrayContaining(["plants", "sad"]));
});

test("the batch panel adds a term to every asset and sets a single term", async ({
  page,
  open,
}, info) => {
  const who = info.project.name;
  await signInQuietly(page, taxonomyFieldsEditor(who), PASSWORD);
  const href = await taxonomyAssetHref(page, taxonomyFieldsAsset(who));
  const id = /\/(\d+)-[^/]+$/.exec(href)![1]!;
  await open(`/fotoweb/views/batch?op=metadata&asset=${id}`);
  const main = page.getByRole("main");
  const subjects = main.getByRole("group", { name: SUBJECTS });
  if (hasJs(info)) {
    await subjects.getByRole("combobox", { name: "Add to all assets" }).fill("anim");
    await page.getByRole("option", { name: "Animals" }).click();
    await expect(subjects.getByText("animals (to be added)")).toBeVisible();
  } else {
    await subjects.getByRole("textbox", { name: "Add to all assets" }).fill("animals");
  }
  await main
    .getByRole("checkbox", { name: `Change ${MOOD}` })
    .locator("xpath=ancestor::label[1]")
    .click();
  if (hasJs(info)) {
    await main.getByRole("button", { name: `Browse ${MOOD} terms` }).click();
    await page.getByRole("treegrid").getByRole("row", { name: "Calm" }).click();
  } else {
    await main.getByRole("combobox", { name: MOOD }).selectOption({ label: "Calm" });
  }
  await main.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/fotoweb\/views\/tasks\/\d+$/);
  await expect(page.getByTestId("task-status")).toContainText("Finished", { timeout: 30_000 });
  await expect(async () => {
    expect(await allStored(page, href)).toEqual(expect.arrayContaining(["animals", "calm"]));
  }).toPass({ timeout: 30_000 });
});

test("a taxonomy manager adds a term where they pick", async ({ page, open }, info) => {
  const who = info.project.name;
  const term = `Hammerfest ${who}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const href = await taxonomyAssetHref(page, taxonomyFieldsAsset("a11y"));
  if (hasJs(info)) {
    await open(href);
    const panel = page.getByRole("region", { name: "Metadata" });
    await panel.getByRole("button", { name: `Edit ${PLACE}` }).click();
    await panel.getByRole("button", { name: `Browse ${PLACE} terms` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "New term" }).fill(term);
    await dialog.getByRole("button", { name: "Add term" }).click();
    await expect(dialog).toHaveCount(0);
    // Added and chosen; not saved, so the asset others look at stays as it was.
    await expect(panel.getByText(`${PLACE}: ${term}`)).toBeVisible();
    await panel.getByRole("button", { name: "Cancel" }).click();

    // The edit modal: a new label (its value following), then the term deleted.
    await panel.getByRole("button", { name: `Edit ${PLACE}` }).click();
    await panel.getByRole("button", { name: `Browse ${PLACE} terms` }).click();
    const tree = page.getByRole("treegrid");
    // By keyboard: the arrow keys move from the row into its Edit button, Enter opens the modal.
    await tree.getByRole("row", { name: term }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tree.getByRole("button", { name: `Edit ${term}`, exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog", { name: `Edit ${term}` });
    await expect(modal.getByRole("button", { name: "OK" })).toBeDisabled();
    await modal.getByRole("textbox", { name: "Label" }).fill(`${term} Havn`);
    await expect(modal.getByRole("textbox", { name: "Value" })).toHaveValue(`${term} Havn`);
    await modal.getByRole("button", { name: "OK" }).click();
    await expect(modal).toHaveCount(0);
    await expect(tree.getByRole("row", { name: `${term} Havn` })).toBeVisible();
    await tree.getByRole("button", { name: `Edit ${term} Havn`, exact: true }).click();
    await page.getByRole("button", { name: "Delete…" }).click();
    // The question, not a toast (toasts are alert dialogs too, and stay 15 s).
    const question = page
      .getByRole("alertdialog")
      .filter({ has: page.getByRole("button", { name: "Delete" }) });
    await question.getByRole("button", { name: "Delete" }).click();
    await expect(question).toHaveCount(0);
    await expect(tree.getByRole("row", { name: `${term} Havn` })).toHaveCount(0);
    // Stored: a fresh page's tree has neither the old name nor the new one.
    await page.reload();
    await panel.getByRole("button", { name: `Edit ${PLACE}` }).click();
    await panel.getByRole("button", { name: `Browse ${PLACE} terms` }).click();
    await expect(tree.getByRole("row", { name: "Oslo" })).toBeVisible();
    await expect(tree.getByRole("row", { name: term })).toHaveCount(0);
  } else {
    await open(`${href}?edit=metadata`);
    await page.getByRole("link", { name: `Browse all terms of ${PLACE}` }).click();
    await page.getByRole("textbox", { name: `New term in ${PLACE}` }).fill(term);
    await page.getByRole("button", { name: "Add term" }).click();
    await expectToast(page, `${term} added.`);
    await expect(page.getByRole("radio", { name: term })).toBeVisible();
    // Without JavaScript a term is edited (and deleted) on the administration page's form.
    await page.getByRole("link", { name: `Edit ${term}`, exact: true }).click();
    const form = page.getByRole("form", { name: `Edit ${term}` });
    await form.getByRole("textbox", { name: "Label" }).fill(`${term} Havn`);
    await form.getByRole("textbox", { name: "Value" }).fill(`${term} Havn`);
    await form.getByRole("button", { name: "OK" }).click();
    await expectToast(page, "Item saved.");
    await expect(page.getByRole("link", { name: `${term} Havn`, exact: true })).toBeVisible();
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`the edit view with the picker open is accessible in ${theme}`, async ({
    page,
    open,
  }, info) => {
    await signInQuietly(page, taxonomyFieldsEditor(theme), PASSWORD);
    const href = await taxonomyAssetHref(page, taxonomyFieldsAsset("a11y"));
    if (hasJs(info)) {
      await open(href);
      const panel = page.getByRole("region", { name: "Metadata" });
      await panel.getByRole("button", { name: `Edit ${SUBJECTS}` }).click();
      await panel.getByRole("button", { name: `Browse ${SUBJECTS} terms` }).click();
      await expect(page.getByRole("treegrid").getByRole("row", { name: /Cities/ })).toBeVisible();
      await expectAccessible(page, info, `taxonomy picker open, ${theme}`);
      await page.getByRole("button", { name: "Edit Cities", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Edit Cities" })).toBeVisible();
      await expectAccessible(page, info, `taxonomy term edit modal, ${theme}`);
      await page
        .getByRole("dialog", { name: "Edit Cities" })
        .getByRole("button", { name: "Cancel" })
        .click();
      await expect(page.getByRole("dialog", { name: "Edit Cities" })).toHaveCount(0);
    } else {
      await open(`${href}?edit=metadata`);
      await expectAccessible(page, info, `taxonomy fields plain form, ${theme}`);
      await page.getByRole("link", { name: `Browse all terms of ${SUBJECTS}` }).click();
      await expectAccessible(page, info, `taxonomy browse page, ${theme}`);
    }
  });
}
