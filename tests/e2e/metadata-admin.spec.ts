import type { Page } from "@playwright/test";
import { ADMIN } from "./users";
import { expect, expectToast, hasJs, signInQuietly, test } from "./fixtures";

/*
 * The metadata administration (decision 041), JavaScript on and off: an administrator makes a
 * custom field, adds it to a new metadata view (with the field picker, or without JavaScript by
 * ticking it in the region's list), sees it on the view's editor page, and deletes the view;
 * every error of a view shows at once by its field. Each project makes its own field and view.
 */

const ADMIN_PATH = "/fotoweb/views/admin/metadata";

async function createField(page: Page, open: (url: string) => Promise<void>, label: string) {
  await open(`${ADMIN_PATH}/fields/new`);
  const form = page.getByRole("form", { name: "New metadata field" });
  await form.getByLabel("Label").fill(label);
  await form.getByLabel("Group").fill("Newsroom");
  await form.getByRole("button", { name: "Create field" }).click();
  await expectToast(page, `The field ${label}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(label);
}

test("a custom field goes into a new view and shows on its editor page", async ({
  page,
  open,
}, info) => {
  // A retry makes its own field and view: the first attempt's may already exist.
  const project = `${info.project.name}${info.retry || ""}`;
  const label = `Assignment ${project}`;
  const viewName = `Desk view ${project}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await createField(page, open, label);

  await open(`${ADMIN_PATH}?q=${encodeURIComponent(label)}`);
  await expect(page.getByRole("rowheader", { name: label })).toBeVisible();

  await open(`${ADMIN_PATH}/views/new`);
  const form = page.getByRole("form", { name: "New metadata view" });
  await form.getByLabel("Name", { exact: true }).fill(viewName);
  await form.getByLabel("Id (optional)").fill(`desk-${project}`);
  await form.getByRole("button", { name: "Add region" }).click();
  await form.getByLabel("Region 1 name").fill("Story");

  if (hasJs(info)) {
    // The picker: Tags offers only multi-value text fields.
    await form.getByRole("button", { name: "Choose the tags field" }).click();
    const tags = page.getByRole("dialog", { name: "Choose the tags field" });
    await expect(tags.getByRole("rowheader", { name: "Keywords" })).toBeVisible();
    await expect(tags.getByRole("rowheader", { name: "Title", exact: true })).toHaveCount(0);
    await tags.getByRole("button", { name: "Cancel" }).click();

    await form.getByRole("button", { name: "Add fields to region 1" }).click();
    const picker = page.getByRole("dialog", { name: "Add fields to region 1" });
    // The type filter: only the date fields are left.
    await picker.getByRole("button", { name: /Field type/ }).click();
    await page.getByRole("option", { name: "Date" }).click();
    await expect(picker.getByRole("rowheader")).toHaveText(["Date created"]);
    await picker.getByRole("button", { name: /Field type/ }).click();
    await page.getByRole("option", { name: "All types" }).click();
    await picker.getByLabel("Search fields").fill(label);
    await expect(picker.getByRole("row")).toHaveCount(2);
    await picker.getByRole("row", { name: new RegExp(label) }).click();
    await picker.getByRole("button", { name: "OK" }).click();
    await expect(picker).toBeHidden();
  } else {
    await form.getByText("Add fields to region 1").click();
    // The native box is visually hidden inside its label, which takes the pointer.
    const box = form.getByRole("checkbox", { name: new RegExp(`^${label} \\(Custom`) });
    await box.locator("xpath=ancestor::label[1]").click();
    await expect(box).toBeChecked();
  }
  await expect(form.getByLabel("Region 1 name")).toHaveValue("Story");
  await form.getByRole("button", { name: "Create view" }).click();
  await expectToast(page, `The metadata view ${viewName} is saved.`);
  await expect(page.getByRole("table", { name: "Fields of region 1" })).toContainText(label);

  await open(`/fotoweb/editors/desk-${project}`);
  const story = page.getByRole("region", { name: "Story", exact: true });
  await expect(story.getByRole("rowheader")).toHaveText([label]);

  await open(`${ADMIN_PATH}/views/desk-${project}`);
  await page.getByText("Delete this view").click();
  await page.getByRole("button", { name: "Delete view" }).click();
  await expectToast(page, `The metadata view ${viewName} is deleted.`);
});

test("a view's errors show at once by their fields", async ({ page, open }) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(`${ADMIN_PATH}/views/new`);
  const form = page.getByRole("form", { name: "New metadata view" });
  await form.getByRole("button", { name: "Add region" }).click();
  await form.getByRole("button", { name: "Add region" }).click();
  await form.getByLabel("Region 1 name").fill("Same");
  await form.getByLabel("Region 2 name").fill("same");
  await form.getByRole("button", { name: "Create view" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Enter a name");
  await expect(form.getByLabel("Region 2 name")).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText('Another region is already named "same"');
});

test("a built-in field is read-only; an unused custom field is deleted", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(`${ADMIN_PATH}/fields/25`);
  await expect(page.getByText("A built-in field: it cannot be changed or removed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete field" })).toHaveCount(0);
  const label = `Kept ${info.project.name}`;
  await createField(page, open, label);
  await page.getByText("Delete this field").click();
  await page.getByRole("button", { name: "Delete field" }).click();
  await expectToast(page, `The field ${label}`);
  await expect(page).toHaveURL(new RegExp(`${ADMIN_PATH}$`));
});

test("a dropdown field keeps its values as rows", async ({ page, open }, info) => {
  const label = `Desk choice ${info.project.name}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(`${ADMIN_PATH}/fields/new`);
  const form = page.getByRole("form", { name: "New metadata field" });
  await form.getByLabel("Label").fill(label);
  if (!hasJs(info)) await form.getByLabel("Data type").selectOption("dropdown");
  else {
    await form.getByRole("button", { name: /Data type/ }).click();
    await page.getByRole("option", { name: "Dropdown", exact: true }).click();
    await form.getByRole("button", { name: "Add value" }).click();
    await form.getByRole("button", { name: "Add value" }).click();
  }
  await form.getByLabel("Value 1", { exact: true }).fill("News");
  await form.getByLabel("Value 2", { exact: true }).fill("Sport");
  await form.getByLabel("Description 2").fill("Results and fixtures");
  await form.getByRole("button", { name: "Create field" }).click();
  await expectToast(page, `The field ${label}`);
  await expect(page.getByLabel("Value 1", { exact: true })).toHaveValue("News");
  await expect(page.getByLabel("Description 2")).toHaveValue("Results and fixtures");
  await page.getByText("Delete this field").click();
  await page.getByRole("button", { name: "Delete field" }).click();
  await expectToast(page, `The field ${label}`);
});

test("regions move and fields leave a view, then it is saved", async ({ page, open }, info) => {
  const id = `order-${info.project.name}${info.retry || ""}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const made = await page.request.post(`${ADMIN_PATH}/views/new`, {
    form: {
      intent: "save",
      Id: id,
      Name: `Order ${info.project.name}`,
      "BuiltinFields.Title.Field": "5",
      "BuiltinFields.Description.Field": "120",
      "BuiltinFields.Tags.Field": "25",
      "BuiltinFields.Status.Field": "250",
      "BuiltinFields.Rating.Field": "251",
      "BuiltinFields.Notes.Field": "230",
      "DetailRegions[0].Name": "First",
      "DetailRegions[0].Fields[0].Field": "90",
      "DetailRegions[0].Fields[1].Field": "92",
      "DetailRegions[1].Name": "Second",
      "DetailRegions[1].Fields[0].Field": "101",
    },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);
  await open(`${ADMIN_PATH}/views/${id}`);
  const form = page.getByRole("form", { name: "Metadata view" });
  await form.getByRole("button", { name: "Move region 2 up" }).click();
  await expect(form.getByLabel("Region 1 name")).toHaveValue("Second");
  await form.getByRole("button", { name: "Remove City from region 2" }).click();
  await expect(form.getByRole("table", { name: "Fields of region 2" })).not.toContainText("City");
  await form.getByRole("button", { name: "Save view" }).click();
  await expectToast(page, "is saved.");
  await open(`/fotoweb/editors/${id}`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "Builtin fields",
    "Second",
    "First",
  ]);
  await expect(
    page.getByRole("region", { name: "First", exact: true }).getByRole("rowheader"),
  ).toHaveText(["Sublocation"]);
});

test("the field list's filters choose a type and keep it", async ({ page, open }, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(ADMIN_PATH);
  const filter = page.getByRole("form", { name: "Filter fields" });
  if (hasJs(info)) {
    // The project's own select, its code loaded on the first press (issue 31).
    await expect(filter.locator("select")).toHaveCount(0);
    await filter.getByRole("button", { name: /Type/ }).click();
    await page.getByRole("option", { name: "Date", exact: true }).click();
  } else await filter.getByLabel("Type").selectOption("Date");
  await filter.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]type=Date/);
  await expect(page.getByRole("rowheader", { name: /^Date created/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Title", exact: true })).toHaveCount(0);
  if (hasJs(info))
    await expect(filter.getByRole("button", { name: /Type/ })).toHaveAccessibleName("Date Type");
  else await expect(filter.getByLabel("Type")).toHaveValue("Date");
});
