import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { API_DOC, apiRows, renderApiDoc } from "../../scripts/api-doc";

/* docs/api.md is made by scripts/api-doc.ts (decision 029): it must be what the script makes now. */

describe("docs/api.md", () => {
  it("is up to date: run `npm run api-doc` after changing routes, tests or the reference", async () => {
    expect(fs.readFileSync(API_DOC, "utf8")).toBe(await renderApiDoc());
  });

  it("counts an operation as answered only where a route takes its method", async () => {
    const rows = await apiRows();
    const row = (method: string, path: string) =>
      rows.find((r) => r.operation.method === method && r.operation.path === path);
    expect(row("GET", "/fotoweb/archives/")?.answered).toBe(true);
    expect(row("POST", "/fotoweb/api/uploads")?.answered).toBe(true);
    // The asset's URL takes PATCH (metadata updates, issue 17).
    expect(row("PATCH", "/fotoweb/archives/{archiveid}/{folderid}/{asset}")?.answered).toBe(true);
    expect(row("PUT", "/fotoweb/api/taxonomies/{fieldId}/{itemId}")?.answered).toBe(true);
  });
});
