import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { buildLockPath, ensureFreshBuild, staleBuildReason } from "../helpers/build-freshness";

/* When the HTTP tests' global setup builds again (tests/helpers/build-freshness.ts). */

let root: string;
const HOUR = 3600;
const base = Math.floor(Date.now() / 1000) - 10 * HOUR;

/** Writes a file with its modification time `offset` seconds after `base`. */
function write(file: string, offset: number) {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, file);
  fs.utimesSync(full, base + offset, base + offset);
}
function touchFolder(folder: string, offset: number) {
  fs.utimesSync(path.join(root, folder), base + offset, base + offset);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "arkiv-freshness-"));
  write("app/root.tsx", 0);
  write("app/routes/_index.tsx", 0);
  write("remix.config.js", 0);
  write("package.json", 0);
  for (const folder of ["app/routes", "app"]) touchFolder(folder, 0);
  write("build/index.js", 100);
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("staleBuildReason", () => {
  test("a build newer than every source is fresh, an absent optional source included", () => {
    expect(fs.existsSync(path.join(root, "tsconfig.json"))).toBe(false);
    expect(staleBuildReason(root)).toBeNull();
  });

  test("a missing build is stale", () => {
    fs.rmSync(path.join(root, "build"), { recursive: true });
    expect(staleBuildReason(root)).toBe("build/index.js is missing");
  });

  test("a source deep in app/ edited after the build makes it stale, and is named", () => {
    write("app/routes/_index.tsx", 101);
    expect(staleBuildReason(root)).toBe(
      "app/routes/_index.tsx changed after build/index.js was built",
    );
  });

  test("remix.config.js or package.json edited after the build makes it stale", () => {
    write("package.json", 150);
    expect(staleBuildReason(root)).toMatch(/^package\.json changed/);
    write("package.json", 0);
    write("remix.config.js", 150);
    expect(staleBuildReason(root)).toMatch(/^remix\.config\.js changed/);
  });

  test("a file removed after the build makes it stale through its folder", () => {
    fs.rmSync(path.join(root, "app/routes/_index.tsx"));
    touchFolder("app/routes", 120);
    expect(staleBuildReason(root)).toBe("app/routes changed after build/index.js was built");
  });

  test("a source edited at the same moment as the build, or before, leaves it fresh", () => {
    write("app/root.tsx", 100);
    expect(staleBuildReason(root)).toBeNull();
  });

  test("files outside the sources (tests, server, public) do not count", () => {
    write("tests/some.test.ts", 500);
    write("server/index.ts", 500);
    write("public/favicon.ico", 500);
    expect(staleBuildReason(root)).toBeNull();
  });
});

describe("ensureFreshBuild", () => {
  const builder = () => {
    const builds: string[] = [];
    return {
      builds,
      build: (at: string) => {
        builds.push(at);
        write("build/index.js", 1000);
      },
    };
  };

  test("builds a stale build once, then not again", async () => {
    write("app/root.tsx", 200);
    const { builds, build } = builder();
    expect(await ensureFreshBuild(root, { build, log: () => {} })).toBe(true);
    expect(await ensureFreshBuild(root, { build, log: () => {} })).toBe(false);
    expect(builds).toEqual([root]);
  });

  test("leaves a fresh build alone", async () => {
    const { builds, build } = builder();
    expect(await ensureFreshBuild(root, { build, log: () => {} })).toBe(false);
    expect(builds).toEqual([]);
  });

  test("waits for a build another run is making, then does not build again", async () => {
    write("app/root.tsx", 200);
    const lock = buildLockPath(root);
    fs.writeFileSync(lock, "");
    try {
      const { builds, build } = builder();
      const waiting = ensureFreshBuild(root, { build, log: () => {} });
      // The other run finishes its build and lets go of the lock.
      await new Promise((resolve) => setImmediate(resolve));
      write("build/index.js", 1000);
      fs.rmSync(lock);
      expect(await waiting).toBe(false);
      expect(builds).toEqual([]);
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });
});
