import { PASSWORD, projectUser } from "./users";
import { choose, expect, expectToast, signInQuietly, test } from "./fixtures";

/* Changing one's own password from the user menu (the forced change is in auth.spec.ts). */

test("a user changes the password from the user menu; only the new one signs in after", async ({
  page,
  open,
}, info) => {
  const username = projectUser("password", info.project.name);
  const newPassword = `new-${username}-secret`;
  await signInQuietly(page, username, PASSWORD);
  await open("/fotoweb/albums/");
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL("/fotoweb/views/change-password");

  const main = page.getByRole("main");
  // A wrong current password is reported by its field and changes nothing.
  await main.getByLabel("Current password").fill("not-my-password");
  await main.getByLabel("New password", { exact: true }).fill(newPassword);
  await main.getByLabel("Confirm new password").fill(newPassword);
  await main.getByRole("button", { name: "Change password" }).click();
  await expect(main.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/fotoweb/views/change-password");

  // Too short and mismatched at once: both shown.
  await main.getByLabel("Current password").fill(PASSWORD);
  await main.getByLabel("New password", { exact: true }).fill("short");
  await main.getByLabel("Confirm new password").fill("shorter");
  await main.getByRole("button", { name: "Change password" }).click();
  await expect(main.getByText("Use at least 8 characters")).toBeVisible();
  await expect(main.getByText("The passwords do not match")).toBeVisible();

  await main.getByLabel("Current password").fill(PASSWORD);
  await main.getByLabel("New password", { exact: true }).fill(newPassword);
  await main.getByLabel("Confirm new password").fill(newPassword);
  await main.getByRole("button", { name: "Change password" }).click();
  await expectToast(page, "Your password was changed.");
  await expect(page.getByTestId("user-menu")).toBeVisible();

  // Log out, then the old password is refused and the new one works.
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("user-menu").getByRole("button", { name: "Log out" }).click();
  await expectToast(page, "You have logged out.");
  await open("/fotoweb/views/login");
  await choose(main, "User");
  await main.getByLabel("User name").fill(username);
  await main.getByLabel("Password").fill(PASSWORD);
  await main.getByRole("button", { name: "OK" }).click();
  await expect(main.getByRole("alert")).toHaveText("Invalid user name or password.");
  await signInQuietly(page, username, newPassword);
});
