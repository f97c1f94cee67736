/*
 * Whether a field's validation pattern can make a matcher backtrack for exponential time
 * (decision 041). Patterns are checked against values in browsers and, with editing, on the
 * server; a pattern like (a+)+ or (a|a)* on a short hostile value can hang either. Refused here,
 * conservatively, by the shape of the pattern: a repeated group that itself holds a repetition
 * or an alternation (star height above one), a back-reference, or a repetition count over 1000.
 * Pure: the schema shared by forms and the API calls it.
 */

interface Group {
  repeats: boolean;
  alternates: boolean;
}

const MAX_COUNT = 1000;

/** Why the pattern is refused; null when it is safe to match. */
export function backtrackingRisk(pattern: string): string | null {
  const stack: Group[] = [{ repeats: false, alternates: false }];
  let closed: Group | null = null;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const justClosed = closed;
    closed = null;
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9]/.test(next) || next === "k") return "Back-references are not allowed";
      i++;
      continue;
    }
    if (c === "[") {
      // A character class: skip to its unescaped end.
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
      continue;
    }
    if (c === "(") {
      stack.push({ repeats: false, alternates: false });
      continue;
    }
    if (c === ")") {
      const group = stack.length > 1 ? stack.pop()! : null;
      if (group) {
        // What the group holds, its parent holds too: ((a+)b)+ repeats a repetition.
        const parent = stack[stack.length - 1]!;
        parent.repeats ||= group.repeats;
        parent.alternates ||= group.alternates;
        closed = group;
      }
      continue;
    }
    if (c === "|") {
      stack[stack.length - 1]!.alternates = true;
      continue;
    }
    let repeats = false;
    if (c === "*" || c === "+") repeats = true;
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) continue;
      const low = Number(m[1]);
      const high = m[2] === undefined ? low : m[3] === "" ? Infinity : Number(m[3]);
      if (low > MAX_COUNT || (high !== Infinity && high > MAX_COUNT))
        return `Repeat a part at most ${MAX_COUNT} times`;
      repeats = high > 1;
      i += m[0].length - 1;
    } else continue;
    if (!repeats) continue;
    if (justClosed && (justClosed.repeats || justClosed.alternates))
      return "A repeated group may not itself repeat or hold alternatives: matching could take forever";
    stack[stack.length - 1]!.repeats = true;
  }
  return null;
}
