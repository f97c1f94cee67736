import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import {
  STORY_ASSETS,
  STORY_TERM,
  storyAdmin,
  storyArchive,
  storyEditor,
  storyField,
  storyVisitor,
} from "./organize-story";
import { PASSWORD } from "./users";

/*
 * Issue 19's "done when", in one story per project (JavaScript on and off): an administrator
 * builds a keyword taxonomy on the archive's filter field, an editor tags an asset from it (the
 * field takes only the taxonomy's terms), and a visitor narrows the archive by the term in the
 * navigation pane. The parts' own specs test each step in depth; this one tests that they meet.
 */

test.describe.configure({ mode: "serial" });

async function archiveHref(page: Page, name: string): Promise<string> {
  const response = await page.request.get("/fotoweb/archives/", {
    headers: { Accept: "application/json" },
  });
  const body = await readPlaywrightJson<{ data: { name: string; href: string }[] }>(response);
  const found = body.data.find((a) => a.name === name);
  expect(found, `archive ${name}`).toBeTruthy();
  return found!.href;
}

async function assetHref(page: Page, archive: string, fileName: string): Promise<string> {
  const response = await page.request.get(archive, {
    headers: { Accept: "application/vnd.fotoware.assetlist+json" },
  });
  const list = await readPlaywrightJson<{ data: { href: string }[] }>(response);
  const found = list.data.find((a) => a.href.includes(fileName));
  expect(found, fileName).toBeTruthy();
  return found!.href;
}

test("an administrator builds a taxonomy, an editor tags from it, a visitor narrows by it", async ({
  page,
  open,
}, info) => {
  const project = info.project.name;
  const field = storyField(project);

  await signInQuietly(page, storyAdmin(project), PASSWORD);
  await open("/fotoweb/views/admin/taxonomies");
  if (hasJs(info)) {
    // The project's select (issue 31, decision 094), named by its value and then its label.
    await page.getByRole("button", { name: "Choose a field Text field" }).click();
    await page.getByRole("option", { name: new RegExp(`^${field} \\(`) }).click();
  } else {
    const option = page.locator("select[name=field] option", { hasText: field });
    await page.locator("select[name=field]").selectOption((await option.getAttribute("value"))!);
  }
  await page.getByRole("textbox", { name: "Plural name" }).fill("Places");
  await page.getByRole("button", { name: "Create taxonomy" }).click();
  await expectToast(page, "Taxonomy created.");
  for (const term of [STORY_TERM, "Mountains"]) {
    await page.getByRole("link", { name: "Add item at the top level" }).click();
    const add = page.getByRole("form", { name: "Add item" });
    await add.getByRole("textbox", { name: "Label" }).fill(term);
    await add.getByRole("button", { name: "OK" }).click();
    await expectToast(page, `Added ${term}.`);
  }

  await page.context().clearCookies();
  await signInQuietly(page, storyEditor(project), PASSWORD);
  const archive = await archiveHref(page, storyArchive(project));
  const boat = await assetHref(page, archive, STORY_ASSETS.tagged);
  await open(`${boat}?edit=metadata`);
  const form = page.getByRole("form", { name: "Edit metadata" });
  const terms = form.getByRole("group", { name: field });
  await terms.getByRole("checkbox", { name: STORY_TERM }).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${field} saved.`);

  await page.context().clearCookies();
  await signInQuietly(page, storyVisitor(project), PASSWORD);
  await open(archive);
  await expect(page.getByTestId("asset-tile")).toHaveCount(2);
  const filter = page.getByTestId("taxonomy-filter");
  await expect(filter.getByRole("heading", { name: "Places" })).toBeVisible();
  await filter.getByRole("link", { name: STORY_TERM, exact: true }).click();
  await expect(page.getByTestId("narrowed-by")).toContainText(STORY_TERM);
  await expect(page.getByTestId("asset-tile")).toHaveCount(1);
  await expect(page.getByTestId("asset-tile")).toContainText(STORY_ASSETS.tagged);
});
