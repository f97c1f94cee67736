import { expect, test } from "./fixtures";

/* Unknown pages: a 404 error panel inside the page shell, with details. */

test("an unknown page shows 'Page not found' in the shell with its request id", async ({
  page,
}) => {
  const response = await page.goto("/fotoweb/no-such-page?x=1");
  expect(response?.status()).toBe(404);
  const requestId = response?.headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle("Page not found | Arkiv");

  // The shell is there: header navigation, search and footer.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("search")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();

  const panel = page
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: "Page not found" }) });
  await expect(panel).toContainText("There is nothing at this address.");
  const details = panel.locator("details");
  await expect(details).not.toHaveAttribute("open", /.*/);
  await details.getByText("Details", { exact: true }).click();
  await expect(details).toHaveAttribute("open", "");
  const row = details.locator("div").filter({ has: page.locator("dt", { hasText: "Request ID" }) });
  await expect(row.locator("dd")).toHaveText(requestId!);

  await panel.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL("/fotoweb/");
});

test("a page that needs a user sends a visitor to log on and back", async ({ page, open }) => {
  await open("/fotoweb/me/pins/");
  await expect(page).toHaveURL("/fotoweb/views/login?to=%2Ffotoweb%2Fme%2Fpins%2F");
  await expect(page.getByRole("heading", { name: "Log on", level: 1 })).toBeVisible();
});
