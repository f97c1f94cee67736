import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { matrixToQuery } from "../app/http/matrix";
import { allowedMethods } from "../app/http/methods";
import { jsonTwinPath } from "../app/http/negotiate";
import { routeOf } from "../server/routes";
import { referenceOperations, type ReferenceOperation } from "../tests/helpers/api-contract";
import { mediaTypeCounts } from "../tests/helpers/api-media-types";

/*
 * docs/api.md (decision 029): each of the reference's operations, whether Arkiv answers it, and
 * the tests that cover it. Made from the vendored reference, the production build's routes (as
 * the server matches them, JSON twins included) and the test files; `npm run api-doc` writes it,
 * and tests/unit/api-doc.test.ts fails when the file is stale.
 *
 *   npm run build && npm run api-doc
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const API_DOC = path.join(root, "docs/api.md");

/** The addresses the server's catch-alls answer (404 in the error shape): not an answer. */
const CATCH_ALLS = new Set([
  "routes/$",
  "routes/[_json].$",
  "routes/fotoweb.api.$",
  "routes/fotoweb.services.$",
]);

/**
 * Reference paths whose resource Arkiv serves at an href of another shape. Clients follow the
 * hrefs the API gives them rather than building them, so the operation is answered there.
 */
const HREF_SHAPES: Record<string, { sample: string; note: string }> = {
  "/fotoweb/archives/{archiveid}/{folderid}/{asset}": {
    sample: "/fotoweb/archives/1/1-sample.jpg.info",
    note: "at the asset's href, /fotoweb/archives/{archive}/{id}-{file}.info",
  },
};

/** A concrete path for a template: every parameter becomes "1". */
const samplePath = (template: string) => template.replace(/\{[^}]+\}/g, "1");

export interface OperationRow {
  operation: ReferenceOperation;
  answered: boolean;
  /** The media types the reference names for it, those answered, and why others are not. */
  mediaTypes: ReturnType<typeof mediaTypeCounts>;
  note: string;
  tests: string[];
}

function answers(build: ServerBuild, operation: ReferenceOperation): boolean {
  const shape = HREF_SHAPES[operation.path];
  const sample = shape?.sample ?? samplePath(operation.path);
  // Matrix parameters travel in the query to the collection's own route (server/app.ts).
  const pathname = matrixToQuery(sample, "")?.split("?")[0] ?? sample;
  // As a program asks: JSON in Accept, and a JSON body for writes.
  const twin = jsonTwinPath(operation.method, pathname, {
    accept: "application/json",
    "content-type": "application/json",
  });
  const route = routeOf(build, twin ?? pathname);
  if (!route || CATCH_ALLS.has(route.id)) return false;
  return allowedMethods(route.exports).includes(operation.method);
}

function testFiles(): { name: string; text: string }[] {
  const found: { name: string; text: string }[] = [];
  // The tests that talk to a running server, and in JSON (unit tests never send a request).
  for (const dir of ["tests/integration", "tests/e2e"]) {
    for (const file of fs.readdirSync(path.join(root, dir)).sort()) {
      if (!/\.(test|spec)\.tsx?$/.test(file)) continue;
      found.push({
        name: `${dir}/${file}`,
        text: fs.readFileSync(path.join(root, dir, file), "utf8"),
      });
    }
  }
  return found;
}

/** The path as a test writes it: each parameter any segment or a ${...} expression. */
function pathPattern(template: string): RegExp {
  const normal = template.replace(/\/+$/, "");
  const source = normal
    .split(/(\{[^}]+\})/)
    .map((part) =>
      part.startsWith("{")
        ? "(?:\\$\\{[^}]+\\}|[^/\"'`\\s?{}]+)"
        : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`["'\`]${source}/?(?:[?;"'\`])`);
}

const vendorTypes = (operation: ReferenceOperation) =>
  new Set(
    Object.values(operation.responses)
      .flatMap((content) => Object.keys(content))
      .filter((type) => type.startsWith("application/vnd.")),
  );

export async function apiRows(): Promise<OperationRow[]> {
  const build = (await import(
    pathToFileURL(path.join(root, "build/index.js")).href
  )) as ServerBuild;
  const operations = referenceOperations();
  const answered = new Map(operations.map((o) => [o, answers(build, o)] as const));
  // A vendor type that only one answered operation answers names that operation in a test.
  const owners = new Map<string, ReferenceOperation[]>();
  for (const operation of operations.filter((o) => answered.get(o)))
    for (const type of vendorTypes(operation))
      owners.set(type, [...(owners.get(type) ?? []), operation]);
  const files = testFiles();
  return operations.map((operation) => {
    const isAnswered = answered.get(operation)!;
    const ownTypes = [...vendorTypes(operation)].filter((t) => owners.get(t)?.length === 1);
    const pattern = pathPattern(operation.path);
    const tests = isAnswered
      ? files
          .filter((f) => pattern.test(f.text) || ownTypes.some((t) => f.text.includes(t)))
          .map((f) => f.name)
      : [];
    return {
      operation,
      answered: isAnswered,
      mediaTypes: mediaTypeCounts(operation),
      note: isAnswered ? (HREF_SHAPES[operation.path]?.note ?? "") : "",
      tests,
    };
  });
}

function mediaTypeCell(row: OperationRow): string {
  const { named, answered, pending } = row.mediaTypes;
  if (named === 0) return "none named";
  return `${answered} of ${named}${pending.length > 0 ? ` (${cell(pending.join("; "))})` : ""}`;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();

export async function renderApiDoc(): Promise<string> {
  const rows = await apiRows();
  const answered = rows.filter((r) => r.answered);
  const covered = answered.filter((r) => r.tests.length > 0);
  const named = rows.reduce((n, r) => n + r.mediaTypes.named, 0);
  const typesAnswered = rows.reduce((n, r) => n + r.mediaTypes.answered, 0);
  const lines = [
    "# The API, operation by operation",
    "",
    "Generated by `npm run api-doc` (scripts/api-doc.ts) from the API reference",
    "(`tests/fixtures/reference/fotoware-api-openapi.yaml`) and the app's routes; do not edit it by",
    "hand. `tests/unit/api-doc.test.ts` fails when it is stale (decision 029).",
    "",
    `Arkiv answers **${answered.length}** of the reference's **${rows.length}** operations;`,
    `**${covered.length}** of those are covered by a test. Every JSON answer a test receives is`,
    "checked against the reference's schema for it (`tests/helpers/api-contract.ts`), except the",
    "deviations listed with their reasons in `tests/helpers/api-contract-exceptions.ts`.",
    "",
    `The reference names **${named}** media types across its operations (a read's response types, a`,
    `write's request types); Arkiv answers **${typesAnswered}** of them, each asked for on a seeded`,
    "site by `tests/integration/api-media-types.test.ts` (the list and the rules are in",
    "`tests/helpers/api-media-types.ts`). The others belong to the operations of later capabilities",
    "(annotations, orders, XMP upload) or are answered 501 (actions, markers), as each row says.",
    "",
    "Answered: the route the server gives a program's request (JSON in Accept) exists and takes the",
    "method. Media types: answered of named for the operation. Tests: the integration and end-to-end",
    "tests that speak JSON and write the operation's path, or name a media type only this operation",
    "answers.",
    "",
    "| method | path | summary | answered | media types | tests |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map((r) =>
      [
        "",
        r.operation.method,
        `\`${r.operation.path}\``,
        cell(r.operation.summary),
        r.answered ? `yes${r.note ? ` (${cell(r.note)})` : ""}` : "no",
        mediaTypeCell(r),
        r.tests.map((t) => `\`${t}\``).join(", "),
        "",
      ]
        .join(" | ")
        .trim(),
    ),
    "",
  ];
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await renderApiDoc();
  fs.writeFileSync(API_DOC, text);
  console.log(`wrote ${path.relative(root, API_DOC)}`);
}
