import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN } from "./tests/e2e/users";

/*
 * End-to-end suite: every page and flow with JavaScript on (project "js") and off ("nojs"),
 * against the production build (`npm run build` first; `npm test` does it) served by
 * server/index.ts on a fresh SQLite database that scripts/e2e-seed.ts wipes and seeds each run
 * (npm test seeds it earlier, beside the SQLite leg, through scripts/e2e-preseed.ts).
 * Chromium is Debian's (STACK.md, gotcha 4): Playwright never downloads a browser here.
 */

const PORT = Number(process.env.E2E_PORT ?? 3111);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A fixed name, so the config (evaluated again in every worker) agrees with the seed script.
const DATA_DIR = path.join(os.tmpdir(), `arkiv-e2e-${PORT}`);
const CI = Boolean(process.env.CI);
// Sign-ups are a site-wide setting too: signups.spec.ts turns them on and edits their fields.
// The archives' order is site-wide: archive-order.spec.ts moves them.
const SHARED_STATE = /(management|signups|archive-order)\.spec\.ts$/;
// Hands the site to another user and back: nothing else may run meanwhile.
const SITE_OWNER = /users-site-owner\.spec\.ts$/;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // Without the networking flags Chromium floods the closed network with refused connections.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // The machines have 2 cores, and the server shares them.
  workers: 2,
  reporter: "list",
  /*
   * A limit that catches a hang, not a measure of speed. The longest flows (several forms, toasts
   * and axe passes) take about 25 s alone on a two-core machine, where two browsers, the server
   * and its worker share the cores; 30 s left no room for a busy moment.
   */
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test time; in CI the retry of a failed test records one.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "js",
      testIgnore: [SHARED_STATE, SITE_OWNER],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "nojs",
      testIgnore: [SHARED_STATE, SITE_OWNER],
      use: { ...chromium, javaScriptEnabled: false },
    },
    // Specs that change site-wide settings run alone, after the rest, one project at a time.
    {
      name: "site-js",
      testMatch: SHARED_STATE,
      dependencies: ["js", "nojs"],
      fullyParallel: false,
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "site-nojs",
      testMatch: SHARED_STATE,
      dependencies: ["site-js"],
      fullyParallel: false,
      use: { ...chromium, javaScriptEnabled: false },
    },
    {
      name: "owner-js",
      testMatch: SITE_OWNER,
      dependencies: ["site-nojs"],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "owner-nojs",
      testMatch: SITE_OWNER,
      dependencies: ["owner-js"],
      use: { ...chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-seed.ts && npx tsx server/index.ts",
    url: `${BASE_URL}/fotoweb/`,
    reuseExistingServer: false,
    // Seeding generated photographs and starting take a while on a busy two-core machine.
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR,
      // Always the suite's own SQLite file, whatever DATABASE_URL the shell has.
      DATABASE_URL: `sqlite:${path.join(DATA_DIR, "arkiv.sqlite")}`,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRETS: "e2e-session-secret-0123456789abcdefghijklmnop",
      LOG_REQUESTS: "false",
      LOGIN_RATE_LIMIT: "1000",
      // The pseudo-locale en-XA, for l10n-shell.spec's layout checks (decision 101).
      PSEUDO_LOCALE: "true",
      // The suites seed their own content; the demo archive has its own test.
      DEMO_CONTENT: "false",
      // Path archives index folders below these (the seed makes one; decision 042).
      ARCHIVE_ROOTS: path.join(DATA_DIR, "roots"),
    },
  },
});
