import { expect, hasJs, signInQuietly, test, waitForHydration } from "./fixtures";
import { readPlaywrightJson } from "../helpers/api-contract";
import { ADMIN, BROWSE_ARCHIVE } from "./users";

/*
 * The scripts load after the page (decision 031): none of the bundle's modules is requested
 * before the window's load event, and React then hydrates the server's document as it is. A
 * hydration that failed would still end hydrated, by rendering the document again in the browser,
 * so the test also listens for React's recoverable errors (#418, #423, #425 minified).
 */

const PAGES = ["/fotoweb/", "/fotoweb/archives/", "/fotoweb/views/login", "/fotoweb/me/pins/"];

test("the bundle loads after the page's load event, and hydrates the server's document", async ({
  page,
}) => {
  test.skip(!hasJs(test.info()), "about the scripts");
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  await signInQuietly(page, ADMIN.username, ADMIN.password);
  const archive = await page.request.get("/fotoweb/archives/", {
    headers: { Accept: "application/vnd.fotoware.collectionlist+json" },
  });
  const { data } = (await readPlaywrightJson(archive)) as {
    data: { name: string; href: string }[];
  };
  const grid = data.find((a) => a.name === BROWSE_ARCHIVE)!.href;

  for (const url of [...PAGES, grid]) {
    errors.length = 0;
    await page.goto(url);
    await waitForHydration(page, test.info());
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((r) => new URL(r.name).pathname.startsWith("/build/") && r.name.endsWith(".js"))
        .map((r) => r.startTime);
      return { load: navigation!.loadEventStart, scripts };
    });
    expect(timing.scripts.length, `${url} loaded its bundle`).toBeGreaterThan(0);
    for (const start of timing.scripts) expect(start, url).toBeGreaterThanOrEqual(timing.load);
    expect(
      errors.filter((e) => /hydrat|#41[89]|#42[35]/i.test(e)),
      url,
    ).toEqual([]);
  }
});

test("without JavaScript the page carries its bundle inert: nothing to fetch", async ({ page }) => {
  test.skip(hasJs(test.info()), "about the markup without scripts");
  const requested: string[] = [];
  page.on("request", (r) => r.url().endsWith(".js") && requested.push(r.url()));
  await page.goto("/fotoweb/archives/");
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  await expect(page.locator('script[type="module"]')).toHaveCount(0);
  expect(requested).toEqual([]);
});
