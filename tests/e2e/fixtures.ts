import fs from "node:fs";
import { createRequire } from "node:module";
import type axe from "axe-core";
import {
  expect,
  test as base,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";

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
  // And the render after it, where components swap to their scripted form (HydrationMark).
  return state?.isDehydrated === false && document.documentElement.dataset.hydrated === "true";
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

type Violation = axe.Result;

/*
 * The minified build of the same axe-core version: `axe.source` is the unminified axe.js, twice
 * the size, and a fresh page (every test's) compiles it again: about 1 s a check against 0.5 s
 * measured on a busy two-core machine.
 */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/*
 * axe runs in the page itself, injected once per document. @axe-core/playwright's default mode
 * opens a second page for every check to gather frames' results, which took 2 to 5 s a check on
 * a two-core machine against 0.2 to 1.5 s here (decision 076); the site renders no frames.
 */
async function runAxe(
  page: Page,
  only: { type: "tag" | "rule"; values: string[] },
  extraRules: readonly string[] = [],
) {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // Rules axe keeps off by default (experimental ones such as label-content-name-mismatch) run
  // only when named; a tag in runOnly does not bring them in.
  const rules = Object.fromEntries(extraRules.map((id) => [id, { enabled: true }]));
  return page.evaluate(
    ([runOnly, rules]): Promise<axe.AxeResults> =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly,
        rules,
        resultTypes: ["violations"],
      }),
    [only, rules] as const,
  );
}

/**
 * Every rule in the theme the page is painted in and, when asked, the colour rule in the other
 * theme on the same markup (decision 076). Each colour is a theme token assigned once at the root
 * by <html data-theme> (app/styles/theme.css.ts), so setting the attribute paints exactly the page
 * a user of the other theme gets; what differs between themes is colour, and only colour is
 * checked again. That the server paints each user's chosen theme is a11y.spec.ts's own test; that
 * every text token reads on every surface in both themes is tests/unit/theme-contrast.test.ts's
 * (decision 077), so the other theme is checked on a dozen representative pages, not on each.
 */
async function analyze(
  page: Page,
  bothThemes: boolean,
  extraRules: readonly string[] = [],
): Promise<Violation[]> {
  const painted = await runAxe(page, { type: "tag", values: WCAG }, extraRules);
  if (!bothThemes) return painted.violations;
  const before = await page.evaluate(() => {
    const root = document.documentElement;
    const theme = root.getAttribute("data-theme") ?? "light";
    const dark =
      theme === "dark" || (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
    root.setAttribute("data-theme", dark ? "light" : "dark");
    return { theme, other: dark ? "light" : "dark" };
  });
  try {
    const other = await runAxe(page, { type: "rule", values: ["color-contrast"] });
    return [
      ...painted.violations,
      ...other.violations.map((v) => ({ ...v, help: `${v.help} (in the ${before.other} theme)` })),
    ];
  } finally {
    await page.evaluate(
      (theme) => document.documentElement.setAttribute("data-theme", theme),
      before.theme,
    );
  }
}

/*
 * One scripted page per worker's browser shows every script-free copy that worker checks: a
 * context and a renderer started for each check cost more than the check on a two-core machine.
 */
const copyPages = new WeakMap<Browser, Page>();
async function copyPageIn(browser: Browser) {
  const known = copyPages.get(browser);
  if (known && !known.isClosed()) return known;
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  copyPages.set(browser, page);
  return page;
}

/**
 * axe runs as a script in the page, which a context without JavaScript cannot do (it closes the
 * page). The page as the server sent it (scripts and their preloads removed, so nothing hydrates)
 * is shown at the same address in a scripted page, with the same colour scheme and size, and axe
 * checks that copy.
 */
async function analyzeWithoutScripts(
  page: Page,
  bothThemes: boolean,
  served?: string,
  extraRules: readonly string[] = [],
) {
  const html = (served ?? (await page.content()))
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
  const url = page.url();
  const scheme = await page.evaluate(() =>
    matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
  );
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to run axe in");
  const copy = await copyPageIn(browser);
  await copy.emulateMedia({ colorScheme: scheme });
  const viewport = page.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  await copy.route(url, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  try {
    await copy.goto(url);
    return await analyze(copy, bothThemes, extraRules);
  } finally {
    await copy.unroute(url);
  }
}

/**
 * The page as the server sends it for its address, when scripts changed its <main> (decision 077):
 * with the same main, the script-free page differs only in the shell, which a11y.spec.ts checks
 * without JavaScript on its own. Attributes that only carry state or generated ids are ignored.
 */
async function servedHtmlIfDistinct(page: Page): Promise<string | null> {
  const response = await page.request.get(page.url(), { headers: { accept: "text/html" } });
  if (!response.ok()) return null;
  const served = await response.text();
  const same = await page.evaluate((html) => {
    const VOLATILE =
      /^(class|style|nonce|tabindex|data-(rac|react-aria-pressable|focus.*|hovered|pressed))$/;
    const REFS = /^aria-(labelledby|describedby|controls|owns|activedescendant)$/;
    const shape = (doc: Document) => {
      const out: string[] = [];
      const walk = (el: Element) => {
        for (const child of Array.from(el.children)) {
          if (child.tagName === "SCRIPT") continue;
          const attrs = Array.from(child.attributes)
            .filter((a) => !VOLATILE.test(a.name) && !(a.name === "title" && a.value === ""))
            // A reference to no element is ignored by assistive technology (react-aria's server
            // render names descriptions it does not render; hydration drops those names).
            .filter(
              (a) =>
                !REFS.test(a.name) || a.value.split(/\s+/).some((id) => doc.getElementById(id)),
            )
            // Generated ids differ between renders; that an element has one is what counts.
            .map((a) =>
              a.name === "id" || a.name === "for" || REFS.test(a.name)
                ? a.name
                : `${a.name}=${a.value}`,
            )
            .sort();
          out.push(`${child.tagName} ${attrs.join(" ")}`);
          walk(child);
        }
        out.push(`#${(el.textContent ?? "").replace(/\s+/g, " ").length}`);
      };
      const main = doc.querySelector("main");
      if (main) walk(main);
      return out.join("\n");
    };
    return shape(new DOMParser().parseFromString(html, "text/html")) === shape(document);
  }, served);
  return same ? null : served;
}

function describeViolations(violations: Violation[]) {
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
 * Runs axe with the WCAG 2.1 A and AA rules in the painted theme and, with `bothThemes`, its
 * colour-contrast rule in the other one (decisions 076, 077); fails on serious or critical
 * violations. `rules` adds rules axe keeps off by default (label-content-name-mismatch).
 *
 * Once per page markup (decisions 075, 077): the server sends a page the same HTML with
 * JavaScript on or off, so in the flows the no-JavaScript run checks nothing again. A page
 * `served` as its address gives it (no form posted, nothing opened) is checked as scripts made
 * it and, where scripts changed its <main>, as the server sent it without scripts.
 */
export async function expectAccessible(
  page: Page,
  info: TestInfo,
  label: string,
  options: { served?: boolean; bothThemes?: boolean; rules?: readonly string[] } = {},
) {
  // Extra rules are asked for where a page's markup was fixed for them: checked in both projects.
  const rules = options.rules ?? [];
  if (!hasJs(info) && !info.file.endsWith("a11y.spec.ts") && rules.length === 0) return;
  const bothThemes = options.bothThemes ?? false;
  const violations = hasJs(info)
    ? await analyze(page, bothThemes, rules)
    : await analyzeWithoutScripts(page, bothThemes, undefined, rules);
  if (hasJs(info) && options.served) {
    const served = await servedHtmlIfDistinct(page);
    if (served) {
      const without = await analyzeWithoutScripts(page, false, served, rules);
      violations.push(...without.map((v) => ({ ...v, help: `${v.help} (without JavaScript)` })));
    }
  }
  const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const minor = violations.filter((v) => !blocking.includes(v));
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
