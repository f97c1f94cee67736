import { seededAssets, type SeededAsset } from "./assets";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { PASSWORD, projectUser, revisionsArchive, REVISION_TITLES } from "./users";

/*
 * An asset's revisions (decision 049), with JavaScript on and off, each project on its own
 * archive and user: the list newest first (on the asset page with JavaScript, on the revisions
 * page in both), rollback, delete and compare. The seed made revisions 1 to 3; the tests run in
 * order and each starts from what the one before left.
 */

test.describe.configure({ mode: "serial", timeout: 45_000 });

let asset: SeededAsset;
let revisions: string;

test.beforeAll(async ({ baseURL }, info) => {
  test.setTimeout(120_000);
  asset = (await seededAssets(baseURL!, revisionsArchive(info.project.name), 1))[0]!;
  revisions = `${asset.href}/__revisions/`;
});

test.beforeEach(async ({ page }, info) => {
  await signInQuietly(page, projectUser("revisions", info.project.name), PASSWORD);
});

const rows = (page: import("@playwright/test").Page) => page.getByTestId("revision-row");

async function numbers(page: import("@playwright/test").Page) {
  return (
    await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-number")))
  ).map(Number);
}

test("the asset page has a Revisions section; the list is newest first", async ({
  page,
  open,
}, info) => {
  await open(asset.href);
  const section = page.getByRole("region", { name: "Revisions" });
  await expect(section).toBeVisible();
  if (hasJs(info)) {
    // Loaded by the fetcher: the table is right there.
    await expect(section.getByTestId("revision-row")).toHaveCount(3);
  } else {
    await expect(section.getByText("3 revisions.")).toBeVisible();
  }
  await section.getByRole("link", { name: "Open the revision history" }).click();
  await expect(page).toHaveURL(revisions);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(REVISION_TITLES[1]);
  await expect.poll(() => numbers(page)).toEqual([3, 2, 1]);
  await expect(rows(page).first()).toContainText("Current");
  await expect(rows(page).first()).toContainText(`Title: ${REVISION_TITLES[1]}`);
});

test("rollback makes a new revision that is current", async ({ page, open }) => {
  await open(revisions);
  await page.getByRole("button", { name: "Rollback to revision 2 as a new revision" }).click();
  await expectToast(page, /restored/);
  await expect.poll(() => numbers(page)).toEqual([4, 3, 2, 1]);
  await expect(rows(page).first()).toContainText("Rollback");
  await expect(rows(page).first()).toContainText("Current");
  // The asset shows the restored title.
  await open(asset.href);
  await expect(page.getByRole("heading", { level: 1, name: REVISION_TITLES[0] })).toBeVisible();
});

test("delete removes an earlier revision; the current one offers no delete", async ({
  page,
  open,
}) => {
  await open(revisions);
  await expect(page.getByRole("button", { name: "Delete revision 4" })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete revision 3" }).click();
  await expectToast(page, /deleted/);
  await expect.poll(() => numbers(page)).toEqual([4, 2, 1]);
  await open(revisions);
  await expect.poll(() => numbers(page)).toEqual([4, 2, 1]);
});

test("compare shows two revisions side by side with the fields that differ", async ({
  page,
  open,
}) => {
  await open(revisions);
  for (const n of [1, 4]) {
    const box = page.getByRole("checkbox", { name: `Compare revision ${n}` });
    await box.locator("xpath=ancestor::label[1]").click();
    await expect(box).toBeChecked();
  }
  await page.getByRole("button", { name: "Compare the two ticked revisions" }).click();
  await expect(page).toHaveURL(`${revisions}compare?left=1&right=4`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Revisions 1 and 4 of");
  const title = page.getByTestId("compare-field").filter({ hasText: "Title" });
  await expect(title).toContainText("Changed");
  await expect(title).toContainText(REVISION_TITLES[0]);
  await expect(page.getByTestId("compare-field").filter({ hasText: "File name" })).toContainText(
    "Same",
  );
  // Same file: no pixel differs; both previews and the difference image are there.
  await expect(page.getByTestId("compare-pixels")).toContainText("0.00% of the pixels differ");
  await expect(page.getByRole("img", { name: "Preview of revision 1" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Difference/ })).toBeVisible();
});

test("copy makes a new asset of a revision; the history is unchanged", async ({
  page,
  open,
}, info) => {
  await open(revisions);
  await expect.poll(() => numbers(page)).toEqual([4, 2, 1]);
  await page.getByRole("button", { name: "Copy revision 2 into a new asset" }).click();
  // With JavaScript the copy's script is loaded on the click and waits for the task; without,
  // the post goes to the task page.
  if (hasJs(info)) await expectToast(page, "Revision 2 is copied.");
  else await expectToast(page, "Copying revision 2 into a new asset.");
  await open(revisions);
  await expect.poll(() => numbers(page)).toEqual([4, 2, 1]);
});

test("rollback to asks first, saying how many later revisions go, then deletes them", async ({
  page,
  open,
}, info) => {
  await open(revisions);
  await expect.poll(() => numbers(page)).toEqual([4, 2, 1]);
  const question =
    "Revision 1 becomes the current one and the 2 later revisions are deleted. This cannot be undone.";
  const rollbackTo = page.getByRole(hasJs(info) ? "button" : "link", {
    name: "Rollback to revision 1 and delete the later ones",
  });
  // Asked and cancelled: nothing goes.
  await rollbackTo.click();
  const ask = hasJs(info)
    ? page.getByRole("alertdialog", { name: "Roll back to revision 1?" })
    : page.getByRole("alert").filter({ hasText: "Roll back to revision 1?" });
  await expect(ask).toContainText(question);
  if (!hasJs(info)) await expect(page).toHaveURL(/[?&]rollbackTo=1$/);
  await expectAccessible(page, info, "rollback to, asking");
  await ask.getByRole(hasJs(info) ? "button" : "link", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await open(revisions);
  await expect.poll(() => numbers(page)).toEqual([4, 2, 1]);

  await rollbackTo.click();
  await ask.getByRole("button", { name: "Roll back and delete 2 later revisions" }).click();
  await expectToast(page, "Revision 1 is current again; 2 later revisions were deleted.");
  await expect.poll(() => numbers(page)).toEqual([1]);
  await open(revisions);
  await expect.poll(() => numbers(page)).toEqual([1]);
});
