import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SOURCES } from "~/models/locale/catalog.server";
import { formatCompiled } from "~/models/locale/interpret";
import { AREAS, LANGUAGES } from "~/models/locale/language";

/*
 * Our interpreter of compiled messages (decision 102) answers as Lingui's own runtime does, on
 * every message of every catalogue and on the message forms the catalogues may come to use.
 */

/** The placeholders of a compiled message, each with whether it selects a plural. */
function placeholders(tokens: unknown, found = new Map<string, string>()) {
  if (!Array.isArray(tokens)) return found;
  for (const token of tokens as unknown[]) {
    if (!Array.isArray(token)) continue;
    const [name, type, format] = token as [string, string?, unknown?];
    found.set(name, type ?? "");
    if (format && typeof format === "object")
      for (const branch of Object.values(format)) placeholders(branch, found);
  }
  return found;
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 101, 1.5, 1234567];
const SAMPLES = ["Oslo", "", "<0>x</0>", "a # b"];

function compare(message: string, language: string) {
  const compiled = compileMessageOrThrow(message);
  const lingui = setupI18n({ locale: language, messages: { [language]: { id: compiled } } });
  const names = placeholders(compiled);
  const runs: Record<string, unknown>[] = [{}];
  for (const [name, type] of names) {
    const options: unknown[] =
      type === "plural" || type === "selectordinal" || type === "number" ? COUNTS : SAMPLES;
    const next: Record<string, unknown>[] = [];
    for (const run of runs.slice(0, 40))
      for (const value of options) next.push({ ...run, [name]: value });
    runs.splice(0, runs.length, ...next);
  }
  for (const values of runs)
    expect(
      formatCompiled(compiled, values, language),
      `${message} with ${JSON.stringify(values)}`,
    ).toBe(lingui._("id", values));
}

describe("the interpreter of compiled messages", () => {
  it("answers as Lingui's runtime on every message of every catalogue", () => {
    let checked = 0;
    for (const language of LANGUAGES)
      for (const area of AREAS)
        for (const message of Object.values(SOURCES[language][area])) {
          compare(message, language);
          checked++;
        }
    expect(checked).toBeGreaterThan(100);
  });

  it.each([
    ["Plain text", "en"],
    ["Hello {name}, <0>see</0> {place}", "en"],
    ["{count, plural, one {# asset} other {# assets}}", "en"],
    ["{count, plural, =0 {no assets} one {# asset} other {# assets}}", "nb"],
    [
      "{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}",
      "en",
    ],
    ["{count, plural, one {# Asset in {album}} other {# Assets in {album}}}", "de"],
    ["{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", "en"],
    ["{kind, select, folder {the folder {name}} other {the archive {name}}}", "nb"],
    ["{count, plural, one {{kind, select, a {# a} other {# b}}} other {# c}}", "en"],
    ["{share, number, percent} done", "de"],
    ["{size, number}", "nb"],
  ])("%s (%s)", (message, language) => compare(message, language));
});
