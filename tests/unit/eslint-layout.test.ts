import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The layout rules of eslint.config.js (decision 023), run on small snippets at the paths they
 * guard, so a rule that stops matching fails here instead of letting a broken layout through.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, {
    filePath: path.join(root, filePath),
  });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("models", () => {
  const model = "app/models/example/example.server.ts";

  it.each([
    `import { json as x } from "@remix-run/node";`,
    `import type { LoaderFunctionArgs as x } from "@remix-run/node";`,
    `import { useLoaderData as x } from "@remix-run/react";`,
    `import { apiError as x } from "~/http/http.server";`,
    `import { safeRedirect as x } from "~/http/redirect";`,
    `import { apiError as x } from "../../http/http.server";`,
    `import { loader as x } from "~/routes/fotoweb._index";`,
  ])("refuse %s", async (code) => {
    expect(await restrictedImports(model, code)).toHaveLength(1);
  });

  it.each([
    `import { Problem as x } from "~/models/problem/problem";`,
    `import { db as x } from "~/db/connection.server";`,
    `import { sortedVariant as x } from "./collection.view";`,
    `import { z as x } from "zod";`,
  ])("allow %s", async (code) => {
    expect(await restrictedImports(model, code)).toEqual([]);
  });
});

describe("routes", () => {
  const route = "app/routes/fotoweb.example.ts";

  it.each([
    `import { db as x } from "~/db/connection.server";`,
    `import type { Database as x } from "~/db/schema";`,
    `import { sql as x } from "kysely";`,
    `import { loader as x } from "./[_json].$";`,
    `import { loader as x } from "./fotoweb._index";`,
    `import { loader as x } from "~/routes/fotoweb._index";`,
  ])("refuse %s", async (code) => {
    expect(await restrictedImports(route, code)).toHaveLength(1);
  });

  it.each([
    `import { apiError as x } from "~/http/http.server";`,
    `import { listCollections as x } from "~/models/collection/collection-list.server";`,
    `import { json as x } from "@remix-run/node";`,
  ])("allow %s", async (code) => {
    expect(await restrictedImports(route, code)).toEqual([]);
  });
});

describe("components", () => {
  const component = "app/components/example/Example.tsx";

  it("import only types from .server modules", async () => {
    expect(
      await restrictedImports(component, `import { getViewer as x } from "~/http/session.server";`),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        component,
        `import type { Viewer as x } from "~/http/session.server";`,
      ),
    ).toEqual([]);
  });

  it("import react-aria per component, never its index", async () => {
    expect(
      await restrictedImports(component, `import { Button as x } from "react-aria-components";`),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        "app/routes/fotoweb.example.tsx",
        `import { Button as x } from "react-aria-components";`,
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        component,
        `import { Button as x } from "react-aria-components/Button";`,
      ),
    ).toEqual([]);
  });

  it("never import a route", async () => {
    expect(
      await restrictedImports(component, `import { loader as x } from "~/routes/fotoweb._index";`),
    ).toHaveLength(1);
  });
});

describe("tests read JSON answers through the API contract (decision 029)", () => {
  async function restrictedSyntax(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result!.messages
      .filter((m) => m.ruleId === "no-restricted-syntax")
      .map((m) => m.message);
  }

  it.each([
    [
      "tests/integration/example.test.ts",
      "export const f = async (r: Response) => await r.json();",
    ],
    [
      "tests/e2e/example.spec.ts",
      "export const f = async (r: Response) => (await r.json()) as object;",
    ],
  ])("refuses response.json() in %s", async (file, code) => {
    expect(await restrictedSyntax(file, code)).toHaveLength(1);
  });

  it("allows readApiJson, and Response.json(body) that builds an answer", async () => {
    const code = [
      'import { readApiJson } from "../helpers/api-contract";',
      "export const f = async (r: Response) => readApiJson(r);",
      "export const g = () => Response.json({ a: 1 });",
    ].join("\n");
    expect(await restrictedSyntax("tests/integration/example.test.ts", code)).toEqual([]);
  });
});
