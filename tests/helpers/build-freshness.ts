import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/*
 * The HTTP integration tests run the production build (build/index.js), so a build older than the
 * code it was made from tests the old code. The build is made again when any file it is made from
 * changed after it: its modification time is later than build/index.js's. Folders count too, so
 * that a file removed or renamed (which changes only its folder) is seen.
 */

/** What `remix build` reads, relative to the project root. */
export const BUILD_SOURCES = ["app", "remix.config.js", "package.json", "tsconfig.json"];
export const BUILD_OUTPUT = "build/index.js";

/** The newest entry under `target` (itself included): its path and modification time. */
function newest(target: string): { file: string; mtimeMs: number } | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return null;
  }
  let found = { file: target, mtimeMs: stat.mtimeMs };
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target)) {
      const inner = newest(path.join(target, name));
      if (inner && inner.mtimeMs > found.mtimeMs) found = inner;
    }
  }
  return found;
}

/** Why the build must be made again, or null when it is newer than everything it is made from. */
export function staleBuildReason(
  root: string,
  sources: string[] = BUILD_SOURCES,
  output: string = BUILD_OUTPUT,
): string | null {
  let built: number;
  try {
    built = fs.statSync(path.join(root, output)).mtimeMs;
  } catch {
    return `${output} is missing`;
  }
  for (const source of sources) {
    const changed = newest(path.join(root, source));
    if (changed && changed.mtimeMs > built) {
      return `${path.relative(root, changed.file)} changed after ${output} was built`;
    }
  }
  return null;
}

/** A lock held while one process builds; another waits for it, then finds the build fresh. */
const LOCK_STALE_MS = 5 * 60_000;

export function buildLockPath(root: string) {
  const id = crypto.createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `arkiv-build-${id}.lock`);
}

async function withBuildLock<T>(root: string, run: () => T): Promise<T> {
  const lock = buildLockPath(root);
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a build that was killed does not block for ever.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return run();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Builds when the build is missing or stale; true when it built. Two test runs started together (npm test's two
 * vitest legs) build at most once: the second waits for the first and then finds it fresh.
 */
export async function ensureFreshBuild(
  root: string,
  {
    build = remixBuild,
    log = console.log,
  }: { build?: (root: string) => void; log?: (line: string) => void } = {},
): Promise<boolean> {
  if (staleBuildReason(root) === null) return false;
  return withBuildLock(root, () => {
    const reason = staleBuildReason(root);
    if (reason === null) return false;
    log(`Building for the HTTP tests: ${reason}.`);
    build(root);
    return true;
  });
}

function remixBuild(root: string) {
  // Vitest sets NODE_ENV=test, under which Remix would build React's development JSX runtime;
  // the tests run the server as production does.
  const result = spawnSync("node", ["scripts/build.mjs"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("remix build failed; the HTTP tests need build/");
}
