import type { Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { seededAssets } from "./assets";
import { ALBUM_TILES, ALBUM_TILES_USER } from "./album-tiles";
import { expect, expectAccessible, signInQuietly, test } from "./fixtures";
import { ADMIN, PASSWORD, REVISIONS_A11Y_ARCHIVE } from "./users";

/*
 * Issue 31: a control's accessible name holds its visible text (axe's experimental rule
 * label-content-name-mismatch, WCAG 2.5.3, which the default pass leaves off): the Tools button,
 * the pressed pin toggles, the revision buttons and the users grid's links. Each page is checked
 * with JavaScript and as the server sends it.
 */

const RULES = ["label-content-name-mismatch"];
const DESCRIPTOR = "application/vnd.fotoware.full-api-descriptor+json";

async function userId(page: Page): Promise<number> {
  const response = await page.request.get("/fotoweb/me/", { headers: { Accept: DESCRIPTOR } });
  return ((await readPlaywrightJson(response)) as { user: { userId: number } }).user.userId;
}

test("the Tools button and the users grid name what they show", async ({ page, open }, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open("/fotoweb/views/admin/users");
  await expect(page.getByTestId("tools-menu")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Set as site owner/ }).first()).toBeVisible();
  await expectAccessible(page, info, "users grid, label in name", { served: true, rules: RULES });
});

test("pressed pin toggles name what they show", async ({ page, open }, info) => {
  await signInQuietly(page, ALBUM_TILES_USER, PASSWORD);
  await open(`/fotoweb/users/${await userId(page)}/albums/${ALBUM_TILES.eight.id}/`);
  const pin = page.getByTestId("asset-tile").first().getByRole("button", { name: /^Pin / });
  await expect(pin).toHaveAttribute("aria-pressed", "true");
  await expect(pin).toHaveText(/Pin$/);
  await expectAccessible(page, info, "album page, label in name", { served: true, rules: RULES });
});

test("the revision buttons name what they show", async ({ page, open, baseURL }, info) => {
  const [asset] = await seededAssets(baseURL!, REVISIONS_A11Y_ARCHIVE, 1);
  await signInQuietly(page, "revisions-a11y", PASSWORD);
  await open(`${asset!.href}/__revisions/`);
  await expect(page.getByTestId("revision-row")).toHaveCount(3);
  await expect(page.getByRole("button", { name: /^Rollback to revision/ }).first()).toBeVisible();
  await expectAccessible(page, info, "revisions page, label in name", {
    served: true,
    rules: RULES,
  });
});
