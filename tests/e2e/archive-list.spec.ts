import { ADMIN, DOOMED_PHOTOS, listArchive } from "./users";
import { expect, expectToast, hasJs, signInQuietly, test } from "./fixtures";

/*
 * The administrator's archive list and the trash can (decision 043), JavaScript on and off: hide
 * and show, delete after a confirmation (an alert dialog, or the confirmation page), restore from
 * the trash can. Each project has its own archives. Moving archives is archive-order.spec.ts.
 */

const LIST = "/fotoweb/views/admin/archives";
const TRASH = "/fotoweb/views/admin/trash";

test.beforeEach(async ({ page }) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
});

test("hide and show an archive", async ({ page, open }) => {
  const name = listArchive(test.info().project.name, "hidden");
  await open(LIST);
  const row = page.getByRole("row").filter({ hasText: name });
  await page.getByRole("button", { name: `Hide: ${name}` }).click();
  await expectToast(page, `${name} is hidden.`);
  await expect(row).toContainText("Hidden");
  await page.getByRole("button", { name: `Show: ${name}` }).click();
  await expectToast(page, `${name} is shown.`);
  await expect(row).toContainText("Enabled");
});

test("delete asks first, then the trash can restores the archive", async ({ page, open }) => {
  const name = listArchive(test.info().project.name, "doomed");
  await open(LIST);
  await page.getByRole("link", { name: `Delete: ${name}` }).click();
  const question = `It holds ${DOOMED_PHOTOS} assets`;
  if (hasJs(test.info())) {
    const dialog = page.getByRole("alertdialog", { name: `Delete ${name}` });
    await expect(dialog).toContainText(question);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole("link", { name: `Delete: ${name}` }).click();
    await dialog.getByRole("button", { name: "Move to the trash can" }).click();
  } else {
    await expect(page).toHaveURL(/\?delete=\d+$/);
    const form = page.getByRole("form", { name: `Delete ${name}` });
    await expect(form).toContainText(question);
    await form.getByRole("button", { name: "Move to the trash can" }).click();
  }
  await expectToast(page, `${name} with ${DOOMED_PHOTOS} assets is in the trash can`);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  await open(TRASH);
  const entry = page.getByRole("row").filter({ hasText: `Archive ${name}` });
  await expect(entry).toContainText(String(DOOMED_PHOTOS));
  await entry.getByRole("button", { name: `Restore: Archive ${name}` }).click();
  await expectToast(page, `${name} is restored with ${DOOMED_PHOTOS} assets.`);
  await open(LIST);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(
    `${DOOMED_PHOTOS} assets`,
  );
});
