import { expect, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { pathArchiveId } from "./path-archives";
import { ADMIN, PATH_ARCHIVE } from "./users";

/*
 * Path archives (decision 042), JavaScript on and off: the index browser page (folders as
 * links), its modal with JavaScript, and the scan on demand.
 */

test.beforeEach(async ({ page }) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
});

test("the index browser page walks from the roots to a folder's path", async ({ page, open }) => {
  await open("/fotoweb/views/admin/index-browser");
  const folders = page.getByRole("navigation", { name: "Folders" });
  await folders.getByRole("link", { name: "roots", exact: true }).click();
  await folders.getByRole("link", { name: "library", exact: true }).click();
  await expect(folders.getByRole("link", { name: "2024", exact: true })).toBeVisible();
  await folders.getByRole("link", { name: "2024", exact: true }).click();
  await expect(page.getByText(/Path to give the archive: .*\/library\/2024$/)).toBeVisible();
  await expect(folders.getByRole("link", { name: "Lofoten", exact: true })).toBeVisible();
  // Up again, and a folder outside the roots is refused with the reason.
  await folders.getByRole("link", { name: "Folder above" }).click();
  await expect(folders.getByRole("link", { name: "2025", exact: true })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("search").getByLabel("Folder").fill("/etc");
  await main.getByRole("search").getByRole("button", { name: "Open" }).click();
  await expect(main.getByRole("alert")).toContainText("outside the folders archives may index");
});

test("the index browser modal: search, select a row, OK", async ({ page, open }, info) => {
  test.skip(!hasJs(info), "the modal needs JavaScript; without it the page's links are the way");
  await open("/fotoweb/views/admin/index-browser");
  await page.getByRole("button", { name: "Browse folders" }).click();
  const dialog = page.getByTestId("index-browser");
  await expect(dialog.getByRole("heading", { name: "Browse folders" })).toBeVisible();
  const grid = dialog.getByRole("grid", { name: "Folders" });
  const rootRow = grid.getByRole("row").filter({ hasText: "roots" });
  await expect(rootRow).toBeVisible();
  const ok = dialog.getByRole("button", { name: "OK" });
  await expect(ok).toBeDisabled();
  const root = (await rootRow.getByRole("gridcell").textContent())!;
  await dialog.getByRole("combobox", { name: "Folder" }).fill(`${root}/library`);
  await dialog.getByRole("button", { name: "Search" }).click();
  await grid.getByRole("row").filter({ hasText: "2025" }).click();
  await expect(ok).toBeEnabled();
  // The switch warns; the search remembers what was searched.
  await dialog.getByText("Allow insecure connections").click();
  await expect(dialog.getByText("Connections are not secure")).toBeVisible();
  await ok.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/index-browser\?path=.*library%2F2025$/);
  expect(await page.evaluate(() => localStorage.getItem("arkiv.indexBrowser.history"))).toContain(
    "/library",
  );
});

test("the scan page queues a scan with its button and shows the last one", async ({
  page,
  open,
}) => {
  const id = await pathArchiveId(page);
  await open(`/fotoweb/views/admin/archives/${id}/scan`);
  await expect(page.getByRole("heading", { name: `Scan “${PATH_ARCHIVE}”` })).toBeVisible();
  await expect(page.getByText(/\/library$/)).toBeVisible();
  await page.getByRole("button", { name: "Scan now" }).click();
  await expectToast(page, `A scan of "${PATH_ARCHIVE}" is queued`);
  await expect(page).toHaveURL(new RegExp(`/admin/archives/${id}/scan$`));
  // The server's worker runs it; the page shows its outcome once it finished.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^Finished /)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(/^\d+ unchanged$/)).toBeVisible();
});
