/*
 * Seeds the end-to-end suite's database ahead of Playwright (npm test runs it beside the SQLite
 * leg, so the browsers need not wait for it): the same seed, with the environment the Playwright
 * config gives its server, leaving a marker that the server's own seed step takes as done once.
 */
import config from "../playwright.config";

const server = config.webServer;
if (!server || Array.isArray(server))
  throw new Error("playwright.config.ts has no single webServer");
Object.assign(process.env, server.env, { E2E_MARK_PRESEEDED: "1", E2E_PRESEEDED: "" });
await import("./e2e-seed");
