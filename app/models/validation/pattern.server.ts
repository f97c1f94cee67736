import { keyed } from "~/models/locale/keyed";
import { RE2 } from "re2-wasm";
import { registerPatternEngine, type PatternEngine } from "./pattern";

/*
 * RE2 (WebAssembly) as the engine for people's patterns (decision 069): matching time grows
 * linearly with the value whatever the pattern, so no pattern can stall the server.
 */

/** re2-wasm keeps each compiled pattern in WebAssembly memory until its wrapper is deleted. */
interface Wrapped {
  wrapper?: { delete?: () => void };
}
const release = (re: RE2) => (re as unknown as Wrapped).wrapper?.delete?.();

const MAX_CACHED = 200;
const cache = new Map<string, RE2 | null>();

function compile(source: string): RE2 | null {
  const hit = cache.get(source);
  if (hit !== undefined) {
    // Refresh its place: the map's order is the order of last use.
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  let re: RE2 | null;
  try {
    re = new RE2(source, "u");
  } catch {
    re = null;
  }
  if (cache.size >= MAX_CACHED) {
    const [oldest, old] = cache.entries().next().value as [string, RE2 | null];
    cache.delete(oldest);
    if (old) release(old);
  }
  cache.set(source, re);
  return re;
}

// Stored settings are parsed on every request, each of their patterns checked again.
const problems = new Map<string, string | null>();

/** RE2's own message names the construct, e.g. "invalid repetition size: {1001}". */
function compileProblem(pattern: string): string | null {
  const known = problems.get(pattern);
  if (known !== undefined) return known;
  let problem: string | null = null;
  try {
    release(new RE2(pattern, "u"));
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^.*?\/u: /, "") : "";
    problem = detail
      ? keyed("validation.pattern.cannotUseBecause", { detail })
      : keyed("validation.pattern.cannotUse");
  }
  if (problems.size >= 1000) problems.clear();
  problems.set(pattern, problem);
  return problem;
}

export const re2Engine: PatternEngine = {
  problem: compileProblem,
  test(pattern, value, whole) {
    // The pattern alone must compile: wrapping "a)|(b" would make a different, valid one.
    if (!compile(pattern)) return null;
    const re = whole ? compile(`^(?:${pattern})$`) : compile(pattern);
    return re ? re.test(value) : null;
  },
};

registerPatternEngine(re2Engine);
