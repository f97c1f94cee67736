import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import {
  TAXONOMY_ADMIN_DARK,
  TAXONOMY_ADMIN_LIGHT,
  TAXONOMY_ADMIN_SEEDED,
  taxonomyAdminField,
  taxonomyAdminUser,
  windName,
} from "./taxonomy-admin";
import { PASSWORD } from "./users";

/*
 * The taxonomy administration (decision 059) with JavaScript on and off: an administrator builds
 * a keyword taxonomy (create, add a root item and a child, edit, search, delete, import a CSV),
 * the keyboard moves through the tree (JavaScript), and axe checks both pages in both themes.
 */

const LIST = "/fotoweb/views/admin/taxonomies";

async function openSeeded(page: Page, open: (url: string) => Promise<void>) {
  await open(LIST);
  await page.getByRole("link", { name: TAXONOMY_ADMIN_SEEDED.plural, exact: true }).click();
  await expect(page.getByRole("heading", { name: TAXONOMY_ADMIN_SEEDED.plural })).toBeVisible();
}

test("an administrator builds a keyword taxonomy", async ({ page, open }, info: TestInfo) => {
  const project = info.project.name;
  await signInQuietly(page, taxonomyAdminUser(project), PASSWORD);
  await open(LIST);
  if (hasJs(info)) {
    // The project's select (issue 31), named as react-aria names it: its value, then its label.
    await expect(page.locator("select[name=field]")).toHaveCount(0);
    await page.getByRole("button", { name: "Choose a field Text field" }).click();
    await page
      .getByRole("option", { name: new RegExp(`^${taxonomyAdminField(project)} \\(`) })
      .click();
  } else {
    const option = page.locator("select[name=field] option", {
      hasText: taxonomyAdminField(project),
    });
    await page.locator("select[name=field]").selectOption((await option.getAttribute("value"))!);
  }
  await page.getByRole("textbox", { name: "Plural name" }).fill(`Keywords ${project}`);
  await page.getByRole("button", { name: "Create taxonomy" }).click();
  await expectToast(page, "Taxonomy created.");
  await expect(page.getByRole("heading", { name: `Keywords ${project}` })).toBeVisible();

  await page.getByRole("link", { name: "Add item at the top level" }).click();
  const add = page.getByRole("form", { name: "Add item" });
  await add.getByRole("textbox", { name: "Label" }).fill("Nature");
  if (hasJs(info)) await expect(add.getByRole("textbox", { name: "Value" })).toHaveValue("Nature");
  await add.getByRole("button", { name: "OK" }).click();
  await expectToast(page, "Added Nature.");

  await page.getByRole("link", { name: "Add child to Nature" }).click();
  const child = page.getByRole("form", { name: "Add item" });
  await child.getByRole("textbox", { name: "Label" }).fill("Trees");
  await child.getByRole("textbox", { name: "Label" }).press("Enter");
  await expectToast(page, "Added Trees.");
  await expect(page.getByRole("link", { name: "Trees", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Trees", exact: true }).click();
  const edit = page.getByRole("form", { name: "Edit Trees" });
  if (hasJs(info)) {
    // OK waits for a change; Escape cancels.
    await expect(edit.getByRole("button", { name: "OK" })).toBeDisabled();
    await edit.getByRole("textbox", { name: "Label" }).press("Escape");
    await expect(edit).toBeHidden();
    await page.getByRole("link", { name: "Trees", exact: true }).click();
  }
  await page
    .getByRole("form", { name: "Edit Trees" })
    .getByRole("textbox", { name: "Label" })
    .fill("Forest trees");
  if (hasJs(info))
    await expect(
      page.getByRole("form", { name: "Edit Trees" }).getByRole("textbox", { name: "Value" }),
    ).toHaveValue("Forest trees");
  await page.getByRole("form", { name: "Edit Trees" }).getByRole("button", { name: "OK" }).click();
  await expectToast(page, "Item saved.");

  const search = page.getByRole("searchbox", { name: "Search items" });
  await search.fill("forest");
  await page.getByRole("button", { name: "Search tree" }).click();
  await expect(page.getByRole("list", { name: "Search results" })).toContainText("Forest trees");
  await page.getByRole("searchbox", { name: "Search items" }).fill('"forest');
  if (!hasJs(info)) await page.getByRole("button", { name: "Search tree" }).click();
  await expect(page.getByText("Malformed search")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search items" }).fill("");
  await page.getByRole("button", { name: "Search tree" }).click();
  await expect(page.getByRole("link", { name: "Nature", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Delete Nature" }).click();
  await page
    .getByRole("form", { name: "Delete Nature" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expectToast(page, "Deleted 2 items.");
  await expect(page.getByText("This taxonomy has no items yet.")).toBeVisible();

  await page.locator("input[type=file][name=file]").setInputFiles({
    name: "keywords.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("path,name,value\n,Sea,\nSea,<b>Waves</b>,waves\n,Lakes,\n"),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expectToast(page, "Imported: 3 added, 0 updated.");
  await expect(page.getByRole("link", { name: "Sea", exact: true })).toBeVisible();

  // Lakes goes under Sea, chosen in the project's select or, without JavaScript, the browser's.
  await page.getByRole("link", { name: "Move Lakes" }).click();
  const move = page.getByRole("form", { name: "Move Lakes" });
  if (hasJs(info)) {
    await move.getByRole("button", { name: "(the top level) Move Lakes under" }).click();
    await page.getByRole("option", { name: "Sea", exact: true }).click();
    await expect(move.getByRole("button", { name: "Sea Move Lakes under" })).toBeFocused();
  } else await move.getByLabel("Move Lakes under").selectOption({ label: "Sea" });
  await move.getByRole("button", { name: "Move", exact: true }).click();
  await expectToast(page, "Item moved.");
  await expect(
    page.getByRole("list", { name: "Under Sea" }).getByRole("link", { name: "Lakes", exact: true }),
  ).toBeVisible();
});

test("the list offers the built-in Keywords field for a taxonomy (issue 31)", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, taxonomyAdminUser(info.project.name), PASSWORD);
  await open(LIST);
  if (hasJs(info)) {
    await page.getByRole("button", { name: "Choose a field Text field" }).click();
    await expect(page.getByRole("option", { name: "Keywords (25)" })).toBeVisible();
    await expect(page.getByRole("option", { name: "Title (5)" })).toHaveCount(1);
    await page.keyboard.press("Escape");
  } else {
    const field = page.locator("select[name=field]");
    await expect(field.locator("option", { hasText: "Keywords (25)" })).toHaveAttribute(
      "value",
      "25",
    );
    await expect(field.locator("option", { hasText: "Title (5)" })).toHaveCount(1);
  }
  await expect(page.getByText("has a taxonomy already")).toHaveCount(0);
  // No field chosen: the message stands by the select, which says what it is about.
  await page.getByRole("textbox", { name: "Plural name" }).fill("Unsaved");
  await page.getByRole("button", { name: "Create taxonomy" }).click();
  const select = hasJs(info)
    ? page.getByRole("button", { name: "Choose a field Text field" })
    : page.getByLabel("Text field");
  await expect(select).toHaveAccessibleDescription("Choose a text field.");
});

test("the keyboard moves through the tree", async ({ page, open }, info) => {
  test.skip(!hasJs(info), "arrow keys need JavaScript; without it the links are tabbed through");
  await signInQuietly(page, taxonomyAdminUser(info.project.name), PASSWORD);
  await openSeeded(page, open);
  const label = (name: string) => page.getByRole("link", { name, exact: true });
  await label("Animals").focus();
  await page.keyboard.press("ArrowDown");
  await expect(label("Plants")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(label("Animals")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(label("Birds")).toBeVisible();
  // Opened in place from the JSON API: the address keeps no ?open=.
  expect(page.url()).not.toContain("open=");
  await label("Animals").focus();
  await page.keyboard.press("ArrowRight");
  await expect(label("Birds")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(label("Animals")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("form", { name: "Edit Animals" })).toBeVisible();
});

test("a level longer than a page shows the rest on request", async ({ page, open }, info) => {
  await signInQuietly(page, taxonomyAdminUser(info.project.name), PASSWORD);
  await openSeeded(page, open);
  const label = (name: string) => page.getByRole("link", { name, exact: true });
  await page.getByRole("link", { name: "Open Weather" }).click();
  await expect(label(windName(99))).toBeVisible();
  await expect(label(windName(100))).toHaveCount(0);
  // With JavaScript the level came from the API and pages on through it; without, the page
  // comes back with the whole level.
  if (hasJs(info)) await page.getByRole("button", { name: "Show more under Weather" }).click();
  else await page.getByRole("link", { name: "Show 5 more under Weather" }).click();
  await expect(label(windName(104))).toBeVisible();
  await expect(label(windName(0))).toBeVisible();
});

for (const [theme, user] of [
  ["light", TAXONOMY_ADMIN_LIGHT],
  ["dark", TAXONOMY_ADMIN_DARK],
] as const) {
  test(`taxonomy pages are accessible (${theme})`, async ({ page, open }, info) => {
    await signInQuietly(page, user, PASSWORD);
    await open(LIST);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await expectAccessible(page, info, `taxonomies list (${theme})`);
    await openSeeded(page, open);
    await expectAccessible(page, info, `taxonomy tree (${theme})`);
    await page.getByRole("link", { name: "Animals", exact: true }).click();
    await expect(page.getByRole("form", { name: "Edit Animals" })).toBeVisible();
    await expectAccessible(page, info, `taxonomy item form (${theme})`);
    await page.getByRole("link", { name: "Move Plants" }).click();
    const move = page.getByRole("form", { name: "Move Plants" });
    await expect(move).toBeVisible();
    await expectAccessible(page, info, `taxonomy move form (${theme})`, { served: true });
    if (hasJs(info)) {
      await move.getByRole("button", { name: /Move Plants under$/ }).click();
      await expect(page.getByRole("listbox")).toBeVisible();
      await expectAccessible(page, info, `taxonomy move form, its select open (${theme})`);
    }
  });
}
