import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/*
 * Every client entry point imports the shell bundle (decision 031): a route module or a lazily
 * loaded module that did not would reach the shell's files by a set of entries of its own, and
 * the bundler would split the shell into small chunks again, each one more request per page.
 */

const app = path.resolve(__dirname, "../../app");
const IMPORT = 'import "~/components/shell/shell-bundle";';

const routeModules = fs
  .readdirSync(path.join(app, "routes"))
  .filter((name) => name.endsWith(".tsx"))
  .map((name) => path.join(app, "routes", name));

/** The modules that `lazy(...)` loads: every `import("~/...")` in app/components. */
function lazyModules(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(full, "utf8");
        for (const m of source.matchAll(/import\(\s*"(~\/[^"]+|\.\/[^"]+)"\s*\)/g)) {
          const spec = m[1]!;
          const base = spec.startsWith("~/")
            ? path.join(app, spec.slice(2))
            : path.resolve(path.dirname(full), spec);
          found.add(fs.existsSync(`${base}.tsx`) ? `${base}.tsx` : `${base}.ts`);
        }
      }
    }
  };
  walk(path.join(app, "components"));
  return [...found];
}

describe("the shell bundle", () => {
  test("finds the route modules and the lazily loaded overlays", () => {
    expect(routeModules.length).toBeGreaterThan(15);
    expect(lazyModules().map((f) => path.basename(f))).toEqual(
      expect.arrayContaining(["UploadPanel.tsx", "ToastRegion.tsx", "DeferredSelectMenu.tsx"]),
    );
  });

  test.each([...routeModules, ...lazyModules()].map((f) => [path.relative(app, f), f]))(
    "%s imports it",
    (_name, file) => {
      expect(fs.readFileSync(file, "utf8")).toContain(IMPORT);
    },
  );

  test("the root route takes the shell's components from it", () => {
    const root = fs.readFileSync(path.join(app, "root.tsx"), "utf8");
    expect(root).toMatch(/from "~\/components\/shell\/shell-bundle"/);
    expect(root).not.toMatch(/from "~\/components\/shell\/(Header|Footer|CookieBanner)"/);
  });
});
