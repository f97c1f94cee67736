import { ADMIN, PASSWORD } from "./users";
import { expect, expectAccessible, expectToast, signInQuietly, test } from "./fixtures";

/*
 * Site settings, for the site owner only. They are shared by every test, so this file runs in
 * projects of its own after the others (playwright.config.ts) and puts back what it changes.
 */

const MANAGEMENT = "/fotoweb/views/management";

test("the owner reaches site settings from the user menu; the page passes axe in light and dark", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open("/fotoweb/");
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Site settings" }).click();
  await expect(page).toHaveURL(MANAGEMENT);
  await expect(page.getByRole("heading", { name: "Site settings", level: 1 })).toBeVisible();
  await expectAccessible(page, info, "site settings");
});

test("every sentence on the page is followed by a space before the next", async ({
  page,
  open,
}) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(MANAGEMENT);
  const text = await page.getByRole("main").innerText();
  // Sentences ending in text and going on in a link were joined: "offer.Metadata".
  expect(text).toContain("offer. Metadata fields and views: what archives show. Archives:");
  expect(text.match(/[a-z)][.:;!?][A-Z]/g) ?? []).toEqual([]);
});

test("every invalid field is reported at once, by its field, and nothing is saved", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(MANAGEMENT);
  const main = page.getByRole("main");
  await main.getByLabel("Site name").fill("   ");
  await main.getByLabel("Origins allowed to call the API").fill("ftp://files.example.com");
  await main.getByLabel("Cookie banner title").fill("Changed, but not saved");
  await main.getByRole("button", { name: "Save settings" }).click();

  await expect(main.getByText("Enter a site name")).toBeVisible();
  await expect(main.getByText('"ftp://files.example.com" is not an origin')).toBeVisible();
  await expect(main.getByLabel("Site name")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, info, "site settings with errors");

  await open(MANAGEMENT);
  await expect(main.getByLabel("Site name")).toHaveValue("Arkiv");
  // Empty: the built-in text, in each visitor's language (decision 116).
  await expect(main.getByLabel("Cookie banner title")).toHaveValue("");
});

test("the owner renames the site and the footer follows; then puts the name back", async ({
  page,
  open,
}) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(MANAGEMENT);
  const main = page.getByRole("main");
  await main.getByLabel("Site name").fill("Harbour Archive");
  await main.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Site settings saved.");
  await expect(page).toHaveURL(MANAGEMENT);
  await expect(page.getByRole("contentinfo").first()).toContainText("Harbour Archive");

  await open(MANAGEMENT);
  await expect(main.getByLabel("Site name")).toHaveValue("Harbour Archive");
  await main.getByLabel("Site name").fill("Arkiv");
  await main.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Site settings saved.");
  await expect(page.getByRole("contentinfo").first()).toContainText(
    "Arkiv: digital asset management",
  );
});

test("a user who is not the site owner is refused, and the menu has no link", async ({
  page,
  open,
}) => {
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/");
  const menu = page.getByTestId("user-menu");
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Change password" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Site settings" })).toHaveCount(0);
  const response = await page.goto(MANAGEMENT);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main")).not.toContainText("Save settings");
});

test("the origins allowed to call the API: a wrong one is shown by its field, a list is saved (decision 110)", async ({
  page,
  open,
}, info) => {
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  await open(MANAGEMENT);
  const main = page.getByRole("main");
  const origins = main.getByLabel("Origins allowed to call the API");
  const before = await origins.inputValue();
  await origins.fill("https://cms.example/studio");
  await main.getByRole("button", { name: "Save settings" }).click();
  await expect(main.getByText('"https://cms.example/studio" is not an origin')).toBeVisible();
  await expect(origins).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, info, "site settings with a wrong origin");

  await origins.fill("https://CMS.example/\nhttp://localhost:3333");
  await main.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Site settings saved.");
  await open(MANAGEMENT);
  await expect(origins).toHaveValue("https://cms.example\nhttp://localhost:3333");
  const api = await page.request.get("/fotoweb/", {
    headers: { origin: "http://localhost:3333", accept: "application/json" },
  });
  expect(api.headers()["access-control-allow-origin"]).toBe("http://localhost:3333");

  await origins.fill(before);
  await main.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Site settings saved.");
});
