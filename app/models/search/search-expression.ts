/*
 * The search expression language of the API (issue 4): free text, field:value by metadata field
 * id, predicates (fn, dt, o, cs, fs, pw, ph, mt, it, rt, ct, at), quoted phrases, AND, OR, NOT,
 * parentheses, `*` wildcards, ranges with TO, ISO and relative dates. Parsing is pure (no server
 * imports) so forms and tests use it as they are; search.server.ts turns the tree into SQL.
 *
 * A hand-written lexer feeds a recursive-descent parser one token at a time, so problems are
 * reported in the order they appear in the text. Recursion happens only for parentheses, and a
 * depth counter stops it long before the stack would run out.
 *
 * Choices the issue left open:
 * - `5:(a OR b)` is an error that tells the person to write `(5:a OR 5:b)`.
 * - Uppercase `TO` is reserved like AND/OR/NOT: outside a range it is an error, not a word.
 * - A year, month or day, and a time of day without a zone, are read in the time zone the caller
 *   gives (the viewer's: decision 105), UTC by default; any date with a time is an instant.
 * - A date range ending at the end of year 9999 has `to: null`, since ISO strings past 9999 sort
 *   wrongly as text.
 * - `now-P1M` on 31 March lands on the last day of February.
 */

import { utc, zoneClock, type WallClock } from "~/models/locale/zone-clock";
import {
  COLOR_SPACE_WORDS,
  DOCUMENT_TYPE_SYNONYMS,
  DOCUMENT_TYPES,
  LISTED_COLOR_SPACE_WORDS,
  type DocumentType,
} from "~/models/asset/asset-kinds";
import { keyed } from "~/models/locale/keyed";

/** A word, a quoted phrase, or a word holding at least one `*`, as written (not normalised). */
export type TextValue =
  | { type: "word"; text: string }
  | { type: "phrase"; text: string }
  | { type: "wildcard"; text: string };

export type DocTypeValue = DocumentType;
export type OrientationValue = "landscape" | "portrait" | "square";
/** How much metadata an asset carries (spec 002): none, little (1 or 2 fields), normal (3+). */
export const METADATA_STATUSES = ["none", "little", "normal"] as const;
export type MetadataStatusValue = (typeof METADATA_STATUSES)[number];
export type NumberPredicate = "fs" | "pw" | "ph";
/** `at` is Arkiv's own: when the asset was added to the archive (decision 061). */
export type DatePredicate = "mt" | "it" | "rt" | "ct" | "at";

export type SearchNode =
  /** Two or more children. */
  | { kind: "and"; children: SearchNode[] }
  | { kind: "or"; children: SearchNode[] }
  | { kind: "not"; child: SearchNode }
  /** A lone `*`: every asset. */
  | { kind: "all" }
  /** Free text (field null) or a metadata field by id: sunset, 5:sunset, 25:"New York". */
  | { kind: "text"; field: number | null; value: TextValue }
  /** fn: the file name, whole-name match, `*` wildcards allowed, case-insensitive. */
  | { kind: "fileName"; value: TextValue }
  | { kind: "docType"; value: DocTypeValue }
  | { kind: "orientation"; value: OrientationValue }
  | { kind: "metadataStatus"; value: MetadataStatusValue }
  /** cs: the stored colour-space values that match (rgb means every RGB space). */
  | { kind: "colorSpace"; values: string[] }
  /** fs bytes, pw/ph pixels; both bounds inclusive; an exact value has from === to. */
  | { kind: "numberRange"; name: NumberPredicate; from: number | null; to: number | null }
  /** ISO-8601 UTC instants: from inclusive, to exclusive; a day, month or year is a range. */
  | { kind: "dateRange"; name: DatePredicate; from: string | null; to: string | null };

export type ParseResult =
  { ok: true; node: SearchNode } | { ok: false; message: string; position: number };

export interface ParseOptions {
  /** The instant `now` stands for; the current time by default. */
  now?: Date;
  /** The IANA time zone a written date without an offset is read in; UTC by default. */
  timeZone?: string;
}

/** Longest expression accepted, in characters. */
export const MAX_EXPRESSION_LENGTH = 2000;
/** Deepest nesting of parentheses and NOT together. */
export const MAX_NESTING_DEPTH = 50;
/** Most terms (words, phrases, field values, predicates) in one expression. */
export const MAX_TERMS = 200;
export const MAX_FIELD_ID = 99_999;

export function parseSearchExpression(input: string, options: ParseOptions = {}): ParseResult {
  try {
    if (typeof input !== "string") return failure(keyed("validation.search.empty"), 0);
    if (input.length > MAX_EXPRESSION_LENGTH) {
      return failure(
        keyed("validation.search.tooLong", { max: MAX_EXPRESSION_LENGTH }),
        MAX_EXPRESSION_LENGTH,
      );
    }
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.exec(input);
    if (control) {
      const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
      return failure(
        keyed("validation.search.controlCharacter", { code, position: control.index }),
        control.index,
      );
    }
    if (input.trim() === "") return failure(keyed("validation.search.empty"), 0);
    // Every `now` in one expression is the same instant.
    const now = (options?.now ?? new Date()).getTime();
    const node = new Parser(new Lexer(input), now, zoneClock(options?.timeZone)).parse();
    return { ok: true, node };
  } catch (error) {
    if (error instanceof ExpressionError) return failure(error.message, error.position);
    // A bug of ours must still not break the search field; the tests assert this never shows.
    return failure(keyed("validation.search.unreadable"), 0);
  }
}

function failure(message: string, position: number): ParseResult {
  return { ok: false, message, position };
}

class ExpressionError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

// ---------------------------------------------------------------------------------------------
// Lexer

type PredicateName = "fn" | "dt" | "o" | "cs" | "ms" | NumberPredicate | DatePredicate;

const PREDICATE_NAMES: ReadonlySet<string> = new Set<PredicateName>([
  "fn",
  "dt",
  "o",
  "cs",
  "ms",
  "fs",
  "pw",
  "ph",
  "mt",
  "it",
  "rt",
  "ct",
  "at",
]);

const isNumberPredicate = (name: PredicateName): name is NumberPredicate =>
  name === "fs" || name === "pw" || name === "ph";
const isDatePredicate = (name: PredicateName): name is DatePredicate =>
  name === "mt" || name === "it" || name === "rt" || name === "ct" || name === "at";

/** One value as written: a word, the inside of a phrase, or the inside of `{{…}}`. */
interface RawValue {
  text: string;
  quoted: boolean;
  position: number;
}

type Prefix =
  | { kind: "field"; id: number; position: number }
  | { kind: "predicate"; name: PredicateName; position: number };

type Token =
  | { type: "("; position: number }
  | { type: ")"; position: number }
  | { type: "to"; position: number }
  | { type: "and" | "or" | "not"; text: string; position: number }
  | {
      type: "term";
      position: number;
      prefix: Prefix | null;
      value: RawValue;
      /** The value after TO, for range predicates only. */
      rangeEnd: RawValue | null;
    };

type TermToken = Extract<Token, { type: "term" }>;

const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** `name:` at the start of a term; the name is then classified as field id or predicate. */
const PREFIX = /([\p{L}\p{N}_]+):/uy;

class Lexer {
  private position = 0;
  private terms = 0;
  private buffered: Token | null | undefined = undefined;

  constructor(readonly input: string) {}

  peek(): Token | null {
    if (this.buffered === undefined) this.buffered = this.read();
    return this.buffered;
  }

  next(): Token | null {
    const token = this.peek();
    this.buffered = undefined;
    return token;
  }

  private read(): Token | null {
    const input = this.input;
    this.position = this.skipSpace(this.position);
    const start = this.position;
    if (start >= input.length) return null;
    const c = input[start];

    if (c === "(" || c === ")") {
      this.position++;
      return { type: c, position: start };
    }
    if (input.startsWith("&&", start) || input.startsWith("||", start)) {
      this.position += 2;
      return {
        type: c === "&" ? "and" : "or",
        text: input.slice(start, start + 2),
        position: start,
      };
    }
    if (c === "!") {
      this.position++;
      return { type: "not", text: "!", position: start };
    }
    if (c === "-") {
      const after = input[start + 1];
      // A dash on its own is more likely punctuation ("Rock - Paper") than a forgotten term.
      if (after === undefined || isSpace(after) || after === ")") {
        throw new ExpressionError(keyed("validation.search.looseDash"), start);
      }
      this.position++;
      return { type: "not", text: "-", position: start };
    }
    if (c === '"') {
      const value = this.readPhrase(start);
      return this.term({ type: "term", position: start, prefix: null, value, rangeEnd: null });
    }

    PREFIX.lastIndex = start;
    const match = PREFIX.exec(input);
    if (match) return this.readPrefixed(start, match[1] ?? "", start + match[0].length);

    const end = this.wordEnd(start, false);
    const text = input.slice(start, end);
    this.position = end;
    switch (text) {
      case "AND":
      case "OR":
      case "NOT":
        return {
          type: text === "AND" ? "and" : text === "OR" ? "or" : "not",
          text,
          position: start,
        };
      case "TO":
        return { type: "to", position: start };
    }
    return this.term({
      type: "term",
      position: start,
      prefix: null,
      value: { text, quoted: false, position: start },
      rangeEnd: null,
    });
  }

  private term(token: TermToken): TermToken {
    this.terms++;
    if (this.terms > MAX_TERMS) {
      throw new ExpressionError(
        keyed("validation.search.tooManyTerms", { max: MAX_TERMS }),
        token.position,
      );
    }
    return token;
  }

  private readPrefixed(start: number, name: string, valueStart: number): TermToken {
    const input = this.input;
    let prefix: Prefix;
    let kind: "field" | "predicate";
    if (/^[0-9]+$/.test(name)) {
      const id = Number(name);
      if (id < 1 || id > MAX_FIELD_ID) {
        throw new ExpressionError(
          keyed("validation.search.noSuchField", { name, max: MAX_FIELD_ID }),
          start,
        );
      }
      prefix = { kind: "field", id, position: start };
      kind = "field";
    } else {
      const lower = name.toLowerCase();
      if (!PREDICATE_NAMES.has(lower)) {
        throw new ExpressionError(keyed("validation.search.unknownField", { name }), start);
      }
      prefix = { kind: "predicate", name: lower as PredicateName, position: start };
      kind = "predicate";
    }

    const c = input[valueStart];
    if (c === "(") {
      throw new ExpressionError(
        keyed("validation.search.parenthesesAfterField", { kind, name }),
        valueStart,
      );
    }
    const noValue = () =>
      new ExpressionError(keyed("validation.search.noValue", { kind, name }), valueStart);

    if (
      prefix.kind === "predicate" &&
      (isNumberPredicate(prefix.name) || isDatePredicate(prefix.name))
    ) {
      return this.readRange(start, prefix, valueStart, noValue);
    }

    let value: RawValue;
    if (c === '"') {
      value = this.readPhrase(valueStart);
    } else {
      const end = this.wordEnd(valueStart, false);
      if (end === valueStart) throw noValue();
      value = { text: input.slice(valueStart, end), quoted: false, position: valueStart };
      this.position = end;
    }
    return this.term({ type: "term", position: start, prefix, value, rangeEnd: null });
  }

  /** `fs:1000`, `fs:1000 TO 5000`, `fs:[1000 TO 5000]`, `mt:{{now-PT6H}} TO {{now}}`. */
  private readRange(
    start: number,
    prefix: Prefix,
    valueStart: number,
    noValue: () => ExpressionError,
  ): TermToken {
    const input = this.input;
    let i = valueStart;
    const bracket = input[i] === "[" ? i : null;
    if (bracket !== null) i = this.skipSpace(i + 1);

    const value = this.readBound(i, bracket !== null);
    if (!value) throw noValue();
    i = this.position;

    let rangeEnd: RawValue | null = null;
    const to = this.skipSpace(i);
    // TO needs space on both sides; "TOP" after a value is the next word, not a range.
    if (to > i && input.startsWith("TO", to) && !this.continuesWord(to + 2, bracket !== null)) {
      rangeEnd = this.readBound(this.skipSpace(to + 2), bracket !== null);
      if (!rangeEnd) {
        throw new ExpressionError(
          keyed("validation.search.rangeWithoutEnd", { example: exampleRange(prefix) }),
          to,
        );
      }
      i = this.position;
    }

    if (bracket !== null) {
      i = this.skipSpace(i);
      if (input[i] !== "]") {
        throw new ExpressionError(
          keyed("validation.search.unclosedBracket", { position: bracket }),
          Math.min(i, input.length),
        );
      }
      i++;
    }
    this.position = i;
    return this.term({ type: "term", position: start, prefix, value, rangeEnd });
  }

  /** One end of a range: a word, a phrase, or `{{…}}`; null when nothing is there. */
  private readBound(i: number, bracketed: boolean): RawValue | null {
    const input = this.input;
    const c = input[i];
    if (c === undefined || isSpace(c) || c === "(" || c === ")") return null;
    if (c === '"') return this.readPhrase(i);
    if (input.startsWith("{{", i)) {
      const close = input.indexOf("}}", i + 2);
      if (close < 0) {
        throw new ExpressionError(keyed("validation.search.unclosedBraces", { position: i }), i);
      }
      this.position = close + 2;
      return { text: input.slice(i + 2, close).trim(), quoted: false, position: i };
    }
    const end = this.wordEnd(i, bracketed);
    if (end === i) return null;
    this.position = end;
    return { text: input.slice(i, end), quoted: false, position: i };
  }

  /** Reads `"…"` from the quote at `start`; `\"` and `\\` escape, other backslashes stay. */
  private readPhrase(start: number): RawValue {
    const input = this.input;
    let text = "";
    for (let i = start + 1; i < input.length; i++) {
      const c = input[i];
      if (c === '"') {
        this.position = i + 1;
        if (text.trim() === "") {
          throw new ExpressionError(
            keyed("validation.search.emptyQuotes", { position: start }),
            start,
          );
        }
        return { text, quoted: true, position: start };
      }
      const escaped = input[i + 1];
      if (c === "\\" && (escaped === '"' || escaped === "\\")) {
        text += escaped;
        i++;
      } else {
        text += c;
      }
    }
    throw new ExpressionError(keyed("validation.search.unclosedQuote", { position: start }), start);
  }

  private wordEnd(i: number, bracketed: boolean): number {
    while (i < this.input.length && this.continuesWord(i, bracketed)) i++;
    return i;
  }

  private continuesWord(i: number, bracketed: boolean): boolean {
    const input = this.input;
    const c = input[i];
    if (c === undefined || isSpace(c) || c === "(" || c === ")" || c === '"') return false;
    if (bracketed && c === "]") return false;
    return !input.startsWith("&&", i) && !input.startsWith("||", i);
  }

  private skipSpace(i: number): number {
    while (isSpace(this.input[i])) i++;
    return i;
  }
}

function exampleRange(prefix: Prefix): string {
  if (prefix.kind === "predicate" && isDatePredicate(prefix.name)) {
    return `${prefix.name}:2020 TO 2024`;
  }
  return prefix.kind === "predicate" ? `${prefix.name}:1000 TO 5000` : "fs:1000 TO 5000";
}

// ---------------------------------------------------------------------------------------------
// Parser: or := and (OR and)*; and := unary ((AND)? unary)*; unary := NOT* primary;
// primary := term | "(" or ")".

type Operator = Extract<Token, { type: "and" | "or" | "not" }>;
/** What came right before an operand: the reason it is expected, for the message when it is not. */
type Context = Operator | Extract<Token, { type: "(" }> | null;

const operatorName = (token: Operator) =>
  /^[A-Z]+$/.test(token.text) ? token.text : `"${token.text}"`;

const TO_MISPLACED = keyed("validation.search.misplacedTo");

class Parser {
  private depth = 0;

  constructor(
    private readonly lexer: Lexer,
    private readonly now: number,
    private readonly wall: WallClock,
  ) {}

  parse(): SearchNode {
    const node = this.parseOr(null);
    const extra = this.lexer.peek();
    if (extra?.type === ")") {
      throw new ExpressionError(
        keyed("validation.search.unmatchedClose", { position: extra.position }),
        extra.position,
      );
    }
    if (extra) throw new ExpressionError(TO_MISPLACED, extra.position);
    return node;
  }

  private parseOr(context: Context): SearchNode {
    const children = [this.parseAnd(context)];
    for (let token = this.lexer.peek(); token?.type === "or"; token = this.lexer.peek()) {
      this.lexer.next();
      children.push(this.parseAnd(token));
    }
    return combine("or", children);
  }

  private parseAnd(context: Context): SearchNode {
    const children = [this.parseUnary(context)];
    for (;;) {
      const token = this.lexer.peek();
      if (token?.type === "and") {
        this.lexer.next();
        children.push(this.parseUnary(token));
      } else if (token?.type === "term" || token?.type === "(" || token?.type === "not") {
        children.push(this.parseUnary(null));
      } else if (token?.type === "to") {
        throw new ExpressionError(TO_MISPLACED, token.position);
      } else {
        return combine("and", children);
      }
    }
  }

  /** NOTs are counted in a loop, not by recursion, so `NOT NOT NOT …` cannot grow the stack. */
  private parseUnary(context: Context): SearchNode {
    let count = 0;
    for (let token = this.lexer.peek(); token?.type === "not"; token = this.lexer.peek()) {
      this.lexer.next();
      this.enter(token.position);
      count++;
      context = token;
    }
    let node = this.parsePrimary(context);
    for (let i = 0; i < count; i++) node = { kind: "not", child: node };
    this.depth -= count;
    return node;
  }

  private parsePrimary(context: Context): SearchNode {
    const token = this.lexer.next();
    if (token?.type === "term") return buildTerm(token, { now: this.now, wall: this.wall });
    if (token?.type === "(") {
      this.enter(token.position);
      const node = this.parseOr(token);
      const close = this.lexer.peek();
      if (close?.type !== ")") {
        const at = close ? close.position : this.lexer.input.length;
        throw new ExpressionError(
          keyed("validation.search.unclosedParenthesis", { position: token.position }),
          at,
        );
      }
      this.lexer.next();
      this.depth--;
      return node;
    }
    if (token?.type === "to") throw new ExpressionError(TO_MISPLACED, token.position);

    // No operand where one was needed: say what asked for it.
    if (context?.type === "(" && token?.type === ")") {
      throw new ExpressionError(
        keyed("validation.search.emptyParentheses", { position: context.position }),
        context.position,
      );
    }
    if (context?.type === "(" && !token) {
      throw new ExpressionError(
        keyed("validation.search.termAfterParenthesis", { position: context.position }),
        context.position,
      );
    }
    if (context && context.type !== "(") {
      throw new ExpressionError(
        keyed("validation.search.termAfterOperator", { operator: operatorName(context) }),
        context.position,
      );
    }
    if (token?.type === ")") {
      throw new ExpressionError(
        keyed("validation.search.unmatchedClose", { position: token.position }),
        token.position,
      );
    }
    if (token?.type === "and" || token?.type === "or") {
      throw new ExpressionError(
        keyed("validation.search.operatorBetweenTerms", { operator: operatorName(token) }),
        token.position,
      );
    }
    // Only reachable if the lexer ran dry, which the empty check before parsing rules out.
    throw new ExpressionError(keyed("validation.search.empty"), this.lexer.input.length);
  }

  private enter(position: number) {
    this.depth++;
    if (this.depth > MAX_NESTING_DEPTH) {
      throw new ExpressionError(
        keyed("validation.search.tooDeep", { max: MAX_NESTING_DEPTH }),
        position,
      );
    }
  }
}

/** Flattens `a AND (b AND c)` into one AND of three; one child is that child. */
function combine(kind: "and" | "or", children: SearchNode[]): SearchNode {
  const flat: SearchNode[] = [];
  for (const child of children) {
    if (child.kind === kind) flat.push(...child.children);
    else flat.push(child);
  }
  return flat.length === 1 && flat[0] ? flat[0] : { kind, children: flat };
}

// ---------------------------------------------------------------------------------------------
// Terms

function buildTerm(token: TermToken, dates: DateContext): SearchNode {
  const { prefix, value } = token;
  if (!prefix) {
    if (!value.quoted && /^\*+$/.test(value.text)) return { kind: "all" };
    return { kind: "text", field: null, value: textValue(value) };
  }
  if (prefix.kind === "field") return { kind: "text", field: prefix.id, value: textValue(value) };

  const name = prefix.name;
  switch (name) {
    case "fn":
      return { kind: "fileName", value: textValue(value) };
    case "dt":
      return { kind: "docType", value: lookUp(DOC_TYPES, value, "docType") };
    case "o":
      return { kind: "orientation", value: lookUp(ORIENTATIONS, value, "orientation") };
    case "cs":
      return { kind: "colorSpace", values: [...lookUp(COLOR_SPACE_NAMES, value, "colorSpace")] };
    case "ms":
      return {
        kind: "metadataStatus",
        value: lookUp(METADATA_STATUS_NAMES, value, "metadataStatus"),
      };
    case "fs":
    case "pw":
    case "ph":
      return numberRange(name, value, token.rangeEnd);
    case "mt":
    case "it":
    case "rt":
    case "ct":
    case "at":
      return dateRange(name, value, token.rangeEnd, dates);
  }
}

function textValue(value: RawValue): TextValue {
  if (value.quoted) return { type: "phrase", text: value.text };
  return { type: value.text.includes("*") ? "wildcard" : "word", text: value.text };
}

/** Accepted spellings, lowercase, to the value; the first key of each value is the one listed. */
const DOC_TYPES: ReadonlyMap<string, DocTypeValue> = new Map([
  ...DOCUMENT_TYPES.map((type) => [type, type] as const),
  ...Object.entries(DOCUMENT_TYPE_SYNONYMS),
]);

const METADATA_STATUS_NAMES: ReadonlyMap<string, MetadataStatusValue> = new Map(
  METADATA_STATUSES.map((v) => [v, v]),
);
const ORIENTATIONS: ReadonlyMap<string, OrientationValue> = new Map([
  ["landscape", "landscape"],
  ["l", "landscape"],
  ["horizontal", "landscape"],
  ["portrait", "portrait"],
  ["p", "portrait"],
  ["vertical", "portrait"],
  ["square", "square"],
  ["s", "square"],
]);

const COLOR_SPACE_NAMES: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(COLOR_SPACE_WORDS),
);

const UNKNOWN_VALUE = {
  docType: "validation.search.unknown.docType",
  orientation: "validation.search.unknown.orientation",
  colorSpace: "validation.search.unknown.colorSpace",
  metadataStatus: "validation.search.unknown.metadataStatus",
} as const;

function lookUp<T>(
  table: ReadonlyMap<string, T>,
  value: RawValue,
  what: keyof typeof UNKNOWN_VALUE,
): T {
  const found = table.get(value.text.trim().toLowerCase());
  if (found !== undefined) return found;
  const listed =
    table === COLOR_SPACE_NAMES
      ? LISTED_COLOR_SPACE_WORDS
      : [...new Set(table.values())].map((v) => String(v));
  throw new ExpressionError(
    keyed(UNKNOWN_VALUE[what], { value: value.text, listed: listed.join(", ") }),
    value.position,
  );
}

// ---------------------------------------------------------------------------------------------
// Numbers

const SIZE_UNITS: Record<string, number> = {
  b: 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
};

function numberRange(
  name: NumberPredicate,
  value: RawValue,
  rangeEnd: RawValue | null,
): SearchNode {
  const from = parseCount(name, value);
  const to = rangeEnd ? parseCount(name, rangeEnd) : from;
  if (from !== null && to !== null && from > to) {
    throw new ExpressionError(keyed("validation.search.rangeBackwards"), value.position);
  }
  return { kind: "numberRange", name, from, to };
}

function parseCount(name: NumberPredicate, value: RawValue): number | null {
  const text = value.text.trim();
  if (text === "*") return null;
  let count: number | null = null;
  if (/^[0-9]+$/.test(text)) {
    count = Number(text);
  } else if (name === "fs") {
    // 1024-based, as file managers show sizes: 2MB is 2 × 1024 × 1024 bytes.
    const size = /^([0-9]+(?:\.[0-9]+)?)\s*([bkmgt])(?:i?b)?$/i.exec(text);
    if (size)
      count = Math.round(Number(size[1]) * (SIZE_UNITS[(size[2] ?? "").toLowerCase()] ?? 1));
  }
  if (count === null) {
    const problem = /^-\s*[0-9]/.test(text)
      ? keyed("validation.search.negative", { name })
      : name === "fs"
        ? keyed("validation.search.notASize", { value: value.text })
        : keyed("validation.search.notPixels", { name, value: value.text });
    throw new ExpressionError(problem, value.position);
  }
  if (!Number.isSafeInteger(count)) {
    throw new ExpressionError(
      keyed("validation.search.tooLarge", { name, value: value.text }),
      value.position,
    );
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Dates

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const EARLIEST = utc(1000, 0, 1);
/** The end of year 9999: nothing after it can be written as four digits. */
const LATEST = utc(10_000, 0, 1);

/** A written date: a year, month or day is a period; a time or a relative date an instant. */
type DateValue =
  | { kind: "period"; start: number; end: number }
  | { kind: "instant"; time: number; relative: boolean };

interface DateContext {
  now: number;
  wall: WallClock;
}

function dateRange(
  name: DatePredicate,
  value: RawValue,
  rangeEnd: RawValue | null,
  dates: DateContext,
): SearchNode {
  const first = parseDate(value, dates);
  let from: number | null;
  let to: number | null;
  if (!rangeEnd) {
    if (!first) return { kind: "dateRange", name, from: null, to: null };
    if (first.kind === "period") [from, to] = [first.start, first.end];
    // "mt:now-P7D" reads as "since a week ago"; an absolute instant matches that moment only.
    else [from, to] = [first.time, first.relative ? null : first.time + 1];
  } else {
    const last = parseDate(rangeEnd, dates);
    from = first === null ? null : first.kind === "period" ? first.start : first.time;
    // The end of a range is inclusive as written: "TO 2020-12-31" includes that whole day.
    to = last === null ? null : last.kind === "period" ? last.end : last.time;
    if (from !== null && to !== null && from >= to) {
      // Equal ends of two periods mean the first period lies wholly after the second.
      const empty = from === to && first?.kind === "instant" && last?.kind === "instant";
      throw new ExpressionError(
        keyed(empty ? "validation.search.rangeEmpty" : "validation.search.rangeBackwards"),
        value.position,
      );
    }
  }
  return {
    kind: "dateRange",
    name,
    from: from === null ? null : new Date(from).toISOString(),
    to: to === null || to >= LATEST ? null : new Date(to).toISOString(),
  };
}

const ABSOLUTE_DATE =
  /^([0-9]+)(?:-([0-9]{1,2})(?:-([0-9]{1,2})(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?(Z|[+-][0-9]{2}(?::?[0-9]{2})?)?)?)?)?$/i;

const DURATION =
  /^P(?:([0-9]+)Y)?(?:([0-9]+)M)?(?:([0-9]+)W)?(?:([0-9]+)D)?(?:T(?=[0-9])(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)S)?)?$/i;

const DATE_EXAMPLES = "2024, 2024-05, 2024-05-01, 2024-05-01T10:00:00Z or now-P7D";

function parseDate(value: RawValue, { now, wall }: DateContext): DateValue | null {
  const text = value.text.trim();
  if (text === "*") return null;
  const fail = (message: string): never => {
    throw new ExpressionError(message, value.position);
  };

  const relative = /^now(?:([+-])(.*))?$/i.exec(text);
  if (relative) {
    let time = now;
    if (relative[1]) {
      const duration = DURATION.exec(relative[2] ?? "");
      if (!duration || duration.slice(1).every((part) => part === undefined)) {
        fail(
          keyed("validation.search.notADuration", {
            sign: relative[1],
            value: relative[2] ?? "",
          }),
        );
      }
      const n = (duration ?? []).slice(1).map((part) => Number(part ?? 0));
      const [years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0] = n;
      const sign = relative[1] === "-" ? -1 : 1;
      time = addMonths(time, sign * (years * 12 + months));
      time += sign * ((weeks * 7 + days) * DAY + hours * HOUR + minutes * MINUTE + seconds * 1000);
    }
    if (!(time >= EARLIEST && time < LATEST)) {
      fail(keyed("validation.search.dateOutOfRange", { text }));
    }
    return { kind: "instant", time, relative: true };
  }

  const match = ABSOLUTE_DATE.exec(text);
  if (!match)
    return fail(
      keyed("validation.search.notADate", { value: value.text, examples: DATE_EXAMPLES }),
    );
  const [, y = "", mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  if (y.length !== 4 || year < 1000) {
    fail(keyed("validation.search.yearOutOfRange", { year: y }));
  }
  if (mo === undefined)
    return { kind: "period", start: wall(year, 0, 1), end: wall(year + 1, 0, 1) };
  const month = Number(mo);
  if (month < 1 || month > 12) fail(keyed("validation.search.noSuchMonth", { text, month }));
  if (d === undefined) {
    return { kind: "period", start: wall(year, month - 1, 1), end: wall(year, month, 1) };
  }
  const day = Number(d);
  const length = daysInMonth(year, month - 1);
  if (day < 1 || day > length) {
    fail(keyed("validation.search.noSuchDay", { text, month, year: y, length }));
  }
  if (h === undefined) {
    return {
      kind: "period",
      start: wall(year, month - 1, day),
      end: wall(year, month - 1, day + 1),
    };
  }

  const [hour, minute, second] = [Number(h), Number(mi), Number(s ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) fail(keyed("validation.search.badTime", { text }));
  let offset = 0;
  if (zone && zone.toUpperCase() !== "Z") {
    const digits = zone.slice(1).replace(":", "");
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || 0)];
    if (oh > 23 || om > 59) fail(keyed("validation.search.badOffset", { text }));
    offset = (zone[0] === "-" ? -1 : 1) * (oh * HOUR + om * MINUTE);
  }
  // Digits past milliseconds are dropped: stored dates are no finer.
  const millis = Number((fraction ?? "").padEnd(3, "0").slice(0, 3));
  // A written offset says where the time was read; without one it is the reader's zone's.
  const time = zone
    ? utc(year, month - 1, day, hour, minute, second, millis) - offset
    : wall(year, month - 1, day, hour, minute, second, millis);
  if (!(time >= EARLIEST && time < LATEST)) {
    fail(keyed("validation.search.dateOutOfRange", { text }));
  }
  return { kind: "instant", time, relative: false };
}

function daysInMonth(year: number, month: number): number {
  return new Date(utc(year, month + 1, 0)).getUTCDate();
}

/** Calendar months in UTC; the day is kept, or the month's last day when it is shorter. */
function addMonths(time: number, months: number): number {
  if (months === 0) return time;
  const date = new Date(time);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  date.setUTCFullYear(year, month, Math.min(date.getUTCDate(), daysInMonth(year, month)));
  return date.getTime();
}
