import { describe, expect, test } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  SCRIPT_LOADER,
} from "~/utils/deferred-scripts";
import { deferredScriptsMarkup } from "~/utils/deferred-scripts.server";

/* What the server does to the markup of Remix's <Scripts> (decision 031). */

const REMIX_SCRIPTS =
  '<link rel="modulepreload" href="/build/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/build/entry.client-2.js"/>' +
  '<link rel="modulepreload" href="/build/_shared/chunk-3.js"/>' +
  '<script nonce="abc">window.__remixContext = {"state":{}};</script>' +
  '<script nonce="abc" type="module" async="">import "/build/manifest-1.js";\n' +
  'import * as route0 from "/build/root-4.js";\n' +
  'window.__remixRouteModules = {"root":route0};\n\nimport("/build/entry.client-2.js");</script>';

describe("deferredScriptsMarkup", () => {
  const out = deferredScriptsMarkup(`<body><p>x</p>${REMIX_SCRIPTS}</body>`);

  test("renames every modulepreload, so the browser fetches none", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(new RegExp(`rel="${DEFERRED_PRELOAD_REL}"`, "g"))).toHaveLength(3);
    expect(out).toContain(`<link rel="${DEFERRED_PRELOAD_REL}" href="/build/_shared/chunk-3.js"/>`);
  });

  test("makes the module script inert and keeps its nonce and text", () => {
    expect(out).not.toContain('type="module"');
    expect(out).toContain(
      `<script nonce="abc" type="${DEFERRED_MODULE_TYPE}">import "/build/manifest-1.js";`,
    );
    expect(out).toContain('import("/build/entry.client-2.js");</script>');
  });

  test("leaves the context script, which only sets data, to run at once", () => {
    expect(out).toContain('<script nonce="abc">window.__remixContext = {"state":{}};</script>');
  });

  test("cannot touch text a person wrote: React escapes it", () => {
    const text = "&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;";
    expect(deferredScriptsMarkup(`<p>${text}</p>`)).toBe(`<p>${text}</p>`);
  });

  test("the loader restores exactly what the server renamed", () => {
    expect(SCRIPT_LOADER).toContain(`link[rel="${DEFERRED_PRELOAD_REL}"]`);
    expect(SCRIPT_LOADER).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    // It parses as a script.
    expect(() => new Function(SCRIPT_LOADER)).not.toThrow();
  });
});
