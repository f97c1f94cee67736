import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { seededAssets } from "./assets";
import { expect, hasJs, signInQuietly, test } from "./fixtures";
import { PASSWORD, TASK_ENGINE_PHOTOS, taskEngineArchive, taskEngineUser } from "./users";

/*
 * A background task's page (decision 047), JavaScript on and off: a delete task started through
 * the API reaches done on its page (live over server-sent events with JavaScript, without a
 * reload; by refreshing itself without), one row per asset; Undo on the page starts the undo
 * task, whose page reaches done too, and the assets are back.
 */

test.describe.configure({ timeout: 60_000 });

const ASSET = "application/vnd.fotoware.asset+json";

async function assetStatus(page: Page, href: string) {
  return (await page.request.get(href, { headers: { accept: ASSET } })).status();
}

/** The file name an asset href ends in, as the task page shows an asset it cannot show. */
const fileNameOf = (href: string) =>
  decodeURIComponent(
    href
      .split("/")
      .pop()!
      .replace(/^\d+-/, "")
      .replace(/\.info$/, ""),
  );

async function expectFinished(page: Page, done: number) {
  await expect(page.getByTestId("task-status")).toContainText("Finished", { timeout: 30_000 });
  await expect(page.getByTestId("task-counts")).toContainText(`${done} done, 0 failed`);
}

test("a delete task reaches done on its page, and its undo brings the assets back", async ({
  page,
  open,
  baseURL,
}, info) => {
  const project = info.project.name;
  const assets = (await seededAssets(baseURL!, taskEngineArchive(project), TASK_ENGINE_PHOTOS))
    .slice(0, 2)
    .map((a) => a.href);
  await signInQuietly(page, taskEngineUser(project), PASSWORD);

  const response = await page.request.post("/fotoweb/me/background-tasks/", {
    headers: {
      "content-type": "application/vnd.fotoware.delete-request+json",
      accept: "application/json",
    },
    data: JSON.stringify({ assets: assets.map((href) => ({ href })) }),
  });
  expect(response.status()).toBe(201);
  const { location } = await readPlaywrightJson<{ location: string }>(response, "POST");
  const id = Number(location.split("/").pop());

  let loads = 0;
  page.on("load", () => loads++);
  await open(`/fotoweb/views/tasks/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Delete · task ${id}`);
  await expectFinished(page, 2);
  // With JavaScript the progress arrives over the event stream: the page never reloads.
  if (hasJs(info)) expect(loads).toBe(1);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // Deleted, the assets are out of sight: each row names the file its href ends in.
  for (const [i, href] of assets.entries()) {
    await expect(rows.nth(i)).toContainText(fileNameOf(href));
    await expect(rows.nth(i)).toContainText("Done");
  }
  for (const href of assets) expect(await assetStatus(page, href)).toBe(404);

  await page.getByRole("button", { name: "Undo this task" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/fotoweb/views/tasks/${id}$`));
  await expect(page).toHaveURL(/\/fotoweb\/views\/tasks\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Undo · task");
  await expect(page.getByRole("link", { name: `task ${id}` })).toBeVisible();
  await expectFinished(page, 2);
  for (const href of assets) expect(await assetStatus(page, href)).toBe(200);
  await expect(page.getByText("An undo cannot itself be undone")).toBeVisible();
  // Back in their archive, each row shows the asset's thumbnail and links to it, and the page
  // links back to the archive the batch came from.
  const undoRows = page.locator("tbody tr");
  for (const [i, href] of assets.entries()) {
    const link = undoRows.nth(i).locator("td").first().getByRole("link");
    await expect(link).toHaveAttribute("href", href);
    await expect(link.locator("img")).toHaveJSProperty("complete", true);
    await expect(link.locator("img")).not.toHaveJSProperty("naturalWidth", 0);
  }
  await page.getByRole("link", { name: /^Back to / }).click();
  await expect(page).toHaveURL(
    new RegExp(`${new URL(assets[0]!, "http://x").pathname.split("/").slice(0, 4).join("/")}/$`),
  );
});

test("a task page that is not the viewer's answers 404, as a missing one", async ({
  page,
}, info) => {
  const project = info.project.name;
  await signInQuietly(page, taskEngineUser(project), PASSWORD);
  const response = await page.goto("/fotoweb/views/tasks/999999");
  expect(response?.status()).toBe(404);
});
