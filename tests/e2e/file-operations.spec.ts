import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";
import { FILE_OPS_PHOTOS, fileOpsArchive, PASSWORD, projectUser } from "./users";

/*
 * File operations (decision 048) from the batch page, with and without JavaScript, as the
 * project's fileops user on the project's own archive: a selection renamed (a name that changes
 * the file's type refused by its field first, nothing started), and the whole task undone from its
 * page; a duplicate made and then deleted to the trash can. Per-asset refusals inside a running
 * task are covered by the integration tests (file-operations.test.ts, http-batch-edit.test.ts).
 */

const ASSETLIST = "application/vnd.fotoware.assetlist+json";
const COLLECTION = "application/vnd.fotoware.collection+json";

interface Listed {
  href: string;
  filename: string;
}

async function archiveHref(page: Page, name: string): Promise<string> {
  for (let id = 5000; id < 5080; id++) {
    const response = await page.request.get(`/fotoweb/archives/${id}/`, {
      headers: { Accept: COLLECTION },
    });
    if (!response.ok()) continue;
    const body = (await readPlaywrightJson(response)) as { name: string; href: string };
    if (body.name === name) return body.href;
  }
  throw new Error(`no archive named ${name}`);
}

const idOf = (href: string) => Number(/\/(\d+)-[^/]*\.info$/.exec(href)![1]);

/** The archive's assets as the API lists them, oldest first. */
async function listed(page: Page, href: string): Promise<Listed[]> {
  const response = await page.request.get(href, { headers: { Accept: ASSETLIST } });
  const assets = ((await readPlaywrightJson(response)) as { data: Listed[] }).data;
  return assets.sort((a, b) => idOf(a.href) - idOf(b.href));
}

const batch = (op: string, ids: number[]) =>
  `/fotoweb/views/batch?op=${op}&${ids.map((id) => `asset=${id}`).join("&")}`;

test.beforeEach(async ({ page }, info) => {
  await signInQuietly(page, projectUser("fileops", info.project.name), PASSWORD);
});

test("a selection renamed, a name changing the type refused by its field, and the task undone", async ({
  page,
  open,
}, info) => {
  const href = await archiveHref(page, fileOpsArchive(info.project.name));
  let assets: Listed[] = [];
  await expect(async () => {
    assets = await listed(page, href);
    expect(assets.length).toBeGreaterThanOrEqual(FILE_OPS_PHOTOS);
  }).toPass({ timeout: 30_000 });
  const [first, second] = assets;
  const originals = [first!.filename, second!.filename];
  await open(batch("rename", [idOf(first!.href), idOf(second!.href)]));
  const names = page.getByRole("textbox", { name: /^New name for / });
  await expect(names).toHaveCount(2);
  await names.nth(0).fill(`Quay ${info.project.name}`);
  // A jpg cannot be named .png: refused by its field, and no task is started.
  await names.nth(1).fill("Pretend.png");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText(/The extension stays \.jpg/)).toBeVisible();
  await expect(page).toHaveURL(/\/fotoweb\/views\/batch\?/);
  await expect(names).toHaveCount(2);
  await names.nth(0).fill(`Quay ${info.project.name}`);
  await names.nth(1).fill(`Pier ${info.project.name}`);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/fotoweb\/views\/tasks\/\d+$/);
  await expect(page.getByTestId("task-counts")).toHaveText("2 done, 0 failed, 0 waiting, of 2", {
    timeout: 30_000,
  });
  await expect(async () => {
    const now = await listed(page, href);
    expect(now.map((a) => a.filename).slice(0, 2)).toEqual([
      `Quay ${info.project.name}.jpg`,
      `Pier ${info.project.name}.jpg`,
    ]);
  }).toPass({ timeout: 30_000 });
  await page.getByRole("button", { name: "Undo this task" }).click();
  await expect(page).toHaveURL(/\/fotoweb\/views\/tasks\/\d+$/);
  await expect(page.getByText(/This task undoes/)).toBeVisible();
  await expect(async () => {
    const now = await listed(page, href);
    expect(now.map((a) => a.filename).slice(0, 2)).toEqual(originals);
  }).toPass({ timeout: 30_000 });
});

test("a refused rename over the grid keeps its form, what was typed and the error by its field", async ({
  page,
  open,
}, info) => {
  const js = hasJs(info);
  await open(await archiveHref(page, fileOpsArchive(info.project.name)));
  const boxes = page.getByRole("checkbox", { name: /^Select / });
  for (let i = 0; i < 2; i++) await boxes.nth(i).locator("xpath=ancestor::label[1]").click();
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  // With JavaScript a dialog over the grid; without, the batch page.
  const panel = js ? page.getByRole("dialog") : page.getByRole("main");
  const names = panel.getByRole("textbox", { name: /^New name for / });
  await expect(names).toHaveCount(2);
  const gridUrl = page.url();
  await names.nth(0).fill(`Kept ${info.project.name}`);
  await names.nth(1).fill("Pretend.png");
  await panel.getByRole("button", { name: "Start" }).click();

  await expect(panel.getByText(/The extension stays \.jpg/)).toBeVisible();
  await expect(panel.getByRole("alert")).toContainText("No task was started.");
  await expect(names.nth(1)).toHaveAttribute("aria-invalid", "true");
  await expect(names.nth(0)).toHaveValue(`Kept ${info.project.name}`);
  await expect(names.nth(1)).toHaveValue("Pretend.png");
  if (js) {
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(page.url()).toBe(gridUrl);
  } else await expect(page).toHaveURL(/\/fotoweb\/views\/batch\?/);
  await expectAccessible(page, info, "batch rename refused");
});

test("a duplicate made, then deleted to the trash can", async ({ page, open }, info) => {
  const href = await archiveHref(page, fileOpsArchive(info.project.name));
  let assets: Listed[] = [];
  await expect(async () => {
    assets = await listed(page, href);
    expect(assets.length).toBeGreaterThanOrEqual(FILE_OPS_PHOTOS);
  }).toPass({ timeout: 30_000 });
  const source = assets.at(-1)!;
  await open(batch("duplicate", [idOf(source.href)]));
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("task-counts")).toHaveText("1 done, 0 failed, 0 waiting, of 1", {
    timeout: 30_000,
  });
  const copyName = source.filename.replace(/(\.[^.]+)$/, " (copy)$1");
  let copy: Listed | undefined;
  await expect(async () => {
    copy = (await listed(page, href)).find((a) => a.filename === copyName);
    expect(copy).toBeDefined();
  }).toPass({ timeout: 30_000 });

  await open(batch("delete", [idOf(copy!.href)]));
  await page.getByRole("checkbox").locator("xpath=ancestor::label[1]").click();
  await page.getByRole("button", { name: "Delete 1 asset" }).click();
  await expect(page.getByTestId("task-counts")).toHaveText("1 done, 0 failed, 0 waiting, of 1", {
    timeout: 30_000,
  });
  await expect(async () => {
    const names = (await listed(page, href)).map((a) => a.filename);
    expect(names).not.toContain(copyName);
    expect(names).toContain(source.filename);
  }).toPass({ timeout: 30_000 });
});
