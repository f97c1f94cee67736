import type { Locator, Page } from "@playwright/test";
import { accessArchive, deskGroup, PASSWORD, projectUser, SMALL_ARCHIVE_PHOTOS } from "./users";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";

/*
 * The archive dialog (decision 038), JavaScript on and off, as a manager of archives who is not
 * the site owner (archivist-<project>): add an archive, give a group View and Preview and a user
 * EditText with a search filter, then sign in as each and see exactly that; errors by field.
 */

const NEW_PAGE = "/fotoweb/views/admin/archives/new";
/** The editor's search filter: the file names of half the seed's generated photographs. */
const FILTER = "fn:*light*";
const assetTiles = (page: Page) => page.getByTestId("asset-tile");
const collectionTile = (page: Page, name: string) =>
  page
    .getByTestId("collection-tile")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

/** Ticks a react-aria checkbox by its label, as a person does (the input itself is hidden). */
async function tick(scope: Locator, name: string) {
  const box = scope.getByRole("checkbox", { name, exact: true });
  await box.locator("xpath=ancestor::label[1]").click();
  await expect(box).toBeChecked();
}

async function addMember(page: Page, query: string, label: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Find people and groups").fill(query);
  await main.getByRole("button", { name: "Find people" }).click();
  const found = main.getByRole("list", { name: "People and groups found" });
  await expect(found).toBeVisible();
  await tick(found, label);
  await main.getByRole("button", { name: "Add selected" }).click();
  const member = `Member ${label.split(" (")[0]}`;
  await expect(main.getByRole("group", { name: member, exact: true })).toBeVisible();
}

async function showTab(page: Page, hasScript: boolean, name: string) {
  if (hasScript) await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
}

test("add an archive through the dialog", async ({ page, open }, info) => {
  const project = info.project.name;
  await signInQuietly(page, projectUser("archivist", project), PASSWORD);
  await open("/fotoweb/archives/");
  await page
    .getByTestId("add-archive-tile")
    .getByRole("link", { name: /Add archive/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Add archive" })).toBeVisible();
  await expect(page).toHaveTitle("Add archive | Arkiv");
  const main = page.getByRole("main");
  const name = `Dialog made ${project}`;
  await main.getByLabel("Name", { exact: true }).fill(name);
  await main.getByRole("textbox", { name: "Description" }).fill("Made in the end-to-end run");
  // Several taxonomy filter fields: the project's select with JavaScript, the browser's without.
  const filterFields = "Taxonomy filter fields";
  await tick(main, "Taxonomy filters");
  if (hasJs(info)) {
    await main.getByRole("button", { name: `None ${filterFields}` }).click();
    await page.getByRole("option", { name: "Keywords (25)" }).click();
    await page.getByRole("option", { name: "Title (5)" }).click();
    await page.keyboard.press("Escape");
  } else await main.getByLabel(filterFields).selectOption(["25", "5"]);
  // Uploads: sliders with JavaScript, number fields without.
  await showTab(page, hasJs(info), "Export/Import");
  await tick(main, "Resize images in the browser before upload");
  await tick(main, "Restrict image size");
  if (hasJs(info)) {
    await main.getByRole("slider", { name: "JPEG quality" }).focus();
    await page.keyboard.press("ArrowLeft");
    await main.getByRole("slider", { name: "Largest image" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(main.getByText("1.5 MB")).toBeVisible();
  } else {
    await main.getByLabel("JPEG quality").fill("79");
    await main.getByLabel("Largest image").fill("1536000");
  }
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, `${name} is created.`);
  await expect(page.getByRole("heading", { level: 1, name: "Archive details" })).toBeVisible();
  await expect(main.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(main.getByRole("textbox", { name: "Description" })).toHaveValue(
    "Made in the end-to-end run",
  );
  if (hasJs(info))
    await expect(main.getByRole("button", { name: new RegExp(`${filterFields}$`) })).toHaveText(
      /(Title \(5\) and Keywords \(25\)|Keywords \(25\) and Title \(5\))/,
    );
  else
    for (const id of ["5", "25"])
      await expect(main.getByLabel(filterFields).locator(`option[value="${id}"]`)).toHaveJSProperty(
        "selected",
        true,
      );
  const list = await readPlaywrightJson<{ data: Record<string, unknown>[] }>(
    await page.request.get("/fotoweb/api/config/archives", {
      headers: { accept: "application/json" },
    }),
  );
  expect(list.data.find((a) => a.Name === name)).toMatchObject({
    UploadEnableClientSideResize: true,
    UploadDefaultJpegQuality: 79,
    UploadRestrictImageSize: 1_536_000,
    UploadRestrictFileSize: 0,
  });
  const saved = list.data.find((a) => a.Name === name) as {
    NavigationPaneControl: { SearchTreeFields: number[] };
  };
  expect([...saved.NavigationPaneControl.SearchTreeFields].sort((a, b) => a - b)).toEqual([5, 25]);

  // Removing a member asks first with JavaScript; either way it is gone only once saved.
  await showTab(page, hasJs(info), "Access list");
  const everyone = main.getByRole("group", { name: "Member Everyone", exact: true });
  await everyone.getByRole("button", { name: "Remove Everyone" }).click();
  if (hasJs(info)) {
    const confirm = page.getByTestId("remove-member-dialog");
    await expect(confirm).toContainText("Remove Everyone?");
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  }
  await expect(everyone).toHaveCount(0);
  // Loaded again (a GET: without JavaScript the page on show answered a post), Everyone is back.
  await open(new URL(page.url()).pathname);
  await showTab(page, hasJs(info), "Access list");
  await expect(everyone).toHaveCount(1);
  await everyone.getByRole("button", { name: "Remove Everyone" }).click();
  if (hasJs(info))
    await page
      .getByTestId("remove-member-dialog")
      .getByRole("button", { name: "Remove", exact: true })
      .click();
  await expect(everyone).toHaveCount(0);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, `${name} is saved.`);
  await showTab(page, hasJs(info), "Access list");
  await expect(page.getByRole("main").getByRole("group", { name: "Member Everyone" })).toHaveCount(
    0,
  );
});

test("errors show by their fields, all at once", async ({ page, open }, info) => {
  const project = info.project.name;
  await signInQuietly(page, projectUser("archivist", project), PASSWORD);
  await open(NEW_PAGE);
  const main = page.getByRole("main");
  await main.getByLabel("Auto-search filter").fill("(unclosed");
  await main.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("error-summary")).toBeVisible();
  await expect(main.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByText("Enter a name for the archive.").first()).toBeVisible();
  await expect(main.getByText(/This search filter is not valid/).first()).toBeVisible();
  if (hasJs(info))
    await expect(page.getByRole("tab", { name: "General (has errors)" })).toBeVisible();
  // The value typed is kept.
  await expect(main.getByLabel("Auto-search filter")).toHaveValue("(unclosed");
});

test("after a failed save the summary takes focus and each entry leads to its field", async ({
  page,
  open,
}, info) => {
  const js = hasJs(info);
  await signInQuietly(page, projectUser("archivist", info.project.name), PASSWORD);
  await open(NEW_PAGE);
  const main = page.getByRole("main");
  // One error on General (no name), one on Export/Import (a profile set left unchosen).
  await showTab(page, js, "Export/Import");
  const processing = main.getByLabel("Processing", { exact: true });
  if (js) {
    // react-aria's trigger is named by its value, then its label.
    await main.getByRole("button", { name: /Processing$/ }).click();
    await page.getByRole("option", { name: "Let people choose from a profile set" }).click();
  } else await processing.selectOption({ label: "Let people choose from a profile set" });
  await main.getByRole("button", { name: "Save", exact: true }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Enter a name for the archive.");
  if (js) await expect(summary).toBeFocused();
  // Each entry names its field by the label beside it, never by the form's path for it.
  await expect(summary).toContainText("Name: Enter a name for the archive.");
  await expect(summary).toContainText(
    "Processing profile set: Choose the processing profile set people pick from.",
  );
  await expect(summary).not.toContainText("DownloadProcessing");
  const entry = summary
    .getByRole("listitem")
    .filter({ hasText: "Choose the processing profile set people pick from." })
    .getByRole("link");
  if (js) {
    // The dialog reopens on General, the first tab with an error; the entry switches tabs.
    await expect(page.getByRole("tab", { name: /^General/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await entry.click();
    await expect(page.getByRole("tab", { name: /^Export\/Import/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(main.getByRole("button", { name: /Processing profile set/ })).toBeFocused();
  } else {
    // Every section is on the page; the entry jumps to the one holding the field.
    await expect(entry).toHaveAttribute("href", "#archive-export");
    await entry.click();
    await expect(page).toHaveURL(/#archive-export$/);
    await expect(main.getByRole("heading", { name: "Export/Import", level: 2 })).toBeInViewport();
  }
  // The field shows its message beside it too (after the summary's copy).
  await expect(
    main.getByText("Choose the processing profile set people pick from.").nth(1),
  ).toBeVisible();
  await expectAccessible(page, info, "archive dialog with errors on two tabs");
});

test("a group given View and Preview and a user given EditText with a filter see exactly that", async ({
  page,
  open,
}, info) => {
  const project = info.project.name;
  const archive = accessArchive(project);
  const script = hasJs(info);
  await signInQuietly(page, projectUser("archivist", project), PASSWORD);
  // Holding manageArchives is no membership: the archive is reached through the configuration.
  const list = await readPlaywrightJson<{ data: { Id: number; Name: string }[] }>(
    await page.request.get("/fotoweb/api/config/archives", {
      headers: { accept: "application/json" },
    }),
  );
  const id = list.data.find((a) => a.Name === archive)!.Id;
  await open(`/fotoweb/views/admin/archives/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Archive details" })).toBeVisible();
  await showTab(page, script, "Access list");
  await addMember(page, deskGroup(project), `${deskGroup(project)} (group)`);
  await showTab(page, script, "Access list");
  await addMember(page, `Editor ${project}`, `Editor ${project} (editor-${project}) (user)`);
  await showTab(page, script, "Access list");
  const editor = page.getByRole("group", { name: `Member Editor ${project}`, exact: true });
  await tick(editor, "Edit metadata");
  await editor.getByLabel(/^Search filter of/).fill(FILTER);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, `${archive} is saved.`);

  await page.context().clearCookies();
  await signInQuietly(page, projectUser("desk", project), PASSWORD);
  await open("/fotoweb/archives/");
  await collectionTile(page, archive).getByRole("link", { name: archive, exact: true }).click();
  await expect(assetTiles(page)).toHaveCount(SMALL_ARCHIVE_PHOTOS);
  await expect(page.getByRole("link", { name: "Archive details" })).toHaveCount(0);
  // What the editor's filter lets through, found by the desk member who sees everything.
  const archiveUrl = new URL(page.url()).pathname;
  await open(`${archiveUrl}?q=${encodeURIComponent(FILTER)}`);
  await expect(assetTiles(page).first()).toBeVisible();
  const matching = await assetTiles(page).count();
  expect(matching).toBeLessThan(SMALL_ARCHIVE_PHOTOS);

  await page.context().clearCookies();
  await signInQuietly(page, projectUser("editor", project), PASSWORD);
  await open("/fotoweb/archives/");
  await expect(collectionTile(page, archive)).toHaveCount(1);
  await open(archiveUrl);
  await expect(assetTiles(page)).toHaveCount(matching);
});

test("axe: the dialog's pages", async ({ page, open }, info) => {
  const project = info.project.name;
  await signInQuietly(page, projectUser("archivist", project), PASSWORD);
  await open(NEW_PAGE);
  await expectAccessible(page, info, "add archive");
  if (hasJs(info)) {
    await page.getByRole("button", { name: /Taxonomy filter fields$/ }).click();
    await expect(page.getByRole("listbox")).toBeVisible();
    await expectAccessible(page, info, "add archive, the taxonomy filter fields open");
  }
});
