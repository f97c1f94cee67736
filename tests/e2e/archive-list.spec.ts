import type { Page } from "@playwright/test";
import { ADMIN, DOOMED_PHOTOS, listArchive } from "./users";
import { expect, expectToast, hasJs, signInQuietly, test } from "./fixtures";

/*
 * The administrator's archive list and the trash can (decision 043), JavaScript on and off: hide
 * and show, move up and down (drag and drop with JavaScript), delete after a confirmation (an alert
 * dialog, or the confirmation page), restore from the trash can. Each project has its own archives.
 */

const LIST = "/fotoweb/views/admin/archives";
const TRASH = "/fotoweb/views/admin/trash";

async function order(page: Page): Promise<string[]> {
  return page
    .getByRole("row")
    .locator("a[href^='/fotoweb/views/admin/archives/']")
    .allTextContents();
}

/** How many rows after `first` `second` stands (1: right after it; -1: right before it). */
async function gap(page: Page, first: string, second: string): Promise<number> {
  const names = await order(page);
  return names.indexOf(second) - names.indexOf(first);
}

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

test("reorder: move down, then back (drag and drop with JavaScript)", async ({ page, open }) => {
  const project = test.info().project.name;
  const first = listArchive(project, "pair 1");
  const second = listArchive(project, "pair 2");
  await open(LIST);
  const before = await order(page);
  expect(before.indexOf(second)).toBe(before.indexOf(first) + 1);
  await page.getByRole("button", { name: `Move down: ${first}` }).click();
  // Positions are site-wide and the other project's specs add, move and delete archives at the
  // same time: only the pair's own order is this test's to assert.
  await expectToast(page, new RegExp(`${first} is now number \\d+\\.`));
  await expect.poll(() => gap(page, first, second)).toBe(-1);

  if (hasJs(test.info())) {
    // The row is draggable (its Drag button serves the keyboard and screen readers).
    const dragged = page.getByRole("row").filter({ hasText: first });
    const target = page.getByRole("row").filter({ hasText: second });
    // On a loaded machine Chromium sometimes drops a native drag whose moves come too fast (seen
    // in CI, twice in a row). Dropping before the neighbour again is harmless, so the drag is
    // repeated until the order shows it or the time is up.
    await expect(async () => {
      if ((await gap(page, first, second)) !== 1)
        await dragged.dragTo(target, { targetPosition: { x: 40, y: 2 }, steps: 8 });
      expect(await gap(page, first, second)).toBe(1);
    }).toPass({ timeout: 30_000 });
  } else {
    await page.getByRole("button", { name: `Move up: ${first}` }).click();
  }
  await expect.poll(() => gap(page, first, second)).toBe(1);
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
