import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { ADMIN, PASSWORD, projectUser } from "./users";
import { expect, expectAccessible, expectToast, hasJs, signInQuietly, test } from "./fixtures";

/*
 * Manage groups and the group editor (decision 035), JavaScript on and off: every mutation
 * (create, edit, the permission rules, member-of, members added and removed, custom properties,
 * delete, the column chooser), the expanded rows with "more", search and paging, the tools menu,
 * and axe in light and dark. Names carry the project, so the two runs never meet.
 */

const LIST = "/fotoweb/views/admin/groups";
const API = "/fotoweb/api/groups";

/** react-aria's checkbox input is visually hidden inside its label, which takes the pointer. */
async function tick(box: Locator, on = true) {
  if ((await box.isChecked()) !== on) await box.locator("xpath=ancestor::label[1]").click();
  await expect(box).toBeChecked({ checked: on });
}

async function createByApi(request: APIRequestContext, body: object) {
  const response = await request.post(API, {
    data: body,
    headers: { accept: "application/json" },
  });
  expect(response.status()).toBe(200);
  return readPlaywrightJson<{ id: number; href: string; name: string }>(response, "POST");
}

async function openTools(page: Page, hasScript: boolean) {
  if (hasScript) {
    await page.getByRole("button", { name: /^Tools/ }).click();
    return page.getByRole("menu", { name: "Tools" });
  }
  await page.getByTestId("tools-menu").locator("summary").click();
  return page.getByRole("navigation", { name: "Tools" });
}

test("the owner reaches the groups from the tools menu; the pages pass axe in light and dark", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open("/fotoweb/");
  const menu = await openTools(page, hasJs(info));
  const role = hasJs(info) ? "menuitem" : "link";
  await expect(menu.getByRole(role, { name: "Manage site" })).toBeVisible();
  await expectAccessible(page, info, "tools menu open");
  await menu.getByRole(role, { name: "Manage users and groups" }).click();
  // The modal's users tab comes first (spec 002); its Groups tab leads here.
  await expect(page).toHaveURL(/\/fotoweb\/views\/admin\/users$/);
  await page
    .getByRole("navigation", { name: "Users and groups" })
    .getByRole("link", { name: "Groups" })
    .click();
  await expect(page).toHaveURL(LIST);
  await expect(page.getByRole("heading", { name: "Manage groups", level: 1 })).toBeVisible();
  await expectAccessible(page, info, "manage groups");
  await open(`${LIST}/10001`);
  await expect(page.getByRole("checkbox", { name: "API access" })).toBeVisible();
  await expectAccessible(page, info, "group editor");
  await open(`${LIST}/new`);
  await expectAccessible(page, info, "add group");
});

test("a user without management rights has no tools menu and no groups", async ({ page, open }) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByTestId("tools-menu")).toHaveCount(0);
  const response = await page.goto(LIST);
  expect(response?.status()).toBe(404);
});

test("create with errors by their fields, the permission rules, member-of, members, properties, delete", async ({
  page,
  open,
}, info) => {
  test.slow();
  const js = hasJs(info);
  const suffix = `${info.project.name} ${Date.now()}`;
  const name = `Desk ${suffix}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const outer = await createByApi(page.request, { name: `Outer ${suffix}` });

  await open(`${LIST}/new`);
  const form = page.getByRole("form", { name: "General" });
  await form.getByRole("button", { name: "Create group" }).click();
  await expect(form.getByText("Name is a required field.")).toBeVisible();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, info, "add group with errors");

  await form.getByLabel("Name", { exact: true }).fill(`  ${name} `);
  const manageFlows = form.getByRole("checkbox", { name: "Manage flows" });
  const viewFlows = form.getByRole("checkbox", { name: "View flows" });
  const downloads = form.getByRole("checkbox", { name: "Allow downloads" });
  await tick(manageFlows);
  // With JavaScript the rules apply at once; without it the server applies them on saving.
  if (js) {
    await expect(viewFlows).toBeChecked();
    await expect(downloads).toBeDisabled();
    await tick(form.getByRole("checkbox", { name: "Users", exact: true }));
    await expect(downloads).toBeEnabled();
  } else await tick(form.getByRole("checkbox", { name: "Users", exact: true }));
  await tick(downloads);
  await form.getByRole("button", { name: "Create group" }).click();
  await expectToast(page, `${name} is created.`);
  await expect(page.getByRole("heading", { name: `Edit group ${name}` })).toBeVisible();
  const general = page.getByRole("form", { name: "General" });
  await expect(general.getByRole("checkbox", { name: "View flows" })).toBeChecked();
  await expect(general.getByRole("checkbox", { name: "Allow downloads" })).toBeChecked();

  // Viewing flows off takes managing them with it (live with JavaScript, on saving without).
  await tick(general.getByRole("checkbox", { name: "View flows" }), false);
  if (js) await expect(general.getByRole("checkbox", { name: "Manage flows" })).not.toBeChecked();
  // Member-of: search (never offering the group itself), join, save.
  await general.getByLabel("Find groups to join").fill(suffix);
  await general.getByRole("button", { name: "Search" }).click();
  const join = page.getByRole("checkbox", { name: `Join Outer ${suffix}` });
  await expect(join).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Join ${name}` })).toHaveCount(0);
  if (!js) {
    // Without JavaScript the search reloaded the page: tick again what it forgot.
    await tick(page.getByRole("checkbox", { name: "View flows" }), false);
  }
  await tick(join);
  await page.getByRole("button", { name: "Save group" }).click();
  await expectToast(page, `${name} is saved.`);
  const saved = page.getByRole("form", { name: "General" });
  await expect(saved.getByRole("checkbox", { name: "Manage flows" })).not.toBeChecked();
  await expect(saved.getByRole("checkbox", { name: `Outer ${suffix}` })).toBeChecked();

  // Members: find alice, add her (the button counts the choice), then remove her.
  await page
    .getByRole("navigation", { name: "Group editor" })
    .getByRole("link", { name: "Members" })
    .click();
  const members = page.getByRole("form", { name: "Members" });
  if (js) {
    // The add dialog: search, choose (the button counts the choice), add, then save.
    await members.getByRole("button", { name: "Add users…" }).click();
    const dialog = page.getByRole("dialog", { name: "Add users" });
    await expect(dialog.getByRole("button", { name: "Add 0 users" })).toBeDisabled();
    await dialog.getByLabel("Search users").fill("alice");
    await tick(dialog.getByRole("checkbox", { name: "Alice Light (alice)" }));
    await expectAccessible(page, info, "add users dialog");
    await dialog.getByRole("button", { name: "Add 1 user" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(members.getByRole("checkbox", { name: "Add Alice Light (alice)" })).toBeChecked();
    await members.getByRole("button", { name: "Save members" }).click();
  } else {
    await members.getByLabel("Find users to add").fill("alice");
    await members.getByRole("button", { name: "Search" }).first().click();
    await tick(page.getByRole("checkbox", { name: "Alice Light (alice)" }));
    await page.getByRole("button", { name: "Add the chosen users" }).click();
  }
  await expectToast(page, "The members are saved.");
  await expect(page.getByRole("form", { name: "Members" })).toContainText("Alice Light (alice)");
  await expectAccessible(page, info, "group members");
  await tick(page.getByRole("checkbox", { name: "Remove alice" }));
  await page.getByRole("button", { name: "Save members" }).click();
  await expectToast(page, "The members are saved.");
  await expect(page.getByRole("checkbox", { name: "Remove alice" })).toHaveCount(0);

  // Custom properties: an empty row is dropped.
  await page
    .getByRole("navigation", { name: "Group editor" })
    .getByRole("link", { name: "Custom properties" })
    .click();
  const properties = page.getByRole("form", { name: "Custom properties" });
  if (js) await properties.getByRole("button", { name: "Add property" }).click();
  await properties.getByLabel("Key 1").fill("team");
  await properties.getByLabel("Value 1").fill("north");
  await properties.getByRole("button", { name: "Save properties" }).click();
  await expectToast(page, `${name} is saved.`);
  await expect(page.getByLabel("Key 1")).toHaveValue("team");
  await expect(page.getByLabel("Value 1")).toHaveValue("north");

  // The list: search, expand, delete after confirming.
  await open(`${LIST}?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("group-count")).toHaveText("1 group found");
  await page.getByRole("link", { name: `Delete ${name}…` }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `Delete the group ${name}?` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Delete group" }).click();
  await expectToast(page, `${name} is deleted.`);
  await expect(page.getByTestId("group-count")).toHaveText("0 groups found");
  await page.request.delete(outer.href);
});

test("search, paging and the expanded rows with more", async ({ page, open }, info) => {
  const suffix = `${info.project.name}${Date.now()}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const groups = [];
  for (let i = 0; i < 26; i++)
    groups.push(
      await createByApi(page.request, { name: `Paged ${suffix} ${String(i).padStart(2, "0")}` }),
    );
  const crew = groups[0]!;
  const everyone = await readPlaywrightJson<{ id: number; username: string }[]>(
    await page.request.get(`${API}/10001/users`, { headers: { accept: "application/json" } }),
  );
  const users = everyone.slice(0, 11).map((u) => u.id);
  expect(users).toHaveLength(11);
  await page.request.post(`${crew.href}/users`, {
    data: { users },
    headers: { accept: "application/json" },
  });

  await open(LIST);
  const search = page.getByRole("search", { name: "Groups" });
  await search.getByLabel("Search groups").fill(`Paged ${suffix}`);
  if (!hasJs(info)) await search.getByRole("button", { name: "Search" }).click();
  // With JavaScript the search runs by itself once typing stops.
  await expect(page.getByTestId("group-count")).toHaveText("26 groups found");
  const pages = page.getByRole("navigation", { name: "Pages of groups" });
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(pages).toContainText("Page 2 of 2");
  await expect(page.getByRole("rowheader", { name: `Paged ${suffix} 25` })).toBeVisible();
  await pages.getByRole("link", { name: "First" }).click();
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("link", { name: "Last" }).click();
  await expect(pages).toContainText("Page 2 of 2");
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(pages).toContainText("Page 1 of 2");

  // Sorting by a column's heading, and back.
  await page.getByRole("link", { name: "Name, sort descending" }).click();
  await expect(page.getByRole("rowheader").first()).toHaveText(`Paged ${suffix} 25`);
  await page.getByRole("link", { name: "Name, sort ascending" }).click();
  await expect(page.getByRole("rowheader").first()).toHaveText(`Paged ${suffix} 00`);

  const row = page.getByTestId(`group-row-${crew.id}`);
  await row.getByText("Members", { exact: true }).click();
  await expect(row.getByRole("listitem")).toHaveCount(10);
  await row.getByRole("link", { name: `More members of ${crew.name}` }).click();
  await expect(page.getByTestId(`group-row-${crew.id}`).getByRole("listitem")).toHaveCount(11);
  await expect(page.getByRole("link", { name: `More members of ${crew.name}` })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /Everyone/ }).getByText("Members")).toHaveCount(0);
  for (const g of groups) await page.request.delete(g.href);
});

test("the column chooser keeps the choice and never hides the last column", async ({
  page,
  open,
}, info) => {
  const js = hasJs(info);
  const username = projectUser("groups", info.project.name);
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const registered = await readPlaywrightJson<{ id: number; username: string }[]>(
    await page.request.get(`${API}/10001/users`, { headers: { accept: "application/json" } }),
  );
  const me = registered.find((u) => u.username === username)!;
  const managers = await createByApi(page.request, {
    name: `Managers ${info.project.name} ${Date.now()}`,
    permissions: { manageUsers: true },
  });
  await page.request.post(`${managers.href}/users`, {
    data: { users: [me.id] },
    headers: { accept: "application/json" },
  });
  await page.context().clearCookies();
  await signInQuietly(page, username, PASSWORD);
  await open(LIST);
  const table = page.getByRole("table", { name: "Groups" });
  await expect(table.getByRole("columnheader", { name: "ID" })).toBeVisible();
  await page.getByText("Columns", { exact: true }).click();
  const chooser = page.getByRole("form", { name: "Columns" });
  const box = (name: string) => chooser.getByRole("checkbox", { name });
  await box("ID").uncheck();
  await box("Description").uncheck();
  if (js) {
    await expect(box("Name")).toBeDisabled();
    await expect(chooser).toContainText("The last visible column cannot be hidden.");
  } else {
    await chooser.getByRole("button", { name: "Save columns" }).click();
  }
  await expectToast(page, "The columns are saved.");
  await expect(table.getByRole("columnheader", { name: "ID" })).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: "Description" })).toHaveCount(0);
  if (!js) {
    // Without JavaScript the box can be unticked, and the server refuses it.
    await page.getByText("Columns", { exact: true }).click();
    await box("Name").uncheck();
    await chooser.getByRole("button", { name: "Save columns" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "The last visible column cannot be hidden." }),
    ).toBeVisible();
    await open(LIST);
  }
  await open(LIST);
  await expect(table.getByRole("columnheader", { name: "Name" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "ID" })).toHaveCount(0);
});
