import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { keyed } from "~/models/locale/keyed";
import type { MessageId } from "~/models/locale/message-id";
import { safeRedirect } from "~/utils/local-path";
import {
  COLOR_SPACE_CHOICES,
  DOCUMENT_TYPES,
  type ColorSpaceChoice,
  type DocumentType,
} from "~/models/asset/asset-kinds";
import { METADATA_FIELDS } from "~/models/metadata/metadata-fields";
// `ms`: the search language owns the metadata statuses (spec 002 §9); the form offers the same.
import { METADATA_STATUSES, type MetadataStatusValue } from "./search-expression";

/*
 * The advanced search (spec 002: popover, state, rules and constants), shared by the popover, the
 * no-JavaScript page and the archive loaders, so no server imports. How the parameters travel in
 * a URL and become search expressions is decision 013.
 */

// The choices offered are the stored document types and a few cs: words (one list of each).
export { DOCUMENT_TYPES, type DocumentType } from "~/models/asset/asset-kinds";
export const COLOR_SPACES = COLOR_SPACE_CHOICES;
export type ColorSpace = ColorSpaceChoice;
export const ORIENTATIONS = ["landscape", "portrait"] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const FILE_SIZE_MAX_MB = 2_097_151;
export const BYTES_PER_MB = 1_048_576;
/** The spec shows no pixel maximum; a million keeps a hostile value a plain number. */
export const PIXELS_MAX = 1_000_000;
export const EARLIEST_DATE = "1900-01-01";
export const MAX_CRITERIA = 20;
/** As long as the header's search text may be. */
export const MAX_TEXT_LENGTH = 1000;
/** Repeated `q` (each ANDed, as FotoWare does) beyond this is refused. */
export const MAX_TEXTS = 10;

export const SEARCH_HOME = "/fotoweb/archives/";
/** The advanced search as a page of its own: the popover's stand-in without JavaScript. */
export const ADVANCED_SEARCH_PAGE = "/fotoweb/views/advanced-search";
const ARCHIVE_PAGE = /^\/fotoweb\/archives\/[^/]+\/$/;
const SEARCH_TARGET = /^\/fotoweb\/archives\/(?:[^/]+\/)?$/;

type RangeKind = "megabytes" | "pixels" | "date";
export interface RangeSpec {
  predicate: "fs" | "pw" | "ph" | "mt" | "it" | "rt" | "ct";
  from: string;
  to: string;
  kind: RangeKind;
  /** The range's name, as a message. */
  label: MessageId;
}

export const RANGES = [
  { predicate: "fs", from: "fsf", to: "fst", kind: "megabytes", label: "grid.advanced.range.fs" },
  { predicate: "pw", from: "pwf", to: "pwt", kind: "pixels", label: "grid.advanced.range.pw" },
  { predicate: "ph", from: "phf", to: "pht", kind: "pixels", label: "grid.advanced.range.ph" },
  { predicate: "mt", from: "mtf", to: "mtt", kind: "date", label: "grid.advanced.range.mt" },
  { predicate: "it", from: "itf", to: "itt", kind: "date", label: "grid.advanced.range.it" },
  { predicate: "rt", from: "rtf", to: "rtt", kind: "date", label: "grid.advanced.range.rt" },
  { predicate: "ct", from: "ctf", to: "ctt", kind: "date", label: "grid.advanced.range.ct" },
] as const satisfies readonly RangeSpec[];

export type RangeKey = (typeof RANGES)[number]["from" | "to"];
// `s` is the list's sort order (decision 018), not storage: Arkiv keeps every file online.
const CHOICE_KEYS = ["dt", "cs", "o", "ms"] as const;
/** Image attributes, dropped when the document type is set to something else. */
const IMAGE_KEYS = ["o", "cs", "pwf", "pwt", "phf", "pht"];
const RANGE_KEYS = RANGES.flatMap((r) => [r.from, r.to]);
/** Every parameter but `q`, which the header's plain search sends too. */
export const ADVANCED_KEYS: readonly string[] = [...CHOICE_KEYS, ...RANGE_KEYS];
const CRITERION_KEY = /^criteria\[(\d+)\]\.(field|value)$/;

export interface Criterion {
  field: number;
  value: string;
}

export interface AdvancedSearch {
  /** Search text as typed, one entry per `q`; never rewritten. */
  q: string[];
  dt?: DocumentType;
  o?: Orientation;
  cs?: ColorSpace;
  ms?: MetadataStatusValue;
  /** File sizes in MB (2 decimals), pixels, and YYYY-MM-DD dates, each bound optional. */
  ranges: Partial<Record<RangeKey, number | string>>;
  criteria: Criterion[];
}

// ---- reading single values (shared by validation and the typed result) -------------------------

const MEGABYTES = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const DIGITS = /^\d+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);

function readRange(kind: RangeKind, raw: string): number | string | undefined {
  const text = raw.trim();
  if (kind === "megabytes") {
    if (!MEGABYTES.test(text)) return undefined;
    return Math.round(clamp(Number(text), FILE_SIZE_MAX_MB) * 100) / 100;
  }
  if (kind === "pixels") return DIGITS.test(text) ? clamp(Number(text), PIXELS_MAX) : undefined;
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && text >= EARLIEST_DATE ? text : undefined;
}

/** A range end's name ("File size from (MB)"), as a keyed message for a `label` value. */
export function rangeEndLabel(range: RangeSpec, end: "from" | "to"): string {
  const label = keyed(range.label);
  if (range.kind === "megabytes")
    return keyed(end === "from" ? "grid.advanced.fromMb" : "grid.advanced.toMb", { label });
  return keyed(end === "from" ? "grid.advanced.from" : "grid.advanced.to", { label });
}

function rangeProblem(kind: RangeKind, label: string, raw: string): string | null {
  if (readRange(kind, raw) !== undefined) return null;
  if (kind === "megabytes") return keyed("grid.advanced.validation.megabytes", { label });
  if (kind === "pixels") return keyed("grid.advanced.validation.pixels", { label });
  if (!ISO_DATE.test(raw.trim())) return keyed("grid.advanced.validation.dateFormat", { label });
  return raw.trim() < EARLIEST_DATE
    ? keyed("grid.advanced.validation.dateEarliest", { label, earliest: EARLIEST_DATE })
    : keyed("grid.advanced.validation.dateNotReal", { label, value: raw.trim() });
}

// ---- the schema ---------------------------------------------------------------------------------

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Text that may be absent: empty means absent, as Conform sends it. */
const optionalText = (check?: (value: string, ctx: z.RefinementCtx) => void) =>
  z.preprocess(blankToUndefined, (check ? z.string().superRefine(check) : z.string()).optional());

function choice(list: readonly string[], what: MessageId) {
  return optionalText((value, ctx) => {
    if (!list.includes(value))
      ctx.addIssue({
        code: "custom",
        message: keyed("grid.advanced.validation.choose", { label: keyed(what) }),
      });
  });
}

const rangeField = (kind: RangeKind, label: string) =>
  optionalText((value, ctx) => {
    const problem = rangeProblem(kind, label, value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const FIELD_IDS = new Set(METADATA_FIELDS.map((f) => String(f.id)));

const criterionRow = z
  .object({
    field: optionalText(),
    value: optionalText((value, ctx) => {
      if (value.length > MAX_TEXT_LENGTH)
        ctx.addIssue({
          code: "custom",
          message: keyed("grid.advanced.validation.valueTooLong", { max: MAX_TEXT_LENGTH }),
        });
    }),
  })
  .superRefine((row, ctx) => {
    if (row.field !== undefined && !FIELD_IDS.has(row.field.trim()))
      ctx.addIssue({
        code: "custom",
        path: ["field"],
        message: keyed("grid.advanced.validation.fieldFromList"),
      });
    else if (row.field === undefined && row.value !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["field"],
        message: keyed("grid.advanced.validation.fieldForValue"),
      });
  });

const toList = (v: unknown) =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(
    (x) => blankToUndefined(x) !== undefined,
  );

const rawShape = {
  q: z.preprocess(
    toList,
    z.array(z.string()).superRefine((texts, ctx) => {
      if (texts.length > MAX_TEXTS)
        ctx.addIssue({
          code: "custom",
          message: keyed("grid.advanced.validation.tooManyTexts", { max: MAX_TEXTS }),
        });
      if (texts.some((t) => t.length > MAX_TEXT_LENGTH))
        ctx.addIssue({
          code: "custom",
          message: keyed("grid.advanced.validation.textTooLong", { max: MAX_TEXT_LENGTH }),
        });
    }),
  ),
  dt: choice(DOCUMENT_TYPES, "grid.advanced.choice.dt"),
  o: choice(ORIENTATIONS, "grid.advanced.choice.o"),
  cs: choice(COLOR_SPACES, "grid.advanced.choice.cs"),
  ms: choice(METADATA_STATUSES, "grid.advanced.choice.ms"),
  criteria: z.preprocess(
    (v) => (v === undefined ? [] : v),
    z
      .array(criterionRow)
      .max(MAX_CRITERIA, keyed("grid.advanced.validation.tooManyCriteria", { max: MAX_CRITERIA })),
  ),
  ...Object.fromEntries(
    RANGES.flatMap((r) => [
      [r.from, rangeField(r.kind, rangeEndLabel(r, "from"))],
      [r.to, rangeField(r.kind, rangeEndLabel(r, "to"))],
    ]),
  ),
} as const;

type RawForm = {
  q: string[];
  criteria: { field?: string; value?: string }[];
} & Partial<Record<(typeof CHOICE_KEYS)[number] | RangeKey, string>>;

function dropImageAttributes(input: unknown) {
  if (typeof input !== "object" || input === null) return input;
  const dt = (input as Record<string, unknown>)["dt"];
  // An unknown type is an error of its own; the image attributes are still checked beside it.
  if (typeof dt !== "string" || dt === "image" || !DOCUMENT_TYPES.includes(dt as DocumentType))
    return input;
  return Object.fromEntries(Object.entries(input).filter(([key]) => !IMAGE_KEYS.includes(key)));
}

/** From may not exceed to: the error goes on the "to" field, the one to correct. */
function checkRangeOrder(form: RawForm, ctx: z.RefinementCtx) {
  for (const range of RANGES) {
    const fromRaw = form[range.from];
    const toRaw = form[range.to];
    if (fromRaw === undefined || toRaw === undefined) continue;
    const from = readRange(range.kind, fromRaw);
    const to = readRange(range.kind, toRaw);
    if (from === undefined || to === undefined || from <= to) continue;
    const label = rangeEndLabel(range, "to");
    const message =
      range.kind === "date"
        ? keyed("grid.advanced.validation.dateBeforeFrom", { label, from })
        : keyed("grid.advanced.validation.lessThanFrom", { label, from });
    ctx.addIssue({ code: "custom", path: [range.to], message });
  }
}

function toAdvancedSearch(form: RawForm): AdvancedSearch {
  const ranges: AdvancedSearch["ranges"] = {};
  for (const range of RANGES)
    for (const key of [range.from, range.to]) {
      const raw = form[key];
      const value = raw === undefined ? undefined : readRange(range.kind, raw);
      if (value !== undefined) ranges[key] = value;
    }
  return {
    q: form.q,
    dt: form.dt as DocumentType | undefined,
    o: form.o as Orientation | undefined,
    cs: form.cs as ColorSpace | undefined,
    ms: form.ms as MetadataStatusValue | undefined,
    ranges,
    // A row without a value asks nothing: the popover starts with one empty row.
    criteria: form.criteria.flatMap((row) =>
      row.field !== undefined && row.value !== undefined
        ? [{ field: Number(row.field.trim()), value: row.value.trim() }]
        : [],
    ),
  };
}

/**
 * The advanced search form as Conform posts it (empty inputs are absent). Field checks never
 * abort the object, so every error (ranges included) is reported in one pass.
 */
export const advancedSearchSchema = z
  .preprocess(dropImageAttributes, z.object(rawShape).superRefine(checkRangeOrder))
  .transform((form) => toAdvancedSearch(form as RawForm));

// ---- reading a URL ------------------------------------------------------------------------------

/**
 * The parameters the schema reads, bounded: the first value of each single parameter, every `q`
 * (up to one past the limit, so the limit reports), and criteria rows renumbered from 0 in index
 * order, at most one past the limit. A hand-made index like criteria[99999999] would otherwise
 * make Conform build an array that long.
 */
function boundedParams(params: URLSearchParams, keepIntent: boolean): URLSearchParams {
  const out = new URLSearchParams();
  for (const q of params.getAll("q").slice(0, MAX_TEXTS + 1)) out.append("q", q);
  for (const key of ADVANCED_KEYS) {
    const value = params.get(key);
    if (value !== null) out.set(key, value);
  }
  const rows = new Map<string, { field?: string; value?: string }>();
  for (const [key, value] of params) {
    const match = CRITERION_KEY.exec(key);
    if (!match) continue;
    const index = match[1]!.replace(/^0+(?=\d)/, "");
    const row = rows.get(index) ?? {};
    if (!rows.has(index)) {
      if (rows.size > MAX_CRITERIA) continue;
      rows.set(index, row);
    }
    row[match[2] as "field" | "value"] ??= value;
  }
  const order = [...rows.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  order.forEach((index, i) => {
    const row = rows.get(index)!;
    out.set(`criteria[${i}].field`, row.field ?? "");
    out.set(`criteria[${i}].value`, row.value ?? "");
  });
  const intent = params.get("__intent__");
  if (keepIntent && intent !== null) out.set("__intent__", intent);
  return out;
}

/** The Conform submission of a URL's parameters (intents included, for the no-JS page). */
export function parseAdvancedSubmission(params: URLSearchParams) {
  return parseWithZod(boundedParams(params, true), { schema: advancedSearchSchema });
}

export type AdvancedSearchResult =
  { ok: true; value: AdvancedSearch } | { ok: false; errors: Record<string, string[]> };

/** Validates every advanced parameter at once; errors are keyed by the parameter's name. */
export function parseAdvancedSearch(params: URLSearchParams): AdvancedSearchResult {
  const submission = parseWithZod(boundedParams(params, false), { schema: advancedSearchSchema });
  if (submission.status === "success") return { ok: true, value: submission.value };
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {}))
    if (messages && messages.length > 0) errors[name] = messages;
  return { ok: false, errors };
}

/** Whether the URL asks anything beyond the plain search text. */
export function hasAdvancedParams(params: URLSearchParams): boolean {
  for (const [key, value] of params)
    if (value.trim() !== "" && (ADVANCED_KEYS.includes(key) || CRITERION_KEY.test(key)))
      return true;
  return false;
}

/** The form's starting values from a URL, as typed (no conversion), for refilling the form. */
export interface AdvancedSearchDefaults {
  q: string[];
  values: Partial<Record<(typeof CHOICE_KEYS)[number] | RangeKey, string>>;
  criteria: { field: string; value: string }[];
}

export function advancedSearchDefaults(params: URLSearchParams): AdvancedSearchDefaults {
  const bounded = boundedParams(params, false);
  const values: AdvancedSearchDefaults["values"] = {};
  for (const key of ADVANCED_KEYS) {
    const value = bounded.get(key);
    if (value) values[key as keyof typeof values] = value;
  }
  const criteria: AdvancedSearchDefaults["criteria"] = [];
  for (let i = 0; i < MAX_CRITERIA && bounded.has(`criteria[${i}].field`); i++)
    criteria.push({
      field: bounded.get(`criteria[${i}].field`) ?? "",
      value: bounded.get(`criteria[${i}].value`) ?? "",
    });
  return { q: bounded.getAll("q").filter((q) => q.trim() !== ""), values, criteria };
}

/** A valid search as a tidy query string: only what is set, in canonical units, rows from 0. */
export function advancedSearchParams(value: AdvancedSearch): URLSearchParams {
  const out = new URLSearchParams();
  for (const q of value.q) out.append("q", q);
  for (const key of CHOICE_KEYS) {
    const choice = value[key];
    if (choice) out.set(key, choice);
  }
  for (const key of RANGE_KEYS) {
    const bound = value.ranges[key as RangeKey];
    if (bound !== undefined) out.set(key, String(bound));
  }
  value.criteria.forEach((row, i) => {
    out.set(`criteria[${i}].field`, String(row.field));
    out.set(`criteria[${i}].value`, row.value);
  });
  return out;
}

// ---- search expressions -------------------------------------------------------------------------

const BARE_TERM = /^[^\s"\\():]+$/;
const OPERATOR = /^(?:AND|OR|NOT|TO)$/i;

/** A value as one term: quoted (with " and \ escaped) unless it is a plain word. */
export function searchTerm(value: string): string {
  if (BARE_TERM.test(value) && !OPERATOR.test(value)) return value;
  return `"${value.replace(/[\\"]/g, "\\$&")}"`;
}

function rangeBound(range: RangeSpec, bound: number | string | undefined): string {
  if (bound === undefined) return "*";
  return range.kind === "megabytes"
    ? String(Math.round((bound as number) * BYTES_PER_MB))
    : String(bound);
}

/**
 * The search expressions of a valid advanced search, for the caller to AND together (as repeated
 * `q`). Criteria follow FotoWare's extended search: values of one field are ORed, fields ANDed.
 * `s` is the sort order (decision 018), not a condition, so it adds none.
 */
export function advancedSearchExpressions(value: AdvancedSearch): string[] {
  const expressions = value.q.filter((q) => q.trim() !== "");
  if (value.dt) expressions.push(`dt:${value.dt}`);
  if (value.o) expressions.push(`o:${value.o}`);
  if (value.cs) expressions.push(`cs:${value.cs}`);
  if (value.ms) expressions.push(`ms:${value.ms}`);
  for (const range of RANGES) {
    const from = value.ranges[range.from];
    const to = value.ranges[range.to];
    if (from === undefined && to === undefined) continue;
    expressions.push(`${range.predicate}:${rangeBound(range, from)} TO ${rangeBound(range, to)}`);
  }
  const byField = new Map<number, string[]>();
  for (const row of value.criteria) {
    const terms = byField.get(row.field) ?? [];
    terms.push(`${row.field}:${searchTerm(row.value)}`);
    byField.set(row.field, terms);
  }
  for (const terms of byField.values())
    expressions.push(terms.length === 1 ? terms[0]! : `(${terms.join(" OR ")})`);
  return expressions;
}

// ---- where a search goes ------------------------------------------------------------------------

/** An archive page searches itself; anywhere else searches all archives. */
export function advancedSearchTarget(pathname: string): string {
  return ARCHIVE_PAGE.test(pathname) ? pathname : SEARCH_HOME;
}

/** The `to` of the advanced search page: a same-site archive path, or null. */
export function searchTargetFrom(to: string | null): string | null {
  if (to === null) return SEARCH_HOME;
  const safe = safeRedirect(to, "");
  const path = safe.split(/[?#]/)[0]!;
  return SEARCH_TARGET.test(path) ? path : null;
}

/** The advanced search page, searching in `target`, refilled with the current search if given. */
export function advancedSearchPageHref(target: string, current?: URLSearchParams): string {
  const out = new URLSearchParams({ to: target });
  if (current)
    for (const [key, value] of boundedParams(current, false))
      if (value.trim() !== "" || key.startsWith("criteria[")) out.append(key, value);
  return `${ADVANCED_SEARCH_PAGE}?${out.toString()}`;
}
