import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { configDefaults, defineConfig } from "vitest/config";

/*
 * Unit and integration tests. Each test file gets its own database (a copy of one migrated SQLite
 * file, or a database of its own made from one migrated template when TEST_DATABASE_URL names
 * PostgreSQL), so files run in parallel.
 *
 * ARKIV_TEST_SCOPE=dialect narrows the run to what depends on the database (decision 075): the
 * model, query, migration, locking, queue and full-text tests. The HTTP-level and page tests
 * (http-*) and the unit tests go through the same model functions and run on SQLite only, as do
 * the tests of what no query touches (the blob store, a body's streaming, kill -9 on a child).
 */
const DIALECT_INDEPENDENT = [
  "tests/integration/http-*.test.ts",
  "tests/integration/blob-store.test.ts",
  "tests/integration/capability-gates.test.ts",
  "tests/integration/crash.test.ts",
  "tests/integration/upload-memory.test.ts",
];
const dialectOnly = process.env.ARKIV_TEST_SCOPE === "dialect";
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: {
    alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) }],
  },
  test: {
    include: dialectOnly
      ? ["tests/integration/**/*.test.ts"]
      : ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(dialectOnly ? DIALECT_INDEPENDENT : [])],
    environment: "node",
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/file-env.ts"],
    fileParallelism: true,
    /*
     * A worker's files share one module graph (decision 077): importing the app and the server
     * build afresh for each file took 187 s of a 412 s SQLite leg. What a process keeps lives in
     * one registry that each test database resets (tests/helpers/process-state.ts), and each file
     * leaves the environment as it found it (tests/helpers/file-env.ts).
     */
    isolate: false,
    // argon2id costs about 50 ms a hash; the HTTP tests sign in many times.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
