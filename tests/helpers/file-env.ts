import "react/jsx-dev-runtime";
import { afterAll } from "vitest";
import { resetEnvCache } from "~/utils/env.server";

/*
 * Each test file leaves the environment as it found it (decision 077). Files share a worker's
 * module graph (vitest.config.ts, isolate: false), and a test server or a test that sets a
 * variable (NODE_ENV, license seats, rate limits) would otherwise set it for every later file.
 * React's JSX runtime for development is loaded here, under the test environment: loaded first
 * while a test server has set NODE_ENV=production, it would be the production one, which has no
 * jsxDEV, for every component test after it.
 */
const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
  resetEnvCache();
});
