import { describe, expect, test } from "vitest";
import { aclCell, parseCsv, pathCell, toCsv } from "~/models/taxonomy/taxonomy-csv";
import { taxonomyItemSchema, valueFromName } from "~/models/taxonomy/taxonomy.schema";
import { pagingView } from "~/models/taxonomy/taxonomy.view";
import { inEnglish } from "../helpers/keyed";

/* The taxonomy CSV format, the item schema's value rule, and paging links (decision 059). */

describe("CSV", () => {
  test("quotes, doubled quotes, CRLF and line breaks inside a field round-trip", () => {
    const rows = [
      ["path", "name"],
      ["A > B", 'say "hi", then\nleave'],
    ];
    const parsed = parseCsv(toCsv(rows));
    expect(parsed.ok && parsed.rows.map((r) => r.fields)).toEqual(rows);
    expect(parsed.ok && parsed.rows.map((r) => r.line)).toEqual([1, 2]);
  });

  test("an unclosed quote names its line; blank lines are skipped", () => {
    const unclosed = parseCsv('a\n\nb,"c');
    expect(unclosed.ok).toBe(false);
    expect(!unclosed.ok && inEnglish(unclosed.message)).toBe(
      "Line 3: a quoted field is never closed.",
    );
    const parsed = parseCsv("\ufeffa,b\r\n\r\n1,2");
    expect(parsed.ok && parsed.rows.map((r) => r.fields)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  test("formula cells get a leading quote, which reading takes off (issue 29)", () => {
    const values = [
      "=1+1",
      "+1",
      "-1",
      "@SUM(A1)",
      "\tTAB",
      "\r=CR",
      "'=x",
      "''+y",
      "'plain",
      "a=b",
      "",
    ];
    const csv = toCsv([values]);
    expect(csv).toBe(`'=1+1,'+1,'-1,'@SUM(A1),'\tTAB,"'\r=CR",''=x,'''+y,'plain,a=b,\r\n`);
    const parsed = parseCsv(csv);
    expect(parsed.ok && parsed.rows[0]!.fields).toEqual(values);
    // A file written by hand, unguarded, is read as it is.
    const hand = parseCsv("=SUM(A1),+1,'x\n");
    expect(hand.ok && hand.rows[0]!.fields).toEqual(["=SUM(A1)", "+1", "'x"]);
  });

  test("path and ACL cells", () => {
    expect(pathCell(" Animals >Cats ")).toEqual(["Animals", "Cats"]);
    expect(pathCell("")).toEqual([]);
    expect(aclCell("Set; Query,Navigate")).toEqual(["Set", "Query", "Navigate"]);
  });
});

describe("items", () => {
  test("the value follows the name without < and >; both required after trimming", () => {
    expect(valueFromName(" <b>Cats</b> ")).toBe("bCats/b");
    expect(taxonomyItemSchema.parse({ name: " Cats " })).toMatchObject({
      name: "Cats",
      value: "Cats",
    });
    expect(taxonomyItemSchema.safeParse({ name: "  " }).success).toBe(false);
    expect(taxonomyItemSchema.safeParse({ name: "<>" }).success).toBe(false);
    expect(taxonomyItemSchema.safeParse({ name: "x", acl: ["Fly"] }).success).toBe(false);
  });
});

describe("paging", () => {
  test("an object on one page too; matrix pages from 0 with the query kept", () => {
    expect(pagingView("/t/", 0, 5, 100)).toEqual({
      first: "/t/;p=0",
      last: "/t/;p=0",
      next: null,
      prev: null,
    });
    expect(pagingView("/t/", 1, 250, 100, "q=a")).toEqual({
      first: "/t/;p=0?q=a",
      last: "/t/;p=2?q=a",
      next: "/t/;p=2?q=a",
      prev: "/t/;p=0?q=a",
    });
  });
});
