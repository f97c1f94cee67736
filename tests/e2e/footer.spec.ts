import { TAXONOMY_ADMIN_LIGHT } from "./taxonomy-admin";
import { PASSWORD } from "./users";
import { expect, hasJs, signInQuietly, test } from "./fixtures";

/* The footer's cookie policy link, and with JavaScript the floating footer. */

test("the footer links to the cookie policy in a new tab", async ({ page, open }) => {
  await open("/fotoweb/");
  const link = page.getByRole("contentinfo").getByRole("link", { name: /Cookie policy/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAccessibleName("Cookie policy (opens in a new tab)");
  const [policy] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await policy.waitForLoadState();
  await expect(policy).toHaveURL("/fotoweb/views/cookie-policy");
  await expect(policy.getByRole("heading", { name: "Cookie policy", level: 1 })).toBeVisible();
  await expect(policy.getByRole("main")).toContainText("arkiv_session");
});

test("a floating footer with an info toggle shows while the footer is out of view", async ({
  page,
  open,
}, info) => {
  test.skip(
    !hasJs(info),
    "the floating footer is added by script; without it the page footer is the only one",
  );
  // A signed-in user has no cookie banner along the bottom edge.
  await signInQuietly(page, "alice", PASSWORD);
  await page.setViewportSize({ width: 1024, height: 300 });
  await open("/fotoweb/");
  const floating = page.getByTestId("floating-footer");
  // Checked 2 s after start.
  await expect(floating).toBeVisible({ timeout: 4_000 });
  const toggle = floating.getByRole("button", { name: "Site information" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(floating.getByRole("link", { name: /Cookie policy/ })).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(floating.getByRole("link", { name: /Cookie policy/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");

  // Scrolling the real footer into view hides it; scrolling back shows it again.
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(floating).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId("floating-footer")).toBeVisible();
});

test("no floating footer while the page footer is in view", async ({ page, open }, info) => {
  test.skip(!hasJs(info), "the floating footer is added by script");
  // The page's clock is the test's: moved past the check made 2 s after start, so that check has
  // run when the test looks, however slow the machine.
  await page.clock.install();
  await open("/fotoweb/");
  await expect(page.getByRole("contentinfo")).toBeInViewport();
  await page.clock.runFor(2_300);
  await expect(page.getByTestId("floating-footer")).toHaveCount(0);
  // The same page does float it once the footer leaves the view: the check above was live.
  await page.setViewportSize({ width: 1024, height: 300 });
  await expect(page.getByTestId("floating-footer")).toBeVisible();
});

test("the cookie policy link takes a real click after moving to a short page (issue 31)", async ({
  page,
  open,
}, info) => {
  // Signed in: no cookie banner along the bottom edge. The user has no albums, so the albums
  // page is short enough for its footer to be in view.
  await signInQuietly(page, TAXONOMY_ADMIN_LIGHT, PASSWORD);
  await page.setViewportSize({ width: 1024, height: 700 });
  await open("/fotoweb/archives/");
  if (hasJs(info))
    await expect(page.getByTestId("floating-footer")).toBeVisible({ timeout: 4_000 });
  // In the app (a client-side navigation with JavaScript, a page load without).
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Albums" })
    .click();
  await expect(page).toHaveURL(/\/fotoweb\/albums\/$/);
  const footer = page.getByRole("contentinfo");
  await expect(footer).toBeInViewport();
  await expect(page.getByTestId("floating-footer")).toHaveCount(0);
  // A real click at the link's far end, where the floating button sat: it fails if anything
  // lies over that point.
  const link = footer.getByRole("link", { name: /Cookie policy/ });
  const box = (await link.boundingBox())!;
  const [policy] = await Promise.all([
    page.context().waitForEvent("page"),
    link.click({ position: { x: box.width - 3, y: box.height / 2 }, timeout: 5_000 }),
  ]);
  await policy.waitForLoadState();
  await expect(policy).toHaveURL("/fotoweb/views/cookie-policy");
});
