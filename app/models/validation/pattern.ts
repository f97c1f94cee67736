/*
 * Patterns that people type (sign-up extra fields, metadata field validation) run on RE2, a
 * linear-time engine, never on the backtracking RegExp (decision 069): `^(a+)+$` on 27 hostile
 * characters held the event loop for seconds. RE2 lives in WebAssembly read from disk, so it
 * exists on the server only; this browser-safe half checks a pattern's syntax and asks the engine
 * the server registers (pattern.server.ts). In the browser no engine is registered and a user
 * pattern is not run at all: the server decides.
 */

import { keyed } from "~/models/locale/keyed";

/** Longest pattern anyone may save; RE2's own limits are far above it. */
export const MAX_PATTERN_LENGTH = 500;

/** What the server's engine offers: why a pattern cannot be used, and a match test. */
export interface PatternEngine {
  problem(pattern: string): string | null;
  /** Whether the value matches (`whole`: the whole value); null when it cannot compile. */
  test(pattern: string, value: string, whole: boolean): boolean | null;
}

let engine: PatternEngine | null = null;

export function registerPatternEngine(next: PatternEngine): void {
  engine = next;
}

const inBrowser = () => typeof document !== "undefined";

function requireEngine(): PatternEngine | null {
  if (engine || inBrowser()) return engine;
  // A server path that forgot to load the engine must fail loudly in tests, not skip the check.
  throw new Error("No pattern engine: import ~/models/validation/pattern.server first");
}

const LOOK_AROUND = /^\(\?<?[=!]/;

/**
 * Constructs RE2 does not have, found by reading the pattern (no engine needed), so the browser
 * and the API show the same message as the server: look-around and back-references.
 */
function unsupported(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || next === "k"))
        return keyed("validation.pattern.backReferences");
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") inClass = true;
    else if (c === "(" && LOOK_AROUND.test(pattern.slice(i, i + 4)))
      return keyed("validation.pattern.lookAround");
  }
  return null;
}

/**
 * Why a user's pattern cannot be saved, or null. Everywhere: the length, JavaScript's syntax
 * (compiling never runs the pattern, so it is safe) and RE2's missing constructs; on the server
 * RE2 itself compiles it, which is the rule.
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH)
    return keyed("validation.text.useAtMost", { max: MAX_PATTERN_LENGTH });
  const missing = unsupported(pattern);
  if (missing) return missing;
  try {
    new RegExp(pattern, "u");
  } catch {
    return keyed("validation.pattern.invalid");
  }
  return requireEngine()?.problem(pattern) ?? null;
}

/**
 * Whether the value matches the user's pattern: true or false on the server; undefined in the
 * browser, where user patterns are not run (the server decides), and for a pattern saved before
 * RE2 that it cannot compile: such a rule is not applied rather than refusing every value, and
 * the next save of its settings asks for a pattern that compiles.
 */
export function userPatternMatches(
  pattern: string,
  value: string,
  whole: boolean,
): boolean | undefined {
  const e = requireEngine();
  return e?.test(pattern, value, whole) ?? undefined;
}
