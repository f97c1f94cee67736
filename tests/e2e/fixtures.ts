import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Locator, type Page, type TestInfo } from "@playwright/test";

/*
 * Shared helpers for the specs. `open` loads a page and, with JavaScript on, waits until React has
 * hydrated it, so a test of a scripted behaviour never clicks the server's HTML before the
 * handlers exist (that would quietly test the no-JavaScript path instead).
 */

export const hasJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;

/** True once React 18 has committed the hydration of the document (hydrateRoot(document, ...)). */
function hydrated() {
  const doc = document as unknown as Record<
    string,
    { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }
  >;
  const key = Object.keys(doc).find((k) => k.startsWith("__reactContainer$"));
  const state = key ? doc[key]?.stateNode?.current?.memoizedState : undefined;
  return state?.isDehydrated === false;
}

export async function waitForHydration(page: Page, info: TestInfo) {
  if (!hasJs(info)) return;
  await page.waitForFunction(hydrated);
  // Effects (listeners, the toast queue) run just after the commit.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

/**
 * Signs in through the log-on form's action (no UI), sharing the cookie with the page. Returns
 * where the server sends the user next.
 */
export async function signInQuietly(page: Page, username: string, password: string) {
  const response = await page.request.post("/fotoweb/views/login", {
    form: { mode: "user", username, password, to: "/fotoweb/" },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${username}`).toBe(302);
  return response.headers()["location"];
}

/** A toast with this text is shown (several may be stacked while earlier ones time out). */
export async function expectToast(page: Page, text: string | RegExp) {
  // Newest on top: an earlier toast with the same text may still be fading out below it.
  await expect(page.getByTestId("toast").filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Picks a react-aria radio the way a person does, by its label: the native input inside is
 * visually hidden, so the label (not the input) receives the pointer.
 */
export async function choose(scope: Locator | Page, name: string) {
  const radio = scope.getByRole("radio", { name, exact: true });
  await radio.locator("xpath=ancestor::label[1]").click();
  await expect(radio).toBeChecked();
}

export const test = base.extend<{ open: (url: string) => Promise<void> }>({
  open: async ({ page }, use, info) => {
    await use(async (url: string) => {
      await page.goto(url);
      await waitForHydration(page, info);
    });
  },
});

export { expect };

const analyze = (page: Page) =>
  new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();

/**
 * axe runs as a script in the page, which a context without JavaScript cannot do. The page as the
 * server sent it (scripts removed, so nothing hydrates) is shown at the same address in a second
 * context with scripts allowed, with the same colour scheme, and axe checks that copy.
 */
async function analyzeWithoutScripts(page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  const scheme = await page.evaluate(() =>
    matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
  );
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to run axe in");
  const context = await browser.newContext({
    javaScriptEnabled: true,
    colorScheme: scheme,
    viewport: page.viewportSize(),
  });
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await copy.goto(url);
    return await analyze(copy);
  } finally {
    await context.close();
  }
}

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

function describeViolations(violations: AxeResults["violations"]) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map(
          (n) =>
            `    - ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`,
        )
        .join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join("\n");
}

/**
 * Runs axe with the WCAG 2.1 A and AA rules; fails on serious or critical violations.
 *
 * Once per page markup and theme (decision 075): the server sends a page the same HTML with
 * JavaScript on or off, so in the flows the no-JavaScript run checks nothing again; a11y.spec.ts
 * checks every page's server HTML as sent, without scripts, and the flows check what scripts made.
 */
export async function expectAccessible(page: Page, info: TestInfo, label: string) {
  if (!hasJs(info) && !info.file.endsWith("a11y.spec.ts")) return;
  const results = hasJs(info) ? await analyze(page) : await analyzeWithoutScripts(page);
  const blocking = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) {
    await info.attach(`axe minor violations: ${label}`, {
      body: describeViolations(minor),
      contentType: "text/plain",
    });
  }
  expect(
    blocking.length,
    `axe found serious or critical violations on ${label}:\n${describeViolations(blocking)}`,
  ).toBe(0);
}
