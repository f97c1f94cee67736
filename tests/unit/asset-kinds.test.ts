import { describe, expect, it } from "vitest";
import {
  COLOR_SPACE_CHOICES,
  COLOR_SPACE_WORDS,
  COLOR_SPACES,
  DOCUMENT_TYPE_SYNONYMS,
  DOCUMENT_TYPES,
  LISTED_COLOR_SPACE_WORDS,
} from "~/models/asset/asset-kinds";
import {
  advancedSearchExpressions,
  COLOR_SPACES as ADVANCED_COLOR_SPACES,
  DOCUMENT_TYPES as ADVANCED_DOCUMENT_TYPES,
} from "~/models/search/advanced-search.schema";
import { parseSearchExpression } from "~/models/search/search-expression";
import { inEnglish } from "../helpers/keyed";

/*
 * One list of document types and one of colour spaces (issue 13): what ingest stores, what the
 * search language reads and what the advanced search offers must agree.
 */

function parsed(expression: string) {
  const result = parseSearchExpression(expression);
  if (!result.ok) throw new Error(`${expression}: ${result.message}`);
  return result.node;
}

describe("document types", () => {
  it("dt: reads every stored document type as itself, and the synonyms as theirs", () => {
    for (const type of DOCUMENT_TYPES)
      expect(parsed(`dt:${type}`)).toEqual({ kind: "docType", value: type });
    for (const [word, type] of Object.entries(DOCUMENT_TYPE_SYNONYMS))
      expect(parsed(`dt:${word}`)).toEqual({ kind: "docType", value: type });
  });

  it("the advanced search offers exactly the stored document types", () => {
    expect(ADVANCED_DOCUMENT_TYPES).toEqual(DOCUMENT_TYPES);
  });
});

describe("colour spaces", () => {
  it("cs: reads every word into stored colour spaces only, and finds each stored one by name", () => {
    for (const [word, spaces] of Object.entries(COLOR_SPACE_WORDS)) {
      const node = parsed(`cs:${word}`);
      expect(node).toEqual({ kind: "colorSpace", values: [...spaces] });
      for (const space of spaces) expect(COLOR_SPACES).toContain(space);
    }
    for (const space of COLOR_SPACES)
      expect(parsed(`cs:${space}`)).toEqual({ kind: "colorSpace", values: [space] });
  });

  it("each advanced-search choice is a cs: word that finds stored colour spaces", () => {
    expect(ADVANCED_COLOR_SPACES).toEqual(COLOR_SPACE_CHOICES);
    for (const choice of COLOR_SPACE_CHOICES) {
      const [expression] = advancedSearchExpressions({
        q: [],
        cs: choice,
        ranges: {},
        criteria: [],
      });
      expect(expression).toBe(`cs:${choice}`);
      const node = parsed(expression!);
      expect(node.kind === "colorSpace" && node.values.length > 0).toBe(true);
    }
  });

  it("an unknown colour space's error lists only words cs: accepts", () => {
    const result = parseSearchExpression("cs:hsl");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(inEnglish(result.message)).toContain(
      `Use one of: ${LISTED_COLOR_SPACE_WORDS.join(", ")}.`,
    );
    for (const word of LISTED_COLOR_SPACE_WORDS) expect(COLOR_SPACE_WORDS).toHaveProperty([word]);
  });
});
