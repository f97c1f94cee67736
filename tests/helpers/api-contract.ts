import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import YAML from "yaml";
import { CONTRACT_EXCEPTIONS, type ContractException } from "./api-contract-exceptions";

/*
 * The API contract (DESIGN.md "The API contract", decision 029): every JSON answer a test
 * receives is checked against the reference's schema for it. The schema is the operation's
 * (path + method + status + media type) when the reference describes the path, else the one the
 * reference gives that media type anywhere. An error answer is also the house's one error body.
 * What falls outside fails the test, unless CONTRACT_EXCEPTIONS lists it with its reason.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const REFERENCE_FILE = path.resolve(here, "../fixtures/reference/fotoware-api-openapi.yaml");

const REF_ID = "reference.json";
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

export interface ReferenceOperation {
  method: string;
  /** The path as the reference writes it, e.g. /fotoweb/archives/{id}/ */
  path: string;
  summary: string;
  /** status -> media type -> JSON pointer of the schema in the converted reference */
  responses: Record<string, Record<string, string>>;
  /** The media types the reference names for the request's body. */
  requestTypes: string[];
}

interface Reference {
  document: Schema;
  operations: ReferenceOperation[];
  /** Media type -> pointers of every response schema the reference gives it. */
  byMediaType: Map<string, Set<string>>;
}

const pointerOf = (parts: string[]) =>
  "#/" + parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/**
 * OpenAPI 3.0's schema dialect as JSON Schema: `nullable` adds null to the type (and to an
 * enum), a `$ref` ignores its siblings (OpenAPI 3.0 says so; JSON Schema would apply them), and
 * local refs point into the one registered document.
 */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== "object") return node;
  if (typeof node.$ref === "string") {
    const ref = node.$ref;
    return { $ref: ref.startsWith("#") ? `${REF_ID}${ref}` : ref };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "example" || key === "externalDocs" || key === "xml") continue;
    out[key] = toJsonSchema(value);
  }
  if (out.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  delete out.nullable;
  return out;
}

function loadReference(): Reference {
  const raw = YAML.parse(fs.readFileSync(REFERENCE_FILE, "utf8")) as Schema;
  const document = toJsonSchema(raw) as Schema;
  const operations: ReferenceOperation[] = [];
  const byMediaType = new Map<string, Set<string>>();
  // One pointer per distinct schema (its JSON text is the key): operations repeat them.
  const pointerBySchema = new Map<string, string>();
  const paths = (document.paths ?? {}) as Record<string, Schema>;
  for (const [template, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (!operation) continue;
      const responses: ReferenceOperation["responses"] = {};
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Schema)) {
        const content = ((response as Schema | null)?.content ?? {}) as Record<string, Schema>;
        responses[status] = {};
        for (const [mediaType, entry] of Object.entries(content)) {
          if (!entry?.schema) continue;
          const pointer = pointerOf([
            "paths",
            template,
            method,
            "responses",
            status,
            "content",
            mediaType,
            "schema",
          ]);
          responses[status]![mediaType] = pointer;
          const set = byMediaType.get(mediaType) ?? new Set();
          set.add(JSON.stringify(entry.schema));
          byMediaType.set(mediaType, set);
          if (!pointerBySchema.has(JSON.stringify(entry.schema)))
            pointerBySchema.set(JSON.stringify(entry.schema), pointer);
        }
      }
      operations.push({
        method: method.toUpperCase(),
        path: template,
        summary: String(operation.summary ?? "")
          .trim()
          .split("\n")[0]!,
        responses,
        requestTypes: Object.keys(
          (((operation.requestBody as Schema | undefined)?.content ?? {}) as Schema) ?? {},
        ),
      });
    }
  }
  // The media type's schemas as pointers (the distinct schemas, not every operation's copy).
  const pointers = new Map<string, Set<string>>();
  for (const [mediaType, schemas] of byMediaType)
    pointers.set(mediaType, new Set([...schemas].map((s) => pointerBySchema.get(s)!)));
  return { document, operations, byMediaType: pointers };
}

let reference: Reference | undefined;
let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

function setUp(): { reference: Reference; ajv: Ajv } {
  if (!reference || !ajv) {
    reference = loadReference();
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    // ajv-formats is CommonJS: its function is the default export, or the module itself.
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
      addFormatsModule) as unknown as (a: Ajv) => void;
    addFormats(ajv);
    ajv.addSchema({ $id: REF_ID, ...reference.document }, undefined, undefined, false);
  }
  return { reference, ajv };
}

// Read and registered once, when a test file loads: about a second of YAML and ajv on these
// machines, which must never fall inside a test's timed window (a lease, a restart).
setUp();

/** The reference's operations, for docs/api.md. */
export function referenceOperations(): ReferenceOperation[] {
  return setUp().reference.operations;
}

function validatorFor(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = setUp().ajv.compile({ $ref: `${REF_ID}${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** Strips the trailing slash and the matrix parameters (;p=2;o=...) of the last segment. */
const normalPath = (pathname: string) => pathname.replace(/\/+$/, "") || "/";
const withoutMatrix = (pathname: string) => normalPath(pathname.replace(/;[^/]*$/, ""));

interface Template {
  operation: ReferenceOperation;
  regex: RegExp;
  params: number;
  literal: number;
}

let templates: Template[] | undefined;

function templatesOf(): Template[] {
  templates ??= setUp().reference.operations.map((operation) => {
    const normal = normalPath(operation.path);
    const source = normal
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("");
    return {
      operation,
      regex: new RegExp(`^${source}$`, "i"),
      params: (normal.match(/\{/g) ?? []).length,
      literal: normal.replace(/\{[^}]+\}/g, "").length,
    };
  });
  return templates;
}

/** The reference's operations on a path (any method), the most specific template first. */
export function operationsOnPath(pathname: string): ReferenceOperation[] {
  const tryPath = (p: string) =>
    templatesOf()
      .filter((t) => t.regex.test(p))
      .sort((a, b) => a.params - b.params || b.literal - a.literal);
  let found = tryPath(normalPath(pathname));
  if (found.length === 0) found = tryPath(withoutMatrix(pathname));
  if (found.length === 0) return [];
  // Only the templates as specific as the best one: /users/count is not /users/{id}.
  const best = found[0]!;
  return found
    .filter((t) => t.params === best.params && t.literal === best.literal)
    .map((t) => t.operation);
}

export interface ApiAnswer {
  method: string;
  /** The request's URL (absolute, or a path). */
  url: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

export interface SchemaChoice {
  pointer: string;
  /** Where it came from, for messages: "GET /fotoweb/archives/{id}/ 200 <type>" or "<type>". */
  source: string;
}

const mediaTypeOf = (contentType: string | null) =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase();

export const isJsonMediaType = (type: string) =>
  /^application\/(?:[\w.+-]+\+)?json$/.test(mediaTypeOf(type));

const ERROR_MESSAGE_POINTER = "#/components/schemas/ErrorMessage";

/**
 * The schema an answer must meet: the operation's for its status and media type when the
 * reference describes the path and method; else the one schema the reference gives the media
 * type; for an error without either, the reference's ErrorMessage. undefined when the reference
 * describes nothing of the kind.
 */
export function schemaFor(answer: Omit<ApiAnswer, "body">): SchemaChoice | undefined {
  const { reference } = setUp();
  const pathname = new URL(answer.url, "http://arkiv.invalid").pathname;
  const mediaType = mediaTypeOf(answer.contentType);
  const method = answer.method.toUpperCase() === "HEAD" ? "GET" : answer.method.toUpperCase();
  const status = String(answer.status);
  for (const operation of operationsOnPath(pathname).filter((o) => o.method === method)) {
    const pointer = operation.responses[status]?.[mediaType];
    if (pointer) return { pointer, source: `${method} ${operation.path} ${status} ${mediaType}` };
  }
  const candidates = reference.byMediaType.get(mediaType);
  if (answer.status < 400 && candidates?.size === 1)
    return { pointer: [...candidates][0]!, source: `the reference's ${mediaType}` };
  if (answer.status >= 400)
    return { pointer: ERROR_MESSAGE_POINTER, source: "the reference's ErrorMessage" };
  return undefined;
}

export interface ContractProblem {
  pointer: string;
  keyword: string;
  message: string;
  /** The value found at the pointer. */
  found?: unknown;
}

function houseErrorProblems(answer: ApiAnswer): ContractProblem[] {
  // The one error body (app/http/error.ts ApiErrorBody, decision 023), whatever the reference.
  const body = answer.body as Record<string, unknown> | null;
  const problems: ContractProblem[] = [];
  const add = (pointer: string, message: string) =>
    problems.push({ pointer, keyword: "house-error", message });
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    add("", "an error answer must be the house's error body (an object)");
    return problems;
  }
  if (body.status !== answer.status)
    add(
      "/status",
      `must be the answer's status ${answer.status}, is ${JSON.stringify(body.status)}`,
    );
  if (typeof body.heading !== "string" || body.heading === "")
    add("/heading", "must be a non-empty string");
  if (typeof body.value !== "string" || body.value === "")
    add("/value", "must be a non-empty string (the message)");
  return problems;
}

/** An ajv error as a line a person reads: where, what is wrong, and the value found there. */
function describe(error: ErrorObject, body: unknown): ContractProblem {
  const found = valueAt(body, error.instancePath);
  const shown = JSON.stringify(found) ?? "undefined";
  const params =
    error.keyword === "enum"
      ? ""
      : Object.entries(error.params)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join(", ");
  return {
    pointer: error.instancePath,
    keyword: error.keyword,
    found,
    message: `${error.message ?? error.keyword}${params ? ` (${params})` : ""}; found ${shown.length > 120 ? `${shown.slice(0, 120)}...` : shown}`,
  };
}

function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const part of pointer.split("/").slice(1)) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    node =
      node !== null && typeof node === "object"
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  return node;
}

function exceptionMatches(exception: ContractException, answer: ApiAnswer): boolean {
  const pathname = new URL(answer.url, "http://arkiv.invalid").pathname;
  const mediaType = mediaTypeOf(answer.contentType);
  if (exception.method && exception.method !== answer.method.toUpperCase()) return false;
  if (exception.path && !exception.path.test(pathname)) return false;
  if (exception.mediaType && exception.mediaType !== mediaType) return false;
  if (exception.status && !exception.status.includes(answer.status)) return false;
  return true;
}

const forgiven = (problem: ContractProblem, answer: ApiAnswer) =>
  CONTRACT_EXCEPTIONS.some(
    (e) =>
      e.forgives !== "undescribed" &&
      exceptionMatches(e, answer) &&
      e.forgives.pointer.test(problem.pointer) &&
      (e.forgives.keyword === undefined || e.forgives.keyword === problem.keyword) &&
      (e.forgives.value === undefined || e.forgives.value(problem.found)),
  );

export interface ContractVerdict {
  ok: boolean;
  /** What the answer was checked against, or why it was not. */
  checkedAgainst: string;
  problems: ContractProblem[];
}

/** Checks one JSON answer; never throws for a bad answer (assertApiAnswer does). */
export function checkApiAnswer(answer: ApiAnswer): ContractVerdict {
  const choice = schemaFor(answer);
  const problems: ContractProblem[] = [];
  let checkedAgainst: string;
  if (!choice) {
    const listed = CONTRACT_EXCEPTIONS.find(
      (e) => e.forgives === "undescribed" && exceptionMatches(e, answer),
    );
    if (listed) return { ok: true, checkedAgainst: `listed: ${listed.reason}`, problems };
    checkedAgainst = "nothing: the reference describes no such answer";
    problems.push({
      pointer: "",
      keyword: "undescribed",
      message: `the reference has no schema for ${answer.method} ${answer.status} ${mediaTypeOf(answer.contentType) || "(no Content-Type)"} here`,
    });
  } else {
    checkedAgainst = `${choice.source} (${choice.pointer})`;
    const validate = validatorFor(choice.pointer);
    if (!validate(answer.body))
      problems.push(...(validate.errors ?? []).map((e) => describe(e, answer.body)));
  }
  if (answer.status >= 400) problems.push(...houseErrorProblems(answer));
  const remaining = problems.filter((p) => !forgiven(p, answer));
  return { ok: remaining.length === 0, checkedAgainst, problems: remaining };
}

const MAX_LINES = 12;

export class ContractError extends Error {
  constructor(answer: ApiAnswer, verdict: ContractVerdict) {
    const shown = verdict.problems.slice(0, MAX_LINES);
    const lines = shown.map(
      (p) => `  at ${p.pointer || "(the body)"}: ${p.message} [${p.keyword}]`,
    );
    if (verdict.problems.length > shown.length)
      lines.push(`  ... and ${verdict.problems.length - shown.length} more`);
    super(
      [
        `JSON answer outside the API reference: ${answer.method} ${answer.url} -> ${answer.status} ${answer.contentType ?? ""}`,
        `checked against ${verdict.checkedAgainst}:`,
        ...lines,
        "Fix the answer, or list a deviation the real product shares, with its reason, in tests/helpers/api-contract-exceptions.ts.",
      ].join("\n"),
    );
    this.name = "ContractError";
  }
}

export function assertApiAnswer(answer: ApiAnswer): void {
  const verdict = checkApiAnswer(answer);
  logAnswer(answer, verdict);
  if (!verdict.ok) throw new ContractError(answer, verdict);
}

/**
 * With ARKIV_CONTRACT_LOG naming a file, one line per checked answer is appended to it (method,
 * path, status, media type, verdict, what it was checked against): how much of the API a run
 * checked, and against what.
 */
function logAnswer(answer: ApiAnswer, verdict: ContractVerdict): void {
  const file = process.env.ARKIV_CONTRACT_LOG;
  if (!file) return;
  const pathname = new URL(answer.url, "http://arkiv.invalid").pathname;
  const line = [
    answer.method,
    pathname,
    answer.status,
    mediaTypeOf(answer.contentType),
    verdict.ok ? "ok" : "FAILED",
    verdict.checkedAgainst,
  ].join("\t");
  fs.appendFileSync(file, `${line}\n`);
}

/* ---------- reading answers in tests ---------- */

const checked = new WeakMap<object, unknown>();
const methods = new WeakMap<object, string>();

/** The Client says which method a response answered (a Response does not know its request). */
export function noteRequestMethod(response: Response, method: string): void {
  methods.set(response, method.toUpperCase());
}

/** A JSON text as the answer's body; a body that is not JSON fails with the text shown. */
function parseBody(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${where} says JSON but is not: ${text.slice(0, 200)}`);
  }
}

/**
 * Checks a fetch Response's JSON answer against the contract, once (the Client calls it for
 * every answer it receives, so an answer no test reads is checked too). Other answers pass.
 */
/** A keyed message's text (app/models/locale/keyed.ts), as it would appear in an answer. */
export const KEYED_TEXT = /@@[a-z][a-z0-9]*\.[A-Za-z0-9_.-]+/;

export async function checkJsonResponse(
  response: Response,
  init: { method?: string; url?: string } = {},
): Promise<void> {
  if (checked.has(response)) return;
  const contentType = response.headers.get("content-type");
  const method = init.method ?? methods.get(response) ?? "GET";
  if (!contentType || !isJsonMediaType(contentType) || method === "HEAD") return;
  if (response.status === 204 || response.status === 304) return;
  const url = init.url ?? response.url;
  const text = await response.clone().text();
  // No answer carries a keyed message unresolved (decisions 104, 106): a program reads English,
  // a page's data its reader's language.
  if (KEYED_TEXT.test(text))
    throw new Error(
      `${method} ${url}: an answer carries a keyed message: ${KEYED_TEXT.exec(text)![0]}`,
    );
  const body = parseBody(text, `${method} ${url}`);
  assertApiAnswer({ method, url, status: response.status, contentType, body });
  checked.set(response, body);
}

/**
 * The one way tests read a JSON answer: parses it and checks it against the contract. `url`
 * names the address for a Response made in the test itself (its own url is empty).
 */
export async function readApiJson<T = unknown>(
  response: Response,
  init: { method?: string; url?: string } = {},
): Promise<T> {
  const contentType = response.headers.get("content-type") ?? "";
  if (!isJsonMediaType(contentType))
    throw new Error(
      `expected a JSON answer from ${response.url || init.url}, got ${response.status} ${contentType || "without Content-Type"}`,
    );
  await checkJsonResponse(response, init);
  return checked.get(response) as T;
}

/** A JSON answer read by other means (node:http, Playwright): checked, then returned parsed. */
export function readApiJsonText<T = unknown>(
  answer: Omit<ApiAnswer, "body"> & { text: string },
): T {
  if (!isJsonMediaType(answer.contentType ?? ""))
    throw new Error(
      `expected a JSON answer from ${answer.url}, got ${answer.status} ${answer.contentType ?? "without Content-Type"}`,
    );
  const body = parseBody(answer.text, `${answer.method} ${answer.url}`);
  assertApiAnswer({ ...answer, body });
  return body as T;
}

/**
 * A raw answer (node:http, for what fetch will not send): checked against the contract when it
 * is JSON, so the helpers that send such requests check every answer they get.
 */
export function checkRawAnswer(answer: Omit<ApiAnswer, "body"> & { text: string }): void {
  if (!isJsonMediaType(answer.contentType ?? "") || answer.method === "HEAD") return;
  if (answer.status === 204 || answer.status === 304) return;
  readApiJsonText(answer);
}

/** The parts of a Playwright response (APIResponse or a page's Response) the check reads. */
export interface PlaywrightLikeResponse {
  url(): string;
  status(): number;
  headers(): Record<string, string>;
  text(): Promise<string>;
  request?: () => { method(): string };
}

/** readApiJson for Playwright: a page's response knows its method; an APIResponse is given it. */
export async function readPlaywrightJson<T = unknown>(
  response: PlaywrightLikeResponse,
  method = response.request?.().method() ?? "GET",
): Promise<T> {
  return readApiJsonText<T>({
    method,
    url: response.url(),
    status: response.status(),
    contentType: response.headers()["content-type"] ?? null,
    text: await response.text(),
  });
}
