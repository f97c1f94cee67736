import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import budget from "../js-budget.json";

/*
 * The JavaScript each main page loads, against its ceiling in tests/js-budget.json (decision
 * 086). It counts what the browser fetches before the page is interactive: the client entry, and
 * every route module from the root down to the page's route, each with the shared chunks it
 * imports, as the build's manifest lists them. Scripts loaded later on demand (dialogs,
 * overlays) are not counted. The global setup has built the client, so the sizes are this
 * source's.
 */

const BUILD = path.resolve(__dirname, "../../public/build");
const PUBLIC = path.dirname(BUILD);

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[] }>;
}

function manifest(): { file: string; data: Manifest } {
  const file = fs.readdirSync(BUILD).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${BUILD}: build the client first`);
  const text = fs.readFileSync(path.join(BUILD, file), "utf8");
  return {
    file: `/build/${file}`,
    data: JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)),
  };
}

/** The files a page of this route loads at once, the manifest itself included. */
function pageScripts(route: string): string[] {
  const { file, data } = manifest();
  const chain: string[] = [];
  for (let at: string | undefined = route; at; at = data.routes[at]?.parentId) {
    if (!data.routes[at]) throw new Error(`no route ${at} in the manifest`);
    chain.push(at);
  }
  return [
    ...new Set([
      file,
      data.entry.module,
      ...data.entry.imports,
      ...chain.flatMap((id) => [data.routes[id]!.module, ...(data.routes[id]!.imports ?? [])]),
    ]),
  ];
}

const gzippedKB = (files: string[]) =>
  files.reduce(
    (sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(PUBLIC, f)), { level: 9 }).length,
    0,
  ) / 1024;

describe("the JavaScript budget of each main page", () => {
  test("names routes the build has", () => {
    const { data } = manifest();
    for (const entry of budget.routes) expect(Object.keys(data.routes)).toContain(entry.route);
  });

  test.each(budget.routes.map((r) => [r.page, r] as const))("%s", (_page, entry) => {
    const scripts = pageScripts(entry.route);
    const kb = gzippedKB(scripts);
    expect(
      kb,
      `${entry.page} loads ${kb.toFixed(1)} KB of gzipped script in ${scripts.length} files, ` +
        `over its ceiling of ${entry.ceilingKB} KB (target ${entry.targetKB} KB)`,
    ).toBeLessThanOrEqual(entry.ceilingKB);
  });
});
