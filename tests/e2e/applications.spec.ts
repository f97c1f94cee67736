import { readPlaywrightJson } from "../helpers/api-contract";
import { ADMIN, PASSWORD } from "./users";
import { choose, expect, expectAccessible, expectToast, signInQuietly, test } from "./fixtures";

/*
 * The applications page (decision 028), JavaScript on and off: every error at once by its field,
 * registering with the secret shown once, an API token that works, delete after confirming; axe
 * (its colours in light and dark).
 */

const PAGE = "/fotoweb/views/management/applications";

test("the owner reaches applications from site settings; the page passes axe in light and dark", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open("/fotoweb/views/management");
  await page.getByRole("main").getByRole("link", { name: "Applications" }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByRole("heading", { name: "Applications", level: 1 })).toBeVisible();
  await expectAccessible(page, info, "applications");
});

test("register with errors shown by their fields, then register, use the token, delete", async ({
  page,
  open,
  request,
}, info) => {
  const name = `Sync ${info.project.name} ${Date.now()}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(PAGE);
  const form = page.getByRole("main").getByRole("region", { name: "Register an application" });
  const clientCredentials = form.getByRole("checkbox", { name: /Client credentials/ });
  // The native input is visually hidden inside react-aria's label, which takes the pointer.
  await clientCredentials.locator("xpath=ancestor::label[1]").click();
  await expect(clientCredentials).toBeChecked();
  await form.getByLabel("Redirect URIs").fill("ftp://not-allowed");
  await form.getByRole("button", { name: "Register application" }).click();
  await expect(form.getByText("Enter a name")).toBeVisible();
  await expect(form.getByText("must use https")).toBeVisible();
  await expect(form.getByText("Choose the user whose rights")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, info, "applications with errors");

  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Redirect URIs").fill("");
  await expect(clientCredentials).toBeChecked();
  const user = form.getByLabel("Acts as user");
  if ((await user.evaluate((el) => el.tagName)) === "SELECT") {
    await user.selectOption({ label: "Alice Light (alice)" });
  } else {
    await form.getByRole("button", { name: /Acts as user/ }).click();
    await page.getByRole("option", { name: "Alice Light (alice)" }).click();
  }
  await form.getByRole("button", { name: "Register application" }).click();
  const secret = page.getByTestId("revealed-secret");
  await expect(secret).toContainText(`The client secret of ${name}`);
  await expect(page.getByTestId("secret-value")).toHaveText(/^[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, info, "applications with a new secret");

  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await item.getByRole("button", { name: "Issue API token" }).click();
  await expect(page.getByTestId("revealed-secret")).toContainText("The API token of");
  const token = (await page.getByTestId("secret-value").textContent())!.trim();
  const me = await request.get("/fotoweb/me/", {
    headers: { fwapitoken: token, accept: "application/vnd.fotoware.full-api-descriptor+json" },
  });
  expect(me.status()).toBe(200);
  expect(JSON.stringify(await readPlaywrightJson(me))).toContain("alice");
  // Shown once: it is gone when the page is opened again.
  await open(PAGE);
  await expect(page.getByTestId("revealed-secret")).toHaveCount(0);

  await item.getByRole("link", { name: `Delete ${name}…` }).click();
  await expect(item.getByRole("alert")).toContainText(`Delete ${name}?`);
  await item.getByRole("button", { name: "Delete application" }).click();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  const after = await request.get("/fotoweb/me/", {
    headers: { fwapitoken: token, accept: "application/vnd.fotoware.full-api-descriptor+json" },
  });
  expect(after.status()).toBe(401);
});

test("a user who is not the site owner is refused", async ({ page }) => {
  await signInQuietly(page, "alice", PASSWORD);
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main")).not.toContainText("Register application");
});

test("register a Native / mobile application: public, no secret shown, then delete it", async ({
  page,
  open,
}, info) => {
  const name = `Picker ${info.project.name} ${Date.now()}`;
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(PAGE);
  const form = page.getByRole("main").getByRole("region", { name: "Register an application" });
  await form.getByLabel("Name").fill(name);
  await choose(form, "Native / mobile, or single-page app: no secret, signs in with PKCE");
  for (const grant of [/Client credentials/, /Authorization code/]) {
    const box = form.getByRole("checkbox", { name: grant });
    await box.locator("xpath=ancestor::label[1]").click();
    await expect(box).toBeChecked();
  }
  await form.getByLabel("Redirect URIs").fill("https://picker.example/callback");
  await form.getByRole("button", { name: "Register application" }).click();
  // A public client may not hold client credentials: shown by the grants, nothing registered.
  await expect(form.getByText("may use only the authorization code")).toBeVisible();
  await expectAccessible(page, info, "applications with a public client's error");

  const credentials = form.getByRole("checkbox", { name: /Client credentials/ });
  await credentials.locator("xpath=ancestor::label[1]").click();
  await expect(credentials).not.toBeChecked();
  await form.getByRole("button", { name: "Register application" }).click();
  await expectToast(page, `${name}`);
  await expect(page.getByTestId("revealed-secret")).toHaveCount(0);
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(item).toContainText("Public (PKCE, no secret)");
  await expect(item.getByRole("button", { name: "Issue API token" })).toHaveCount(0);

  await item.getByRole("link", { name: `Delete ${name}…` }).click();
  await item.getByRole("button", { name: "Delete application" }).click();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
});
