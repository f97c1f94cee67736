import { PASSWORD } from "./users";
import { expect, expectAccessible, hasJs, signInQuietly, test } from "./fixtures";

/* The cookie consent banner: shown to visitors who are not signed in as a user until accepted. */

test("a visitor accepts the cookie banner and it stays hidden", async ({ page, open }, info) => {
  await open("/fotoweb/archives/?q=xylophone");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner.getByRole("heading", { name: "Cookies on this site" })).toBeVisible();
  // The Markdown body is rendered, its link included.
  await expect(banner.getByRole("link", { name: "cookie policy" })).toHaveAttribute(
    "href",
    "/fotoweb/views/cookie-policy",
  );
  await expect(banner.locator("strong")).toHaveText("strictly necessary");

  if (hasJs(info)) {
    // In place: the page is not loaded again.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
  }
  // The banner hides as soon as the post starts; the cookie exists only once it is answered.
  const answered = page.waitForResponse(
    (r) => r.url().includes("/cookie-consent") && r.request().method() === "POST",
  );
  await banner.getByRole("button", { name: "Accept" }).click();
  await answered;
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  // Without JavaScript the post redirects back to the same page, query included.
  await expect(page).toHaveURL("/fotoweb/archives/?q=xylophone");
  if (hasJs(info)) expect(await page.evaluate(() => "stillHere" in window)).toBe(true);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Archives", level: 1 })).toBeVisible();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  await open("/fotoweb/albums/");
  await expect(page.getByRole("heading", { name: "Albums", level: 1 })).toBeVisible();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
});

test("a signed-in user is not shown the cookie banner", async ({ page, open }) => {
  await open("/fotoweb/");
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  await signInQuietly(page, "alice", PASSWORD);
  await open("/fotoweb/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
});

test.describe("in Norwegian", () => {
  test.use({ locale: "nb-NO" });

  test("a visitor reads the built-in banner and policy in Norwegian and accepts", async ({
    page,
    open,
  }, info) => {
    await open("/fotoweb/albums/");
    const banner = page.getByTestId("cookie-banner");
    await expect(
      banner.getByRole("heading", { name: "Informasjonskapsler på dette nettstedet" }),
    ).toBeVisible();
    await expect(banner.locator("strong")).toHaveText("strengt nødvendige");
    await expectAccessible(page, info, "the cookie banner in Norwegian");
    await open("/fotoweb/views/cookie-policy");
    await expect(page).toHaveTitle("Retningslinjer for informasjonskapsler | Arkiv");
    await expect(
      page.getByRole("heading", { name: "Retningslinjer for informasjonskapsler", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("main")).toContainText("arkiv_locale");

    await open("/fotoweb/albums/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Godta" }).click();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await expect(page).toHaveURL("/fotoweb/albums/");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
  });
});
