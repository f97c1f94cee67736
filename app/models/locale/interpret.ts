/*
 * Messages as Lingui's compiler leaves them (decision 102): text, or a list of tokens, each text
 * or [name, type?, format?], where a plural's, ordinal's or select's format holds its branches.
 * This interpreter formats them in the browser and on the server alike, in a tenth of the bytes
 * of Lingui's runtime; a test checks it against that runtime on every message of every catalogue.
 * Dates are not formatted inside messages: they are given formatted (models/locale/format), in
 * the reader's time zone, which a message cannot know.
 */

export type CompiledToken = string | readonly [string, string?, unknown?];
export type CompiledMessage = string | readonly CompiledToken[];
export type MessageArgs = Record<string, unknown>;

const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
function memo<T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) cache.set(key, (found = make()));
  return found;
}

export function formatCompiled(
  message: CompiledMessage,
  args: MessageArgs,
  locale: string,
): string {
  const number = (n: number, style?: unknown) =>
    memo(
      `n ${locale} ${String(style)}`,
      () => new Intl.NumberFormat(locale, style === "percent" ? { style: "percent" } : {}),
    ).format(n);
  // `count`: in a plural's branch, what "#" stands for.
  const run = (tokens: CompiledMessage, count?: string): string => {
    if (typeof tokens === "string") return tokens;
    let out = "";
    for (const token of tokens) {
      if (typeof token === "string") {
        out += count !== undefined && token === "#" ? count : token;
        continue;
      }
      const [name, type, format] = token;
      const value = args[name];
      if (type === "plural" || type === "selectordinal") {
        const { offset = 0, ...branches } = format as Record<string, CompiledMessage> & {
          offset?: number;
        };
        const n = Number(value);
        const rules = memo(
          `p ${locale} ${type}`,
          () => new Intl.PluralRules(locale, { type: type === "plural" ? "cardinal" : "ordinal" }),
        );
        const branch =
          branches[String(value)] ?? branches[rules.select(n - offset)] ?? branches.other;
        out += run(branch ?? "", number(n - offset));
      } else if (type === "select") {
        const branches = format as Record<string, CompiledMessage>;
        out += run(branches[String(value)] ?? branches.other ?? "");
      } else if (type === "number") {
        out += number(Number(value), format);
      } else if (value != null) {
        out += String(value);
      }
    }
    return out;
  };
  return run(message);
}
