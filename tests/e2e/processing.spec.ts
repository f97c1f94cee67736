import sharp from "sharp";
import { seededAssets } from "./assets";
import type { Locator } from "@playwright/test";
import { expect, expectToast, hasJs, signInQuietly, test } from "./fixtures";
import { ADMIN, CHOSEN_ARCHIVE, PASSWORD, PROCESSED_ARCHIVE } from "./users";

/*
 * The processing lists' admin pages and their effect on downloads (decision 040), JavaScript on
 * and off: create, edit and delete a processing profile, a quick rendition set and a crop profile
 * set; upload and delete a watermark; download through an archive's profile (type 1) and choose
 * one of its set's profiles (type 2), the file checked with sharp.
 */

test.describe.configure({ timeout: 60_000 });

const signInAdmin = (page: Parameters<typeof signInQuietly>[0]) =>
  signInQuietly(page, ADMIN.username, ADMIN.password);

test("a processing profile is created, edited and deleted", async ({ page, open }) => {
  const name = `E2E profile ${test.info().project.name}`;
  await signInAdmin(page);
  await open("/fotoweb/views/admin/processing-profiles");
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Add processing profile" }).click();
  await expect(
    main.getByRole("heading", { level: 1, name: "Add processing profile" }),
  ).toBeVisible();
  // Errors first: no name, a width out of range, shown together by their fields.
  await main.getByLabel("Maximum width").fill("99999");
  await main.getByRole("button", { name: "Save" }).click();
  await expect(main.getByText("Enter a name.")).toBeVisible();
  await expect(main.getByText("Width: 0 to 20000.")).toBeVisible();
  await main.getByLabel("Name").fill(name);
  await main.getByLabel("Maximum width").fill("640");
  await main.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} is created.`);
  await expect(main.getByRole("rowheader", { name })).toBeVisible();

  await main.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(main.getByLabel("Maximum width")).toHaveValue("640");
  await main.getByLabel("Name").fill(`${name} v2`);
  await main.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} v2 is saved.`);

  await main.getByRole("link", { name: `Delete ${name} v2` }).click();
  await main.getByRole("button", { name: `Delete ${name} v2` }).click();
  await expectToast(page, `${name} v2 is deleted.`);
  await expect(main.getByRole("rowheader", { name: `${name} v2` })).toHaveCount(0);
});

test("a profile in use is not deleted: the page says who uses it", async ({ page, open }) => {
  await signInAdmin(page);
  await open("/fotoweb/views/admin/processing-profiles");
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Delete Print TIFF" }).click();
  await main.getByRole("button", { name: "Delete Print TIFF" }).click();
  await expect(main.getByRole("alert")).toContainText('the profile sets "Web, print and social"');
  await expect(main.getByRole("rowheader", { name: "Print TIFF" })).toBeVisible();
});

test("a quick rendition set with its rows is created, edited and deleted", async ({
  page,
  open,
}, info) => {
  const name = `E2E sizes ${test.info().project.name}`;
  await signInAdmin(page);
  await open("/fotoweb/views/admin/rendition-sets/new");
  const main = page.getByRole("main");
  await main.getByLabel("Name").fill(name);
  const first = main.getByRole("group", { name: "Size 1" });
  await first.getByLabel("Label").fill("Small");
  await first.getByLabel("Longest side (px)").fill("300");
  const second = main.getByRole("group", { name: "Size 2" });
  await second.getByLabel("Label").fill("Large");
  await second.getByLabel("Longest side (px)").fill("9");
  // The format: the project's select with JavaScript (issue 31), the browser's without.
  if (hasJs(info)) {
    await second.getByRole("button", { name: "JPEG Format" }).click();
    await page.getByRole("option", { name: "PNG", exact: true }).click();
  } else await second.getByLabel("Format").selectOption("png");
  const format = (group: Locator) =>
    hasJs(info)
      ? expect(group.getByRole("button", { name: /Format$/ })).toHaveAccessibleName("PNG Format")
      : expect(group.getByLabel("Format")).toHaveValue("png");
  await main.getByRole("button", { name: "Save" }).click();
  // The second row's size is refused by its own field; the rows keep what was typed and chosen.
  await expect(second.getByText("Size: 16 to 8000.")).toBeVisible();
  await expect(first.getByLabel("Label")).toHaveValue("Small");
  await format(second);
  await second.getByLabel("Longest side (px)").fill("1200");
  await main.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} is created.`);
  const row = main.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Small 300 px JPEG, Large 1200 px PNG");

  await main.getByRole("link", { name: `Edit ${name}` }).click();
  await format(main.getByRole("group", { name: "Size 2" }));
  await main.getByRole("group", { name: "Size 1" }).getByLabel("Label").fill("Thumb");
  await main.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} is saved.`);
  await expect(main.getByRole("row", { name: new RegExp(name) })).toContainText("Thumb 300 px");

  await main.getByRole("link", { name: `Delete ${name}` }).click();
  await main.getByRole("button", { name: `Delete ${name}` }).click();
  await expectToast(page, `${name} is deleted.`);
});

test("a crop profile set is created, edited and deleted", async ({ page, open }) => {
  const name = `E2E crops ${test.info().project.name}`;
  await signInAdmin(page);
  await open("/fotoweb/views/admin/crop-profile-sets/new");
  const main = page.getByRole("main");
  await main.getByLabel("Name").fill(name);
  const first = main.getByRole("group", { name: "Crop profile 1" });
  await first.getByLabel("Label").fill("Wide");
  await first.getByLabel("Width (ratio or px)").fill("16");
  await first.getByLabel("Height (ratio or px)").fill("9");
  await main.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} is created.`);
  await expect(main.getByRole("row", { name: new RegExp(name) })).toContainText("Wide 16:9");

  await main.getByRole("link", { name: `Edit ${name}` }).click();
  const edited = main.getByRole("group", { name: "Crop profile 1" });
  await edited.getByLabel("Width (ratio or px)").fill("1200");
  await edited.getByLabel("Height (ratio or px)").fill("400");
  await edited.getByLabel("Exact pixels").check();
  await main.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} is saved.`);
  await expect(main.getByRole("row", { name: new RegExp(name) })).toContainText(
    "Wide 1200 × 400 px",
  );

  await main.getByRole("link", { name: `Delete ${name}` }).click();
  await main.getByRole("button", { name: `Delete ${name}` }).click();
  await expectToast(page, `${name} is deleted.`);
});

test("a watermark is uploaded, previewed and deleted", async ({ page, open }) => {
  const name = `E2E mark ${test.info().project.name}`;
  const png = await sharp({
    create: { width: 60, height: 30, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.6 } },
  })
    .png()
    .toBuffer();
  await signInAdmin(page);
  await open("/fotoweb/views/admin/watermarks");
  const main = page.getByRole("main");
  await main.getByLabel("Name").fill(name);
  await main.locator('input[type="file"]').setInputFiles({
    name: "mark.png",
    mimeType: "image/png",
    buffer: png,
  });
  await main.getByRole("button", { name: "Upload" }).click();
  await expectToast(page, `${name} is uploaded.`);
  const preview = main.getByRole("img", { name: `The watermark ${name}` });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(60);

  await main.getByRole("link", { name: `Delete ${name}` }).click();
  await main.getByRole("button", { name: `Delete ${name}` }).click();
  await expectToast(page, `${name} is deleted.`);
  await expect(main.getByRole("img", { name: `The watermark ${name}` })).toHaveCount(0);
});

test("type 1: the download is the archive's profile's file", async ({ page, open, baseURL }) => {
  const [asset] = await seededAssets(baseURL!, PROCESSED_ARCHIVE, 1);
  await signInQuietly(page, "alice", PASSWORD);
  await open(asset!.href);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Download original" })).toHaveCount(0);
  const link = main.getByRole("link", { name: "Download Social 1080 square" });
  const file = await page.request.get((await link.getAttribute("href"))!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/jpeg");
  const meta = await sharp(await file.body()).metadata();
  expect(meta.format).toBe("jpeg");
  // "Crop to fill" a square, never enlarged.
  expect(meta.width).toBe(meta.height);
  expect(meta.width).toBeLessThanOrEqual(1080);
});

test("type 2: the person chooses one of the set's profiles", async ({ page, open, baseURL }) => {
  const [asset] = await seededAssets(baseURL!, CHOSEN_ARCHIVE, 1);
  await signInQuietly(page, "alice", PASSWORD);
  await open(asset!.href);
  const main = page.getByRole("main");
  for (const name of ["Web JPEG 2048", "Print TIFF", "Social 1080 square"])
    await expect(main.getByRole("link", { name: `Download ${name}` })).toBeVisible();
  const tiff = main.getByRole("link", { name: "Download Print TIFF" });
  const file = await page.request.get((await tiff.getAttribute("href"))!);
  expect(file.headers()["content-type"]).toBe("image/tiff");
  const meta = await sharp(await file.body()).metadata();
  expect([meta.format, meta.density]).toEqual(["tiff", 300]);
});
