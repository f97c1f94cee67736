import type { MessageId, Translate } from "./message-id";

/*
 * Messages made where no language is known (zod schemas, shared by the browser, the pages and the
 * API) carry their id and values instead of words (decision 104): `keyed("validation.text.tooLong",
 * { max: 100 })` is the text `@@validation.text.tooLong{"max":100}`. Whoever shows it resolves it
 * in the reader's language: the form reply and the toast on the server (English for the API), the
 * forms' own checks in the browser. A `label` value may itself be keyed (a field's name), and so
 * may a `reason` (a model's refusal inside a sentence that names what it refuses); both are
 * resolved first. Any other value is shown as written. Text that is not keyed passes through.
 */

export type KeyedValues = Record<string, string | number>;

const MARK = "@@";
const KEYED = /^@@([a-z][a-z0-9]*\.[A-Za-z0-9_.-]+)(\{[\s\S]*\})?$/;

/** A message by id, resolved later in the reader's language. */
export function keyed(id: MessageId, values?: KeyedValues): string {
  return values ? `${MARK}${id}${JSON.stringify(values)}` : `${MARK}${id}`;
}

export const isKeyed = (text: string) => text.startsWith(MARK) && KEYED.test(text);

/** The id and values of a keyed text; null for any other text (or a malformed one). */
export function parseKeyed(text: string): { id: MessageId; values: KeyedValues } | null {
  if (!text.startsWith(MARK)) return null;
  const match = KEYED.exec(text);
  if (!match) return null;
  let values: KeyedValues = {};
  if (match[2]) {
    try {
      const parsed: unknown = JSON.parse(match[2]);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
      values = parsed as KeyedValues;
    } catch {
      return null;
    }
  }
  return { id: match[1] as MessageId, values };
}

/** The values that may themselves be keyed. */
const NESTED = new Set(["label", "reason"]);

/** Nesting deeper than any message here uses: a hostile text cannot recurse without end. */
const MAX_DEPTH = 4;

/** The text in the reader's words: a keyed text translated (its keyed values first), else as is. */
export function resolveKeyed(text: string, t: Translate, depth = 0): string {
  const parsed = depth < MAX_DEPTH ? parseKeyed(text) : null;
  if (!parsed) return text;
  // Only a label and a reason are resolved: other values (what a person typed) are shown as
  // written, even when they look like a keyed text.
  const values = Object.fromEntries(
    Object.entries(parsed.values).map(([name, value]) => [
      name,
      NESTED.has(name) && typeof value === "string" ? resolveKeyed(value, t, depth + 1) : value,
    ]),
  );
  return t(parsed.id, values);
}

/** Every message of a form's errors resolved: `{ name: message }` or `{ name: [messages] }`. */
export function resolveErrors<E extends Record<string, string | string[] | null | undefined>>(
  errors: E,
  resolve: (text: string) => string,
): E {
  return Object.fromEntries(
    Object.entries(errors).map(([name, messages]) => [
      name,
      Array.isArray(messages)
        ? messages.map(resolve)
        : typeof messages === "string"
          ? resolve(messages)
          : messages,
    ]),
  ) as E;
}
