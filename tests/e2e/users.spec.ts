import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { readPlaywrightJson } from "../helpers/api-contract";
import { PASSWORD, projectUser } from "./users";
import {
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  choose,
  waitForHydration,
} from "./fixtures";

/*
 * Manage users (decision 034), JavaScript on and off, as a manager who is not the site owner
 * (users-<project>, in the seed's manageUsers group): search, sort, paging, the selection kept
 * across a reload, the column chooser, the editor (every error at once, add, edit), delete, and
 * each bulk dialog; axe in light and dark.
 */

const GRID = "/fotoweb/views/admin/users";

interface ApiUser {
  id: number;
  username: string;
  company: string;
  license: { level: string; mode: string };
  account: { isEnabled: boolean; expires?: string };
}

async function createUsers(request: APIRequestContext, names: string[]) {
  for (const username of names) {
    const response = await request.post("/fotoweb/api/users", {
      headers: { accept: "application/json" },
      data: {
        username,
        address: {
          givenName: `First ${username}`,
          surname: "Last",
          email: `${username}@example.com`,
        },
      },
    });
    expect(response.status(), username).toBe(200);
    await readPlaywrightJson(response, "POST");
  }
}

async function apiUsers(request: APIRequestContext, q: string) {
  const response = await request.get(`/fotoweb/api/users?q=${encodeURIComponent(q)}`, {
    headers: { accept: "application/json" },
  });
  expect(response.status()).toBe(200);
  return readPlaywrightJson<ApiUser[]>(response);
}

async function signIn(page: Page, project: string) {
  await signInQuietly(page, projectUser("users", project), PASSWORD);
}

/** Ticks a row; with JavaScript the grid applies it at once, without, "Apply selection" does. */
async function select(page: Page, js: boolean, usernames: string[]) {
  for (const name of usernames) {
    const box = page.getByRole("checkbox", { name: `Select ${name}`, exact: true });
    await box.check();
    if (js) await expect(page).toHaveURL(/sel=\d+/);
  }
  if (!js) await page.getByRole("button", { name: "Apply selection" }).click();
  for (const name of usernames)
    await expect(page.getByRole("checkbox", { name: `Select ${name}`, exact: true })).toBeChecked();
}

async function pick(page: Page, scope: Locator, label: string, option: string) {
  const field = scope.getByLabel(label, { exact: true });
  if ((await field.evaluate((el) => el.tagName)) === "SELECT") {
    await field.selectOption({ label: option });
  } else {
    await scope.getByRole("button", { name: new RegExp(label) }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }
}

test("the grid searches, sorts, pages, keeps the selection across a reload, and saves columns", async ({
  page,
  open,
}, info) => {
  const js = hasJs(info);
  const prefix = `grid-${info.project.name}-${Date.now()}`;
  await signIn(page, info.project.name);
  await createUsers(page.request, [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`]);

  await open(`${GRID}?q=${prefix}&n=2`);
  await expect(page.getByRole("heading", { name: "Manage users", level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-count")).toHaveText("3 users");
  const rows = page.getByRole("table", { name: "Users" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expectAccessible(page, info, "users grid");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("cell", { name: `${prefix}-c`, exact: true })).toBeVisible();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await page.getByRole("link", { name: "First" }).click();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();

  // Sorting by username, descending, puts c first.
  await page.getByRole("link", { name: /^Username/ }).click();
  await expect(rows.nth(1)).toContainText(`${prefix}-c`);

  // The selection survives a reload and a new search, and the dropdown lists and removes it.
  await select(page, js, [`${prefix}-c`]);
  await page.reload();
  // Typed before hydration, the search would never run: the box searches as one types.
  await waitForHydration(page, info);
  await expect(
    page.getByRole("checkbox", { name: `Select ${prefix}-c`, exact: true }),
  ).toBeChecked();
  const search = page.getByRole("searchbox", { name: "Search users" });
  await search.fill(`${prefix}-b`);
  if (!js)
    await page
      .getByRole("search", { name: "Users" })
      .getByRole("button", { name: "Search", exact: true })
      .click();
  await expect(page.getByTestId("user-count")).toHaveText("one user");
  await expect(page).toHaveURL(new RegExp(`q=${prefix}-b`));
  await page.getByText("One user selected").click();
  const chosen = page.getByRole("list", { name: "Selected users" });
  await expect(chosen).toContainText(`${prefix}-c`);
  await chosen.getByRole("link", { name: `Remove ${prefix}-c from the selection` }).click();
  await expect(page.getByText("No users selected")).toBeVisible();

  // The column chooser: show Company, then hide it again.
  const header = page.getByRole("table", { name: "Users" }).getByRole("link", { name: "Company" });
  await expect(header).toHaveCount(0);
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Company", exact: true }).check();
  await page.getByRole("button", { name: "Save columns" }).click();
  await expectToast(page, "The columns are saved.");
  await expect(header).toBeVisible();
  await open(`${GRID}?q=${prefix}`);
  await page.getByText("Columns", { exact: true }).click();
  await page.getByRole("checkbox", { name: "Company", exact: true }).uncheck();
  await page.getByRole("button", { name: "Save columns" }).click();
  await expectToast(page, "The columns are saved.");
  await expect(header).toHaveCount(0);
});

test("add with every error at once, then add, edit and delete a user", async ({
  page,
  open,
  request,
}, info) => {
  const name = `ed-${info.project.name}-${Date.now()}`;
  await signIn(page, info.project.name);
  await open(`${GRID}?q=${name}`);
  await page.getByRole("link", { name: "Add user" }).click();
  await expect(page.getByRole("heading", { name: "Add user", level: 1 })).toBeVisible();
  const editor = page.locator("form#user-editor");
  await editor.getByLabel("E-mail").fill("not-an-address");
  await editor.getByLabel("Password", { exact: true }).fill("long-enough-1");
  await editor.getByLabel("Confirm password").fill("different-1");
  await editor.getByRole("button", { name: "Add user" }).click();
  const summary = page.getByTestId("error-summary");
  for (const message of [
    "Username is a required field.",
    "First name is a required field.",
    "Last name is a required field.",
    "Enter a valid e-mail address",
    "The passwords do not match.",
  ])
    await expect(summary).toContainText(message);
  await expect(editor.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, info, "user editor with errors");

  await editor.getByLabel("Username").fill(name);
  await editor.getByLabel("First name").fill("Edna");
  await editor.getByLabel("Last name").fill("Editor");
  await editor.getByLabel("E-mail").fill(`${name}@example.com`);
  let generated = "";
  if (hasJs(info)) {
    // The generator fills both fields with 32 characters and shows them once, to pass on.
    await editor.getByRole("button", { name: "Generate password" }).click();
    const shown = editor.getByTestId("generated-password").locator("code");
    await expect(shown).toHaveText(/^[A-Za-z0-9_-]{32}$/);
    generated = (await shown.textContent())!;
  } else {
    await editor.getByLabel("Password", { exact: true }).fill("");
    await editor.getByLabel("Confirm password").fill("");
  }
  await editor.getByRole("button", { name: "Add user" }).click();
  await expectToast(page, `${name} is added.`);
  if (generated) {
    // The new person signs in with it (a request context of its own, not this page's session).
    const theirs = await request.post("/fotoweb/views/login", {
      form: { mode: "user", username: name, password: generated, to: "/fotoweb/" },
      maxRedirects: 0,
    });
    expect(theirs.status()).toBe(302);
  }
  await expect(page).toHaveURL(new RegExp(`${GRID}\\?q=${name}`));
  const row = page.getByTestId(`user-row-${name}`);
  await expect(row).toContainText("Edna Editor");

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await page.locator("form#user-editor").getByLabel("First name").fill("Edwina");
  await page.locator("form#user-editor").getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} is saved.`);
  await expect(row).toContainText("Edwina Editor");

  await row.getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: `Delete ${name}` })).toBeVisible();
  await page.getByRole("button", { name: "Delete user", exact: true }).click();
  await expectToast(page, `${name} is deleted.`);
  await expect(row).toHaveCount(0);
  expect(await apiUsers(page.request, name)).toEqual([]);
});

test("bulk dialogs set company, license, access and expiry, then delete several", async ({
  page,
  open,
}, info) => {
  const js = hasJs(info);
  const prefix = `bulk-${info.project.name}-${Date.now()}`;
  const names = [`${prefix}-a`, `${prefix}-b`];
  await signIn(page, info.project.name);
  await createUsers(page.request, names);
  await open(`${GRID}?q=${prefix}`);
  await select(page, js, names);

  const dialog = async (button: string, title: string, lead = "Applies to 2 users:") => {
    await page.getByRole("button", { name: button, exact: true }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(lead)).toBeVisible();
    return page.getByRole("main");
  };

  let main = await dialog("Set company", "Set company");
  await expectAccessible(page, info, "bulk company dialog");
  await main.getByRole("textbox", { name: "Company" }).fill("Bulk & Co");
  await main.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, "2 users updated.");
  await expect(page.getByText("2 users selected")).toBeVisible();

  main = await dialog("Set license", "Set license and concurrency mode");
  await pick(page, main, "License level", "Editor");
  await main.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, "2 users updated.");

  main = await dialog("Set access", "Set access");
  await choose(main, "Disabled");
  await main.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, "2 users updated.");
  await expect(page.getByTestId(`user-row-${names[0]}`)).toContainText("Disabled");

  main = await dialog("Set expiry date", "Set expiry date");
  await main
    .getByRole("textbox", { name: "Expiry date" })
    .or(main.locator("input[name=expires]"))
    .first()
    .fill("2031-05-06");
  await main.getByRole("button", { name: "Apply" }).click();
  await expectToast(page, "2 users updated.");

  const users = await apiUsers(page.request, prefix);
  expect(
    users.map((u) => [u.company, u.license.level, u.account.isEnabled, u.account.expires]),
  ).toEqual([
    ["Bulk & Co", "Editor", false, "2031-05-06T23:59:59.000Z"],
    ["Bulk & Co", "Editor", false, "2031-05-06T23:59:59.000Z"],
  ]);

  main = await dialog("Delete users", "Delete users", "Delete these 2 users?");
  await expect(main).toContainText(names[0]!);
  await main.getByRole("button", { name: "Delete users" }).click();
  await expectToast(page, "2 users deleted.");
  await expect(page.getByText("No users selected")).toBeVisible();
  expect(await apiUsers(page.request, prefix)).toEqual([]);
});

test("the editor shows one tab's fieldsets at a time with JavaScript, every section without", async ({
  page,
  open,
}, info) => {
  const name = `tabs-${info.project.name}-${Date.now()}`;
  await signIn(page, info.project.name);
  await createUsers(page.request, [name]);
  const [user] = await apiUsers(page.request, name);
  await open(`${GRID}/${user!.id}`);
  const editor = page.locator("form#user-editor");
  const shown = editor.locator("fieldset:visible > legend");
  const general = ["User information", "Authentication", "Access", "Groups", "Licensing"];
  const details = ["Description and homepage", "Address", "Payment", "Business", "Telephone"];
  if (hasJs(info)) {
    await expect(shown).toHaveText(general);
    await editor.getByRole("tab", { name: "Details" }).click();
    await expect(shown).toHaveText(details);
    await editor.getByRole("tab", { name: "Custom properties" }).click();
    await expect(shown).toHaveText(["Custom properties"]);
    await expectAccessible(page, info, "user editor, custom properties tab");
    await editor.getByRole("tab", { name: "Details" }).click();
  } else {
    // The fallback: the three parts one after another, under their headings, in one form.
    for (const heading of ["General", "Details", "Custom properties"])
      await expect(editor.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    await expect(shown).toHaveText([...general, ...details, "Custom properties"]);
  }
  // Either way a field of the second part is saved with the rest.
  await editor.getByLabel("City").fill("Bergen");
  await editor.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `${name} is saved.`);
  await open(`${GRID}/${user!.id}`);
  if (hasJs(info)) await editor.getByRole("tab", { name: "Details" }).click();
  await expect(editor.getByLabel("City")).toHaveValue("Bergen");
});

test("the editor's error summary names fields by their labels and leads to them", async ({
  page,
  open,
}, info) => {
  const js = hasJs(info);
  const name = `labels-${info.project.name}-${Date.now()}`;
  await signIn(page, info.project.name);
  await createUsers(page.request, [name]);
  const [user] = await apiUsers(page.request, name);
  await open(`${GRID}/${user!.id}`);
  const editor = page.locator("form#user-editor");
  if (js) await editor.getByRole("tab", { name: "Details" }).click();
  await editor.getByLabel("Zip code").fill("9".repeat(60));
  if (js) await editor.getByRole("tab", { name: "Custom properties" }).click();
  await editor.getByLabel("Key 1", { exact: true }).fill("k".repeat(120));
  await editor.getByLabel("Value 1", { exact: true }).fill("v");
  await editor.getByRole("button", { name: "Save" }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary.getByRole("link", { name: "Zip code", exact: true })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Key 1", exact: true })).toBeVisible();
  await expect(summary).not.toContainText("address.");
  await expect(summary).not.toContainText("properties[");
  await expectAccessible(page, info, "user editor with errors on two tabs");
  await summary.getByRole("link", { name: "Zip code", exact: true }).click();
  if (js) {
    await expect(editor.getByRole("tab", { name: /^Details/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(editor.getByLabel("Zip code")).toBeFocused();
  } else await expect(page).toHaveURL(/#user-details$/);
});
