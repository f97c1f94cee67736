import { editingAssets, valuesOf } from "./editing";
import { expect, expectToast, hasJs, signInQuietly, test, waitForHydration } from "./fixtures";
import { DIGITS_FIELD_LABEL, DIGITS_HELP, EDITING_PHOTOS, PASSWORD, projectUser } from "./users";

/*
 * Metadata editing (decision 046) as the project's metaedit user, on the project's own editing
 * archive: one asset's caption inline (JavaScript) and in the plain form (without), a value that
 * fails its field's pattern, and a selection's keywords through the batch panel and its task.
 */

test.beforeEach(async ({ page }, info) => {
  await signInQuietly(page, projectUser("metaedit", info.project.name), PASSWORD);
});

test("the caption inline: Escape cancels, Shift+Enter saves; the title saves on Enter", async ({
  page,
  open,
}, info) => {
  test.skip(!hasJs(info), "inline editing needs JavaScript; the plain form is tested below");
  const { assets } = await editingAssets(page, info.project.name);
  const asset = assets[0]!;
  await open(asset.href);
  const panel = page.getByRole("region", { name: "Metadata" });

  await panel.getByRole("button", { name: "Edit Description" }).click();
  const caption = panel.getByRole("textbox", { name: "Description" });
  await expect(caption).toBeFocused();
  await caption.fill("Not to be kept");
  await caption.press("Escape");
  await expect(caption).toHaveCount(0);
  await expect(panel.getByText("Not to be kept")).toHaveCount(0);
  expect(await valuesOf(page, asset.href, 120)).toEqual(["Seed caption 1"]);

  await panel.getByRole("button", { name: "Edit Description" }).click();
  await caption.fill("Boats at the quay");
  // A multi-line field keeps Enter for new lines (spec 002): Shift+Enter saves.
  await caption.press("Shift+Enter");
  await expectToast(page, "Description saved.");
  await expect(panel.getByText("Boats at the quay")).toBeVisible();
  expect(await valuesOf(page, asset.href, 120)).toEqual(["Boats at the quay"]);

  await panel.getByRole("button", { name: "Edit Title" }).click();
  const title = panel.getByRole("textbox", { name: "Title" });
  await title.fill("Quay at dusk");
  await title.press("Enter");
  await expectToast(page, "Title saved.");
  await expect(panel.getByText("Quay at dusk")).toBeVisible();
  expect(await valuesOf(page, asset.href, 5)).toEqual(["Quay at dusk"]);
});

test("the plain form saves the caption with one Save", async ({ page, open }, info) => {
  const { assets } = await editingAssets(page, info.project.name);
  const asset = assets[1]!;
  await open(asset.href);
  await page.getByRole("link", { name: "Edit metadata" }).click();
  await expect(page).toHaveURL(/\?edit=metadata$/);
  // The link loads a new document: React's hydration puts a text area's served text back over
  // what was typed before it ran, so the typing waits for it.
  await waitForHydration(page, info);
  const form = page.getByRole("form", { name: "Edit metadata" });
  const caption = form.getByRole("textbox", { name: "Description" });
  await expect(caption).toHaveValue("Seed caption 2");
  await caption.fill(`Plain caption ${info.project.name}`);
  // The typed value is still there when Save is pressed (nothing re-rendered the form over it).
  await expect(caption).toHaveValue(`Plain caption ${info.project.name}`);
  await form.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Description saved.");
  await expect(page).not.toHaveURL(/edit=metadata/);
  await expect(
    page.getByRole("region", { name: "Metadata" }).getByText(`Plain caption ${info.project.name}`),
  ).toBeVisible();
  expect(await valuesOf(page, asset.href, 120)).toEqual([`Plain caption ${info.project.name}`]);
});

test("a value against the field's pattern shows its help text and writes nothing", async ({
  page,
  open,
}, info) => {
  const { assets } = await editingAssets(page, info.project.name);
  const asset = assets[2]!;
  await open(`${asset.href}?edit=metadata`);
  const form = page.getByRole("form", { name: "Edit metadata" });
  await form.getByRole("textbox", { name: "Description" }).fill("Must not be saved either");
  await form.getByRole("textbox", { name: DIGITS_FIELD_LABEL }).fill("twelve");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText(DIGITS_HELP)).toBeVisible();
  await expect(form.getByRole("textbox", { name: DIGITS_FIELD_LABEL })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(await valuesOf(page, asset.href, 120)).toEqual(["Seed caption 3"]);
});

test("a selection's keywords: one added to all, one only some carry removed", async ({
  page,
  open,
}, info) => {
  const { href, assets } = await editingAssets(page, info.project.name);
  await open(href);
  const boxes = page.getByRole("checkbox", { name: /^Select / });
  await expect(boxes).toHaveCount(EDITING_PHOTOS);
  for (let i = 0; i < EDITING_PHOTOS; i++)
    await boxes.nth(i).locator("xpath=ancestor::label[1]").click();
  await page.getByRole("button", { name: "Edit metadata" }).click();

  const panel = hasJs(info) ? page.getByRole("dialog") : page.getByRole("main");
  await expect(panel.getByRole("heading", { name: "Edit metadata: 3 assets" })).toBeVisible();
  const keywords = panel.getByRole("group", { name: "Keywords" });
  await expect(keywords.getByText("boat (on some assets)")).toBeVisible();
  await expect(keywords.getByText("harbour (on all assets)")).toBeVisible();
  const added = `sunset-${info.project.name}`;
  if (hasJs(info)) {
    const input = keywords.getByRole("textbox", { name: "Add to all assets" });
    await input.fill(added);
    await input.press("Enter");
    await expect(keywords.getByText(`${added} (to be added)`)).toBeVisible();
    await keywords.getByRole("button", { name: "Remove boat from all assets" }).click();
  } else {
    await keywords.getByRole("textbox", { name: "Add to all assets" }).fill(added);
    await keywords
      .getByRole("checkbox", { name: "Remove boat from all assets" })
      .locator("xpath=ancestor::label[1]")
      .click();
  }
  await panel.getByRole("button", { name: "Start" }).click();
  // The task is followed to the end: with JavaScript in the dialog over the grid (live, decision
  // 087), without it on the task's page, which refreshes itself.
  if (!hasJs(info)) await expect(page).toHaveURL(/\/fotoweb\/views\/tasks\/\d+$/);
  await expect(page.getByTestId("task-status")).toContainText("Finished", { timeout: 30_000 });

  const expected = [
    ["harbour", added],
    ["harbour", added],
    ["harbour", "sea", added],
  ];
  await expect(async () => {
    for (const [i, asset] of assets.entries())
      expect(await valuesOf(page, asset.href, 25)).toEqual(expected[i]);
  }).toPass({ timeout: 30_000 });
});
