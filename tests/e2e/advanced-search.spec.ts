import type { Locator, Page, TestInfo } from "@playwright/test";
import { choose, expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";
import { PASSWORD } from "./users";

/*
 * The header's advanced search (spec 002): with JavaScript a popover, without it a page of its
 * own. Both land on the collection's URL with only the parameters that are set; the archive page
 * that reads them is tested with it, so these tests assert the URL, not results.
 */

const ARCHIVE_PAGE = "/fotoweb/archives/5000-Harbour/";

// A long form filled field by field, and axe over it (twice without JavaScript), outlast the
// suite's default on a busy 2-core machine.
test.describe.configure({ timeout: 45_000 });

/** Opens the advanced search from the header and returns the form's container. */
async function openAdvanced(page: Page, info: TestInfo): Promise<Locator> {
  const trigger = page.getByRole("banner").getByRole(hasJs(info) ? "button" : "link", {
    name: "Advanced search",
  });
  await trigger.click();
  if (hasJs(info)) {
    const dialog = page.getByRole("dialog", { name: "Advanced search" });
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await expect(page).toHaveURL(/\/fotoweb\/views\/advanced-search\?/);
  return page.getByRole("main");
}

/** Picks an option by label: react-aria's Select with JavaScript, the native select without. */
async function pick(page: Page, scope: Locator, info: TestInfo, label: string, option: string) {
  if (!hasJs(info)) {
    await scope.getByLabel(label, { exact: true }).selectOption({ label: option });
    return;
  }
  await scope.getByRole("button", { name: new RegExp(`${label}$`) }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function addCriterion(scope: Locator) {
  await scope.getByRole("button", { name: "Add criterion" }).click();
}

function paramsOf(page: Page) {
  return new URL(page.url()).searchParams;
}

test("searches with several fields and criteria, landing on the URL that holds them", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/archives/");
  const form = await openAdvanced(page, info);
  await pick(page, form, info, "Document type", "Image");
  await form.getByLabel("Search for text in all fields").fill("sunset");
  await pick(page, form, info, "Field 1", "Keywords");
  await form.getByLabel("Value 1").fill('New "York"');
  await addCriterion(form);
  await expect(form.getByLabel("Value 2")).toBeVisible();
  await pick(page, form, info, "Field 2", "Title");
  await form.getByLabel("Value 2").fill("pier");
  await form.getByText("File attributes").click();
  await form.getByLabel("File size from (MB)").fill("1.5");
  await form.getByLabel("File size to (MB)").fill("99999999");
  await form.getByLabel("Camera date from").fill("2020-01-01");
  await form.getByLabel("Camera date to").fill("2020-12-31");
  await form.getByText("Image attributes").click();
  await choose(form, "Portrait");
  await form.getByLabel("Pixel width from").fill("800");
  await form.getByRole("button", { name: "Search", exact: true }).click();

  await expect(page).toHaveURL(/^[^?]*\/fotoweb\/archives\/\?/);
  expect(Object.fromEntries(paramsOf(page))).toEqual({
    q: "sunset",
    dt: "image",
    o: "portrait",
    fsf: "1.5",
    fst: "2097151",
    pwf: "800",
    ctf: "2020-01-01",
    ctt: "2020-12-31",
    "criteria[0].field": "25",
    "criteria[0].value": 'New "York"',
    "criteria[1].field": "5",
    "criteria[1].value": "pier",
  });
});

test("shows the current search filled in, and searches the archive page it was opened on", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open(
    `${ARCHIVE_PAGE}?q=harbour&dt=document&fsf=2&criteria%5B0%5D.field=80&criteria%5B0%5D.value=Ann`,
  );
  const form = await openAdvanced(page, info);
  await expect(form.getByLabel("Search for text in all fields")).toHaveValue("harbour");
  await expect(form.getByLabel("Value 1")).toHaveValue("Ann");
  await expect(form.getByLabel("File size from (MB)")).toHaveValue("2");
  // Image attributes do not apply to documents.
  await expect(form.getByText("Image attributes")).toHaveCount(0);
  await form.getByLabel("Value 1").fill("Bo");
  await form.getByRole("button", { name: "Search", exact: true }).click();
  // The page was already this archive: wait for the new search, not just the path.
  await expect
    .poll(() => `${new URL(page.url()).pathname}?${paramsOf(page).toString()}`)
    .toBe(
      `${ARCHIVE_PAGE}?q=harbour&dt=document&fsf=2&criteria%5B0%5D.field=80&criteria%5B0%5D.value=Bo`,
    );
});

test("from above to is refused by the to field, with every other error at once", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/archives/");
  const form = await openAdvanced(page, info);
  await form.getByLabel("Value 1").fill("orphan");
  await form.getByText("File attributes").click();
  await form.getByLabel("File size from (MB)").fill("5");
  await form.getByLabel("File size to (MB)").fill("2");
  await form.getByLabel("Modified date from").fill("2021-01-01");
  await form.getByLabel("Modified date to").fill("2020-01-01");
  await form.getByText("Image attributes").click();
  await form.getByLabel("Pixel height from").fill("12px");

  const search = form.getByRole("button", { name: "Search", exact: true });
  if (hasJs(info)) {
    await search.click();
  } else {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/fotoweb/views/advanced-search?")),
      search.click(),
    ]);
    expect(response.status()).toBe(400);
  }
  const sizeTo = form.getByRole("textbox", { name: "File size to (MB)" });
  await expect(sizeTo).toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("File size to (MB) must not be less than the from value (5).");
  await expect(form.getByLabel("File size from (MB)")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form).toContainText("Modified date to must not be before the from date");
  await expect(form).toContainText("Pixel height from: enter a whole number of pixels");
  await expect(form).toContainText("Choose the field to search in for this value.");
  await expect(form.getByLabel("File size to (MB)")).toHaveValue("2");
  await expectAccessible(page, info, "advanced search with errors, light");
  expect(paramsOf(page).has("fst")).toBe(hasJs(info) ? false : true);
});

test("Enter in a field searches (it does not remove a row)", async ({ page, open }, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/archives/");
  const form = await openAdvanced(page, info);
  await pick(page, form, info, "Field 1", "City");
  await form.getByLabel("Value 1").fill("Oslo");
  await form.getByLabel("Search for text in all fields").fill("fjord");
  await form.getByLabel("Search for text in all fields").press("Enter");
  // The archive list, or the archive it sends a search with matches to.
  await expect(page).toHaveURL(/\/fotoweb\/archives\/(?:[^/?]+\/)?\?/);
  expect(paramsOf(page).toString()).toBe(
    "q=fjord&criteria%5B0%5D.field=90&criteria%5B0%5D.value=Oslo",
  );
});

test("rows are added and removed, and Clear empties the form", async ({ page, open }, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  // A search that matches nothing stays on the list (one with matches goes to its archive).
  await open("/fotoweb/archives/?q=xylophone&dt=image");
  const form = await openAdvanced(page, info);
  await form.getByLabel("Value 1").fill("first");
  await addCriterion(form);
  await form.getByLabel("Value 2").fill("second");
  await form.getByRole("button", { name: "Remove criterion 1" }).click();
  await expect(form.getByLabel("Value 2")).toHaveCount(0);
  await expect(form.getByLabel("Value 1")).toHaveValue("second");
  await form.getByRole(hasJs(info) ? "button" : "link", { name: "Clear" }).click();
  await expect(form.getByLabel("Search for text in all fields")).toHaveValue("");
  await expect(form.getByLabel("Value 1")).toHaveValue("");
});

test("is accessible", async ({ page, open }, info) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/archives/");
  const form = await openAdvanced(page, info);
  await form.getByText("File attributes").click();
  await form.getByText("Image attributes").click();
  await expectAccessible(page, info, "advanced search");
});

test("the page refuses a `to` outside the site's archives", async ({ page }) => {
  const response = await page.goto("/fotoweb/views/advanced-search?to=https://evil.example/");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("can only search in an archive");
});
