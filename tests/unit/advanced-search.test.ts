import { inEnglish } from "../helpers/keyed";
import { describe, expect, it } from "vitest";
import {
  advancedSearchDefaults,
  advancedSearchExpressions,
  advancedSearchPageHref,
  advancedSearchParams,
  advancedSearchTarget,
  hasAdvancedParams,
  parseAdvancedSearch,
  parseAdvancedSubmission,
  searchTargetFrom,
  searchTerm,
  type AdvancedSearch,
} from "~/models/search/advanced-search.schema";

const parse = (query: string) => parseAdvancedSearch(new URLSearchParams(query));

function valueOf(query: string): AdvancedSearch {
  const result = parse(query);
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

function errorsOf(query: string): Record<string, string[]> {
  const result = parse(query);
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result.value)}`);
  return Object.fromEntries(
    Object.entries(result.errors).map(([name, messages]) => [name, messages.map(inEnglish)]),
  );
}

const expressions = (query: string) => advancedSearchExpressions(valueOf(query));

describe("parseAdvancedSearch", () => {
  it("accepts an empty search, and empty inputs as a no-JS form sends them", () => {
    const empty = { q: [], ranges: {}, criteria: [] };
    expect(valueOf("")).toMatchObject(empty);
    expect(valueOf("q=&dt=&o=&cs=&fsf=&fst=&criteria[0].field=&criteria[0].value=")).toMatchObject(
      empty,
    );
  });

  it("reads every parameter", () => {
    const value = valueOf(
      [
        "q=sunset",
        "dt=image",
        "o=portrait",
        "cs=cmyk",
        "ms=little",
        // The list's sort order, not an advanced parameter (decision 018).
        "s=name",
        "fsf=1",
        "fst=2.5",
        "pwf=800",
        "pwt=1600",
        "phf=600",
        "pht=1200",
        "mtf=2020-01-01",
        "mtt=2020-12-31",
        "itf=2019-01-01",
        "itt=2019-06-30",
        "rtf=2021-02-03",
        "rtt=2021-02-04",
        "ctf=1999-12-31",
        "ctt=2000-01-01",
        "criteria[0].field=25",
        "criteria[0].value=New York",
      ].join("&"),
    );
    expect(value).toEqual({
      q: ["sunset"],
      dt: "image",
      o: "portrait",
      cs: "cmyk",
      ms: "little",
      ranges: {
        fsf: 1,
        fst: 2.5,
        pwf: 800,
        pwt: 1600,
        phf: 600,
        pht: 1200,
        mtf: "2020-01-01",
        mtt: "2020-12-31",
        itf: "2019-01-01",
        itt: "2019-06-30",
        rtf: "2021-02-03",
        rtt: "2021-02-04",
        ctf: "1999-12-31",
        ctt: "2000-01-01",
      },
      criteria: [{ field: 25, value: "New York" }],
    });
  });

  it("refuses values outside their lists, by field", () => {
    expect(errorsOf("dt=photo&o=square&cs=lab&ms=lots")).toEqual({
      dt: ["Choose a document type from the list."],
      o: ["Choose an orientation from the list."],
      cs: ["Choose a colour space from the list."],
      ms: ["Choose a metadata status from the list."],
    });
  });

  it("clamps sizes and pixels between 0 and the maximum", () => {
    const value = valueOf("fsf=0&fst=99999999999&pwt=123456789012345678901234567890&pht=0");
    expect(value.ranges).toEqual({ fsf: 0, fst: 2097151, pwt: 1_000_000, pht: 0 });
  });

  it("rounds sizes to 2 decimals in MB", () => {
    expect(valueOf("fsf=1.234&fst=1.235").ranges).toEqual({ fsf: 1.23, fst: 1.24 });
    expect(valueOf("fsf=.5&fst=3.").ranges).toEqual({ fsf: 0.5, fst: 3 });
  });

  it("takes digits only for pixels and a decimal for sizes", () => {
    const errors = errorsOf("pwf=12px&pwt=-5&phf=1.5&fsf=1,5&fst=1e3");
    expect(Object.keys(errors).sort()).toEqual(["fsf", "fst", "phf", "pwf", "pwt"]);
    expect(errors["pwf"]).toEqual([
      "Pixel width from: enter a whole number of pixels using digits only.",
    ]);
    expect(errors["fsf"]![0]).toMatch(/^File size from \(MB\): enter a number of MB/);
  });

  it("takes dates as YYYY-MM-DD, real, and not before 1900-01-01", () => {
    expect(errorsOf("mtf=01/02/2020&mtt=2020-02-30&ctf=1899-12-31&rtf=2020-1-1")).toEqual({
      mtf: ["Modified date from: enter a date as YYYY-MM-DD."],
      mtt: ["Modified date to: 2020-02-30 is not a date in the calendar."],
      ctf: ["Camera date from: enter a date on or after 1900-01-01."],
      rtf: ["Release date from: enter a date as YYYY-MM-DD."],
    });
    expect(valueOf("ctf=1900-01-01&ctt=2024-02-29").ranges).toEqual({
      ctf: "1900-01-01",
      ctt: "2024-02-29",
    });
  });

  it("puts from > to on the to field, for every range, all at once", () => {
    const errors = errorsOf(
      "fsf=5&fst=2&pwf=900&pwt=800&phf=2&pht=1&mtf=2020-02-01&mtt=2020-01-01&itf=2001-01-02&itt=2001-01-01&rtf=2020-01-02&rtt=2020-01-01&ctf=2020-12-31&ctt=2020-01-01&dt=nope",
    );
    expect(Object.keys(errors).sort()).toEqual(
      ["ctt", "dt", "fst", "itt", "mtt", "pht", "pwt", "rtt"].sort(),
    );
    expect(errors["fst"]).toEqual(["File size to (MB) must not be less than the from value (5)."]);
    expect(errors["ctt"]).toEqual([
      "Camera date to must not be before the from date (2020-12-31).",
    ]);
  });

  it("compares after clamping, and lets from equal to", () => {
    expect(valueOf("fsf=3000000&fst=2097151").ranges).toEqual({ fsf: 2097151, fst: 2097151 });
    expect(valueOf("mtf=2020-01-01&mtt=2020-01-01").ranges).toEqual({
      mtf: "2020-01-01",
      mtt: "2020-01-01",
    });
  });

  it("drops image attributes when the document type is set and is not image", () => {
    const value = valueOf("dt=document&o=portrait&cs=rgb&pwf=800&pwt=100&phf=x&fsf=1");
    expect(value).toMatchObject({ dt: "document", ranges: { fsf: 1 } });
    expect(value.o).toBeUndefined();
    expect(value.cs).toBeUndefined();
    expect(valueOf("dt=image&o=portrait").o).toBe("portrait");
    expect(valueOf("o=landscape").o).toBe("landscape");
  });

  it("reads criteria rows, drops rows without a value, and needs a known field", () => {
    const value = valueOf(
      "criteria[0].field=5&criteria[0].value=sunset&criteria[1].field=25&criteria[1].value=&criteria[2].field=&criteria[2].value=",
    );
    expect(value.criteria).toEqual([{ field: 5, value: "sunset" }]);
    expect(
      errorsOf(
        "criteria[0].field=&criteria[0].value=x&criteria[1].field=999&criteria[1].value=y&criteria[2].field=abc&criteria[2].value=z",
      ),
    ).toEqual({
      "criteria[0].field": ["Choose the field to search in for this value."],
      "criteria[1].field": ["Choose a field from the list."],
      "criteria[2].field": ["Choose a field from the list."],
    });
  });

  it("renumbers sparse rows in index order", () => {
    const value = valueOf(
      "criteria[7].field=25&criteria[7].value=b&criteria[02].field=5&criteria[02].value=a",
    );
    expect(value.criteria).toEqual([
      { field: 5, value: "a" },
      { field: 25, value: "b" },
    ]);
  });

  it("keeps every q untouched", () => {
    expect(valueOf("q=  a OR (b  &q=5:x").q).toEqual(["  a OR (b  ", "5:x"]);
  });
});

describe("hostile input", () => {
  it("refuses 10 000 criteria rows with one message", () => {
    const params = new URLSearchParams();
    for (let i = 0; i < 10_000; i++) {
      params.append(`criteria[${i}].field`, "25");
      params.append(`criteria[${i}].value`, `word${i}`);
    }
    expect(errorsOf(params.toString())).toEqual({
      criteria: ["Search in at most 20 metadata criteria at once: remove some rows."],
    });
  });

  it("accepts exactly 20 rows", () => {
    const params = new URLSearchParams();
    for (let i = 0; i < 20; i++) {
      params.append(`criteria[${i}].field`, "25");
      params.append(`criteria[${i}].value`, `w${i}`);
    }
    const result = parseAdvancedSearch(params);
    expect(result.ok && result.value.criteria.length).toBe(20);
  });

  it("does not build an array from a huge row index", () => {
    const started = performance.now();
    const value = valueOf(
      "criteria[999999999999999999999].field=5&criteria[999999999999999999999].value=x",
    );
    expect(performance.now() - started).toBeLessThan(200);
    expect(value.criteria).toEqual([{ field: 5, value: "x" }]);
  });

  it("refuses overlong text and too many texts", () => {
    expect(errorsOf(`q=${"a".repeat(1001)}`)).toEqual({
      q: ["The search text can be at most 1000 characters long."],
    });
    expect(errorsOf(`criteria[0].field=5&criteria[0].value=${"b".repeat(1001)}`)).toEqual({
      "criteria[0].value": ["A value can be at most 1000 characters long."],
    });
    expect(errorsOf(Array.from({ length: 50 }, (_, i) => `q=t${i}`).join("&"))).toEqual({
      q: ["Search with at most 10 texts at once."],
    });
  });

  it("takes the first of a repeated single parameter and ignores unknown ones", () => {
    expect(valueOf("dt=image&dt=movie&sort=name&__proto__=x&constructor=y")).toMatchObject({
      dt: "image",
    });
  });

  it("ignores Conform intents in a URL", () => {
    const intent = encodeURIComponent(
      JSON.stringify({ type: "insert", payload: { name: "criteria" } }),
    );
    expect(parse(`__intent__=${intent}&q=x`).ok).toBe(true);
  });
});

describe("advancedSearchExpressions", () => {
  it("maps each parameter to the API's expression language", () => {
    expect(
      expressions(
        "q=sunset&dt=image&o=portrait&cs=cmyk&fsf=1&fst=2&pwf=800&mtf=2020-01-01&mtt=2020-12-31&pht=600&ctt=2021-06-30&itf=2019-01-01&rtf=2018-01-01&rtt=2018-02-01",
      ),
    ).toEqual([
      "sunset",
      "dt:image",
      "o:portrait",
      "cs:cmyk",
      "fs:1048576 TO 2097152",
      "pw:800 TO *",
      "ph:* TO 600",
      "mt:2020-01-01 TO 2020-12-31",
      "it:2019-01-01 TO *",
      "rt:2018-01-01 TO 2018-02-01",
      "ct:* TO 2021-06-30",
    ]);
  });

  it("sends sizes in whole bytes (MB × 1048576)", () => {
    expect(expressions("fsf=0.5&fst=2097151")).toEqual(["fs:524288 TO 2199022206976"]);
    expect(expressions("fsf=0.01")).toEqual(["fs:10486 TO *"]);
  });

  it("leaves q untouched", () => {
    expect(expressions('q=a AND (b OR "c d")')).toEqual(['a AND (b OR "c d")']);
  });

  it("quotes values with spaces and escapes quotes and backslashes", () => {
    expect(
      expressions(
        `criteria[0].field=25&criteria[0].value=New York&criteria[1].field=5&criteria[1].value=${encodeURIComponent('say "hi" \\ bye')}`,
      ),
    ).toEqual(['25:"New York"', '5:"say \\"hi\\" \\\\ bye"']);
    expect(searchTerm('a"b')).toBe('"a\\"b"');
    expect(searchTerm("a\\b")).toBe('"a\\\\b"');
    expect(searchTerm("sun*")).toBe("sun*");
    expect(searchTerm("OR")).toBe('"OR"');
    expect(searchTerm("a:b")).toBe('"a:b"');
    expect(searchTerm("(x)")).toBe('"(x)"');
  });

  it("ORs values of one field and ANDs fields, as FotoWare's extended search", () => {
    expect(
      expressions(
        "criteria[0].field=25&criteria[0].value=foo&criteria[1].field=5&criteria[1].value=hello&criteria[2].field=25&criteria[2].value=bar",
      ),
    ).toEqual(["(25:foo OR 25:bar)", "5:hello"]);
  });

  it("maps the metadata status to ms:, and adds nothing for the sort order", () => {
    expect(expressions("ms=none&s=-added")).toEqual(["ms:none"]);
    expect(expressions("q=boat&ms=little")).toEqual(["boat", "ms:little"]);
  });

  it("adds no image attribute when the document type is not image", () => {
    expect(expressions("dt=movie&o=portrait&pwf=10")).toEqual(["dt:movie"]);
  });
});

describe("advancedSearchParams", () => {
  it("writes a tidy, canonical query that reads back the same", () => {
    const value = valueOf(
      "q=x&dt=&fsf=1.234&fst=99999999&pwf=0800&criteria[3].field=25&criteria[3].value= a b &criteria[9].field=5&criteria[9].value=",
    );
    const params = advancedSearchParams(value);
    expect(params.toString()).toBe(
      "q=x&fsf=1.23&fst=2097151&pwf=800&criteria%5B0%5D.field=25&criteria%5B0%5D.value=a+b",
    );
    expect(valueOf(params.toString())).toEqual(value);
  });
});

describe("hasAdvancedParams", () => {
  it("is true for any advanced parameter with a value, and not for q alone", () => {
    expect(hasAdvancedParams(new URLSearchParams("q=x"))).toBe(false);
    expect(hasAdvancedParams(new URLSearchParams("q=x&dt=&fsf="))).toBe(false);
    expect(hasAdvancedParams(new URLSearchParams("page=2&s=name"))).toBe(false);
    for (const key of ["dt", "cs", "o", "ms", "fsf", "fst", "phf", "pht", "pwf", "pwt"])
      expect(hasAdvancedParams(new URLSearchParams(`${key}=1`)), key).toBe(true);
    for (const key of ["mtf", "mtt", "itf", "itt", "rtf", "rtt", "ctf", "ctt"])
      expect(hasAdvancedParams(new URLSearchParams(`${key}=2020-01-01`)), key).toBe(true);
    expect(hasAdvancedParams(new URLSearchParams("criteria[0].value=x"))).toBe(true);
  });
});

describe("the form's helpers", () => {
  it("refills from a URL as typed", () => {
    expect(
      advancedSearchDefaults(
        new URLSearchParams("q=a&q=b&dt=image&fst=abc&criteria[5].field=25&criteria[5].value=x"),
      ),
    ).toEqual({
      q: ["a", "b"],
      values: { dt: "image", fst: "abc" },
      criteria: [{ field: "25", value: "x" }],
    });
  });

  it("applies a row intent without JavaScript", () => {
    const intent = JSON.stringify({ type: "insert", payload: { name: "criteria" } });
    const submission = parseAdvancedSubmission(
      new URLSearchParams({
        "criteria[0].field": "5",
        "criteria[0].value": "x",
        __intent__: intent,
      }),
    );
    expect(submission.status).toBeUndefined();
    const reply = submission.reply();
    expect((reply.initialValue as { criteria: unknown[] }).criteria).toHaveLength(2);
  });

  it("links the page with the collection and only the search's own parameters", () => {
    const href = advancedSearchPageHref(
      "/fotoweb/archives/5000-A/",
      new URLSearchParams("q=x&page=2&dt=&criteria[0].field=5&criteria[0].value="),
    );
    const url = new URL(href, "http://arkiv.invalid");
    expect(url.pathname).toBe("/fotoweb/views/advanced-search");
    expect([...url.searchParams]).toEqual([
      ["to", "/fotoweb/archives/5000-A/"],
      ["q", "x"],
      ["criteria[0].field", "5"],
      ["criteria[0].value", ""],
    ]);
  });

  it("searches the current archive, or all archives", () => {
    expect(advancedSearchTarget("/fotoweb/archives/5000-Photos/")).toBe(
      "/fotoweb/archives/5000-Photos/",
    );
    expect(advancedSearchTarget("/fotoweb/archives/")).toBe("/fotoweb/archives/");
    expect(advancedSearchTarget("/fotoweb/albums/")).toBe("/fotoweb/archives/");
    expect(advancedSearchTarget("/fotoweb/archives/5000-Photos/x/")).toBe("/fotoweb/archives/");
  });

  it("takes only same-site archive paths as `to`", () => {
    expect(searchTargetFrom(null)).toBe("/fotoweb/archives/");
    expect(searchTargetFrom("/fotoweb/archives/5000-A/?q=x")).toBe("/fotoweb/archives/5000-A/");
    for (const bad of [
      "https://evil.example/fotoweb/archives/",
      "//evil.example/fotoweb/archives/",
      "/fotoweb/views/login",
      "/fotoweb/archives/../views/login",
      "/fotoweb/archives/a/b/",
      "javascript:alert(1)",
      "",
    ])
      expect(searchTargetFrom(bad), bad).toBeNull();
  });
});
