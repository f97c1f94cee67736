import type { Locator, Page, TestInfo } from "@playwright/test";
import { ADMIN, REVIEWERS_GROUP } from "./users";
import {
  choose,
  expect,
  expectAccessible,
  expectToast,
  hasJs,
  signInQuietly,
  test,
  waitForHydration,
} from "./fixtures";

/*
 * Sign-ups and mail (decision 036), JavaScript on and off, one project after the other (the
 * setting is site-wide): the site owner turns sign-ups on with extra fields; a stranger signs up,
 * an administrator approves them into a group and they sign in; another is rejected; the approved
 * one forgets the password and sets a new one through the outbox. axe on each page (its colours
 * in light and dark).
 */

const FIELDS = "/fotoweb/views/admin/signup-fields";
const PENDING = "/fotoweb/views/admin/signups";
const OUTBOX = "/fotoweb/views/admin/outbox";
const SIGNUP = "/fotoweb/views/signup";

const stranger = (info: TestInfo, n: string) => {
  const username = `stranger${n}-${info.project.name}`;
  return {
    username,
    first: `Sam${n}`,
    last: `Stranger ${info.project.name}`,
    email: `${username}@example.org`,
    password: `${username}-secret`,
  };
};

/** A react-aria checkbox is ticked through its label (the input is visually hidden). */
async function tick(scope: Locator, name: string | RegExp, checked = true) {
  const box = scope.getByRole("checkbox", { name });
  if ((await box.isChecked()) !== checked) await box.locator("xpath=ancestor::label[1]").click();
  await expect(box).toBeChecked({ checked });
}

/** A choice in a SelectField: the native select before hydration, react-aria's after. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  const native = scope.locator("select").and(scope.getByLabel(label, { exact: true }));
  if ((await native.count()) > 0) {
    await native.selectOption({ label: option });
    return;
  }
  await scope.getByRole("button", { name: new RegExp(label) }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function asOwner(page: Page, open: (url: string) => Promise<void>, url: string) {
  await page.context().clearCookies();
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(url);
}

/** Every field of the sign-up form filled as it should be but the department, as given. */
async function fillDetails(page: Page, who: ReturnType<typeof stranger>, department: string) {
  const main = page.getByRole("main");
  await main.getByLabel("First name").fill(who.first);
  await main.getByLabel("Last name").fill(who.last);
  await main.getByLabel("E-mail address").fill(who.email);
  await main.getByLabel("User name").fill(who.username);
  await main.getByLabel("Password", { exact: true }).fill(who.password);
  await main.getByLabel("Confirm password").fill(who.password);
  await main.getByLabel(/^Department/).fill(department);
  await pick(page, main, "Role", "Photographer");
  await tick(main, /I accept the terms/);
}

async function signUp(page: Page, info: TestInfo, who: ReturnType<typeof stranger>) {
  const main = page.getByRole("main");
  await fillDetails(page, who, "NEWS");
  await main.getByRole("button", { name: "Sign up" }).click();
  await expect(main.getByTestId("signup-received")).toBeVisible();
  await waitForHydration(page, info);
}

test("the owner turns sign-ups on with extra fields, errors shown by their fields", async ({
  page,
  open,
}, info) => {
  await asOwner(page, open, "/fotoweb/views/management");
  await page.getByRole("main").getByRole("link", { name: "Sign-up settings" }).click();
  await expect(page).toHaveURL(FIELDS);
  await waitForHydration(page, info);
  const main = page.getByRole("main");

  // Start from no fields (the other project's run left its own).
  const removable = main.getByRole("checkbox", { name: "Remove this field" });
  for (let i = 0; i < (await removable.count()); i++) {
    const box = removable.nth(i);
    await box.locator("xpath=ancestor::label[1]").click();
    await expect(box).toBeChecked();
  }
  await tick(main, "Allow visitors to sign up");
  await tick(main, "Approvers choose groups for new accounts");
  let row = main.getByRole("group", { name: "Add a field" });
  await row.getByLabel("Label").fill("Department");
  await row.getByLabel("Pattern (text)").fill("^[A-Z]{2,4}$(");
  await main.getByRole("button", { name: "Save sign-up settings" }).click();
  await expect(main.getByText("This is not a valid regular expression")).toBeVisible();
  await expect(main.getByRole("group", { name: "Add a field" }).getByLabel("Label")).toHaveValue(
    "Department",
  );
  await expectAccessible(page, info, "sign-up settings with errors");

  row = main.getByRole("group", { name: "Add a field" });
  await row.getByLabel("Pattern (text)").fill("^[A-Z]{2,4}$");
  await row.getByLabel("Help text").fill("Two to four capital letters, e.g. NEWS");
  await tick(row, "Required");
  await main.getByRole("button", { name: "Save sign-up settings" }).click();
  await expectToast(page, "Sign-up settings saved.");
  // Each save's own result, so the next row is filled in the page the save rendered.
  await expect(main.getByRole("group", { name: "Field: Department" })).toBeVisible();
  await waitForHydration(page, info);

  row = main.getByRole("group", { name: "Add a field" });
  await row.getByLabel("Label").fill("Role");
  await pick(page, row, "Type", "Dropdown");
  await row.getByLabel("Choices (dropdown)").fill("Photographer\nEditor");
  await main.getByRole("button", { name: "Save sign-up settings" }).click();
  await expect(main.getByRole("group", { name: "Field: Role" })).toBeVisible();
  await waitForHydration(page, info);

  row = main.getByRole("group", { name: "Add a field" });
  await row.getByLabel("Label").fill("I accept the terms");
  await pick(page, row, "Type", "Checkbox");
  await tick(row, "Required");
  await main.getByRole("button", { name: "Save sign-up settings" }).click();
  await expectToast(page, "Sign-up settings saved.");
  await expect(main.getByRole("group", { name: "Field: Department" })).toBeVisible();
  await expect(main.getByRole("group", { name: "Field: Role" })).toBeVisible();
  await expect(main.getByRole("group", { name: "Field: I accept the terms" })).toBeVisible();
  await expectAccessible(page, info, "sign-up settings");
});

test("a stranger signs up, an administrator approves them into a group, and they sign in", async ({
  page,
  open,
}, info) => {
  const who = stranger(info, "1");
  await open("/fotoweb/views/login");
  await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(SIGNUP);
  await waitForHydration(page, info);
  const main = page.getByRole("main");

  // Everything wrong at once: every message by its field.
  await main.getByLabel("E-mail address").fill("not-an-address");
  await main.getByLabel(/^Department/).fill("news");
  await main.getByLabel("Password", { exact: true }).fill(who.password);
  await pick(page, main, "Role", "Editor");
  await main.getByRole("button", { name: "Sign up" }).click();
  await expect(main.getByText("First name is a required field")).toBeVisible();
  // What was typed comes back, but a password never does (without JavaScript, a new page).
  await expect(main.getByLabel("E-mail address")).toHaveValue("not-an-address");
  await expect(main.getByLabel(/^Department/)).toHaveValue("news");
  if (!hasJs(info)) {
    await expect(main.getByLabel("Role")).toHaveValue("Editor");
    await expect(main.getByLabel("Password", { exact: true })).toHaveValue("");
  } else await expect(main.getByRole("button", { name: /Editor/ })).toBeVisible();
  await expect(main.getByText("Last name is a required field")).toBeVisible();
  await expect(main.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(main.getByText("Choose a user name")).toBeVisible();
  await expect(main.getByText("Tick I accept the terms.")).toBeVisible();
  await expect(main.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  if (hasJs(info)) {
    // The browser runs no pattern a person typed (decision 069): with the rest right, the server
    // judges the department and says so by its field.
    await fillDetails(page, who, "news");
    await main.getByRole("button", { name: "Sign up" }).click();
  }
  await expect(main.getByLabel(/^Department/)).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, info, "sign-up with errors");

  await signUp(page, info, who);
  await expectAccessible(page, info, "sign-up received");

  await asOwner(page, open, PENDING);
  const row = page.getByTestId("pending-signup").filter({ hasText: who.email });
  // In the reader's zone, named (decision 101): "06 Dec, 05:50 UTC (2026)".
  await expect(row).toContainText(/\d{2} \w{3}, \d{2}:\d{2} \S+ \(\d{4}\)/);
  await expectAccessible(page, info, "pending sign-ups");
  await row.getByRole("link", { name: `Approve ${who.first} ${who.last}…` }).click();
  await waitForHydration(page, info);
  const approve = page.getByRole("form", { name: `Approve ${who.first} ${who.last}` });
  await tick(approve, REVIEWERS_GROUP);
  await approve.getByRole("button", { name: "Approve and create the account" }).click();
  await expectToast(page, `${who.first} ${who.last} is approved and has an account.`);
  await expect(page.getByTestId("pending-signup").filter({ hasText: who.email })).toHaveCount(0);

  await page.context().clearCookies();
  await open("/fotoweb/views/login");
  const login = page.getByRole("main");
  if (await login.getByRole("radio", { name: "User" }).count()) await choose(login, "User");
  await login.getByLabel("User name").fill(who.username);
  await login.getByLabel("Password").fill(who.password);
  await login.getByRole("button", { name: "OK" }).click();
  await expectToast(page, `Welcome, ${who.first} ${who.last}.`);
});

test("the administrator edits a sign-up's details, then rejects it", async ({
  page,
  open,
}, info) => {
  const who = stranger(info, "2");
  await open(SIGNUP);
  await signUp(page, info, who);

  await asOwner(page, open, PENDING);
  let row = page.getByTestId("pending-signup").filter({ hasText: who.email });
  await row.getByRole("link", { name: `Info about ${who.first} ${who.last}` }).click();
  await waitForHydration(page, info);
  const details = page.getByRole("form", { name: /Sign-up details/ });
  await expect(details.getByLabel("E-mail address")).toHaveValue(who.email);
  await expect(details.getByLabel("E-mail address")).toHaveAttribute("readonly", "");
  await details.getByLabel("Last name").fill("");
  await details.getByLabel(/^Department/).fill("x");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByText("Last name is a required field")).toBeVisible();
  await expect(details.getByText("Two to four capital letters, e.g. NEWS")).toBeVisible();
  await expectAccessible(page, info, "sign-up details with errors");
  await details.getByLabel("Last name").fill("Renamed");
  await details.getByLabel(/^Department/).fill("PIX");
  await details.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `The details of ${who.first} Renamed are saved.`);

  row = page.getByTestId("pending-signup").filter({ hasText: who.email });
  await expect(row).toContainText(`${who.first} Renamed`);
  await row.getByRole("link", { name: `Reject ${who.first} Renamed…` }).click();
  await waitForHydration(page, info);
  await page.getByRole("button", { name: "Reject the sign-up" }).click();
  await expectToast(page, `The sign-up of ${who.first} Renamed is rejected.`);
  await expect(page.getByTestId("pending-signup").filter({ hasText: who.email })).toHaveCount(0);

  await open(OUTBOX);
  const message = page
    .getByTestId("outbox-message")
    .filter({ hasText: who.email })
    .filter({ hasText: "Sign-up rejected" });
  await expect(message).toHaveCount(1);
  await expectAccessible(page, info, "outbox");
});

test("the approved stranger forgets the password and sets a new one through the outbox", async ({
  page,
  open,
}, info) => {
  const who = stranger(info, "1");
  const newPassword = `${who.password}-renewed`;
  await open("/fotoweb/views/login");
  await page.getByRole("main").getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/fotoweb/views/forgot-password");
  await waitForHydration(page, info);
  const main = page.getByRole("main");
  await main.getByLabel("User name or e-mail address").fill(who.email.toUpperCase());
  await main.getByRole("button", { name: "Send the link" }).click();
  await expect(main.getByTestId("reset-requested")).toBeVisible();
  await expectAccessible(page, info, "forgotten password, link requested");

  await asOwner(page, open, OUTBOX);
  const message = page
    .getByTestId("outbox-message")
    .filter({ hasText: who.email })
    .filter({ hasText: "Password reset" })
    .first();
  await message.getByText(/^Reset your password/).click();
  const body = message.getByTestId("outbox-body");
  await expect(body).toBeVisible();
  const link = /https?:\/\/\S+\/fotoweb\/views\/reset-password\/[A-Za-z0-9_-]{43}/.exec(
    (await body.textContent()) ?? "",
  )?.[0];
  expect(link).toBeTruthy();

  await page.context().clearCookies();
  await open(new URL(link!).pathname);
  const reset = page.getByRole("main");
  await expect(reset.getByText(who.username)).toBeVisible();
  await reset.getByLabel("New password", { exact: true }).fill("short");
  await reset.getByLabel("Confirm new password").fill("different");
  await reset.getByRole("button", { name: "Set the new password" }).click();
  await expect(reset.getByText("Use at least 8 characters")).toBeVisible();
  await expect(reset.getByText("The passwords do not match")).toBeVisible();
  await expectAccessible(page, info, "reset password with errors");
  await reset.getByLabel("New password", { exact: true }).fill(newPassword);
  await reset.getByLabel("Confirm new password").fill(newPassword);
  await reset.getByRole("button", { name: "Set the new password" }).click();
  await expectToast(page, "Your password was changed, and you are signed in.");

  // The link worked once; the old password no longer signs in, the new one does.
  const again = await page.request.get(new URL(link!).pathname);
  expect(again.status()).toBe(410);
  await page.context().clearCookies();
  const old = await page.request.post("/fotoweb/views/login", {
    form: { mode: "user", username: who.username, password: who.password, to: "/fotoweb/" },
    maxRedirects: 0,
  });
  expect(old.status()).toBe(400);
  await signInQuietly(page, who.username, newPassword);
});
