import os from "node:os";
import { userPatternMatches } from "~/models/validation/pattern";
import "~/models/validation/pattern.server";

/*
 * People's patterns (issue 29, decision 069): the hostile patterns of the review on values of
 * growing length, on the backtracking RegExp (the baseline, stopped at a cap so the run ends)
 * beside RE2 (what the server runs). Run: npx tsx bench/patterns.ts
 */

const BASELINE_CAP_MS = 2_000;

interface Case {
  name: string;
  pattern: string;
  whole: boolean;
  value: (n: number) => string;
  lengths: number[];
}

const CASES: Case[] = [
  {
    name: "sign-up ^(a+)+$",
    pattern: "^(a+)+$",
    whole: false,
    value: (n) => `${"a".repeat(n)}!`,
    lengths: [16, 20, 22, 24, 26, 28, 30, 1_000, 100_000],
  },
  {
    name: "metadata .*.*.*.*.*.*x",
    pattern: ".*.*.*.*.*.*x",
    whole: true,
    value: (n) => "a".repeat(n),
    lengths: [25, 50, 75, 100, 150, 1_000, 100_000],
  },
];

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const ms = (t: number) => t.toFixed(t < 10 ? 3 : 0).padStart(9);

// The first RE2 call instantiates the WebAssembly module; it is not a match.
const warm = time(() => userPatternMatches("a", "a", false));
console.log(`RE2 start-up ${warm.toFixed(0)} ms (once per process)`);
console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log("case                      length   RegExp ms     RE2 ms    ratio");
for (const c of CASES) {
  let stopped = false;
  const native = new RegExp(c.whole ? `^(?:${c.pattern})$` : c.pattern, "u");
  for (const n of c.lengths) {
    const value = c.value(n);
    const re2 = time(() => userPatternMatches(c.pattern, value, c.whole));
    let base: number | null = null;
    if (!stopped) {
      base = time(() => native.test(value));
      // Each step costs more than the last: once over the cap, the longer ones would not end.
      if (base > BASELINE_CAP_MS) stopped = true;
    }
    const ratio = base === null ? "(capped)" : `${(base / Math.max(re2, 0.001)).toFixed(0)}x`;
    console.log(
      `${c.name.padEnd(24)} ${String(n).padStart(7)} ${base === null ? "        -" : ms(base)} ${ms(re2)} ${ratio.padStart(9)}`,
    );
  }
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
