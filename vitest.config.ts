import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";

/*
 * Unit and integration tests. Each test file gets its own database (a fresh SQLite folder, or a
 * schema of its own when TEST_DATABASE_URL names PostgreSQL), so files run in parallel.
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: {
    alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) }],
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/helpers/global-setup.ts"],
    fileParallelism: true,
    // argon2id costs about 50 ms a hash; the HTTP tests sign in many times.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
