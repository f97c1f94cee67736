import { readPlaywrightJson } from "../helpers/api-contract";
import { ADMIN } from "./users";
import { expect, expectAccessible, expectToast, signInQuietly, test } from "./fixtures";

/*
 * Handing the site over (spec 002, decision 034), JavaScript on and off: the site owner confirms,
 * sees the "site owner changed" notice, and its OK logs out; the heir then owns the site and
 * hands it back through the API. It changes who owns the site, so it runs alone, after every other
 * spec (the owner-* projects of playwright.config.ts).
 */

const GRID = "/fotoweb/views/admin/users";

test("the site owner hands the site over, the notice's OK logs out, and it comes back", async ({
  page,
  open,
  browser,
}, info) => {
  const heir = `heir-${info.project.name}-${Date.now()}`;
  const password = "heir-password-123";
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const created = await page.request.post("/fotoweb/api/users", {
    headers: { accept: "application/json" },
    data: {
      username: heir,
      address: { givenName: "Heir", surname: "Apparent", email: `${heir}@example.com` },
      account: { password, confirmPassword: password, externalIds: [] },
    },
  });
  expect(created.status()).toBe(200);
  const { href } = await readPlaywrightJson<{ href: string }>(created, "POST");

  await open(`${GRID}?q=${heir}`);
  await page.getByRole("link", { name: `Set as site owner for ${heir}` }).click();
  await expect(page.getByRole("heading", { name: "Set a new site owner" })).toBeVisible();
  await expectAccessible(page, info, "site-owner confirmation");
  await page.getByRole("button", { name: "Set as site owner" }).click();
  await expect(page.getByRole("heading", { name: "Site owner changed" })).toBeVisible();
  await expect(page.getByText(`${heir} is now the site owner.`)).toBeVisible();
  await expectAccessible(page, info, "site owner changed notice");
  await page.getByRole("button", { name: "OK" }).click();
  await expectToast(page, "You have logged out.");
  expect((await page.request.get(`${GRID}`)).status()).toBe(404);

  // The heir owns the site now, and gives it back.
  const context = await browser.newContext();
  try {
    const heirPage = await context.newPage();
    await signInQuietly(heirPage, heir, password);
    const [owner] = await readPlaywrightJson<{ href: string; isSiteOwner: boolean }[]>(
      await heirPage.request.get(`/fotoweb/api/users?q=${ADMIN.username}`, {
        headers: { accept: "application/json" },
      }),
    );
    const back = await heirPage.request.put("/fotoweb/api/site-owner", {
      headers: { accept: "application/json" },
      data: { user: owner!.href },
    });
    expect(back.status()).toBe(204);
    const gone = await heirPage.request.delete(href, { headers: { accept: "application/json" } });
    expect(gone.status()).toBe(404);
  } finally {
    await context.close();
  }
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const deleted = await page.request.delete(href, { headers: { accept: "application/json" } });
  expect(deleted.status()).toBe(204);
});
