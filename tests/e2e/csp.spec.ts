import type { Page } from "@playwright/test";
import { seededAssets, type SeededAsset } from "./assets";
import { expect, hasJs, signInQuietly, test, waitForHydration } from "./fixtures";
import { BROWSE_ARCHIVE, PASSWORD } from "./users";

/*
 * The Content-Security-Policy holds in the browser: no page, once hydrated, makes the browser
 * refuse a script or a style (issue 13, hole 11: react-aria injected a <style> element without
 * the response's nonce). Violations are caught twice, as `securitypolicyviolation` events
 * (listened to before any of the page's scripts run) and as console errors. Only with
 * JavaScript: without it nothing is injected and no listener can run.
 */

test.describe.configure({ timeout: 120_000 });

let asset: SeededAsset;

test.beforeAll(async ({ baseURL }) => {
  asset = (await seededAssets(baseURL!, BROWSE_ARCHIVE, 1))[0]!;
});

interface Watch {
  console: string[];
}

async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { console: [] };
  page.on("console", (message) => {
    if (/content.security.policy/i.test(message.text())) seen.console.push(message.text());
  });
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = found;
    document.addEventListener("securitypolicyviolation", (event) => {
      found.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return seen;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations);

/** Loads the page, waits for hydration and its effects, and returns what was refused there. */
async function visit(page: Page, url: string, seen: Watch) {
  seen.console.length = 0;
  await page.goto(url);
  await waitForHydration(page, test.info());
  // A frame more, for effects that inject styles after the first commit's.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const events = await violations(page);
  // The listener must have been installed, or an empty list would prove nothing.
  expect(events, `the listener ran on ${url}`).toBeDefined();
  return [...events!, ...seen.console];
}

test("no page breaks the Content-Security-Policy", async ({ page }) => {
  test.skip(!hasJs(test.info()), "violations come from scripts");
  const seen = await watch(page);

  expect(await visit(page, "/fotoweb/views/login", seen), "log-on page").toEqual([]);
  await signInQuietly(page, "alice", PASSWORD);
  for (const [name, url] of [
    ["start page", "/fotoweb/"],
    ["archive grid", asset.archiveHREF],
    ["asset page", asset.href],
  ] as const) {
    expect(await visit(page, url, seen), name).toEqual([]);
  }

  // The watch itself can see a refusal: a style element without the nonce is one.
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { outline: 0 }";
    document.head.append(style);
  });
  await expect.poll(async () => (await violations(page))?.length).toBe(1);
});
