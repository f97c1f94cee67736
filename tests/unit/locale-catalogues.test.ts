import fs from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SOURCES } from "~/models/locale/catalog.server";
import { AREAS, LANGUAGES } from "~/models/locale/language";

/*
 * The catalogues (decision 101): every language has every key of every area, with the same
 * placeholders and tags; every message compiles; every key is used in the code, written whole.
 */
const ROOT = path.resolve(__dirname, "../..");
const LOCALES = path.join(ROOT, "app/locales");

/** The placeholder names and <n> tags of a message, sorted. */
function slots(message: string): string[] {
  const found = new Set<string>();
  // Compiled, a message is text or a list of tokens: text, or [name, type?, format?], where a
  // plural's or select's format holds its branches, each a list of tokens again.
  const walk = (tokens: unknown): void => {
    for (const token of typeof tokens === "string" ? [tokens] : (tokens as unknown[])) {
      if (typeof token === "string") {
        for (const tag of token.matchAll(/<\/?(\d+)\s*\/?>/g)) found.add(`<${tag[1]}>`);
      } else if (Array.isArray(token)) {
        found.add(`{${String(token[0])}}`);
        if (token[2] && typeof token[2] === "object")
          for (const branch of Object.values(token[2] as Record<string, unknown>))
            if (typeof branch === "string" || Array.isArray(branch)) walk(branch);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...found].sort();
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe("the catalogues", () => {
  it("are the files on disk, one per language and area", () => {
    for (const language of LANGUAGES) {
      const files = fs.readdirSync(path.join(LOCALES, language)).sort();
      expect(files, language).toEqual(AREAS.map((area) => `${area}.json`).sort());
      for (const area of AREAS) {
        const onDisk: unknown = JSON.parse(
          fs.readFileSync(path.join(LOCALES, language, `${area}.json`), "utf8"),
        );
        expect(SOURCES[language][area], `${language}/${area}`).toEqual(onDisk);
      }
    }
    expect(fs.readdirSync(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  it("give every key in every language, with the same placeholders and tags", () => {
    const problems: string[] = [];
    for (const area of AREAS) {
      const english = SOURCES.en[area];
      for (const language of LANGUAGES) {
        const catalogue = SOURCES[language][area];
        for (const key of Object.keys(english))
          if (!(key in catalogue)) problems.push(`${language}: ${area}.${key} is missing`);
        for (const key of Object.keys(catalogue)) {
          if (!(key in english)) {
            problems.push(`${language}: ${area}.${key} is not in English`);
            continue;
          }
          const message = catalogue[key]!;
          if (message.trim() === "") problems.push(`${language}: ${area}.${key} is empty`);
          let mine: string[];
          try {
            mine = slots(message);
          } catch (error) {
            problems.push(`${language}: ${area}.${key} does not compile: ${String(error)}`);
            continue;
          }
          const theirs = slots(english[key]!);
          if (mine.join() !== theirs.join())
            problems.push(
              `${language}: ${area}.${key} has ${mine.join()} where English has ${theirs.join()}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("hold no key the code does not use, each written whole", () => {
    // The server's own refusals (server/app.ts) speak by key too.
    const code = [...sourceFiles(path.join(ROOT, "app")), ...sourceFiles(path.join(ROOT, "server"))]
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    const unused = AREAS.flatMap((area) =>
      Object.keys(SOURCES.en[area])
        .map((key) => `${area}.${key}`)
        .filter(
          (id) =>
            !code.includes(`"${id}"`) && !code.includes(`'${id}'`) && !code.includes(`\`${id}\``),
        ),
    );
    expect(unused).toEqual([]);
  });
});

describe("the slots of a message", () => {
  it("are its placeholders, plural variables and tags", () => {
    expect(
      slots("Hello <0>{name}</0>, {count, plural, one {# asset in {album}} other {# assets}}"),
    ).toEqual(["<0>", "{album}", "{count}", "{name}"]);
    expect(slots("Plain")).toEqual([]);
  });
});
