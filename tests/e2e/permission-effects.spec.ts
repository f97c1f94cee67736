import type { APIRequestContext, Locator } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { ADMIN, PASSWORD, projectUser } from "./users";
import { expect, hasJs, signInQuietly, test } from "./fixtures";

/*
 * The editors say which permissions act (decision 085), with JavaScript on and off: the access
 * list of an archive and the group editor give each permission that a later capability uses
 * the sentence saying when it takes effect, and show apart, under "Not used by Arkiv", the ones
 * only FotoWare's own tools read. Those stay editable and are saved, because clients round-trip
 * them.
 */

async function tick(box: Locator) {
  await box.locator("xpath=ancestor::label[1]").click();
  await expect(box).toBeChecked();
}

/** The visible words of each checkbox in the scope, in order (the input sits in its label). */
function labels(scope: Locator) {
  return scope
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((box) => box.closest("label")?.textContent?.trim()));
}

async function groupByApi(request: APIRequestContext, name: string) {
  const response = await request.post("/fotoweb/api/groups", {
    data: { name },
    headers: { accept: "application/json" },
  });
  expect(response.status()).toBe(200);
  return readPlaywrightJson<{ id: number }>(response, "POST");
}

test("the group editor says when each flag acts and keeps the unused ones apart, saved", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const group = await groupByApi(page.request, `Effects ${info.project.name} ${Date.now()}`);
  await open(`/fotoweb/views/admin/groups/${group.id}`);
  const form = page.getByRole("form", { name: "General" });
  await expect(form.getByRole("checkbox", { name: "Approve orders" })).toHaveAccessibleDescription(
    "Takes effect when orders arrive.",
  );
  await expect(
    form.getByRole("checkbox", { name: "Configure consent forms" }),
  ).toHaveAccessibleDescription("Takes effect when consent management arrives.");
  await expect(
    form.getByRole("checkbox", { name: "Manage users and groups" }),
  ).toHaveAccessibleDescription("");

  const apart = form.getByRole("group", { name: "Not used by Arkiv" });
  await expect(apart).toHaveAccessibleDescription(/grants nothing in Arkiv/);
  await expect
    .poll(() => labels(apart))
    .toEqual([
      "Design editor",
      "View flows",
      "Manage flows",
      "Share bookmarks",
      "Manage workflows",
      "Manage services",
      "Manage FotoStation configurations",
    ]);
  await expect(apart.getByRole("checkbox", { name: "API access" })).toHaveCount(0);

  await tick(apart.getByRole("checkbox", { name: "Share bookmarks" }));
  await form.getByRole("button", { name: "Save group" }).click();
  await expect(page.getByTestId("toast").first()).toContainText("is saved.");
  await expect(
    page
      .getByRole("group", { name: "Not used by Arkiv" })
      .getByRole("checkbox", { name: "Share bookmarks" }),
  ).toBeChecked();
  const stored = await readPlaywrightJson<{ permissions: { shareBookmarks: boolean } }>(
    await page.request.get(`/fotoweb/api/groups/${group.id}`, {
      headers: { accept: "application/json" },
    }),
  );
  expect(stored.permissions.shareBookmarks).toBe(true);
});

test("an archive's access list says when each permission acts and shows the unused apart", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, projectUser("archivist", info.project.name), PASSWORD);
  await open("/fotoweb/views/admin/archives/new");
  if (hasJs(info)) await page.getByRole("tab", { name: /^Access list/ }).click();
  const everyone = page.getByRole("main").getByRole("group", { name: "Member Everyone" });
  await expect(everyone.getByRole("checkbox", { name: "Order" })).toHaveAccessibleDescription(
    "Takes effect when orders arrive.",
  );
  await expect(everyone.getByRole("checkbox", { name: "Comment" })).toHaveAccessibleDescription(
    "Takes effect when comments and annotations arrive.",
  );
  const apart = everyone.getByRole("group", { name: "Not used by Arkiv" });
  await expect
    .poll(() => labels(apart))
    .toEqual([
      "Comping",
      "Workflow",
      "Third-party 1",
      "Third-party 2",
      "Third-party 3",
      "Third-party 4",
      "Edit files",
      "Open files",
      "Crop files",
      "Place (desktop tools)",
    ]);
  await expect
    .poll(() => labels(everyone.getByRole("group", { name: "Special" })))
    .toEqual(["Upload files"]);
});
